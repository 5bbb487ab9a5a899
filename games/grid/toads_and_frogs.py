"""Toads and Frogs (Winning Ways ch. 1; Erickson, "New Toads and Frogs results", 1996).

A strip of squares holds toads (``T``, Left's), frogs (``F``, Right's) and blanks (``.``).
A toad moves right, a frog left: one step into an empty square, or a jump over exactly one
creature of the other kind into the empty square beyond.  The player who cannot move loses.

* `ToadsAndFrogs`: positions (``ToadsAndFrogs("TT..FF")``; ``t``/``f``, and ``_``, ``□`` or a
  space for a blank, accepted; ``|`` is a wall no creature passes, as in Erickson's program in
  the Gamesman's Toolkit, so ``"T.F|T.F"`` is a sum of two strips), their options,
  `~ToadsAndFrogs.components` (the strip splits at creatures that can never move, and the toads
  past the last frog and the frogs before the first toad are worth an integer) and
  `~ToadsAndFrogs.normal_form` (reversing the strip and swapping toads and frogs negates the
  value).
* Families from the literature, registered with ``cgt verify``: Erickson's conjectured values
  of ``T^a □^k F^b``, his theorem that contiguous creatures make an integer, and
  Thanatipanonda's theorem that ``T^a □□ F^a`` is infinitesimal for ``a >= 4``.

>>> from games.grid.toads_and_frogs import ToadsAndFrogs
>>> [ToadsAndFrogs(b).value() for b in ("T.", "T.F", "TT.F", "TT..F", "TTT...FFF")]
[Game('1'), Game('*'), Game('{1/2|0}'), Game('1'), Game('0')]
>>> ToadsAndFrogs("F.T.TTFF.F").components()
(ToadsAndFrogs('.T.'), ToadsAndFrogs('.F'))
>>> ToadsAndFrogs("T.F.T.T").components()  # the toads past the frog are worth 1
(ToadsAndFrogs('T.F..'), ToadsAndFrogs('T.'))

Why the parts are right (the tests check every claim against the plain recursion on every board
of at most 8 squares and on random ones; a one-off run checked the integer rule on every board
of at most 12 squares):

* **Stuck creatures.**  Cut the strip at its blanks into blocks of adjacent creatures.  A
  creature can become free to move only through a blank: a toad through the square ahead (or
  the one beyond a frog ahead), a frog alike leftwards.  From a blank on a block's right,
  freedom spreads leftwards through toads (a toad steps, freeing its square) and toad-frog pairs
  (the toad jumps, then the frog steps back into its square) and stops at a frog whose left
  neighbour is not a toad (``FF``, or the block's first creature).  From a blank on the left
  it spreads rightwards the same way and stops at a toad whose right neighbour is not a frog.
  What neither reaches (and, at an end of the strip, what the one side does not reach) is a
  run that starts with toads facing in and ends with frogs facing in: every move of one of its
  creatures needs a square of the run, so none ever moves (`_stuck_runs`).  No creature ever
  enters or jumps a stuck square, so the parts between stuck runs are independent strips.
* **The integer rule** (checked, not proved).  Squares right of the last frog only ever hold
  toads, which only step: the tail ``Y`` is replaced by its blanks alone plus the integer
  ``inv(Y)``, the number of (toad, blank to its right) pairs; frogs before the first toad
  alike, with the sign changed; when no toad is left of a frog, the kinds never meet and the
  strip is that integer.  A proof would show that a tail toad's step is worth exactly 1
  whatever happens around it; the difficulty is a toad on the first tail square, which blocks
  a toad behind the last frog from jumping in until Left spends a move.  We have no proof: the
  rule rests on the checks (every board of at most 12 squares by a one-off run, 707,034 of them
  with a tail or head to take off, and 5,429 random ones of 13 to 16 squares; the tests: every
  board of 8, random ones of up to 13).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import product
from typing import Any, ClassVar

import cgt
from games.grid._board import MAX_CELLS, check_cells

__all__ = [
    "ToadsAndFrogs",
    "ToadsAndFrogsError",
    "erickson_e1",
    "erickson_e2",
    "erickson_e3",
    "family",
    "plain_value",
]

_READ = {"T": "T", "t": "T", "F": "F", "f": "F", ".": ".", "_": ".", "□": ".", " ": ".", "|": "|"}
_MIRROR = str.maketrans("TF", "FT")
_WALL = "|"
"""The wall that joins the components of a normal form."""

_POSITIONS: cgt.Memo[Any] = cgt.Memo("toads-and-frogs-positions")
"""Board -> its one position object, so equal positions are one object (memo lookups succeed
by identity, and the parts and normal forms computed for a board are kept with it)."""
_POSITIONS_TABLE = _POSITIONS.table  # (a memo's dictionary is the same object for good)


class ToadsAndFrogsError(cgt.CGTError, ValueError):
    """A board that is not a word over toads, frogs and blanks.

    >>> try:
    ...     ToadsAndFrogs("TT.X")
    ... except ToadsAndFrogsError as error:
    ...     print(error)
    unknown square 'X' at column 4 of 'TT.X': use T (toad), F (frog), . (blank), | (wall)
    """


class ToadsAndFrogs(cgt.Position):
    """A Toads-and-Frogs strip, written left to right (``"TT..FF"``)."""

    __slots__ = ("_hash", "_normal", "_parts", "board")
    EDITOR: ClassVar[dict[str, Any]] = {
        "kind": "strip",
        "cells": "T.F|",
        "style": {
            "T": ["white", "#2e8b57"],
            ".": ["white", ""],
            "F": ["white", "#8b5a2b"],
            "|": ["#555555", ""],
        },
    }
    """How ``cgt explore`` draws and edits a strip: toads green, frogs brown, walls grey."""
    board: str
    _hash: int
    _parts: tuple[ToadsAndFrogs, ...] | None
    """The parts; None when the position is its own one part."""
    _normal: ToadsAndFrogs | tuple[ToadsAndFrogs, bool] | None
    """A one-part position: itself, or its mirror image when that is smaller (the normal form,
    negated).  Several parts: the normal form once asked for, None before.  (Parts and normal
    forms are set when a position is made; a one-part one, most of them, keeps no tuple, so
    the garbage collector has fewer objects to count and to visit.)"""

    def __init__(self, board: str) -> None:
        if not isinstance(board, str):
            raise ToadsAndFrogsError(f"a board is a string like 'TT..FF'; got {board!r}")
        if len(board) > MAX_CELLS:
            check_cells(len(board), "strip")
        for i, square in enumerate(board):
            if square not in _READ:
                raise ToadsAndFrogsError(
                    f"unknown square {square!r} at column {i + 1} of {board!r}: "
                    "use T (toad), F (frog), . (blank), | (wall)"
                )
        board = "".join(_READ[s] for s in board)
        _set_board(self, board)
        _set_hash(self, hash(board))
        _settle(self, board)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("ToadsAndFrogs positions are immutable")

    def __eq__(self, other: object) -> bool:
        return other is self or (isinstance(other, ToadsAndFrogs) and self.board == other.board)

    def __hash__(self) -> int:
        return self._hash

    def __lt__(self, other: ToadsAndFrogs) -> bool:
        return (len(self.board), self.board) < (len(other.board), other.board)

    def __repr__(self) -> str:
        return f"ToadsAndFrogs({self.board!r})"

    def __str__(self) -> str:
        return self.board

    def __reduce__(self) -> tuple[Any, ...]:
        return (ToadsAndFrogs, (self.board,))

    def left_options(self) -> tuple[ToadsAndFrogs, ...]:
        """Each toad's step right into a blank (``T.``), then each jump over one frog into a
        blank (``TF.``)."""
        board = self.board
        get = _POSITIONS_TABLE.get
        out = []
        i = board.find("T.")
        while i >= 0:
            after = board[:i] + ".T" + board[i + 2 :]
            out.append(get(after) or _made(after))
            i = board.find("T.", i + 2)
        i = board.find("TF.")
        while i >= 0:
            after = board[:i] + ".FT" + board[i + 3 :]
            out.append(get(after) or _made(after))
            i = board.find("TF.", i + 3)
        return tuple(out)

    def right_options(self) -> tuple[ToadsAndFrogs, ...]:
        """Each frog's step left into a blank (``.F``), then each jump over one toad into a
        blank (``.TF``)."""
        board = self.board
        get = _POSITIONS_TABLE.get
        out = []
        i = board.find(".F")
        while i >= 0:
            after = board[:i] + "F." + board[i + 2 :]
            out.append(get(after) or _made(after))
            i = board.find(".F", i + 2)
        i = board.find(".TF")
        while i >= 0:
            after = board[:i] + "FT." + board[i + 3 :]
            out.append(get(after) or _made(after))
            i = board.find(".TF", i + 3)
        return tuple(out)

    def negative(self) -> ToadsAndFrogs:
        """The strip reversed with toads and frogs swapped: its value is minus this one's."""
        return _position(self.board[::-1].translate(_MIRROR))

    def frozen(self) -> tuple[bool, ...]:
        """Which squares hold a creature that can never move (walls included).

        >>> ToadsAndFrogs("F.TTFF.T").frozen()
        (True, False, True, True, True, True, False, True)
        """
        stuck = [square == _WALL for square in self.board]
        offset = 0
        for segment in self.board.split(_WALL):
            for start, end in _stuck_runs(segment):
                stuck[offset + start : offset + end] = [True] * (end - start)
            offset += len(segment) + 1
        return tuple(stuck)

    def components(self) -> tuple[ToadsAndFrogs, ...]:
        """The parts between creatures that can never move (Erickson's splitting rule), each
        without the toads past its last frog and the frogs before its first toad, whose
        integer value is one more part ``T□…□`` or ``□…□F`` (see the module docs).  The value
        is the sum of the parts' values.  Parts without a creature are dropped; a position
        with no live part gives ``("",)``.
        """
        parts = self._parts
        return (self,) if parts is None else parts

    def normal_form(self) -> tuple[ToadsAndFrogs, bool]:
        """The parts, sorted and joined by walls ``|``, or the same for the reversed and
        swapped strip if that is smaller (flag True: the value is the negative).

        >>> ToadsAndFrogs("F..F.T").normal_form(), ToadsAndFrogs("T.F").normal_form()
        ((ToadsAndFrogs('..F.'), False), (ToadsAndFrogs('T.F'), False))
        """
        normal = self._normal
        if normal is self:  # one part, its own normal form
            return (self, False)
        if normal.__class__ is tuple:  # several parts, asked before
            return normal
        if normal is not None:  # one part, whose mirror image is the normal form
            return (normal, True)  # type: ignore[return-value]
        # several parts, asked for the first time
        parts = [p.board for p in self.components() if p.board]
        mine = _WALL.join(sorted(parts))
        theirs = _WALL.join(sorted(p[::-1].translate(_MIRROR) for p in parts))
        if (len(theirs), theirs) < (len(mine), mine):
            pair = (_position(theirs), True)
        else:
            pair = (self if mine == self.board else _position(mine), False)
        _set_normal(self, pair)
        return pair

    def value(self) -> cgt.Game:
        """The value: the sum over the components of ``cgt.value`` of their normal forms."""
        total = cgt.Game(0)
        for part in self.components():
            rep, negated = part.normal_form()
            v = cgt.value(rep)
            total += -v if negated else v
        return total


