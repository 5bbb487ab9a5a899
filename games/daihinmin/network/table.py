"""The UECda protocol's 8 x 15 tables, read and written exactly as the C server does.

A table is a list of 8 rows of 15 ints (RULES.md §1): rows 0-4 are cards (row = suit S H D C,
then the joker row; column 1 = rank 3 ... 13 = rank 2), row 5 holds flags, row 6 the card
counts, ranks and seats.  The server writes *hand*, *deal* and *field* tables and reads
*submissions* (plays and exchange cards); `read_submission` and `read_exchange` reproduce its
checks (``check_include_card``, ``count_card_num``, ``analyze_card``) on any table, junk
included.

>>> from games.daihinmin.rules.cards import parse_cards
>>> from games.daihinmin.rules.melds import Meld
>>> t = submission_table(Meld.parse("5S JK(6S) 7S"))
>>> t[0][3:6], t[4][1]
([1, 2, 1], 0)
>>> read_submission(t, parse_cards("5S 7S 9D JK"))
Meld('5S JK(6S) 7S')
>>> read_submission(t, parse_cards("5S 7S 9D"))
Illegal('a 2 (the joker) is written but the joker is not in the hand')

Where the C server has a bug, this module does the sound thing (RULES.md §12):

* a ``2`` written on a real card's cell in an exchange gives the joker only (the server also
  deletes that card from the giver's hand, item 2);
* a submission with junk values or a joker the player does not hold is refused even when it
  reads as the 3 of spades on a lone joker (the server accepts it there, item 1).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

import cgt
from games.daihinmin.rules.cards import JOKER, REAL_CARDS
from games.daihinmin.rules.melds import PASS, Illegal, Meld, MeldError, analyze
from games.daihinmin.rules.observation import Deal, Observation

__all__ = [
    "Table",
    "TableError",
    "TableState",
    "check_table",
    "deal_table",
    "decode_20140",
    "empty_table",
    "encode_20140",
    "exchange_table",
    "field_table",
    "hand_table",
    "read_exchange",
    "read_field",
    "read_hand",
    "read_state",
    "read_submission",
    "submission_table",
]

Table = list[list[int]]
ROWS, COLUMNS = 8, 15
_INT32 = range(-(2**31), 2**31)


class TableError(cgt.CGTError, ValueError):
    """A table of the wrong shape, a non-int cell, or cells the protocol does not allow."""


def empty_table() -> Table:
    """8 rows of 15 zeros."""
    return [[0] * COLUMNS for _ in range(ROWS)]


def check_table(table: object) -> Table:
    """`table` itself if it is 8 rows of 15 ints in the int32 range, else `TableError`.

    >>> check_table([[0] * 15] * 7)
    Traceback (most recent call last):
    ...
    games.daihinmin.network.table.TableError: a table has 8 rows, got 7
    """
    if type(table) is list and len(table) == ROWS:  # the fast path: a list of int lists
        try:
            flat = [v for row in table for v in row] if all(len(r) == 15 for r in table) else []
        except TypeError:
            flat = []
        if (
            len(flat) == ROWS * COLUMNS
            and set(map(type, flat)) == {int}
            and min(flat) >= _INT32.start
            and max(flat) < _INT32.stop
        ):
            return table
    if not isinstance(table, Sequence) or isinstance(table, str | bytes):
        raise TableError(f"a table is a list of 8 rows, got {type(table).__name__}")
    if len(table) != ROWS:
        raise TableError(f"a table has 8 rows, got {len(table)}")
    for r, row in enumerate(table):
        if not isinstance(row, Sequence) or len(row) != COLUMNS:
            size = len(row) if isinstance(row, Sequence) else type(row).__name__
            raise TableError(f"row {r} of a table must hold 15 ints, got {size}")
        for c, value in enumerate(row):
            if type(value) is not int or value not in _INT32:
                raise TableError(f"cell [{r}][{c}] = {value!r} is not a 32-bit int")
    return table  # type: ignore[return-value]


# --- writing ----------------------------------------------------------------------------
def _put_cards(table: Table, mask: int) -> None:
    """Real cards as 1 at [row][column], the joker as 2 at [4][1] (how hands are written)."""
    for index in range(4, 60):
        if mask >> index & 1:
            table[index & 3][index >> 2] = 1
    if mask & JOKER:
        table[4][1] = 2


def _put_meld(table: Table, meld: Meld) -> None:
    for row, column, value in meld.cells():
        table[row][column] = value


def _put_players(
    table: Table, counts: Sequence[int], ranks: Sequence[int] | None, seats: Sequence[int]
) -> None:
    table[6][0:5] = list(counts)
    table[6][5:10] = list(ranks) if ranks is not None else [0] * 5
    table[6][10:15] = list(seats)


def hand_table(obs: Observation) -> Table:
    """The hand table the server sends `obs.player` before the move of `obs.turn`.

    Rank cells ``[6][5..9]`` hold the ranks of the game's start (the server's are garbage
    during play, RULES.md §1.2).

    >>> from games.daihinmin.rules.engine import GameState
    >>> t = hand_table(Observation.of(GameState.from_hands(["3D JK", "4S", "5S", "6S", "7S"]), 0))
    >>> t[2][1], t[4][1], t[5][:8], t[6]
    (1, 2, [0, 0, 1, 0, 1, 0, 0, 0], [2, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4])
    """
    table = empty_table()
    _put_cards(table, obs.hand)
    turn = obs.player if obs.turn < 0 else obs.turn
    table[5][2] = int(turn == obs.player)
    table[5][3] = turn
    table[5][4] = int(obs.field is None)
    table[5][6] = int(obs.revolution)
    table[5][7] = int(obs.lock)
    _put_players(table, obs.counts, obs.ranks, obs.seats)
    return table


def deal_table(deal: Deal, exchange: bool = True) -> Table:
    """The deal table of `deal.player`: ``[5][0] = 1``, ``[5][3] = 6``, ``[5][1]`` = cards to
    give; with ranks and `exchange` the server writes ``2 - rank`` there (-1 / -2 for hinmin
    and daihinmin: protocol 20070 sends them as 0, 20140 as they are)."""
    table = empty_table()
    _put_cards(table, deal.hand)
    table[5][0] = 1
    table[5][3] = 6
    if deal.ranks is not None and exchange:
        table[5][1] = 2 - deal.ranks[deal.player]
    else:
        table[5][1] = deal.give
    _put_players(table, deal.counts, deal.ranks, deal.seats)
    return table


def field_table(
    field: Meld | None,
    mover: int,
    *,
    counts: Sequence[int],
    seats: Sequence[int],
    ranks: Sequence[int] | None = None,
    revolution: bool = False,
    lock: bool = False,
) -> Table:
    """The field table after a move of `mover`: the field's meld as written (``None``: empty,
    ``[5][4] = 1``), the state after the move and before the field is cleared."""
    table = empty_table()
    if field is not None:
        _put_meld(table, field)
    table[5][3] = mover
    table[5][4] = int(field is None)
    table[5][6] = int(revolution)
    table[5][7] = int(lock)
    _put_players(table, counts, ranks, seats)
    return table


def submission_table(meld: Meld) -> Table:
    """The table a client sends to play `meld` (all zero for a pass)."""
    table = empty_table()
    _put_meld(table, meld)
    return table


def exchange_table(cards: int) -> Table:
    """The table a daifugo / fugo sends to hand back `cards` (the joker at ``[4][1]``)."""
    table = empty_table()
    _put_cards(table, cards)
    return table


# --- reading (server side) --------------------------------------------------------------
@attrs.frozen
class _Cells:
    ones: int  # 1s of rows 0-3, bit 4*column + row (columns 0 and 14 included)
    ones_row4: bool
    twos: tuple[int, ...]  # cells row*15+column holding a 2
    junk: tuple[tuple[int, int, int], ...]

    @property
    def count(self) -> int:
        """``count_card_num``: the 1s and 2s of rows 0-4."""
        return self.ones.bit_count() + self.ones_row4 + len(self.twos)


def _cells(table: Table) -> _Cells:
    ones, row4, twos, junk = 0, False, [], []
    for r in range(5):
        for c, value in enumerate(table[r]):
            if value == 1:
                if r == 4:
                    row4 = True
                else:
                    ones |= 1 << (4 * c + r)
            elif value == 2:
                twos.append(15 * r + c)
            elif value:
                junk.append((r, c, value))
    return _Cells(ones, row4, tuple(twos), tuple(junk))


def _faults(cells: _Cells, hand: int) -> str | None:
    """``count_card_num`` and ``check_include_card``: why the table cannot be a play."""
    if cells.junk:
        r, c, v = cells.junk[0]
        return f"cell [{r}][{c}] holds {v} (only 0, 1 and 2 are cards)"
    if cells.ones_row4:
        return "a 1 in row 4 (the joker row holds only a 2)"
    if len(cells.twos) > 1:
        return f"{len(cells.twos)} cells hold a 2 (there is one joker)"
    if cells.ones & ~hand & REAL_CARDS:
        return "a card that is not in the hand"
    if cells.twos and not hand & JOKER:
        return "a 2 (the joker) is written but the joker is not in the hand"
    return None


def read_submission(table: Table, hand: int) -> Meld | Illegal:
    """The server's reading of a play `table` from a player holding `hand`: a `Meld` (maybe
    `PASS`), or `Illegal` (refused: counts as a pass).  A table with no 1 and no 2 in rows 0-4
    is a pass whatever else it holds, as on the server.

    >>> t = empty_table(); t[0][1] = 1; t[1][1] = 7
    >>> read_submission(t, 1 << 4)
    Illegal('cell [1][1] holds 7 (only 0, 1 and 2 are cards)')
    """
    cells = _cells(check_table(table))
    if cells.count == 0:
        return PASS
    tried = (cells.ones & REAL_CARDS) | (JOKER if cells.twos else 0)
    fault = _faults(cells, hand)
    if fault is None and cells.ones & ~REAL_CARDS:
        fault = "a 1 in column 0 or 14 (they hold only a joker)"
    if fault is not None:
        return Illegal(fault, tried)
    joker = cells.twos[0] if cells.twos else -1
    status = analyze(cells.ones, joker)
    if isinstance(status, str):
        return Illegal(status, tried)
    return Meld(cells.ones, joker)


def read_exchange(table: Table, hand: int, count: int) -> int | None:
    """The cards (a mask) a daifugo (`count` 2) or fugo (1) holding `hand` hands back with
    `table`, or ``None`` if the server finds the choice invalid (it then takes the giver's
    strongest cards).  Valid: exactly `count` cells with 1 or 2, all held (a 2 needs the
    joker); for the daifugo also no junk, no 1 in row 4 or columns 0/14 and at most one 2
    (the server skips ``count_card_num``'s verdict for the fugo, ``daihu.c:771``).

    A 2 gives the joker wherever it is written (the server also deletes a held card written
    over: not reproduced).

    >>> from games.daihinmin.rules.cards import parse_cards, format_cards
    >>> t = empty_table(); t[0][5] = 2; t[3][1] = 1
    >>> format_cards(read_exchange(t, parse_cards("3C 7S JK"), 2))
    '3C JK'
    """
    cells = _cells(check_table(table))
    if cells.count != count:
        return None
    if count >= 2 and (cells.junk or cells.ones_row4 or len(cells.twos) > 1):
        return None
    if cells.ones & ~hand or (cells.twos and not hand & JOKER):
        return None
    if cells.ones_row4:  # the hand never holds a 1 in row 4
        return None
    return cells.ones | (JOKER if cells.twos else 0)


# --- reading (client side) --------------------------------------------------------------
def read_hand(table: Table) -> int:
    """The cards of a hand or deal table (the joker is the 2, normally at ``[4][1]``)."""
    cells = _cells(check_table(table))
    if cells.junk or cells.ones_row4 or len(cells.twos) > 1 or cells.ones & ~REAL_CARDS:
        raise TableError("rows 0-4 of a hand table hold no valid hand")
    return cells.ones | (JOKER if cells.twos else 0)


def read_field(table: Table) -> Meld | None:
    """The meld shown by a field table, ``None`` if rows 0-4 are empty."""
    cells = _cells(check_table(table))
    if cells.count == 0:
        return None
    if cells.junk or cells.ones_row4 or len(cells.twos) > 1:
        raise TableError("rows 0-4 of a field table hold no meld")
    try:
        return Meld(cells.ones, cells.twos[0] if cells.twos else -1)
    except MeldError as exc:
        raise TableError(f"the field table shows no meld: {exc}") from exc


@attrs.frozen
class TableState:
    """Rows 5 and 6 of a server table (RULES.md §1.2)."""

    deal: bool
    give: int
    my_turn: bool
    turn: int
    empty_field: bool
    eleven_back: bool
    revolution: bool
    lock: bool
    counts: tuple[int, ...]
    ranks: tuple[int, ...]
    seats: tuple[int, ...]


def read_state(table: Table) -> TableState:
    """The flags and player cells of a hand, deal or field table."""
    row5, row6 = check_table(table)[5], table[6]
    return TableState(
        row5[0] == 1,
        row5[1],
        row5[2] == 1,
        row5[3],
        row5[4] == 1,
        row5[5] == 1,
        row5[6] == 1,
        row5[7] == 1,
        tuple(row6[0:5]),
        tuple(row6[5:10]),
        tuple(row6[10:15]),
    )


# --- protocol 20140: 33 hex digits --------------------------------------------------------
def _digit(value: int, where: str) -> str:
    if not 0 <= value <= 15:
        raise TableError(f"{where} = {value} does not fit one hex digit (protocol 20140)")
    return "0123456789ABCDEF"[value]


def encode_20140(table: Table) -> bytes:
    """A table as the 33 upper-case hex digits of protocol 20140 (``conv_table_20140``).

    >>> t = empty_table(); t[0][1] = t[2][1] = 1; t[4][1] = 2; t[6][0:5] = [11, 11, 11, 10, 10]
    >>> encode_20140(t)
    b'50000000000003D200BBBAA0000000000'
    """
    check_table(table)
    out = []
    for c in range(1, 14):
        out.append(_digit(sum((table[r][c] == 1) << r for r in range(4)), f"column {c}"))
    joker = next((i for i in range(75) if table[i // 15][i % 15] == 2), 0xFF)
    out.append(f"{joker:02X}")
    row5 = table[5]
    out.append(_digit(8 * (row5[0] == 1) + row5[1] + 2, "8*[5][0] + [5][1] + 2"))
    out.append(_digit(8 * (row5[2] == 1) + row5[3], "8*[5][2] + [5][3]"))
    out.append(_digit(sum((row5[4 + i] == 1) << i for i in range(4)), "[5][4..7]"))
    out += [_digit(v, f"[6][{i}]") for i, v in enumerate(table[6])]
    return "".join(out).encode("ascii")


def decode_20140(data: bytes) -> Table:
    """The table of 33 hex digits of protocol 20140 (``conv_20140_table``); `TableError` for
    anything else.  A joker cell in rows 5-7 is kept there (the server ignores it); beyond
    the table it is an error.

    >>> t = decode_20140(b"50000000000003D200BBBAA0000000000")
    >>> t[0][1], t[2][1], t[4][1], t[5][1], t[6][:5]
    (1, 1, 2, 0, [11, 11, 11, 10, 10])
    """
    if not isinstance(data, bytes | bytearray) or len(data) != 33:
        raise TableError(f"a protocol-20140 table is 33 bytes, got {data!r}")
    try:
        digits = [int(chr(b), 16) for b in data]
    except ValueError:
        raise TableError(f"a protocol-20140 table holds hex digits only, got {data!r}") from None
    table = empty_table()
    for c in range(1, 14):
        for r in range(4):
            table[r][c] = digits[c - 1] >> r & 1
    joker = 16 * digits[13] + digits[14]
    if joker != 0xFF:
        if joker >= ROWS * COLUMNS:
            raise TableError(f"joker cell {joker} of a protocol-20140 table is outside the table")
        table[joker // 15][joker % 15] = 2
    table[5][0], table[5][1] = digits[15] >> 3 & 1, digits[15] % 8 - 2
    table[5][2], table[5][3] = digits[16] >> 3 & 1, digits[16] % 8
    for i in range(4):
        table[5][4 + i] = digits[17] >> i & 1
    table[6] = digits[18:33]
    return table
