"""Everything that travels to or from a worker process pickles: every public exception of `cgt`
and of the `games` plug-ins (Daihinmin tests its own), and every position type.

The exceptions and position classes are *found* by walking the packages, so that a new one
cannot be forgotten: a new exception whose constructor takes something other than a message, or
a new position class, fails here until it is given an example below.
"""

from __future__ import annotations

import concurrent.futures
import importlib
import inspect
import itertools
import multiprocessing
import pickle
import pkgutil
from collections.abc import Callable
from fractions import Fraction
from types import ModuleType
from typing import Any

import pytest

import cgt
import games
from cgt.core.errors import NotPicklableError
from cgt.partizan.notation import NotationError
from cgt.verification.harness import is_partizan
from cgt.verification.plugins import load_plugins

# ----------------------------------------------------------------------------- discovery


def _modules() -> list[ModuleType]:
    found = []
    for package in (cgt, games):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            name = info.name
            if name.startswith("games.daihinmin") or name.endswith("__main__"):
                continue
            found.append(importlib.import_module(name))
    return found


def _public_classes() -> list[type]:
    classes = []
    for module in _modules():
        for name, obj in vars(module).items():
            if inspect.isclass(obj) and obj.__module__ == module.__name__ and name[0] != "_":
                classes.append(obj)
    return classes


EXCEPTIONS = sorted(
    (c for c in _public_classes() if issubclass(c, BaseException)),
    key=lambda c: f"{c.__module__}.{c.__qualname__}",
)

POSITION_CLASSES = {
    c
    for c in _public_classes()
    if (hasattr(c, "options") or hasattr(c, "left_options"))
    and not getattr(c, "_is_protocol", False)
}

# ----------------------------------------------------------------------------- exceptions

# Exceptions whose constructor takes more than a message; every other one is built from one.
SPECIAL_CONSTRUCTORS: dict[str, Callable[[type], list[BaseException]]] = {
    "cgt.core.errors.LoopyGameError": lambda cls: [cls([IMPARTIAL(1), IMPARTIAL(2), IMPARTIAL(1)])],
    "cgt.core.errors.UnhashablePositionError": lambda cls: [
        cls([1, 2]),
        cls({3}, parent=IMPARTIAL(4)),
        cls([5], None, "with a state of type list"),
    ],
    "cgt.core.runner.RunInterrupted": lambda cls: [cls({2: "two", 0: ("zero", 0)}, 5), cls({}, 0)],
    "cgt.verification.registry.ClaimsInterrupted": lambda cls: [cls([], 3)],
    "cgt.impartial.search.SearchInterrupted": lambda cls: [
        cls(cgt.impartial.search.SearchStats(10, 20, 3, 7, 0, 1.5, 2))
    ],
    "cgt.partizan.solver.OutcomeInterrupted": lambda cls: [
        cls(cgt.SolverStats(nodes=64, table_size=50, seconds=1.5)),
        cls(cgt.SolverStats(), True, None, "3 of 10 first moves"),
    ],
    "games.grid._board.BoardError": lambda cls: [cls("unexpected 'x'", "..|x.", 3)],
    "cgt.partizan.notation.NotationError": lambda cls: [
        cls("unexpected {where}", "{1|2", 4),
        cls("a number is expected", "{|}" + "x" * 100, 2),
    ],
}


def _examples(cls: type) -> list[BaseException]:
    name = f"{cls.__module__}.{cls.__qualname__}"
    if name in SPECIAL_CONSTRUCTORS:
        return SPECIAL_CONSTRUCTORS[name](cls)
    return [cls(f"{cls.__name__}: a message naming what was wrong"), cls()]


def _same_error(copy: BaseException, error: BaseException) -> None:
    assert type(copy) is type(error)
    assert str(copy) == str(error)
    assert copy.args == error.args
    assert vars(copy) == vars(error)


def test_every_exception_is_found() -> None:
    names = {f"{c.__module__}.{c.__name__}" for c in EXCEPTIONS}
    assert {
        "cgt.core.errors.CGTError",
        "cgt.core.errors.LoopyGameError",
        "cgt.core.errors.NotPicklableError",
        "cgt.partizan.notation.NotationError",
        "cgt.verification.harness.ClosedFormError",
        "games.nim._errors.InvalidRulesError",
        "games.sevens.notation.SevensError",
        "games.tanhinmin.solver.DrawError",
    } <= names
    assert len(names) >= 20
    # Bad input is a CGTError; a run stopped by Ctrl-C is a KeyboardInterrupt.
    assert all(issubclass(c, (cgt.CGTError, KeyboardInterrupt)) for c in EXCEPTIONS)


@pytest.mark.parametrize("cls", EXCEPTIONS, ids=lambda c: f"{c.__module__}.{c.__name__}")
@pytest.mark.parametrize("protocol", [2, pickle.HIGHEST_PROTOCOL])
def test_exception_round_trips(cls: type, protocol: int) -> None:
    for error in _examples(cls):
        _same_error(pickle.loads(pickle.dumps(error, protocol)), error)


