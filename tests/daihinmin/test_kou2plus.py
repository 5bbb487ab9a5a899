"""kou2+: kou2 with the exact two-player endgame."""

from __future__ import annotations

from games.daihinmin.cards import ALL_CARDS, parse_cards
from games.daihinmin.endgame import solve
from games.daihinmin.match import Match
from games.daihinmin.melds import Meld
from games.daihinmin.observation import Observation
from games.daihinmin.players.kou2 import Kou2Player
from games.daihinmin.players.kou2plus import Kou2PlusPlayer


def _endgame_obs(me: str, other: str, field: str) -> Observation:
    mine, theirs, on_field = parse_cards(me), parse_cards(other), Meld.parse(field)
    played = ALL_CARDS & ~(mine | theirs)
    counts = (mine.bit_count(), theirs.bit_count(), 0, 0, 0)
    return Observation(
        0, mine, on_field, False, False, counts, (0, 1, 2, 3, 4), None, 0, (2, 3, 4), played, 1
    )


def test_kou2plus_overrides_a_losing_kou2_choice():
    # found in play: kou2 answers 4C with 6C, which locks the trick to clubs and loses;
    # the 8-cut wins
    obs = _endgame_obs("6C 8S", "7C 9D KD", "4C")
    assert str(Kou2Player().play(obs)) == "6C"
    me, other = parse_cards("6C 8S"), parse_cards("7C 9D KD")
    result = solve(me, other, Meld.parse("4C"))
    assert result.value == 1 and [str(m) for m in result.best] == ["8S"]
    plus = Kou2PlusPlayer()
    assert str(plus.play(obs)) == "8S" and (plus.solved, plus.overridden) == (1, 1)


def test_kou2plus_keeps_kou2_choice_when_it_is_optimal_and_plays_legally():
    obs = _endgame_obs("3S 4S 2H", "AD KC", "pass")
    obs = Observation(
        0, obs.hand, None, False, False, obs.counts, obs.seats, None, 0, (2, 3, 4), obs.played, 0
    )
    plus = Kou2PlusPlayer()
    assert str(plus.play(obs)) in {"3S", "4S"}
    result = Match([plus, *(Kou2Player() for _ in range(4))], seed="kou2+").play(30)
    assert result.rejected == [0, 0, 0, 0, 0] and not result.faults
    assert plus.solved > 0
