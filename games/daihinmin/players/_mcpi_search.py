"""mcpi's search: a few candidate moves, each played on the same guesses of the hidden hands and
the game played out with a model of every player, the weaker candidates dropped as the
evidence comes in (successive halving).

`play_out` finishes a game from a `GameState` with one `_mcpi_models.Model` per player (the
default client's model is called directly: it needs nothing but the hand and the field) and
returns the searching player's points (5 for first ... 1 for last) once it has gone out.
`Search` weighs the candidates: each round deals the same guesses to every surviving candidate
(common random numbers), and after each round the worse half of the candidates is dropped,
down to two, which share what is left of the rollouts or the time budget.  It keeps every figure it
used, so that a decision can be explained (`SearchResult`).

>>> import random
>>> from games.daihinmin.rules.engine import GameState
>>> from games.daihinmin.rules.observation import Observation
>>> from games.daihinmin.players._mcpi_models import DefaultModel
>>> state = GameState.from_hands(["3D 4D 5D KS", "6H 7H", "9C", "JD", "QD"])
>>> models = [DefaultModel()] * 5
>>> play_out(state.copy(), 0, models, random.Random(1))
5
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

import attrs

from games.daihinmin.players._mcpi_models import Model
from games.daihinmin.players._mcpi_playout import (
    PlayoutRandom,
    Playouts,
    kernel_models,
    play_out,
)
from games.daihinmin.rules.engine import DEFAULT_RULES, GameState
from games.daihinmin.rules.melds import Kind, Meld
from games.daihinmin.rules.observation import Observation

__all__ = [
    "CandidateScore",
    "Search",
    "SearchResult",
    "paired_better",
    "play_out",
    "state_from_hands",
]


def state_from_hands(obs: Observation, hands: Sequence[int], rng: random.Random) -> GameState:
    """The game of ``obs`` with the hidden hands ``hands`` (``hands[obs.player]`` is ignored:
    the observation's own hand is used)."""
    state = object.__new__(GameState)
    state.hands = list(hands)
    state.hands[obs.player] = obs.hand
    state.seats = obs.seats
    state.seat_of = [obs.seats.index(p) for p in range(5)]
    state.rules = DEFAULT_RULES
    state.rng = rng
    state.field = obs.field
    state.revolution = obs.revolution
    state.lock = obs.lock
    state.joker_single = obs.field is not None and obs.field.kind == Kind.JOKER
    state.passed = obs.passed
    state.finished = list(obs.finished)
    state.non_accepted = 0
    state.played = obs.played
    state.turn = obs.player
    state.last_player = obs.last_player
    return state


def paired_better(points: Sequence[int], prior: Sequence[int], z: float) -> bool:
    """Whether ``points`` beat ``prior`` by more than ``z`` standard errors of their paired
    differences, over the play-outs both were played in (the first ``n`` of each list are the
    same guesses: every surviving candidate is played on every guess of a round).

    >>> paired_better([5, 4, 5, 4], [4, 3, 4, 3], 1.0)
    True
    >>> paired_better([5, 1, 5, 1], [1, 5, 1, 5], 1.0)
    False
    """
    n = min(len(points), len(prior))
    if n < 2:
        return False
    diffs = [a - b for a, b in zip(points[:n], prior[:n], strict=True)]
    mean = sum(diffs) / n
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    if variance == 0:
        return mean > 0
    return mean > z * math.sqrt(variance / n)


@attrs.frozen
class CandidateScore:
    """One candidate's figures: the points of each rollout it was played in."""

    meld: Meld
    points: tuple[int, ...]
    #: the round in which it was dropped (``None``: it survived)
    dropped: int | None

    @property
    def mean(self) -> float:
        return sum(self.points) / len(self.points) if self.points else math.nan


@attrs.frozen
class SearchResult:
    """What a search found: the choice and every candidate's figures."""

    choice: Meld
    candidates: tuple[CandidateScore, ...]
    rollouts: int
    rounds: int
    seconds: float
    #: ``"search"``, ``"only move"``, ``"endgame"``
    how: str = "search"


class Search:
    """Successive halving over ``candidates`` (module documentation).

    ``deal()`` returns a fresh `GameState` guess at the searching player's turn; ``rollouts``
    bounds the play-outs, ``deadline`` (a `time.perf_counter` value, or ``None``) the time:
    the search stops after the play-out that passes it.  Every candidate is played on at least
    one guess.
    """

    def __init__(
        self,
        me: int,
        candidates: Sequence[Meld],
        models: Sequence[Model],
        rng: random.Random,
        *,
        deals_per_round: int = 4,
        switch_z: float = 0.0,
        native: bool = True,
        replays: int = 1,
    ) -> None:
        self.me = me
        self.candidates = list(candidates)
        self.models = models
        self.rng = rng
        self.deals_per_round = deals_per_round
        self.switch_z = switch_z
        self.replays = replays
        #: the play-outs: models the kernel plays (the default client, kou2, the sampled
        #: policy) draw their random numbers from one splitmix64 stream seeded from ``rng``,
        #: the same points in C (``native``, when the kernel is built) and in Python; other
        #: models play in Python with ``rng``
        stream = PlayoutRandom(rng.getrandbits(64)) if kernel_models(models) is not None else rng
        self.playouts = Playouts(me, models, stream, native=native)

    def _play(self, base: GameState, alive: Sequence[int]) -> list[int]:
        """The points of each candidate in ``alive`` played on the guess ``base``, `replays`
        times (replay by replay)."""
        return self.playouts.play(base, [self.candidates[k] for k in alive], self.replays)

    def run(
        self, deal: Callable[[], GameState], rollouts: int, deadline: float | None = None
    ) -> SearchResult:
        started = time.perf_counter()
        points: list[list[int]] = [[] for _ in self.candidates]
        alive = list(range(len(self.candidates)))
        dropped: dict[int, int] = {}
        spent = 0
        rounds = 0
        out_of_time = False
        while True:
            rounds += 1
            for _ in range(self.deals_per_round):
                base = deal()
                got = self._play(base, alive)
                for i, value in enumerate(got):
                    points[alive[i % len(alive)]].append(value)
                spent += len(got)
                if deadline is not None and time.perf_counter() > deadline:
                    out_of_time = True
                    break
                if spent + len(alive) * self.replays > rollouts:
                    break
            if len(alive) == 1 or out_of_time or spent + len(alive) * self.replays > rollouts:
                break
            if len(alive) == 2:  # the last two share the rest of the budget
                continue
            order = sorted(alive, key=lambda k: (-sum(points[k]) / len(points[k]), k))
            keep = max(2, (len(alive) + 1) // 2)
            for k in order[keep:]:
                dropped[k] = rounds
            alive = sorted(order[:keep])
        best = max(alive, key=lambda k: (sum(points[k]) / len(points[k]), -k))
        if (
            self.switch_z > 0
            and best != 0
            and not paired_better(points[best], points[0], self.switch_z)
        ):
            best = 0
        scores = tuple(
            CandidateScore(meld, tuple(points[k]), dropped.get(k))
            for k, meld in enumerate(self.candidates)
        )
        return SearchResult(
            self.candidates[best], scores, spent, rounds, time.perf_counter() - started
        )
