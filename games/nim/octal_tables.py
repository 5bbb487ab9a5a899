"""Published figures for octal games, typed from the sources (never from our own output), and
the comparison of a sweep with them.

Sources: Winning Ways ch. 4 (Berlekamp, Conway and Guy); A. Flammenkamp's tables of every 0.abc
and 4.abc game and of Grundy's game (wwwhomes.uni-bielefeld.de/achim/octal.html); Gangolli and
Plambeck, IJGT 18 (1989); the OEIS.  The rows below are the games whose figures we could read:
T. Czajka's tables (github.com/tczajka/octal-games: "Trivial games", "Solved games", "Unsolved
games"), which re-verify Winning Ways and Flammenkamp and credit each solution, and the OEIS
entries that cite Flammenkamp.  Codes are as printed there (one representative of each class of
equivalent games).  ``preperiod`` is the first heap of the periodic part (Kayles: 71).

`compare(rows)` names every disagreement between a sweep and these figures; `EQUIVALENCE_CLAIMS`
are published statements "game A has the values of game B", each checked by the plain recursion.

>>> PUBLISHED["0.77"].preperiod, PUBLISHED["0.77"].period
(71, 12)
"""

from __future__ import annotations

from typing import Any

import attrs

from games.nim.octal import OctalGame, grundy_values_naive, octal_rules, parse_octal

__all__ = ["EQUIVALENCE_CLAIMS", "PUBLISHED", "PUBLISHED_OPEN", "Published", "compare"]


@attrs.frozen
class Published:
    """A published solution: preperiod and period, and (where given) the largest value, where it
    first occurs, the rare mask, the number of rare heaps and the last rare heap."""

    preperiod: int
    period: int
    source: str
    largest: int | None = None
    largest_at: int | None = None
    mask: int | None = None
    rare_heaps: int | None = None
    last_rare: int | None = None


_CZAJKA_TRIVIAL = "Czajka, Trivial games (WW ch. 4; Flammenkamp)"
# code: (preperiod, period), as printed (".4" is 0.4)
_TRIVIAL = {
    "4": (0, 2), ".1": (2, 1), ".4": (52, 34), ".02": (0, 4), ".11": (3, 1), ".12": (1, 4),
    ".15": (1, 10), ".17": (33, 34), ".22": (0, 3), ".26": (0, 4), ".31": (3, 2), ".32": (1, 3),
    ".34": (7, 8), ".35": (1, 6), ".44": (141, 24), ".51": (1, 1), ".52": (4, 4), ".53": (11, 9),
    ".54": (3, 7), ".57": (1, 4), ".71": (3, 2), ".72": (1, 4), ".75": (1, 2), ".77": (71, 12),
    "4.3": (2, 2), ".002": (0, 6), ".017": (14, 60), ".022": (0, 5), ".044": (211, 36),
    ".045": (187, 32), ".051": (47, 48), ".055": (258, 148), ".101": (4, 1), ".102": (1, 6),
    ".111": (4, 1), ".112": (1, 6), ".115": (1, 14), ".116": (139, 96), ".121": (4, 4),
    ".122": (1, 5), ".123": (5, 5), ".124": (122, 62), ".131": (4, 4), ".132": (1, 5),
    ".134": (60, 62), ".141": (14, 11), ".144": (4, 10), ".145": (3, 9), ".147": (3, 8),
    ".152": (2, 48), ".153": (16, 14), ".154": (4, 11), ".157": (1, 6), ".171": (12, 11),
    ".173": (21, 40), ".176": (24, 8), ".226": (20, 5), ".312": (5, 2), ".316": (4, 12),
    ".331": (4, 3), ".332": (1, 4), ".351": (1, 8), ".353": (4, 2), ".373": (2, 28),
    ".375": (37, 18), ".512": (3, 6), ".524": (1, 52), ".532": (7, 5), ".536": (1, 5),
    ".772": (8, 4), "4.12": (6, 7), "4.72": (1, 3), "4.005": (30, 79), "4.024": (1, 60),
    "4.102": (8, 10), "4.122": (6, 7), "4.304": (25, 21), "4.323": (4, 4), "4.444": (142, 24),
    "4.722": (4, 4), "4.726": (5, 16), "4.766": (19, 20),
}  # fmt: skip