_new = object.__new__
_set_board = ToadsAndFrogs.__dict__["board"].__set__
_set_hash = ToadsAndFrogs.__dict__["_hash"].__set__
_set_parts = ToadsAndFrogs.__dict__["_parts"].__set__
_set_normal = ToadsAndFrogs.__dict__["_normal"].__set__


def _made(board: str) -> ToadsAndFrogs:
    """A new position on a board of canonical letters, entered in ``_POSITIONS``."""
    position = _new(ToadsAndFrogs)
    _set_board(position, board)
    _set_hash(position, hash(board))
    limit = _POSITIONS.limit
    if limit is None or len(_POSITIONS_TABLE) < limit:
        _POSITIONS_TABLE[board] = position
    else:
        _POSITIONS[board] = position  # (makes room)
    _settle(position, board)
    return position


def _position(board: str) -> ToadsAndFrogs:
    """The position on a board already in the canonical letters (moves, parts)."""
    return _POSITIONS_TABLE.get(board) or _made(board)


def _settle(position: ToadsAndFrogs, board: str) -> None:
    """Set the parts of a new position and, when it is its one part, its normal form (the
    evaluator asks every position it meets for its parts, and a one-part one for its normal
    form: doing it here saves the calls that check whether it was done).

    The usual strips (no wall, and once the stuck toads at the right end and frogs at the left
    end are off, nothing stuck and both kinds meeting) are done here as `_parts` does them.
    """
    core = board
    if _WALL in board:
        core = ""
    elif board[-1:] == "T" or board[:1] == "F":
        core = board.rstrip("T").lstrip("F")
    first_toad, last_frog = core.find("T"), core.rfind("F")
    if (
        0 <= first_toad < last_frog
        and "." in core
        and (("TT" not in core and "FF" not in core) or not _may_stick(core))
    ):
        if core.find("T", last_frog) < 0 and core.find("F", 0, first_toad) < 0:
            if core is board:  # the position is its one part
                _set_parts(position, None)
                # the smaller of the board and its mirror image: the first squares mostly decide
                first, last = board[0], _SWAP[board[-1]]
                if first < last or (first == last and board <= board[::-1].translate(_MIRROR)):
                    _set_normal(position, position)
                else:
                    _set_normal(position, _position(board[::-1].translate(_MIRROR)))
                return
            parts: tuple[ToadsAndFrogs, ...] = (_position(core),)
        else:
            total = 0
            if core.find("T", last_frog) >= 0:  # toads past the last frog
                tail = core[last_frog + 1 :]
                total = _toad_steps(tail)
                core = core[: last_frog + 1] + "." * tail.count(".")
            if core.find("F", 0, first_toad) >= 0:  # frogs before the first toad
                head = core[:first_toad]
                total -= _frog_steps(head)
                core = "." * head.count(".") + core[first_toad:]
            if total:
                whole = "T" + "." * total if total > 0 else "." * -total + "F"
                parts = (_position(core), _position(whole))
            else:
                parts = (_position(core),)
        _set_parts(position, parts)
        _set_normal(position, None)
        return
    boards = _parts(board)
    if len(boards) == 1 and boards[0] == board:
        _set_parts(position, None)
        first, last = board[0], _SWAP[board[-1]]
        if first < last or (first == last and board <= board[::-1].translate(_MIRROR)):
            _set_normal(position, position)
        else:
            _set_normal(position, _position(board[::-1].translate(_MIRROR)))
    else:
        _set_parts(position, tuple(map(_position, boards or ("",))))
        _set_normal(position, None)


