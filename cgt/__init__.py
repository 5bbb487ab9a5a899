"""cgt: combinatorial game theory with exact values and verified closed forms.

The generic layer.  Define a game by its moves (`impartial_game`, `partizan_game`, or any class
with ``options()`` / ``left_options()`` and ``right_options()``), evaluate it (`grundy` for
impartial games; `value` for partizan ones, giving a canonical `Game`), add games (`Sum`), and
check a conjectured closed form against the generic recursion (`verify`).

>>> import cgt
>>> @cgt.impartial_game
... def Take23(n):
...     return [n - k for k in (2, 3) if k <= n]
>>> [cgt.grundy(Take23(n)) for n in range(10)]
[0, 0, 1, 1, 2, 0, 0, 1, 1, 2]
>>> cgt.verify(map(Take23, range(100)), lambda p: [0, 0, 1, 1, 2][p.n % 5]).ok
True
"""

from cgt.core import (
    CGTError,
    Chunk,
    DaskMissingError,
    InvalidArgumentError,
    LoopyGameError,
    Memo,
    NotAPositionError,
    NotPicklableError,
    RunInterrupted,
    UnhashablePositionError,
    WrongTypeError,
    cache_info,
    clear_caches,
    default_jobs,
    run_chunks,
    seeded_chunks,
    set_cache_limit,
)
from cgt.impartial import Nimber, grundy, is_p_position, mex, nim_inverse, nim_multiply
from cgt.infinitesimals import NotAllSmallError, atomic_weight, is_all_small, ish, reduced
from cgt.loopy import GraphTooLargeError, LoopyGame, NotAStopperError, loopy_value, parse
from cgt.misere import (
    Genus,
    MisereGame,
    MisereOutcome,
    genus,
    is_misere_p_position,
    misere_canonical,
    misere_games_born_by,
    misere_grundy,
    misere_outcome,
)
from cgt.partizan import (
    DOWN,
    STAR,
    UP,
    ZERO,
    Game,
    GameValueError,
    NotationError,
    Outcome,
    miny,
    outcome,
    switch,
    tiny,
    up,
    value,
)
from cgt.positions import (
    GameDefinition,
    ImpartialPosition,
    PartizanPosition,
    Position,
    Sum,
    impartial_game,
    left_options_of,
    options_of,
    partizan_game,
    right_options_of,
)
from cgt.thermal import (
    ThermalError,
    Thermograph,
    cool,
    heat,
    mean,
    overheat,
    temperature,
    thermograph,
)
from cgt.verification import (
    Claim,
    ClaimNotFoundError,
    ClaimRun,
    ClaimsInterrupted,
    VerificationResult,
    claims,
    compile_closed_form,
    register_claim,
    run_claims,
    verify,
)

__all__ = [
    "DOWN",
    "STAR",
    "UP",
    "ZERO",
    "CGTError",
    "Chunk",
    "Claim",
    "ClaimNotFoundError",
    "ClaimRun",
    "ClaimsInterrupted",
    "DaskMissingError",
    "Game",
    "GameDefinition",
    "GameValueError",
    "Genus",
    "GraphTooLargeError",
    "ImpartialPosition",
    "InvalidArgumentError",
    "LoopyGame",
    "LoopyGameError",
    "Memo",
    "MisereGame",
    "MisereOutcome",
    "Nimber",
    "NotAPositionError",
    "NotAStopperError",
    "NotAllSmallError",
    "NotPicklableError",
    "NotationError",
    "Outcome",
    "PartizanPosition",
    "Position",
    "RunInterrupted",
    "Sum",
    "ThermalError",
    "Thermograph",
    "UnhashablePositionError",
    "VerificationResult",
    "WrongTypeError",
    "atomic_weight",
    "cache_info",
    "claims",
    "clear_caches",
    "compile_closed_form",
    "cool",
    "default_jobs",
    "genus",
    "grundy",
    "heat",
    "impartial_game",
    "is_all_small",
    "is_misere_p_position",
    "is_p_position",
    "ish",
    "left_options_of",
    "loopy_value",
    "mean",
    "mex",
    "miny",
    "misere_canonical",
    "misere_games_born_by",
    "misere_grundy",
    "misere_outcome",
    "nim_inverse",
    "nim_multiply",
    "options_of",
    "outcome",
    "overheat",
    "parse",
    "partizan_game",
    "reduced",
    "register_claim",
    "right_options_of",
    "run_chunks",
    "run_claims",
    "seeded_chunks",
    "set_cache_limit",
    "switch",
    "temperature",
    "thermograph",
    "tiny",
    "up",
    "value",
    "verify",
]

__version__ = "0.1.0"