# code: (preperiod, period, largest, largest_at, mask, rare heaps, last rare, first solved by)
_SOLVED = {
    ".45": (498, 20, 8, 37, 0xF, 11, 198, "Czajka, Solved games"),
    ".156": (3479, 349, 23, 1032, 0x1B, 15, 357, "Kenyon 1967"),
    ".356": (7315, 142, 19, 86, 0x1B, 7, 43, "Austin 1976"),
    ".644": (3256, 442, 64, 333, 0x7E, 31, 511, "Austin 1976"),
    ".165": (5181, 1550, 25, 620, None, None, None, "Austin 1976"),
    ".16": (105351, 149459, 23, 229790, 0x1E, 53, 13935, "Gangolli-Plambeck 1989"),
    ".56": (326640, 144, 64, 22778, 0x5B, 46, 1795, "Gangolli-Plambeck 1989"),
    ".127": (46578, 4, 56, 24734, None, 693, 27106, "Gangolli-Plambeck 1989"),
    ".376": (2268248, 4, 176, 341612, 0xFE, 510, 1140540, "Gangolli-Plambeck 1989"),
    ".354": (10061916, 1180, 113, 1152, 0x3F, 132, 3227, "Flammenkamp 2002"),
}


def _code(printed: str) -> str:
    return OctalGame(parse_octal(printed if "." in printed else printed + ".0"), 1).code


PUBLISHED: dict[str, Published] = {
    **{_code(c): Published(p, q, _CZAJKA_TRIVIAL) for c, (p, q) in _TRIVIAL.items()},
    **{
        _code(c): Published(p, q, f"{who}; Czajka, Solved games", big, at, mask, count, last)
        for c, (p, q, big, at, mask, count, last, who) in _SOLVED.items()
    },
}
"""Published (preperiod, period) and sparse-space figures, by our canonical code."""

PUBLISHED_OPEN = {
    # code: (heaps searched, largest, largest_at, mask, rare heaps, last rare), Czajka "Unsolved"
    "0.6": (1 << 21, 319, 1274955, 0x1EE, 1584, 20627),
    "0.04": (1 << 17, 1024, 109363, 0x7B8, 18860, 131003),
    "0.06": (1 << 17, 1045, 127083, 0x5A0, 52923, 131070),
    "grundy": (1 << 21, 231, 763622, 0xFE, 1274, 82860),
}
"""Games published as unsolved, with the figures at the size they were searched to."""

EQUIVALENCE_CLAIMS = (
    ("0.161", "0.36", "Flammenkamp's tables list .161 as equivalent to .36"),
    ("0.27", "0.06", "Winning Ways' game locator maps .27 to .06"),
    ("0.314", "0.31", "Winning Ways' game locator maps .314 to .31"),
)


def first_difference(first: str, second: str, size: int = 2000) -> int | None:
    """The first heap where the two games' values differ below ``size`` (plain mex), or None.

    >>> first_difference("0.161", "0.36")
    519
    """
    a = grundy_values_naive(parse_octal(first), size)
    b = grundy_values_naive(parse_octal(second), size)
    return next((n for n in range(size) if a[n] != b[n]), None)


def first_heap_with_a_move(code: str) -> int:
    """The least heap ``k >= 1`` that has a move (heaps ``1..k-1`` are all 0).

    >>> [first_heap_with_a_move(code) for code in ("0.77", "0.051", "0.044")]
    [1, 2, 4]
    """
    rules = octal_rules(parse_octal(code))
    starts = [*rules.whole, *(r + 1 for r in rules.one), *(r + 2 for r in rules.two)]
    return max(1, min(starts))


