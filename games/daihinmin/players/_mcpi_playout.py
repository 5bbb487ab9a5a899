"""mcpi's play-outs in C (``_mcpi_playout.c``), with the pure-Python path as the exact fallback.

`play_candidates` plays each candidate move on one guess of the hidden hands and finishes the
game with a model for every player, returning the searching player's points per candidate.
When every model is the default client's (`DefaultModel`), kou2's (`Kou2Model`) or the
learned policy sampled (`PolicyModel`, not greedy) and the compiled kernel is there, the C code
does it; otherwise (a greedy policy, a model of another kind, no C compiler,
``CGT_NO_KERNEL=1``) `play_out` does, in Python.  Both draw
their random numbers from the same `PlayoutRandom` stream (splitmix64), so they give the
same points, play-out for play-out: the tests hold the kernel to that.

>>> from games.daihinmin.rules.engine import GameState
>>> from games.daihinmin.rules.melds import Meld
>>> from games.daihinmin.players._mcpi_models import DefaultModel
>>> state = GameState.from_hands(["3D 4D 5D KS", "6H 7H", "9C", "JD", "QD"])
>>> play_candidates(state, 0, [DefaultModel()] * 5, [Meld.parse("3D 4D 5D")], PlayoutRandom(1))
[5]
>>> play_candidates(state, 0, [DefaultModel()] * 5, [Meld.parse("KS")], PlayoutRandom(1),
...                 native=False)
[5]
"""

from __future__ import annotations

import ctypes
import random
from collections.abc import MutableSequence, Sequence
from pathlib import Path
from typing import Any

from games._native import NativeKernel
from games.daihinmin.players._mcpi_models import (
    DefaultModel,
    Kou2Model,
    Model,
    PolicyModel,
    default_move,
)
from games.daihinmin.rules.engine import GameState
from games.daihinmin.rules.melds import PASS, Meld
from games.daihinmin.rules.moves import legal_melds
from games.daihinmin.rules.observation import Observation

__all__ = [
    "KERNEL",
    "PlayoutRandom",
    "Playouts",
    "kernel_models",
    "meld_words",
    "play_candidates",
    "play_out",
    "state_words",
]

_I64P = ctypes.POINTER(ctypes.c_int64)
_U64P = ctypes.POINTER(ctypes.c_uint64)
_DP = ctypes.POINTER(ctypes.c_double)
_IP = ctypes.POINTER(ctypes.c_int)

_HERE = Path(__file__).parent
KERNEL = NativeKernel(
    _HERE / "_mcpi_playout.c",
    "daihinmin_playout",
    {
        "dh_legal_moves": (ctypes.c_int, [_I64P, ctypes.c_int64, _I64P, ctypes.c_int]),
        "dh_policy_scores": (ctypes.c_int, [_I64P, _DP, _DP, ctypes.c_int]),
        "dh_submit": (None, [_I64P, _I64P, _U64P]),
        "dh_play_candidates": (
            None,
            [
                _I64P,
                ctypes.c_int,
                _IP,
                _I64P,
                ctypes.c_int,
                _DP,
                _U64P,
                ctypes.c_int,
                ctypes.c_int,
                _IP,
            ],
        ),
        "dh_default_cells": (
            ctypes.c_int,
            [
                ctypes.c_uint64,
                ctypes.c_int,
                ctypes.c_uint64,
                ctypes.c_int,
                ctypes.c_int,
                ctypes.c_int,
                _U64P,
            ],
        ),
        "dh_kou2_choose": (ctypes.c_int, [_I64P]),
    },
    includes=(_HERE / "_mcpi_playout_default.c", _HERE / "_mcpi_playout_kou2.c"),
)

_MASK64 = (1 << 64) - 1
STATE_WORDS = 32
MELD_WORDS = 6
MAX_MOVES = 400


class PlayoutRandom(random.Random):
    """The play-outs' random numbers: splitmix64, the same stream in Python and in C.

    `random` is a double from the top 53 bits of the next output; `shuffle` is Fisher-Yates
    from the top down with ``int(random() * (i + 1))``.  Only these two are used by play-outs.

    >>> r = PlayoutRandom(7)
    >>> x = r.random(); 0 <= x < 1
    True
    """

    state: int

    def seed(self, a: Any = None, version: int = 2) -> None:
        """The stream from ``a`` (an int, else its hash; ``None``: 0), as a 64-bit state."""
        self.state = (0 if a is None else a if isinstance(a, int) else hash(a)) & _MASK64

    def random(self) -> float:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        z ^= z >> 31
        return (z >> 11) * (1.0 / 9007199254740992.0)

    def shuffle(self, x: MutableSequence[Any]) -> None:
        for i in range(len(x) - 1, 0, -1):
            j = int(self.random() * (i + 1))
            x[i], x[j] = x[j], x[i]


def play_out(
    state: GameState,
    me: int,
    models: Sequence[Model],
    rng: random.Random,
    max_moves: int = 400,
) -> int:
    """Play ``state`` on with ``models[p]`` moving for player p until ``me`` goes out (or the
    game ends); ``me``'s points."""
    hands = state.hands
    finished = state.finished
    fast = [isinstance(m, DefaultModel) for m in models]
    for _ in range(max_moves):
        if me in finished or len(finished) >= 4:
            break
        p = state.turn
        hand = hands[p]
        field = state.field
        moves = legal_melds(hand, field, state.revolution, state.lock)
        if len(moves) == 1:
            state.submit(moves[0])
            continue
        if fast[p]:
            meld = default_move(hand, field, state.revolution, state.lock)
            state.submit(meld if meld is PASS or meld in moves else PASS)
            continue
        obs = Observation.of(state, p)
        state.submit(models[p].choose(obs, moves, rng))
    if me not in finished and len(finished) < 4:  # a game that would not end: no verdict
        return 3
    return 5 - state.ranking().index(me)


