"""Replay games of the C UECda server (recorded by `games.daihinmin.network.recording`) in our
engine and list every disagreement.

For each game, `replay_run` checks the deal tables (seats, seat changes every 3 games, rank
cells and rank resets every 100 games, cards to give, the 11/11/11/10/10 deal from the
dealer's seat, the 53 cards), the card exchange (the server's transfer of the daihinmin's 2 and
the hinmin's strongest card, the daifugo's and fugo's choices read as the server reads them, an
invalid choice replaced by the strongest cards) against the first hand tables; then it rebuilds
the game in `GameState` from those hands and submits every recorded submission, comparing
before each move all five hand tables (cards, mover, turn, empty field, revolution, lock,
counts, rank cells, seats) and after it the server's verdict and ack, the field table (cards,
mover, state, row 7), the game-end int, and at the end the finishing order and the points the
server wrote.  The rank cells ``[6][5..9]`` are checked against a model of the server's
overwritten ``mibun`` array (RULES.md §1.2), so that no cell goes unchecked.  The table writers
of `games.daihinmin.network.table` (``deal_table``, ``hand_table``, ``field_table``) are checked on
the same tables (every cell but the rank cells; row 7 of a field table echoes the submission).

Differences the C server has by design (RULES.md §12: the fake joker, the card that vanishes in
the exchange) are listed apart, in `ReplayReport.known`, with one of the engine's: its lock bit
in the field table after the 3S answers a lone joker (cleared at once, so no move differs).  A
game's replay stops where the states can no longer match (another verdict, mover, or hands
after the exchange); `ReplayReport.aborted` counts such games.

>>> report = ReplayReport()
>>> report.ok, report.summary().splitlines()[0]
(True, 'replayed 0 games, 0 turns: 0 checks, 0 disagreements, 0 known differences')
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Sequence

import attrs

import cgt
from games.daihinmin.network.recording import GameLog, RunRecord, Table, TurnLog, read_record
from games.daihinmin.network.table import (
    TableError,
    deal_table,
    field_table,
    hand_table,
    read_exchange,
    read_hand,
    read_submission,
    submission_table,
)
from games.daihinmin.rules.cards import ALL_CARDS, format_cards
from games.daihinmin.rules.engine import POINTS, GameState, Rules
from games.daihinmin.rules.melds import PASS, Kind, Meld
from games.daihinmin.rules.observation import Deal, Observation
from games.daihinmin.rules.player import strongest_cards

__all__ = ["Disagreement", "ReplayError", "ReplayReport", "replay_file", "replay_run"]

_SPADE_3 = 1 << 4
_ZEROS = [0] * 15
_RULES = Rules()
#: the one difference of the engine seen with sound clients: its lock bit after a 3S answer
_SPADE3_LOCK = (
    "the engine locks when the 3S answers a lone joker in row 0; the server's lock step is "
    "skipped there; the field clears at once"
)


class ReplayError(cgt.CGTError):
    """A record that cannot be replayed at all (not a disagreement of the rules)."""


@attrs.frozen
class Disagreement:
    """One check where the C server and our engine differ: game, turn (0 = the deal and the
    exchange, n = the n-th submission, -1 = the end of the game), the check's name, what the
    server showed, what the engine says, and the tables involved."""

    game: int
    turn: int
    check: str
    server: object
    engine: object
    note: str = ""
    tables: tuple[Table, ...] = ()

    def __str__(self) -> str:
        where = {0: "deal", -1: "end"}.get(self.turn, f"turn {self.turn}")
        note = f" ({self.note})" if self.note else ""
        return (
            f"game {self.game} {where}: {self.check}: server {self.server!r}, "
            f"engine {self.engine!r}{note}"
        )

    def describe(self) -> str:
        """The disagreement and its tables (the mover's hand table, the submission, the field
        table, ...), row by row."""
        lines = [str(self)]
        for table in self.tables:
            lines += ["  " + " ".join(f"{v:2d}" for v in table.row(r)) for r in range(8)]
            lines.append("")
        return "\n".join(lines)


@attrs.define
class ReplayReport:
    """Counts of checks and game events, and the disagreements of a replay."""

    games: int = 0
    turns: int = 0
    checks: Counter[str] = attrs.field(factory=Counter)
    events: Counter[str] = attrs.field(factory=Counter)
    disagreements: list[Disagreement] = attrs.field(factory=list)
    known: list[Disagreement] = attrs.field(factory=list)
    #: games whose replay stopped at a disagreement
    aborted: int = 0
    #: games whose replay stopped at a documented server quirk (RULES.md §12)
    quirk_games: int = 0

    @property
    def ok(self) -> bool:
        """No disagreement and no game left unfinished."""
        return not self.disagreements and not self.aborted

    def merge(self, other: ReplayReport) -> None:
        self.games += other.games
        self.turns += other.turns
        self.checks.update(other.checks)
        self.events.update(other.events)
        self.disagreements += other.disagreements
        self.known += other.known
        self.aborted += other.aborted
        self.quirk_games += other.quirk_games

    def summary(self, limit: int = 20) -> str:
        """A readable report: totals, checks and events per kind, the first disagreements."""
        lines = [
            f"replayed {self.games} games, {self.turns} turns: {sum(self.checks.values())} "
            f"checks, {len(self.disagreements)} disagreements, {len(self.known)} known differences"
        ]
        if self.aborted:
            lines.append(f"{self.aborted} games stopped at a disagreement")
        if self.quirk_games:
            lines.append(f"{self.quirk_games} games stopped at a server quirk (RULES.md §12)")
        lines.append("checks:")
        lines += [f"  {name:32} {n:9}" for name, n in sorted(self.checks.items())]
        lines.append("events:")
        lines += [f"  {name:32} {n:9}" for name, n in sorted(self.events.items())]
        for title, items in (("disagreements", self.disagreements), ("known", self.known)):
            if items:
                lines.append(f"{title}:")
                lines += [f"  {d}" for d in items[:limit]]
                if len(items) > limit:
                    lines.append(f"  ... and {len(items) - limit} more")
        return "\n".join(lines)


class _ReplayState(GameState):
    """The engine's game, noting the lock as it was when the field was cleared (the field
    table shows the state after a move and before the clearing)."""

    __slots__ = ("lock_seen",)
    lock_seen: bool | None

    def _clear(self) -> None:
        self.lock_seen = self.lock
        super()._clear()


class _Abort(Exception):
    """The replay of this game cannot go on (``quirk``: because of a documented server bug)."""

    def __init__(self, quirk: bool = False) -> None:
        super().__init__()
        self.quirk = quirk


def _cards_rows(grid: list[list[int]]) -> list[int]:
    return [v for row in grid[:5] for v in row]


def _meld_rows(meld: Meld | None) -> list[int]:
    return _cards_rows(submission_table(meld)) if meld is not None else [0] * 75


def _sent(table: list[list[int]], skip_row7: bool = False) -> list[int]:
    """The cells of a table to compare: all but the rank cells ``[6][5..9]`` (the server's
    are garbage during play), and row 7 if ``skip_row7``."""
    cells = [*table[0], *table[1], *table[2], *table[3], *table[4], *table[5]]
    cells += table[6][:5] + table[6][10:]
    return cells if skip_row7 else cells + table[7]


#: the names of the cells `_sent` keeps, in its order
_SENT_CELLS = (
    [f"[{r}][{c}]" for r in range(6) for c in range(15)]
    + [f"[6][{c}]" for c in (*range(5), *range(10, 15))]
    + [f"[7][{c}]" for c in range(15)]
)


def _differing(server: list[int], mine: list[int]) -> tuple[dict[str, int], dict[str, int]]:
    """The cells where two `_sent` lists differ, by name, on each side."""
    cells = [i for i, (a, b) in enumerate(zip(server, mine, strict=True)) if a != b]
    return (
        {_SENT_CELLS[i]: server[i] for i in cells},
        {_SENT_CELLS[i]: mine[i] for i in cells},
    )


def _has_cards(grid: list[list[int]]) -> bool:
    return any(v in (1, 2) for v in _cards_rows(grid))


class _Replay:
    def __init__(self, run: RunRecord, rules: Rules, report: ReplayReport) -> None:
        self.run = run
        self.rules = rules
        self.report = report
        self.game = 0
        self.turn = 0
        self.seats: tuple[int, ...] | None = None
        self.order: list[int] | None = None  # the server's finishing order of the last game
        self.totals = [0] * 5

    # --- helpers ----------------------------------------------------------------------
    def check(
        self,
        name: str,
        server: object,
        engine: object,
        tables: Sequence[Table] = (),
        note: str = "",
        known: str | None = None,
    ) -> bool:
        self.report.checks[name] += 1
        if server == engine:
            return True
        item = Disagreement(
            self.game, self.turn, name, server, engine, known or note, tuple(tables)
        )
        (self.report.known if known else self.report.disagreements).append(item)
        return False

    def check_table(
        self,
        name: str,
        server: list[int],
        mine: list[int],
        tables: Sequence[Table],
        known: str | None = None,
    ) -> None:
        """`check` of two `_sent` lists, naming only the cells that differ."""
        if server == mine:
            self.report.checks[name] += 1
        else:
            self.check(name, *_differing(server, mine), tables, known=known)

    def hand_of(self, table: Table, what: str) -> int:
        try:
            return read_hand(table.grid())
        except TableError as exc:
            self.check(f"{what}: a valid hand", str(exc), "a hand", [table])
            raise _Abort from None

    # --- a game -----------------------------------------------------------------------
    def play(self, log: GameLog, last: bool) -> None:
        self.game = log.number
        self.turn = 0
        self.report.games += 1
        try:
            self.replay(log, last)
        except _Abort as stop:
            if stop.quirk:
                self.report.quirk_games += 1
            else:
                self.report.aborted += 1
        if log.ranks is not None:
            self.order = sorted(range(5), key=lambda p: log.ranks[p])  # type: ignore[index]
        if log.totals is not None:
            self.totals = list(log.totals)

    def replay(self, log: GameLog, last: bool) -> None:
        rules = self.rules
        first = (log.number - 1) % rules.rank_reset_every == 0 or self.order is None
        seats, order = self.deal(log, first)
        hands = self.exchange(log, order)
        state = _ReplayState(hands, seats, rules=rules, rng=random.Random(log.number))
        if not log.turns:
            raise ReplayError(f"game {log.number} has no turns")
        self.check("first player: the 3D holder", log.turns[0].hands[0][5, 3], state.turn)
        mibun = list(self.order) if self.order is not None else [0, 1, 2, 3, 4]
        ranks = None if order is None else tuple(order.index(p) for p in range(5))
        cells = [0] * 5  # the server's rank cells [6][5..9], in work_card
        field_row7 = list(_ZEROS)
        finished_before = 0
        for index, turn in enumerate(log.turns, 1):
            self.turn = index
            self.report.turns += 1
            if state.over:
                self.check("game over", False, True)
                raise _Abort
            if not first:
                for rank, player in enumerate(mibun):
                    cells[player] = rank
            self.hand_tables(turn, state, cells, ranks)
            cells, field_row7, finished_before = self.move(
                turn, state, cells, mibun, first, field_row7, last
            )
        self.turn = -1
        if not self.check("game over", state.over, True):
            raise _Abort
        self.end(log, state, finished_before)

    # --- the deal and the exchange ----------------------------------------------------
    def deal(self, log: GameLog, first: bool) -> tuple[tuple[int, ...], list[int] | None]:
        grids = [t.grid() for t in log.deals]
        seats = tuple(grids[0][6][10:15])
        if not self.check("deal: seats a permutation", sorted(seats), [0, 1, 2, 3, 4]):
            raise _Abort
        every = self.rules.seat_change_every
        if self.seats is not None:
            if log.number % every != 1:
                self.check("deal: seats kept", seats, self.seats)
            elif seats != self.seats:
                self.report.events["seat changes"] += 1
        self.seats = seats
        order = None if first else self.order
        if first:
            self.report.events["rank resets (no exchange)"] += 1
        ranks = [0] * 5
        if order is not None:
            for rank, player in enumerate(order):
                ranks[player] = rank
        for p, grid in enumerate(grids):
            give = {0: 2, 1: 1}.get(ranks[p], 0) if order is not None else 0
            self.check(
                "deal: flags row 5", grid[5][:8], [1, give, 0, 6, 0, 0, 0, 0], [log.deals[p]]
            )
            self.check("deal: rank cells", grid[6][5:10], ranks, [log.deals[p]])
            self.check(
                "deal: same counts and seats",
                grid[6][:5] + grid[6][10:],
                grids[0][6][:5] + grids[0][6][10:],
            )
            self.check("deal: unused cells", grid[5][8:] + grid[7], [0] * 22, [log.deals[p]])
        counts = grids[0][6][:5]
        dealers = [
            d
            for d in range(5)
            if all(
                counts[seats[(seats.index(d) + k) % 5]] == (11 if k < 3 else 10) for k in range(5)
            )
        ]
        if order is not None:
            self.check("deal: 11,11,11,10,10 from the daifugo's seat", dealers, [order[0]])
        else:
            self.check("deal: 11,11,11,10,10 from a dealer's seat", len(dealers), 1)
        return seats, order

    def exchange(self, log: GameLog, order: list[int] | None) -> list[int]:
        shown = [self.hand_of(t, "deal table") for t in log.deals]
        counts = log.deals[0].row(6)[:5]
        ranks = None
        if order is not None:
            ranks = tuple(order.index(p) for p in range(5))
        seats = tuple(log.deals[0].row(6)[10:])
        for p, sent in enumerate(log.deals):
            give = {0: 2, 1: 1}.get(ranks[p], 0) if ranks is not None else 0
            mine = deal_table(Deal(p, log.number, shown[p], give, ranks, seats, counts))
            mine[5][1] = max(mine[5][1], 0)  # protocol 20070 sends -1 / -2 as 0
            self.check_table("table.deal_table", _sent(sent.grid()), _sent(mine), [sent])
        original = shown[:]
        hands = shown[:]
        if order is not None:
            daifugo, fugo, _heimin, hinmin, daihinmin = order
            for giver, taker, k in ((daihinmin, daifugo, 2), (hinmin, fugo, 1)):
                took = strongest_cards(shown[giver], k)
                name = "exchange: the server's transfer shown"
                self.check(name, format_cards(shown[taker] & took), format_cards(took))
                original[taker] &= ~took
                hands[giver] &= ~took
        total = 0
        for p in range(5):
            self.check("deal: counts before the exchange", counts[p], original[p].bit_count())
            total |= original[p]
        self.check("deal: the 53 cards", format_cards(total), format_cards(ALL_CARDS))
        self.check("deal: no card twice", sum(h.bit_count() for h in original), 53)
        self.check(
            "deal: exchange tables from", sorted(log.exchanges), sorted(order[:2]) if order else []
        )
        if order is not None:
            self.report.events["exchanges"] += 1
            daifugo, fugo, _heimin, hinmin, daihinmin = order
            for giver, taker, k in ((daifugo, daihinmin, 2), (fugo, hinmin, 1)):
                table = log.exchanges.get(giver)
                choice = read_exchange(table.grid(), hands[giver], k) if table else None
                if choice is None and table is not None:
                    self.report.events["exchange: invalid choice (strongest given)"] += 1
                if choice is None:
                    choice = strongest_cards(hands[giver], k)
                elif table is not None:
                    self.vanish(table, hands[giver])
                hands[giver] &= ~choice
                hands[taker] |= choice
        after = [self.hand_of(t, "first hand table") for t in log.turns[0].hands]
        for p in range(5):
            self.check("exchange: hands after", format_cards(after[p]), format_cards(hands[p]))
        if after != hands:
            raise _Abort
        return after

    def vanish(self, table: Table, hand: int) -> None:
        """RULES.md §12 item 2: a 2 written on a held card's cell deletes that card too."""
        grid = table.grid()
        for row in range(4):
            for col in range(1, 14):
                bit = 1 << (4 * col + row)
                if grid[row][col] == 2 and hand & bit:
                    self.check(
                        "exchange: card vanishes (server quirk)",
                        format_cards(bit),
                        "-",
                        [table],
                        known="RULES.md §12 item 2",
                    )
                    raise _Abort(quirk=True)

    # --- a turn -----------------------------------------------------------------------
    def hand_tables(
        self, turn: TurnLog, state: GameState, cells: list[int], ranks: tuple[int, ...] | None
    ) -> None:
        counts = [h.bit_count() for h in state.hands]
        for p, table in enumerate(turn.hands):
            grid = table.grid()
            mine = hand_table(Observation.of(state, p, ranks=ranks, game=self.game))
            self.check_table("table.hand_table", _sent(grid), _sent(mine), [table])
            hand = self.hand_of(table, "hand table")
            tables = [table]
            if hand == state.hands[p]:
                self.report.checks["hand: cards"] += 1
            else:
                self.check("hand: cards", format_cards(hand), format_cards(state.hands[p]), tables)
            self.check("hand: mover flag [5][2]", grid[5][2], int(p == state.turn), tables)
            self.check("hand: turn [5][3]", grid[5][3], state.turn, tables)
            self.check("hand: empty field [5][4]", grid[5][4], int(state.field is None), tables)
            self.check("hand: revolution [5][6]", grid[5][6], int(state.revolution), tables)
            self.check("hand: lock [5][7]", grid[5][7], int(state.lock), tables)
            self.check("hand: counts [6][0..4]", grid[6][:5], counts, tables)
            self.check("hand: rank cells [6][5..9]", grid[6][5:10], cells, tables)
            self.check("hand: seats [6][10..14]", tuple(grid[6][10:]), state.seats, tables)
            unused = grid[5][:2] + grid[5][5:6] + grid[5][8:] + grid[7]
            self.check("hand: unused cells", unused, [0] * 25, tables)
        if not self.check("mover", turn.mover, state.turn, [turn.hands[turn.mover]]):
            raise _Abort

    def move(
        self,
        turn: TurnLog,
        state: _ReplayState,
        cells: list[int],
        mibun: list[int],
        first: bool,
        field_row7: list[int],
        last: bool,
    ) -> tuple[list[int], list[int], int]:
        events = self.report.events
        mover = turn.mover
        sub = turn.submission.grid()
        meld = read_submission(sub, state.hands[mover])
        before = state.field
        lock_before, rev_before = state.lock, state.revolution
        finished_before = len(state.finished)
        maker_before = state.last_player
        state.lock_seen = None
        result = state.submit(meld)
        tables = [turn.hands[mover], turn.submission, turn.field]
        field = turn.field.grid()
        server_accepted = turn.ack == 9 and _has_cards(sub)
        if server_accepted:
            self.check("server: field shows the play", _cards_rows(field), _cards_rows(sub), tables)
        if not self.check(
            "verdict (accepted)", server_accepted, result.accepted, tables, str(meld)
        ):
            if server_accepted and before is not None and before.kind == Kind.JOKER:
                last_item = self.report.disagreements.pop()
                self.report.known.append(attrs.evolve(last_item, note="RULES.md §12 item 1"))
                raise _Abort(quirk=True)
            raise _Abort
        is_pass = meld is PASS
        self.check(
            "ack", turn.ack, 9 if result.accepted or (is_pass and before is None) else 8, tables
        )
        # the field table: the state after the move, before any clearing
        cells = list(sub[6][5:10])  # the server read the submission into work_card
        if result.finished:
            mibun[state.finished.index(mover)] = mover
        if first:
            cells = [0] * 5
        else:
            for rank, player in enumerate(mibun):
                cells[player] = rank
        if result.accepted:
            field_row7 = list(sub[7])
        lock = state.lock_seen if state.lock_seen is not None else state.lock
        answer = result.accepted and before is not None and before.kind == Kind.JOKER
        self.check("field: cards", _cards_rows(field), _meld_rows(result.field), tables)
        mine = field_table(
            result.field,
            mover,
            counts=[h.bit_count() for h in state.hands],
            seats=state.seats,
            revolution=state.revolution,
            lock=lock,
        )
        self.check_table(
            "table.field_table",
            _sent(field, True),
            _sent(mine, True),
            tables,
            known=_SPADE3_LOCK if answer else None,
        )
        self.check("field: mover [5][3]", field[5][3], mover, tables)
        self.check("field: empty [5][4]", field[5][4], int(result.field is None), tables)
        self.check("field: revolution [5][6]", field[5][6], int(state.revolution), tables)
        self.check(
            "field: lock [5][7]",
            field[5][7],
            int(lock),
            tables,
            known=_SPADE3_LOCK if answer else None,
        )
        self.check(
            "field: counts [6][0..4]", field[6][:5], [h.bit_count() for h in state.hands], tables
        )
        self.check("field: rank cells [6][5..9]", field[6][5:10], cells, tables)
        self.check("field: seats [6][10..14]", tuple(field[6][10:]), state.seats, tables)
        self.check("field: row 7 of the play", field[7], field_row7, tables)
        self.check(
            "field: unused cells", field[5][:3] + field[5][5:6] + field[5][8:], [0] * 11, tables
        )
        over_flag = (2 if last else 1) if state.over else 0
        self.check("game-end int", turn.flag, over_flag, tables)
        if state.field is None:
            field_row7 = list(_ZEROS)
        # events
        if result.accepted:
            played = result.meld
            events["accepted plays"] += 1
            kind = played.kind
            if kind == Kind.JOKER:
                events["lone jokers"] += 1
            elif played.uses_joker:
                events[f"joker in a {kind.name.lower()}"] += 1
                if kind == Kind.SEQUENCE and played.joker % 15 in (0, 14):
                    events["joker at column 0 or 14"] += 1
            if answer:
                events["3S answers to the lone joker"] += 1
            if kind != Kind.JOKER and played.has_eight:
                events["8-cuts"] += 1
            if kind != Kind.JOKER and played.is_revolution:
                events["revolutions"] += 1
                if rev_before:
                    events["revolutions undone"] += 1
            if field[5][7] and not lock_before:
                events["locks"] += 1
            if result.finished:
                events["finishes"] += 1
        elif is_pass:
            if before is None:
                events["passes on an empty field"] += 1
            else:
                events["passes on the lone joker" if before.kind == Kind.JOKER else "passes"] += 1
        else:
            events["refused submissions"] += 1
        if result.cleared:
            events["clears"] += 1
            maker = mover if result.accepted else maker_before
            if not state.hands[maker]:
                events["lead to the next seat (last player out)"] += 1
        elif not state.over and state.field is not None and state.turn == state.last_player:
            events["turn back to the last player"] += 1
        if state.non_accepted >= self.rules.max_non_accepted:
            events["20 non-accepted: game ended"] += 1
        return cells, field_row7, finished_before

    # --- the end of a game ------------------------------------------------------------
    def end(self, log: GameLog, state: GameState, finished_before: int) -> None:
        ranking = state.ranking()
        stalled = state.non_accepted >= self.rules.max_non_accepted
        places = finished_before if stalled else 5
        if log.ranks is not None:
            order = sorted(range(5), key=lambda p: log.ranks[p])  # type: ignore[index]
            self.check("finishing order", order[:places], ranking[:places])
        if log.totals is not None:
            gained = [t - s for t, s in zip(log.totals, self.totals, strict=True)]
            points = state.points()
            mine = [points[p] for p in ranking[:places]]
            self.check("points", [gained[p] for p in ranking[:places]], mine)
            self.check("points 5..1", sorted(gained), sorted(POINTS))


def replay_run(run: RunRecord, rules: Rules = _RULES) -> ReplayReport:
    """Replay every game of a recorded run in `GameState` and report the checks, the game
    events seen and the disagreements."""
    report = ReplayReport()
    replay = _Replay(run, rules, report)
    for index, game in enumerate(run.games):
        replay.play(game, last=index == len(run.games) - 1)
    return report


def replay_file(path: str | os.PathLike[str], rules: Rules = _RULES) -> ReplayReport:
    """`replay_run` of a record file."""
    return replay_run(read_record(path), rules)
