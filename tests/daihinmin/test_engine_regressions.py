"""Regressions of the engine found by the players' engineers."""

from __future__ import annotations

import pytest

from games.daihinmin.players.base import RandomPlayer
from games.daihinmin.players.kou2 import Kou2Player
from games.daihinmin.rules.engine import GameState, IllegalMoveError
from games.daihinmin.rules.match import Match
from games.daihinmin.rules.melds import PASS, Meld


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


# --- found by a newcomer's review -------------------------------------------------------


class _PlayOnly:
    """The smallest player the docs promise: an object with play(obs) only."""

    def play(self, obs):
        moves = obs.legal_moves()
        return moves[-1]


def test_a_player_with_only_play_works():
    result = Match([_PlayOnly(), *(RandomPlayer() for _ in range(4))], seed=4).play(30)
    assert result.games == 30 and not result.faults and result.rejected[0] == 0


def test_observation_moves_follow_the_rules_switches():
    from games.daihinmin.rules.engine import Rules
    from games.daihinmin.rules.melds import Kind

    class Sequences:
        def play(self, obs):
            moves = obs.legal_moves()
            seqs = [m for m in moves if m.kind == Kind.SEQUENCE]
            assert not seqs  # sequences are off
            return moves[-1]

    players = [Sequences(), *(RandomPlayer() for _ in range(4))]
    result = Match(players, seed=1, rules=Rules(sequences=False)).play(40)
    assert result.rejected == [0, 0, 0, 0, 0] and not result.faults


def test_a_lone_joker_is_one_play_wherever_written():
    a, b = Meld.parse("JK(2S)"), Meld.parse("JK")
    assert a == b and hash(a) == hash(b) and str(a) == str(b) == "JK"
    assert a in GameState.from_hands(["3D JK", "4S", "5S", "6S", "7S"]).legal_moves()
    assert Meld.parse("7S 7H") != Meld.parse("7S JK(7H)")


def test_meld_errors_name_the_real_problem():
    from games.daihinmin.rules.melds import MeldError

    for text in ("5S 5H 6S", "5S 6S JK(8S)"):
        with pytest.raises(MeldError, match="consecutive"):
            Meld.parse(text)


def test_strict_match_stops_at_any_player_fault():
    from games.daihinmin.rules.match import PlayerFaultError

    class Junk:
        def play(self, obs):
            return "8S"

    with pytest.raises(PlayerFaultError, match=r"game 1, player 0 \(play\).*Meld.parse"):
        Match([Junk(), *(RandomPlayer() for _ in range(4))], strict=True).play(2)


def test_named_errors():
    import cgt
    from games.daihinmin.rules.endgame import EndgameError, solve
    from games.daihinmin.rules.engine import GameNotOverError

    with pytest.raises(GameNotOverError):
        GameState.from_hands(["3D", "4S", "5S", "6S", "7S"]).points()
    with pytest.raises(cgt.InvalidArgumentError, match="exactly 5 players"):
        Match([RandomPlayer()] * 4)
    with pytest.raises(EndgameError, match="lock needs a meld"):
        from games.daihinmin.rules.cards import parse_cards

        solve(parse_cards("6C 8S"), parse_cards("7C 9D"), None, lock=True)


def test_player_modules_that_fail_to_import_are_named_errors(tmp_path, monkeypatch):
    from games.daihinmin.players import UnknownPlayerError, make_player

    (tmp_path / "broken_mod.py").write_text("def x(:\n")
    (tmp_path / "raising_mod.py").write_text("raise RuntimeError('no')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(UnknownPlayerError, match="SyntaxError"):
        make_player("broken_mod:P")
    with pytest.raises(UnknownPlayerError, match="RuntimeError: no"):
        make_player("raising_mod:P")


def test_evaluate_refuses_a_locked_lone_joker():
    from games.daihinmin.experiments.evaluate import PositionError, evaluate

    with pytest.raises(PositionError, match="lifts the lock"):
        evaluate("6S 6D 7S KD 2S", field="JK", lock=True)
