"""One game of Daihinmin as the UECda server plays it: tricks, passes, the lock, revolution,
the 8-cut, the lone joker and the 3 of spades, finishing order.

`GameState` holds everything of one game after the deal and the card exchange; `submit`
plays the current player's meld and moves the game on, exactly as the server's main loop
(``daihu.c``) does.  It is cheap to copy (`copy`), so search players can play games out.

Rules (the server's code decides; see ``docs/games/daihinmin.md``):

* a play must be a meld the player holds, of the field's kind and size, strictly stronger
  (reversed under revolution); a lone joker beats any single;
* a play with the same suits as the one it beats locks the trick to those suits; a lone joker
  is exempt from the lock and lifts it;
* on a lone joker only the 3 of spades may be played; it clears the field;
* a pass, or an illegal play (treated as a pass), keeps the player out until the field clears;
* the field clears after an 8 (any meld holding one), the 3 of spades on the joker, or when
  every player still holding cards has passed; the last player to play leads, or, if he has
  finished, the next seat holding cards;
* 20 submissions in a row that are not accepted end the game; the players left get the
  remaining places in random order;
* a group of 4+ or a sequence of 5+ toggles the revolution.

>>> from games.daihinmin.rules.cards import parse_cards
>>> from games.daihinmin.rules.melds import Meld
>>> g = GameState.from_hands(["3D 5S", "4S 6H", "7C", "9D", "JH"])
>>> g.turn, g.submit(Meld.parse("3D")).accepted, g.turn
(0, True, 1)
>>> g.submit(Meld.parse("4S")).accepted  # does not beat 3D? It does: 4 > 3
True
>>> r = g.submit(Meld.parse("7C")); (r.accepted, g.finished)
(True, [2])
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

import cgt
from games.daihinmin.rules.cards import JOKER, REAL_CARDS, format_cards, parse_cards
from games.daihinmin.rules.melds import PASS, Illegal, Kind, Meld
from games.daihinmin.rules.moves import legal_melds

__all__ = [
    "DEFAULT_RULES",
    "DIAMOND_3",
    "SPADE_3",
    "GameNotOverError",
    "GameOverError",
    "GameState",
    "IllegalMoveError",
    "MoveResult",
    "Rules",
    "rejection",
]

SPADE_3 = 1 << 4
DIAMOND_3 = 1 << 6
POINTS = (5, 4, 3, 2, 1)


class IllegalMoveError(cgt.CGTError, ValueError):
    """A play the server would refuse, in a game run with ``strict=True``."""


class GameOverError(cgt.CGTError, ValueError):
    """A move submitted to a game that has ended."""


class GameNotOverError(cgt.CGTError, ValueError):
    """The result of a game asked for before it has ended."""


@attrs.frozen
class Rules:
    """The server's rule switches (``tndhms.cfg``); the defaults are the devkit's."""

    revolution: bool = True
    lock: bool = True
    sequences: bool = True
    eight_cut: bool = True
    exchange: bool = True
    seat_change: bool = True
    #: seats are shuffled before games n with ``n % seat_change_every == 1``
    seat_change_every: int = 3
    #: ranks are forgotten (no exchange, random dealer) every this many games
    rank_reset_every: int = 100
    #: this many submissions in a row that are not accepted end the game
    max_non_accepted: int = 20


DEFAULT_RULES = Rules()


@attrs.frozen
class MoveResult:
    """What one submission did."""

    player: int
    #: the meld as the others see it: the play if accepted, else the pass
    meld: Meld
    accepted: bool
    #: why the play was refused (``None`` when accepted or a plain pass); only the mover
    #: learns this on a real server (from the ack)
    reason: str | None
    #: the field after the move, before any clearing (what the field table shows)
    field: Meld | None
    cleared: bool
    finished: bool
    game_over: bool
    #: the lock and the revolution after the move, before any clearing (the field table's)
    lock: bool = False
    revolution: bool = False


def rejection(
    hand: int,
    meld: Meld,
    field: Meld | None,
    revolution: bool,
    lock: bool,
    rules: Rules = DEFAULT_RULES,
) -> str | None:
    """Why the server refuses ``meld`` from ``hand`` on ``field`` (``None`` if it accepts it;
    a pass is accepted as a pass except on a lone joker, where it is an error that counts as a
    pass all the same)."""
    kind = meld.kind
    if kind == Kind.PASS:
        return "only the 3 of spades may answer a lone joker" if field_is_joker(field) else None
    if meld.cards & ~hand:
        return f"{format_cards(meld.cards & ~hand)} not in the hand"
    if meld.joker >= 0 and not hand & JOKER:
        return "the joker is not in the hand"
    if field is not None:
        if field.kind == Kind.JOKER:
            if meld.cards == SPADE_3 and meld.joker < 0:
                return None
            return "only the 3 of spades may answer a lone joker"
        if field.size != meld.size:
            return f"the field has {field.size} card(s), the play {meld.size}"
        if not (kind == Kind.JOKER and field.kind == Kind.SINGLE):
            if field.kind != kind:
                return f"a {kind.name.lower()} cannot follow a {field.kind.name.lower()}"
            stronger = _stronger(field, meld, revolution)
            if not stronger:
                return "not stronger than the field"
        if lock and rules.lock and kind != Kind.JOKER and meld.suits != field.suits:
            return "the field is locked to other suits"
    if kind == Kind.SEQUENCE and not rules.sequences:
        return "sequences are not allowed"
    return None


def field_is_joker(field: Meld | None) -> bool:
    return field is not None and field.kind == Kind.JOKER


def _stronger(field: Meld, meld: Meld, revolution: bool) -> bool:
    if field.kind == Kind.GROUP:
        return meld.rank < field.rank if revolution else meld.rank > field.rank
    if revolution:
        return meld.rank + field.size - 1 < field.rank
    return meld.rank > field.rank + field.size - 1


class GameState:
    """The state of one game after the deal and exchange.  Players are numbered 0-4; ``seats``
    lists the player in each seat, and play goes to the next seat."""

    __slots__ = (
        "field",
        "finished",
        "hands",
        "joker_single",
        "last_player",
        "lock",
        "non_accepted",
        "passed",
        "played",
        "revolution",
        "rng",
        "rules",
        "seat_of",
        "seats",
        "turn",
    )

    def __init__(
        self,
        hands: Sequence[int],
        seats: Sequence[int] = (0, 1, 2, 3, 4),
        *,
        rules: Rules = DEFAULT_RULES,
        rng: random.Random | None = None,
        first: int | None = None,
    ) -> None:
        if len(hands) != 5 or sorted(seats) != [0, 1, 2, 3, 4]:
            raise cgt.InvalidArgumentError("a game needs 5 hands and seats 0-4")
        total = 0
        for h in hands:
            if h & ~(REAL_CARDS | JOKER) or total & h:
                raise cgt.InvalidArgumentError("hands must be disjoint sets of cards")
            total |= h
        self.hands = list(hands)
        self.seats = tuple(seats)
        self.seat_of = [0] * 5
        for s, p in enumerate(self.seats):
            self.seat_of[p] = s
        self.rules = rules
        self.rng = rng if rng is not None else random.Random(0)
        self.field: Meld | None = None
        self.revolution = False
        self.lock = False
        self.joker_single = False
        self.passed = 0
        self.finished: list[int] = []
        self.non_accepted = 0
        self.played = 0
        if first is None:
            first = next((p for p in range(5) if self.hands[p] & DIAMOND_3), self.seats[0])
        self.turn = first
        self.last_player = first

    @classmethod
    def from_hands(cls, hands: Sequence[str | int], **kwargs: object) -> GameState:
        """A game from five hands written as text (or masks); the holder of the 3 of diamonds
        leads (player 0 if nobody holds it)."""
        masks = [parse_cards(h) if isinstance(h, str) else h for h in hands]
        return cls(masks, **kwargs)  # type: ignore[arg-type]

    def copy(self) -> GameState:
        """An independent copy (hands and lists are copied; melds are immutable)."""
        new = object.__new__(GameState)
        new.hands = self.hands[:]
        new.seats = self.seats
        new.seat_of = self.seat_of
        new.rules = self.rules
        new.rng = self.rng
        new.field = self.field
        new.revolution = self.revolution
        new.lock = self.lock
        new.joker_single = self.joker_single
        new.passed = self.passed
        new.finished = self.finished[:]
        new.non_accepted = self.non_accepted
        new.played = self.played
        new.turn = self.turn
        new.last_player = self.last_player
        return new

    # --- queries ----------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return len(self.finished) >= 4

    @property
    def active(self) -> list[int]:
        """Players still holding cards, in seat order from seat 0."""
        return [p for p in self.seats if self.hands[p]]

    def legal_moves(self, player: int | None = None) -> list[Meld]:
        """The moves the server accepts from ``player`` (default: the one to move), pass first."""
        p = self.turn if player is None else player
        return legal_melds(
            self.hands[p],
            self.field,
            self.revolution,
            self.lock and self.rules.lock,
            sequences_allowed=self.rules.sequences,
        )

    def rejection(self, meld: Meld, player: int | None = None) -> str | None:
        """Why the server would refuse ``meld`` now (``None``: accepted or a plain pass)."""
        p = self.turn if player is None else player
        return rejection(self.hands[p], meld, self.field, self.revolution, self.lock, self.rules)

    def ranking(self) -> list[int]:
        """Players in finishing order (the full order once the game is over)."""
        if not self.over:
            return self.finished[:]
        rest = [p for p in range(5) if p not in self.finished]
        return self.finished + rest

    def points(self) -> list[int]:
        """Points of players 0-4 (5 for the first out ... 1 for the last) of a finished game."""
        if not self.over:
            raise GameNotOverError("the game is not over: no points yet")
        pts = [0] * 5
        for place, p in enumerate(self.ranking()):
            pts[p] = POINTS[place]
        return pts

    # --- play -------------------------------------------------------------------------
    def submit(self, meld: Meld | Illegal, *, strict: bool = False) -> MoveResult:
        """Play ``meld`` for the player to move, as the server does (an illegal play, or an
        `Illegal` submission, counts as a pass; with ``strict`` it raises `IllegalMoveError`
        instead; a pass is always a pass, also on a lone joker).

        >>> g = GameState.from_hands(["3D JK", "4S 6H", "7C", "9D", "JH"])
        >>> g.submit(Meld.lone_joker()).accepted, g.submit(PASS, strict=True).reason
        (True, 'only the 3 of spades may answer a lone joker')
        """
        if self.over:
            raise GameOverError("the game is over")
        p = self.turn
        if isinstance(meld, Meld):
            reason = rejection(
                self.hands[p], meld, self.field, self.revolution, self.lock, self.rules
            )
        elif isinstance(meld, Illegal):
            reason = meld.reason
        else:
            reason = f"not a Meld: {meld!r}"
        if reason is not None and strict and meld.kind != Kind.PASS:
            # (a pass on a lone joker is an error on the server too, but it is a pass)
            raise IllegalMoveError(f"player {p}: {meld}: {reason}")
        flash = False
        finished = False
        if reason is not None or meld.kind == Kind.PASS:
            self.passed |= 1 << p
            self.non_accepted += 1
            accepted = False
            shown = self.field
        else:
            assert isinstance(meld, Meld)
            accepted = True
            rules = self.rules
            field = self.field
            kind = meld.kind
            if (
                kind != Kind.JOKER
                and field is not None
                and not self.lock
                and not self.joker_single  # the server skips the lock step for the 3S answer
                and rules.lock
                and meld.suits == field.suits
            ):
                self.lock = True
            hand = self.hands[p] & ~meld.hand_cards
            self.hands[p] = hand
            self.played |= meld.hand_cards
            self.field = meld
            shown = meld
            self.last_player = p
            self.non_accepted = 0
            if self.joker_single:  # the 3 of spades on the lone joker
                self.joker_single = False
                flash = True
            if kind == Kind.JOKER:
                self.joker_single = True
                self.lock = False
            else:
                if rules.revolution and meld.is_revolution:
                    self.revolution = not self.revolution
                if rules.eight_cut and meld.has_eight:
                    flash = True
            if not hand:
                self.finished.append(p)
                finished = True
        if self.non_accepted >= self.rules.max_non_accepted and not self.over:
            rest = [q for q in range(5) if q not in self.finished]
            self.rng.shuffle(rest)
            self.finished.extend(rest[: 4 - len(self.finished)])
        over = self.over
        lock_after = self.lock
        if not over:
            if flash or self.passed.bit_count() >= 5 - len(self.finished):
                flash = True
                self._clear()
            else:
                self._advance()
        public = meld if accepted and isinstance(meld, Meld) else PASS
        return MoveResult(
            p, public, accepted, reason, shown, flash, finished, over, lock_after, self.revolution
        )

    def _clear(self) -> None:
        self.field = None
        self.lock = False
        self.joker_single = False
        self.passed = 0
        leader = self.last_player
        seats = self.seats
        while not self.hands[leader]:
            leader = seats[(self.seat_of[leader] + 1) % 5]
        self.turn = leader
        self.last_player = leader

    def _advance(self) -> None:
        seats = self.seats
        p = seats[(self.seat_of[self.turn] + 1) % 5]
        while not self.hands[p] or self.passed >> p & 1:
            p = seats[(self.seat_of[p] + 1) % 5]
        self.turn = p

    def __repr__(self) -> str:
        hands = ", ".join(repr(format_cards(h)) for h in self.hands)
        return f"GameState(hands=[{hands}], turn={self.turn}, field={self.field})"


__all__ += ["PASS", "POINTS"]
