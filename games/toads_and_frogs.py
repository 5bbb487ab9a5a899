"""Toads and Frogs (Winning Ways ch. 1; Erickson, "New Toads and Frogs results", 1996).

A strip of squares holds toads (``T``, Left's), frogs (``F``, Right's) and blanks (``.``).
A toad moves right, a frog left: one step into an empty square, or a jump over exactly one
creature of the other kind into the empty square beyond.  The player who cannot move loses.

* `ToadsAndFrogs`: positions (``ToadsAndFrogs("TT..FF")``; ``t``/``f``, and ``_``, ``□`` or a
  space for a blank, accepted; ``|`` is a wall no creature passes, as in Erickson's program in
  the Gamesman's Toolkit, so ``"T.F|T.F"`` is a sum of two strips), their options,
  `~ToadsAndFrogs.components` (the strip splits at creatures that can never move) and
  `~ToadsAndFrogs.normal_form` (reversing the strip and swapping toads and frogs negates the
  value).
* Families from the literature, registered with ``cgt verify``: Erickson's conjectured values
  of ``T^a □^k F^b``, his theorem that contiguous creatures make an integer, and
  Thanatipanonda's theorem that ``T^a □□ F^a`` is infinitesimal for ``a >= 4``.

>>> from games.toads_and_frogs import ToadsAndFrogs
>>> [ToadsAndFrogs(b).value() for b in ("T.", "T.F", "TT.F", "TT..F", "TTT...FFF")]
[Game('1'), Game('*'), Game('{1/2|0}'), Game('1'), Game('0')]
>>> ToadsAndFrogs("F.T.TTFF.F").components()
(ToadsAndFrogs('.T.'), ToadsAndFrogs('.F'))
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product
from typing import Any

import cgt

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
_SWAP = {"T": "F", "F": "T", ".": ".", "|": "|"}
_WALL = "|"
"""The wall that joins the components of a normal form."""


class ToadsAndFrogsError(cgt.CGTError, ValueError):
    """A board that is not a word over toads, frogs and blanks.

    >>> try:
    ...     ToadsAndFrogs("TT.X")
    ... except ToadsAndFrogsError as error:
    ...     print(error)
    unknown square 'X' at column 4 of 'TT.X': use T (toad), F (frog), . (blank), | (wall)
    """


class ToadsAndFrogs:
    """A Toads-and-Frogs strip, written left to right (``"TT..FF"``)."""

    __slots__ = ("board",)
    board: str

    def __init__(self, board: str) -> None:
        if not isinstance(board, str):
            raise ToadsAndFrogsError(f"a board is a string like 'TT..FF'; got {board!r}")
        for i, square in enumerate(board):
            if square not in _READ:
                raise ToadsAndFrogsError(
                    f"unknown square {square!r} at column {i + 1} of {board!r}: "
                    "use T (toad), F (frog), . (blank), | (wall)"
                )
        object.__setattr__(self, "board", "".join(_READ[s] for s in board))

    @classmethod
    def _trusted(cls, board: str) -> ToadsAndFrogs:
        """A position from a board already in the canonical letters (moves, parts)."""
        position = object.__new__(cls)
        object.__setattr__(position, "board", board)
        return position

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("ToadsAndFrogs positions are immutable")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ToadsAndFrogs) and self.board == other.board

    def __hash__(self) -> int:
        return hash(("ToadsAndFrogs", self.board))

    def __lt__(self, other: ToadsAndFrogs) -> bool:
        return (len(self.board), self.board) < (len(other.board), other.board)

    def __repr__(self) -> str:
        return f"ToadsAndFrogs({self.board!r})"

    def __str__(self) -> str:
        return self.board

    def __reduce__(self) -> tuple[Any, ...]:
        return (ToadsAndFrogs, (self.board,))

    def left_options(self) -> tuple[ToadsAndFrogs, ...]:
        """Each toad's step right into a blank, or jump over one frog into a blank."""
        b, out = self.board, []
        for i, square in enumerate(b):
            if square != "T":
                continue
            if b[i + 1 : i + 2] == ".":
                out.append(b[:i] + ".T" + b[i + 2 :])
            elif b[i + 1 : i + 3] == "F.":
                out.append(b[:i] + ".FT" + b[i + 3 :])
        return tuple(map(ToadsAndFrogs._trusted, out))

    def right_options(self) -> tuple[ToadsAndFrogs, ...]:
        """Each frog's step left into a blank, or jump over one toad into a blank."""
        b, out = self.board, []
        for i, square in enumerate(b):
            if square != "F":
                continue
            if i >= 1 and b[i - 1] == ".":
                out.append(b[: i - 1] + "F." + b[i + 1 :])
            elif i >= 2 and b[i - 2 : i] == ".T":
                out.append(b[: i - 2] + "FT." + b[i + 1 :])
        return tuple(map(ToadsAndFrogs._trusted, out))

    def negative(self) -> ToadsAndFrogs:
        """The strip reversed with toads and frogs swapped: its value is minus this one's."""
        return ToadsAndFrogs("".join(_SWAP[s] for s in reversed(self.board)))

    def frozen(self) -> tuple[bool, ...]:
        """Which squares hold a creature that can never move.

        The largest set of creatures each of whose moves is blocked by the board's end or by
        creatures of the set: a toad is stuck if the square ahead holds a stuck creature (or
        is off the board) and, when that is a frog, so is the square beyond; frogs alike.

        >>> ToadsAndFrogs("F.TTFF.T").frozen()
        (True, False, True, True, True, True, False, True)
        """
        b = self.board
        stuck = [s != "." for s in b]  # walls stay stuck: they never move
        n = len(b)

        def blocked(j: int) -> bool:
            return j < 0 or j >= n or stuck[j]

        changed = True
        while changed:
            changed = False
            for i, square in enumerate(b):
                if not stuck[i] or square == "|":
                    continue
                ahead = 1 if square == "T" else -1
                other = "F" if square == "T" else "T"
                near, far = i + ahead, i + 2 * ahead
                ok = blocked(near) and (not 0 <= near < n or b[near] != other or blocked(far))
                if not ok:
                    stuck[i] = False
                    changed = True
        return tuple(stuck)

    def components(self) -> tuple[ToadsAndFrogs, ...]:
        """The parts between creatures that can never move (Erickson's splitting rule): each
        part plays as a strip of its own, and the value is the sum of the parts' values.
        Parts without a creature are dropped; a position with no live part gives ``("",)``.
        """
        parts: list[str] = []
        current: list[str] = []
        for square, stuck in zip(self.board, self.frozen(), strict=True):
            if stuck:
                parts.append("".join(current))
                current = []
            else:
                current.append(square)
        parts.append("".join(current))
        live = [p for p in parts if p.strip(".")]
        if len(live) == 1 and live[0] == self.board:
            return (self,)
        return tuple(map(ToadsAndFrogs._trusted, live)) or (ToadsAndFrogs._trusted(""),)

    def normal_form(self) -> tuple[ToadsAndFrogs, bool]:
        """The live parts, sorted and joined by walls ``|``, or the same for the reversed and
        swapped strip if that is smaller (flag True: the value is the negative).

        >>> ToadsAndFrogs("F..F.T").normal_form(), ToadsAndFrogs("T.F").normal_form()
        ((ToadsAndFrogs('..F.'), False), (ToadsAndFrogs('T.F'), False))
        """
        mine = _joined(self)
        theirs = _joined(self.negative())
        if (len(theirs), theirs) < (len(mine), mine):
            return ToadsAndFrogs._trusted(theirs), True
        return ToadsAndFrogs._trusted(mine), False

    def value(self) -> cgt.Game:
        """The value: the sum over the components of ``cgt.value`` of their normal forms."""
        total = cgt.Game(0)
        for part in self.components():
            rep, negated = part.normal_form()
            v = cgt.value(rep)
            total += -v if negated else v
        return total


def _joined(position: ToadsAndFrogs) -> str:
    parts = sorted(p.board for p in position.components() if p.board)
    return _WALL.join(parts)


def family(toads: int, blanks: int, frogs: int) -> ToadsAndFrogs:
    """The starting position ``T^toads □^blanks F^frogs``.

    >>> family(2, 1, 3)
    ToadsAndFrogs('TT.FFF')
    """
    for name, count in (("toads", toads), ("blanks", blanks), ("frogs", frogs)):
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ToadsAndFrogsError(f"the number of {name} is a non-negative int; got {count!r}")
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
