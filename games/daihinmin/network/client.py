"""A UECda client: any `Player` on a UECda server (ours or the C ``tndhms``).

`run_client` connects, sends the profile, and follows the server's messages (RULES.md §3.2):
it builds the player's `Deal` from each deal table and its `Observation` from each hand table,
calls ``play`` on its own turns and sends the submission, and turns every field table into a
`MoveResult` for ``observe``.  What the tables do not say directly is tracked from them: who
has passed in this trick, who has finished, every card played (a move was accepted iff the
mover's card count dropped).

A hook of the player that raises is recorded in `MatchResult.faults` and the client goes on
(a failed play is a pass), as `~games.daihinmin.rules.match.Match` does in-process.

A server that misbehaves ends the run with a `~games.daihinmin.network.protocol.ProtocolError`
that says what it sent and where, never a crash or a hang: a table whose cells are out of
range (a turn that is no player, card counts beyond the deck, seats that are no seating), a
move the tables contradict (a count that drops while the field shows no cards, a player who
finishes twice), an ack or game-over flag the protocol does not have, a game longer than the
rules allow (`MAX_TURNS`), a server that closes the connection
(`~games.daihinmin.network.protocol.ConnectionLostError`) or sends nothing for ``timeout``
seconds (`~games.daihinmin.network.protocol.ProtocolTimeoutError`).

Points come from the finishing order as the client sees it.  In a game ended by the 20-pass
rule the server ranks the players left at random without telling them; their order is then
taken from the next game's deal table (if it shows ranks), else they are ranked in seat order.

See `games.daihinmin.network.server` for an example run.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from games.daihinmin.network.protocol import PROTOCOL_20070, Connection, ProtocolError, connect
from games.daihinmin.network.table import (
    Table,
    TableError,
    TableState,
    exchange_table,
    read_field,
    read_hand,
    read_state,
    submission_table,
)
from games.daihinmin.rules.engine import MoveResult, Rules
from games.daihinmin.rules.match import Fault, MatchResult
from games.daihinmin.rules.melds import PASS, Illegal, Kind, Meld
from games.daihinmin.rules.observation import Deal, Observation
from games.daihinmin.rules.player import Player

__all__ = ["MAX_TURNS", "ClientResult", "run_client"]

_DEVKIT_RULES = Rules()

POINTS = (5, 4, 3, 2, 1)

MAX_TURNS = 2_000
"""The most hand tables a game may bring: every accepted play takes a card from the 53, and 20
refused or passed submissions in a row end the game (the 20-pass rule), so a game has at most
53 + 20 * 54 = 1,133 turns; a server that goes on past this bound is not playing the game."""

_DECK = 53
_ACKS = (8, 9)
_FLAGS = (0, 1, 2)


@attrs.define
class ClientResult(MatchResult):
    """A finished run seen from client `player`: a `MatchResult` (points and ranks of all five
    players as the client saw them; ``rejected[player]`` counts its submissions the server
    refused, passes not counted, the other players' are unknown: 0; ``stalled`` counts the
    games ended by the 20-pass rule)."""

    player: int = -1

    @property
    def match(self) -> MatchResult:
        """The run as a plain `MatchResult` (this object)."""
        return self

    @property
    def own_rejected(self) -> int:
        """This client's refused submissions."""
        return self.rejected[self.player]