def test_special_exceptions_keep_their_attributes() -> None:
    loopy = pickle.loads(pickle.dumps(cgt.LoopyGameError([IMPARTIAL(1), IMPARTIAL(2)])))
    assert loopy.cycle == (IMPARTIAL(1), IMPARTIAL(2))
    assert loopy.position == IMPARTIAL(1)
    assert str(loopy) == ("position Ping(1) can be reached from itself: Ping(1) -> Ping(2)")
    unhashable = pickle.loads(pickle.dumps(cgt.UnhashablePositionError([7], parent="p")))
    assert unhashable.position == [7]
    assert str(unhashable).startswith("position [7] (an option of 'p') of type list is not")
    notation = pickle.loads(pickle.dumps(NotationError("bad {where}", "{1|", 3)))
    assert (notation.message, notation.text, notation.position) == ("bad {where}", "{1|", 3)
    assert str(notation) == "bad at the end\n    {1|\n       ^"


def test_a_raised_error_round_trips_with_its_notes() -> None:
    try:
        cgt.parse("{1 | 2")
    except NotationError as raised:
        error = raised
    error.add_note("while reading the test")
    copy = pickle.loads(pickle.dumps(error))
    _same_error(copy, error)
    assert copy.__notes__ == ["while reading the test"]


def _parse(text: str) -> Any:
    return cgt.parse(text)


def _grundy_of_loop(start: int) -> Any:
    return cgt.grundy(Spin(start))


def test_errors_raised_in_a_process_pool_come_back_whole() -> None:
    """The pool survives a NotationError (it used to break: the error could not be unpickled)."""
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=context) as pool:
        with pytest.raises(NotationError) as caught:
            pool.submit(_parse, "{1 |").result()
        assert caught.value.text == "{1 |"
        assert caught.value.position == 0  # the brace never closed
        with pytest.raises(cgt.LoopyGameError) as loop:
            pool.submit(_grundy_of_loop, 1).result()
        assert loop.value.cycle == (Spin(1), Spin(2), Spin(0), Spin(1))
        assert pool.submit(_parse, "{1|*}").result() == cgt.parse("{1|*}")  # still working


# ----------------------------------------------------------------------------- positions


@cgt.impartial_game
def Ping(n: int) -> list[int]:
    """A module-level impartial game (importable, so its positions pickle)."""
    return [n - 1] if n > 0 else []


IMPARTIAL = Ping


@cgt.impartial_game
def Spin(n: int) -> list[int]:
    """A loopy game, for LoopyGameError."""
    return [(n + 1) % 3]


@cgt.partizan_game
def Pushes(left: int, right: int) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """A module-level partizan game of two parameters."""
    return ([(left - 1, right)] if left else [], [(left, right - 1)] if right else [])


def _position_examples() -> dict[type, list[Any]]:
    from cgt.explorer.forms import Form
    from cgt.positions.decorators import FunctionPosition
    from games.grid.amazons import Amazons
    from games.grid.clobber import Clobber
    from games.grid.col import Col
    from games.grid.cram import Cram
    from games.grid.domineering import Domineering
    from games.grid.fission import Fission
    from games.grid.konane import Konane
    from games.grid.ski_jumps import SkiJumps
    from games.grid.snort import Snort
    from games.grid.toads_and_frogs import ToadsAndFrogs
    from games.hackenbush import Hackenbush
    from games.nim import MooreNim, Nim, Wythoff, octal, subtraction
    from games.nim._sequence import HeapPosition
    from games.placement import DigraphPlacement
    from games.sevens.game import Suit
    from games.sevens.loopy import PassingSevens
    from games.tanhinmin import PartizanTanhinmin
    from games.tanhinmin.loopy import LoopyTanhinmin

    misere = cgt.misere_canonical(Ping(3) + Ping(2))
    return {
        type(cgt.parse("on")): [cgt.parse("on"), cgt.parse("{0|pass}"), cgt.parse("upon")],
        type(misere): [misere, cgt.misere_canonical(Ping(0))],
        Amazons: [Amazons("x..|..o")],
        Clobber: [Clobber("xo.|ox.")],
        Col: [Col("..|..")],
        Cram: [Cram("...|..#")],
        Domineering: [Domineering("..|..|.#"), Domineering("")],
        Fission: [Fission(".x.|...|#.."), Fission("")],
        DigraphPlacement: [DigraphPlacement("BRB:0>1,2>1"), DigraphPlacement("")],
        Hackenbush: [Hackenbush("LLR"), Hackenbush("0-1:L 1-2:R 2-0:G")],
        Konane: [Konane("xo.|...")],
        SkiJumps: [SkiJumps("L..|.r.|..."), SkiJumps("")],
        PassingSevens: [PassingSevens(["0LR"], 1, None)],
        Snort: [Snort("...")],
        LoopyTanhinmin: [LoopyTanhinmin(PartizanTanhinmin((1, 3), (2,), field=0))],
        ToadsAndFrogs: [ToadsAndFrogs("TT..FF")],
        cgt.Game: [cgt.parse("{1|*}"), cgt.Game(Fraction(3, 4)), cgt.UP, cgt.parse("{2||1|-1}")],
        FunctionPosition: [Ping(5), Pushes(2, 1), Pushes(0, 0)],
        cgt.Sum: [cgt.Sum(), Ping(3) + Ping(2), cgt.Sum(Pushes(1, 2), cgt.parse("*2"))],
        HeapPosition: [subtraction({2, 3}).position(7), octal("0.77").position(9)],
        MooreNim: [MooreNim((1, 2, 3), k=2)],
        Nim: [Nim((3, 5, 7)), Nim(())],
        Wythoff: [Wythoff(5, 3)],
        Suit: [Suit("0LR"), Suit("0L2R")],
        PartizanTanhinmin: [PartizanTanhinmin((1, 3, 5), (2, 4), field=1)],
        Form: [Form("{0, * | 1}"), Form("^* + 1/2"), Form("{2|0||-1}")],
    }


