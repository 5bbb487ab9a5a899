"""``default``: the UECda devkit's default client (``client-default/``, ver 0.21) in Python,
making the same submission as the C client on every input, quirks included.

The C client keeps a global ``state`` (``daihinmin.h``) that ``getState`` updates from every
hand table (the turn of any player) and ``getField`` from every field table (after every move);
it is never reset between games.  Its moves (``lead``, ``leadRev``, ``follow``, ``followRev``
in ``daihinmin.c``) read only that state and its own hand.  `DefaultPlayer` keeps the same
state: `observe` runs ``getState`` for the hand table of the move (from what it has tracked:
whether the field was empty, the revolution) and ``getField`` on ``result.field``; `play` runs
``getState`` on its `Observation` and decides.  Reproduced quirks (``daihinmin.c`` lines):

* ``getField`` (48-120) takes the revolution of the hand table *before* the move: after a
  sequence of 5+ that starts a revolution, ``ord`` is its top, not its bottom (107-111);
* ``getField`` leaves ``sequence`` alone when the first card found is in column 14 (a lone
  joker at ``[r][14]``, 74-77) or the table is empty: the flag is stale, even from an earlier
  game; under revolution the stale flag gives ``ord = 14`` instead of 0 (110), and
  ``followSoloRev`` then submits its highest free single on a lone joker;
* an empty field table makes ``getField`` read past column 14 (59-66, 81-88: ``[i][15]`` is
  ``[i+1][0]``): ``ord`` becomes 15 (or 14/15 with a stale flag), harmless since the next hand
  table starts a trick and resets it (30-35);
* ``lowGroup``/``highGroup`` (495-500, 523-528) put the joker in the first row ``i`` from 0
  with ``my_cards[i][j] == 0`` (and, under a lock, ``state.suit[i] == 1``): for four 3s and
  the joker, row 4 holds the hand's joker (``[4][1] == 2``), so the joker lands in row 5,
  which the server ignores: the submission is four 3s;
* ``makeJKaidanTable`` (289-326) on the cards above ``ord`` (``followSequence``) may start a
  sequence *at* column ``ord``, with the joker or the held card there: the server refuses it;
  the same below ``ord`` under revolution;
* ``highSequence`` (575-617) starts from the highest column whose cell *and* card are set and
  walks down over equal cells; the last suit row wins a tie;
* ``followSolo``/``followSoloRev`` (806-828, 876-896) only play cards in no same-suit run of 3+
  and alone in their rank (``removeSequence``, ``removeGroup``), else the lone joker
  (``[0][14]`` by ``lowSolo`` 683, ``[0][0]`` by ``highSolo`` 704); on a lone joker they pass
  (never the 3 of spades) except in the stale-flag case above;
* with the joker, ``lead`` never plays a plain single: the lowest card goes with the joker as a
  pair (``makeJGroupTable``, 386-412, counts the joker in every column);
* ``state`` persists across games; only ``sequence`` survives a trick (``getState`` resets
  ``qty``, ``ord``, ``lock`` and ``suit`` when the field is empty, 30-35).

>>> from games.daihinmin.rules.cards import parse_cards
>>> from games.daihinmin.rules.observation import Observation
>>> from games.daihinmin.rules.melds import Meld
>>> p = DefaultPlayer()
>>> def obs(hand, field=None, rev=False):
...     return Observation(0, parse_cards(hand), field, rev, False, (5,) * 5, (0, 1, 2, 3, 4),
...                        None, 0, (), 0, 0)
>>> p.play(obs("3S 4S 5S 9D 9H KC"))  # the longest sequence first
Meld('3S 4S 5S')
>>> p.play(obs("4D 9D 9H KC JK"))  # with the joker: the biggest group, joker in the first gap
Meld('JK(9S) 9H 9D')
>>> p.play(obs("4D 9D KC JK"))  # never a plain single while holding the joker
Meld('JK(4S) 4D')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.daihinmin.players._default_tables import (
    free_singles,
    group_cells,
    high_solo_bit,
    joker_run_table,
    lanes_of,
    run_table,
    to_lanes,
)
from games.daihinmin.rules.cards import JOKER, REAL_CARDS
from games.daihinmin.rules.engine import Rules
from games.daihinmin.rules.melds import PASS, Illegal, Meld, analyze
from games.daihinmin.rules.player import Player, weakest_cards

if TYPE_CHECKING:
    from games.daihinmin.rules.engine import MoveResult
    from games.daihinmin.rules.observation import Deal, Observation

__all__ = ["CState", "DefaultPlayer", "submission_cells"]

#: cells of the hand-side joker cell ``[r][14]`` / ``[r][0]`` of a lone joker (lowSolo/highSolo)
_LONE_LOW = 14
_LONE_HIGH = 0
#: a joker written in row 5 (ignored by the server): lowGroup's four 3s
_ROW5 = 5 * 15
#: more than one cell written as the joker (never seen; refused by the server)
_SEVERAL = -2
_ROW_MASK = [sum(1 << (4 * c + r) for c in range(15)) for r in range(4)]
#: all four rows of the columns above c (``_ABOVE[c]``) and below c (``_BELOW[c]``)
_ABOVE = [REAL_CARDS & ~((1 << (4 * c + 4)) - 1) for c in range(16)]
_BELOW = [REAL_CARDS & ((1 << (4 * c)) - 1) if c < 15 else REAL_CARDS for c in range(16)]


#: the melds built so far, by (cards, joker cell): a few thousand at most
_MELDS: dict[tuple[int, int], Meld | Illegal] = {}


class CState:
    """The C client's global ``state`` (the fields its moves read), all 0 at the start."""

    __slots__ = ("joker", "lock", "onset", "ord", "qty", "rev", "sequence", "suit")

    def __init__(self) -> None:
        self.ord = 0
        self.sequence = 0
        self.qty = 0
        self.rev = 0
        self.lock = 0
        self.onset = 0
        self.suit = [0, 0, 0, 0, 0]
        self.joker = 0

    def get_state(self, empty_field: bool, revolution: bool, lock: bool, joker: bool) -> None:
        """``getState`` (``daihinmin.c:13-46``) on a hand table."""
        self.onset = 1 if empty_field else 0
        self.rev = 1 if revolution else 0
        self.lock = 1 if lock else 0
        if empty_field:
            self.qty = 0
            self.ord = 0
            self.lock = 0
            self.suit[:] = (0, 0, 0, 0, 0)
        self.joker = 1 if joker else 0

    def get_field(self, field: Meld | None) -> None:
        """``getField`` (``daihinmin.c:48-120``) on a field table showing ``field``."""
        suit = self.suit
        if field is None:
            # the scan runs to j == 15 and reads [i][15] == [i+1][0]: all 0
            for r in range(4):
                suit[r] = 0
            if self.sequence == 0:
                suit[4] = 0
                self.ord = 15
            else:
                self.ord = 14 if self.rev == 0 else 15
                suit[0] = 1
            self.qty = 0
            return
        cards = field.cards
        jcell = field.joker
        jrow, jcol = divmod(jcell, 15) if jcell >= 0 else (9, 99)
        if cards:
            low = (cards & -cards).bit_length() - 1
            col, row = low >> 2, low & 3
        else:
            col, row = 99, 9
        if jrow < 4 and (jcol, jrow) < (col, row):
            col, row = jcol, jrow
            found_joker = True
        else:
            found_joker = False
        # the scan zeroes suit[] of every empty cell of rows 0-3 before the first card
        for r in range(4 if col > 0 else row):
            suit[r] = 0

        def cell(r: int, c: int) -> bool:
            if r == jrow and c == jcol:
                return True
            return r < 4 and bool(cards >> (4 * c + r) & 1)

        if col < 14:
            self.sequence = 1 if cell(row, col + 1) else 0
        count = 0
        if self.sequence == 0:
            for r in range(row, 5):
                if cell(r, col):
                    count += 1
                    suit[r] = 1
                else:
                    suit[r] = 0
            if found_joker and count == 1:
                self.ord = 14 if self.rev == 0 else 0
            else:
                self.ord = col
        else:
            while col + count < 15 and cell(row, col + count):
                count += 1
            self.ord = col + count - 1 if self.rev == 0 else col
            suit[row] = 1
        self.qty = count
        if count > 0:
            self.onset = 0

    def copy(self) -> CState:
        new = CState()
        new.ord, new.sequence, new.qty, new.rev = self.ord, self.sequence, self.qty, self.rev
        new.lock, new.onset, new.joker, new.suit = self.lock, self.onset, self.joker, self.suit[:]
        return new

    def __repr__(self) -> str:
        return (
            f"CState(ord={self.ord}, sequence={self.sequence}, qty={self.qty}, rev={self.rev}, "
            f"lock={self.lock}, onset={self.onset}, suit={self.suit}, joker={self.joker})"
        )


