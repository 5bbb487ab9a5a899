"""Infinitesimals: all-small games and atomic weight, the reduced canonical form and
"-ish" (equality up to an infinitesimal).
"""

from cgt.infinitesimals.atomic import NotAllSmallError, atomic_weight, is_all_small
from cgt.infinitesimals.reduction import ish, reduced

__all__ = ["NotAllSmallError", "atomic_weight", "is_all_small", "ish", "reduced"]
