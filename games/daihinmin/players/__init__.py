"""Players of Daihinmin, and a registry of them by name (what ``cgt daihinmin`` accepts).

`make_player` builds a player from a name in `PLAYER_NAMES` or from ``module.path:Class`` (any
class whose instances have ``play(obs)``; it is called with ``seed=`` if it takes one, else with
no argument); ``name[key=value;...]`` passes settings to the class (`parse_options`).
``strongest`` names the strongest player we ship (`STRONGEST`, now ``mcpi``:
`games.daihinmin.players.mcpi`), wherever a player is named.  Players whose module is written
separately (``default``, ``kou2`` and its variants) are imported only when asked for, so this
package imports cheaply.

>>> from games.daihinmin.players import make_player, PLAYER_NAMES
>>> make_player("random", seed=1)
<RandomPlayer 'random'>
>>> "default" in PLAYER_NAMES and "kou2" in PLAYER_NAMES
True
>>> make_player("strongest").name == STRONGEST
True
>>> make_player("nobody")
Traceback (most recent call last):
...
games.daihinmin.players.UnknownPlayerError: unknown player 'nobody': use one of random, default, ...
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any

import cgt
from games.daihinmin.players.base import RandomPlayer
from games.daihinmin.rules.player import Player, strongest_cards, weakest_cards

__all__ = [
    "KOU2_VARIANTS",
    "PLAYER_NAMES",
    "STRONGEST",
    "Player",
    "RandomPlayer",
    "UnknownPlayerError",
    "make_player",
    "parse_options",
    "strongest_cards",
    "weakest_cards",
]

#: variants of the kou2 player (``Kou2Player(variant=name)``)
KOU2_VARIANTS = (
    "w75",
    "w95",
    "w100",
    "weak",
    "single",
    "rev-",
    "rev+",
    "lock-",
    "lock+",
    "use2",
    "useA",
    "useA+2",
)
#: the names `make_player` knows (besides ``module.path:Class``)
PLAYER_NAMES = (
    "random",
    "default",
    "kou2",
    *KOU2_VARIANTS,
    "kou2+",
    "mc",
    "mcpi",
    "strongest",
)
#: the player ``strongest`` stands for: the strongest player we ship (measured on the C server,
#: see ``docs/games/daihinmin-mcpi.md``)
STRONGEST = "mcpi"

_DEFAULT = "games.daihinmin.players.default:DefaultPlayer"
_KOU2 = "games.daihinmin.players.kou2:Kou2Player"
_KOU2_PLUS = "games.daihinmin.players.kou2plus:Kou2PlusPlayer"
_MONTE_CARLO = "games.daihinmin.players.montecarlo:MonteCarloPlayer"
_MCPI = "games.daihinmin.players.mcpi:McpiPlayer"
_REGISTERED = {
    "random": "games.daihinmin.players.base:RandomPlayer",
    "default": _DEFAULT,
    "kou2": _KOU2,
    "kou2+": _KOU2_PLUS,
    "mc": _MONTE_CARLO,
    "mcpi": _MCPI,
}


class UnknownPlayerError(cgt.CGTError, ValueError):
    """A player name that is not registered, or whose module or class cannot be loaded."""


def make_player(spec: str, seed: int | str | None = None) -> Player:
    """A new player from its name (``"random"``, ``"default"``, ``"kou2"``, ``"w75"``, ...,
    ``"strongest"`` for `STRONGEST`) or from ``"module.path:Class"``; ``seed`` goes to players
    that take one."""
    if not isinstance(spec, str):
        raise UnknownPlayerError(f"a player is named by a string, not {type(spec).__name__}")
    name, options = parse_options(spec)
    if name == "strongest":
        name = STRONGEST
    if name == "random" and not options:
        return RandomPlayer(seed)
    if name in _REGISTERED:
        return _build(_load(_REGISTERED[name], name), seed, **options)
    if name in KOU2_VARIANTS:
        return _build(_load(_KOU2, name), seed, variant=name, **options)
    if ":" in name:
        return _build(_load(name, name), seed, **options)
    known = ", ".join(PLAYER_NAMES)
    raise UnknownPlayerError(f"unknown player {spec!r}: use one of {known}, or module.path:Class")


def parse_options(spec: str) -> tuple[str, dict[str, Any]]:
    """A player's name and its settings from ``"name[key=value;key=value]"``: values are
    read as ints, floats, ``true``/``false``, ``none`` or else text.  The settings go to the
    player's class as keyword arguments (``mcpi[rollouts=32;time_budget=0.05]``).

    >>> parse_options("mcpi[rollouts=32; inference=false; self_model=policy]")
    ('mcpi', {'rollouts': 32, 'inference': False, 'self_model': 'policy'})
    >>> parse_options("kou2")
    ('kou2', {})
    >>> parse_options("mcpi[rollouts]")
    Traceback (most recent call last):
    ...
    games.daihinmin.players.UnknownPlayerError: player 'mcpi[rollouts]': write settings as key=value
    """
    text = spec.strip()
    if not text.endswith("]") or "[" not in text:
        return text, {}
    name, _, inner = text[:-1].partition("[")
    options: dict[str, Any] = {}
    for part in inner.split(";"):
        if not part.strip():
            continue
        key, equals, raw = part.partition("=")
        key, raw = key.strip(), raw.strip()
        if not equals or not key.isidentifier():
            raise UnknownPlayerError(f"player {spec!r}: write settings as key=value")
        options[key] = _value(raw)
    return name.strip(), options


def _value(raw: str) -> Any:
    lowered = raw.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    if lowered == "none":
        return None
    for kind in (int, float):
        try:
            return kind(raw)
        except ValueError:
            pass
    return raw


def _load(target: str, name: str) -> Any:
    module_name, _, class_name = target.partition(":")
    if not module_name or not class_name:
        raise UnknownPlayerError(f"player {name!r}: write a class as module.path:Class")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise UnknownPlayerError(
            f"player {name!r}: cannot import module {module_name!r} ({error})"
        ) from None
    except Exception as error:  # a syntax error, or an error raised while importing it
        raise UnknownPlayerError(
            f"player {name!r}: importing module {module_name!r} failed: "
            f"{type(error).__name__}: {error}"
        ) from None
    factory = getattr(module, class_name, None)
    if factory is None:
        raise UnknownPlayerError(f"player {name!r}: module {module_name!r} has no {class_name!r}")
    if not callable(factory):
        raise UnknownPlayerError(f"player {name!r}: {class_name!r} is not a class")
    return factory


def _build(factory: Any, seed: int | str | None, **kwargs: Any) -> Player:
    try:
        parameters = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        parameters = {}  # type: ignore[assignment]
    if "seed" in parameters or any(p.kind == p.VAR_KEYWORD for p in parameters.values()):
        kwargs["seed"] = seed
    try:
        player = factory(**kwargs)
    except Exception as error:
        raise UnknownPlayerError(
            f"cannot build player {factory!r}: {type(error).__name__}: {error}"
        ) from None
    if not callable(getattr(player, "play", None)):
        raise UnknownPlayerError(f"{factory!r} makes objects without a play(obs) method")
    return player