# --- the moves: each returns (real cards, joker cell or -1) --------------------------------
def _group_joker(state: CState, hand: int, cells: int, col: int, qty: int) -> int:
    """The joker loop of ``lowGroup``/``highGroup``: the first row i with ``my_cards[i][j]
    == 0`` (and ``state.suit[i] == 1`` under a lock); -1 if the group is complete."""
    if (cells >> (4 * col) & 15).bit_count() >= qty:
        return -1
    locked = state.lock
    suit = state.suit
    nibble = hand >> (4 * col) & 15
    for r in range(4):
        if not nibble >> r & 1 and (not locked or suit[r] == 1):
            return r * 15 + col
    # row 4 holds the hand's joker at [4][1]
    if not (col == 1 and hand & JOKER) and (not locked or suit[4] == 1):
        return 60 + col
    return _ROW5 + col  # beyond the cards: the server ignores it


def _low_group(state: CState, hand: int, cells: int, qty: int) -> tuple[int, int]:
    if not cells:
        return 0, -1
    col = ((cells & -cells).bit_length() - 1) >> 2
    part = cells & (15 << (4 * col))
    return part, _group_joker(state, hand, part, col, qty)


def _high_group(state: CState, hand: int, cells: int, qty: int) -> tuple[int, int]:
    if not cells:
        return 0, -1
    col = (cells.bit_length() - 1) >> 2
    part = cells & (15 << (4 * col))
    return part, _group_joker(state, hand, part, col, qty)