def test_every_position_class_has_an_example() -> None:
    assert set(_position_examples()) == POSITION_CLASSES


def _same_position(copy: Any, position: Any) -> None:
    assert type(copy) is type(position)
    assert copy == position
    assert hash(copy) == hash(position)
    assert repr(copy) == repr(position)
    if isinstance(position, cgt.Game):
        assert copy is position  # values are interned
        return
    left, right = cgt.left_options_of(position), cgt.right_options_of(position)
    assert (cgt.left_options_of(copy), cgt.right_options_of(copy)) == (left, right)


@pytest.mark.parametrize("protocol", [2, pickle.HIGHEST_PROTOCOL])
def test_positions_round_trip(protocol: int) -> None:
    for examples in _position_examples().values():
        for position in examples:
            _same_position(pickle.loads(pickle.dumps(position, protocol)), position)


def test_decorated_games_unpickle_as_the_same_game() -> None:
    assert pickle.loads(pickle.dumps(Ping)) is Ping
    assert pickle.loads(pickle.dumps(Ping(4))).definition is Ping
    copy = pickle.loads(pickle.dumps(Pushes(2, 1)))
    assert copy.left == 2 and copy.right == 1
    assert cgt.value(copy) == cgt.value(Pushes(2, 1)) == cgt.Game(1)


def _grundy_in_worker(position: Any) -> tuple[Any, int]:
    return position, cgt.grundy(position)


def test_positions_travel_to_a_process_and_back() -> None:
    context = multiprocessing.get_context("spawn")
    sent = [Ping(6), Ping(2) + Ping(3)]
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=context) as pool:
        back = list(pool.map(_grundy_in_worker, sent))
    assert back == [(Ping(6), 0), (Ping(2) + Ping(3), 1)]


def test_a_game_defined_in_a_function_refuses_to_pickle_by_name() -> None:
    @cgt.impartial_game
    def Local(n: int) -> list[int]:
        return []

    with pytest.raises(NotPicklableError, match=r"Local.*top level of a module"):
        pickle.dumps(Local(1))
    with pytest.raises(pickle.PicklingError):  # a PicklingError too, for generic handlers
        pickle.dumps(Local)


def test_every_registered_claim_family_and_value_round_trips() -> None:
    """The first positions of every claim's family, and the reference's value there (what a
    worker sends back in a counterexample), pickle and come back equal."""
    load_plugins()
    checked = 0
    for claim in cgt.claims():
        if claim.game.lower().startswith("daihinmin"):
            continue
        for position in itertools.islice(claim.family(claim.quick), 3):
            copy = pickle.loads(pickle.dumps(position))
            assert copy == position and hash(copy) == hash(position), (claim.game, position)
            reference = claim.reference or (cgt.value if is_partizan(position) else cgt.grundy)
            value = reference(position)
            assert pickle.loads(pickle.dumps(value)) == value, (claim.game, value)
            checked += 1
    assert checked >= 150


class _Stubborn(Exception):
    """An exception holding something that does not pickle (a lambda)."""

    def __init__(self) -> None:
        super().__init__("stubborn")
        self.hook = lambda: None


def test_a_fast_path_error_travels_even_when_its_exception_does_not_pickle() -> None:
    from cgt.verification.harness import _FastPathError

    good = pickle.loads(pickle.dumps(_FastPathError(ZeroDivisionError("division by zero"))))
    assert repr(good) == "raised ZeroDivisionError: division by zero"
    assert isinstance(good.error, ZeroDivisionError)
    stubborn = pickle.loads(pickle.dumps(_FastPathError(_Stubborn())))
    assert repr(stubborn) == "raised _Stubborn: stubborn"


def _fails_at_three(position: Any) -> int:
    if position.n == 3:
        raise _Stubborn()
    return position.n % 2  # Ping(n) is a chain of n moves: grundy n mod 2


def test_a_verification_result_with_a_raising_fast_path_pickles() -> None:
    result = cgt.verify(map(Ping, range(6)), _fails_at_three)
    copy = pickle.loads(pickle.dumps(result))
    assert (copy.ok, copy.counterexample, copy.expected, copy.fast_path_raised) == (
        False,
        Ping(3),
        1,
        True,
    )
    assert copy.describe() == result.describe()
