"""Misère play of impartial games: outcomes, misère Grundy values, Conway's genus, misère
canonical forms and misère quotients (Plambeck and Siegel) of heap games.
"""

from cgt.misere.canonical import (
    MisereFormTooLargeError,
    MisereGame,
    misere_canonical,
    misere_games_born_by,
)
from cgt.misere.genera import Genus, genus
from cgt.misere.outcome import (
    MisereOutcome,
    MisereSearchTooLargeError,
    is_misere_p_position,
    misere_grundy,
    misere_outcome,
)
from cgt.misere.quotient import (
    MisereQuotient,
    QuotientNotFoundError,
    misere_quotient,
    octal_misere_quotient,
)

__all__ = [
    "Genus",
    "MisereFormTooLargeError",
    "MisereGame",
    "MisereOutcome",
    "MisereQuotient",
    "MisereSearchTooLargeError",
    "QuotientNotFoundError",
    "genus",
    "is_misere_p_position",
    "misere_canonical",
    "misere_games_born_by",
    "misere_grundy",
    "misere_outcome",
    "misere_quotient",
    "octal_misere_quotient",
]
