"""Octal games: literature values, rare/common values, certified periods, against recursion."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from games.nim import InvalidRulesError, NotYetPeriodicError, octal, parse_octal
from games.nim.claims import dawsons_chess_literature, kayles_literature
from games.nim.octal import OctalGame, grundy_values_naive

TWO_DIGIT = [f"0.{a}{b}" for a in range(8) for b in range(8) if a or b]
MORE = ["0.137", "0.106", "0.165", "0.1777", "4.7", "4.07", "0.7777"]


def test_kayles_matches_the_literature_and_the_recursion():
    kayles = octal("0.77")
    assert (kayles.preperiod, kayles.period) == (71, 12)
    assert kayles.sequence(400) == [kayles_literature(n) for n in range(400)]
    assert [cgt.grundy(kayles.position(n)) for n in range(90)] == kayles.sequence(90)


def test_dawsons_kayles_and_dawsons_chess():
    chess, dawson = octal("0.137"), octal("0.07")
    assert (chess.preperiod, chess.period) == (52, 34)
    # 0.07 is 0.137 shifted by one heap, so its last exception is n = 52 (preperiod 53).
    assert (dawson.preperiod, dawson.period) == (53, 34)
    assert chess.sequence(400) == [dawsons_chess_literature(n) for n in range(400)]
    assert dawson.sequence(400)[1:] == chess.sequence(399)
    assert [cgt.grundy(dawson.position(n)) for n in range(90)] == dawson.sequence(90)


@pytest.mark.parametrize("engine", ["python", "auto"])
@pytest.mark.parametrize("code", TWO_DIGIT + MORE)
def test_rare_common_values_equal_the_plain_mex(code, engine):
    game = OctalGame(parse_octal(code), search_bound=10**6, engine=engine)
    game._extend(300)
    assert list(game._values) == grundy_values_naive(game.digits, 300)


@pytest.mark.parametrize("code", TWO_DIGIT[::3] + MORE)
def test_values_equal_the_generic_recursion(code):
    game = octal(code)
    assert [cgt.grundy(game.position(n)) for n in range(36)] == game.sequence(36)
    # The sum options are explored, not decomposed: the xor law is checked, not used.
    assert [cgt.grundy(game.position(n), decompose=False) for n in range(10)] == game.sequence(10)


@pytest.mark.parametrize("code", TWO_DIGIT + MORE)
def test_certified_periods_hold_far_beyond_the_certificate(code):
    game = octal(code, search_bound=512)
    if game.period is None:
        assert "not yet periodic up to n = 512" in game.describe_periodicity()
        return
    n0, p = game.preperiod, game.period
    size = game.periodicity.certified_at + 3 * p + 100
    truth = grundy_values_naive(game.digits, size)
    assert [game.periodic_grundy(n) for n in range(size)] == truth
    if n0:
        assert truth[n0 - 1] != truth[n0 - 1 + p]
    for q in range(1, p):
        assert any(truth[n] != truth[n + q] for n in range(n0, size - q))


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(TWO_DIGIT), st.integers(0, 45))
def test_random_heaps_against_recursion(code, n):
    game = octal(code)
    assert game.grundy(n) == cgt.grundy(game.position(n))


def test_options_are_sums_of_heaps():
    kayles = octal("0.77")
    options = kayles.position(3).options()
    assert kayles.position(2) in options and kayles.position(1) in options
    assert cgt.Sum(kayles.position(1), kayles.position(1)) in options
    assert cgt.Sum() in octal("0.07").position(2).options()


def test_not_yet_periodic_is_a_clear_answer():
    game = octal("0.16", search_bound=300)
    assert game.period is None and game.preperiod is None
    assert game.describe_periodicity().startswith("not yet periodic up to n = 300")
    with pytest.raises(NotYetPeriodicError, match="not yet periodic up to n = 300"):
        game.grundy(10**6)
    with pytest.raises(NotYetPeriodicError):
        game.closed_form()
    assert game.grundy(299) == grundy_values_naive(game.digits, 300)[299]


def test_closed_form_of_kayles():
    form = octal("0.77").closed_form()
    assert [int(form.subs("n", n)) for n in range(200)] == octal("0.77").sequence(200)


def test_sequence_of_a_periodic_game_is_tiled():
    game = octal("0.07")
    values = game.sequence(100_000)
    assert len(values) == 100_000
    assert values[99_000:99_100] == [game.periodic_grundy(n) for n in range(99_000, 99_100)]
    head = grundy_values_naive(game.digits, 53 + 34)
    assert values[99_000:99_100] == [head[53 + (n - 53) % 34] for n in range(99_000, 99_100)]


@pytest.mark.parametrize(
    ("code", "error"),
    [("0.8", InvalidRulesError), ("1.7", InvalidRulesError), ("077", InvalidRulesError),
     ("0.", InvalidRulesError), ("0.000", InvalidRulesError), ("12.7", InvalidRulesError),
     (0.77, TypeError), ("0.7a", InvalidRulesError)],
)  # fmt: skip
def test_bad_codes_are_rejected(code, error):
    with pytest.raises(error):
        octal(code)


def test_parse_octal_drops_trailing_zeros_and_accepts_a_bare_point():
    assert parse_octal(".07") == parse_octal("0.070") == (0, 0, 7)
    assert octal(".77") is octal("0.77")
