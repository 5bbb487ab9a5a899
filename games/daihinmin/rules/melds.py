"""Melds: what a player puts on the field, classified exactly as the UECda server does.

A meld is a set of real cards (a `cards` mask) plus, optionally, the joker written at one cell
of the table (``joker = row * 15 + column``, the server's own numbering of cells).  The server's
``analyze_card`` reads a submission as

* a **pass**: no card;
* a **single**: one real card;
* a **lone joker**: the joker alone, at any cell of rows 0-3 (it beats any single);
* a **group**: 2-5 cards of one rank, the joker standing for a missing suit (a five-card group
  must write the joker in row 4);
* a **sequence**: 3+ cards of one suit in consecutive columns, the joker filling one of them,
  possibly column 0 (below the 3) or 14 (above the 2).

Its *status* is ``(rank, size, suits, kind)``: the lowest column, the number of cards, the rows
used as a bit mask, and the kind; this is all the rules look at.

>>> from games.daihinmin.rules.melds import Meld
>>> m = Meld.parse("5S JK 7S")
>>> m, m.kind.name, m.rank, m.size, m.suits
(Meld('5S JK(6S) 7S'), 'SEQUENCE', 3, 3, 1)
>>> Meld.parse("7H 7S JK").suits  # the joker takes the first missing suit, diamonds
7
>>> Meld.parse("4S 6S")
Traceback (most recent call last):
...
games.daihinmin.rules.melds.MeldError: 4S 6S is not a meld: cards of one rank, or of one suit ...
"""

from __future__ import annotations

from enum import IntEnum

import cgt
from games.daihinmin.rules.cards import (
    JOKER,
    RANK_NAMES,
    REAL_CARDS,
    SUIT_NAMES,
    CardError,
    format_card,
    parse_cards,
)

__all__ = [
    "EIGHT",
    "PASS",
    "Illegal",
    "Kind",
    "Meld",
    "MeldError",
    "beats",
    "joker_cell",
]

#: the column of the 8 (8-cut)
EIGHT = 6
#: where a lone joker is written unless said otherwise ([0][14], as the devkit client does)
LONE_JOKER_CELL = 14
_COLS_0_14 = 0xF | (0xF << 56)


class Kind(IntEnum):
    """The server's meld types (``status[3]``)."""

    PASS = 0
    SINGLE = 1
    GROUP = 2
    SEQUENCE = 3
    JOKER = 4


_KINDS = tuple(Kind)


class MeldError(cgt.CGTError, ValueError):
    """A set of cards that the server would not accept as one meld."""


def joker_cell(row: int, column: int) -> int:
    """The cell number ``row * 15 + column`` of the table."""
    return row * 15 + column


_SHARED: dict[int, Meld] = {}


