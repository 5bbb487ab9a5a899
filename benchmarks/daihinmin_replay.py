"""Large conformance runs: games of the real C server (tndhms) between the C default client and
jn17, recorded through the proxy of `games.daihinmin.network.recording` and replayed in our engine.

Prints, per run and in total, the number of checks of each kind, the game events seen (8-cuts,
revolutions, locks, lone jokers, ...), the disagreements (there should be none) and the known,
documented differences; and the time spent playing and replaying.

    python benchmarks/daihinmin_replay.py --runs 4 --games 250          # 1000 games
    python benchmarks/daihinmin_replay.py --runs 1 --games 50 --save /tmp/records

Each run is a new server process (it seeds its random numbers, hence seats and deals, with the
time); jn17 sits at player number ``run % 5`` (``--jn17 0`` for default clients only, ``--jn17
2`` for two jn17); ``--chaos K`` puts K chaos clients (``tests/daihinmin/test_replay_c_server.py``:
fragmented tables, illegal plays, junk, invalid exchanges) in place of default clients.

Measured (2 shared cores, load 7-10):

* 5 runs x 220 games, jn17 + 4 default clients: 1100 games, 89,574 turns, 5,817,522 checks,
  0 disagreements, 21 known differences (the lock bit of the field table after a 3S answer),
  426 s playing, 51 s replaying;
* 5 runs x 220 games, jn17 + 3 default clients + 1 chaos client, with the checks of
  `games.daihinmin.network.table`'s writers: 1100 games, 89,544 turns, 6,359,161 checks,
  0 disagreements, 86 known (the same 43 3S answers, two checks each), 4,067 refused
  submissions, 456 s playing, 37 s replaying.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from games.daihinmin.network import kit as uecda_kit
from games.daihinmin.network.recording import record_run, write_record
from games.daihinmin.network.replay import ReplayReport, replay_run

_CHAOS = Path(__file__).resolve().parents[1] / "tests" / "daihinmin" / "test_replay_c_server.py"


def _lineup(kit: uecda_kit.UecdaKit, run: int, jn17: int, chaos: int) -> list[str]:
    commands = [str(kit.client)] * 5
    for k in range(jn17):
        commands[(run + 2 * k) % 5] = str(kit.jn17)
    free = [p for p in range(5) if commands[p] == str(kit.client)]
    for k, p in enumerate(free[:chaos]):
        commands[p] = f"{sys.executable} {_CHAOS} chaos mixed {100 * run + k}"
    return commands


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=4, help="server runs (default 4)")
    parser.add_argument("--games", type=int, default=250, help="games per run (default 250)")
    parser.add_argument("--jn17", type=int, default=1, help="jn17 clients per run (default 1)")
    parser.add_argument(
        "--chaos",
        type=int,
        default=0,
        help="default clients replaced by the chaos client of the tests (illegal plays, junk)",
    )
    parser.add_argument("--save", type=Path, help="directory for the record files")
    parser.add_argument("--timeout", type=float, default=3600.0, help="seconds per run")
    args = parser.parse_args(argv)
    kit = uecda_kit.build_kit()
    total = ReplayReport()
    played = replayed = 0.0
    for run in range(args.runs):
        lineup = _lineup(kit, run, args.jn17, args.chaos)
        start = time.perf_counter()
        record = record_run(args.games, lineup, kit=kit, timeout=args.timeout)
        middle = time.perf_counter()
        report = replay_run(record)
        end = time.perf_counter()
        played += middle - start
        replayed += end - middle
        if args.save:
            args.save.mkdir(parents=True, exist_ok=True)
            write_record(args.save / f"run{run}.jsonl.gz", record)
        names = ",".join(record.names)
        print(
            f"run {run} ({names}): {report.games} games, {report.turns} turns, "
            f"{sum(report.checks.values())} checks, {len(report.disagreements)} disagreements, "
            f"{len(report.known)} known; played in {middle - start:.1f} s, "
            f"replayed in {end - middle:.1f} s",
            flush=True,
        )
        for item in report.disagreements[:3]:
            print(item.describe())
        total.merge(report)
    print()
    print(total.summary(limit=50))
    print(f"time: {played:.1f} s playing and recording, {replayed:.1f} s replaying")
    return 0 if total.ok else 1


if __name__ == "__main__":
    sys.exit(main())
