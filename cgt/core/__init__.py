"""The ground floor: named errors, bounded memo tables with the iterative evaluator, deep
recursion without a recursion limit, and the parallel runner.  Knows nothing of games.
"""

from cgt.core.errors import (
    CGTError,
    InvalidArgumentError,
    LoopyGameError,
    NotAPositionError,
    NotPicklableError,
    TooDeepError,
    UnhashablePositionError,
    WrongTypeError,
)
from cgt.core.memo import Memo, cache_info, clear_caches, set_cache_limit
from cgt.core.runner import (
    Chunk,
    DaskMissingError,
    RunInterrupted,
    default_jobs,
    run_chunks,
    seeded_chunks,
)

__all__ = [
    "CGTError",
    "Chunk",
    "DaskMissingError",
    "InvalidArgumentError",
    "LoopyGameError",
    "Memo",
    "NotAPositionError",
    "NotPicklableError",
    "RunInterrupted",
    "TooDeepError",
    "UnhashablePositionError",
    "WrongTypeError",
    "cache_info",
    "clear_caches",
    "default_jobs",
    "run_chunks",
    "seeded_chunks",
    "set_cache_limit",
]
