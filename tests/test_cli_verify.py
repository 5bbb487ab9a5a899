"""``cgt verify``: sizes (``--size``, ``--scale``), games by name, the table fitted to the
terminal, one line per claim when piped, and Ctrl-C (also inside hypothesis's search)."""

from __future__ import annotations

import io
import json
import re
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import strategies as st

import cgt
from cgt.cli import command as cli
from cgt.cli import verify as verify_command
from cgt.cli.verify import GameNotFoundError, select_claims
from cgt.verification import claim as claim_module
from cgt.verification import plugins
from cgt.verification.claim import ClaimSizeError


@cgt.impartial_game
def Take12(n: int) -> list[int]:
    return [n - k for k in (1, 2) if k <= n]


def _family(size: int) -> Any:
    return map(Take12, range(size))


LONG = "g(n) = n mod 3, " + " ".join(f"word{i}" for i in range(40)) + " END"


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> list[cgt.Claim]:
    monkeypatch.setattr(claim_module, "_REGISTRY", [])
    monkeypatch.setattr(cli, "load_plugins", lambda: {})
    monkeypatch.setattr(verify_command, "load_plugins", lambda: {})
    monkeypatch.setattr(plugins, "_ERRORS", {})
    cgt.register_claim(
        game="take 1 or 2",
        claim=LONG,
        source="folklore",
        family=_family,
        quick=10,
        full=40,
        fast=lambda p: p.n % 3,
        max_size=100,
    )
    cgt.register_claim(
        game="take 1 or 2, misprinted",
        claim="g(n) = n mod 2",
        source="a planted error",
        family=_family,
        quick=10,
        full=40,
        fast=lambda p: p.n % 2,
        expect="refuted",
    )
    cgt.register_claim(
        game="Subtraction {1,2}", claim="g(n) < 3", source="s", family=_family, quick=3, full=6,
        fast=lambda p: p.n % 3,
    )  # fmt: skip
    return claim_module._REGISTRY


def test_sizes_of_a_claim() -> None:
    claim = cgt.Claim(
        game="g", claim="c", source="s", family=_family, quick=6, full=30,
        fast=lambda p: p.n % 3, max_size=50,
    )  # fmt: skip
    assert [claim.bound(), claim.bound(True), claim.bound(size=7)] == [30, 6, 7]
    assert [claim.bound(scale=2), claim.bound(scale="1.5"), claim.bound(True, scale="1/4")] == [
        50,  # 60, stopped at the largest size
        45,
        1,  # 6/4 rounded down
    ]
    assert claim.bound(scale=Fraction(1, 3)) == 10
    assert claim.run(size=17).result.exhaustive == 17
    for bad in (0, -3, 2.5, "7", True):
        with pytest.raises(ClaimSizeError, match="a size is a positive whole number"):
            claim.bound(size=bad)  # type: ignore[arg-type]
    for bad_scale in (0, -1, "x", "1/0", 1.5, None.__class__):
        with pytest.raises(ClaimSizeError, match="a scale is a positive number"):
            claim.bound(scale=bad_scale)  # type: ignore[arg-type]
    with pytest.raises(ClaimSizeError, match=r"size 51 is beyond the largest size .* \(50\)"):
        claim.bound(size=51)
    with pytest.raises(ClaimSizeError, match="max_size is a positive int"):
        cgt.Claim(game="g", claim="c", source="s", family=_family, quick=1, full=1, fast=0,
                  max_size=0)  # fmt: skip


def test_run_claims_checks_every_family_at_the_size_asked(registry: list[cgt.Claim]) -> None:
    runs = cgt.run_claims(size=25)
    assert [(r.result.exhaustive, r.checked_up_to) for r in runs[::2]] == [
        (25, "size <= 25"),
        (25, "size <= 25"),
    ]
    assert [r.result.exhaustive for r in cgt.run_claims(scale=2)] == [80, 3, 12]
    assert [r.result.exhaustive for r in cgt.run_claims(quick=True, scale=3)] == [30, 3, 9]
    with pytest.raises(ClaimSizeError):  # before any claim is run
        cgt.run_claims(size=101)


