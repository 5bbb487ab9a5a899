"""Pictures of thermographs: SVG with no dependency, PNG through matplotlib (``cgt-games[plot]``).

The picture follows the books: temperature ``t`` grows upward, values grow to the *left* (Left's
side), the left wall is blue and the right wall red, and the mast rises from the point where
they meet, labelled with the mean and the temperature.  The band ``-1 <= t < 0``, where only
numbers and tepid games differ (Siegel's extension), is shaded.  Coordinates are the only
floats in `cgt`: values and temperatures are exact and printed exactly in the labels.

>>> import cgt
>>> svg = cgt.thermograph("{2|-1}").to_svg()
>>> svg.startswith("<svg") and "mean 1/2" in svg and "temperature 3/2" in svg
True
"""

from __future__ import annotations

import os
from fractions import Fraction
from typing import Any, Protocol

from cgt.core.errors import CGTError

__all__ = ["DrawError", "save_thermograph", "thermograph_svg"]


Point = tuple[Fraction, Fraction]
"""``(temperature, x)``: a corner of a wall."""


class Thermograph(Protocol):
    """What is drawn of a `cgt.Thermograph` (the picture knows nothing else of it)."""

    @property
    def left_wall(self) -> tuple[Point, ...]: ...
    @property
    def right_wall(self) -> tuple[Point, ...]: ...
    @property
    def temperature(self) -> Fraction: ...
    @property
    def mean(self) -> Fraction: ...
    @property
    def label(self) -> str: ...
    def left_at(self, t: Any) -> Fraction: ...
    def right_at(self, t: Any) -> Fraction: ...


LEFT_COLOUR = "#1f5fbf"
RIGHT_COLOUR = "#c0392b"
MAST_COLOUR = "#222222"


_FONT = 12
_TITLE_FONT = 14
_CHAR_WIDTH = 0.62
"""About the width of a character of the sans-serif font, in font sizes (digits are 0.56)."""


def _text_width(text: str, size: int = _FONT) -> float:
    return len(text) * size * _CHAR_WIDTH


class DrawError(CGTError, ValueError):
    """A picture cannot be written (unknown file type, missing optional dependency)."""


class _Frame:
    """Maps exact ``(t, x)`` to picture coordinates (values grow to the left)."""

    def __init__(self, th: Thermograph, width: int, height: int, top: Fraction | None) -> None:
        values = [x for _, x in th.left_wall + th.right_wall]
        low, high = min(values), max(values)
        if high == low:
            low, high = low - 1, high + 1
        pad = (high - low) / 8
        self.x_low, self.x_high = low - pad, high + pad
        self.t_low = Fraction(-1)
        self.t_high = (
            top
            if top is not None
            else max(th.temperature, Fraction(0))
            + max(Fraction(1), (max(th.temperature, Fraction(0)) + 1) / 3)
        )
        self.left, self.right, self.top, self.bottom = 56, width - 24, 40, height - 48

    def x(self, value: Fraction) -> float:
        span = self.x_high - self.x_low
        return self.left + float((self.x_high - value) / span) * (self.right - self.left)

    def y(self, t: Fraction) -> float:
        span = self.t_high - self.t_low
        return self.top + float((self.t_high - t) / span) * (self.bottom - self.top)


