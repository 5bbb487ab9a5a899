"""Plots of tournaments: each player's cumulative points game by game (one line per set), as
SVG written by hand (no dependency) or PNG with matplotlib when it is installed.

>>> svg = cumulative_svg(["a", "b", "c", "d", "e"], [[(5, 4, 3, 2, 1), (1, 2, 3, 4, 5)]])
>>> svg.startswith("<svg") and svg.count("<polyline") == 5
True
>>> cumulative([(5, 4, 3, 2, 1), (1, 2, 3, 4, 5)], 0)
[0, 5, 6]
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path

import cgt

__all__ = ["PlotError", "cumulative", "cumulative_svg", "write_plot"]

#: one colour per player (colour-blind safe palette)
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00")
_DASHES = ("", "6,3", "2,2", "8,3,2,3")


class PlotError(cgt.CGTError, ValueError):
    """A plot that cannot be written (unknown format, no matplotlib for PNG, no games)."""


def cumulative(per_game: Sequence[Sequence[int]], player: int) -> list[int]:
    """``player``'s points after 0, 1, 2, ... games."""
    total, line = 0, [0]
    for points in per_game:
        total += points[player]
        line.append(total)
    return line


def cumulative_svg(
    names: Sequence[str],
    sets: Sequence[Sequence[Sequence[int]]],
    *,
    width: int = 720,
    height: int = 440,
    title: str = "cumulative points",
) -> str:
    """An SVG image: for every player (colour) and set (dash style), cumulative points
    against games played."""
    games = max((len(s) for s in sets), default=0)
    if games == 0:
        raise PlotError("nothing to plot: no games")
    left, right, top, bottom = 60, 140, 30, 40
    lines = [[cumulative(s, p) for s in sets] for p in range(len(names))]
    most = max(max(line) for per_player in lines for line in per_player) or 1
    plot_w, plot_h = width - left - right, height - top - bottom

    def x(game: int) -> float:
        return left + plot_w * game / games

    def y(points: int) -> float:
        return top + plot_h * (1 - points / most)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{left}" y="18">{escape(title)}</text>',
        f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" '
        'stroke="black"/>',
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" stroke="black"/>',
    ]
    for k in range(5):
        gx, py = games * k // 4, most * k // 4
        out.append(
            f'<text x="{x(gx):.1f}" y="{top + plot_h + 16}" text-anchor="middle">{gx}</text>'
        )
        out.append(f'<text x="{left - 6}" y="{y(py) + 4:.1f}" text-anchor="end">{py}</text>')
    out.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{height - 6}" text-anchor="middle">games</text>'
    )
    step = max(1, games // 400)  # at most ~400 points per line
    for p, per_player in enumerate(lines):
        colour = COLOURS[p % len(COLOURS)]
        for s, line in enumerate(per_player):
            points = " ".join(
                f"{x(g):.1f},{y(v):.1f}"
                for g, v in enumerate(line)
                if g % step == 0 or g == len(line) - 1
            )
            dash = _DASHES[s % len(_DASHES)]
            dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
            out.append(
                f'<polyline fill="none" stroke="{colour}" stroke-width="1.5"{dash_attr} '
                f'points="{points}"/>'
            )
        ly = top + 16 * p + 8
        out.append(
            f'<line x1="{width - right + 10}" y1="{ly}" x2="{width - right + 30}" y2="{ly}" '
            f'stroke="{colour}" stroke-width="2"/>'
        )
        out.append(f'<text x="{width - right + 34}" y="{ly + 4}">{p} {escape(names[p])}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def write_plot(
    path: str | Path, names: Sequence[str], sets: Sequence[Sequence[Sequence[int]]]
) -> None:
    """Write the cumulative-points plot to ``path``: ``.svg`` by hand, ``.png`` with
    matplotlib (`PlotError` if it is not installed or the suffix is another)."""
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix == ".svg":
        target.write_text(cumulative_svg(names, sets))
        return
    if suffix != ".png":
        raise PlotError(f"--plot writes .svg or .png files, not {target.name!r}")
    try:
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib import pyplot
    except ImportError:
        raise PlotError("a PNG plot needs matplotlib (pip install matplotlib); use .svg") from None
    if not any(sets):
        raise PlotError("nothing to plot: no games")
    figure, axes = pyplot.subplots(figsize=(8, 5))
    styles = ("-", "--", ":", "-.")
    for p, name in enumerate(names):
        for s, per_game in enumerate(sets):
            axes.plot(
                cumulative(per_game, p),
                color=COLOURS[p % len(COLOURS)],
                linestyle=styles[s % len(styles)],
                label=f"{p} {name}" if s == 0 else None,
            )
    axes.set_xlabel("games")
    axes.set_ylabel("cumulative points")
    axes.legend()
    figure.savefig(target, dpi=100)
    pyplot.close(figure)
