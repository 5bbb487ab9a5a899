"""Discovery of plug-ins: modules that register claims and command-line sub-commands.

A plug-in is a module named by an entry point in the group ``cgt.plugins`` (see
``pyproject.toml``).  Importing it registers its claims with `cgt.register_claim`; if it defines
``add_commands(subparsers)``, the ``cgt`` command calls it to add sub-commands.  `cgt` itself
never imports a plug-in by name, so the generic layer knows nothing of particular games.
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from types import ModuleType

__all__ = ["load_plugins"]

_LOADED: dict[str, ModuleType] = {}


def load_plugins() -> dict[str, ModuleType]:
    """Import every plug-in once; returns them by entry-point name."""
    for entry in sorted(entry_points(group="cgt.plugins"), key=lambda e: e.name):
        if entry.name not in _LOADED:
            _LOADED[entry.name] = importlib.import_module(entry.value)
    return dict(_LOADED)
