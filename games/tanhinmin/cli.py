"""The ``cgt tanhinmin`` command: winner, matchings and optimal moves of one position.

::

    cgt tanhinmin "1 3 5" "2 4" --field 1 --condition 1,1
    cgt tanhinmin "1 3 5" "2 4" --all-conditions      # Corollary 4's table
    cgt tanhinmin "3S AH JK" "2D 10C" --json           # real cards work too
    cgt tanhinmin "1 3 5" "2 4" --value                # the CGT value (Left = first hand)
    cgt tanhinmin "1 3 5 7 9 11" "2 4 6 8 10 12" --value --full   # however long

The first hand is the player to move.  A value longer than `VALUE_LIMIT` characters (its
canonical form can be exponentially longer as text than the game: 650,698 characters at 12
cards) is summarized unless ``--full`` is given; its length is measured without writing it.
``--exact`` adds the exact solver's verdict (small positions only).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import cgt
from games.tanhinmin.hands import InvalidPositionError, Position, hand, hand_from_cards
from games.tanhinmin.optimal import optimal_moves
from games.tanhinmin.winner import WinnerTable, delta_of, mu0_of, mu1_of

__all__ = ["add_commands", "parse_hand", "report", "value_fields", "value_game"]

EXACT_LIMIT = 16
VALUE_LIMIT = 4000
"""``--value`` prints values of at most this many characters in full (``--full``: any)."""


def parse_hand(text: str) -> tuple[int, ...]:
    """A hand from text: strengths (``"1 3 5"``, ``"1,3,5"``) or real cards (``"3S AH JK"``).

    >>> parse_hand("5, 1 3"), parse_hand("3S 2D Joker")
    ((1, 3, 5), (1, 13, 14))
    """
    tokens = text.replace(",", " ").split()
    try:
        return hand((int(token) for token in tokens), "hand")
    except ValueError as error:
        if isinstance(error, cgt.CGTError):
            raise
        return hand_from_cards(tokens)


def _is_numeric(text: str) -> bool:
    tokens = text.replace(",", " ").split()
    return all(token.lstrip("+-").isdigit() for token in tokens)


def parse_hands(mover: str, other: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Both hands, on one scale: both as strengths or both as real cards.

    >>> parse_hands("1 3 5", "2 4"), parse_hands("3S 5H", "4D")
    (((1, 3, 5), (2, 4)), ((1, 3), (2,)))
    >>> parse_hands("7S 3S", "6 4")
    Traceback (most recent call last):
    ...
    games.tanhinmin.hands.InvalidPositionError: one hand is written as strengths and the other ...
    """
    hands = parse_hand(mover), parse_hand(other)
    texts = [t for t in (mover, other) if t.replace(",", " ").split()]
    if len({_is_numeric(t) for t in texts}) > 1:
        raise InvalidPositionError(
            f"one hand is written as strengths and the other as cards ({mover!r} and {other!r}):"
            " the scales differ (card 3 is strength 1), so write both hands the same way"
        )
    return hands


def _condition(text: str) -> tuple[int, int]:
    parts = text.replace(" ", "").split(",")
    if len(parts) != 2:
        raise InvalidPositionError(f"a condition is written c0,c1 (e.g. 1,1), got {text!r}")
    try:
        return int(parts[0]), int(parts[1])
    except ValueError:
        raise InvalidPositionError(f"a condition is two ints c0,c1, got {text!r}") from None


def report(
    s: Position,
    *,
    all_conditions: bool = False,
    value: bool = False,
    exact: bool = False,
    full: bool = False,
) -> dict[str, Any]:
    """Everything the command prints, as a dictionary (the ``--json`` output); with ``value``,
    the CGT value in full only if it is short or ``full`` (see `value_fields`).

    >>> r = report(Position((1, 3, 5), (2, 4), 1, 1, 1))
    >>> r["winner"], r["mu_0"], r["mu_1"], r["delta"], r["optimal_cards"], r["pass_optimal"]
    ('first player', 1, 0, 1, [5], False)
    """
    moves = optimal_moves(*s.args())
    d = delta_of(s)
    result: dict[str, Any] = {
        "mover": list(s.mover),
        "other": list(s.other),
        "field": s.field,
        "condition": [s.c0, s.c1],
        # named as in every cgt command's JSON: the player to move is the first player
        "winner": "first player" if d > 0 else "second player",
        "mu_0": mu0_of(s),
        "mu_1": mu1_of(s),
        "delta": d,
        "optimal_cards": sorted(moves.cards),
        "pass_optimal": moves.passing,
    }
    if all_conditions:
        table = WinnerTable(s.mover, s.other, s.field)
        result["thresholds"] = list(table.thresholds)
        result["table"] = table.rows()
    if exact:
        if s.cards > EXACT_LIMIT:
            raise InvalidPositionError(
                f"--exact solves positions of at most {EXACT_LIMIT} cards, this one has {s.cards}"
            )
        from games.tanhinmin.solver import exact_result

        verdict = exact_result(*s.args()).value  # for the player to move: win, loss or draw
        names = {"win": "first player", "loss": "second player"}
        result["exact_winner"] = names.get(verdict, verdict)
    if value:
        result.update(value_fields(value_game(s), full=full))
    return result


