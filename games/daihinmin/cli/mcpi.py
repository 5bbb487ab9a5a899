"""``cgt daihinmin explain`` and ``cgt daihinmin train-policy``: the mcpi player's commands.

::

    cgt daihinmin explain --hand "4S 9D 2S" --field 7D --unseen "5H 8C KD AH 2D JK" \\
        --counts 3,2,2,1,1
    cgt daihinmin explain --log run/games.jsonl --game 12 --turn 30 [--seat 0]
    cgt daihinmin train-policy --out games/daihinmin/players/data/mcpi_policy.json

``explain`` prints, as JSON, how mcpi decides a position (`McpiPlayer.explain`): every
candidate move with its mean points over the play-outs and a 95% interval, the round it was
dropped in, the inferred hands of the opponents and the model of each.  Give the position by
hand (the player to move is ``--me``; nothing is known of the game's history, so every
unseen card is as likely in any hand), or as a turn of a game recorded by our server
(``cgt daihinmin server --log-dir``, `run_tournament` with ``log_dir``): then mcpi sits in the
seat of the player to move from the first game of the file on, watches every game before and
every move before the turn, and reads the hands and the opponents as it would have in play.
``train-policy`` fits the learned policy (`games.daihinmin.experiments.policy_training`).

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="cgt daihinmin")
>>> add_commands(parser.add_subparsers())
>>> args = parser.parse_args(["explain", "--hand", "4S 9D 2S", "--field", "7D",
...                           "--unseen", "5H 8C KD AH 2D JK", "--counts", "3,2,2,1,1",
...                           "--options", "rollouts=8"])
>>> args.handler(args)  # doctest: +ELLIPSIS
{
  "player": 0,
  "hand": "4S 9D 2S",
  "field": "7D",
  "choice": ...
0
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

__all__ = ["add_commands", "explain_logged_turn", "explain_position"]


def explain_position(
    hand: str,
    *,
    field: str | None = None,
    played: str | None = None,
    unseen_cards: str | None = None,
    counts: str | None = None,
    me: int = 0,
    revolution: bool = False,
    lock: bool = False,
    passed: str | None = None,
    options: str = "",
    seed: str = "0",
) -> dict[str, Any]:
    """mcpi's explanation of a position given by hand (see the module documentation): the
    cards out of play are ``played`` (and the field's), or all but ``unseen_cards`` (the
    cards the others hold) and the hand."""
    from games.daihinmin.cli.args import CommandError
    from games.daihinmin.players import make_player
    from games.daihinmin.players.mcpi import McpiPlayer
    from games.daihinmin.rules.cards import ALL_CARDS, parse_cards
    from games.daihinmin.rules.melds import Kind, Meld
    from games.daihinmin.rules.observation import Observation

    if not 0 <= me <= 4:
        raise CommandError(f"--me must be a player number 0-4, not {me}")
    cards = parse_cards(hand)
    if not cards:
        raise CommandError("--hand is empty: a player without cards has no move")
    if played and unseen_cards:
        raise CommandError("give --played or --unseen, not both")
    out = parse_cards(played) if played else 0
    if unseen_cards:
        hidden = parse_cards(unseen_cards)
        if hidden & cards:
            raise CommandError("a card is both in --hand and in --unseen")
        out = ALL_CARDS & ~cards & ~hidden
    meld = Meld.parse(field) if field else None
    if meld is not None and meld.kind == Kind.PASS:
        meld = None
    if lock and meld is None:
        raise CommandError("--lock needs a --field")
    if meld is not None:
        if unseen_cards and meld.hand_cards & ~out:
            raise CommandError("a card of the field is in --unseen")
        out |= meld.hand_cards
    if cards & out:
        raise CommandError("a card is both in --hand and played (or on the field)")
    unseen = (ALL_CARDS & ~cards & ~out).bit_count()
    if counts is None:
        share, extra = divmod(unseen, 4)
        numbers = [share + (k < extra) for k in range(4)]
        numbers.insert(me, cards.bit_count())
    else:
        try:
            numbers = [int(x) for x in counts.split(",")]
        except ValueError:
            numbers = []
        if len(numbers) != 5 or any(n < 0 for n in numbers):
            raise CommandError(f"--counts needs 5 card counts separated by commas, got {counts!r}")
    if numbers[me] != cards.bit_count():
        raise CommandError(
            f"--counts gives player {me} {numbers[me]} cards, --hand has {cards.bit_count()}"
        )
    if sum(numbers) - numbers[me] != unseen:
        raise CommandError(
            f"the other players hold {sum(numbers) - numbers[me]} cards by --counts, but "
            f"{unseen} cards are unseen (not in --hand, --played or on the field): list the "
            "played cards (--played) or the unseen ones (--unseen)"
        )
    passed_bits = 0
    for word in (passed or "").split(","):
        if word.strip():
            passed_bits |= 1 << int(word)
    finished = tuple(q for q in range(5) if numbers[q] == 0)
    obs = Observation(
        me,
        cards,
        meld,
        revolution,
        lock,
        tuple(numbers),
        (0, 1, 2, 3, 4),
        None,
        passed_bits,
        finished,
        out,
        (me + 4) % 5 if meld is not None else me,
        0,
        me,
        True,
    )
    player = make_player(f"mcpi[{options}]" if options else "mcpi", seed=seed)
    assert isinstance(player, McpiPlayer)
    return player.explain(obs)


def explain_logged_turn(
    path: str, game: int, turn: int, *, seat: int | None = None, options: str = "", seed: str = "0"
) -> dict[str, Any]:
    """mcpi's explanation of move ``turn`` (0 = the first move) of game ``game`` of a
    ``games.jsonl`` record, mcpi sitting as the player to move (or ``seat``, who must be the
    player to move) and watching the file from its first game."""
    from games.daihinmin.cli.args import CommandError
    from games.daihinmin.players import make_player
    from games.daihinmin.players.mcpi import McpiPlayer
    from games.daihinmin.rules.engine import GameState
    from games.daihinmin.rules.melds import PASS, Meld
    from games.daihinmin.rules.observation import Deal, Observation
    from games.daihinmin.rules.player import strongest_cards

    try:
        with open(path, encoding="utf-8") as handle:
            records = [json.loads(line) for line in handle if line.strip()]
    except (OSError, ValueError) as error:
        raise CommandError(f"cannot read the game record {path}: {error}") from None
    target = next((r for r in records if r["game"] == game), None)
    if target is None:
        raise CommandError(f"{path} has no game {game}")
    if not 0 <= turn < len(target["moves"]):
        raise CommandError(f"game {game} has moves 0..{len(target['moves']) - 1}, not {turn}")
    mover = _mover(target, turn)
    if seat is not None and seat != mover:
        raise CommandError(f"player {seat} is not the player to move at turn {turn} ({mover} is)")
    player = make_player(f"mcpi[{options}]" if options else "mcpi", seed=seed)
    assert isinstance(player, McpiPlayer)
    for record in records:
        dealt = [int(h, 16) for h in record["dealt"]]
        hands = [int(h, 16) for h in record["hands"]]
        ranks = tuple(record["ranks"]) if record["ranks"] is not None else None
        seats = tuple(record["seats"])
        shown = dealt[:]
        give = 0
        if ranks is not None:
            order = sorted(range(5), key=lambda p: ranks[p])
            for giver, taker, k in ((order[4], order[0], 2), (order[3], order[1], 1)):
                shown[taker] |= strongest_cards(dealt[giver], k)
            give = {0: 2, 1: 1}.get(ranks[mover], 0)
        counts = tuple(h.bit_count() for h in dealt)
        deal = Deal(mover, record["game"], shown[mover], give, ranks, seats, counts)
        player.start_game(deal)
        if give:
            player.exchanged(deal, shown[mover] & ~hands[mover])
        state = GameState(hands, seats)
        for index, entry in enumerate(record["moves"]):
            if record is target and index == turn:
                obs = Observation.of(state, mover, ranks=ranks, game=game)
                explanation = player.explain(obs)
                made = entry["meld"] if "refused" not in entry else "pass (refused)"
                return {"record": path, "game": game, "turn": turn, "made": made, **explanation}
            action = PASS if "refused" in entry else Meld.parse(entry["meld"])
            player.observe(state.submit(action))
        player.end_game(list(state.ranking()))
    raise CommandError(f"game {game} was not reached in {path}")


def _mover(record: dict[str, Any], turn: int) -> int:
    return int(record["moves"][turn]["player"])


def _command_explain(args: argparse.Namespace) -> int:
    from games.daihinmin.cli.args import CommandError

    if args.log is not None:
        if args.game is None or args.turn is None:
            raise CommandError("--log needs --game and --turn")
        result = explain_logged_turn(
            args.log, args.game, args.turn, seat=args.seat, options=args.options, seed=args.seed
        )
    else:
        if args.hand is None:
            raise CommandError("give --hand (a position) or --log, --game and --turn")
        result = explain_position(
            args.hand,
            field=args.field,
            played=args.played,
            unseen_cards=args.unseen,
            counts=args.counts,
            me=args.me,
            revolution=args.revolution,
            lock=args.lock,
            passed=args.passed,
            options=args.options,
            seed=args.seed,
        )
    print(json.dumps(result, indent=2, ensure_ascii=False))
    return 0


def _command_train_policy(args: argparse.Namespace) -> int:
    from games.daihinmin.cli.args import parse_players
    from games.daihinmin.experiments.policy_training import train_policy, write_policy

    lineup = parse_players(args.lineup)
    policy = train_policy(games=args.games, seed=args.seed, lineup=lineup, jobs=args.jobs)
    write_policy(policy, args.out)
    print(json.dumps(policy.meta, indent=2), file=sys.stderr)
    return 0


def add_commands(subparsers: Any) -> None:
    """Add ``explain`` and ``train-policy`` to the sub-parsers of ``cgt daihinmin``."""
    from games.daihinmin.experiments import policy_training as training

    explain = subparsers.add_parser(
        "explain",
        help="how mcpi decides a position: candidates, their points, the inferred hands (JSON)",
        description=__doc__.split("\n\n")[0] if __doc__ else None,
    )
    explain.add_argument("--hand", help='the hand of the player to move, e.g. "4S 9D 2S"')
    explain.add_argument("--field", help='the meld on the field, e.g. "7D" (default: you lead)')
    explain.add_argument("--played", help="cards played before (the field's are added)")
    explain.add_argument("--unseen", help="or: the cards the other players hold, all of them")
    explain.add_argument(
        "--counts", help="cards held by players 0-4, e.g. 3,5,5,5,5 (default: shared evenly)"
    )
    explain.add_argument("--me", type=int, default=0, help="the player to move (default 0)")
    explain.add_argument("--revolution", action="store_true", help="a revolution is on")
    explain.add_argument("--lock", action="store_true", help="the field is locked")
    explain.add_argument("--passed", help="players who have passed in this trick, e.g. 2,3")
    explain.add_argument("--log", help="a games.jsonl record of our server: explain a turn of it")
    explain.add_argument("--game", type=int, help="with --log: the game number")
    explain.add_argument("--turn", type=int, help="with --log: the move number (0 = first)")
    explain.add_argument("--seat", type=int, help="with --log: check that this player moves")
    explain.add_argument(
        "--options", default="", help="mcpi settings, e.g. 'rollouts=200;time_budget=0.5'"
    )
    explain.add_argument("--seed", default="0", help="mcpi's random seed (default 0)")
    explain.set_defaults(handler=_command_explain)

    train = subparsers.add_parser(
        "train-policy",
        help="fit mcpi's learned policy to recorded decisions of jn17 (seeded, repeatable)",
        description=(training.__doc__ or "").split("\n\n")[0],
    )
    train.add_argument("--out", required=True, help="the policy file to write (JSON)")
    train.add_argument("--games", type=int, default=training.DEFAULT_GAMES, help="games to record")
    train.add_argument("--seed", default=training.DEFAULT_SEED, help="seed of the deals")
    train.add_argument(
        "--lineup",
        default=",".join(training.DEFAULT_LINEUP),
        help="the five players of the recorded games (the jn17 seats teach)",
    )
    train.add_argument("--jobs", type=int, default=1, help="local worker processes")
    train.set_defaults(handler=_command_train_policy)
