"""Issue 28, item 5: printing and pickling a deep game take memory in proportion to the game
and its text.

The printer kept the whole text of every subgame: for a chain of hot games ``n`` deep that is
``n**2`` characters (12.4 GB for the 293 KB text of a chain 80,000 deep; `MemoryError` at
100,000), and pickling went through the text.  Each run here is in a fresh interpreter whose
address space is capped, so that the old behaviour fails quickly with `MemoryError` instead of
taking the machine's memory.
"""

from __future__ import annotations

import pickle
import subprocess
import sys
import textwrap

import cgt
from cgt.partizan import printing

_BOUNDED = textwrap.dedent(
    """
    import io, pickle, resource, sys
    resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))
    import cgt
    n = 40_000
    g = cgt.Game(0)
    for _ in range(n):
        g = cgt.Game(left=[1], right=[g])  # {1 | {1 | ... {1 | 0}}}: hot, n + 1 days old
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    text = str(g)
    data = pickle.dumps(g)
    again = pickle.loads(data)
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    out = io.StringIO()
    cgt.write_text(g, out.write)  # the streaming writer, written separately: an oracle
    print(len(text), cgt.text_size(g).length == len(text), out.getvalue() == text,
          again is g, g.birthday, grown < 300_000, len(data) < 2_000_000)
    """
)


def test_str_and_pickle_of_a_chain_40000_deep_in_bounded_memory() -> None:
    run = subprocess.run(
        [sys.executable, "-c", _BOUNDED], capture_output=True, text=True, timeout=600
    )
    assert run.returncode == 0, run.stderr[-1500:]
    length, *checks, birthday, grown, small = run.stdout.split()
    assert int(length) > 100_000 and birthday == "40001"
    assert checks == ["True", "True", "True"] and grown == "True" and small == "True"


def _chain(n: int) -> cgt.Game:
    g = cgt.Game(0)
    for k in range(n):
        g = cgt.Game(left=[1 + k % 3], right=[g]) if k % 5 else cgt.Game(left=[g, 2], right=[0])
    return g


def test_the_text_is_the_same_whether_subgames_texts_are_kept_or_not(monkeypatch) -> None:
    """Texts longer than `printing.KEEP` are kept as pieces (and options with equal keys are
    ordered by comparing their texts as streams): with nothing kept, every text is the same."""
    games = [_chain(n) for n in (3, 12, 40)] + [
        cgt.Game(left=[cgt.Game("{2|1}"), cgt.Game("{2|*}"), cgt.Game("{3|0}")], right=[-5]),
        cgt.Game("{{8|4^, {5|3}}, {8|4}|{4|^, ±1}, {5|3||±1}}"),
        cgt.tiny(cgt.Game("1/4")) + cgt.miny(2),
    ]
    kept = [(str(g), format(g, "a"), format(g, "u"), g._repr_latex_()) for g in games]
    monkeypatch.setattr(printing, "KEEP", 0)
    streamed = [(str(g), format(g, "a"), format(g, "u"), g._repr_latex_()) for g in games]
    assert streamed == kept
    assert kept[4][0] == "{{8|4^, {5|3}}, {8|4}|{4|^, ±1}, {5|3||±1}}"
    assert all(cgt.parse(text) is g for g, (text, *_) in zip(games, kept, strict=True))


def test_pickles_of_games_rebuild_the_same_values() -> None:
    for g in [cgt.Game("{1|0}"), cgt.Game("{3 | {2 | 0 || -1}, *}"), cgt.Game("^*"), _chain(30)]:
        data = pickle.dumps(g)
        assert pickle.loads(data) is g
    # a table that is not one is refused by name
    from cgt.partizan.game import _from_table

    for bad in ([], [((0,), ())], [(0, -1, 0, 0)], [("x", 0, 0, 0)]):
        try:
            _from_table(bad)
        except cgt.GameValueError:
            continue
        raise AssertionError(f"{bad!r} was accepted")
