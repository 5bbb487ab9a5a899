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

from cgt.atomic import NotAllSmallError, atomic_weight, is_all_small
from cgt.errors import (
    CGTError,
    InvalidArgumentError,
    LoopyGameError,
    NotAPositionError,
    NotPicklableError,
    UnhashablePositionError,
    WrongTypeError,
)
from cgt.game import DOWN, STAR, UP, ZERO, Game, GameValueError, miny, switch, tiny, up
from cgt.impartial import grundy, is_p_position
from cgt.memo import cache_info, clear_caches, set_cache_limit
from cgt.nimber import Nimber, mex, nim_inverse, nim_multiply
from cgt.notation import NotationError, parse
from cgt.outcome import Outcome, outcome
from cgt.partizan import value
from cgt.position import (
    GameDefinition,
    ImpartialPosition,
    PartizanPosition,
    Position,
    impartial_game,
    left_options_of,
    options_of,
    partizan_game,
    right_options_of,
)
from cgt.reduction import ish, reduced
from cgt.registry import (
    Claim,
    ClaimNotFoundError,
    ClaimRun,
    ClaimsInterrupted,
    claims,
    register_claim,
    run_claims,
)
from cgt.runner import (
    Chunk,
    DaskMissingError,
    RunInterrupted,
    default_jobs,
    run_chunks,
    seeded_chunks,
)
from cgt.sums import Sum
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
from cgt.verify import VerificationResult, compile_closed_form, verify

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
    "ImpartialPosition",
    "InvalidArgumentError",
    "LoopyGameError",
    "Nimber",
    "NotAPositionError",
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
    "grundy",
    "heat",
    "impartial_game",
    "is_all_small",
    "is_p_position",
    "ish",
    "left_options_of",
    "mean",
    "mex",
    "miny",
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
