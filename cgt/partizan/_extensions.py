"""Operations on `Game` defined in the layers above it (thermography, infinitesimals, notation).

`Game` offers ``G.cool(t)``, ``G.reduced()``, ``Game("1/2")`` and the like for convenience, but
temperature theory and reduced forms are built on `Game`, not part of it.  So `Game` imports none
of them: each upper module hands its functions here when it is imported (`provide`), and the
methods look them up (`call`).  ``import cgt`` imports every layer, so the methods always work.

>>> from cgt import switch
>>> call("cool", switch(1), 1)
Game('*')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cgt.core.errors import CGTError

__all__ = ["call", "provide"]

_PROVIDED: dict[str, Callable[..., Any]] = {}


def provide(**functions: Callable[..., Any]) -> None:
    """Make ``functions`` available to `Game`'s methods under their keyword names."""
    _PROVIDED.update(functions)


def call(name: str, *args: Any) -> Any:
    """Call the function provided as ``name``."""
    try:
        function = _PROVIDED[name]
    except KeyError:
        raise CGTError(
            f"Game.{name} is defined by a layer of cgt that was not imported; use 'import cgt'"
        ) from None
    return function(*args)
