"""Discovery of plug-ins: modules that register claims and command-line sub-commands.

A plug-in is a module named by an entry point in the group ``cgt.plugins`` (see
``pyproject.toml``).  Importing it registers its claims with `cgt.register_claim`; if it defines
``add_commands(subparsers)``, the ``cgt`` command calls it to add sub-commands.  `cgt` itself
never imports a plug-in by name, so the generic layer knows nothing of particular games.

A plug-in that cannot be imported (a module it needs is not installed) is left out and its
error kept, one line, in `plugin_errors` (the ``cgt`` command prints it); when an entry point
is declared twice under one name (an old install left behind), the first that imports wins.

>>> from cgt.verification.plugins import PluginImportError
>>> print(PluginImportError.missing("demo", "games.demo", "numba"))
plug-in 'demo' (games.demo) needs numba, which is not installed: pip install numba
"""

from __future__ import annotations

import importlib
import importlib.util
from importlib.metadata import entry_points
from types import ModuleType

from cgt.core.errors import CGTError

__all__ = ["PluginImportError", "load_plugins", "plugin_errors"]

_LOADED: dict[str, ModuleType] = {}
_ERRORS: dict[str, PluginImportError] = {}


class PluginImportError(CGTError, ImportError):
    """A plug-in could not be imported (a module it needs is missing, or it raised)."""

    @classmethod
    def missing(cls, name: str, module: str, needed: str) -> PluginImportError:
        """The error of a plug-in that needs a module that is not installed."""
        top = needed.split(".")[0]
        return cls(
            f"plug-in {name!r} ({module}) needs {top}, which is not installed: pip install {top}"
        )


def load_plugins() -> dict[str, ModuleType]:
    """Import every plug-in once; returns those that imported, by entry-point name."""
    modules: dict[str, list[str]] = {}
    for entry in sorted(entry_points(group="cgt.plugins"), key=lambda e: e.name):
        values = modules.setdefault(entry.name, [])
        if entry.value not in values:
            values.append(entry.value)
    for name, values in modules.items():
        if name in _LOADED or name in _ERRORS:
            continue
        error: PluginImportError | None = None
        # an entry point another (stale) install declares for the same name is tried last
        for value in sorted(values, key=lambda v: not _importable(v)):
            try:
                _LOADED[name] = importlib.import_module(value)
            except ModuleNotFoundError as missing:
                if error is None:
                    needed = missing.name or str(missing)
                    if value == needed or value.startswith(needed + "."):
                        error = PluginImportError(
                            f"plug-in {name!r} names the module {value}, which does not exist "
                            "(an old install left behind? reinstall the package)"
                        )
                    else:
                        error = PluginImportError.missing(name, value, needed)
                continue
            except Exception as failure:
                if error is None:
                    error = PluginImportError(
                        f"plug-in {name!r} ({value}) raised {type(failure).__name__}: {failure}"
                    )
                continue
            break
        if name not in _LOADED and error is not None:
            _ERRORS[name] = error
    return dict(_LOADED)


def _importable(module: str) -> bool:
    """Whether the top-level package of ``module`` and the module itself can be found."""
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def plugin_errors() -> dict[str, PluginImportError]:
    """The plug-ins that could not be imported, with why (after `load_plugins`)."""
    return dict(_ERRORS)
