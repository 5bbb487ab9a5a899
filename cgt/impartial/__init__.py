"""Impartial games: nimbers (mex, nim-addition and nim-multiplication) and Grundy values of
positions, with the Sprague-Grundy theorem for sums.
"""

from cgt.impartial.nimber import Nimber, NimDivisionError, mex, nim_inverse, nim_multiply
from cgt.impartial.search import (
    NimberSearch,
    SearchInterrupted,
    SearchStats,
    nimber_search,
    nimber_search_for,
    nimber_split,
    register_nimber_search,
)
from cgt.impartial.sprague_grundy import grundy, is_p_position, register_nimber_solver

__all__ = [
    "NimDivisionError",
    "Nimber",
    "NimberSearch",
    "SearchInterrupted",
    "SearchStats",
    "grundy",
    "is_p_position",
    "mex",
    "nim_inverse",
    "nim_multiply",
    "nimber_search",
    "nimber_search_for",
    "nimber_split",
    "register_nimber_search",
    "register_nimber_solver",
]
