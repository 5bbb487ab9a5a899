"""A Monte Carlo player: determinized rollouts (a stand-in for the paper's snowl and beersong,
which are not public).

At each decision with more than one sensible move, the player deals the cards it has not
seen at random to the other players, consistently with their card counts (and with the cards
it handed over in the exchange, which stay with their receiver until played), then plays each
candidate move and finishes the game with a fast greedy policy for everybody (`greedy_move`:
lead the longest, weakest meld; follow with the weakest meld that beats the field, sparing the
joker).  It picks the candidate with the best mean finishing points (5 ... 1) over the
deals; every candidate is played on the same deals (common random numbers).  ``samples`` is
the budget of rollouts per decision, shared by the candidates (at most ``max_candidates``:
the pass and the weakest melds first).  A rollout costs about 1 ms of CPU, so the default
(16 rollouts: 4 deals of 4 candidates) keeps a decision well under 20 ms.  Its choices come
from its random stream only: ``seed`` (which `~games.daihinmin.rules.match.Match` sets per game),
so runs are reproducible.

>>> from games.daihinmin.rules.match import Match
>>> from games.daihinmin.players import make_player
>>> players = [MonteCarloPlayer(samples=8, seed=1)] + [make_player("default") for _ in range(4)]
>>> result = Match(players, seed=2).play(3)
>>> result.names[0], result.rejected[0], result.games
('mc', 0, 3)
"""

from __future__ import annotations

import random

import cgt
from games.daihinmin.rules.cards import ALL_CARDS
from games.daihinmin.rules.engine import DEFAULT_RULES, GameState, Rules
from games.daihinmin.rules.melds import PASS, Kind, Meld
from games.daihinmin.rules.moves import legal_melds
from games.daihinmin.rules.observation import Deal, Observation
from games.daihinmin.rules.player import Player, weakest_cards

__all__ = [
    "MonteCarloError",
    "MonteCarloPlayer",
    "candidate_moves",
    "greedy_move",
    "state_from_observation",
]


class MonteCarloError(cgt.CGTError, ValueError):
    """Bad settings of a `MonteCarloPlayer`."""


def _weakness(meld: Meld, revolution: bool) -> tuple[bool, int]:
    """Sort key: melds without the joker first, then weaker first (by rank, reversed in a
    revolution)."""
    return (meld.joker >= 0 or meld.kind == Kind.JOKER, -meld.top if revolution else meld.rank)


def greedy_move(moves: list[Meld], leading: bool, revolution: bool) -> Meld:
    """The rollout policy, from the legal moves (pass first): lead the meld with the most
    cards, weakest first; follow with the weakest meld, else pass.

    >>> from games.daihinmin.rules.cards import parse_cards
    >>> moves = legal_melds(parse_cards("4S 5S 6S 9H 9D KC"), None, False, False)
    >>> str(greedy_move(moves, True, False))
    '4S 5S 6S'
    >>> str(greedy_move(legal_melds(parse_cards("4S 9H KC"), Meld.parse("5D"), False, False),
    ...                 False, False))
    '9H'
    """
    if len(moves) == 1:
        return moves[0]
    if leading:
        return min(moves[1:], key=lambda m: (-m.size, _weakness(m, revolution)))
    return min(moves[1:], key=lambda m: _weakness(m, revolution))


def candidate_moves(obs: Observation, limit: int) -> list[Meld]:
    """The moves worth a rollout: every legal non-pass meld, weakest first and cut at
    ``limit`` (the pass first when following, and counted in the limit).

    >>> from games.daihinmin.rules.cards import parse_cards
    >>> obs = Observation(0, parse_cards("4S 9H KC JK"), Meld.parse("5D"), False, False,
    ...                   (4, 5, 5, 5, 5), (0, 1, 2, 3, 4), None, 0, (), 0, 1)
    >>> [str(m) for m in candidate_moves(obs, 3)]
    ['pass', '9H', 'KC']
    """
    moves = obs.legal_moves()
    melds = sorted(moves[1:], key=lambda m: (_weakness(m, obs.revolution), -m.size))
    if obs.field is None:
        # leading: keep the greedy lead among the candidates
        lead = greedy_move(moves, True, obs.revolution) if melds else None
        chosen = melds[: max(limit, 1)]
        if lead is not None and lead not in chosen:
            chosen[-1] = lead
        return chosen or [PASS]
    return [PASS, *melds[: max(limit - 1, 0)]]