def _number(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _polyline(frame: _Frame, points: tuple[Point, ...], colour: str, label: str) -> str:
    coords = " ".join(f"{_number(frame.x(x))},{_number(frame.y(t))}" for t, x in points)
    if len(points) == 1:  # an integer: the walls are the mast itself
        t, x = points[0]
        coords += f" {_number(frame.x(x))},{_number(frame.y(t))}"
    return (
        f'<polyline points="{coords}" fill="none" stroke="{colour}" stroke-width="2.5" '
        f'stroke-linejoin="round"><title>{label}</title></polyline>'
    )


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _text(x: float, y: float, text: str, anchor: str = "middle", extra: str = "") -> str:
    return (
        f'<text x="{_number(x)}" y="{_number(y)}" text-anchor="{anchor}"{extra}>'
        f"{_escape(text)}</text>"
    )


def thermograph_svg(
    th: Thermograph,
    *,
    title: str | None = None,
    width: int = 480,
    height: int = 360,
    top: Any = None,
) -> str:
    """The thermograph as a standalone SVG document (a string).

    ``title`` defaults to the game's notation; ``top`` is the highest temperature shown.
    """
    frame = _Frame(th, width, height, None if top is None else Fraction(top))
    name = th.label if title is None else title
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f"<title>{_escape(f'thermograph of {name}' if name else 'thermograph')}</title>",
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]
    zero_y = frame.y(Fraction(0))
    bottom_y = frame.y(frame.t_low)
    parts.append(
        f'<rect x="{frame.left}" y="{_number(zero_y)}" width="{frame.right - frame.left}" '
        f'height="{_number(bottom_y - zero_y)}" fill="#f1f1f1"/>'
    )
    # Axes: t = 0 (dashed), the t axis at the left edge, and the value axis at t = -1.
    parts.append(
        f'<line x1="{frame.left}" y1="{_number(zero_y)}" x2="{frame.right}" '
        f'y2="{_number(zero_y)}" stroke="#888" stroke-dasharray="4 3"/>'
    )
    parts.append(
        f'<line x1="{frame.left}" y1="{frame.top}" x2="{frame.left}" y2="{_number(bottom_y)}" '
        f'stroke="#888"/>'
    )
    parts.append(
        f'<line x1="{frame.left}" y1="{_number(bottom_y)}" x2="{frame.right}" '
        f'y2="{_number(bottom_y)}" stroke="#888"/>'
    )
    # Tick labels in order of importance; one that would overlap a label already placed is
    # left out (a stop a hair from the mean, a temperature just above 0).
    placed_t: list[float] = []
    for t in dict.fromkeys((th.temperature, Fraction(0), Fraction(-1))):
        y = frame.y(t) + 4
        if all(abs(y - other) >= _FONT for other in placed_t):
            placed_t.append(y)
            parts.append(_text(frame.left - 6, y, str(t), "end"))
    parts.append(_text(frame.left - 6, frame.top - 8, "t", "end", ' font-style="italic"'))
    placed_x: list[tuple[float, float]] = []
    for x in dict.fromkeys((th.left_wall[0][1], th.right_wall[0][1], th.mean)):
        middle, half = frame.x(x), _text_width(str(x)) / 2 + 2
        if all(middle + half <= lo or middle - half >= hi for lo, hi in placed_x):
            placed_x.append((middle - half, middle + half))
            parts.append(_text(middle, bottom_y + 16, str(x)))
    parts.append(
        _text((frame.left + frame.right) / 2, bottom_y + 34, "value (Left is to the left)")
    )
    # The walls, the mast and its labels.
    parts.append(_polyline(frame, th.left_wall, LEFT_COLOUR, "left wall"))
    parts.append(_polyline(frame, th.right_wall, RIGHT_COLOUR, "right wall"))
    if th.left_wall[0] != th.right_wall[0]:  # name the walls outside, halfway up the grey band
        midway = Fraction(-1, 2)
        label_y = frame.y(midway) + 4
        parts.append(
            _text(
                frame.x(th.left_at(midway)) - 8,
                label_y,
                "left wall",
                "end",
                f' fill="{LEFT_COLOUR}"',
            )
        )
        parts.append(
            _text(
                frame.x(th.right_at(midway)) + 8,
                label_y,
                "right wall",
                "start",
                f' fill="{RIGHT_COLOUR}"',
            )
        )
    mast_x, meet_y = frame.x(th.mean), frame.y(th.temperature)
    parts.append(
        f'<line x1="{_number(mast_x)}" y1="{_number(meet_y)}" x2="{_number(mast_x)}" '
        f'y2="{frame.top}" stroke="{MAST_COLOUR}" stroke-width="2.5"><title>mast</title></line>'
    )
    parts.append(
        f'<polygon points="{_number(mast_x - 5)},{frame.top + 8} {_number(mast_x + 5)},'
        f'{frame.top + 8} {_number(mast_x)},{frame.top - 2}" fill="{MAST_COLOUR}"/>'
    )
    parts.append(
        f'<circle cx="{_number(mast_x)}" cy="{_number(meet_y)}" r="3.5" fill="{MAST_COLOUR}"/>'
    )
    right_side = mast_x < (frame.left + frame.right) / 2
    anchor = "start" if right_side else "end"
    shift = 8 if right_side else -8
    parts.append(_text(mast_x + shift, frame.top + 14, f"mean {th.mean}", anchor))
    parts.append(_text(mast_x + shift, meet_y - 6, f"temperature {th.temperature}", anchor))
    heading = f"thermograph of {name}" if name else "thermograph"
    room = int((width - 16) / (_TITLE_FONT * _CHAR_WIDTH))  # characters that fit the picture
    if len(heading) > room:  # the whole title stays in the <title> tooltip
        heading = heading[: max(room - 1, 1)] + "…"
    parts.append(
        _text(width / 2, 22, heading, extra=f' font-size="{_TITLE_FONT}" font-weight="bold"')
    )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def save_thermograph(th: Thermograph, path: Any, **options: Any) -> None:
    """Write the picture to ``path``: ``.svg`` needs nothing, ``.png`` needs matplotlib."""
    target = os.fspath(path)
    suffix = os.path.splitext(target)[1].lower()
    if suffix == ".svg":
        with open(target, "w", encoding="utf-8") as out:
            out.write(thermograph_svg(th, **options))
    elif suffix == ".png":
        _save_png(th, target, **options)
    else:
        raise DrawError(f"cannot draw to {target!r}: use a .svg or .png file name")