class _Game:
    """What the client knows of the game in progress."""

    def __init__(self, me: int, number: int, deal: Deal, rules: Rules) -> None:
        self.me = me
        self.number = number
        self.ranks = deal.ranks
        self.seats = deal.seats
        self.rules = rules
        self.field: Meld | None = None
        self.passed = 0
        self.finished: list[int] = []
        self.played = 0
        self.last_player = -1

    def observation(self, hand_t: Table, state: TableState) -> Observation:
        if self.last_player < 0:
            self.last_player = state.turn
        if state.empty_field and self.field is not None:  # the field was cleared
            self.field = None
            self.last_player = state.turn
        return Observation(
            self.me,
            read_hand(hand_t),
            self.field,
            state.revolution,
            state.lock,
            state.counts,
            state.seats,
            self.ranks,
            self.passed,
            tuple(self.finished),
            self.played,
            self.last_player,
            self.number,
            state.turn,
        )

    def move(
        self, before: Observation, field_t: Table, over: bool, reason: str | None
    ) -> MoveResult:
        """The move shown by `field_t`, after the hand table `before`."""
        after = read_state(field_t)
        mover = after.turn
        shown = read_field(field_t)
        accepted = after.counts[mover] < before.counts[mover]
        finished = accepted and after.counts[mover] == 0
        cleared = False
        if accepted:
            if shown is None:
                raise ProtocolError(
                    f"the field table of game {self.number} shows no cards though player "
                    f"{mover}'s card count dropped from {before.counts[mover]} to "
                    f"{after.counts[mover]}"
                )
            if finished and mover in self.finished:
                raise ProtocolError(
                    f"the field table of game {self.number} has player {mover} finish twice"
                )
            if before.field is not None and before.field.kind == Kind.JOKER:
                cleared = True  # the 3 of spades on the lone joker
            elif self.rules.eight_cut and shown.has_eight and shown.kind != Kind.JOKER:
                cleared = True
            self.played |= shown.hand_cards
            self.last_player = mover
            if finished:
                self.finished.append(mover)
        else:
            self.passed |= 1 << mover
        holding = sum(1 for c in after.counts if c)
        if self.passed.bit_count() >= holding:
            cleared = True
        if cleared:
            self.passed = 0
        self.field = shown
        meld = shown if accepted and shown is not None else PASS
        return MoveResult(
            mover,
            meld,
            accepted,
            reason,
            shown,
            cleared and not over,
            finished,
            over,
            after.lock,
            after.revolution,
        )

    def ranking(self) -> list[int]:
        rest = [p for p in self.seats if p not in self.finished]
        return self.finished + rest


def _checked(table: Table, what: str, *, deal: bool = False) -> TableState:
    """The state of a server table, or `ProtocolError` if its cells are out of range."""
    state = read_state(table)
    problem = None
    if any(not 0 <= c <= _DECK for c in state.counts) or sum(state.counts) > _DECK:
        problem = f"card counts {list(state.counts)} (a deck has {_DECK} cards)"
    elif sorted(state.seats) != [0, 1, 2, 3, 4]:
        problem = f"seats {list(state.seats)} (each of the players 0-4 in one seat)"
    elif deal and not -2 <= state.give <= 2:
        problem = f"{state.give} cards to give (0, 1 or 2; -1 and -2 under protocol 20140)"
    elif not deal and not 0 <= state.turn <= 4:
        problem = f"player {state.turn} to move or moving (players are 0-4)"
    if problem is not None:
        raise ProtocolError(f"the server sent {what} with {problem}")
    return state


def _deal(me: int, number: int, table: Table) -> Deal:
    hand = read_hand(table)
    state = _checked(table, f"the deal table of game {number}", deal=True)
    ranks = state.ranks if sorted(state.ranks) == [0, 1, 2, 3, 4] else None
    give = state.give if state.give > 0 else 0
    return Deal(me, number, hand, give, ranks, state.seats, state.counts)


def run_client(
    host: str,
    port: int,
    player: Player,
    name: str = "cgt",
    *,
    timeout: float | None = 600.0,
    version: int = PROTOCOL_20070,
    rules: Rules = _DEVKIT_RULES,
) -> ClientResult:
    """Play `player` on the UECda server at `host`:`port` until the last game; returns the
    run as this client saw it.  `timeout`: seconds to wait for any one message from the
    server.  `version`: 20070 or 20140.  Raises `~games.daihinmin.network.protocol.ProtocolError`
    (or its `ConnectionLostError` / `ProtocolTimeoutError`) if the server misbehaves."""
    conn = connect(host, port, timeout=timeout)
    try:
        return _run(conn, player, name, version, rules)
    finally:
        conn.close()


