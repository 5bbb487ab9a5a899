"""Bad arguments to the verification API raise named errors (`cgt.CGTError` subclasses) whose
message names the argument and what was expected, never a bare TypeError or AttributeError.

Each row is a bad call found by fuzzing the public signatures of `cgt.verify`,
`cgt.compile_closed_form`, `cgt.Claim`, `cgt.register_claim`, `cgt.claims` and `cgt.run_claims`.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from typing import Any

import hypothesis.strategies as st
import pytest
import sympy

import cgt
from cgt.verification.harness import ClosedFormError


@cgt.impartial_game
def Take1(n: int) -> list[int]:
    return [n - 1] if n else []


def _family(size: int) -> Any:
    return map(Take1, range(size))


_names = itertools.count()


def _fields(**changes: Any) -> dict[str, Any]:
    """The fields of a good claim (with a text of its own, so none is a duplicate), changed;
    a field changed to ``...`` is left out."""
    fields: dict[str, Any] = {
        "game": "take 1 (bad arguments)",
        "claim": f"g(n) = n mod 2, #{next(_names)}",
        "source": "folklore",
        "family": _family,
        "quick": 5,
        "full": 10,
        "fast": lambda p: p.n % 2,
    }
    fields.update(changes)
    return {name: value for name, value in fields.items() if value is not ...}


@pytest.fixture(autouse=True)
def _registry_restored() -> Any:
    """Leave the registry as it was (a bad call must not register anything, a good one is
    taken out again)."""
    from cgt.verification import claim as module

    before = list(module._REGISTRY)
    yield
    module._REGISTRY[:] = before


def _good_claim() -> cgt.Claim:
    return cgt.Claim(**_fields())


POSITIONS = [Take1(n) for n in range(5)]

BAD_FIELDS: list[tuple[str, dict[str, Any], type[cgt.CGTError], str]] = [
    ("game=3", {"game": 3}, cgt.WrongTypeError, "game is a non-empty str, got 3"),
    ("game=''", {"game": ""}, cgt.WrongTypeError, "game is a non-empty str"),
    ("claim=None", {"claim": None}, cgt.WrongTypeError, "claim is a non-empty str, got None"),
    ("source=5", {"source": 5}, cgt.WrongTypeError, "source is a str, got 5"),
    ("no family", {"family": ...}, cgt.WrongTypeError, "family"),
    ("unknown field", {"size": 3}, cgt.WrongTypeError, "size"),
    ("family=3", {"family": 3}, cgt.WrongTypeError, "family is a function size -> positions"),
    ("quick=-1", {"quick": -1}, cgt.ClaimSizeError, "quick is a positive int, got -1"),
    ("quick=True", {"quick": True}, cgt.ClaimSizeError, "quick is a positive int, got True"),
    ("full=2.5", {"full": 2.5}, cgt.ClaimSizeError, "full is a positive int, got 2.5"),
    ("full='10'", {"full": "10"}, cgt.ClaimSizeError, "full is a positive int, got '10'"),
    ("full > max_size", {"full": 8, "max_size": 6}, cgt.ClaimSizeError, "full = 8 is beyond"),
    ("fast not a formula", {"fast": "not a formula"}, ClosedFormError, "is not a formula"),
    ("fast=None", {"fast": None}, cgt.WrongTypeError, "fast is a function position -> value"),
    ("fast=[]", {"fast": []}, cgt.WrongTypeError, "a closed form is a sympy expression"),
    ("fast=0.5", {"fast": 0.5}, ClosedFormError, "has the float 0.5"),
    ("reference=3", {"reference": 3}, cgt.WrongTypeError, "reference is a function"),
    ("expect='yes'", {"expect": "yes"}, cgt.InvalidArgumentError, "expect is 'holds' or"),
    ("parts=0", {"parts": 0}, cgt.InvalidArgumentError, "parts is a positive int, got 0"),
    ("parts=True", {"parts": True}, cgt.WrongTypeError, "parts is a positive int, got True"),
    ("max_examples=5", {"max_examples": 5}, cgt.WrongTypeError, "max_examples is a pair"),
    ("max_examples=(1, -1)", {"max_examples": (1, -1)}, cgt.InvalidArgumentError, "each of"),
    ("variables=3", {"variables": 3}, cgt.WrongTypeError, "variables is a function or None"),
    ("equal=3", {"equal": 3}, cgt.WrongTypeError, "equal is a function or None"),
    ("strategy=3", {"strategy": 3}, cgt.WrongTypeError, "strategy is a hypothesis strategy"),
    ("note=3", {"note": 3}, cgt.WrongTypeError, "note is a str, got 3"),
    ("checked_up_to={n}", {"checked_up_to": "n <= {n}"}, cgt.InvalidArgumentError, "{size}"),
]
"""Claims with one bad field, given to `cgt.Claim` and to `cgt.register_claim`."""


def _claim_calls() -> list[tuple[str, Callable[[], Any], type[cgt.CGTError], str]]:
    rows = []
    for name, changes, error, message in BAD_FIELDS:
        for make in (cgt.Claim, cgt.register_claim):
            call = functools.partial(
                lambda make, changes: make(**_fields(**changes)), make, changes
            )
            rows.append((f"{make.__name__}({name})", call, error, message))
    return rows


BAD_CALLS: list[tuple[str, Callable[[], Any], type[cgt.CGTError], str]] = [
    *_claim_calls(),
    ("no fields", lambda: cgt.register_claim(), cgt.WrongTypeError, "missing game, claim"),
    ("a str, not a Claim", lambda: cgt.register_claim("x"), cgt.WrongTypeError, "got 'x'"),
    ("claims(3)", lambda: cgt.claims(3), cgt.WrongTypeError, "claims() too many"),
    # run_claims (its checks are in cgt.verification.registry)
    ("run_claims(5)", lambda: cgt.run_claims(5), cgt.WrongTypeError, "selected is"),
    ("run_claims([3])", lambda: cgt.run_claims([3]), cgt.WrongTypeError, "selected holds Claims"),
    ("run_claims(games=5)", lambda: cgt.run_claims(games=5), cgt.WrongTypeError, "games is"),
    ("run_claims(jobs=0)", lambda: cgt.run_claims([], jobs=0), cgt.InvalidArgumentError, "jobs"),
    ("size='big'", lambda: cgt.run_claims([], size="big"), cgt.ClaimSizeError, "'big'"),
    # compile_closed_form
    ("closed form []", lambda: cgt.compile_closed_form([]), cgt.WrongTypeError, "got []"),
    ("closed form 'x +'", lambda: cgt.compile_closed_form("x +"), ClosedFormError, "'x +' is not"),
    ("closed form None", lambda: cgt.compile_closed_form(None), cgt.WrongTypeError, "got None"),
    ("closed form 3.5", lambda: cgt.compile_closed_form(3.5), ClosedFormError, "the float 3.5"),
    (
        "closed form, a function",
        lambda: cgt.compile_closed_form(lambda p: 0),
        cgt.WrongTypeError,
        "is a fast path",
    ),
    (
        "closed form {}",
        lambda: cgt.compile_closed_form({"n": 1}),
        cgt.WrongTypeError,
        "closed form",
    ),
    (
        "closed form variables=3",
        lambda: cgt.compile_closed_form("n", variables=3),
        cgt.WrongTypeError,
        "variables is a function",
    ),
    (
        "closed form, 3 arguments",
        lambda: cgt.compile_closed_form("n", None, 1),
        cgt.WrongTypeError,
        "too many",
    ),
    # verify
    ("verify(None)", lambda: cgt.verify(None, lambda p: 0), cgt.WrongTypeError, "family is an"),
    ("verify(5)", lambda: cgt.verify(5, lambda p: 0), cgt.WrongTypeError, "family is an"),
    ("fast 'x +'", lambda: cgt.verify(POSITIONS, "x +"), ClosedFormError, "'x +' is not"),
    ("reference=3", lambda: cgt.verify(POSITIONS, abs, 3), cgt.WrongTypeError, "reference is"),
    (
        "max_examples=-1",
        lambda: cgt.verify(POSITIONS, abs, max_examples=-1),
        cgt.InvalidArgumentError,
        "max_examples is a positive int",
    ),
    (
        "max_examples='a'",
        lambda: cgt.verify(POSITIONS, abs, max_examples="a"),
        cgt.WrongTypeError,
        "max_examples",
    ),
    ("equal=3", lambda: cgt.verify(POSITIONS, abs, equal=3), cgt.WrongTypeError, "equal is"),
    ("progress=3", lambda: cgt.verify(POSITIONS, abs, progress=3), cgt.WrongTypeError, "progress"),
    (
        "seed='x'",
        lambda: cgt.verify(POSITIONS, abs, seed="x"),
        cgt.WrongTypeError,
        "seed is an int",
    ),
    ("strategy=3", lambda: cgt.verify(POSITIONS, abs, strategy=3), cgt.WrongTypeError, "strategy"),
    (
        "variables=3",
        lambda: cgt.verify(POSITIONS, sympy.Symbol("n"), variables=3),
        cgt.WrongTypeError,
        "variables is a function",
    ),
    (
        "unknown keyword",
        lambda: cgt.verify(POSITIONS, abs, examples=3),
        cgt.WrongTypeError,
        "unexpected keyword argument 'examples'",
    ),
    (
        "a family that is no iterable",
        lambda: cgt.Claim(**_fields(family=lambda size: 5)).run(),
        cgt.WrongTypeError,
        "family is an iterable",
    ),
]


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [row[1:] for row in BAD_CALLS],
    ids=[row[0] for row in BAD_CALLS],
)
def test_a_bad_argument_is_a_named_error(
    call: Callable[[], Any], error: type[cgt.CGTError], message: str
) -> None:
    from cgt.verification import claim as module

    before = len(module._REGISTRY)
    with pytest.raises(error) as raised:
        call()
    assert isinstance(raised.value, cgt.CGTError)
    assert message in str(raised.value)
    assert len(module._REGISTRY) == before  # nothing half-registered


def test_good_calls_keep_working() -> None:
    n = sympy.Symbol("n")
    assert cgt.verify(POSITIONS, sympy.Mod(n, 2)).ok
    assert cgt.verify(POSITIONS, "Mod(n, 2)").ok  # formula text
    assert cgt.verify([Take1(0), Take1(2)], 0).ok  # a constant closed form
    assert not cgt.verify(POSITIONS, 1).ok
    assert cgt.compile_closed_form("n/2")(Take1(3)) == sympy.Rational(3, 2)
    result = cgt.verify(
        POSITIONS, lambda p: p.n % 2, strategy=st.builds(Take1, st.integers(0, 9)), seed=1
    )
    assert (result.ok, result.exhaustive) == (True, 5)
    claim = cgt.register_claim(
        **_fields(fast="Mod(n, 2)", strategy=lambda: st.builds(Take1, st.integers(0, 9)))
    )
    assert claim in cgt.claims()
    assert claim.run(quick=True).status == "holds"
    refuted = cgt.Claim(**_fields(fast=lambda p: 0, expect="refuted", parts=2, max_size=10))
    assert refuted.run(quick=True).status == "refuted"