def _save_png(th: Thermograph, target: str, title: str | None = None, **_: Any) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise DrawError(
            "PNG output needs matplotlib: pip install 'cgt-games[plot]' (or write a .svg file)"
        ) from None
    frame = _Frame(th, 480, 360, None)
    figure, axes = plt.subplots(figsize=(6, 4.5), dpi=100)
    axes.axhspan(-1, 0, color="#f1f1f1")
    axes.axhline(0, color="#888", linestyle="--", linewidth=1)
    walls = ((th.left_wall, LEFT_COLOUR, "left wall"), (th.right_wall, RIGHT_COLOUR, "right wall"))
    for wall, colour, label in walls:
        axes.plot(
            [float(x) for _, x in wall],
            [float(t) for t, _ in wall],
            color=colour,
            lw=2.5,
            label=label,
        )
    axes.legend(loc="lower center", frameon=False, ncol=2)
    mean, hot = float(th.mean), float(th.temperature)
    axes.annotate(
        "",
        xy=(mean, float(frame.t_high)),
        xytext=(mean, hot),
        arrowprops={"arrowstyle": "-|>", "color": MAST_COLOUR, "lw": 2.5},
    )
    axes.plot([mean], [hot], "o", color=MAST_COLOUR)
    axes.annotate(
        f"temperature {th.temperature}", (mean, hot), xytext=(8, -4), textcoords="offset points"
    )
    axes.annotate(
        f"mean {th.mean}", (mean, float(frame.t_high)), xytext=(8, -14), textcoords="offset points"
    )
    axes.set_xlim(float(frame.x_high), float(frame.x_low))  # values grow to the left
    axes.set_ylim(-1, float(frame.t_high))
    axes.set_xlabel("value (Left is to the left)")
    axes.set_ylabel("t")
    name = th.label if title is None else title
    axes.set_title(f"thermograph of {name}" if name else "thermograph")
    figure.tight_layout()
    figure.savefig(target)
    plt.close(figure)
