"""A match: games in a row between five players, with the server's seats, deals, ranks and
card exchange, deterministic from a seed.

Per game ``n`` (from 1), as the server (``daihu.c``, ``external.c``) does it:

1. seats are shuffled before games with ``n % 3 == 1``;
2. in the first game of a rank period (games 1, 101, 201, ...) the dealer is a random player
   and there is no exchange; otherwise the dealer is the last game's daifugo;
3. the 53 cards are dealt one by one round the seats from the dealer's (the dealer and the
   next two seats get 11 cards);
4. exchange: the daihinmin's 2 strongest cards go to the daifugo and the hinmin's strongest to
   the fugo; daifugo and fugo hand back 2 and 1 cards of their choice (an invalid choice: the
   server takes their strongest cards instead);
5. the holder of the 3 of diamonds leads; points 5, 4, 3, 2, 1 by finishing order.

Randomness comes from streams named by ``(seed, game)``, so a run of a rank period gives the
same games whether it is played alone or after the periods before it (this is what makes
parallel runs reproducible).

>>> from games.daihinmin.rules.match import Match
>>> from games.daihinmin.players.base import RandomPlayer
>>> m = Match([RandomPlayer() for _ in range(5)], seed=1)
>>> result = m.play(10)
>>> result.games, sum(result.points)
(10, 150)
"""

from __future__ import annotations

import contextlib
import random
import signal
import threading
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs

import cgt
from games.daihinmin.rules.cards import JOKER, REAL_CARDS, format_cards
from games.daihinmin.rules.engine import DEFAULT_RULES, POINTS, GameState, MoveResult, Rules
from games.daihinmin.rules.melds import PASS, Illegal, Meld
from games.daihinmin.rules.observation import Deal, Observation
from games.daihinmin.rules.player import Player, strongest_cards

__all__ = [
    "Fault",
    "GameRecord",
    "Match",
    "MatchResult",
    "PlayerFaultError",
    "PlayerTimeoutError",
    "deal_cards",
    "game_rng",
    "player_traceback",
    "seats_for_game",
]


class PlayerTimeoutError(cgt.CGTError, TimeoutError):
    """A player took longer than the match's time limit for one decision."""


class PlayerFaultError(cgt.CGTError, RuntimeError):
    """In a ``strict`` match: a player raised, timed out, returned something that is not a
    meld, or made an invalid exchange choice."""


@attrs.frozen
class Fault:
    """A player that raised, timed out or returned something that is not a meld.

    ``traceback``: where a player's exception came from (its own frames, file and line), given
    with the first fault of each distinct error of a match (same player, exception type and
    line), empty for the repeats and for faults that are no exception."""

    game: int
    player: int
    phase: str
    error: str
    traceback: str = ""


@attrs.frozen
class GameRecord:
    """One finished game."""

    game: int
    seats: tuple[int, ...]
    dealer: int
    #: ranks at the start (``None`` in the first game of a rank period)
    ranks: tuple[int, ...] | None
    #: hands after the exchange, players 0-4
    hands: tuple[int, ...]
    ranking: tuple[int, ...]
    points: tuple[int, ...]
    #: submissions refused by the rules (counted as passes), per player
    rejected: tuple[int, ...]
    turns: int
    #: True if the 20-pass rule ended the game
    stalled: bool
    moves: tuple[MoveResult, ...] = ()


