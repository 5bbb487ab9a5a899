"""Protocol tables: writing, reading, the server's checks on any table, protocol 20140.

The reference below (`c_analyze_card` and friends) transcribes the C server's
``count_card_num``, ``analyze_card`` and ``check_include_card`` (``external.c``) cell by cell,
out-of-bounds column 15 included, so that both `table.read_submission` and the lead's
mask-based `melds.analyze` are checked against the server's own algorithm.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.daihinmin.network.table import (
    TableError,
    check_table,
    deal_table,
    decode_20140,
    empty_table,
    encode_20140,
    exchange_table,
    field_table,
    hand_table,
    read_exchange,
    read_field,
    read_hand,
    read_state,
    read_submission,
    submission_table,
)
from games.daihinmin.rules.cards import JOKER, REAL_CARDS, parse_cards
from games.daihinmin.rules.engine import GameState
from games.daihinmin.rules.melds import PASS, Illegal, Kind, Meld, analyze
from games.daihinmin.rules.moves import all_melds
from games.daihinmin.rules.observation import Deal, Observation

DATA = Path(__file__).resolve().parents[3] / "shared" / "uecda" / "data"


# --- a literal transcription of the server's table code ------------------------------------
def c_count_card_num(t: list[list[int]]) -> tuple[int, bool]:
    n = jokers = 0
    bad = False
    for i in range(5):
        for j in range(15):
            v = t[i][j]
            if v == 0:
                continue
            if v == 1:
                n += 1
                if j in (0, 14) or i == 4:
                    bad = True
            elif v == 2:
                n += 1
                jokers += 1
            else:
                bad = True
    return n, bad or jokers >= 2


def c_analyze_card(t: list[list[int]]) -> tuple[bool, list[int]]:
    flat = [v for row in t for v in row]

    def at(i: int, j: int) -> int:  # player_card[i][j], reading past column 14 like C
        return flat[15 * i + j]

    status = [0, 0, 0, 0]
    i, j = 0, -1
    while j == -1 or (at(i, j) == 0 and j <= 14):
        i = 0
        j += 1
        while at(i, j) == 0 and i <= 3:
            i += 1
    status[0] = j
    n, error = c_count_card_num(t)
    if n == 0:
        return False, status
    if n == 1:
        status[3] = 4 if at(i, j) == 2 else 1
    if j != 14 and at(i, j + 1) != 0:
        status[2] = 1 << i
        status[1] = 1
        while j <= 14:
            v = at(i, j)
            j += 1
            if v == 0:
                break
            status[1] += 1
        status[1] -= 1
        status[3] = 3
        error = error or status[1] <= 2
    else:
        for i in range(5):
            if at(i, j) != 0:
                status[1] += 1
                status[2] |= 1 << i
        if status[3] == 0:
            status[3] = 2
    if status[2] >= 16 and status[2] != 31:
        error = True
    return error or n != status[1], status


def c_hand_table(hand: int) -> list[list[int]]:
    t = empty_table()
    for index in range(4, 56):
        if hand >> index & 1:
            t[index % 4][index // 4] = 1
    if hand & JOKER:
        t[4][1] = 2
    return t


def c_check_include_card(hand: int, t: list[list[int]]) -> bool:
    org = c_hand_table(hand)
    for i in range(5):
        for j in range(15):
            if t[i][j] == 1 and org[i][j] != 1:
                return True
            if t[i][j] == 2 and org[4][1] != 2:
                return True
    return False


def c_verdict(t: list[list[int]], hand: int) -> tuple[int, int, int, int] | None:
    """The server's reading: the status of an accepted reading, None if it is an error."""
    error = c_check_include_card(hand, t)
    bad, status = c_analyze_card(t)
    if error or bad:
        return None
    return (status[0], status[1], status[2], status[3])


# --- strategies ----------------------------------------------------------------------------
hands = st.integers(0, (1 << 53) - 1).map(lambda bits: _spread(bits))


def _spread(bits: int) -> int:
    """53 random bits -> a hand: bit k < 52 is card k, bit 52 the joker."""
    hand = sum(1 << (4 + k) for k in range(52) if bits >> k & 1)
    return hand | (JOKER if bits >> 52 & 1 else 0)


def _small_hand(rng: random.Random) -> int:
    cards = rng.sample(range(53), rng.randint(5, 20))
    return sum(JOKER if k == 52 else 1 << (4 + k) for k in cards)


VALUES = [0] * 40 + [1] * 8 + [2] * 2 + [3, -1, 7, 2**31 - 1, -(2**31)]