def czajka_preperiod(code: str, preperiod: int, period: int) -> int:
    """Our certified ``(preperiod, period)`` in the convention of Czajka's tables, which list
    ``g(0)`` and then the heaps from the first that has a move (``first_heap_with_a_move``):
    the heaps ``1..k-1`` (all 0) are left out, so the periodic part starts ``k - 1`` earlier.

    >>> czajka_preperiod("0.051", 48, 48), czajka_preperiod("0.77", 71, 12)
    (47, 71)
    """
    k = first_heap_with_a_move(code)
    if preperiod - (k - 1) >= 1:
        return preperiod - (k - 1)
    game = OctalGame(parse_octal(code), 1 << 13, engine="python")
    return 0 if game.grundy(period + k - 1) == 0 else 1


def compare(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One entry per published game found among ``rows`` (sweep rows): ours, theirs, and
    ``"agrees"``, ``"beyond our bound"`` (published preperiod needs more heaps than searched,
    and what we computed agrees so far) or ``"DISAGREES: ..."``."""
    by_code = {row["game"]: row for row in rows}
    report = []
    for code, published in PUBLISHED.items():
        row = by_code.get(code)
        if row is None:
            continue
        entry: dict[str, Any] = {"game": code, "published": attrs.asdict(published), "ours": row}
        if row["status"] == "certified":
            same = (row["preperiod"], row["period"]) == (published.preperiod, published.period)
            shifted = czajka_preperiod(code, row["preperiod"], row["period"])
            if same:
                verdict = "agrees"
            elif (shifted, row["period"]) == (published.preperiod, published.period):
                k = first_heap_with_a_move(code)
                left_out = "heap 1" if k == 2 else f"heaps 1..{k - 1}"
                verdict = f"agrees once {left_out} (no move) are left out, as that table does"
            else:
                verdict = f"DISAGREES: ours preperiod {row['preperiod']}, period {row['period']}"
        else:
            window = 2 * published.preperiod + published.period + len(parse_octal(code)) - 1
            verdict = (
                f"beyond our bound (certifying it needs {window + published.period:,} heaps)"
                if row["heaps"] < window + published.period
                else f"DISAGREES: open at {row['heaps']} though published certified"
            )
        for field in ("largest", "largest_at", "mask", "rare_heaps", "last_rare"):
            theirs = getattr(published, field)
            if (
                theirs is not None
                and row["status"] == "certified"
                and row[field] != theirs
                and verdict == "agrees"
            ):
                verdict = f"agrees on the period; {field} ours {row[field]}, published {theirs}"
        entry["verdict"] = verdict
        report.append(entry)
    return report


def _ours(row: dict[str, Any]) -> str:
    if row["status"] == "certified":
        return f"{row['preperiod']:,} / {row['period']:,}"
    return f"open at {row['heaps']:,}"


def _sparse(row: dict[str, Any]) -> str:
    if not row["mask"]:
        return "-"
    domain = " (domain)" if row["in_domain"] else ""
    last = "-" if row["last_rare"] is None else f"{row['last_rare']:,}"
    return f"{row['mask']:x}{domain}, {row['rare_heaps']:,}, {last}"


def markdown_table(rows: list[dict[str, Any]]) -> str:
    """The sweep as a Markdown table, each row beside the published figures (if any).

    >>> markdown_table([]).splitlines()[0].split(" | ")[:3]
    ['| game', 'preperiod / period (ours)', 'largest (first at)']
    """
    verdicts = {entry["game"]: entry["verdict"] for entry in compare(rows)}
    lines = [
        "| game | preperiod / period (ours) | largest (first at) "
        "| rare mask, rare heaps, last rare | published | verdict |",
        "|---|---:|---:|---|---:|---|",
    ]
    for row in rows:
        published = PUBLISHED.get(row["game"])
        theirs = "" if published is None else f"{published.preperiod:,} / {published.period:,}"
        lines.append(
            f"| {row['game']} | {_ours(row)} | {row['largest']} ({row['largest_at']:,}) | "
            f"{_sparse(row)} | {theirs} | {verdicts.get(row['game'], '')} |"
        )
    return "\n".join(lines)
