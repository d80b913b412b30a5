"""How long the command line takes to answer: --help, catalogue show, army validate.

    .venv/bin/python benchmarks/cli.py [RUNS]

Each command runs RUNS times (default 7) as a fresh process on a demo database in a
temporary folder; the median wall time and the median CPU time (user + system of the
child, steadier on a shared machine) are printed. The issue's targets: --help under 0.3 s,
catalogue show and army validate under 0.5 s. Nothing is asserted.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

COMMANDS = {
    "--help": ["--help"],
    "catalogue show": ["catalogue", "show", "demo:7"],
    "army validate": ["army", "validate", "Rich"],
}


#: Said when every run compiles the package again: part of each time, which an installed
#: copy (its bytecode compiled when installed) does not spend.
BYTECODE_NOTE = ("(PYTHONDONTWRITEBYTECODE is set: unless their bytecode was compiled "
                 "beforehand, every run compiles armybuilder's modules again)")


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "armybuilder", *argv], env=env, check=False,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "ARMYBUILDER_DB": str(Path(folder) / "bench.sqlite")}
        for argv in (["army", "new", "Rich", "--total", "200"],
                     ["army", "add", "Rich", "demo:3", "--count", "3"]):
            subprocess.run([sys.executable, "-m", "armybuilder", *argv], env=env, check=True,
                           stdout=subprocess.DEVNULL)
        print(f"{'command':<16} {'wall (median)':>14} {'cpu (median)':>13}   ({runs} runs; "
              f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs)")
        for label, argv in COMMANDS.items():
            times = [timed(argv, env) for _ in range(runs)]
            wall = statistics.median(t[0] for t in times)
            cpu = statistics.median(t[1] for t in times)
            print(f"{label:<16} {wall:>12.3f} s {cpu:>11.3f} s")
        if os.environ.get("PYTHONDONTWRITEBYTECODE"):
            print(BYTECODE_NOTE)


if __name__ == "__main__":
    main()