def _window(hand_lane: int, row: int, start: int, size: int) -> tuple[int, int]:
    cards, joker = 0, -1
    for c in range(start, start + size):
        if hand_lane >> c & 1:
            cards |= 1 << (4 * c + row)
        elif joker == -1:
            joker = row * 15 + c
        else:
            joker = _SEVERAL  # two 2s written: the server refuses the table
    return cards, joker


def _low_sequence(
    cells: tuple[int, ...], hand_lanes: tuple[int, ...], size: int
) -> tuple[int, int]:
    """``lowSequence``: the lowest column holding a cell, the first row there."""
    best_col, best_row = 99, -1
    for r in range(4):
        lane = cells[r]
        if lane:
            c = (lane & -lane).bit_length() - 1
            if c < best_col:
                best_col, best_row = c, r
    if best_row < 0:
        return 0, -1
    return _window(hand_lanes[best_row], best_row, best_col, size)


def _high_sequence(
    cells: tuple[int, ...], hand_lanes: tuple[int, ...], size: int
) -> tuple[int, int]:
    """``highSequence``: the highest column where a cell and a card of the same row meet (the
    last such row), then down over the adjacent cells of that row."""
    top, row = -1, -1
    for r in range(4):
        both = cells[r] & hand_lanes[r] & ~1  # columns 1-14 only
        if both:
            c = both.bit_length() - 1
            if c >= top:
                top, row = c, r
    if row < 0:
        return 0, -1
    lane = cells[row]
    start = top
    while start > 0 and lane >> (start - 1) & 1:
        start -= 1
    return _window(hand_lanes[row], row, start, size)


def _sequences(state: CState, mask: int, size: int) -> tuple[int, ...]:
    """nCards(seq, size) on makeKaidanTable, or with the joker makeJKaidanTable if none."""
    lanes = lanes_of(to_lanes(mask))
    cells = tuple(run_table(lane)[size] for lane in lanes) if size < 16 else (0, 0, 0, 0)
    if not any(cells) and state.joker and size < 16:
        cells = tuple(joker_run_table(lane)[size] for lane in lanes)
    return cells


def _groups(state: CState, temp: int, qty: int) -> int:
    """nCards(group, qty) on makeGroupTable, or with the joker makeJGroupTable if none."""
    if qty < 2:
        return 0
    cells = group_cells(temp, qty)
    if not cells and state.joker:
        cells = group_cells(temp, qty - 1)
    return cells


def _locked(state: CState, mask: int) -> int:
    if state.lock:
        suit = state.suit
        keep = 0
        for r in range(4):
            if suit[r] == 1:
                keep |= _ROW_MASK[r]
        mask &= keep
    return mask


def lead(state: CState, hand: int, reverse: bool) -> tuple[int, int]:
    """``lead`` (``reverse``: ``leadRev``): the longest sequence, else the biggest group,
    else one card; the lowest (``leadRev``: the highest) of them."""
    real = hand & REAL_CARDS
    joker = state.joker
    lanes = lanes_of(to_lanes(real))
    table = joker_run_table if joker else run_table
    entries = [table(lane) for lane in lanes]
    size = max(entries[0][0], entries[1][0], entries[2][0], entries[3][0])
    if size:  # the longest sequence (nCards from 15 down to 3)
        runs = (entries[0][size], entries[1][size], entries[2][size], entries[3][size])
        if reverse:
            return _high_sequence(runs, lanes, size)
        return _low_sequence(runs, lanes, size)
    for size in range(5, 1, -1):
        cells = group_cells(real, size - 1 if joker else size)
        if cells:
            if reverse:
                return _high_group(state, hand, cells, size)
            return _low_group(state, hand, cells, size)
    if real:
        return (high_solo_bit(real) if reverse else real & -real), -1
    if joker:
        return 0, _LONE_HIGH if reverse else _LONE_LOW
    return 0, -1