class Meld:
    """One play: real cards plus, optionally, the joker at a table cell.  Immutable.

    Two melds are equal when they take the same cards with the joker at the same cell; a lone
    joker equals any other lone joker (its cell changes nothing in the rules).

    Build one with `Meld.parse`, `Meld.of` or the named constructors; every constructor
    checks the meld as the server's ``analyze_card`` would and raises `MeldError` if not.
    """

    __slots__ = ("_hash", "cards", "joker", "kind", "rank", "size", "suits")
    _hash: int
    cards: int
    joker: int
    kind: Kind
    rank: int
    size: int
    suits: int

    def __init__(self, cards: int, joker: int = -1) -> None:
        status = analyze(cards, joker)
        if isinstance(status, str):
            text = _describe(cards, joker)
            raise MeldError(f"{text} is not a meld: {status}")
        self._set(cards, joker, *status)

    def _set(self, cards: int, joker: int, rank: int, size: int, suits: int, kind: int) -> None:
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "joker", joker)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "size", size)
        object.__setattr__(self, "suits", suits)
        object.__setattr__(self, "kind", _KINDS[kind])
        # a lone joker is the same play wherever it is written
        object.__setattr__(self, "_hash", hash((0, -2) if kind == Kind.JOKER else (cards, joker)))

    @classmethod
    def _trusted(cls, cards: int, joker: int, rank: int, size: int, suits: int, kind: int) -> Meld:
        """A meld whose status the caller has computed (move generation); not checked.  Melds
        are shared: the same cards and joker cell give the same object."""
        key = (cards << 7) | (joker + 1)
        meld = _SHARED.get(key)
        if meld is None:
            meld = object.__new__(cls)
            meld._set(cards, joker, rank, size, suits, kind)
            _SHARED[key] = meld
        return meld

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Meld is immutable")

    # --- constructors -------------------------------------------------------------------
    @classmethod
    def of(cls, cards: int, joker: int = -1) -> Meld:
        """The meld of real cards ``cards`` and the joker at cell ``joker`` (-1: none)."""
        return cls(cards, joker)

    @classmethod
    def single(cls, card: int) -> Meld:
        """One real card."""
        return cls(card)

    @classmethod
    def lone_joker(cls, cell: int = LONE_JOKER_CELL) -> Meld:
        """The joker alone (written at ``[0][14]`` unless another cell is given)."""
        return cls(0, cell)

    @classmethod
    def parse(cls, text: str) -> Meld:
        """A meld from card names: ``"5S 6S 7S"``, ``"7H 7S JK"``, ``"5S JK(6S) 7S"``,
        ``"JK"``, ``"pass"``.  A joker below the 3 or above the 2 of a sequence is written
        ``JK(S<3)`` / ``JK(S>2)`` (suit, then the side).

        A joker without ``(card)`` stands where it must: in a group the first missing suit
        (row 4 beside four cards); in a sequence the gap, else just above the top card (or just
        below the lowest when the top is a 2).
        """
        if not isinstance(text, str):
            raise cgt.WrongTypeError(f"a meld is text such as '5S 6S 7S' or 'pass', not {text!r}")
        words = text.replace(",", " ").split()
        if [w.lower() for w in words] in ([], ["pass"]):
            return PASS
        stand_in: int | None = None
        names = []
        for word in words:
            upper = word.upper()
            if upper.startswith("JK(") and upper.endswith(")"):
                if stand_in is not None:
                    raise MeldError(f"two jokers in {text!r}")
                inner = upper[3:-1]
                if len(inner) == 3 and inner[0] in SUIT_NAMES and inner[1:] in ("<3", ">2"):
                    col = 0 if inner[1:] == "<3" else 14
                    stand_in = 1 << (4 * col + SUIT_NAMES.index(inner[0]))
                else:
                    stand_in = parse_cards([inner])
                if stand_in == JOKER:
                    raise CardError(f"the joker cannot stand for itself in {text!r}")
                names.append("JK")
            else:
                names.append(word)
                if parse_cards([word]) == JOKER and stand_in is None:
                    stand_in = 0
        mask = parse_cards(names)
        real = mask & REAL_CARDS
        if not mask & JOKER:
            return cls(real)
        if stand_in:
            index = stand_in.bit_length() - 1
            if real & stand_in:
                raise MeldError(f"the joker stands for {format_card(stand_in)}, also played")
            return cls(real, joker_cell(index & 3, index >> 2))
        return cls(real, _place_joker(real, text))

    # --- derived ------------------------------------------------------------------------
    @property
    def uses_joker(self) -> bool:
        """Whether the meld takes the joker from the hand."""
        return self.joker >= 0

    @property
    def hand_cards(self) -> int:
        """The cards the meld takes from a hand: its real cards, and the joker if used."""
        return self.cards | JOKER if self.joker >= 0 else self.cards

    @property
    def top(self) -> int:
        """The highest column of the meld (the rank for singles and groups)."""
        return self.rank + self.size - 1 if self.kind == Kind.SEQUENCE else self.rank

    @property
    def has_eight(self) -> bool:
        """Whether the meld holds an 8 (the joker standing for one counts): an 8-cut."""
        kind = self.kind
        if kind == Kind.SEQUENCE:
            return self.rank <= EIGHT <= self.rank + self.size - 1
        return kind in (Kind.SINGLE, Kind.GROUP) and self.rank == EIGHT

    @property
    def is_revolution(self) -> bool:
        """Whether playing it toggles the revolution (a group of 4+ or a sequence of 5+)."""
        kind = self.kind
        return (kind == Kind.GROUP and self.size >= 4) or (kind == Kind.SEQUENCE and self.size >= 5)

    @property
    def is_pass(self) -> bool:
        return self.kind == Kind.PASS

    def cells(self) -> list[tuple[int, int, int]]:
        """The table cells ``(row, column, value)`` the meld writes (value 2 for the joker)."""
        out = []
        real = self.cards
        while real:
            low = real & -real
            index = low.bit_length() - 1
            out.append((index & 3, index >> 2, 1))
            real ^= low
        if self.joker >= 0:
            out.append((self.joker // 15, self.joker % 15, 2))
        return sorted(out, key=lambda cell: (cell[1], cell[0]))

    def __str__(self) -> str:
        if self.kind == Kind.PASS:
            return "pass"
        words = []
        for row, col, value in self.cells():
            if value == 1:
                words.append(RANK_NAMES[col] + SUIT_NAMES[row])
            elif self.kind in (Kind.JOKER,) or row == 4:
                words.append("JK")
            else:
                words.append(f"JK({_cell_name(row, col)})")
        return " ".join(words)

    def __repr__(self) -> str:
        return f"Meld({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Meld):
            return NotImplemented
        if self.kind == Kind.JOKER:  # wherever the lone joker is written
            return other.kind == Kind.JOKER
        return self.cards == other.cards and self.joker == other.joker

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[type[Meld], tuple[int, int]]:
        return (Meld, (self.cards, self.joker))


def _cell_name(row: int, col: int) -> str:
    if RANK_NAMES[col]:
        return RANK_NAMES[col] + SUIT_NAMES[row]
    return SUIT_NAMES[row] + ("<3" if col == 0 else ">2")


def _describe(cards: int, joker: int) -> str:
    words = [format_card(1 << i) for i in range(4, 56) if (cards >> i) & 1]
    if cards & _COLS_0_14:
        words.append("cards in column 0/14")
    if joker >= 0:
        words.append(f"JK at [{joker // 15}][{joker % 15}]")
    return " ".join(words) or "nothing"


def _place_joker(real: int, text: str) -> int:
    """The cell where a bare ``JK`` stands in a meld written as text."""
    if not real:
        return LONE_JOKER_CELL
    low = real & -real
    index = low.bit_length() - 1
    col, row = index >> 2, index & 3
    nibble = (real >> (4 * col)) & 0xF
    if real == nibble << (4 * col):  # one rank: a group
        for suit in range(4):
            if not nibble >> suit & 1:
                return joker_cell(suit, col)
        return joker_cell(4, col)
    lane = 0
    for c in range(15):
        if (real >> (4 * c + row)) & 1:
            lane |= 1 << c
    if real != sum(1 << (4 * c + row) for c in range(15) if lane >> c & 1):
        raise MeldError(f"{text!r} is not a meld: cards of one rank, or of one suit")
    top = lane.bit_length() - 1
    for c in range(col, top):
        if not lane >> c & 1:
            return joker_cell(row, c)
    return joker_cell(row, top + 1 if top < 14 else col - 1)


def analyze(cards: int, joker: int) -> tuple[int, int, int, int] | str:
    """The server's reading of a submission: ``(rank, size, suits, kind)``, or why it is
    illegal (a string).

    ``cards`` may hold bits of columns 0 and 14 (illegal for a real card, as on the server);
    ``joker`` is -1 or a cell ``row * 15 + column`` with row 0-4.  This follows
    ``analyze_card`` and ``count_card_num`` of the server (``external.c``).
    """
    if cards < 0 or cards >> 60:
        return "cards outside the table"
    if not -1 <= joker < 75:
        return f"the joker's cell {joker} is outside rows 0-4 of the table"
    n = cards.bit_count() + (joker >= 0)
    if n == 0:
        return (0, 0, 0, Kind.PASS)
    bad_cells = bool(cards & _COLS_0_14)
    # first non-empty cell, scanning column by column, rows 0..4 within a column
    if cards:
        index = (cards & -cards).bit_length() - 1
        first_col, first_row = index >> 2, index & 3
    else:
        first_col, first_row = 99, 99
    jrow, jcol = (joker // 15, joker % 15) if joker >= 0 else (99, 99)
    first_is_joker = (jcol, jrow) < (first_col, first_row)
    if first_is_joker:
        first_col, first_row = jcol, jrow

    def filled(row: int, col: int) -> bool:
        if row == jrow and col == jcol:
            return True
        return row < 4 and 0 <= col <= 14 and bool((cards >> (4 * col + row)) & 1)

    kind = (Kind.JOKER if first_is_joker else Kind.SINGLE) if n == 1 else Kind.PASS
    if first_col != 14 and filled(first_row, first_col + 1):
        suits = 1 << first_row
        size = 0
        col = first_col
        while col <= 14 and filled(first_row, col):
            size += 1
            col += 1
        kind = Kind.SEQUENCE
        if size <= 2:
            if n > size:
                return "cards of one suit must be consecutive and nothing else may be played"
            return "a sequence needs at least 3 cards"
    else:
        size = 0
        suits = 0
        for row in range(5):
            if filled(row, first_col):
                size += 1
                suits |= 1 << row
        if kind == Kind.PASS:
            kind = Kind.GROUP
    if suits >= 16 and suits != 31:
        if size == 1:
            return "a lone joker may not be written in row 4"
        return "the joker may stand in row 4 only beside four cards of its rank"
    if bad_cells:
        return "a real card in column 0 or 14 (they hold only a joker)"
    if n != size:
        if kind == Kind.SEQUENCE:
            return "cards of one suit must be consecutive and nothing else may be played"
        return "cards of one rank, or of one suit in consecutive ranks, are needed"
    return (first_col, size, suits, int(kind))


def beats(field: Meld, meld: Meld, revolution: bool) -> bool:
    """Whether ``meld`` may follow ``field`` (``compare_card_status``): the same size, the same
    kind (a lone joker beats any single) and strictly stronger; the lock and the lone-joker
    rule are checked by the engine.

    >>> ks, ah = Meld.parse("KS"), Meld.parse("AH")
    >>> beats(ks, ah, False), beats(ks, ah, True)
    (True, False)
    >>> beats(Meld.parse("3S 4S 5S"), Meld.parse("6H 7H 8H"), False)
    True
    """
    if field.size != meld.size:
        return False
    if meld.kind == Kind.JOKER and field.kind == Kind.SINGLE:
        return True
    if field.kind != meld.kind:
        return False
    if field.kind == Kind.GROUP:
        return meld.rank < field.rank if revolution else meld.rank > field.rank
    if revolution:
        return meld.rank + field.size - 1 < field.rank
    return meld.rank > field.rank + field.size - 1


PASS = Meld._trusted(0, -1, 0, 0, 0, Kind.PASS)


class Illegal:
    """A submission that is no meld at all (junk in a protocol table, cards that form no
    meld): the server refuses it, which counts as a pass.  ``cards`` is what it tried to take
    from the hand, for the record."""

    __slots__ = ("cards", "reason")
    kind = Kind.PASS

    def __init__(self, reason: str, cards: int = 0) -> None:
        self.reason = reason
        self.cards = cards

    def __repr__(self) -> str:
        return f"Illegal({self.reason!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Illegal) and (self.reason, self.cards) == (
            other.reason,
            other.cards,
        )

    def __hash__(self) -> int:
        return hash((self.reason, self.cards))