_SWAP = {"T": "F", "F": "T", ".": "."}


# A segment (no walls) has a stuck creature exactly when it matches (see `_stuck_runs`): it
# starts with a frog or ends with a toad, has no blank, or has a block of creatures with TT
# before FF, FF in its first block or TT in its last.  Most positions do not: one search.
_MAY_STICK = re.compile(r"^F|T$|^[TF]*$|^[TF]*FF|TT[TF]*$|TT[TF]*FF")


def _may_stick(core: str) -> bool:
    """`_MAY_STICK` by string searches, for a segment that neither starts with a frog nor
    ends with a toad."""
    if "." not in core:
        return True
    toads, frogs = "TT" in core, "FF" in core
    if not (toads or frogs):
        return False
    if frogs and "FF" in core[: core.find(".")]:
        return True
    if toads and "TT" in core[core.rfind(".") + 1 :]:
        return True
    return toads and frogs and _TT_FF.search(core) is not None


_TT_FF = re.compile(r"TT[TF]*FF")


def _stuck_runs(segment: str) -> list[tuple[int, int]]:
    """The runs ``(start, end)`` of creatures of a segment (no walls) that can never move.

    >>> _stuck_runs("F.TTFF.T"), _stuck_runs("T.F"), _stuck_runs("TF")
    ([(0, 1), (2, 6), (7, 8)], [], [(0, 2)])
    """
    if _MAY_STICK.search(segment) is None:
        return []
    runs = []
    n, i = len(segment), 0
    while i < n:
        if segment[i] == ".":
            i += 1
            continue
        j = segment.find(".", i)
        if j < 0:
            j = n
        block = segment[i:j]
        low = 0  # freedom from a blank on the left stops at a toad not facing a frog
        if i > 0:
            low = block.find("TT")
            if low < 0:
                low = len(block) - 1 if block[-1] == "T" else len(block)
        high = len(block)  # freedom from a blank on the right stops at a frog after no toad
        if j < n:
            last = block.rfind("FF")
            high = last + 2 if last >= 0 else int(block[0] == "F")
        if low < high:
            runs.append((i + low, i + high))
        i = j
    return runs


