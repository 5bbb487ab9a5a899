"""Old import paths of modules that moved: ``import games.cram`` still gives `games.grid.cram`.

`alias_moved_modules` installs one import finder for a table ``{old name: new name}``; importing
an old name imports the new module and binds the old name to that same module object (no copy,
so classes, registries and ``isinstance`` are shared).  Nothing is imported until an old name is
asked for.

>>> import games.cram, games.grid.cram
>>> games.cram is games.grid.cram
True
>>> from games.domineering import Domineering
>>> Domineering.__module__
'games.grid.domineering'
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from collections.abc import Mapping, Sequence
from types import ModuleType

__all__ = ["alias_moved_modules"]


class _MovedModuleFinder(importlib.abc.MetaPathFinder):
    """Finds the old names of moved modules (and only those)."""

    def __init__(self) -> None:
        self.moved: dict[str, str] = {}

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None = None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        new = self.moved.get(fullname)
        if new is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, _AliasLoader(new))


class _AliasLoader(importlib.abc.Loader):
    """Binds an old module name to the module that now holds its code."""

    def __init__(self, new: str) -> None:
        self.new = new

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return None  # a placeholder module; exec_module puts the real one in its place

    def exec_module(self, module: ModuleType) -> None:
        # The import system returns what sys.modules holds under the old name once this ends.
        sys.modules[module.__name__] = importlib.import_module(self.new)


_FINDER = _MovedModuleFinder()


def alias_moved_modules(moved: Mapping[str, str]) -> None:
    """Make each old module name in ``moved`` import its new module (idempotent)."""
    _FINDER.moved.update(moved)
    if _FINDER not in sys.meta_path:
        sys.meta_path.append(_FINDER)
