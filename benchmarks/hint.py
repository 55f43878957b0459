"""What "what would the expert play?" costs: the time of :meth:`hearts_lab.table.Table.hint` at the student's turns.

The student sits at seat 0 of fresh standard 4-player tables (seeds 1, 2, ...)
against the easy bots, passes their three highest cards, asks for the hint at
every turn and plays the expert's card. Every hint is timed (CPU time of this
process, which a busy machine does not inflate, and the wall clock). Printed:
hints timed, legal cards per hint, and the median, 95th percentile and largest
time in milliseconds. The hint is the registry's expert (32 sampled deals per
position, each legal card played out in each).

Usage::

    .venv/bin/python benchmarks/hint.py              # 3 hands (39 hints)
    .venv/bin/python benchmarks/hint.py --hands 10
"""

from __future__ import annotations

import argparse
import statistics
import time

from hearts_lab.table import Table


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=3, help="hands played, one per fresh table (default 3)")
    args = parser.parse_args()
    cpu: list[float] = []
    wall: list[float] = []
    legal: list[int] = []
    for seed in range(1, args.hands + 1):
        table = Table(seed=seed, bots="easy")
        if table.passing:
            table.pass_cards(sorted(table.hand.cards(0), key=lambda c: c.sort_key())[-3:])
        while table.scored is None and not table.moon_pending:
            record = table.hand.to_json()
            start_cpu, start_wall = time.process_time(), time.perf_counter()
            hint = table.hint()
            cpu.append(time.process_time() - start_cpu)
            wall.append(time.perf_counter() - start_wall)
            legal.append(len(hint.values))
            assert table.hand.to_json() == record  # the hint changed nothing
            report = table.play(hint.best)
            assert report.ok, report.text
    print(f"{len(cpu)} hints in {args.hands} hands; {statistics.mean(legal):.1f} legal cards per hint on average")
    for name, values in (("CPU", cpu), ("wall", wall)):
        ms = [v * 1000 for v in values]
        print(f"  {name:>4}: median {statistics.median(ms):.0f} ms, 95th percentile {percentile(ms, 0.95):.0f} ms, largest {max(ms):.0f} ms")


if __name__ == "__main__":
    main()
