"""Regressions of the engine found by the players' engineers."""

from __future__ import annotations

import pytest

from games.daihinmin.engine import GameState, IllegalMoveError
from games.daihinmin.match import Match
from games.daihinmin.melds import PASS, Meld
from games.daihinmin.players.base import RandomPlayer
from games.daihinmin.players.kou2 import Kou2Player


def test_strict_mode_lets_a_pass_on_a_lone_joker_be_a_pass():
    g = GameState.from_hands(["3D JK", "4S 6H", "7C", "9D", "JH"])
    assert g.submit(Meld.lone_joker()).accepted
    result = g.submit(PASS, strict=True)  # an error on the server, but a pass all the same
    assert not result.accepted and result.reason is not None
    with pytest.raises(IllegalMoveError, match="only the 3 of spades"):
        g.submit(Meld.parse("7C"), strict=True)  # player 2: a card, but not the 3S
    # the case found in play: a strict match with passes on jokers runs to the end
    players = [Kou2Player(), *(RandomPlayer() for _ in range(4))]
    result = Match(players, seed=11, strict=True).play(300)
    assert result.games == 300 and result.rejected == [0, 0, 0, 0, 0] and not result.faults
