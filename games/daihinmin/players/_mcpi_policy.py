"""mcpi's learned policy: a softmax over the legal moves of linear scores of move features.

`move_features` describes each legal move by `FEATURES` numbers: its kind and size, its rank
(in the order of the moment: reversed in a revolution), whether it holds the joker or an 8,
starts a revolution or empties the hand, how many cards stay behind in its ranks, whether any
unseen card can beat it, whether it locks the field, and for the pass how much the player holds
against how little the others do.  The score of a move is ``w . features``, with one weight
vector for leading and one for following (`LinearPolicy`); the probability of a move is its
softmax over the legal moves.  The weights are fitted by
`games.daihinmin.experiments.policy_training` (multinomial logistic regression on recorded
decisions) and shipped as ``data/mcpi_policy.json``; `load_policy` reads them.

>>> from games.daihinmin.rules.cards import parse_cards
>>> from games.daihinmin.rules.engine import GameState
>>> from games.daihinmin.rules.observation import Observation
>>> obs = Observation.of(GameState.from_hands(["3D 4D 5D KS", "6H 7H", "9C", "JD", "QD"]), 0)
>>> rows = move_features(obs, obs.legal_moves())
>>> len(rows), len(rows[0]) == len(FEATURES)
(6, True)
>>> policy = load_policy()
>>> len(policy.scores(obs, obs.legal_moves()))
6
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Any

import cgt
from games.daihinmin.rules.cards import ALL_CARDS, JOKER
from games.daihinmin.rules.melds import Kind, Meld
from games.daihinmin.rules.observation import Observation

__all__ = [
    "FEATURES",
    "POLICY_FILE",
    "LinearPolicy",
    "PolicyFileError",
    "load_policy",
    "move_features",
]

#: the names of the features of one move (the same for leading and following)
FEATURES = (
    "pass",
    "single",
    "group",
    "sequence",
    "lone joker",
    "size",
    "rank",
    "rank squared",
    "joker inside",
    "eight",
    "revolution",
    "goes out",
    "cards left",
    "rank cards kept",
    "cannot be beaten",
    "stronger unseen",
    "locks",
    "weakest of its kind",
    "pass x own cards",
    "pass x fewest other cards",
    "pass x field rank",
    "pass x players left",
    "lone cards left",
    "rank x someone nearly out",
    "rank x nearly out",
)
#: where the weights are shipped (inside this package)
POLICY_FILE = "data/mcpi_policy.json"

_N = len(FEATURES)
_NIBBLE_COUNT = [bin(n).count("1") for n in range(16)]


class PolicyFileError(cgt.CGTError, ValueError):
    """A policy file that is missing, malformed or made for other features."""


def _strength(meld: Meld, revolution: bool) -> int:
    """1 (weakest) .. 13 (strongest) in the order of the moment; 14 for a lone joker."""
    kind = meld.kind
    if kind == Kind.JOKER:
        return 14
    if kind == Kind.SEQUENCE:
        return 14 - meld.rank if revolution else meld.rank + meld.size - 1
    return 14 - meld.rank if revolution else meld.rank


def move_features(obs: Observation, moves: Sequence[Meld]) -> list[list[float]]:
    """The `FEATURES` of each of ``moves`` (legal moves of ``obs``)."""
    hand = obs.hand
    revolution = obs.revolution
    unseen = ALL_CARDS & ~hand & ~obs.played
    joker_unseen = 1 if unseen & JOKER else 0
    column_unseen = [_NIBBLE_COUNT[(unseen >> (4 * c)) & 15] for c in range(15)]
    # per column c: the most unseen cards, and all of them, in the columns stronger than c
    most_stronger = [0] * 15
    all_stronger = [0] * 15
    cols_stronger = [0] * 15  # columns stronger than c that hold an unseen card
    order = range(1, 14) if revolution else range(13, 0, -1)
    most = total = used = 0
    for c in order:
        most_stronger[c], all_stronger[c], cols_stronger[c] = most, total, used
        most = max(most, column_unseen[c])
        total += column_unseen[c]
        used += column_unseen[c] > 0
    real_hand = hand & ~JOKER
    held = [_NIBBLE_COUNT[(real_hand >> (4 * c)) & 15] for c in range(15)]
    lone_hand = sum(1 for c in range(1, 14) if held[c] == 1)
    me = obs.player
    others = [c for p, c in enumerate(obs.counts) if p != me and c]
    fewest = min(others) if others else 0
    someone_nearly_out = 1.0 if fewest <= 2 else 0.0
    own = hand.bit_count()
    nearly_out = 1.0 if own <= 3 else 0.0
    players_left = len(others) + 1
    field = obs.field
    field_rank = _strength(field, revolution) / 14 if field is not None else 0.0
    field_suits = field.suits if field is not None else -1
    lowest: dict[int, int] = {}
    for meld in moves:
        if meld.kind != Kind.PASS:
            s = _strength(meld, revolution)
            if s < lowest.get(meld.kind, 99):
                lowest[meld.kind] = s
    rows = []
    for meld in moves:
        row = [0.0] * _N
        kind = meld.kind
        if kind == Kind.PASS:
            row[0] = 1.0
            row[18] = own / 11
            row[19] = fewest / 11
            row[20] = field_rank
            row[21] = (players_left - 2) / 3
            rows.append(row)
            continue
        strength = _strength(meld, revolution)
        rank = strength / 14
        size = meld.size
        taken = meld.hand_cards
        left = hand & ~taken
        row[kind] = 1.0  # single 1, group 2, sequence 3, lone joker 4
        row[5] = min(size, 6) / 4
        row[6] = rank
        row[7] = rank * rank
        if meld.joker >= 0 and kind != Kind.JOKER:
            row[8] = 1.0
        if meld.has_eight:
            row[9] = 1.0
        if meld.is_revolution:
            row[10] = 1.0
        if not left:
            row[11] = 1.0
        row[12] = left.bit_count() / 11
        lone = lone_hand
        if kind == Kind.SINGLE or kind == Kind.GROUP:
            col = meld.rank
            kept = held[col] - _NIBBLE_COUNT[(taken >> (4 * col)) & 15]
            row[13] = kept / 3
            need = size - joker_unseen
            beaten = most_stronger[col] >= need if need > 0 else True
            if kind == Kind.SINGLE:
                beaten = beaten or bool(joker_unseen)
                row[15] = min(all_stronger[col] + joker_unseen, 8) / 8
            row[14] = 0.0 if beaten else 1.0
            lone += (kept == 1) - (held[col] == 1)
        elif kind == Kind.SEQUENCE:
            low, top = meld.rank, meld.rank + size - 1
            edge = low if revolution else top
            row[14] = 0.0 if cols_stronger[edge] + joker_unseen >= size else 1.0
            for c in range(max(low, 1), min(top, 13) + 1):
                kept = held[c] - _NIBBLE_COUNT[(taken >> (4 * c)) & 15]
                lone += (kept == 1) - (held[c] == 1)
        else:  # the lone joker: beaten only by the 3 of spades
            row[14] = 0.0 if unseen & 0x10 else 1.0
        if kind != Kind.JOKER and meld.suits == field_suits:
            row[16] = 1.0
        if strength == lowest.get(kind):
            row[17] = 1.0
        row[22] = min(lone, 6) / 6
        row[23] = rank * someone_nearly_out
        row[24] = rank * nearly_out
        rows.append(row)
    return rows


class LinearPolicy:
    """Linear scores of `move_features`: ``lead`` weights on an empty field, ``follow`` weights
    on a meld."""

    def __init__(self, lead: Sequence[float], follow: Sequence[float], meta: Any = None) -> None:
        if len(lead) != _N or len(follow) != _N:
            raise PolicyFileError(f"a policy needs {_N} weights for leading and for following")
        self.lead = [float(w) for w in lead]
        self.follow = [float(w) for w in follow]
        self.meta = meta if meta is not None else {}

    def scores(self, obs: Observation, moves: Sequence[Meld]) -> list[float]:
        """The score of each move (its log-probability up to a constant)."""
        weights = self.lead if obs.field is None else self.follow
        return [
            sum(w * x for w, x in zip(weights, row, strict=True) if x)
            for row in move_features(obs, moves)
        ]

    def to_json(self) -> dict[str, Any]:
        return {
            "features": list(FEATURES),
            "lead": self.lead,
            "follow": self.follow,
            "meta": self.meta,
        }

    @classmethod
    def from_json(cls, data: Any) -> LinearPolicy:
        if not isinstance(data, dict) or data.get("features") != list(FEATURES):
            raise PolicyFileError("the policy file was made for other features")
        return cls(data["lead"], data["follow"], data.get("meta"))


@cache
def load_policy(path: str | None = None) -> LinearPolicy:
    """The policy in ``path`` (default: the shipped `POLICY_FILE`)."""
    try:
        if path is None:
            text = resources.files("games.daihinmin.players").joinpath(POLICY_FILE).read_text()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
        data = json.loads(text)
    except (OSError, ValueError) as error:
        raise PolicyFileError(
            f"cannot read the policy file {path or POLICY_FILE}: {error}"
        ) from None
    return LinearPolicy.from_json(data)
