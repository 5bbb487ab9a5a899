"""The compiled kernel against the pure-Python rare/common split and the plain mex.

The full check (every heap below 10**5 for 300 codes) is ``benchmarks/bench_octal_kernel.py
--check``; here a sample of the three-digit codes, Grundy's game and hypothesis examples.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.nim import _kernel
from games.nim._periodicity import LinearWindow, certify, find_certified_period
from games.nim._takebreak import (
    KernelValues,
    PythonValues,
    TakeBreakRules,
    choose_mask,
    grundy_values_naive,
    make_values,
)
from games.nim.octal import octal, octal_rules, parse_octal

needs_kernel = pytest.mark.skipif(_kernel.load() is None, reason=_kernel.kernel_status())

THREE_DIGIT = [f"{d0}.{n:03o}" for d0 in (0, 4) for n in range(512) if d0 or n]


def both(rules: TakeBreakRules, size: int) -> tuple[list[int], list[int]]:
    python = PythonValues(rules)
    python.extend(size)
    kernel = make_values(rules, "kernel")
    assert isinstance(kernel, KernelValues)
    kernel.extend(size)
    return python.values, kernel.values.tolist()


@needs_kernel
@pytest.mark.parametrize("code", [*THREE_DIGIT[::16], "0.376", "0.354", "0.16", "0.56", "0.127"])
def test_kernel_equals_the_python_split_on_2000_heaps(code: str) -> None:
    python, kernel = both(octal_rules(parse_octal(code)), 2000)
    assert kernel == python


@needs_kernel
def test_grundys_game_kernel_python_and_plain_mex_agree() -> None:
    rules = TakeBreakRules(two=(0,), unequal=True)
    python, kernel = both(rules, 4000)
    assert kernel == python == grundy_values_naive(rules, 4000)
    # OEIS A002188 (Grundy's game), first terms as printed
    assert kernel[:20] == [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3]


@needs_kernel
@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from([0, 4]),
    st.lists(st.integers(0, 7), min_size=1, max_size=4),
    st.integers(1, 600),
)
def test_random_codes_equal_the_plain_mex(d0: int, digits: list[int], size: int) -> None:
    code = (d0, *digits)
    if not any(code):
        return
    rules = octal_rules(code)
    python, kernel = both(rules, size)
    assert kernel == python == grundy_values_naive(rules, size)


@needs_kernel
def test_a_mask_in_the_domain_is_chosen_for_0051_and_is_exact() -> None:
    # Flammenkamp's sparse space "in the domain": rare iff parity(g(n) & m) == (n - t) & 1.
    rules = octal_rules(parse_octal("0.051"))
    kernel = make_values(rules, "kernel")
    kernel.extend(5000)
    assert (kernel.mask, kernel.eps) != (0, 0)
    assert kernel.eps == 1
    assert kernel.values.tolist() == grundy_values_naive(rules, 5000)


@needs_kernel
@pytest.mark.parametrize(
    ("code", "masks"),
    [("0.376", [(1, 0), (2, 0), (0xFE, 0), (0x155, 0)]), ("0.051", [(1, 1), (7, 1), (6, 0)])],
)
def test_every_mask_gives_the_same_values(code: str, masks: list[tuple[int, int]]) -> None:
    rules = octal_rules(parse_octal(code))
    truth = grundy_values_naive(rules, 1500)
    for mask, eps in masks:
        kernel = make_values(rules, "kernel")
        assert isinstance(kernel, KernelValues)
        kernel.extend(64)
        kernel._next_mask_at = 10**9  # keep the forced mask
        kernel.mask, kernel.eps = mask, eps
        w = [(v & mask).bit_count() & 1 ^ (eps & n & 1) for n, v in enumerate(kernel.values)]
        rare = [n for n in range(1, 64) if w[n] == (eps & rules.two[0] & 1)]
        kernel._rare[: len(rare)] = rare
        kernel._count[0] = len(rare)
        kernel.extend(1500)
        assert kernel.values.tolist() == truth, (mask, eps)


def test_choose_mask_finds_kayles_mask() -> None:
    rules = octal_rules(parse_octal("0.77"))
    values = np.array(grundy_values_naive(rules, 400), np.uint32)
    mask, eps, rare = choose_mask(values, rules)
    assert (mask, eps) == (15, 0) and rare == 9


@needs_kernel
@pytest.mark.parametrize("seed", range(5))
def test_certify_in_c_equals_the_python_certificate(seed: int) -> None:
    rng = np.random.default_rng(seed)
    head = rng.integers(0, 4, size=int(rng.integers(0, 50))).tolist()
    block = rng.integers(0, 4, size=int(rng.integers(1, 12))).tolist()
    values = head + block * 40
    window = LinearWindow(2, 1, 2)
    for size in range(2, len(values), 7):
        expected = find_certified_period(values[:size], window)
        found, _ = certify(np.array(values[:size], np.uint32), window)
        assert found == expected, size


@needs_kernel
def test_certify_guesses_how_far_to_go() -> None:
    values = list(range(3, 23)) + [1, 2] * 30  # period 2 from n0 = 20: window 2*20 + 2 + 3
    found, guess = certify(np.array(values[:40], np.uint32), LinearWindow(2, 1, 3))
    assert found is None and guess == 2 * 20 + 2 + 3 + 2
    found, _ = certify(np.array(values[: guess - 1], np.uint32), LinearWindow(2, 1, 3))
    assert found is None
    found, _ = certify(np.array(values[:guess], np.uint32), LinearWindow(2, 1, 3))
    assert found == (20, 2)


def test_without_a_compiler_the_python_path_answers(tmp_path) -> None:
    code = (
        "from games.nim import octal; from games.nim._kernel import kernel_status;"
        "g = octal('0.16', search_bound=300); print(g.engine, g.sequence(8));"
        "print(kernel_status())"
    )
    env = {**os.environ, "PATH": str(tmp_path), "CC": "", "CGT_KERNEL_DIR": str(tmp_path / "k")}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    first, second = done.stdout.splitlines()
    assert first == f"python {grundy_values_naive(octal_rules((0, 1, 6)), 8)}"
    assert second.startswith("pure Python (no C compiler found")
    off = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, "CGT_NO_KERNEL": "1"},
        capture_output=True,
        text=True,
        check=True,
    )
    assert off.stdout.splitlines()[1] == "pure Python (turned off by CGT_NO_KERNEL)"


_UNPICKLE = """
import pickle, sys
from games.nim._kernel import kernel_status
engine, game = pickle.load(sys.stdin.buffer)
print(type(engine).__name__, game.engine)
engine.extend(600)
print(list(engine.values))
print(game.sequence(600))
print(kernel_status())
"""


@needs_kernel
@pytest.mark.parametrize("code", ["0.137", "4.007", "0.51"])
def test_a_kernel_engine_unpickled_without_the_kernel_goes_on_in_python(code: str) -> None:
    """Pickled where the kernel runs, unpickled in a process where it is turned off: the
    pure-Python engine takes over from the same values, and kernel_status says so."""
    rules = octal_rules(parse_octal(code))
    engine = make_values(rules, "kernel")
    assert isinstance(engine, KernelValues)
    engine.extend(300)
    game = octal(code, search_bound=600, engine="kernel")
    assert game.engine == "kernel"
    game.sequence(300)
    done = subprocess.run(
        [sys.executable, "-c", _UNPICKLE],
        input=pickle.dumps((engine, game)),
        env={**os.environ, "CGT_NO_KERNEL": "1"},
        capture_output=True,
        check=True,
    )
    kind, values, sequence, status = done.stdout.decode().splitlines()
    expected = grundy_values_naive(rules, 600)
    assert kind == "PythonValues python"
    assert values == str(expected) and sequence == str(expected)
    assert status == (
        "pure Python (turned off by CGT_NO_KERNEL; "
        "a kernel engine unpickled here goes on in pure Python)"
    )


@needs_kernel
def test_a_kernel_engine_unpickled_with_the_kernel_stays_compiled() -> None:
    engine = make_values(octal_rules(parse_octal("0.137")), "kernel")
    engine.extend(200)
    copy = pickle.loads(pickle.dumps(engine))
    assert isinstance(copy, KernelValues) and copy._library is engine._library
    copy.extend(500)
    engine.extend(500)
    assert copy.values.tolist() == engine.values.tolist()
