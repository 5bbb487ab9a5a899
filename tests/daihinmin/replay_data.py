"""Replays of what a UECda client received and sent, through a Python player.

Two sources, one shape (`View`: per game the deal table, the exchange sent, and per turn the
hand table, the submission if it was this client's turn, and the field table):

* `read_devkit_data`: ``../shared/uecda/data/`` (100 games of the C default client as player
  0, format in its README.md: no deal tables, no exchanges, games split where the card counts
  jump up);
* `views_of_run`: a `games.daihinmin.network.recording.RunRecord` (the C server with recording
proxies),
  one view per player.

`replay` feeds a view to a player exactly as a client would live it: `play` with the
`Observation` of every own hand table (field from the previous field table, ``None`` when
``[5][4] == 1``), `observe` with every field table, and compares every submission, as the whole
8 x 15 table the C client would write, with the recorded one.

>>> from games.daihinmin.rules.cards import parse_cards
>>> t = cells_table(parse_cards("5S 7S"), 0 * 15 + 4)  # 5S JK(6S) 7S as the C client writes it
>>> t[0][3:6], len(t)
([1, 2, 1], 8)

(``read_devkit_data()`` gives player 0, 100 games, 7790 turns.)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import attrs

from games.daihinmin.network.table import read_field, read_hand
from games.daihinmin.rules.cards import JOKER
from games.daihinmin.rules.engine import MoveResult
from games.daihinmin.rules.melds import PASS, Meld
from games.daihinmin.rules.observation import Deal, Observation

Grid = list[list[int]]

__all__ = [
    "Mismatch",
    "ReplayStats",
    "View",
    "ViewGame",
    "ViewTurn",
    "cells_table",
    "data_dir",
    "read_devkit_data",
    "read_tables",
    "read_transcript",
    "replay",
    "views_of_run",
]


def data_dir() -> Path:
    """``data/`` of the UECda kit (``$UECDA_KIT``, else ``../shared/uecda`` of the repo)."""
    from games.daihinmin.network.kit import kit_source

    return kit_source() / "data"


@attrs.frozen
class ViewTurn:
    hand: Grid
    #: what this client sent (``None``: not its turn)
    submission: Grid | None
    field: Grid


@attrs.frozen
class ViewGame:
    number: int
    turns: tuple[ViewTurn, ...]
    deal: Grid | None = None
    exchange: Grid | None = None


@attrs.frozen
class View:
    player: int
    games: tuple[ViewGame, ...]


def read_tables(path: str | os.PathLike[str]) -> list[list[int]]:
    """The lines of a devkit data file as lists of ints."""
    with open(path) as f:
        return [[int(x) for x in line.split()] for line in f if line.strip()]


def read_devkit_data(directory: str | os.PathLike[str] | None = None) -> View:
    """``default_read.csv`` and ``default_write.csv`` of the kit's ``data/`` as a `View`."""
    base = Path(directory) if directory is not None else data_dir()
    return read_transcript(base / "default_read.csv", base / "default_write.csv")


def read_transcript(read_path: str | os.PathLike[str], write_path: str | os.PathLike[str]) -> View:
    """A transcript in the devkit ``data/`` format (what one client received, what it sent;
    `games.daihinmin.network.server.run_server` writes them too) as a `View`.  Games are split where
    the card counts ``[6][0..4]`` add up to more than in the table before (a game ended by 20
    passes before anybody played a card would not be split)."""
    read = read_tables(read_path)
    write = read_tables(write_path)
    sent = {write[i][0]: write[i + 1 : i + 9] for i in range(0, len(write), 9)}
    player = read[0][0]
    records = [
        (read[i][0], read[i + 1 : i + 9], read[i + 9 : i + 17]) for i in range(1, len(read), 17)
    ]
    games: list[list[ViewTurn]] = []
    previous = None
    for counter, hand, field in records:
        total = sum(hand[6][0:5])
        if previous is None or total > previous:
            games.append([])
        previous = total
        mine = hand[5][2] == 1
        games[-1].append(ViewTurn(hand, sent[counter] if mine else None, field))
    if sorted(sent) != list(range(1, len(sent) + 1)):
        raise ValueError(f"{write_path}: counters are not 1, 2, ...")
    return View(player, tuple(ViewGame(n, tuple(t)) for n, t in enumerate(games, 1)))


def views_of_run(run: object) -> list[View]:
    """The five players' views of a recorded run (`games.daihinmin.network.recording.RunRecord`)."""
    from games.daihinmin.network.recording import RunRecord

    assert isinstance(run, RunRecord)
    views = []
    for p in range(5):
        games = []
        for game in run.games:
            turns = tuple(
                ViewTurn(
                    t.hands[p].grid(),
                    t.submission.grid() if t.mover == p else None,
                    t.field.grid(),
                )
                for t in game.turns
            )
            exchange = game.exchanges.get(p)
            games.append(
                ViewGame(
                    game.number,
                    turns,
                    game.deals[p].grid(),
                    exchange.grid() if exchange is not None else None,
                )
            )
        views.append(View(p, tuple(games)))
    return views