def _live_parts(board: str) -> list[str]:
    """The strips between walls and stuck creatures that hold a creature, left to right."""
    parts = []
    for segment in board.split(_WALL):
        start = 0
        for low, high in _stuck_runs(segment):
            parts.append(segment[start:low])
            start = high
        parts.append(segment[start:])
    return [p for p in parts if p.strip(".")]


def _toad_steps(run: str) -> int:
    """The free moves of toads that meet no frog: (toad, blank to its right) pairs."""
    steps = 0
    i = run.find("T")
    while i >= 0:
        steps += run.count(".", i)
        i = run.find("T", i + 1)
    return steps


def _frog_steps(run: str) -> int:
    """The free moves of frogs that meet no toad: (blank, frog to its right) pairs."""
    steps = 0
    i = run.rfind("F")
    while i >= 0:
        steps += run.count(".", 0, i)
        i = run.rfind("F", 0, i)
    return steps


def _parts(board: str) -> list[str]:
    """The parts of `ToadsAndFrogs.components`, left to right, then the integer part.

    Taking off the toads past the last frog and the frogs before the first toad leaves blanks
    where creatures were, which frees creatures and never sticks one: a part without stuck
    creatures keeps none, so each live part is reduced once and is then final.
    """
    if _WALL in board:
        live = _live_parts(board)
    else:
        # toads at the right end and frogs at the left end are stuck, like the end itself
        core = board.rstrip("T").lstrip("F")
        if _may_stick(core):
            live = _live_parts(core)
        elif core.strip("."):
            live = [core]  # nothing stuck
        else:
            live = []
    parts, total = [], 0
    for part in live:
        first_toad, last_frog = part.find("T"), part.rfind("F")
        if first_toad < 0 or last_frog < 0:
            parts.append(part)  # one kind: kept as it is (its value is an integer)
        elif first_toad > last_frog:  # the kinds never meet
            total += _toad_steps(part) - _frog_steps(part)
        else:
            if part.find("T", last_frog) >= 0:
                tail = part[last_frog + 1 :]
                total += _toad_steps(tail)
                part = part[: last_frog + 1] + "." * tail.count(".")
            if part.find("F", 0, first_toad) >= 0:
                head = part[:first_toad]
                total -= _frog_steps(head)
                part = "." * head.count(".") + part[first_toad:]
            parts.append(part)
    if total:
        parts.append("T" + "." * total if total > 0 else "." * -total + "F")
    return parts