def value_game(s: Position) -> cgt.Game:
    """The CGT value of ``s`` with Left the player to move (positions of at most
    `EXACT_LIMIT` cards)."""
    from games.tanhinmin.partizan import PartizanTanhinmin

    if s.cards > EXACT_LIMIT:
        raise InvalidPositionError(
            f"--value computes positions of at most {EXACT_LIMIT} cards, this one has {s.cards}"
        )
    return cgt.value(PartizanTanhinmin(s.mover, s.other, s.field, s.c0, s.c1))


def value_fields(g: cgt.Game, full: bool = False) -> dict[str, Any]:
    """What ``--value`` reports of ``g``: its text if it has at most `VALUE_LIMIT` characters
    (or ``full``), else None; the text's length, measured without writing it; the number of
    distinct subgames, the birthday, the stops and the outcome.

    >>> fields = value_fields(cgt.Game("{1 | -1}"))
    >>> fields["value"], fields["value_length"], fields["left_stop"], fields["outcome"]
    ('±1', 2, '1', 'N')
    """
    size = cgt.text_size(g)
    text = None
    if full or size.length <= VALUE_LIMIT:
        pieces: list[str] = []
        cgt.write_text(g, pieces.append)
        text = "".join(pieces)
    return {
        "value": text,
        "value_length": size.length,
        "subgames": size.subgames,
        "birthday": g.birthday,
        "left_stop": str(g.left_stop),
        "right_stop": str(g.right_stop),
        "outcome": cgt.outcome(g).value,
    }


def _print(result: dict[str, Any]) -> None:
    winner = "the player to move" if result["winner"] == "first player" else "the other player"
    print(
        f"position: mover {result['mover']}, other {result['other']}, field {result['field']}, "
        f"condition ({result['condition'][0]}, {result['condition'][1]})"
    )
    print(
        f"winner: {winner} (delta = mu_0 - mu_1 = {result['mu_0']} - {result['mu_1']} = "
        f"{result['delta']})"
    )
    cards = ", ".join(map(str, result["optimal_cards"])) or "none"
    print(f"optimal cards: {cards}; passing is {'' if result['pass_optimal'] else 'not '}optimal")
    if "exact_winner" in result:
        print(f"exact solver: {result['exact_winner']} wins")
    if "table" in result:
        print("winner for every condition (W: the player to move wins; columns c1 = 0, 1, ...):")
        for row in result["table"]:
            print(f"  {row}")
    if "value_length" in result:
        _print_value(result)


def _print_value(result: dict[str, Any], game: cgt.Game | None = None) -> None:
    """The value line: the text (streamed from ``game`` if given), or a summary of it."""
    head = "CGT value (Left = the first hand): "
    if game is not None:
        print(head, end="")
        cgt.write_text(game, sys.stdout.write)
        print(f"  outcome {result['outcome']}")
    elif result["value"] is not None:
        print(f"{head}{result['value']}  outcome {result['outcome']}")
    else:
        print(
            f"{head}{result['value_length']:,} characters, not printed (--full prints them); "
            f"outcome {result['outcome']}, stops {result['left_stop']} and "
            f"{result['right_stop']}, birthday {result['birthday']}, "
            f"{result['subgames']:,} distinct subgames"
        )


def _handler(args: argparse.Namespace) -> int:
    c0, c1 = _condition(args.condition)
    mover, other = parse_hands(args.mover, args.other)
    s = Position(mover, other, args.field, c0, c1)
    if args.full and not args.value:
        raise InvalidPositionError("--full prints the CGT value in full: use it with --value")
    stream = args.full and not args.json  # the text goes straight to the output
    result = report(
        s,
        all_conditions=args.all_conditions,
        value=args.value and not stream,
        exact=args.exact,
        full=args.full,
    )
    if args.json:
        print(json.dumps(result, indent=2, ensure_ascii=False))
        return 0
    _print(result)
    if stream:
        game = value_game(s)
        _print_value(value_fields(game, full=False) | {"value": None}, game)
    return 0


def add_commands(subparsers: Any) -> None:
    """Add ``cgt tanhinmin`` to the ``cgt`` command."""
    parser = subparsers.add_parser(
        "tanhinmin",
        help="winner, matchings and optimal moves of a two-player Tanhinmin position",
        description="Two-player Tanhinmin (seeds 000 and 003): the first hand is to move.",
    )
    parser.add_argument("mover", help='hand of the player to move, e.g. "1 3 5" or "3S AH"')
    parser.add_argument("other", help="hand of the other player")
    parser.add_argument("--field", type=int, default=0, help="card on the field (0: empty)")
    parser.add_argument("--condition", default="0,0", help="winning condition c0,c1")
    parser.add_argument(
        "--all-conditions",
        action="store_true",
        help="print the winner under every condition (Corollary 4)",
    )
    parser.add_argument(
        "--value",
        action="store_true",
        help=f"print the CGT value (if longer than {VALUE_LIMIT:,} characters: its length, "
        "outcome, stops, birthday and number of subgames)",
    )
    parser.add_argument(
        "--full", action="store_true", help="with --value: print the value however long"
    )
    parser.add_argument("--exact", action="store_true", help="also run the exact solver")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.set_defaults(handler=_handler)
