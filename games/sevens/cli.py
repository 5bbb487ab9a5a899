"""``cgt sevens``: suit values, their sum, the winner and the winning moves of a position.

::

    cgt sevens LLRLR RRL            # suits in the paper's notation (the leading 0 optional)
    cgt sevens LLRLR RRL --first R  # Right moves first
    cgt sevens RRLL RRLL --almighty L --first R
    cgt sevens --deal 7 --json      # a random two-player deal of the 52-card deck

The JSON names the winner as every ``cgt`` command does: ``"first player"`` (the one to move,
``first``) or ``"second player"``.

>>> from games.sevens.cli import report
>>> report(["LLRL", "RRL"], "L")["winner"], report(["LLRL", "RRL"], "L")["winning_moves"]
('first player', ['play in suit 1 (0LLRL)'])
>>> report(["LLRL", "RRL"], "R")["winner"]
'second player'
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from games.sevens.almighty import algorithm4_winner, almighty_winner, holder_gain
from games.sevens.deal import deal
from games.sevens.notation import SevensError, check_player, conjugate, opponent, parse_suits
from games.sevens.play import winner, winning_moves
from games.sevens.values import suit_value

__all__ = ["add_commands", "almighty_moves", "report"]


def _role(side: str, mover: str) -> str:
    """A winner (``L`` or ``R``) named as in every ``cgt`` command's JSON."""
    return "first player" if side == mover else "second player"


def _play(suits: tuple[str, ...], index: int) -> tuple[str, ...]:
    return (*suits[:index], suits[index][1:], *suits[index + 1 :])


def almighty_moves(suits: Sequence[str], holder: str, first: str) -> list[str]:
    """The first player's winning actions when ``holder`` has the almighty card (exact).

    For the holder: playing the card on a suit (before moving), or a move that keeps it; for
    the other player, a move.  Empty when the first player loses.

    >>> almighty_moves(["RRLL", "RRLL"], "L", "R")
    []
    >>> almighty_moves(["LR", "RL"], "L", "L")
    ['play in suit 1 (0LR)', 'the almighty card on suit 2 (0RL)']
    """
    cards = parse_suits(suits)
    who, mover = check_player(holder, "holder"), check_player(first, "first")
    if almighty_winner(cards, who, mover) != mover:
        return []
    actions = []
    for i, suit in enumerate(cards):
        if suit and suit[0] == mover:
            after = _play(cards, i)
            if almighty_winner(after, who, opponent(mover)) == mover:
                actions.append(f"play in suit {i + 1} (0{suit})")
    if who == mover:
        for i, suit in enumerate(cards):
            if suit and suit[0] != who and winner(_play(cards, i), mover) == mover:
                actions.append(f"the almighty card on suit {i + 1} (0{suit})")
    return actions


def report(suits: Sequence[str], first: str, almighty: str | None = None) -> dict[str, Any]:
    """Everything ``cgt sevens`` prints, as a dictionary (the ``--json`` output)."""
    cards = parse_suits(suits)
    mover = check_player(first, "first")
    values = [suit_value(s) for s in cards]
    result: dict[str, Any] = {
        "suits": ["0" + s for s in cards],
        "values": values,
        "sum": sum(values),
        "first": mover,
    }
    if almighty is None:
        result["winner"] = _role(winner(cards, mover), mover)
        result["winning_moves"] = [
            f"play in suit {i + 1} (0{cards[i]})" for i in winning_moves(cards, mover)
        ]
        return result
    holder = check_player(almighty, "almighty")
    seen = cards if holder == "L" else tuple(conjugate(s) for s in cards)
    gains = [holder_gain(s) * (1 if holder == "L" else -1) for s in seen]
    result.update(
        almighty=holder,
        gains=gains,
        winner=_role(almighty_winner(cards, holder, mover), mover),
        algorithm4_winner=_role(algorithm4_winner(cards, holder, mover), mover),
        winning_moves=almighty_moves(cards, holder, mover),
    )
    return result


def _side(role: str, first: str) -> str:
    mover = check_player(first, "first")
    return mover if role == "first player" else opponent(mover)


def _text(data: dict[str, Any], names: Sequence[str] | None) -> str:
    lines = []
    for i, (suit, value) in enumerate(zip(data["suits"], data["values"], strict=True)):
        label = f"suit {i + 1}" + (f" ({names[i]})" if names else "")
        extra = f"  gain of the card {data['gains'][i]:+d}" if "gains" in data else ""
        lines.append(f"{label:<16} {suit:<12} value {value:+d}{extra}")
    lines.append(f"sum of values    {data['sum']:+d}")
    if "almighty" in data:
        lines.append(f"almighty card    held by {data['almighty']}")
        says = _side(data["algorithm4_winner"], data["first"])
        lines.append(f"Algorithm 4      says {says} wins (as published)")
    lines.append(
        f"winner           {_side(data['winner'], data['first'])} ({data['first']} moves first)"
    )
    moves = data["winning_moves"]
    lines.append(
        "winning moves    " + ("; ".join(moves) if moves else "none: the first player loses")
    )
    return "\n".join(lines)


def _command(args: argparse.Namespace) -> int:
    names = None
    if args.deal is not None:
        if args.suits:
            raise SevensError("give either suits or --deal, not both")
        dealt = deal(args.deal)
        suits: Sequence[str] = dealt.suits
        names = dealt.names
    else:
        suits = args.suits
    data = report(suits, args.first, args.almighty)
    if args.deal is not None:
        data["deal"] = {"seed": args.deal, "names": list(dealt.names)}
        data["hands"] = {p: dealt.cards(p) for p in ("L", "R")}
    if args.json:
        print(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        if args.deal is not None:
            for p in ("L", "R"):
                print(f"{p} holds  " + " ".join(data["hands"][p]))
        print(_text(data, names))
    return 0


def add_commands(subparsers: Any) -> None:
    """Add ``cgt sevens`` to the ``cgt`` command."""
    parser = subparsers.add_parser(
        "sevens",
        help="Pass-Sevens: suit values, the winner and the winning moves",
        description="Values, sum, winner and winning moves of a Pass-Sevens position (seed 004).",
    )
    parser.add_argument("suits", nargs="*", help="suits like 0LLRLR or LLRLR (L/R: holder)")
    parser.add_argument("--first", default="L", choices=["L", "R"], help="who moves first")
    parser.add_argument("--almighty", choices=["L", "R"], help="who holds the almighty card")
    parser.add_argument("--deal", type=int, metavar="SEED", help="deal the 52-card deck")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.set_defaults(handler=_command)