def test_the_standard_size_is_the_default_and_full_is_one_flag_away(
    registry: list[cgt.Claim], capsys: Any
) -> None:
    """A claim whose full size takes minutes registers a smaller standard size: a plain
    ``cgt verify`` checks that, ``--full`` the full size, ``--quick`` the CI size."""
    cgt.register_claim(
        game="take 1 or 2, slow", claim="g(n) = n mod 3", source="s", family=_family,
        quick=5, full=30, standard=15, fast=lambda p: p.n % 3,
    )  # fmt: skip
    slow = registry[-1]
    assert [slow.bound(), slow.bound(full=False), slow.bound(True, full=False)] == [30, 15, 5]
    assert registry[0].bound(full=False) == 40  # no standard size: the full one
    assert [r.result.exhaustive for r in cgt.run_claims(full=False)] == [40, 3, 6, 15]
    assert [r.result.exhaustive for r in cgt.run_claims()] == [40, 3, 6, 30]
    assert [r.result.exhaustive for r in cgt.run_claims(full=False, scale=2)][-1] == 30
    for flags, size in (([], "standard"), (["--full"], "full"), (["--quick"], "quick")):
        assert cli.main(["verify", "--game", "take 1 or 2, slow", "--json", *flags]) == 0
        captured = capsys.readouterr()
        data = json.loads(captured.out)
        assert data["size"] == size
        assert (
            data["claims"][0]["checked_up_to"]
            == f"size <= {dict(standard=15, full=30, quick=5)[size]}"
        )
        assert {"standard": "standard size (--full for", "full": "full size (--full)",
                "quick": "CI size (--quick)"}[size] in captured.err  # fmt: skip
    with pytest.raises(SystemExit):
        cli.main(["verify", "--quick", "--full"])
    assert "not allowed with argument" in capsys.readouterr().err
    for standard in (4, 31):
        with pytest.raises(ClaimSizeError, match=f"standard = {standard} is not between quick"):
            cgt.Claim(game="g", claim="c", source="s", family=_family, quick=5, full=30,
                      standard=standard, fast=0)  # fmt: skip
    with pytest.raises(cgt.WrongTypeError, match="full is True or False"):
        cgt.run_claims(full="no")  # type: ignore[arg-type]


def test_chunked_runs_use_the_size_asked(registry: list[cgt.Claim]) -> None:
    from cgt.verification.registry import _run_in_chunks

    seen: list[int] = []
    runs = _run_in_chunks(list(registry), False, 1, None, None, sizes=[12, 13, 14],
                          on_claim=lambda i, run: seen.append(i))  # fmt: skip
    assert [r.result.exhaustive for r in runs] == [12, 3, 14]
    assert seen == [0, 1, 2]


def test_games_are_chosen_by_name_not_by_any_text(registry: list[cgt.Claim]) -> None:
    every = cgt.claims()
    assert [c.game for c in select_claims(every, ["TAKE 1 OR 2"])] == ["take 1 or 2"]
    assert [c.game for c in select_claims(every, ["subtr"])] == ["Subtraction {1,2}"]
    assert len(select_claims(every, ["take 1 or 2", "sub"])) == 2
    assert select_claims(every, []) == list(every)
    with pytest.raises(GameNotFoundError, match="beginning of several games' names"):
        select_claims(every, ["take"])
    with pytest.raises(GameNotFoundError, match="no registered game is named 'mod'"):
        select_claims(every, ["mod"])  # in the claims' text, not a game's name


