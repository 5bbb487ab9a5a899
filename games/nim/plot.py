"""Pictures of Grundy sequences: SVG with no dependency, PNG through the optional ``plot`` extra.

`plot_sequence` draws ``g(0), ..., g(upto - 1)`` as dots, shades the preperiod, and brackets
each period after it, so the eye sees where the sequence settles.  Subtraction and octal games
show this picture in Jupyter (``_repr_svg_``).

>>> from games.nim import octal, plot_sequence
>>> svg = plot_sequence(octal("0.77"), 120)
>>> svg.startswith("<svg") and "preperiod 71" in svg and "period 12" in svg
True
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from games.nim._errors import InvalidArgumentError

__all__ = ["SequencePicture", "plot_sequence", "save_png"]


class SequencePicture(str):
    """An SVG picture: a plain ``str`` (write it to a file) that Jupyter displays as an image.

    >>> picture = SequencePicture("<svg/>")
    >>> picture == "<svg/>", picture._repr_svg_()
    (True, '<svg/>')
    """

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


_WIDTH, _HEIGHT = 760, 260
_LEFT, _RIGHT, _TOP, _BOTTOM = 44, 12, 30, 34


def _default_upto(game: Any) -> int:
    period, preperiod = getattr(game, "period", None), getattr(game, "preperiod", None)
    if period is None or preperiod is None:
        return 100
    return max(40, preperiod + 3 * period)


def _title(game: Any) -> str:
    period, preperiod = getattr(game, "period", None), getattr(game, "preperiod", None)
    if period is None or preperiod is None:
        return f"{game!r}: " + str(game.describe_periodicity())
    return f"{game!r}: preperiod {preperiod}, period {period}"


def plot_sequence(game: Any, upto: int | None = None) -> SequencePicture:
    """An SVG picture of ``game.sequence(upto)`` with preperiod and periods marked: a string
    that Jupyter shows as the picture (`SequencePicture`).

    ``game`` is any object with ``sequence(n)`` (and, when known, ``period``, ``preperiod``).
    """
    if upto is None:
        upto = _default_upto(game)
    if not isinstance(upto, int) or upto < 1:
        raise InvalidArgumentError(f"upto is a positive int, got {upto!r}")
    values = game.sequence(upto)
    period, preperiod = getattr(game, "period", None), getattr(game, "preperiod", None)
    top = max(max(values), 1)
    plot_w = _WIDTH - _LEFT - _RIGHT
    plot_h = _HEIGHT - _TOP - _BOTTOM

    def x(n: float) -> float:
        return _LEFT + plot_w * (n + 0.5) / upto

    def y(v: float) -> float:
        return _TOP + plot_h * (1 - v / top)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_WIDTH}" height="{_HEIGHT}" '
        f'viewBox="0 0 {_WIDTH} {_HEIGHT}" font-family="sans-serif" font-size="11">',
        f'<rect width="{_WIDTH}" height="{_HEIGHT}" fill="white"/>',
        f'<text x="{_LEFT}" y="16" font-size="13">{escape(_title(game))}</text>',
    ]
    if period is not None and preperiod is not None:
        end = min(preperiod, upto)
        if end > 0:
            parts.append(
                f'<rect x="{_LEFT}" y="{_TOP}" width="{x(end - 0.5) - _LEFT:.1f}" '
                f'height="{plot_h}" fill="#f6d7b0"><title>preperiod: n &lt; {preperiod}'
                "</title></rect>"
            )
        start, shade = preperiod, True
        while start < upto:
            stop = min(start + period, upto)
            colour = "#cfe3f7" if shade else "#e6f0fa"
            left, right = x(start - 0.5), x(stop - 0.5)
            parts.append(
                f'<rect x="{left:.1f}" y="{_TOP}" width="{right - left:.1f}" height="{plot_h}" '
                f'fill="{colour}"/>'
            )
            start, shade = stop, not shade
        label_x = x(min(preperiod, upto) - 0.5)
        anchor = "end" if label_x > 0.7 * _WIDTH else "start"
        parts.append(
            f'<text x="{label_x:.1f}" y="{_TOP - 3}" fill="#1f5f99" text-anchor="{anchor}">'
            f"n = {preperiod}: period {period} begins</text>"
        )
    for v in range(top + 1):
        if top <= 12 or v % max(1, top // 8) == 0:
            parts.append(
                f'<line x1="{_LEFT}" x2="{_WIDTH - _RIGHT}" y1="{y(v):.1f}" y2="{y(v):.1f}" '
                'stroke="#dddddd" stroke-width="0.5"/>'
                f'<text x="{_LEFT - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{v}</text>'
            )
    step = max(1, upto // 10)
    for n in range(0, upto, step):
        parts.append(
            f'<text x="{x(n):.1f}" y="{_HEIGHT - _BOTTOM + 14}" text-anchor="middle">{n}</text>'
        )
    parts.append(
        f'<text x="{_LEFT + plot_w / 2}" y="{_HEIGHT - 4}" text-anchor="middle">heap size n</text>'
    )
    radius = 2.6 if upto <= 200 else 1.4
    path = " ".join(f"{x(n):.1f},{y(v):.1f}" for n, v in enumerate(values))
    parts.append(f'<polyline points="{path}" fill="none" stroke="#999999" stroke-width="0.6"/>')
    for n, v in enumerate(values):
        parts.append(
            f'<circle cx="{x(n):.1f}" cy="{y(v):.1f}" r="{radius}" fill="#20415f">'
            f"<title>g({n}) = {v}</title></circle>"
        )
    parts.append("</svg>")
    return SequencePicture("\n".join(parts))


def save_png(game: Any, path: str, upto: int | None = None) -> None:
    """Write the same picture as a PNG with matplotlib (``pip install 'cgt-games[plot]'``)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as error:
        raise ImportError(
            "save_png needs matplotlib: pip install 'cgt-games[plot]' (the SVG of plot_sequence "
            "needs nothing)"
        ) from error
    if upto is None:
        upto = _default_upto(game)
    values = game.sequence(upto)
    period, preperiod = getattr(game, "period", None), getattr(game, "preperiod", None)
    figure, axes = plt.subplots(figsize=(9, 3))
    if period is not None and preperiod is not None:
        axes.axvspan(-0.5, preperiod - 0.5, color="#f6d7b0", label=f"preperiod ({preperiod})")
        start, shade = preperiod, True
        while start < upto:
            stop = min(start + period, upto)
            axes.axvspan(start - 0.5, stop - 0.5, color="#cfe3f7" if shade else "#e6f0fa")
            start, shade = stop, not shade
    axes.plot(range(upto), values, "o-", color="#20415f", markersize=3, linewidth=0.6)
    axes.set_title(_title(game))
    axes.set_xlabel("heap size n")
    axes.set_ylabel("g(n)")
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