def cells_table(cards: int, joker: int) -> Grid:
    """The 8 x 15 table the C client writes for ``(cards, joker cell)`` (`DefaultPlayer`'s
    ``last_cells``; a cell >= 75 lies in rows 5-7)."""
    table = [[0] * 15 for _ in range(8)]
    for index in range(4, 56):
        if cards >> index & 1:
            table[index & 3][index >> 2] = 1
    if joker >= 0:
        table[joker // 15][joker % 15] = 2
    return table


def _cards_part(table: Grid) -> list[list[int]]:
    return [row[:] for row in table[:5]]


@attrs.frozen
class Mismatch:
    game: int
    turn: int
    what: str
    expected: object
    got: object


@attrs.define
class ReplayStats:
    """What a replay checked."""

    decisions: int = 0
    passes: int = 0
    exchanges: int = 0
    mismatches: list[Mismatch] = attrs.field(factory=list)
    #: (game, turn) of the own submissions that the field table shows were refused
    refused: list[tuple[int, int]] = attrs.field(factory=list)


def _deal(table: Grid, player: int, game: int) -> Deal:
    ranks = tuple(table[6][5:10])
    return Deal(
        player,
        game,
        read_hand(table),
        table[5][1],
        ranks if any(ranks) else None,
        tuple(table[6][10:15]),
        tuple(table[6][0:5]),
    )


def replay(
    view: View,
    player: object,
    *,
    written: Callable[[object], Grid] | None = None,
    on_turn: Callable[[int, int, object], None] | None = None,
) -> ReplayStats:
    """Feed ``view`` to ``player`` and compare its submissions with the recorded ones.

    ``written(player)`` gives the table the player wrote for its last `play` (default: the
    table of the returned meld, rows 0-4); every own submission is compared cell by cell with
    the recorded table, every exchange by its cards.  ``on_turn(game, turn, player)`` runs
    after every field table (for checks of the player's state).
    """
    stats = ReplayStats()
    me = view.player
    for game in view.games:
        start = getattr(player, "start_game", None)
        if game.deal is not None and start is not None:
            deal = _deal(game.deal, me, game.number)
            start(deal)
            if deal.give > 0 and game.exchange is not None:
                stats.exchanges += 1
                got = player.exchange(deal)  # type: ignore[attr-defined]
                expected = read_hand(game.exchange)
                if got != expected:
                    stats.mismatches.append(Mismatch(game.number, 0, "exchange", expected, got))
        ranks_cells = tuple(game.turns[0].hand[6][5:10]) if game.turns else ()
        ranks = ranks_cells if any(ranks_cells) else None
        shown: Meld | None = None
        previous_field: Grid | None = None
        for index, turn in enumerate(game.turns):
            hand = turn.hand
            empty = hand[5][4] == 1
            if turn.submission is not None:
                obs = Observation(
                    me,
                    read_hand(hand),
                    None if empty else shown,
                    hand[5][6] == 1,
                    hand[5][7] == 1,
                    tuple(hand[6][0:5]),
                    tuple(hand[6][10:15]),
                    ranks,
                    0,
                    (),
                    0,
                    -1,
                    game.number,
                    me,
                )
                meld = player.play(obs)  # type: ignore[attr-defined]
                stats.decisions += 1
                if written is not None:
                    got_table = written(player)
                    expected_table = turn.submission
                else:
                    got_table = _meld_table(meld)
                    expected_table = _cards_part(turn.submission)
                if got_table != expected_table:
                    stats.mismatches.append(
                        Mismatch(game.number, index, "play", expected_table, got_table)
                    )
                if not any(any(row) for row in turn.submission[:5]):
                    stats.passes += 1
            field = read_field(turn.field)
            changed = field is not None and (
                empty or previous_field is None or _cards_part(turn.field) != previous_field
            )
            played = turn.submission is not None and any(any(r) for r in turn.submission[:5])
            if played and not changed:
                stats.refused.append((game.number, index))
            last = index == len(game.turns) - 1
            cleared = last or game.turns[index + 1].hand[5][4] == 1
            mover = turn.field[5][3]
            finished = turn.field[6][mover] == 0 and hand[6][mover] > 0 if mover < 5 else False
            result = MoveResult(
                mover,
                field if changed and field is not None else PASS,
                changed,
                None,
                field,
                cleared,
                finished,
                last,
            )
            player.observe(result)  # type: ignore[attr-defined]
            if on_turn is not None:
                on_turn(game.number, index, player)
            shown = field
            previous_field = _cards_part(turn.field)
        end = getattr(player, "end_game", None)
        if end is not None:
            end([], game is view.games[-1])
    return stats


def _meld_table(meld: object) -> list[list[int]]:
    table = [[0] * 15 for _ in range(5)]
    if isinstance(meld, Meld):
        for index in range(4, 56):
            if meld.cards >> index & 1:
                table[index & 3][index >> 2] = 1
        if meld.joker >= 0:
            table[meld.joker // 15][meld.joker % 15] = 2
    elif not (meld is PASS or getattr(meld, "kind", None) == 0):
        cards = getattr(meld, "cards", 0) & ~JOKER
        for index in range(4, 56):
            if cards >> index & 1:
                table[index & 3][index >> 2] = 1
    return table


def summary(stats: Iterable[ReplayStats]) -> tuple[int, int, int]:
    """Totals ``(decisions, exchanges, mismatches)`` of several replays."""
    items: Sequence[ReplayStats] = list(stats)
    return (
        sum(s.decisions for s in items),
        sum(s.exchanges for s in items),
        sum(len(s.mismatches) for s in items),
    )
