"""The verification harness, the claim registry and `cgt verify`."""

import json

import pytest
import sympy
from hypothesis import strategies as st

import cgt
from cgt.cli import command as cli
from cgt.cli import verify as verify_command
from cgt.verification import claim as claim_module


@cgt.impartial_game
def Take23(n):
    return [n - k for k in (2, 3) if k <= n]


PATTERN = [0, 0, 1, 1, 2]
n = sympy.Symbol("n")


def test_true_closed_form_holds_exhaustively_and_at_random():
    result = cgt.verify(
        map(Take23, range(200)),
        lambda p: PATTERN[p.n % 5],
        strategy=st.integers(0, 5000).map(Take23),
        max_examples=50,
    )
    assert result.ok and bool(result)
    assert result.exhaustive == 200 and result.random == 50 and result.checked == 250
    assert result.counterexample is None
    assert result.fast_seconds > 0 and result.reference_seconds > 0


def test_sympy_closed_form():
    closed = sympy.Piecewise((0, sympy.Mod(n, 5) < 2), (1, sympy.Mod(n, 5) < 4), (2, True))
    assert cgt.verify(map(Take23, range(100)), closed).ok
    assert cgt.verify(map(Take23, range(100)), sympy.Mod(n, 5) // 2).ok


def test_planted_wrong_closed_form_first_counterexample():
    # Claims g(n) = floor((n mod 5) / 2), except it "forgets" that g(9) = 2 by using mod 4 late on.
    result = cgt.verify(map(Take23, range(100)), lambda p: PATTERN[p.n % 5] if p.n < 23 else 0)
    assert not result.ok
    assert result.found_by == "exhaustive"
    assert result.counterexample == Take23(23)
    assert (result.expected, result.actual) == (1, 0)
    assert result.checked == 24
    assert "fails at Take23(23)" in result.describe()


def test_random_counterexample_is_shrunk_to_the_smallest():
    # Wrong for every n >= 1000: the smallest counterexample is 1000.
    def planted(p):
        return PATTERN[p.n % 5] + (p.n >= 1000)

    result = cgt.verify([], planted, strategy=st.integers(0, 10_000).map(Take23), max_examples=500)
    assert not result.ok and result.found_by == "random"
    assert result.counterexample == Take23(1000)
    assert (result.expected, result.actual) == (0, 1)


def test_fast_path_exception_is_a_reported_failure():
    result = cgt.verify(map(Take23, range(10)), lambda p: 1 // (p.n - 4))
    assert not result.ok and result.counterexample == Take23(0)
    result = cgt.verify(
        map(Take23, range(1, 10)), lambda p: PATTERN[p.n % 5] if p.n != 4 else 1 // 0
    )
    assert result.counterexample == Take23(4)
    assert "ZeroDivisionError" in repr(result.actual)


def test_sympy_closed_form_with_missing_variable_is_a_clear_error():
    with pytest.raises(cgt.CGTError, match="no attribute 'm'"):
        cgt.verify([Take23(3)], sympy.Mod(sympy.Symbol("m"), 5))
    with pytest.raises(cgt.CGTError, match="not an exact number"):
        cgt.verify([Take23(3)], sympy.sqrt(n))


def test_custom_variables_and_equality():
    result = cgt.verify(
        map(Take23, range(30)),
        sympy.Mod(sympy.Symbol("size"), 5),
        variables=lambda p: {"size": p.n},
        equal=lambda expected, actual: (expected == 0) == (actual in (0, 1)),
    )
    assert result.ok


@pytest.fixture
def clean_registry(monkeypatch):
    monkeypatch.setattr(claim_module, "_REGISTRY", [])
    monkeypatch.setattr(cli, "load_plugins", lambda: {})
    monkeypatch.setattr(verify_command, "load_plugins", lambda: {})
    return claim_module._REGISTRY


def _claims():
    good = cgt.register_claim(
        game="subtraction {2,3}",
        claim="g(n) = 0,0,1,1,2 by n mod 5",
        source="seed 001 s.6",
        family=lambda size: map(Take23, range(size)),
        quick=50,
        full=500,
        fast=lambda p: PATTERN[p.n % 5],
    )
    refuted = cgt.register_claim(
        game="subtraction {2,3}",
        claim="g(n) = n mod 3",
        source="a planted error",
        family=lambda size: map(Take23, range(size)),
        quick=50,
        full=500,
        fast=sympy.Mod(n, 3),
        expect="refuted",
    )
    return good, refuted


def test_registry_statuses(clean_registry):
    good, refuted = _claims()
    assert cgt.claims() == (good, refuted)
    runs = cgt.run_claims(quick=True)
    assert [r.status for r in runs] == ["holds", "refuted"]
    assert runs[1].result.counterexample == Take23(1)
    with pytest.raises(ValueError, match="already registered"):
        cgt.register_claim(good)
    wrongly_held = cgt.Claim(
        game="g",
        claim="c",
        source="s",
        family=lambda size: map(Take23, range(size)),
        quick=10,
        full=10,
        fast=lambda p: 0,
    )
    assert wrongly_held.run(quick=True).status == "FAILS"
    stale = cgt.Claim(
        game="g",
        claim="c",
        source="s",
        family=lambda size: map(Take23, range(size)),
        quick=10,
        full=10,
        fast=lambda p: PATTERN[p.n % 5],
        expect="refuted",
    )
    assert stale.run().status == "NO LONGER REFUTED"


def test_cli_verify_table_and_exit_codes(clean_registry, capsys):
    _claims()
    assert cli.main(["verify", "--quick"]) == 0
    out = capsys.readouterr().out
    assert "subtraction {2,3}" in out and "holds" in out
    assert "refuted  subtraction {2,3}: g(n) = n mod 3  [2 checked, size <= 50]" in out
    assert "counterexample Take23(1)" in out
    assert "2 claims: 1 hold, 1 refuted as registered, 0 not as registered" in out

    cgt.register_claim(
        game="planted",
        claim="always 0",
        source="test",
        family=lambda size: map(Take23, range(size)),
        quick=10,
        full=10,
        fast=lambda p: 0,
    )
    assert cli.main(["verify", "--quick", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] is False
    assert [c["status"] for c in data["claims"]] == ["holds", "refuted", "FAILS"]
    assert data["claims"][2]["counterexample"] == "Take23(2)"

    assert cli.main(["verify", "--quick", "--game", "planted"]) == 1
    assert cli.main(["verify", "--game", "no such game"]) == 2


def test_cli_without_claims(clean_registry, capsys):
    assert cli.main(["verify"]) == 2
    assert "no claims" in capsys.readouterr().err


class Size:
    """A bare position-like object with a size attribute ``n``."""

    def __init__(self, n):
        self.n = n

    def __repr__(self):
        return f"Size({self.n})"


def test_sympy_closed_forms_are_evaluated_exactly():
    from fractions import Fraction

    halves = cgt.verify([Size(k) for k in range(8)], n / 2, reference=lambda p: Fraction(p.n, 2))
    assert halves.ok
    big = 3 * 2**60 - 1
    assert cgt.verify([Size(big)], sympy.floor(n / 3), reference=lambda p: p.n // 3).ok
    with pytest.raises(cgt.CGTError, match="not an exact number"):
        cgt.verify([Size(3)], sympy.Float(0.5) * n, reference=lambda p: 0)
    with pytest.raises(cgt.CGTError, match="float"):
        cgt.verify([Size(3)], lambda p: 1.5, reference=lambda p: 1)


def test_a_fast_path_raising_a_library_error_is_a_counterexample():
    from fractions import Fraction

    result = cgt.verify(map(Take23, range(6)), lambda p: int(cgt.Game(Fraction(p.n, 2))))
    assert not result.ok and result.counterexample == Take23(1)
    assert result.fast_path_raised


def test_missing_variables_are_a_clear_error():
    with pytest.raises(cgt.CGTError, match="needs m"):
        cgt.verify(
            [Size(3)], sympy.Symbol("m"), reference=lambda p: 0, variables=lambda p: {"n": p.n}
        )


def test_expectation_must_be_holds_or_refuted():
    with pytest.raises(ValueError, match="expect"):
        cgt.Claim(
            game="g",
            claim="c",
            source="s",
            family=lambda size: [],
            quick=1,
            full=1,
            fast=lambda p: 0,
            expect="hold",
        )


def test_a_crash_is_not_a_refutation():
    crashing = cgt.Claim(
        game="g",
        claim="c",
        source="s",
        family=lambda size: map(Take23, range(size)),
        quick=10,
        full=10,
        fast=lambda p: p.m % 3,
        expect="refuted",
    )
    assert crashing.run(quick=True).status == "FAST PATH RAISED"
    assert not crashing.run(quick=True).as_registered
