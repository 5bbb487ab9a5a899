"""Long searches of take-and-break games: progress, checkpoints, and the printed certificate.

`long_search(game, upto)` extends the Grundy sequence of an octal game (or Grundy's game) as far
as asked, looking for a period that the game's periodicity theorem certifies.  With a
``checkpoint`` file it saves the values computed so far every ``every`` seconds, on Ctrl-C and at
the end, and a later call with the same file resumes from them (the file names the game and
carries a SHA-256 of the values, so a checkpoint of another game or a damaged file is refused).

`certificate(game)` is what the search proves, in the terms of Flammenkamp's tables: preperiod,
period, the largest value and where it first occurs, the rare mask (the one that leaves the fewest
heaps rare) with the number of rare heaps and the last one.

A long search extends the game it is given; `octal` hands out one shared game per code, so a
search of millions of heaps is better run on a game of its own (`OctalGame`):

>>> from games.nim.octal import OctalGame, parse_octal
>>> from games.nim.search import certificate, long_search
>>> game = OctalGame(parse_octal("0.16"), 1 << 13)
>>> found = long_search(game, 1 << 15, progress=False)
>>> print(certificate(game).describe())  # doctest: +ELLIPSIS
octal('0.16'): not yet periodic up to n = 32768 (searched)
  largest value    22 (first at n = 15,093)
  rare mask        0x1e: 53 rare heaps (heap 0 included), the last at n = 13,935
  heaps computed   32,768 (...)
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import attrs

from games.nim._errors import InvalidArgumentError
from games.nim._sequence import HeapGame, Periodicity
from games.nim._takebreak import TakeBreakRules, choose_mask

__all__ = [
    "CheckpointError",
    "SparseCertificate",
    "certificate",
    "computed_heaps",
    "load_checkpoint",
    "long_search",
    "save_checkpoint",
]

_FORMAT = "cgt-games heap-game checkpoint 1"


class CheckpointError(InvalidArgumentError):
    """A checkpoint file that is not this game's, or is damaged."""


@attrs.frozen
class SparseCertificate:
    """What a search of ``heaps`` heaps shows (``period is None``: not yet periodic)."""

    game: str
    heaps: int
    preperiod: int | None
    period: int | None
    certified_at: int | None
    theorem: str
    largest: int
    largest_at: int
    mask: int
    in_domain: bool
    rare_heaps: int
    last_rare: int | None
    engine: str

    def describe(self) -> str:
        """The certificate as a few lines of text."""
        if self.period is None:
            head = f"{self.game}: not yet periodic up to n = {self.heaps} (searched)"
        else:
            head = (
                f"{self.game}: period {self.period} from n = {self.preperiod} (certified by the "
                f"{self.theorem} on g(0..{self.certified_at - 1 if self.certified_at else 0}))"
            )
        lines = [head]
        if self.period is not None:
            lines.append(f"  preperiod        {self.preperiod:,}")
            lines.append(f"  period           {self.period:,}")
        lines.append(f"  largest value    {self.largest} (first at n = {self.largest_at:,})")
        if self.mask:
            domain = " in the domain (rare: parity(g & m) == (n - t) & 1)" if self.in_domain else ""
            last = "none" if self.last_rare is None else f"{self.last_rare:,}"
            lines.append(
                f"  rare mask        {self.mask:#x}{domain}: {self.rare_heaps:,} rare heaps "
                f"(heap 0 included), the last at n = {last}"
            )
        else:
            lines.append("  rare mask        none leaves few heaps rare (plain mex)")
        lines.append(f"  heaps computed   {self.heaps:,} ({self.engine})")
        return "\n".join(lines)

    def as_dict(self) -> dict[str, Any]:
        return attrs.asdict(self)


def _rules(game: HeapGame) -> TakeBreakRules:
    rules = getattr(game, "rules", None)
    if not isinstance(rules, TakeBreakRules):
        raise InvalidArgumentError(f"{game!r} is not a take-and-break game")
    return rules


def certificate(game: HeapGame) -> SparseCertificate:
    """The certificate of what has been computed of ``game`` so far (see the module)."""
    import numpy as np

    rules = _rules(game)
    values = np.asarray(game._values, dtype=np.uint32)
    found: Periodicity | None = game._periodicity
    heaps = len(values)
    if heaps == 0:
        raise InvalidArgumentError(f"nothing of {game!r} is computed yet")
    largest_at = int(np.argmax(values))
    mask, eps, _ = choose_mask(values, rules)
    rare: list[int] = []
    if mask:
        from games.nim._takebreak import _parities

        n = np.arange(heaps)
        w = _parities(values, mask) ^ (eps & n & 1).astype(np.uint8)
        z = eps & rules.two[0] & 1 if rules.two else 0
        rare = np.flatnonzero(w == z).tolist()  # heap 0 counted, as in the published tables
    return SparseCertificate(
        game=repr(game),
        heaps=game._searched_upto or heaps,
        preperiod=None if found is None else found.preperiod,
        period=None if found is None else found.period,
        certified_at=None if found is None else found.certified_at,
        theorem=game.theorem,
        largest=int(values[largest_at]),
        largest_at=largest_at,
        mask=mask,
        in_domain=bool(eps),
        rare_heaps=len(rare),
        last_rare=rare[-1] if rare else None,
        engine=getattr(game, "engine", "python"),
    )