def state_from_observation(
    obs: Observation,
    rng: random.Random,
    known: dict[int, int] | None = None,
    rules: Rules = DEFAULT_RULES,
) -> GameState:
    """A game state consistent with ``obs``: the unseen cards dealt at random to the other
    players by their card counts (``known[q]``: cards that must be in player q's hand)."""
    me = obs.player
    unseen = ALL_CARDS & ~obs.played & ~obs.hand
    hands = [0] * 5
    hands[me] = obs.hand
    need = list(obs.counts)
    need[me] = 0
    for q, cards in (known or {}).items():
        cards &= unseen
        if q != me and cards and cards.bit_count() <= need[q]:
            hands[q] |= cards
            need[q] -= cards.bit_count()
            unseen &= ~cards
    bits = [1 << i for i in range(61) if unseen >> i & 1]
    rng.shuffle(bits)
    position = 0
    for q in range(5):
        for bit in bits[position : position + need[q]]:
            hands[q] |= bit
        position += need[q]
    state = object.__new__(GameState)
    state.hands = hands
    state.seats = obs.seats
    state.seat_of = [obs.seats.index(p) for p in range(5)]
    state.rules = rules
    state.rng = rng
    state.field = obs.field
    state.revolution = obs.revolution
    state.lock = obs.lock
    state.joker_single = obs.field is not None and obs.field.kind == Kind.JOKER
    state.passed = obs.passed
    state.finished = list(obs.finished)
    state.non_accepted = 0
    state.played = obs.played
    state.turn = me
    state.last_player = obs.last_player
    return state


def _rollout(state: GameState, player: int) -> int:
    """Play the game out greedily; ``player``'s points."""
    rules = state.rules
    lock_rule = rules.lock
    sequences = rules.sequences
    while len(state.finished) < 4:
        p = state.turn
        moves = legal_melds(
            state.hands[p],
            state.field,
            state.revolution,
            state.lock and lock_rule,
            sequences_allowed=sequences,
        )
        state.submit(greedy_move(moves, state.field is None, state.revolution))
    return 5 - state.ranking().index(player)


class MonteCarloPlayer(Player):
    """Determinized rollouts (module documentation); ``name = "mc"``."""

    def __init__(
        self, samples: int = 16, *, max_candidates: int = 4, seed: int | str | None = None
    ) -> None:
        if not isinstance(samples, int) or samples < 1:
            raise MonteCarloError(f"samples must be a positive int, got {samples!r}")
        if not isinstance(max_candidates, int) or max_candidates < 2:
            raise MonteCarloError(
                f"max_candidates must be an int of at least 2, got {max_candidates!r}"
            )
        self.name = "mc"
        self.samples = samples
        self.max_candidates = max_candidates
        self.rng = random.Random(seed)
        self._given: dict[int, int] = {}

    def seed(self, seed: int | str) -> None:
        self.rng.seed(seed)

    def start_game(self, deal: Deal) -> None:
        self._given = {}

    def exchange(self, deal: Deal) -> int:
        cards = weakest_cards(deal.hand, deal.give)
        if deal.ranks is not None and deal.give:
            # the daifugo gives to the daihinmin, the fugo to the hinmin
            target = 4 if deal.give == 2 else 3
            receiver = deal.ranks.index(target)
            self._given = {receiver: cards}
        return cards

    def play(self, obs: Observation) -> Meld:
        if not obs.hand:
            return PASS
        candidates = candidate_moves(obs, self.max_candidates)
        if len(candidates) == 1:
            return candidates[0]
        deals = max(1, self.samples // len(candidates))
        totals = [0] * len(candidates)
        rng = self.rng
        for _ in range(deals):
            base = state_from_observation(obs, rng, self._given)
            for k, meld in enumerate(candidates):
                state = base.copy()
                state.submit(meld)
                totals[k] += _rollout(state, obs.player)
        best = max(range(len(candidates)), key=lambda k: (totals[k], -k))
        return candidates[best]
