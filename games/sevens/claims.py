"""Every published claim of seed 004, registered with ``cgt verify`` (imported by the plug-in).

Each claim is checked against the truth computed without it: the generic recursion of `cgt`
(``cgt.value`` of the suit as a partizan position, the outcome of the CGT sum) or the exact
minimax of `games.sevens.solver`, which uses no CGT at all.  Claims found false stay registered
as ``refuted`` with their smallest counterexample, next to the corrected claim that holds.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Any

import attrs

import cgt
from games.sevens.almighty import (
    algorithm4_total,
    algorithm4_winner,
    algorithm6_wins,
    almighty_bound,
    almighty_winner,
)
from games.sevens.game import Suit, position
from games.sevens.notation import check_player, holders, opponent
from games.sevens.play import playout_wins, winner
from games.sevens.positions import Position, all_suits, positions_with
from games.sevens.solver import solve
from games.sevens.values import algorithm1, delete_first, theorem3_value

__all__ = ["SuitCase", "cgt_winner", "generic_suit_value"]

GAME = "Pass-Sevens"
ALMIGHTY = "Pass-Sevens, almighty card"
SEED = "seed 004"


@attrs.frozen
class SuitCase:
    """A suit string with the value a published statement gives it."""

    text: str
    claimed: int

    def __repr__(self) -> str:
        return f"0{self.text} (claimed {self.claimed})"


# --- strategies for the random half of the checks ----------------------------------------------


def _suit_strategy(max_size: int = 60) -> Any:
    from hypothesis import strategies as st

    return st.text(alphabet="LR", max_size=max_size)


def _position_strategy(
    max_cards: int, passes: tuple[int, ...] = (0,), almighty: bool = False
) -> Callable[[], Any]:
    def build() -> Any:
        from hypothesis import strategies as st

        suits = st.lists(st.text(alphabet="LR", min_size=1, max_size=6), min_size=1, max_size=4)
        suits = suits.filter(lambda s: sum(map(len, s)) <= max_cards)
        holders = st.sampled_from(["L", "R"]) if almighty else st.none()
        return st.builds(
            Position,
            suits,
            st.sampled_from(["L", "R"]),
            st.sampled_from(passes),
            holders,
        )

    return build


# --- families ----------------------------------------------------------------------------------


def _corollary3(size: int, printed: bool) -> Iterator[SuitCase]:
    """Every instance of Corollary 3's four lines with at most ``size`` cards, shortest first.

    Lines 2 and 4 end in ``X``; as printed X is any string (section 3.1), corrected it starts
    with the letter that ends the run (``0LRL...LRL LX``), as lines 1 and 3 print explicitly.
    """
    cases: list[tuple[int, SuitCase]] = []
    for j in range(1, size // 2 + 1):
        for pair, close, claimed_open, claimed_close in (("LR", "L", 0, 1), ("RL", "R", 0, -1)):
            run = pair * j
            double = pair[1]  # line 1: ...LR RX, line 3: ...RL LX
            cases.append((len(run), SuitCase(run, claimed_open)))
            cases.append((len(run) + 1, SuitCase(run + close, claimed_close)))
            for tail in all_suits(size - len(run) - 1):
                cases.append(
                    (len(run) + 1 + len(tail), SuitCase(run + double + tail, claimed_open))
                )
            for tail in all_suits(size - len(run) - 1):
                if not tail or (not printed and tail[0] != close):
                    continue
                cases.append(
                    (len(run) + 1 + len(tail), SuitCase(run + close + tail, claimed_close))
                )
    cases.sort(key=lambda c: c[0])
    return (case for length, case in cases if length <= size)


def _with_letter(size: int, letter: str) -> Iterator[str]:
    return ("0" + s for s in all_suits(size) if letter in s)


def _drop(letter: str) -> Callable[[str], int]:
    """How much deleting the leftmost ``letter`` changes the value, toward that player."""
    sign = 1 if letter == "L" else -1

    def drop(suit: str) -> int:
        return sign * (theorem3_value(suit) - theorem3_value(delete_first(suit, letter)))

    return drop


def _at_least(expected: Any, actual: Any) -> bool:
    return bool(expected >= actual)


def _claimed_by_algorithm4(position: Position) -> bool:
    total = algorithm4_total(position.suits, position.almighty or "L")
    if total == 0:
        return position.first != position.almighty
    return (total > 0) == (position.almighty == "L")


def _bound_against_holder(p: Position) -> bool:
    holder = check_player(p.almighty, "almighty")
    return almighty_bound(p.suits, holder, p.first) not in (None, holder)


def _solve(p: Position) -> str:
    return solve(p.suits, p.first, p.passes, p.almighty)


def generic_suit_value(text: str) -> Any:
    """The suit's value by the generic recursion: ``cgt.value`` of the suit as a partizan
    position, as an int when it is an integer (else the `cgt.Game`, which then fails to match)."""
    game = cgt.value(Suit(text))
    return int(game) if game.is_integer else game


def cgt_winner(p: Position) -> str:
    """The winner read off the outcome class of the CGT sum of the suits, computed by `cgt`."""
    outcome = cgt.outcome(position(["0" + s for s in p.suits]))
    if outcome == cgt.Outcome.N:
        return p.first
    if outcome == cgt.Outcome.P:
        return opponent(check_player(p.first))
    return "L" if outcome == cgt.Outcome.L else "R"


def _with_field_cards(size: int) -> Iterator[str]:
    """Every suit of <= ``size`` cards after card 0, each card on the field or in a hand."""
    for length in range(size + 1):
        for chars in itertools.product("LRF", repeat=length):
            yield "0" + "".join(str((i + 1) % 10) if c == "F" else c for i, c in enumerate(chars))


def _register() -> None:
    r = cgt.register_claim
    for name, function in (("Theorem 3 recursion", theorem3_value), ("Algorithm 1", algorithm1)):
        r(
            game=GAME,
            claim=f"{name} = cgt.value of the suit as a partizan position",
            source=f"{SEED}, Theorem 3" + (", Algorithm 1" if function is algorithm1 else ""),
            family=lambda size: ("0" + s for s in all_suits(size)),
            quick=12,
            full=14,
            fast=function,
            reference=generic_suit_value,
            strategy=lambda: _suit_strategy(40),
            checked_up_to="every suit of <= {size} cards",
        )
    r(
        game=GAME,
        claim="Theorem 2: 0XkY = 0XY (field cards do not matter)",
        source=f"{SEED}, Theorem 2",
        family=_with_field_cards,
        quick=8,
        full=10,
        fast=lambda text: generic_suit_value("0" + holders(text)),
        reference=generic_suit_value,
        checked_up_to="every suit of <= {size} cards, each card on the field or in a hand",
    )
    r(
        game=GAME,
        claim="Algorithm 1 (scan with early exit) = Theorem 3 recursion",
        source=f"{SEED}, Algorithm 1, Theorem 3",
        family=lambda size: ("0" + s for s in all_suits(size)),
        quick=14,
        full=20,
        standard=18,  # 6 s; each card doubles the time (20: 25 s)
        fast=algorithm1,
        reference=theorem3_value,
        strategy=lambda: _suit_strategy(200),
        checked_up_to="every suit of <= {size} cards",
    )
    r(
        game=GAME,
        claim="Cor. 1: 0LRRX = 0RLLX = 0",
        source=f"{SEED}, Corollary 1",
        family=lambda size: all_suits(size - 3),
        quick=14,
        full=20,
        fast=lambda x: (0, 0),
        reference=lambda x: (theorem3_value("LRR" + x), theorem3_value("RLL" + x)),
        strategy=_suit_strategy,
        checked_up_to="every X, suit of <= {size} cards",
    )
    r(
        game=GAME,
        claim="Cor. 2: k Ls = k, k Rs = -k",
        source=f"{SEED}, Corollary 2",
        family=lambda size: range(size + 1),
        quick=200,
        full=5_000,
        fast=lambda k: (k, -k),
        reference=lambda k: (theorem3_value("L" * k), theorem3_value("R" * k)),
        checked_up_to="k <= {size}",
    )
    r(
        game=GAME,
        claim="Cor. 3 as printed: 0LRL...LRLX = 1, 0RLR...RLRX = -1 for any X",
        source=f"{SEED}, Corollary 3, section 3.1 (X any string)",
        family=lambda size: _corollary3(size, printed=True),
        quick=14,
        full=20,
        fast=lambda case: case.claimed,
        reference=lambda case: theorem3_value(case.text),
        expect="refuted",
        checked_up_to="suits of <= {size} cards",
        note="lines 1 and 3 hold; lines 2 and 4 need X to start with L (resp. R)",
    )
    r(
        game=GAME,
        claim="Cor. 3 corrected: X after ...LRL starts with L (after ...RLR with R)",
        source=f"{SEED}, Corollary 3, corrected",
        family=lambda size: _corollary3(size, printed=False),
        quick=14,
        full=20,
        fast=lambda case: case.claimed,
        reference=lambda case: theorem3_value(case.text),
        checked_up_to="every instance of <= {size} cards",
    )
    for number, letter, player in ((4, "L", "Left"), (5, "R", "Right")):
        r(
            game=GAME,
            claim=f"Cor. {number}: deleting the leftmost {letter} moves the value >= 1 "
            f"against {player}",
            source=f"{SEED}, Corollary {number}",
            family=lambda size, letter=letter: _with_letter(size, letter),
            quick=14,
            full=18,
            fast=lambda suit: 1,
            reference=_drop(letter),
            equal=_at_least,
            expect="refuted",
            checked_up_to="every suit of <= {size} cards",
            note=f"holds when the {letter} is the next card; anywhere else the change can be 0",
        )
        r(
            game=GAME,
            claim=f"Cor. {number} corrected: >= 1 if the {letter} is the next card, >= 0 always",
            source=f"{SEED}, Corollary {number}, corrected",
            family=lambda size, letter=letter: _with_letter(size, letter),
            quick=14,
            full=18,
            fast=lambda suit, letter=letter: 1 if suit[0] == letter else 0,
            reference=_drop(letter),
            equal=_at_least,
            checked_up_to="every suit of <= {size} cards",
        )
    r(
        game=GAME,
        claim="Algorithm 2 (sign of the sum of suit values) = exact minimax",
        source=f"{SEED}, Algorithm 2, Theorem 4",
        family=lambda size: positions_with(size),
        quick=10,
        full=12,
        fast=lambda p: winner(p.suits, p.first),
        reference=_solve,
        strategy=_position_strategy(14),
        checked_up_to="every position of <= {size} cards in <= 4 suits, both first",
    )
    r(
        game=GAME,
        claim="Algorithm 2 = outcome of the CGT sum of the suits (cgt.outcome)",
        source=f"{SEED}, Algorithm 2, Theorem 4",
        family=lambda size: positions_with(size),
        quick=10,
        full=11,
        fast=lambda p: winner(p.suits, p.first),
        reference=cgt_winner,
        strategy=_position_strategy(24),
        checked_up_to="every position of <= {size} cards in <= 4 suits, both first",
    )
    r(
        game=GAME,
        claim="Algorithm 3 (move in any suit of your sign) wins every play-out",
        source=f"{SEED}, Algorithm 3, Theorem 4",
        family=lambda size: positions_with(size),
        quick=8,
        full=11,
        fast=lambda p: True,
        reference=lambda p: playout_wins(p.suits, winner(p.suits, p.first), p.first),
        strategy=_position_strategy(12),
        checked_up_to="every position of <= {size} cards in <= 4 suits, both first",
    )
    r(
        game=GAME,
        claim="Theorem 1: with p = 1, 2, 3 passes each the winner is the 0-pass winner",
        source=f"{SEED}, Theorem 1",
        family=lambda size: positions_with(size, passes=(1, 2, 3)),
        quick=7,
        full=9,
        fast=lambda p: winner(p.suits, p.first),
        reference=_solve,
        strategy=_position_strategy(10, passes=(1, 2, 3)),
        checked_up_to="every position of <= {size} cards in <= 4 suits, both first",
    )
    both = ("L", "R")
    r(
        game=ALMIGHTY,
        claim="Algorithm 4: sum(v) + max|v' - v| decides the winner",
        source=f"{SEED}, Algorithm 4, Theorem 5",
        family=lambda size: positions_with(size, almighty=both),
        quick=8,
        full=10,
        fast=lambda p: algorithm4_winner(p.suits, p.almighty, p.first),
        reference=_solve,
        expect="refuted",
        checked_up_to="positions of <= {size} cards in <= 4 suits",
        note="the opponent can be forced to expose an R worth more; see docs/games/sevens.md",
    )
    r(
        game=ALMIGHTY,
        claim="Algorithm 4 is right whenever it names the holder (lemma)",
        source=f"{SEED}, Algorithm 4, corrected",
        family=lambda size: filter(_claimed_by_algorithm4, positions_with(size, almighty=both)),
        quick=8,
        full=10,
        fast=lambda p: (
            p.almighty if p.first != p.almighty else algorithm4_winner(p.suits, p.almighty, p.first)
        ),
        reference=_solve,
        checked_up_to="every such position of <= {size} cards in <= 4 suits",
    )
    r(
        game=ALMIGHTY,
        claim="upper bound: sum(v) + max over R of max(1, v(after R)) below the bar loses",
        source=f"{SEED}, section 4.2, corrected",
        family=lambda size: filter(_bound_against_holder, positions_with(size, almighty=both)),
        quick=8,
        full=10,
        fast=lambda p: almighty_bound(p.suits, p.almighty, p.first),
        reference=_solve,
        checked_up_to="every such position of <= {size} cards in <= 4 suits",
    )
    r(
        game=ALMIGHTY,
        claim="corrected criterion (lemma + search) = exact minimax",
        source=f"{SEED}, section 4.2, corrected",
        family=lambda size: positions_with(size, almighty=both),
        quick=9,
        full=11,
        fast=lambda p: almighty_winner(p.suits, p.almighty, p.first),
        reference=_solve,
        strategy=_position_strategy(12, almighty=True),
        checked_up_to="every position of <= {size} cards in <= 4 suits, both holders and first",
    )
    r(
        game=ALMIGHTY,
        claim="Algorithm 6 (move, then the card) wins where Algorithm 4 says so",
        source=f"{SEED}, Algorithms 5 and 6",
        family=lambda size: filter(_claimed_by_algorithm4, positions_with(size, almighty=both)),
        quick=8,
        full=9,
        fast=lambda p: True,
        reference=lambda p: algorithm6_wins(p.suits, p.almighty, p.first),
        expect="refuted",
        checked_up_to="positions of <= {size} cards in <= 4 suits",
        note="with ties broken by the lowest index the first failure is 0LR + 0RRLL, R first",
    )
    r(
        game=ALMIGHTY,
        claim="Algorithm 6 corrected (the card on A first, when it can go there) wins",
        source=f"{SEED}, Algorithms 5 and 6, corrected",
        family=lambda size: filter(_claimed_by_algorithm4, positions_with(size, almighty=both)),
        quick=7,
        full=9,
        fast=lambda p: True,
        reference=lambda p: algorithm6_wins(p.suits, p.almighty, p.first, card_first=True),
        checked_up_to="every such position of <= {size} cards in <= 4 suits, every tie",
    )


_register()