def family(toads: int, blanks: int, frogs: int) -> ToadsAndFrogs:
    """The starting position ``T^toads □^blanks F^frogs``.

    >>> family(2, 1, 3)
    ToadsAndFrogs('TT.FFF')
    """
    for name, count in (("toads", toads), ("blanks", blanks), ("frogs", frogs)):
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ToadsAndFrogsError(f"the number of {name} is a non-negative int; got {count!r}")
    check_cells(toads + blanks + frogs, "strip")
    return ToadsAndFrogs("T" * toads + "." * blanks + "F" * frogs)


def plain_value(position: ToadsAndFrogs) -> cgt.Game:
    """The value by the generic recursion on the options alone (the reference of the claims):
    ``cgt.value`` with ``decompose=False`` uses no components and no normal form."""
    return cgt.value(position, decompose=False)


# --- Erickson's conjectures (1996), as listed E1-E3 by Thanatipanonda (2011) -------------------
def erickson_e1(a: int, b: int) -> cgt.Game:
    """E1: ``T^a □□ F^b = {{a-3 | a-b} | {* | 3-b}}`` for ``a > b >= 2``."""
    return cgt.Game(
        left=[cgt.Game(left=[a - 3], right=[a - b])],
        right=[cgt.Game(left=[cgt.STAR], right=[3 - b])],
    )


