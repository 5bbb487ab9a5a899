"""The registered claims of seed 004: each verified as registered, refuted ones with their
smallest counterexamples."""

import pytest

import cgt
import games.sevens  # noqa: F401  (registers the claims)

SEVENS = [c for c in cgt.claims() if c.game.startswith("Pass-Sevens")]

REFUTED = {
    "Cor. 3 as printed: 0LRL...LRLX = 1, 0RLR...RLRX = -1 for any X": "0LRLR (claimed 1)",
    "Cor. 4: deleting the leftmost L moves the value >= 1 against Left": "'0RLL'",
    "Cor. 5: deleting the leftmost R moves the value >= 1 against Right": "'0LRR'",
    "Algorithm 4: sum(v) + max|v' - v| decides the winner": (
        "Position(0LLRR + 0LLRR, L first, R holds the almighty card)"
    ),
    "Algorithm 6 (move, then the card) wins where Algorithm 4 says so": (
        "Position(0LR + 0RL, L first, L holds the almighty card)"
    ),
}


def test_every_published_claim_is_registered():
    texts = " | ".join(c.claim + " " + c.source for c in SEVENS)
    for name in (
        "Theorem 1",
        "Theorem 3",
        "Corollary 1",
        "Corollary 2",
        "Corollary 3",
        "Corollary 4",
        "Corollary 5",
        "Algorithm 1",
        "Algorithm 2",
        "Algorithm 3",
        "Algorithm 4",
        "Algorithm 6",
    ):
        assert name in texts, name
    assert {c.claim for c in SEVENS if c.expect == "refuted"} == set(REFUTED)


@pytest.mark.parametrize("claim", SEVENS, ids=lambda c: c.claim[:50])
def test_claim_is_as_registered(claim):
    run = claim.run(quick=True)
    assert run.as_registered, run.result.describe()
    if claim.expect == "refuted":
        assert repr(run.result.counterexample) == REFUTED[claim.claim]
    else:
        assert run.result.checked > 0