@attrs.define
class MatchResult:
    """Totals of a run of games."""

    names: list[str]
    games: int = 0
    points: list[int] = attrs.field(factory=lambda: [0] * 5)
    #: ``ranks[p][k]``: how often player p finished (k+1)-th
    ranks: list[list[int]] = attrs.field(factory=lambda: [[0] * 5 for _ in range(5)])
    rejected: list[int] = attrs.field(factory=lambda: [0] * 5)
    #: points of each game, per player (for confidence intervals)
    per_game: list[tuple[int, ...]] = attrs.field(factory=list)
    faults: list[Fault] = attrs.field(factory=list)
    stalled: int = 0

    def add(self, record: GameRecord) -> None:
        self.games += 1
        for p in range(5):
            self.points[p] += record.points[p]
            self.rejected[p] += record.rejected[p]
        for place, p in enumerate(record.ranking):
            self.ranks[p][place] += 1
        self.per_game.append(record.points)
        self.stalled += record.stalled

    def merge(self, other: MatchResult) -> None:
        """Add another run's totals (its games come after this run's)."""
        self.games += other.games
        for p in range(5):
            self.points[p] += other.points[p]
            self.rejected[p] += other.rejected[p]
            for k in range(5):
                self.ranks[p][k] += other.ranks[p][k]
        self.per_game.extend(other.per_game)
        self.faults.extend(other.faults)
        self.stalled += other.stalled


def game_rng(seed: object, game: int, stream: str = "deal") -> random.Random:
    """The random stream ``stream`` of game ``game`` of a run seeded ``seed``."""
    return random.Random(f"daihinmin:{seed}:{stream}:{game}")


def seats_for_game(seed: object, game: int, rules: Rules = DEFAULT_RULES) -> tuple[int, ...]:
    """The seats (player in seat 0-4) of game ``game``: shuffled before games with
    ``game % seat_change_every == 1``, so the last such game at or before ``game`` decides."""
    every = rules.seat_change_every
    if not rules.seat_change or every <= 1:
        return (0, 1, 2, 3, 4)
    last = game - ((game - 1) % every)
    seats = [0, 1, 2, 3, 4]
    game_rng(seed, last, "seats").shuffle(seats)
    return tuple(seats)


def deal_cards(rng: random.Random, seats: Sequence[int], dealer: int) -> list[int]:
    """Deal the 53 cards one by one round the seats from the dealer's seat."""
    deck = [1 << i for i in range(4, 56)] + [JOKER]
    rng.shuffle(deck)
    hands = [0] * 5
    start = list(seats).index(dealer)
    for i, bit in enumerate(deck):
        hands[seats[(start + i) % 5]] |= bit
    return hands