def test_piped_output_is_one_line_per_claim(registry: list[cgt.Claim], capsys: Any) -> None:
    assert cli.main(["verify", "--size", "20", "--game", "take 1 or 2, misprinted"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == (
        "refuted  take 1 or 2, misprinted: g(n) = n mod 2  [3 checked, size <= 20]  "
        "counterexample Take12(2)"
    )
    assert out[-1] == "1 claim: 0 hold, 1 refuted as registered, 0 not as registered"
    assert cli.main(["verify", "--scale", "1/2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [c["checked_up_to"] for c in data["claims"]] == ["size <= 20", "size <= 20", "size <= 3"]


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_table_fits_the_terminal_and_cuts_no_text(
    registry: list[cgt.Claim], monkeypatch: pytest.MonkeyPatch
) -> None:
    for columns in (60, 120):
        monkeypatch.setenv("COLUMNS", str(columns))
        out = _Terminal()
        monkeypatch.setattr("sys.stdout", out)
        assert cli.main(["verify", "--quick"]) == 0
        text = re.sub(r"\x1b\[[0-9;]*m", "", out.getvalue())
        lines = text[: text.index("\n\n")].splitlines()  # the table, before the details
        assert "claim" in text.split("──")[0] and len(lines) > 4
        assert max(map(len, lines)) <= columns
        words = " ".join(lines).split()
        assert all(f"word{i}" in words for i in range(40)) and "END" in words
        assert "  counterexample Take12" not in text  # the table, not the piped lines


def test_bad_sizes_are_refused_by_name(registry: list[cgt.Claim], capsys: Any) -> None:
    for option in (["--size", "0"], ["--size", "x"], ["--scale", "-2"], ["--scale", "0"]):
        with pytest.raises(SystemExit):
            cli.main(["verify", *option])
        assert "positive" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["verify", "--size", "3", "--scale", "2"])
    assert "not allowed with argument" in capsys.readouterr().err
    assert cli.main(["verify", "--size", "101"]) == 2
    assert "size 101 is beyond the largest size" in capsys.readouterr().err
    assert cli.main(["verify", "--game", "take"]) == 2
    assert "several games' names: take 1 or 2, take 1 or 2, misprinted" in capsys.readouterr().err


def _interrupt_above_50(position: Any) -> int:
    if position.n > 50:
        raise KeyboardInterrupt
    return int(position.n % 3)


def test_ctrl_c_inside_the_random_search_stops_in_one_line(
    registry: list[cgt.Claim], capsys: Any
) -> None:
    cgt.register_claim(
        game="interrupted",
        claim="Ctrl-C while hypothesis searches",
        source="s",
        family=_family,
        quick=5,
        full=5,
        fast=_interrupt_above_50,
        strategy=st.builds(Take12, st.integers(0, 100)),
    )
    assert cli.main(["verify", "--quick"]) == 130
    out, err = capsys.readouterr()
    assert len(out.splitlines()) == 3  # the three claims finished, one line each
    plan, interrupted = err.strip().splitlines()
    assert plan.startswith("cgt verify: 4 claims of 4 games at CI size (--quick) in one process")
    assert interrupted == (
        "cgt verify: interrupted; 3 of 4 claims finished "
        "(take 1 or 2 1, take 1 or 2, misprinted 1, Subtraction {1,2} 1)"
    )


def test_a_plug_in_that_cannot_be_imported_is_one_line(
    registry: list[cgt.Claim], monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    error = plugins.PluginImportError.missing("demo", "games.demo", "numba.core")
    monkeypatch.setattr(plugins, "_ERRORS", {"demo": error})
    assert cli.main(["verify", "--quick", "--game", "sub"]) == 1  # not everything was checked
    out, err = capsys.readouterr()
    assert err.splitlines()[0] == (
        "cgt verify: plug-in 'demo' (games.demo) needs numba, which is not installed: "
        "pip install numba"
    )
    assert err.splitlines()[1].startswith("cgt verify: 1 claim of 1 game")
    assert len(err.splitlines()) == 2
    assert out.splitlines()[-1].endswith("0 not as registered; 1 plug-ins not loaded")


def test_a_stale_entry_point_does_not_hide_the_plug_in(monkeypatch: pytest.MonkeyPatch) -> None:
    class Entry:
        def __init__(self, name: str, value: str) -> None:
            self.name, self.value = name, value

    entries = [Entry("laws", "cgt.no_such_module"), Entry("laws", "cgt.verification.laws")]
    monkeypatch.setattr(plugins, "entry_points", lambda group: entries)
    monkeypatch.setattr(plugins, "_LOADED", {})
    monkeypatch.setattr(plugins, "_ERRORS", {})
    loaded = plugins.load_plugins()
    assert loaded["laws"].__name__ == "cgt.verification.laws" and plugins.plugin_errors() == {}
    monkeypatch.setattr(plugins, "_LOADED", {})
    monkeypatch.setattr(plugins, "entry_points", lambda group: entries[:1])
    assert plugins.load_plugins() == {}
    assert str(plugins.plugin_errors()["laws"]) == (
        "plug-in 'laws' names the module cgt.no_such_module, which does not exist "
        "(an old install left behind? reinstall the package)"
    )