@st.composite
def noisy_tables(draw: st.DrawFn) -> tuple[list[list[int]], int]:
    """A meld's table from a random hand, with a few random cells changed, and a hand."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    hand = _small_hand(rng)
    melds = all_melds(hand)
    table = submission_table(rng.choice(melds)) if melds and rng.random() < 0.8 else empty_table()
    for _ in range(draw(st.integers(0, 3))):
        table[rng.randrange(5)][rng.randrange(15)] = rng.choice(VALUES)
    for _ in range(draw(st.integers(0, 1))):
        table[rng.randrange(5, 8)][rng.randrange(15)] = rng.choice(VALUES)
    if rng.random() < 0.3:  # sometimes a hand that holds everything written
        hand |= sum(1 << (4 * c + r) for r in range(4) for c in range(1, 14) if table[r][c] == 1)
        hand |= JOKER
    return table, hand


# --- round trips -------------------------------------------------------------------------------
@settings(max_examples=150, deadline=None)
@given(hands)
def test_every_meld_reads_back(hand: int) -> None:
    for meld in all_melds(hand):
        table = submission_table(meld)
        assert read_submission(table, hand) == meld
        assert c_verdict(table, hand) == (meld.rank, meld.size, meld.suits, int(meld.kind))


def test_pass_and_empty_tables() -> None:
    assert read_submission(empty_table(), 0) is PASS
    junk = empty_table()
    junk[1][3], junk[4][0], junk[7][7] = 5, -1, 1  # no 1 or 2 in rows 0-4: a pass, as the server
    assert read_submission(junk, 0) is PASS
    assert c_verdict(junk, 0) == (0, 0, 0, 0)  # the scan stops at the junk in column 0


# --- the server's reading on arbitrary tables ---------------------------------------------------
@settings(max_examples=1500, deadline=None)
@given(noisy_tables())
def test_read_submission_is_the_servers_reading(case: tuple[list[list[int]], int]) -> None:
    table, hand = case
    expected = c_verdict(table, hand)
    got = read_submission(table, hand)
    if expected is None:
        assert isinstance(got, Illegal), (table, hand, got)
    elif expected[1] == 0:  # a pass (its "rank" is where the scan stopped)
        assert got is PASS
    else:
        assert isinstance(got, Meld), (table, hand, got)
        assert (got.rank, got.size, got.suits, int(got.kind)) == expected
        if got.kind != Kind.PASS:
            assert submission_table(got)[:5] == table[:5]


@settings(max_examples=1000, deadline=None)
@given(
    st.sets(st.integers(0, 59), max_size=6).map(lambda s: sum(1 << i for i in s)),
    st.integers(-1, 74),
)
def test_melds_analyze_is_analyze_card(cards: int, joker: int) -> None:
    """The lead's mask code (`melds.analyze`) against the server's table code."""
    if joker >= 0 and joker < 60 and cards >> (4 * (joker % 15) + joker // 15) & 1:
        return  # one cell cannot hold a card and the joker
    table = empty_table()
    for index in range(60):
        if cards >> index & 1:
            table[index % 4][index // 4] = 1
    if joker >= 0:
        table[joker // 15][joker % 15] = 2
    bad, status = c_analyze_card(table)
    got = analyze(cards, joker)
    if bad:
        assert isinstance(got, str), (table, got)
    elif status[1] == 0:
        assert got == (0, 0, 0, 0)
    else:
        assert got == tuple(status), (table, got)


def test_dense_random_tables_against_the_reference() -> None:
    rng = random.Random(11)
    for _ in range(20000):
        table = [[rng.choice(VALUES) for _ in range(15)] for _ in range(8)]
        hand = _small_hand(rng) | rng.choice([0, REAL_CARDS | JOKER])
        expected = c_verdict(table, hand)
        got = read_submission(table, hand)
        assert (expected is None) == isinstance(got, Illegal)


def test_named_illegal_submissions() -> None:
    hand = parse_cards("3S 4S 5S 6S 6H JK")
    two_jokers = submission_table(Meld.parse("3S 4S JK(5S)"))
    two_jokers[1][8] = 2
    assert read_submission(two_jokers, hand) == Illegal(
        "2 cells hold a 2 (there is one joker)", parse_cards("3S 4S JK")
    )
    row4 = empty_table()
    row4[4][3] = 1
    assert "row 4" in reason_of(read_submission(row4, hand))
    column0 = empty_table()
    column0[0][0] = column0[0][1] = column0[0][2] = 1
    assert "column 0 or 14" in reason_of(read_submission(column0, hand | 1))
    lone_row4 = empty_table()
    lone_row4[4][1] = 2  # the joker left where the hand shows it: illegal (suit bit 16)
    assert "row 4" in reason_of(read_submission(lone_row4, hand))
    broken = empty_table()  # ♠5 ♠6 ♥6: read as a broken sequence
    broken[0][3] = broken[0][4] = broken[1][4] = 1
    assert isinstance(read_submission(broken, hand | parse_cards("6H")), Illegal)
    not_held = submission_table(Meld.parse("9D"))
    assert read_submission(not_held, hand) == Illegal("a card that is not in the hand", 1 << 30)


def reason_of(result: object) -> str:
    assert isinstance(result, Illegal), result
    return result.reason


# --- exchange ----------------------------------------------------------------------------------
def test_exchange_choices() -> None:
    hand = parse_cards("3C 7S 9H 2D JK")
    assert read_exchange(exchange_table(parse_cards("3C 9H")), hand, 2) == parse_cards("3C 9H")
    assert read_exchange(exchange_table(parse_cards("3C JK")), hand, 2) == parse_cards("3C JK")
    assert read_exchange(exchange_table(parse_cards("3C")), hand, 2) is None  # too few
    assert read_exchange(exchange_table(parse_cards("3C 7S 9H")), hand, 2) is None
    assert read_exchange(exchange_table(parse_cards("3C 4C")), hand, 2) is None  # 4C not held
    assert read_exchange(exchange_table(parse_cards("2D")), hand, 1) == parse_cards("2D")
    assert read_exchange(exchange_table(parse_cards("JK")), hand, 1) == JOKER
    assert read_exchange(exchange_table(JOKER), hand & ~JOKER, 1) is None


def test_exchange_joker_written_on_a_held_card_gives_the_joker_only() -> None:
    """The server would also delete ♠7 from the giver's hand (RULES.md §12 item 2)."""
    hand = parse_cards("3C 7S JK")
    table = empty_table()
    table[0][5], table[3][1] = 2, 1  # the 2 on the ♠7 cell
    assert read_exchange(table, hand, 2) == parse_cards("3C JK")