class Match:
    """Five players playing games in a row under the server's rules.

    ``strict``: an illegal play raises instead of counting as a pass.  ``time_limit``: seconds
    per decision (enforced with a timer signal in the main thread); a player that raises or
    times out passes, and the fault is recorded in the result.  ``record_moves`` keeps every
    move in the game records.
    """

    def __init__(
        self,
        players: Sequence[Player],
        *,
        seed: object = 0,
        rules: Rules = DEFAULT_RULES,
        strict: bool = False,
        time_limit: float | None = None,
        record_moves: bool = False,
    ) -> None:
        if len(players) != 5:
            raise cgt.InvalidArgumentError(f"a match needs exactly 5 players, not {len(players)}")
        for player in players:
            if not callable(getattr(player, "play", None)):
                raise cgt.WrongTypeError(f"{player!r} has no play(observation) method")
        self.players = list(players)
        self.seed = seed
        self.rules = rules
        self.strict = strict
        self.time_limit = time_limit
        self.record_moves = record_moves
        self.game = 0
        self.ranking: tuple[int, ...] | None = None
        self.faults: list[Fault] = []
        self._seen_errors: set[tuple[int, str, str]] = set()

    def start_at(self, game: int) -> None:
        """Continue with game ``game`` (it must be the first of a rank period, or 1)."""
        if not isinstance(game, int) or game < 1 or (game - 1) % self.rules.rank_reset_every:
            raise cgt.InvalidArgumentError(
                f"a match can only start at the first game of a rank period (1, "
                f"{self.rules.rank_reset_every + 1}, ...), not {game!r}"
            )
        self.game = game - 1
        self.ranking = None

    def play(self, games: int, progress: Callable[[int], None] | None = None) -> MatchResult:
        """Play ``games`` more games; returns their totals."""
        result = MatchResult([getattr(p, "name", type(p).__name__) for p in self.players])
        for index in range(games):
            record = self.play_game(final=index == games - 1)
            result.add(record)
            if progress is not None:
                progress(1)
        result.faults.extend(self.faults)
        self.faults = []
        return result

    # --- one game ---------------------------------------------------------------------
    def play_game(self, final: bool = False) -> GameRecord:
        """Play the next game (``final``: tell the players it is the last of the run)."""
        self.game += 1
        n = self.game
        rules = self.rules
        rng = game_rng(self.seed, n)
        seats = seats_for_game(self.seed, n, rules)
        first_of_period = (n - 1) % rules.rank_reset_every == 0 or self.ranking is None
        if first_of_period:
            dealer = int(rng.random() * 5)
            ranks = None
        else:
            assert self.ranking is not None
            dealer = self.ranking[0]
            rank_of = [0] * 5
            for place, p in enumerate(self.ranking):
                rank_of[p] = place
            ranks = tuple(rank_of)
        hands = deal_cards(rng, seats, dealer)
        counts = tuple(h.bit_count() for h in hands)
        for index, player in enumerate(self.players):
            seeder = getattr(player, "seed", None)
            if callable(seeder):
                seeder(f"{self.seed}:{index}:{n}")
        exchange = not first_of_period and rules.exchange
        shown = hands[:]  # hinmin and daihinmin see their hands from before the transfer
        if exchange:
            assert self.ranking is not None
            daifugo, fugo, _, hinmin, daihinmin = self.ranking
            for giver, taker, k in ((daihinmin, daifugo, 2), (hinmin, fugo, 1)):
                cards = strongest_cards(hands[giver], k)
                hands[giver] &= ~cards
                hands[taker] |= cards
                shown[taker] = hands[taker]
        deals = []
        for p in range(5):
            give = 0
            if exchange and ranks is not None:
                give = {0: 2, 1: 1}.get(ranks[p], 0)
            deals.append(Deal(p, n, shown[p], give, ranks, seats, counts))
        for p, player in enumerate(self.players):
            start_game = getattr(player, "start_game", None)  # the hooks are optional
            if start_game is not None:
                self._call(p, "start_game", start_game, deals[p])
        if exchange:
            assert self.ranking is not None
            daifugo, fugo, _, hinmin, daihinmin = self.ranking
            for giver, taker, k in ((daifugo, daihinmin, 2), (fugo, hinmin, 1)):
                choose = getattr(self.players[giver], "exchange", None)
                if choose is None:
                    choose = Player.exchange.__get__(self.players[giver])
                choice = self._call(giver, "exchange", choose, deals[giver])
                if (
                    not isinstance(choice, int)
                    or isinstance(choice, bool)
                    or choice & ~hands[giver]
                    or choice & ~(REAL_CARDS | JOKER)
                    or choice.bit_count() != k
                ):
                    if choice is not _FAULT:
                        self._fault(n, giver, "exchange", _bad_exchange(choice, hands[giver], k))
                    choice = strongest_cards(hands[giver], k)
                hands[giver] &= ~choice
                hands[taker] |= choice
        state = GameState(hands, seats, rules=rules, rng=rng)
        moves: list[MoveResult] = []
        rejected = [0] * 5
        turns = 0
        players = self.players
        watchers = [(q, w.on_turn) for q, w in enumerate(players) if hasattr(w, "on_turn")]
        # only players that override `observe` are told of every move
        observers = [
            (q, w.observe)
            for q, w in enumerate(players)
            if callable(getattr(w, "observe", None))
            and getattr(type(w), "observe", None) is not Player.observe
        ]
        live_hands = state.hands
        while len(state.finished) < 4:
            p = state.turn
            for q, on_turn in watchers:
                self._call(q, "on_turn", on_turn, Observation.of(state, q, ranks=ranks, game=n))
            obs = Observation(
                p,
                state.hands[p],
                state.field,
                state.revolution,
                state.lock,
                tuple(map(int.bit_count, live_hands)),
                seats,
                ranks,
                state.passed,
                tuple(state.finished),
                state.played,
                state.last_player,
                n,
                p,
                rules.sequences,
            )
            meld = self._call(p, "play", players[p].play, obs)
            if not isinstance(meld, (Meld, Illegal)):
                if meld is not _FAULT:
                    self._fault(
                        n, p, "play", f"returned {meld!r}, not a Meld (build one with Meld.parse)"
                    )
                meld = PASS
            result = state.submit(meld, strict=self.strict)
            turns += 1
            if result.reason is not None and meld is not PASS:
                rejected[p] += 1
            if self.record_moves:
                moves.append(result)
            for q, observe in observers:
                self._call(q, "observe", observe, result)
        ranking = tuple(state.ranking())
        points = [0] * 5
        for place, p in enumerate(ranking):
            points[p] = POINTS[place]
        for p, player in enumerate(players):
            end_game = getattr(player, "end_game", None)
            if end_game is not None:
                self._call(p, "end_game", end_game, list(ranking), final)
        self.ranking = ranking
        return GameRecord(
            n,
            seats,
            dealer,
            ranks,
            tuple(hands),
            ranking,
            tuple(points),
            tuple(rejected),
            turns,
            state.non_accepted >= rules.max_non_accepted,
            tuple(moves),
        )

    def _call(self, player: int, phase: str, method: Callable[..., Any], *args: Any) -> Any:
        try:
            if self.time_limit is None:
                return method(*args)
            with _time_limit(self.time_limit):
                return method(*args)
        except PlayerTimeoutError:
            error, where = f"no answer within {self.time_limit} s", ""
        except Exception as exc:  # a faulty player must not stop the match
            if self.strict:
                raise
            error, where = f"{type(exc).__name__}: {exc}", self._first_traceback(player, exc)
        self._fault(self.game, player, phase, error, where)
        return _FAULT

    def _first_traceback(self, player: int, exc: BaseException) -> str:
        """The player's traceback if this is the first error of its kind (type and line)."""
        frames = traceback.extract_tb(exc.__traceback__)
        line = f"{frames[-1].filename}:{frames[-1].lineno}" if frames else ""
        key = (player, type(exc).__name__, line)
        if key in self._seen_errors:
            return ""
        self._seen_errors.add(key)
        return player_traceback(exc)

    def _fault(self, game: int, player: int, phase: str, error: str, where: str = "") -> None:
        fault = Fault(game, player, phase, error, where)
        if self.strict:
            raise PlayerFaultError(f"game {game}, player {player} ({phase}): {error}")
        self.faults.append(fault)


