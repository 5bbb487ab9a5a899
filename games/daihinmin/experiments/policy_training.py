"""Fit mcpi's learned policy (`games.daihinmin.players._mcpi_policy`) to recorded decisions.

The shipped parameter file ``games/daihinmin/players/data/mcpi_policy.json`` is exactly what

::

    cgt daihinmin train-policy --out games/daihinmin/players/data/mcpi_policy.json

writes (the defaults below; ``tests/daihinmin/test_mcpi_policy_file.py`` re-runs it and compares
the files).  The command

1. plays `DEFAULT_GAMES` games of `DEFAULT_LINEUP` (three jn17, the UECda kit's C program, as
   the teacher, beside kou2 and the default client) on our UECda server, seeded
   `DEFAULT_SEED`, and keeps the record of every game (`run_tournament` with ``log_dir``).  The
   deals are seeded and jn17 seeds its own generator with a constant, so the games, hence the
   data, are the same at every run;
2. replays each game with the engine and turns every decision of the teacher with more than
   one legal move into a training example: the `move_features` of each legal move and the
   move the teacher made (`decisions_from_log`);
3. fits one weight vector for leading and one for following by multinomial (conditional)
   logistic regression with an L2 penalty `L2` (`fit`, scipy's L-BFGS), and rounds the weights
   to 6 decimals, so that the file does not depend on the last bits of the floating point.

The file's ``meta`` says how it was made and how well the policy predicts the teacher: the
share of decisions where its most likely move is the teacher's, on the games used to fit it and
on every fifth game held out of the fit (`HELD_OUT`).

>>> from games.daihinmin.rules.engine import GameState
>>> from games.daihinmin.rules.melds import Meld
>>> from games.daihinmin.rules.observation import Observation
>>> obs = Observation.of(GameState.from_hands(["3D 4D 9S", "6H 7H", "9C", "JD", "QD"]), 0)
>>> moves = obs.legal_moves()
>>> example = Decision.of(obs, moves, Meld.parse("3D"), game=1)
>>> policy = fit([example] * 3, l2=1.0)
>>> str(max(moves, key=lambda m: policy.scores(obs, moves)[moves.index(m)]))
'3D'
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

import cgt
from games.daihinmin.players._mcpi_policy import FEATURES, LinearPolicy, move_features
from games.daihinmin.rules.engine import GameState
from games.daihinmin.rules.melds import PASS, Meld
from games.daihinmin.rules.observation import Observation

__all__ = [
    "DEFAULT_GAMES",
    "DEFAULT_LINEUP",
    "DEFAULT_SEED",
    "HELD_OUT",
    "L2",
    "Decision",
    "TrainingError",
    "decisions_from_log",
    "fit",
    "train_policy",
    "write_policy",
]

#: who plays the recorded games (the teacher's seats are those named `TEACHER`)
DEFAULT_LINEUP = ("jn17", "jn17", "kou2", "jn17", "default")
TEACHER = "jn17"
DEFAULT_GAMES = 100
DEFAULT_SEED = "mcpi-policy-1"
#: the L2 penalty (per weight, on the summed log-likelihood)
L2 = 1.0
#: every game whose number is a multiple of this is held out of the fit (to measure it)
HELD_OUT = 5
_DIGITS = 6


class TrainingError(cgt.CGTError, ValueError):
    """Bad arguments to the training, or records that do not replay."""


@attrs.frozen
class Decision:
    """One recorded decision: the features of every legal move and which one was made."""

    lead: bool
    rows: tuple[tuple[float, ...], ...]
    chosen: int
    game: int

    @classmethod
    def of(cls, obs: Observation, moves: Sequence[Meld], action: Meld, game: int) -> Decision:
        if action not in moves:
            raise TrainingError(f"game {game}: {action} is not among the legal moves")
        rows = tuple(tuple(row) for row in move_features(obs, moves))
        return cls(obs.field is None, rows, list(moves).index(action), game)


def decisions_from_log(path: str | os.PathLike[str], players: Sequence[int]) -> Iterator[Decision]:
    """The decisions of ``players`` (numbers 0-4) with more than one legal move in a
    ``games.jsonl`` written by our server (or `run_tournament` with ``log_dir``)."""
    wanted = set(players)
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            game = json.loads(line)
            hands = [int(h, 16) for h in game["hands"]]
            state = GameState(hands, tuple(game["seats"]))
            ranks = tuple(game["ranks"]) if game["ranks"] is not None else None
            for entry in game["moves"]:
                p = entry["player"]
                if p != state.turn:
                    raise TrainingError(f"game {game['game']}: player {p} moved out of turn")
                action = PASS if "refused" in entry else Meld.parse(entry["meld"])
                if p in wanted:
                    obs = Observation.of(state, p, ranks=ranks, game=game["game"])
                    moves = obs.legal_moves()
                    if len(moves) > 1 and action in moves:
                        yield Decision.of(obs, moves, action, game["game"])
                state.submit(action)
            if tuple(state.ranking()) != tuple(game["ranking"]) and not game.get("stalled"):
                raise TrainingError(f"game {game['game']}: the replay ends in another order")


def _objective(weights: Any, rows: Any, starts: Any, chosen: Any, l2: float) -> tuple[float, Any]:
    import numpy as np

    scores = rows @ weights
    top = np.maximum.reduceat(scores, starts)
    sizes = np.diff(np.append(starts, len(scores)))
    shifted = np.exp(scores - np.repeat(top, sizes))
    totals = np.add.reduceat(shifted, starts)
    log_partition = np.log(totals) + top
    loss = float(np.sum(log_partition - scores[chosen]) + 0.5 * l2 * weights @ weights)
    probabilities = shifted / np.repeat(totals, sizes)
    gradient = rows.T @ probabilities - rows[chosen].sum(axis=0) + l2 * weights
    return loss, gradient


def _fit_block(decisions: Sequence[Decision], l2: float) -> list[float]:
    import numpy as np
    from scipy import optimize

    if not decisions:
        return [0.0] * len(FEATURES)
    rows = np.array([row for d in decisions for row in d.rows], dtype=float)
    sizes = [len(d.rows) for d in decisions]
    starts = np.cumsum([0, *sizes[:-1]])
    chosen = starts + np.array([d.chosen for d in decisions])
    outcome = optimize.minimize(
        _objective,
        np.zeros(len(FEATURES)),
        args=(rows, starts, chosen, l2),
        jac=True,
        method="L-BFGS-B",
        options={"maxiter": 2000, "gtol": 1e-9, "ftol": 1e-14},
    )
    return [round(float(w), _DIGITS) + 0.0 for w in outcome.x]


def fit(decisions: Sequence[Decision], l2: float = L2) -> LinearPolicy:
    """The policy that maximizes the penalized log-likelihood of ``decisions`` (one weight
    vector for leading, one for following)."""
    lead = _fit_block([d for d in decisions if d.lead], l2)
    follow = _fit_block([d for d in decisions if not d.lead], l2)
    return LinearPolicy(lead, follow)


def _agreement(policy: LinearPolicy, decisions: Sequence[Decision]) -> float | None:
    if not decisions:
        return None
    hits = 0
    for d in decisions:
        weights = policy.lead if d.lead else policy.follow
        scores = [sum(w * x for w, x in zip(weights, row, strict=True)) for row in d.rows]
        hits += max(range(len(scores)), key=scores.__getitem__) == d.chosen
    return round(hits / len(decisions), 4)


def train_policy(
    *,
    games: int = DEFAULT_GAMES,
    seed: str = DEFAULT_SEED,
    lineup: Sequence[str] = DEFAULT_LINEUP,
    teacher: str = TEACHER,
    l2: float = L2,
    jobs: int | None = 1,
) -> LinearPolicy:
    """Record ``games`` games of ``lineup`` (seeded ``seed``) and fit the policy to the
    decisions of the seats named ``teacher`` (module documentation)."""
    from games.daihinmin.experiments.tournament import chunk_log_dirs, run_tournament

    if len(lineup) != 5:
        raise TrainingError(f"a lineup has 5 players, not {len(lineup)}")
    seats = [k for k, name in enumerate(lineup) if name == teacher]
    if not seats:
        raise TrainingError(f"no seat of the lineup is the teacher {teacher!r}")
    with tempfile.TemporaryDirectory(prefix="mcpi-policy-") as work:
        result = run_tournament(list(lineup), games, seed=seed, jobs=jobs, log_dir=work)
        if result.sets[0].faults:
            fault = result.sets[0].faults[0]
            raise TrainingError(f"the recorded games failed: game {fault.game}: {fault.error}")
        decisions: list[Decision] = []
        for directory in chunk_log_dirs(work, games):
            decisions.extend(decisions_from_log(Path(directory) / "games.jsonl", seats))
    held = [d for d in decisions if d.game % HELD_OUT == 0]
    used = [d for d in decisions if d.game % HELD_OUT != 0]
    policy = fit(used, l2)
    policy.meta = {
        "command": "cgt daihinmin train-policy",
        "games": games,
        "seed": seed,
        "lineup": list(lineup),
        "teacher": teacher,
        "l2": l2,
        "decisions": {
            "lead": sum(d.lead for d in used),
            "follow": sum(not d.lead for d in used),
            "held_out": len(held),
        },
        "agreement": {"fitted": _agreement(policy, used), "held_out": _agreement(policy, held)},
    }
    return policy


def write_policy(policy: LinearPolicy, path: str | os.PathLike[str]) -> None:
    """Write ``policy`` as JSON (sorted keys, one weight per line: diffs stay readable)."""
    Path(path).write_text(json.dumps(policy.to_json(), indent=1, sort_keys=True) + "\n")
