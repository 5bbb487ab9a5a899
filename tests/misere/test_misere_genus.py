"""Conway's genus against its definition (direct search of G + 2 + ... + 2)."""

import cgt
from cgt import MisereGame


@cgt.impartial_game
def Heap(n):
    return range(n)


@cgt.impartial_game
def Kayles(n):
    moves = [(k, a) for k in (1, 2) if k <= n for a in range((n - k) // 2 + 1)]
    return [Kayles(a) + Kayles(n - k - a) for k, a in moves]


def test_genus_of_nim_heaps():
    # Winning Ways ch. 13: 0 = 0^120, * = 1^031, *2 = 2^20, *3 = 3^31
    assert [str(cgt.genus(Heap(n))) for n in range(4)] == ["0^120", "1^031", "2^20", "3^31"]
    for n in range(2, 9):
        assert cgt.genus(Heap(n)).misere == (n, n ^ 2)
        assert cgt.genus(Heap(n)).is_tame_like_nim


def test_gamma_agrees_with_direct_search():
    games = [*cgt.misere_games_born_by(4), Kayles(5), Heap(2) + Heap(3)]
    for game in games:
        g = cgt.genus(game)
        assert g.normal == cgt.grundy(game)
        for n in range(7):
            assert g.gamma(n) == cgt.misere_grundy(game, *[Heap(2)] * n), (game, n)


def test_genus_of_small_kayles_rows():
    # Kayles rows 0..4 are 0, *, *2, *3, * in misère play too; the row of 5 is not *4
    assert [str(cgt.genus(Kayles(n))) for n in range(6)] == [
        "0^120",
        "1^031",
        "2^20",
        "3^31",
        "1^031",
        "4^146",
    ]
    assert cgt.misere_canonical(Kayles(4)) == MisereGame.nim(1)
    assert cgt.misere_canonical(Kayles(5)) != MisereGame.nim(4)


def test_genus_decides_sums_with_heaps_of_size_1_2_3():
    # G + k heaps *2 (+ one heap *) is a P-position iff γk = 0 (γk = 1); *3 = *2 + * and
    # * + * = 0 reduce any heaps of sizes 1 to 3 to that case.
    star, two, three = (MisereGame.nim(n) for n in (1, 2, 3))
    assert two + star == three and star + star == MisereGame.nim(0)
    for game in cgt.misere_games_born_by(4):
        g = cgt.genus(game)
        for k in range(5):
            for j in (0, 1):
                p = cgt.is_misere_p_position(game, *[two] * k, *[star] * j)
                assert p == (g.gamma(k) == j), (game, k, j)