def meld_words(meld: Meld) -> list[int]:
    """A meld as the kernel's six words."""
    return [meld.cards, meld.joker, meld.rank, meld.size, meld.suits, int(meld.kind)]


def state_words(state: GameState) -> list[int]:
    """A game state as the kernel's 32 words (the rules must be the defaults)."""
    field = state.field
    words = list(state.hands)
    words += list(state.seats)
    words.append(0 if field is None else 1)
    words += [0, -1, 0, 0, 0, 0] if field is None else meld_words(field)
    words += [int(state.revolution), int(state.lock), int(state.joker_single), state.passed]
    finished = state.finished
    words.append(len(finished))
    words += list(finished) + [-1] * (5 - len(finished))
    words += [state.non_accepted, state.played, state.turn, state.last_player, 0]
    return words


def kernel_models(models: Sequence[Model]) -> tuple[list[int], list[float]] | None:
    """The kernel's codes of ``models`` (0 default, 1 policy, 2 kou2) and the policy's weights
    (lead, then follow, then its temperature), or ``None`` if the kernel cannot play them (a
    greedy policy, two different policies, a model of another kind)."""
    codes = []
    weights: list[float] | None = None
    for model in models:
        if type(model) is DefaultModel:
            codes.append(0)
        elif type(model) is Kou2Model:
            codes.append(2)
        elif type(model) is PolicyModel and not model.greedy:
            mine = [*model.policy.lead, *model.policy.follow, model.temperature]
            if weights is not None and weights != mine:
                return None
            weights = mine
            codes.append(1)
        else:
            return None
    return codes, weights if weights is not None else [0.0] * 50 + [1.0]


def _as_signed(words: Sequence[int]) -> list[int]:
    return [w - (1 << 64) if w >= 1 << 63 else w for w in words]


class Playouts:
    """Play-outs of candidate moves for one search: ``me`` searches, ``models[p]`` moves for
    player p, the random numbers come from ``rng``.  In C when every model is one the kernel
    plays and ``native`` (and the kernel is built), else in Python: the same points (the C
    path needs a `PlayoutRandom`; the Python path takes any generator).

    `play` is called once per guess of the hidden hands; the kernel's arguments that do not
    change during the search (the models, the weights, the candidates) are built once.
    """

    def __init__(
        self,
        me: int,
        models: Sequence[Model],
        rng: random.Random,
        *,
        native: bool = True,
        max_moves: int = MAX_MOVES,
    ) -> None:
        self.me = me
        self.models = list(models)
        self.rng = rng
        self.max_moves = max_moves
        codes = kernel_models(models) if native else None
        #: the kernel, when the play-outs run in C
        self.library = KERNEL.load() if codes is not None else None
        if codes is not None:
            self._codes = (ctypes.c_int * 5)(*codes[0])
            self._weights = (ctypes.c_double * 51)(*codes[1])
        self._melds: tuple[tuple[Meld, ...], Any] | None = None
        self._seed = ctypes.c_uint64()

    def play(self, state: GameState, candidates: Sequence[Meld], replays: int = 1) -> list[int]:
        """``replays`` times, for each candidate: a copy of ``state`` with the candidate
        played, finished with the models; ``me``'s points (5 first ... 1 last; 3 for a game
        that would not end), replay by replay (``len(candidates)`` points each)."""
        library = self.library
        rng = self.rng
        if library is None:
            out = []
            for _ in range(replays):
                for meld in candidates:
                    copy = state.copy()
                    copy.rng = rng
                    copy.submit(meld)
                    out.append(play_out(copy, self.me, self.models, rng, self.max_moves))
            return out
        key = tuple(candidates)
        cached = self._melds
        if cached is None or cached[0] != key:
            flat = _as_signed([w for meld in key for w in meld_words(meld)])
            cached = self._melds = (key, (ctypes.c_int64 * len(flat))(*flat))
        n = len(key)
        words = (ctypes.c_int64 * STATE_WORDS)(*_as_signed(state_words(state)))
        points = (ctypes.c_int * (n * replays))()
        assert isinstance(rng, PlayoutRandom)
        seed = self._seed
        seed.value = rng.state
        library.dh_play_candidates(
            words,
            self.me,
            self._codes,
            cached[1],
            n,
            self._weights,
            ctypes.byref(seed),
            self.max_moves,
            replays,
            points,
        )
        rng.state = seed.value
        return points[:]


def play_candidates(
    state: GameState,
    me: int,
    models: Sequence[Model],
    candidates: Sequence[Meld],
    rng: PlayoutRandom,
    *,
    native: bool = True,
    max_moves: int = MAX_MOVES,
) -> list[int]:
    """`Playouts.play` once: each candidate played on ``state`` and finished with ``models``;
    ``me``'s points.  In C when it can (``native``), else in Python; the same answer."""
    playouts = Playouts(me, models, rng, native=native, max_moves=max_moves)
    return playouts.play(state, candidates)