def follow(state: CState, hand: int, reverse: bool) -> tuple[int, int]:
    """``follow`` (``reverse``: ``followRev``) on the field described by ``state``."""
    real = hand & REAL_CARDS
    ord_ = state.ord
    if state.qty == 1:  # followSolo / followSoloRev
        free = free_singles(real)
        free &= _BELOW[ord_] if reverse else _ABOVE[ord_]
        free = _locked(state, free)
        if free:
            return (high_solo_bit(free) if reverse else free & -free), -1
        if state.joker:
            return 0, _LONE_HIGH if reverse else _LONE_LOW
        return 0, -1
    temp = _locked(state, real & (_BELOW[ord_] if reverse else _ABOVE[ord_]))
    qty = state.qty
    if state.sequence == 0:  # followGroup / followGroupRev
        cells = _groups(state, temp, qty)
        if reverse:
            return _high_group(state, hand, cells, qty)
        return _low_group(state, hand, cells, qty)
    # followSequence / followSequenceRev (no table holds a value below 3: a pass)
    if qty < 3:
        return 0, -1
    runs = _sequences(state, temp, qty)
    lanes = lanes_of(to_lanes(real))
    if reverse:
        return _high_sequence(runs, lanes, qty)
    return _low_sequence(runs, lanes, qty)


def submission_cells(state: CState, hand: int) -> tuple[int, int]:
    """The C client's move from ``state`` (after ``getState`` of its hand table) and its hand:
    ``(real cards, joker cell)``, the cell -1 if no joker is written, ``>= 75`` if it is
    written outside rows 0-4 (ignored by the server)."""
    reverse = state.rev != 0
    if state.onset == 1:
        return lead(state, hand, reverse)
    return follow(state, hand, reverse)


class DefaultPlayer(Player):
    """The devkit default client: same submissions as the C ``client`` on every input.

    ``rules`` only tells whether groups of 4+ and sequences of 5+ turn the revolution (to
    follow it between the player's own turns, as the C client reads it from every hand table).
    After each `play`, ``last_cells`` is the ``(cards, joker cell)`` the C client would write.
    """

    name = "default"

    def __init__(self, rules: Rules | None = None) -> None:
        self.rules = rules if rules is not None else Rules()
        self.state = CState()
        self.last_cells: tuple[int, int] = (0, -1)
        self._revolution = False
        self._empty_next = True
        self._field: Meld | None = None

    def start_game(self, deal: Deal) -> None:
        self._revolution = False
        self._empty_next = True

    def exchange(self, deal: Deal) -> int:
        """``change``: the weakest cards (lowest rank first, spades first), never the joker."""
        if not 0 < deal.give < 100:
            return 0
        return weakest_cards(deal.hand, deal.give)

    def play(self, obs: Observation) -> Meld | Illegal:
        state = self.state
        field = obs.field
        if field is not None and field != self._field:
            # not told of this field by observe: read it as the C client would have
            state.rev = 1 if obs.revolution else 0
            state.get_field(field)
            self._field = field
        self._revolution = obs.revolution
        state.get_state(field is None, obs.revolution, obs.lock, bool(obs.hand & JOKER))
        cells = submission_cells(state, obs.hand)
        self.last_cells = cells
        return self._meld(*cells)

    def _meld(self, cards: int, joker: int) -> Meld | Illegal:
        if joker >= 75:
            joker = -1
        if not cards and joker < 0:
            return PASS
        key = (cards, joker)
        meld = _MELDS.get(key)
        if meld is None:
            status = analyze(cards, joker)
            if isinstance(status, str):
                meld = Illegal(status, cards | (JOKER if joker >= 0 else 0))
            else:
                meld = Meld._trusted(cards, joker, *status)
            _MELDS[key] = meld
        return meld

    def observe(self, result: MoveResult) -> None:
        state = self.state
        # getState of the hand table of this move, then getField of its field table
        if self._empty_next:
            state.get_state(True, self._revolution, False, bool(state.joker))
        state.rev = 1 if self._revolution else 0
        state.get_field(result.field)
        self._field = result.field
        if result.accepted and self.rules.revolution and result.meld.is_revolution:
            self._revolution = not self._revolution
        self._empty_next = result.cleared
        if result.game_over:
            self._revolution = False
            self._empty_next = True

    def end_game(self, ranking: list[int], final: bool = False) -> None:
        self._revolution = False
        self._empty_next = True
