"""Games typed in the notation, explored as written: `Form`.

The explorer follows the options of a game as the user wrote it, so that dominated and
reversible options can be seen before the canonical form removes them.  A `Form` is a position
(``left_options()`` / ``right_options()``) whose options are the texts between its outer braces:
``{0, * | 1}`` has the Left options ``0`` and ``*`` and the Right option ``1``, although its
canonical form ``1/2`` has only ``0`` on the left.  Text that is not one brace form (``^*``,
``{1|0} + 1``) is its canonical value, whose options are its canonical options.  The text is
checked by `cgt.parse` first, so a typing mistake raises the same `cgt.NotationError` as
``cgt value``.

>>> form = Form("{0, * | 1}")
>>> form.left_options(), form.right_options()
((Form('0'), Form('*')), (Form('1'),))
>>> Form("{2|0||-1}").left_options(), Form("^").right_options()
((Form('{2|0}'),), (Form('*'),))
>>> import cgt
>>> cgt.value(Form("{0, * | 1}"))
Game('1/2')
>>> Form("{1|")
Traceback (most recent call last):
...
cgt.partizan.notation.NotationError: '{' at position 0 is never closed
    {1|
    ^
"""

from __future__ import annotations

from cgt.partizan.game import Game
from cgt.partizan.notation import parse

__all__ = ["Form"]


class Form:
    """A game written in the notation, whose options are the ones written (see the module)."""

    __slots__ = ("_options", "text", "value")
    text: str
    value: Game
    _options: tuple[tuple[str, ...], tuple[str, ...]] | None

    def __init__(self, text: str) -> None:
        self.text = text.strip()
        self.value = parse(self.text)  # raises NotationError with the place of the mistake
        self._options = _written_options(self.text)

    def left_options(self) -> tuple[Form, ...]:
        """Left's options as written (the canonical ones if the text is no brace form)."""
        return self._side(0)

    def right_options(self) -> tuple[Form, ...]:
        """Right's options as written (the canonical ones if the text is no brace form)."""
        return self._side(1)

    def _side(self, side: int) -> tuple[Form, ...]:
        if self._options is None:
            options = self.value.left_options if side == 0 else self.value.right_options
            return tuple(Form(str(g)) for g in options)
        return tuple(Form(text) for text in self._options[side])

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Form({self.text!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Form) and other.text == self.text

    def __hash__(self) -> int:
        return hash(("Form", self.text))

    def __reduce__(self) -> tuple[type[Form], tuple[str]]:
        return (Form, (self.text,))


def _depths(text: str) -> list[int]:
    """The nesting depth (braces and parentheses) before each character."""
    depth, out = 0, []
    for ch in text:
        if ch in "})":
            depth -= 1
        out.append(depth)
        if ch in "{(":
            depth += 1
    return out


def _written_options(text: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The option texts of ``{A, B | C}``; None if ``text`` is not one brace form."""
    if not (text.startswith("{") and text.endswith("}")):
        return None
    depths = _depths(text)
    if any(d == 0 for d in depths[1:-1]):  # "{1|0} + {0|-1}": the first brace closes early
        return None
    inner, inner_depths = text[1:-1], [d - 1 for d in depths[1:-1]]
    runs: list[tuple[int, int]] = []  # (start, length) of each run of bars at depth 0
    i = 0
    while i < len(inner):
        if inner[i] == "|" and inner_depths[i] == 0:
            j = i
            while j < len(inner) and inner[j] == "|":
                j += 1
            runs.append((i, j - i))
            i = j
        else:
            i += 1
    if not runs:
        return None
    start, length = max(runs, key=lambda run: run[1])  # parse() has refused a tie
    left, right = inner[:start], inner[start + length :]
    return _side_options(left), _side_options(right)


def _side_options(side: str) -> tuple[str, ...]:
    """The options of one side: one game if it holds bars (``{2|0||-1}``), else split at
    commas."""
    side = side.strip()
    if not side:
        return ()
    depths = _depths(side)
    if any(ch == "|" and d == 0 for ch, d in zip(side, depths, strict=True)):
        return ("{" + side + "}",)
    parts, begin = [], 0
    for k, (ch, d) in enumerate(zip(side, depths, strict=True)):
        if ch == "," and d == 0:
            parts.append(side[begin:k].strip())
            begin = k + 1
    parts.append(side[begin:].strip())
    return tuple(p for p in parts if p)
