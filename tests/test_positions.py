"""The position protocol, grundy, sums, loops, depth and the memo tables."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt


@cgt.impartial_game
def Heap(n):
    """One-heap Nim (seed 001, section 4): take any positive number of counters."""
    return range(n)


@cgt.impartial_game
def Take123(n):
    """Subtraction game {1, 2, 3}."""
    return [n - k for k in (1, 2, 3) if k <= n]


@cgt.impartial_game
def Take23(n):
    """Subtraction game {2, 3}: positions 0 and 1 are terminal."""
    return [n - k for k in (2, 3) if k <= n]


def test_seed_001_tables():
    # seed 001, section 6: one-heap Nim g(i) = i; {1,2,3}: i mod 4; {2,3}: 0,0,1,1,2 repeating.
    assert [cgt.grundy(Heap(i)) for i in range(12)] == list(range(12))
    assert [cgt.grundy(Take123(i)) for i in range(12)] == [0, 1, 2, 3] * 3
    assert [cgt.grundy(Take23(i)) for i in range(15)] == [0, 0, 1, 1, 2] * 3
    assert [i for i in range(20) if cgt.is_p_position(Take123(i))] == [0, 4, 8, 12, 16]


def test_seed_001_example_8_1():
    # Nim + {1,2,3} + {2,3} with heaps (i, j, k): g = i xor (j mod 4) xor a_k, by the product.
    a = [0, 0, 1, 1, 2]
    for i in range(4):
        for j in range(6):
            for k in range(7):
                position = cgt.Sum(Heap(i), Take123(j), Take23(k))
                assert cgt.grundy(position, decompose=False) == i ^ (j % 4) ^ a[k % 5]


def test_sum_operator_and_options():
    s = Heap(2) + Take23(3)
    assert isinstance(s, cgt.Sum)
    assert s.components == (Heap(2), Take23(3))
    assert set(s.options()) == {
        cgt.Sum(Heap(0), Take23(3)),
        cgt.Sum(Heap(1), Take23(3)),
        cgt.Sum(Heap(2), Take23(1)),
        cgt.Sum(Heap(2), Take23(0)),
    }
    assert cgt.Sum(Heap(1), cgt.Sum(Heap(2), Heap(3))) == cgt.Sum(Heap(1), Heap(2), Heap(3))
    assert cgt.grundy(cgt.Sum()) == 0


def test_class_based_position():
    class Wythoff:
        """Two heaps; take from one, or the same amount from both."""

        def __init__(self, a, b):
            self.a, self.b = a, b

        def __eq__(self, other):
            return (self.a, self.b) == (other.a, other.b)

        def __hash__(self):
            return hash((self.a, self.b))

        def options(self):
            yield from (Wythoff(k, self.b) for k in range(self.a))
            yield from (Wythoff(self.a, k) for k in range(self.b))
            yield from (Wythoff(self.a - k, self.b - k) for k in range(1, min(self.a, self.b) + 1))

    p_positions = [
        (a, b) for a in range(11) for b in range(a, 11) if cgt.grundy(Wythoff(a, b)) == 0
    ]
    assert p_positions == [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]


def test_multi_parameter_definition_and_attributes():
    @cgt.impartial_game
    def TwoHeaps(a, b):
        return [(a - 1, b)] * (a > 0) + [(a, b - 1)] * (b > 0)

    assert TwoHeaps(3, 4).a == 3 and TwoHeaps(3, 4).b == 4
    assert cgt.grundy(TwoHeaps(3, 4)) == 1
    assert repr(TwoHeaps(1, 2)) == "TwoHeaps(1, 2)"
    with pytest.raises(cgt.NotAPositionError, match="tuples of 2"):

        @cgt.impartial_game
        def Broken(a, b):
            return [a]

        cgt.grundy(Broken(1, 1))
    with pytest.raises(TypeError, match="takes 2 state argument"):
        TwoHeaps(1)


def test_deep_chain_of_100000():
    @cgt.impartial_game
    def Chain(n):
        return [n - 1] if n else []

    assert cgt.grundy(Chain(100_000)) == 0
    assert cgt.grundy(Chain(100_001)) == 1


def test_loopy_game_names_the_repeating_position():
    @cgt.impartial_game
    def Cycle(n):
        return [(n + 1) % 4] if n < 10 else []

    @cgt.impartial_game
    def Entry(n):
        return [Cycle(0)] if n == 0 else [n - 1]

    with pytest.raises(cgt.LoopyGameError) as info:
        cgt.grundy(Entry(3))
    assert info.value.position == Cycle(0)
    assert info.value.cycle == (Cycle(0), Cycle(1), Cycle(2), Cycle(3), Cycle(0))
    assert "Cycle(0) can be reached from itself" in str(info.value)

    @cgt.impartial_game
    def SelfLoop(n):
        return [n]

    with pytest.raises(cgt.LoopyGameError, match=r"SelfLoop\(5\) -> SelfLoop\(5\)"):
        cgt.grundy(SelfLoop(5))


def test_unhashable_positions_are_named():
    class ListOptions:
        def __init__(self):
            self.state = [1, 2]

        def options(self):
            return [[1, 2]]

        def __hash__(self):
            return 1

    with pytest.raises(cgt.UnhashablePositionError, match=r"\[1, 2\].*an option of"):
        cgt.grundy(ListOptions())
    with pytest.raises(cgt.UnhashablePositionError, match="list"):
        Heap([1, 2])
    with pytest.raises(cgt.UnhashablePositionError):
        cgt.grundy([1, 2])


def test_not_a_position():
    with pytest.raises(cgt.NotAPositionError, match="no options"):
        cgt.grundy(42)

    @cgt.impartial_game
    def ReturnsInt(n):
        return 3

    with pytest.raises(cgt.NotAPositionError, match="not an iterable"):
        cgt.grundy(ReturnsInt(1))


def test_partizan_definition_through_the_protocol():
    @cgt.partizan_game
    def Pushes(left, right):
        return ([(left - 1, right)] if left else [], [(left, right - 1)] if right else [])

    assert Pushes(2, 1).left_options() == (Pushes(1, 1),)
    assert Pushes(2, 1).right_options() == (Pushes(2, 0),)
    with pytest.raises(cgt.NotAPositionError, match="partizan"):
        Pushes(1, 1).options()
    # An impartial position serves both players.
    assert cgt.left_options_of(Heap(2)) == cgt.right_options_of(Heap(2)) == (Heap(0), Heap(1))


def test_cache_can_be_bounded_and_cleared():
    try:
        cgt.clear_caches()
        cgt.set_cache_limit(100)
        assert cgt.grundy(Take23(5000)) == [0, 0, 1, 1, 2][5000 % 5]
        assert cgt.cache_info()["grundy"].size <= 100
        cgt.clear_caches()
        assert cgt.cache_info()["grundy"].size == 0
        with pytest.raises(ValueError):
            cgt.set_cache_limit(0)
    finally:
        cgt.set_cache_limit(1_000_000)


# Random small impartial games: a game is a tuple of its options (hence hashable and finite).
GAMES = st.recursive(
    st.just(()),
    lambda children: st.lists(children, max_size=4).map(tuple),
    max_leaves=12,
)


@cgt.impartial_game
def Tree(options):
    return options


@settings(max_examples=150, deadline=None)
@given(st.lists(GAMES, min_size=1, max_size=3))
def test_xor_law_on_random_games(games):
    """Sprague-Grundy: the generic recursion over the sum equals the xor of the parts."""
    components = [Tree(g) for g in games]
    by_product = cgt.grundy(cgt.Sum(*components), decompose=False)
    xor = 0
    for component in components:
        xor ^= cgt.grundy(component)
    assert by_product == xor == cgt.grundy(cgt.Sum(*components))


def test_bad_values_raise_library_errors():
    """Every rejection of bad input is a cgt.CGTError (and still a TypeError/ValueError)."""
    cases = [
        (lambda: cgt.Nimber(-1), ValueError),
        (lambda: cgt.Nimber(1.5), TypeError),
        (lambda: cgt.mex([0, -1]), ValueError),
        (lambda: cgt.Game(1.5), TypeError),
        (lambda: cgt.Game(True), TypeError),
        (lambda: cgt.parse(3), TypeError),
        (lambda: cgt.set_cache_limit(0), ValueError),
    ]
    for make, kind in cases:
        with pytest.raises(cgt.CGTError) as info:
            make()
        assert isinstance(info.value, kind)


def test_cli_reports_an_unwritable_file(capsys):
    from cgt.cli.command import main

    assert main(["value", "{2|-1}", "--thermograph", "/nonexistent/dir/x.svg"]) == 2
    assert "No such file or directory" in capsys.readouterr().err


def test_a_decorator_given_no_function_is_a_named_error() -> None:
    for decorator in (cgt.impartial_game, cgt.partizan_game):
        with pytest.raises(cgt.WrongTypeError, match="decorates a function"):
            decorator(5)  # type: ignore[arg-type]
