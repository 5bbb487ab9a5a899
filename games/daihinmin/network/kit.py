"""Locate and build the UECda C kit (server ``tndhms``, default client, jn17); run C tournaments.

The kit (``../shared/uecda`` next to the repository, or the directory in ``$UECDA_KIT``) is
read-only: `build_kit` compiles it with its own ``build.sh`` into a cache directory named by a
hash of the kit's sources (``$XDG_CACHE_HOME/cgt-uecda/<hash>``, default ``~/.cache``), and
reuses that build while the sources are unchanged.  `run_tournament` plays N games on the C
server the way the kit's ``play.sh`` does and returns the points and ranks of every game.

>>> from games.daihinmin.network.kit import UecdaKitError, kit_source
>>> kit_source("/nonexistent/uecda")
Traceback (most recent call last):
...
games.daihinmin.network.kit.UecdaKitError: no UECda kit at /nonexistent/uecda (no build.sh ...
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cgt

__all__ = [
    "Client",
    "RunComparison",
    "TournamentResult",
    "UecdaKit",
    "UecdaKitError",
    "build_kit",
    "cache_root",
    "compare_runs",
    "fixed_clock",
    "kit_source",
    "run_on_our_server",
    "run_tournament",
]

_REPO = Path(__file__).resolve().parents[3]
#: the parts of the kit that build.sh compiles or copies (their contents make the cache key)
_SOURCE_PARTS = ("build.sh", "server", "client-default", "jn17", "tools")


class UecdaKitError(cgt.CGTError):
    """The UECda kit is missing, cannot be built, or a C tournament failed."""


@dataclass(frozen=True)
class UecdaKit:
    """Paths of a built kit: `server` (tndhms), `client` (default client), `jn17` (a wrapper
    script that runs jn17 from its own directory), `config` (the devkit's ``tndhms.cfg``)."""

    source: Path
    build: Path
    server: Path
    client: Path
    jn17: Path
    config: Path


def kit_source(path: str | os.PathLike[str] | None = None) -> Path:
    """The kit directory: `path`, else ``$UECDA_KIT``, else ``<repo>/../shared/uecda``."""
    chosen = path if path is not None else os.environ.get("UECDA_KIT")
    kit = Path(chosen) if chosen else _REPO.parent / "shared" / "uecda"
    if not (kit / "build.sh").is_file():
        raise UecdaKitError(
            f"no UECda kit at {kit} (no build.sh there); set UECDA_KIT to the kit directory"
        )
    return kit.resolve()


def cache_root() -> Path:
    """``$XDG_CACHE_HOME/cgt-uecda`` (default ``~/.cache/cgt-uecda``)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "cgt-uecda"


def _source_hash(kit: Path, compiler: str) -> str:
    digest = hashlib.sha256(compiler.encode())
    for part in _SOURCE_PARTS:
        root = kit / part
        files = sorted(root.rglob("*")) if root.is_dir() else [root]
        for file in files:
            if file.is_file():
                digest.update(str(file.relative_to(kit)).encode() + b"\0")
                digest.update(file.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def _paths(kit: Path, build: Path) -> UecdaKit:
    return UecdaKit(
        source=kit,
        build=build,
        server=build / "tndhms",
        client=build / "client",
        jn17=build / "jn17",
        config=build / "tndhms.cfg",
    )


def _complete(built: UecdaKit) -> bool:
    files = (built.server, built.client, built.jn17, built.build / "jn17.d" / "jn17")
    return all(os.access(f, os.X_OK) for f in files) and built.config.is_file()


def build_kit(
    kit: str | os.PathLike[str] | None = None,
    cache: str | os.PathLike[str] | None = None,
    *,
    timeout: float = 600.0,
) -> UecdaKit:
    """Build the kit (or reuse the cached build of the same sources) and return its paths.

    `kit` defaults to `kit_source()`, `cache` to `cache_root()`.  The build goes to a fresh
    directory that is renamed into place, so concurrent callers never see a half-built kit.
    Raises `UecdaKitError` if there is no kit, no compiler (``$CC``, default gcc) or the build
    fails (the message ends with the tail of the build log).
    """
    source = kit_source(kit)
    compiler = os.environ.get("CC", "gcc")
    if shutil.which(compiler) is None:
        raise UecdaKitError(f"cannot build the UECda kit: compiler {compiler!r} not found")
    root = Path(cache) if cache is not None else cache_root()
    target = root / _source_hash(source, compiler)
    built = _paths(source, target)
    if _complete(built):
        return built
    root.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=root))
    try:
        try:
            run = subprocess.run(
                ["bash", str(source / "build.sh"), str(scratch / "out")],
                capture_output=True,
                text=True,
                timeout=timeout,
                check=False,
            )
        except subprocess.TimeoutExpired as exc:
            raise UecdaKitError(f"building the UECda kit took more than {timeout} s") from exc
        if run.returncode != 0:
            tail = "\n".join((run.stdout + run.stderr).splitlines()[-15:])
            raise UecdaKitError(
                f"building the UECda kit failed (build.sh {run.returncode}):\n{tail}"
            )
        if target.exists() and not _complete(built):
            shutil.rmtree(target, ignore_errors=True)  # a broken earlier build
        try:
            (scratch / "out").rename(target)
        except OSError:
            if not _complete(built):  # another process won the race with a broken build?
                raise
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if not _complete(built):
        raise UecdaKitError(f"the UECda kit build in {target} is incomplete")
    return built


# ------------------------------------------------------------------ C tournaments

#: a client: a shell command line, an argv list, or a callable run in a thread with the port
Client = str | Sequence[str] | Callable[[int], object]


@dataclass(frozen=True)
class TournamentResult:
    """What the C server reported: `names` (from the profiles), `ranks[g][p]` = rank of player p
    in game g (0 = daifugo .. 4 = daihinmin), `totals[g][p]` = p's cumulative points after game
    g, `elapsed` (seconds from the 5th connection to the server's exit), `returns` (what each
    callable client returned, None for processes), `log` (the server's console output)."""

    names: tuple[str, ...]
    ranks: tuple[tuple[int, ...], ...]
    totals: tuple[tuple[int, ...], ...]
    elapsed: float
    returns: tuple[object, ...]
    log: str
    #: the `MatchResult` (faults, rejected submissions) when our server ran the games
    match: Any = None

    @property
    def games(self) -> int:
        """Number of games played."""
        return len(self.ranks)

    @property
    def points(self) -> tuple[int, ...]:
        """Total points per player (5 for a daifugo .. 1 for a daihinmin, every game)."""
        return self.totals[-1] if self.totals else (0,) * 5

    def game_points(self, player: int) -> list[int]:
        """Points of `player` in each game (5 - rank)."""
        return [5 - ranks[player] for ranks in self.ranks]


def _write_config(base: Path, target: Path, settings: Mapping[str, str]) -> None:
    wanted = {key.upper(): value for key, value in settings.items()}
    lines = []
    for line in base.read_text().splitlines():
        words = line.split()
        if words and words[0].upper() in wanted:
            continue  # replaced below
        lines.append(line)
    lines += [f"{key}\t{value}" for key, value in wanted.items()]
    target.write_text("\n".join(lines) + "\n")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class _Run:
    """The processes and threads of one tournament; `stop` ends all of them."""

    def __init__(self, work: Path) -> None:
        self.work = work
        self.log = work / "server.log"
        self.server: subprocess.Popen[bytes] | None = None
        self.clients: list[subprocess.Popen[bytes] | threading.Thread] = []
        self.returns: list[object] = []
        self.errors: list[BaseException | None] = []

    def text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def count(self, marker: str) -> int:
        return sum(line.startswith(marker) for line in self.text().splitlines())

    def alive(self, client: subprocess.Popen[bytes] | threading.Thread) -> bool:
        if isinstance(client, threading.Thread):
            return client.is_alive()
        return client.poll() is None

    def fail(self, message: str) -> UecdaKitError:
        tail = "\n".join(self.text().splitlines()[-8:])
        details = [f"{message}", f"server log ({self.log}):", tail]
        for k, error in enumerate(self.errors):
            if error is not None:
                details.append(f"client {k} raised {type(error).__name__}: {error}")
        for k in range(len(self.clients)):
            log = self.work / f"client{k}.log"
            if log.exists() and log.stat().st_size:
                details.append(f"client {k} log: " + " | ".join(log.read_text().splitlines()[-3:]))
        return UecdaKitError("\n".join(details))

    def stop(self) -> None:
        procs = [p for p in [self.server, *self.clients] if isinstance(p, subprocess.Popen)]
        for sig in (signal.SIGTERM, signal.SIGKILL):
            for proc in procs:
                if proc.poll() is None:
                    with contextlib.suppress(ProcessLookupError, PermissionError):
                        os.killpg(proc.pid, sig)
            deadline = time.monotonic() + 1.0
            while any(p.poll() is None for p in procs) and time.monotonic() < deadline:
                time.sleep(0.02)
        for proc in procs:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=1.0)


def fixed_clock(kit: UecdaKit) -> Path:
    """The shared library that stops the C server's clock (``fixed_clock.c`` beside this
    module, compiled once per kit build with ``$CC``): preloaded, it makes ``time()`` return
    ``$CGT_UECDA_SEED``, and the server seeds its deals with ``time(NULL)``."""
    target = kit.build / "fixed_clock.so"
    if target.exists():
        return target
    compiler = os.environ.get("CC", "gcc")
    source = Path(__file__).with_name("fixed_clock.c")
    scratch = target.with_name(f".fixed_clock.{os.getpid()}.{threading.get_ident()}.so")
    try:
        built = subprocess.run(
            [compiler, "-shared", "-fPIC", "-O2", "-o", str(scratch), str(source)],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise UecdaKitError(f"cannot compile {source.name}: {exc}") from exc
    if built.returncode != 0:
        raise UecdaKitError(f"cannot compile {source.name}:\n{built.stderr[-2000:]}")
    scratch.replace(target)  # atomic: concurrent callers see a whole library or none
    return target


def _server_environment(kit: UecdaKit, seed: int | None) -> dict[str, str] | None:
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**31:
        raise UecdaKitError(f"a C server seed is an int in 0..2**31-1, got {seed!r}")
    preload = " ".join(filter(None, [str(fixed_clock(kit)), os.environ.get("LD_PRELOAD")]))
    return {**os.environ, "LD_PRELOAD": preload, "CGT_UECDA_SEED": str(seed)}


def _start_server(run: _Run, kit: UecdaKit, seed: int | None = None) -> int:
    stdbuf = ["stdbuf", "-oL", "-eL"] if shutil.which("stdbuf") else []
    environment = _server_environment(kit, seed)
    for _attempt in range(5):
        port = _free_port()
        with run.log.open("wb") as out:
            run.server = subprocess.Popen(
                [*stdbuf, str(kit.server), "-c", "tndhms.cfg", "-p", str(port)],
                cwd=run.work,
                stdout=out,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
                env=environment,
            )
        deadline = time.monotonic() + 5.0
        while run.server.poll() is None and time.monotonic() < deadline:
            if not stdbuf or run.count("now waiting 0"):
                return port
            time.sleep(0.02)
        run.stop()
    raise run.fail("the C server did not start (5 attempts)")


def _start_client(run: _Run, index: int, client: Client, port: int, kit: UecdaKit) -> None:
    run.returns.append(None)
    run.errors.append(None)
    if callable(client):

        def body(play: Callable[[int], object] = client) -> None:
            try:
                run.returns[index] = play(port)
            except BaseException as exc:  # reported by run_tournament
                run.errors[index] = exc

        thread = threading.Thread(target=body, name=f"uecda-client-{index}", daemon=True)
        thread.start()
        run.clients.append(thread)
        return
    if isinstance(client, str):
        line = client.replace("{PORT}", str(port)) if "{PORT}" in client else f"{client} -p {port}"
        argv: list[str] = ["bash", "-c", line]
    else:
        argv = [a.replace("{PORT}", str(port)) for a in client]
        if not any("{PORT}" in a for a in client):
            argv += ["-p", str(port)]
    with (run.work / f"client{index}.log").open("wb") as out:
        run.clients.append(
            subprocess.Popen(
                argv,
                stdout=out,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )
        )


def _parse(
    run: _Run, games: int
) -> tuple[tuple[str, ...], list[tuple[int, ...]], list[tuple[int, ...]]]:
    names = tuple(line[6:] for line in run.text().splitlines() if line.startswith("NAME: "))

    def rows(name: str) -> list[tuple[int, ...]]:
        path = run.work / name
        if not path.exists():
            raise run.fail(f"the C server wrote no {name}")
        return [tuple(int(x) for x in line.split()) for line in path.read_text().splitlines()]

    totals, ranks = rows("debug.dat"), rows("debug2.dat")
    if len(totals) != games or len(ranks) != games:
        raise run.fail(f"the C server played {len(totals)} of {games} games")
    previous: tuple[int, ...] = (0,) * 5
    for game, (total, rank) in enumerate(zip(totals, ranks, strict=True), 1):
        gained = tuple(t - p for t, p in zip(total, previous, strict=True))
        if sorted(rank) != [0, 1, 2, 3, 4] or gained != tuple(5 - r for r in rank):
            raise run.fail(f"game {game}: ranks {rank} do not match the points {total}")
        previous = total
    return names, ranks, totals


def run_tournament(
    games: int,
    clients: Sequence[Client] = (),
    *,
    kit: UecdaKit | None = None,
    settings: Mapping[str, str] | None = None,
    logger: bool = False,
    timeout: float = 600.0,
    connect_timeout: float = 30.0,
    workdir: str | os.PathLike[str] | None = None,
    seed: int | None = None,
) -> TournamentResult:
    """Play `games` games on the C server ``tndhms`` with up to 5 `clients` (player order).

    A client is a shell command line, an argv list (``{PORT}`` is replaced by the server's port,
    else ``-p PORT`` is appended) or a callable run in a thread with the port (its return value
    lands in `TournamentResult.returns`).  Missing clients are default clients.  The config is
    the kit's ``tndhms.cfg`` with GAME_NUMBER, no window, console output, FLAG_LOGGER (`logger`)
    and any `settings` (e.g. ``{"RULE_SEKIGAE": "no"}``).  The run happens in a temporary
    directory (or `workdir`, which is kept: server.log, clientK.log, debug.dat, logs/).

    The server seeds its deals from the clock, so two runs deal differently; with a `seed` its
    clock is stopped at that value (`fixed_clock`), and the same seed deals the same games
    (with clients that decide alike, the whole run is repeatable).

    Raises `UecdaKitError` on a timeout (`timeout` for the whole run, `connect_timeout` per
    client), a client that exits early (the C server would then spin forever), or missing
    games.  Every process started is killed before returning.
    """
    if not 1 <= games <= 14999:
        raise UecdaKitError(f"games must be in 1..14999 (the server's arrays), got {games}")
    if len(clients) > 5:
        raise UecdaKitError(f"at most 5 clients, got {len(clients)}")
    kit = kit or build_kit()
    work = Path(workdir) if workdir is not None else Path(tempfile.mkdtemp(prefix="uecda-play."))
    work.mkdir(parents=True, exist_ok=True)
    if logger:
        (work / "logs").mkdir(exist_ok=True)
    conf = {"GAME_NUMBER": str(games), "WINDOW_TYPE": "console", "GRAPH_WINDOW": "none"}
    conf |= {"CONSOLE_TYPE": "console", "FLAG_LOGGER": "yes" if logger else "no"}
    _write_config(kit.config, work / "tndhms.cfg", {**conf, **(settings or {})})
    lineup = [*clients] + [[str(kit.client), "-n", f"default{k}"] for k in range(len(clients), 5)]
    run = _Run(work)
    try:
        port = _start_server(run, kit, seed)
        for index, client in enumerate(lineup):
            _start_client(run, index, client, port, kit)
            deadline = time.monotonic() + connect_timeout
            while run.count("accepted from") <= index:
                if run.server is None or run.server.poll() is not None:
                    raise run.fail(f"the C server exited while client {index} connected")
                if not run.alive(run.clients[index]) or time.monotonic() > deadline:
                    raise run.fail(f"client {index} was not accepted")
                time.sleep(0.01)
        start = time.monotonic()
        deadline, early = start + timeout, 0.0
        while run.server is not None and run.server.poll() is None:
            now = time.monotonic()
            if now > deadline:
                raise run.fail(f"timeout after {timeout} s ({run.count('=====')} games played)")
            quitters = [k for k, c in enumerate(run.clients) if not run.alive(c)]
            if quitters and not early:
                early = now
            elif quitters and now - early > 3.0 and "total point" not in run.text():
                # the C server spins forever now (unless it has played every game and is
                # only slow to exit: its totals are printed, and the clients leave at once)
                raise run.fail(f"client {quitters[0]} exited while the server was running")
            time.sleep(0.02)
        elapsed = time.monotonic() - start
        for started in run.clients:
            if isinstance(started, threading.Thread):
                started.join(timeout=5.0)
            else:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    started.wait(timeout=5.0)
        if any(error is not None for error in run.errors):
            raise run.fail("a client raised an exception")
        names, ranks, totals = _parse(run, games)
        return TournamentResult(
            names, tuple(ranks), tuple(totals), elapsed, tuple(run.returns), run.text()
        )
    finally:
        run.stop()
        if workdir is None:
            shutil.rmtree(work, ignore_errors=True)


def run_on_our_server(
    games: int,
    clients: Sequence[Client] = (),
    *,
    kit: UecdaKit | None = None,
    timeout: float = 600.0,
    connect_timeout: float = 30.0,
    workdir: str | os.PathLike[str] | None = None,
    **server_options: Any,
) -> TournamentResult:
    """`run_tournament` with our server (`games.daihinmin.network.server.run_server`, in a thread)
    instead of ``tndhms``: the same clients (missing ones are C default clients), the same
    result (`TournamentResult.match` holds the `MatchResult`).  `server_options` go to
    `run_server` (``seed``, ``rules``, ``move_timeout``, ``log_dir``, ...)."""
    from games.daihinmin.network.server import run_server

    if len(clients) > 5:
        raise UecdaKitError(f"at most 5 clients, got {len(clients)}")
    kit = kit or build_kit()
    work = Path(workdir) if workdir is not None else Path(tempfile.mkdtemp(prefix="uecda-ours."))
    work.mkdir(parents=True, exist_ok=True)
    lineup = [*clients] + [[str(kit.client), "-n", f"default{k}"] for k in range(len(clients), 5)]
    run = _Run(work)
    listening = threading.Event()
    port: list[int] = []
    joined: list[tuple[int, str]] = []
    outcome: list[object] = []

    def listen(number: int) -> None:
        port.append(number)
        listening.set()

    def serve() -> None:
        try:
            outcome.append(
                run_server(
                    0,
                    games,
                    host="127.0.0.1",
                    ready=listen,
                    on_connect=lambda number, name: joined.append((number, name)),
                    connect_timeout=connect_timeout * 5,
                    **server_options,
                )
            )
        except BaseException as exc:  # reported below
            outcome.append(exc)
            listening.set()

    server = threading.Thread(target=serve, name="our-uecda-server", daemon=True)
    server.start()
    try:
        listening.wait(30)
        if not port:
            raise UecdaKitError(f"our server did not start: {outcome}")
        for index, client in enumerate(lineup):
            _start_client(run, index, client, port[0], kit)
            deadline = time.monotonic() + connect_timeout
            while len(joined) <= index:
                if not run.alive(run.clients[index]) or time.monotonic() > deadline:
                    raise run.fail(f"client {index} was not accepted by our server")
                time.sleep(0.005)
        start = time.monotonic()
        server.join(timeout)
        elapsed = time.monotonic() - start
        if server.is_alive():
            raise run.fail(f"our server did not finish within {timeout} s")
        for started in run.clients:  # the clients end after the last game-over flag
            if isinstance(started, threading.Thread):
                started.join(timeout=10.0)
            else:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    started.wait(timeout=10.0)
        if any(error is not None for error in run.errors):
            raise run.fail("a client raised an exception")
    finally:
        run.stop()  # the clients (our server then ends: dropped clients pass)
        server.join(30)
        if workdir is None:
            shutil.rmtree(work, ignore_errors=True)
    result = outcome[0] if outcome else None
    if isinstance(result, BaseException):
        raise UecdaKitError(f"our server failed: {type(result).__name__}: {result}") from result
    from games.daihinmin.rules.match import MatchResult

    assert isinstance(result, MatchResult)
    ranks = tuple(tuple(5 - p for p in points) for points in result.per_game)
    totals, running = [], [0] * 5
    for points in result.per_game:
        running = [r + p for r, p in zip(running, points, strict=True)]
        totals.append(tuple(running))
    return TournamentResult(
        tuple(result.names), ranks, tuple(totals), elapsed, tuple(run.returns), "", result
    )


# ------------------------------------------------------------------ comparing two runs


@dataclass(frozen=True)
class RunComparison:
    """Two runs of the same line-up (e.g. the C server and ours), compared.  `tests` lists
    ``(what, p_value)``; `lines` is a printable report.  Per player: Welch's t-test on the
    means of batches of `batch` games (games in a row are correlated through the ranks and the
    exchange, so single games are not independent samples); per rank r: a chi-square test that
    the ranks of the next game (within a rank period), pooled over players, are distributed
    alike after rank r (the exchange and the dealer shape these transitions)."""

    tests: tuple[tuple[str, float], ...]
    lines: tuple[str, ...]

    def worst(self) -> tuple[str, float]:
        """The test with the smallest p-value."""
        return min(self.tests, key=lambda t: t[1])

    def passed(self, alpha: float) -> bool:
        """Whether every p-value exceeds the Bonferroni-corrected ``alpha / len(tests)``."""
        return self.worst()[1] > alpha / len(self.tests)


def _batches(values: list[int], size: int) -> list[float]:
    return [sum(values[i : i + size]) / size for i in range(0, len(values) - size + 1, size)]


def _transitions(run: TournamentResult, period: int) -> list[list[int]]:
    counts = [[0] * 5 for _ in range(5)]
    for game in range(1, run.games):
        if game % period:  # game + 1 continues the rank period of game
            for p in range(5):
                counts[run.ranks[game - 1][p]][run.ranks[game][p]] += 1
    return counts


def compare_runs(
    a: TournamentResult, b: TournamentResult, *, batch: int = 10, period: int = 100
) -> RunComparison:
    """Compare two runs of the same line-up (see `RunComparison`); needs scipy."""
    from scipy import stats

    tests: list[tuple[str, float]] = []
    lines = [f"player      points/game  a | b      Welch p (batches of {batch} games)"]
    for p in range(5):
        x, y = a.game_points(p), b.game_points(p)
        welch = float(
            stats.ttest_ind(_batches(x, batch), _batches(y, batch), equal_var=False).pvalue
        )
        tests.append((f"points of player {p} ({a.names[p]})", welch))
        lines.append(
            f"{p} {a.names[p]:10} {sum(x) / len(x):6.3f} | {sum(y) / len(y):6.3f}   {welch:.4f}"
        )
    ta, tb = _transitions(a, period), _transitions(b, period)
    lines.append("after rank  next ranks a | b                       chi-square p")
    for r in range(5):
        columns = [k for k in range(5) if ta[r][k] + tb[r][k]]
        chi = float(
            stats.chi2_contingency(
                [[ta[r][k] for k in columns], [tb[r][k] for k in columns]]
            ).pvalue
        )
        tests.append((f"ranks after rank {r}", chi))
        lines.append(f"{r}           {ta[r]} | {tb[r]}   {chi:.4f}")
    return RunComparison(tuple(tests), tuple(lines))