def player_traceback(exc: BaseException) -> str:
    """The traceback of an exception a player raised, from the player's own code on (the
    match's frames are cut): file, line and source of every frame, then the error.

    >>> class Broken:
    ...     def play(self, obs):
    ...         return 1 / 0
    >>> try:
    ...     Broken().play(None)
    ... except ZeroDivisionError as error:
    ...     print(player_traceback(error).splitlines()[-1])
    ZeroDivisionError: division by zero
    """
    start = tb = exc.__traceback__
    while tb is not None:  # the player's frames begin after the match's last one
        if tb.tb_frame.f_code.co_filename == __file__:
            start = tb.tb_next
        tb = tb.tb_next
    return "".join(traceback.format_exception(type(exc), exc, start)).rstrip()


def _bad_exchange(choice: object, hand: int, k: int) -> str:
    """Why an exchange choice is refused, in words."""
    if not isinstance(choice, int) or isinstance(choice, bool):
        return f"invalid exchange choice {choice!r}: not a card mask (an int)"
    if choice & ~(REAL_CARDS | JOKER):
        return f"invalid exchange choice {choice:#x}: bits that are no card"
    if choice & ~hand:
        missing = format_cards(choice & ~hand)
        return f"invalid exchange choice {format_cards(choice)}: {missing} not in the hand"
    return f"invalid exchange choice {format_cards(choice)}: {choice.bit_count()} cards, not {k}"


_FAULT: Any = object()


@contextlib.contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        start = time.perf_counter()
        yield
        if time.perf_counter() - start > seconds:
            raise PlayerTimeoutError
        return

    def _raise(signum: int, frame: object) -> None:
        raise PlayerTimeoutError

    previous = signal.signal(signal.SIGALRM, _raise)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