def _run(conn: Connection, player: Player, name: str, version: int, rules: Rules) -> ClientResult:
    conn.send_profile(name, version)
    me = conn.read_int("the player number")
    if not 0 <= me <= 4:
        raise ProtocolError(f"the server gave player number {me} (0-4 expected)")
    names = [f"player{k}" for k in range(5)]
    names[me] = name
    result = ClientResult(names, player=me)
    on_turn = getattr(player, "on_turn", None)
    pending: tuple[_Game, list[int]] | None = None  # a stalled game awaiting the next ranks

    def call(game: int, phase: str, method: Callable[..., Any], *args: Any) -> Any:
        """A hook of the player; an exception is recorded as a fault (the client goes on:
        a failed play passes, a failed exchange lets the server take the strongest cards)."""
        try:
            return method(*args)
        except Exception as exc:
            _fault(result, game, phase, f"{type(exc).__name__}: {exc}")
            return _FAILED

    number, flag = 0, 0
    try:
        while flag != 2:
            number += 1
            table = conn.read_table(f"the deal table of game {number}")
            deal = _deal(me, number, table)
            if pending is not None:
                _settle(result, *pending, deal.ranks)
                pending = None
            game = _Game(me, number, deal, rules)
            call(number, "start_game", player.start_game, deal)
            if deal.give:
                choice = call(number, "exchange", player.exchange, deal)
                cards = choice if type(choice) is int and 0 <= choice < 1 << 61 else 0
                conn.write_table(exchange_table(cards), "the exchange cards")
            turns = 0
            while True:
                turns += 1
                if turns > MAX_TURNS:
                    raise ProtocolError(
                        f"game {number} goes on past {MAX_TURNS:,} turns, more than the rules "
                        "allow (every play takes a card; 20 passes in a row end a game)"
                    )
                hand_t = conn.read_table(f"a hand table of game {number}")
                state = _checked(hand_t, f"a hand table of game {number}")
                obs = game.observation(hand_t, state)
                if callable(on_turn):
                    call(number, "on_turn", on_turn, obs)
                reason = None
                if state.my_turn:
                    meld = call(number, "play", player.play, obs)
                    if not isinstance(meld, Meld | Illegal):
                        if meld is not _FAILED:
                            _fault(result, number, "play", f"returned {meld!r}, not a Meld")
                        meld = PASS
                    sent = _submission(meld)
                    conn.write_table(sent, "the move")
                    ack = conn.read_int("the ack")
                    if ack not in _ACKS:
                        raise ProtocolError(
                            f"the server answered a move of game {number} with {ack} "
                            "(9: accepted, 8: refused)"
                        )
                    if ack == 8 and sent[:5] != submission_table(PASS)[:5]:
                        result.rejected[me] += 1
                        reason = "refused by the server"
                field_t = conn.read_table(f"the field table of game {number}")
                flag = conn.read_int("the game-over flag")
                if flag not in _FLAGS:
                    raise ProtocolError(
                        f"the server sent {flag} as the game-over flag of game {number} "
                        "(0: go on, 1: game over, 2: the last game is over)"
                    )
                _checked(field_t, f"the field table of game {number}")
                move = game.move(obs, field_t, flag != 0, reason)
                call(number, "observe", player.observe, move)
                if flag:
                    break
            stalled = len(game.finished) < 4
            ranking = game.ranking()
            call(number, "end_game", player.end_game, ranking, flag == 2)
            if stalled:
                result.stalled += 1
                pending = (game, ranking)
            else:
                _add(result, ranking)
    except TableError as exc:
        raise ProtocolError(f"the server sent a malformed table: {exc}") from exc
    if pending is not None:
        _settle(result, *pending, None)
    return result


_FAILED: Any = object()


def _fault(result: ClientResult, game: int, phase: str, error: str) -> None:
    result.faults.append(Fault(game, result.player, phase, error))


def _submission(meld: Meld | Illegal) -> Table:
    if isinstance(meld, Meld):
        return submission_table(meld)
    return exchange_table(meld.cards)  # an illegal attempt: its cards, refused by the server


def _settle(result: ClientResult, game: _Game, ranking: list[int], ranks: object) -> None:
    """Rank a stalled game's players from the next deal's ranks when it shows them."""
    if isinstance(ranks, tuple):
        ranking = sorted(range(5), key=lambda p: ranks[p])
    _add(result, ranking)


def _add(match: MatchResult, ranking: list[int]) -> None:
    points = [0] * 5
    for place, p in enumerate(ranking):
        points[p] = POINTS[place]
        match.ranks[p][place] += 1
        match.points[p] += POINTS[place]
    match.games += 1
    match.per_game.append(tuple(points))