def erickson_e2(a: int) -> cgt.Game:
    """E2: ``T^a □□□ FF = {a-2 | a-2}`` for ``a >= 2``."""
    return cgt.Game(left=[a - 2], right=[a - 2])


def erickson_e3(a: int) -> cgt.Game:
    """E3: ``T^a □□□ FFF = a - 7/2`` for ``a >= 5``."""
    return cgt.Game("-7/2") + a


def _e1_family(size: int) -> Iterator[ToadsAndFrogs]:
    for a in range(3, size + 1):
        for b in range(2, a):
            yield family(a, 2, b)


def _blocks(size: int) -> Iterator[ToadsAndFrogs]:
    """Contiguous creatures with blanks on both sides, at most ``size`` creatures."""
    for count in range(1, size + 1):
        for word in product("TF", repeat=count):
            for left in range(4):
                for right in range(4):
                    yield ToadsAndFrogs("." * left + "".join(word) + "." * right)


def _register() -> None:
    r = cgt.register_claim
    game, source = "Toads and Frogs", "Erickson, New Toads and Frogs results (1996)"
    listed = "; numbered as in Thanatipanonda, Further hopping with Toads and Frogs (2011)"
    r(
        game=game,
        claim="E1: T^a □□ F^b = {{a-3 | a-b} | {* | 3-b}} for a > b >= 2",
        source=f"{source}, conjecture{listed}",
        family=_e1_family,
        quick=5,
        full=7,
        fast=lambda p: erickson_e1(p.board.count("T"), p.board.count("F")),
        reference=plain_value,
        checked_up_to="3 <= a <= {size}",
    )
    r(
        game=game,
        claim="E2: T^a □□□ FF = {a-2 | a-2} for a >= 2",
        source=f"{source}, conjecture{listed}",
        family=lambda size: (family(a, 3, 2) for a in range(2, size + 1)),
        quick=6,
        full=10,
        fast=lambda p: erickson_e2(p.board.count("T")),
        reference=plain_value,
        checked_up_to="2 <= a <= {size}",
    )
    r(
        game=game,
        claim="E3: T^a □□□ FFF = a - 7/2 for a >= 5",
        source=f"{source}, conjecture{listed}",
        family=lambda size: (family(a, 3, 3) for a in range(5, size + 1)),
        quick=6,
        full=9,
        fast=lambda p: erickson_e3(p.board.count("T")),
        reference=plain_value,
        checked_up_to="5 <= a <= {size}",
    )
    r(
        game=game,
        claim="contiguous creatures (blanks only at the ends) make an integer",
        source=f"{source}, abstract and section 3",
        family=_blocks,
        quick=5,
        full=8,
        fast=lambda p: True,
        reference=lambda p: plain_value(p).is_integer,
        checked_up_to="blocks of <= {size} creatures with <= 3 blanks each side",
    )
    r(
        game=game,
        claim="T^a □□ F^a is an infinitesimal for a >= 4",
        source="Thanatipanonda, Further hopping with Toads and Frogs (2011), abstract",
        family=lambda size: (family(a, 2, a) for a in range(4, size + 1)),
        quick=5,
        full=7,
        fast=lambda p: True,
        reference=lambda p: plain_value(p).is_infinitesimal,
        checked_up_to="4 <= a <= {size}",
    )


_register()
