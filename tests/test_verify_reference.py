"""`cgt.verify` picks its reference by itself (cgt.grundy for impartial positions, cgt.value for
partizan ones), says which it used, and a wrong reference gets an error that names the fix."""

from __future__ import annotations

import pytest

import cgt
from cgt.verification.harness import is_partizan
from games.grid import Cram, Domineering


@cgt.partizan_game
def Lead(n: int) -> tuple[list[int], list[int]]:
    return ([n - 1] if n else [], [])


@cgt.impartial_game
def Heap(n: int) -> range:
    return range(n)


def test_partizan_positions_are_valued_by_cgt_value() -> None:
    result = cgt.verify(map(Lead, range(30)), lambda p: cgt.Game(p.n))
    assert result.ok and result.checked == 30 and result.reference == "cgt.value"
    boards = [Domineering(b) for b in ("..", "...", "..|..", "...|...")]
    result = cgt.verify(boards, cgt.value)
    assert result.ok and result.reference == "cgt.value"


def test_a_wrong_partizan_closed_form_is_found() -> None:
    result = cgt.verify(map(Lead, range(30)), lambda p: cgt.Game(min(p.n, 5)))
    assert not result.ok
    assert result.counterexample == Lead(6)
    assert result.expected == cgt.Game(6) and result.actual == cgt.Game(5)


def test_impartial_positions_keep_cgt_grundy() -> None:
    result = cgt.verify(map(Heap, range(20)), lambda p: p.n)
    assert result.ok and result.reference == "cgt.grundy"
    cram = [Cram(b) for b in ("..", "...", "..|..")]
    assert cgt.verify(cram, cgt.grundy).reference == "cgt.grundy"


def test_a_family_of_both_kinds_uses_both() -> None:
    family = [Heap(3), Lead(2), cgt.Sum(Heap(1), Lead(1))]
    result = cgt.verify(family, lambda p: cgt.value(p) if is_partizan(p) else cgt.grundy(p))
    assert result.ok and result.reference == "cgt.grundy and cgt.value"


def test_an_explicit_reference_is_named() -> None:
    def my_recursion(position: object) -> int:
        return cgt.grundy(position)

    result = cgt.verify(map(Heap, range(5)), lambda p: p.n, my_recursion)
    assert result.ok and result.reference.endswith("my_recursion")


def test_grundy_on_a_partizan_position_points_to_the_fix() -> None:
    with pytest.raises(cgt.WrongTypeError) as caught:
        cgt.verify([Domineering("..")], lambda p: 0, reference=cgt.grundy)
    message = str(caught.value)
    assert "reference cgt.grundy cannot value Domineering('..'), a partizan position" in message
    assert "pass reference=cgt.value, or leave reference out" in message


def test_a_value_against_a_grundy_number_gets_a_hint() -> None:
    result = cgt.verify([Cram("..")], lambda p: 1, reference=cgt.value)
    assert not result.ok and result.expected == cgt.Game("*")
    assert "pass reference=cgt.grundy" in result.describe()
    result = cgt.verify([Cram("..")], lambda p: cgt.Game("*"), reference=cgt.grundy)
    assert "pass reference=cgt.value" in result.describe()


def test_is_partizan() -> None:
    assert not is_partizan(Heap(2)) and not is_partizan(Cram("..."))
    assert is_partizan(Lead(1)) and is_partizan(Domineering("..")) and is_partizan(cgt.Game(0))
    assert is_partizan(cgt.Sum(Heap(1), Lead(1))) and not is_partizan(cgt.Sum(Heap(1), Heap(2)))


def test_a_claim_without_reference_on_a_partizan_family() -> None:
    claim = cgt.Claim(
        "Lead",
        "Lead(n) = n",
        "test",
        lambda size: map(Lead, range(size + 1)),
        5,
        10,
        lambda p: cgt.Game(p.n),
    )
    run = claim.run(quick=True)
    assert run.result.ok and run.result.reference == "cgt.value"
    assert run.to_json()["reference"] == "cgt.value"