def test_exchange_junk_rules_differ_for_daifugo_and_fugo() -> None:
    """``count_card_num``'s verdict is checked for the daifugo only (daihu.c:756 vs 771)."""
    hand = parse_cards("3C 7S 9H")
    table = exchange_table(parse_cards("3C"))
    table[2][9] = 5
    assert read_exchange(table, hand, 1) == parse_cards("3C")
    table[1][7] = 1
    assert read_exchange(table, hand, 2) is None
    del table[1][7:8]
    with pytest.raises(TableError, match="row 1"):
        read_exchange(table, hand, 2)


# --- tables the server writes --------------------------------------------------------------
def test_hand_deal_and_field_tables() -> None:
    state = GameState.from_hands(["3D JK", "4S 4H", "5S", "6S", "7S"], seats=(2, 0, 1, 4, 3))
    obs = Observation.of(state, 1, ranks=(1, 0, 2, 4, 3))
    t = hand_table(obs)
    assert t[0][2] == t[1][2] == 1 and sum(map(sum, t[:5])) == 2
    assert t[5] == [0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    assert t[6] == [2, 2, 1, 1, 1, 1, 0, 2, 4, 3, 2, 0, 1, 4, 3]
    assert t[7] == [0] * 15
    assert read_hand(t) == parse_cards("4S 4H")
    s = read_state(t)
    assert (s.my_turn, s.turn, s.empty_field, s.counts, s.seats) == (
        False,
        0,
        True,
        (2, 2, 1, 1, 1),
        (2, 0, 1, 4, 3),
    )
    mover = hand_table(Observation.of(state, 0))
    assert mover[5][2:5] == [1, 0, 1] and mover[4][1] == 2

    deal = Deal(
        0, 2, parse_cards("3D JK 2S"), 2, (0, 1, 2, 3, 4), (0, 1, 2, 3, 4), (11,) * 3 + (10,) * 2
    )
    d = deal_table(deal)
    assert d[5][:4] == [1, 2, 0, 6] and d[6][:10] == [11, 11, 11, 10, 10, 0, 1, 2, 3, 4]
    poor = deal_table(Deal(4, 2, 0, 0, (0, 1, 2, 3, 4), (0, 1, 2, 3, 4), (11,) * 5))
    assert poor[5][1] == -2  # the server's 2 - rank, sent as 0 by protocol 20070
    first = deal_table(Deal(4, 1, 0, 0, None, (0, 1, 2, 3, 4), (11,) * 5))
    assert first[5][1] == 0 and first[6][5:10] == [0] * 5

    meld = Meld.parse("7H 7S JK")
    f = field_table(
        meld, 3, counts=(1, 2, 3, 4, 5), seats=(0, 1, 2, 3, 4), revolution=True, lock=True
    )
    assert read_field(f) == meld and f[2][5] == 2
    assert f[5][:8] == [0, 0, 0, 3, 0, 0, 1, 1]
    empty = field_table(None, 2, counts=(1,) * 5, seats=(0, 1, 2, 3, 4))
    assert read_field(empty) is None and empty[5][4] == 1


def test_malformed_tables() -> None:
    with pytest.raises(TableError, match="8 rows"):
        read_submission([[0] * 15] * 9, 0)
    with pytest.raises(TableError, match=r"row 3 .* 14"):
        read_submission([[0] * 15] * 3 + [[0] * 14] + [[0] * 15] * 4, 0)
    bad = empty_table()
    bad[2][2] = "1"  # type: ignore[call-overload]
    with pytest.raises(TableError, match=r"cell \[2\]\[2\] = '1'"):
        check_table(bad)
    bad[2][2] = True  # type: ignore[call-overload]
    with pytest.raises(TableError, match="is not a 32-bit int"):
        check_table(bad)
    bad[2][2] = 2**31
    with pytest.raises(TableError):
        check_table(bad)
    with pytest.raises(TableError, match="a list of 8 rows"):
        check_table("table")
    junk = empty_table()
    junk[0][1] = 3
    with pytest.raises(TableError):
        read_hand(junk)
    with pytest.raises(TableError, match="no meld"):
        read_field(submission_table(Meld.parse("5S"))[:1] + [[1] * 15] * 7)


# --- protocol 20140 ----------------------------------------------------------------------
@settings(max_examples=300, deadline=None)
@given(
    hands,
    st.integers(0, 6),
    st.integers(-2, 2),
    st.lists(st.integers(0, 15), min_size=15, max_size=15),
)
def test_20140_round_trip(hand: int, turn: int, give: int, row6: list[int]) -> None:
    table = c_hand_table(hand)
    table[5][:8] = [1, give, 1, turn, 1, 0, 1, 0]
    table[6] = row6
    assert decode_20140(encode_20140(table)) == table


def test_20140_errors() -> None:
    with pytest.raises(TableError, match="33 bytes"):
        decode_20140(b"00")
    with pytest.raises(TableError, match="hex digits"):
        decode_20140(b"X" * 33)
    with pytest.raises(TableError, match="outside the table"):
        decode_20140(b"0000000000000F0" + b"0" * 18)
    big = empty_table()
    big[6][0] = 16
    with pytest.raises(TableError, match="one hex digit"):
        encode_20140(big)


# --- the devkit's recorded games (../shared/uecda/data) --------------------------------------
def _records() -> tuple[
    list[tuple[int, list[list[int]], list[list[int]]]], dict[int, list[list[int]]]
]:
    if not (DATA / "default_read.csv").exists():
        pytest.skip(f"no recorded data in {DATA}")
    r = [list(map(int, line.split())) for line in (DATA / "default_read.csv").open()]
    w = [list(map(int, line.split())) for line in (DATA / "default_write.csv").open()]
    turns = [(r[p][0], r[p + 1 : p + 9], r[p + 9 : p + 17]) for p in range(1, len(r), 17)]
    moves = {w[i][0]: w[i + 1 : i + 9] for i in range(0, len(w), 9)}
    return turns, moves


def test_recorded_tables_decode() -> None:
    """Every table the default client received and sent in 100 real games."""
    turns, moves = _records()
    kinds = {"pass": 0, "play": 0}
    for counter, hand_t, field_t in turns:
        hand = read_hand(hand_t)
        state = read_state(hand_t)
        assert state.counts[0] == hand.bit_count() and len(turns) == 7790
        read_field(field_t)
        assert decode_20140(encode_20140(hand_t)) == hand_t
        assert decode_20140(encode_20140(field_t))[:7] == field_t[:7]
        if state.my_turn:
            got = read_submission(moves[counter], hand)
            assert isinstance(got, Meld), (counter, got)
            kinds["pass" if got is PASS else "play"] += 1
    assert kinds == {"pass": 849, "play": 696}  # 695 accepted + record 190, refused by the rules
