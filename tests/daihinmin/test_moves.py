"""Move generation against a brute-force oracle: every subset of the hand, with the joker at
every cell, classified by `melds.analyze` and judged by the engine's `rejection`.

The oracle shares no code with `moves.py`: it enumerates submissions the way a client could
write them and keeps those the server's checks accept.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.daihinmin.rules.cards import JOKER, REAL_CARDS, iter_cards, parse_cards
from games.daihinmin.rules.engine import rejection
from games.daihinmin.rules.melds import PASS, Kind, Meld, analyze
from games.daihinmin.rules.moves import all_melds, legal_melds

ALL_REAL = list(iter_cards(REAL_CARDS))


def _effect(meld: Meld) -> tuple[int, bool, int, int, int, int]:
    """What a play does: cards taken, joker used, and the field it leaves (a lone joker
    leaves the same field wherever it is written)."""
    if meld.kind == Kind.JOKER:
        return (0, True, 0, 1, 0, int(Kind.JOKER))
    return (meld.cards, meld.joker >= 0, meld.rank, meld.size, meld.suits, int(meld.kind))


def oracle(hand: int, field: Meld | None, revolution: bool, lock: bool) -> set[tuple]:
    real = list(iter_cards(hand & REAL_CARDS))
    out = set()
    joker_cells = [-1] + ([r * 15 + c for r in range(5) for c in range(15)] if hand & JOKER else [])
    for k in range(0, 6):
        for combo in combinations(real, k):
            cards = sum(combo)
            for cell in joker_cells:
                if k == 0 and cell < 0:
                    continue
                status = analyze(cards, cell)
                if isinstance(status, str):
                    continue
                meld = Meld(cards, cell)
                if rejection(hand, meld, field, revolution, lock) is None:
                    out.add(_effect(meld))
    # sequences longer than 5 cards
    for row in range(4):
        for low in range(15):
            for high in range(low + 5, 15):
                cells = [(c, row) for c in range(low, high + 1)]
                for joker_col in [None, *range(low, high + 1)]:
                    if joker_col is not None and not hand & JOKER:
                        continue
                    cards = sum(1 << (4 * c + r) for c, r in cells if c != joker_col)
                    if cards & ~hand:
                        continue
                    cell = -1 if joker_col is None else row * 15 + joker_col
                    if isinstance(analyze(cards, cell), str):
                        continue
                    meld = Meld(cards, cell)
                    if rejection(hand, meld, field, revolution, lock) is None:
                        out.add(_effect(meld))
    return out


def generated(hand: int, field: Meld | None, revolution: bool, lock: bool) -> set[tuple]:
    moves = legal_melds(hand, field, revolution, lock)
    assert moves[0] is PASS
    effects = [_effect(m) for m in moves[1:]]
    assert len(effects) == len(set(effects)), "a move is generated twice"
    return set(effects)


def random_hand(rng: random.Random, n: int, joker: bool) -> int:
    return sum(rng.sample(ALL_REAL, n)) | (JOKER if joker else 0)


@pytest.mark.parametrize("seed", range(40))
def test_leading_moves_equal_the_oracle(seed):
    rng = random.Random(seed)
    hand = random_hand(rng, rng.randint(1, 9), seed % 2 == 0)
    assert generated(hand, None, False, False) == oracle(hand, None, False, False)


@pytest.mark.parametrize("seed", range(60))
def test_following_moves_equal_the_oracle(seed):
    rng = random.Random(1000 + seed)
    hand = random_hand(rng, rng.randint(3, 9), seed % 3 == 0)
    rest = REAL_CARDS & ~hand
    candidates = all_melds(rest | (JOKER if not hand & JOKER else 0))
    field = rng.choice(candidates)
    revolution = rng.random() < 0.3
    lock = rng.random() < 0.3
    assert generated(hand, field, revolution, lock) == oracle(hand, field, revolution, lock)


def test_long_sequences_and_joker_at_both_ends():
    hand = parse_cards("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S JK")
    effects = generated(hand, None, False, False)
    assert effects == oracle(hand, None, False, False)
    whole = Meld.parse("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S JK")  # joker above the 2
    assert whole.rank == 1 and whole.size == 14 and whole.joker == 14
    below = Meld(parse_cards("3S 4S"), 0)  # the joker below the 3, column 0
    assert (below.rank, below.size, below.kind) == (0, 3, Kind.SEQUENCE)
    assert _effect(below) in effects


def test_lone_joker_answers():
    joker_field = Meld.lone_joker()
    hand = parse_cards("3S 4H 4D")
    assert [str(m) for m in legal_melds(hand, joker_field)] == ["pass", "3S"]
    assert [str(m) for m in legal_melds(parse_cards("3H 2S"), joker_field)] == ["pass"]
    # the lone joker beats any single, also under the lock and the revolution
    moves = legal_melds(parse_cards("4H JK"), Meld.parse("2S"), revolution=True, lock=True)
    assert [str(m) for m in moves] == ["pass", "JK"]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**31), st.booleans(), st.booleans())
def test_every_generated_move_is_accepted_by_the_engine(seed, revolution, lock):
    rng = random.Random(seed)
    hand = random_hand(rng, rng.randint(1, 12), rng.random() < 0.4)
    field = rng.choice([None, *all_melds(REAL_CARDS & ~hand)])
    for meld in legal_melds(hand, field, revolution, lock)[1:]:
        assert rejection(hand, meld, field, revolution, lock) is None
        assert Meld(meld.cards, meld.joker) == meld  # the trusted status is the analyzed one
        again = Meld(meld.cards, meld.joker)
        assert (again.rank, again.size, again.suits, again.kind) == (
            meld.rank,
            meld.size,
            meld.suits,
            meld.kind,
        )