def _digest(values: Any) -> str:
    import numpy as np

    return hashlib.sha256(np.ascontiguousarray(values, dtype=np.uint32).tobytes()).hexdigest()


def computed_heaps(game: HeapGame) -> int:
    """How many values of ``game`` are computed (the search may not have checked them all)."""
    return len(_computed(game))


def _computed(game: HeapGame) -> Any:
    """Every value computed so far (the engine's, which runs ahead of the search's prefix)."""
    engine = getattr(game, "_engine", None)
    return game._values if engine is None else engine.values


def save_checkpoint(game: HeapGame, path: str | os.PathLike[str]) -> int:
    """Write the values computed so far to ``path`` (atomically); returns how many."""
    import numpy as np

    values = np.asarray(_computed(game), dtype=np.uint32)
    meta = {"format": _FORMAT, "game": repr(game), "heaps": len(values), "sha256": _digest(values)}
    target = Path(path)
    partial = target.with_name(target.name + ".partial")
    with open(partial, "wb") as handle:
        np.savez(handle, values=values, meta=np.array(json.dumps(meta)))
    os.replace(partial, target)
    return len(values)


def load_checkpoint(game: HeapGame, path: str | os.PathLike[str]) -> int:
    """Resume ``game`` from ``path``; returns the heaps loaded.  Refuses another game's file."""
    import numpy as np

    try:
        with np.load(path, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            values = data["values"]
    except (OSError, ValueError, KeyError) as error:
        raise CheckpointError(f"{path}: not a readable checkpoint ({error})") from None
    if meta.get("format") != _FORMAT or meta.get("game") != repr(game):
        raise CheckpointError(
            f"{path} is a checkpoint of {meta.get('game')!r}, not of {game!r}: choose another file"
        )
    if meta.get("heaps") != len(values) or meta.get("sha256") != _digest(values):
        raise CheckpointError(f"{path} is damaged (its values do not match their SHA-256)")
    if len(values) > len(_computed(game)):
        engine = game._engine  # type: ignore[attr-defined]
        engine.load(values)
        game._values = engine.values
    return len(values)


class _Display:
    """A rich progress bar on stderr (or nothing), and the checkpoint clock."""

    def __init__(self, game: HeapGame, upto: int, show: bool) -> None:
        self.game, self.upto = game, upto
        self.progress: Any = None
        self.task: Any = None
        if show:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
            )

            self.progress = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("{task.fields[status]}"),
                TimeElapsedColumn(),
                console=Console(file=sys.stderr),
                transient=False,
            )

    def __enter__(self) -> _Display:
        if self.progress is not None:
            self.progress.start()
            self.task = self.progress.add_task(f"{self.game!r}", total=self.upto, status="starting")
        return self

    def __exit__(self, *exc: object) -> None:
        if self.progress is not None:
            self.progress.stop()

    def update(self, heaps: int, status: str) -> None:
        if self.progress is not None and self.task is not None:
            self.progress.update(self.task, completed=min(heaps, self.upto), status=status)


def long_search(
    game: HeapGame,
    upto: int,
    *,
    checkpoint: str | os.PathLike[str] | None = None,
    every: float = 60.0,
    progress: bool = True,
) -> Periodicity | None:
    """Search ``game`` for a certified period among its first ``upto`` heaps (see the module).

    On Ctrl-C the values so far are saved to ``checkpoint`` (if given) before the
    ``KeyboardInterrupt`` goes on; calling again with the same file resumes.
    """
    if not isinstance(upto, int) or isinstance(upto, bool) or upto < 1:
        raise InvalidArgumentError(f"upto is a positive int, got {upto!r}")
    if checkpoint is not None and Path(checkpoint).exists():
        load_checkpoint(game, checkpoint)
    if game._periodicity is not None:
        return game._periodicity
    last_save = time.monotonic()
    engine = getattr(game, "_engine", None)

    def status() -> str:
        mask = getattr(engine, "mask", 0)
        size = getattr(engine, "size", len(game._values))
        return f"heaps {size:,}  mask {mask:#x}" if mask else f"heaps {size:,}  plain mex"

    with _Display(game, upto, progress) as display:

        def report(heaps: int, bound: int) -> None:
            nonlocal last_save
            display.update(heaps, status())
            if checkpoint is not None and time.monotonic() - last_save >= every:
                save_checkpoint(game, checkpoint)
                last_save = time.monotonic()

        game.search_bound = max(game.search_bound, upto)
        try:
            found = game.search_period(upto, progress=report)
        except KeyboardInterrupt:
            if checkpoint is not None and len(_computed(game)):
                save_checkpoint(game, checkpoint)
            raise
        display.update(upto if found is None else game._searched_upto, status())
    if checkpoint is not None and len(_computed(game)):
        save_checkpoint(game, checkpoint)
    return found
