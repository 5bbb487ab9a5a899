"""Build FujiGokoro, the C++ UECda client of the kit (``fujigokoro/``, GPL-3), for the C server.

`build_fujigokoro` runs the kit's own ``fujigokoro/build-fujigokoro.sh`` (g++ with C++20) into a
cache directory named by a hash of its sources and the compiler
(``$XDG_CACHE_HOME/cgt-uecda/fujigokoro-<hash>``) and reuses that build while they are unchanged,
as `games.daihinmin.network.kit.build_kit` does for the server, the default client and jn17.
The kit ships FujiGokoro without its learned parameters (they are Git LFS objects upstream), so
the program plays with flat policy and estimation weights; its thinking time is adaptive (the
program stops searching by itself; ``-sc N`` fixes N play-outs per decision, ``-th N`` the
threads).  See ``../shared/uecda/fujigokoro/README.md``.

>>> from games.daihinmin.network.fujigokoro import fujigokoro_command
>>> fujigokoro_command("/cache/fg", threads=1)
['/cache/fg/fujigokoro', '-th', '1']
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from games.daihinmin.network.kit import UecdaKitError, cache_root, kit_source

__all__ = ["build_fujigokoro", "fujigokoro_command"]


def _hash(source: Path, compiler: str) -> str:
    digest = hashlib.sha256(compiler.encode())
    for file in sorted(source.rglob("*")):
        if file.is_file():
            digest.update(str(file.relative_to(source)).encode() + b"\0")
            digest.update(file.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def build_fujigokoro(
    kit: str | os.PathLike[str] | None = None,
    cache: str | os.PathLike[str] | None = None,
    *,
    timeout: float = 1800.0,
) -> Path:
    """The directory of a FujiGokoro build (its wrapper is ``fujigokoro`` there); builds it
    with the kit's script if the cache has none.  Raises `UecdaKitError` if the kit has no
    ``fujigokoro/``, there is no C++ compiler (``$CXX``, default g++) or the build fails."""
    source = kit_source(kit) / "fujigokoro"
    script = source / "build-fujigokoro.sh"
    if not script.is_file():
        raise UecdaKitError(f"the kit has no FujiGokoro ({script} is missing)")
    compiler = os.environ.get("CXX", "g++")
    if shutil.which(compiler) is None:
        raise UecdaKitError(f"cannot build FujiGokoro: compiler {compiler!r} not found")
    root = Path(cache) if cache is not None else cache_root()
    target = root / f"fujigokoro-{_hash(source, compiler)}"
    if os.access(target / "fujigokoro", os.X_OK):
        return target
    root.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=".fujigokoro-", dir=root))
    try:
        try:
            run = subprocess.run(
                ["bash", str(script), str(scratch / "out")],
                capture_output=True,
                text=True,
                timeout=timeout,
                check=False,
            )
        except subprocess.TimeoutExpired as exc:
            raise UecdaKitError(f"building FujiGokoro took more than {timeout} s") from exc
        if run.returncode != 0:
            tail = "\n".join((run.stdout + run.stderr).splitlines()[-15:])
            raise UecdaKitError(f"building FujiGokoro failed ({run.returncode}):\n{tail}")
        try:
            (scratch / "out").rename(target)
        except OSError:
            if not os.access(target / "fujigokoro", os.X_OK):  # not another process's build
                raise
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return target


def fujigokoro_command(build: str | os.PathLike[str], *, threads: int | None = None) -> list[str]:
    """The command line of a FujiGokoro client of ``build`` (``-p PORT`` is added by the
    tournament); ``threads``: its Monte Carlo threads (default: the program's own, min(8,
    cores))."""
    argv = [str(Path(build) / "fujigokoro")]
    if threads is not None:
        argv += ["-th", str(threads)]
    return argv
