"""kou2's strength value E of a meld (seed 002, section 3.3), from our hand and the played cards.

E starts at 100 and measures how likely the meld is to take the trick:

* single: ``E = 100 - 30 n - C``, n = ranks stronger than it that opponents hold, C = 1 while
  an opponent may hold the joker (reading ``joker_c``);
* group of s cards: for every stronger rank r_i where opponents may hold s cards,
  ``n_i = (their cards of r_i) - s - (players still in) + 5`` and ``E = 100 - sum f(n_i)`` with
  f = 4, 9, 15, 24 for n_i = 0, 1, 2, >= 3;
* sequence: ``E = 100 - m (6 - players still in)``, m = stronger sequences of its size whose
  cards are all unplayed (and not ours, by default);
* lone joker: 100 if the 3 of spades has been played, else 1.

Then ``E <= 0`` becomes 1 and a meld holding an 8 gets +100.  "Stronger" follows the current
order (reversed under revolution).

>>> from games.daihinmin.rules.cards import ALL_CARDS, parse_cards
>>> from games.daihinmin.rules.melds import Meld
>>> hand = parse_cards("KH")
>>> played = ALL_CARDS & ~parse_cards("KH AS 2D JK")   # opponents hold AS, 2D and the joker
>>> Context(hand, played, players_left=5).strength(Meld.parse("KH"))
39
"""

from __future__ import annotations

from games.daihinmin.players._kou2_options import DEFAULT_READING, Reading
from games.daihinmin.rules.cards import ALL_CARDS, JOKER
from games.daihinmin.rules.melds import Kind, Meld

__all__ = ["SPADE_3", "Context", "f_value"]

SPADE_3 = 1 << 4
_F = (4, 9, 15, 24)
_POP = [bin(i).count("1") for i in range(16)]
_REAL_COLUMNS = ((1 << 14) - 1) & ~1  # columns 1..13


def f_value(n: int) -> int:
    """f(n_i) of 3.3 (2): 4, 9, 15, 24 for n_i = 0, 1, 2, >= 3 (n_i < 0 is read as 0)."""
    return _F[min(max(n, 0), 3)]


def _lanes(cards: int) -> list[int]:
    lanes = [0, 0, 0, 0]
    for col in range(1, 14):
        nibble = (cards >> (4 * col)) & 0xF
        for row in range(4):
            if nibble >> row & 1:
                lanes[row] |= 1 << col
    return lanes


class Context:
    """What E depends on: the opponents' possible cards, the played cards, the players still
    in, the revolution.  E values are cached per meld."""

    __slots__ = (
        "_cache",
        "group_counts",
        "hand",
        "joker_c",
        "joker_out",
        "opp",
        "opp_columns",
        "played",
        "players_left",
        "reading",
        "revolution",
        "seq_lanes",
        "spade3_mine",
        "spade3_played",
    )

    def __init__(
        self,
        hand: int,
        played: int,
        players_left: int = 5,
        revolution: bool = False,
        reading: Reading = DEFAULT_READING,
    ) -> None:
        self.hand = hand
        self.played = played
        self.players_left = players_left
        self.revolution = revolution
        self.reading = reading
        opp = ALL_CARDS & ~hand & ~played
        self.opp = opp
        self.joker_out = bool(opp & JOKER)
        if reading.joker_c == "unseen":
            self.joker_c = 1 if self.joker_out else 0
        else:
            self.joker_c = 1 if played & JOKER else 0
        columns = 0
        for col in range(1, 14):
            if (opp >> (4 * col)) & 0xF:
                columns |= 1 << col
        self.opp_columns = columns
        unplayed = ALL_CARDS & ~played
        group_pool = opp if reading.group_pool == "unseen" else unplayed
        self.group_counts = [_POP[(group_pool >> (4 * c)) & 0xF] for c in range(15)]
        seq_pool = opp if reading.sequence_pool == "unseen" else unplayed
        self.seq_lanes = _lanes(seq_pool)
        self.spade3_played = bool(played & SPADE_3)
        self.spade3_mine = bool(hand & SPADE_3)
        self._cache: dict[tuple[int, int], tuple[int, int]] = {}

    def after(self, cards: int) -> Context:
        """The context once we have played ``cards`` (opponents' cards do not change; only the
        3 of spades and the joker's record can)."""
        if not cards & (SPADE_3 | JOKER):
            return self
        return Context(
            self.hand & ~cards,
            self.played | cards,
            self.players_left,
            self.revolution,
            self.reading,
        )

    def toggled(self) -> Context:
        """The same position under the other order (after a revolution)."""
        return Context(self.hand, self.played, self.players_left, not self.revolution, self.reading)

    # --- the values -------------------------------------------------------------------
    def stronger_ranks(self, meld: Meld) -> int:
        """n of 3.3 (1) and 3.5: how many ranks stronger than ``meld`` opponents hold."""
        if self.revolution:
            return (self.opp_columns & ((1 << meld.rank) - 1)).bit_count()
        return (self.opp_columns >> (meld.top + 1)).bit_count()

    def strength(self, meld: Meld) -> int:
        """E of ``meld`` (3.3)."""
        return self.evaluate(meld)[0]

    def evaluate(self, meld: Meld) -> tuple[int, int]:
        """``(E, n)``: the strength and the number of stronger ranks held by opponents."""
        key = (meld.cards, meld.joker)
        found = self._cache.get(key)
        if found is not None:
            return found
        kind = meld.kind
        n = 0
        if kind == Kind.JOKER:
            sure = self.spade3_played or (
                self.reading.joker_safe_with_own_spade3 and self.spade3_mine
            )
            e = 100 if sure else 1
        else:
            n = self.stronger_ranks(meld)
            if kind == Kind.SINGLE:
                e = 100 - 30 * n - self.joker_c
            elif kind == Kind.GROUP:
                e = 100 - self._group_penalty(meld)
            else:
                e = 100 - self._stronger_sequences(meld) * (6 - self.players_left)
            if e <= 0:
                e = 1
            if meld.has_eight:
                e += 100
        self._cache[key] = (e, n)
        return e, n

    def _group_penalty(self, meld: Meld) -> int:
        size = meld.size
        spare = 5 - self.players_left - size
        joker = 1 if self.reading.opponent_joker and self.joker_out else 0
        counts = self.group_counts
        cols = range(1, meld.rank) if self.revolution else range(meld.rank + 1, 14)
        total = 0
        for col in cols:
            have = counts[col] + joker
            if have >= size:
                total += _F[min(max(have + spare, 0), 3)]
        return total

    def _stronger_sequences(self, meld: Meld) -> int:
        size = meld.size
        if self.revolution:
            last_start = meld.rank - size  # windows ending below our lowest card
            starts = range(1, last_start + 1)
        else:
            starts = range(meld.top + 1, 14 - size + 1)
        if not starts:
            return 0
        window = (1 << size) - 1
        allowed_holes = 1 if self.reading.opponent_joker and self.joker_out else 0
        m = 0
        for lane in self.seq_lanes:
            for start in starts:
                holes = size - ((lane >> start) & window).bit_count()
                if holes <= allowed_holes:
                    m += 1
        return m
