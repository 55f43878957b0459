"""Worksheet 5 (capstone): how long a simulation takes with each kind of player the checks replay.

Worksheet 5's Q3 prose and ``hearts_lab/exercises/ws5.py`` (``MAX_HANDS``,
``MAX_ENGINE_HANDS``) state these figures: the engine's heuristic players per
1,000 hands, and the batch path's random and lowest players per 200,000 hands,
for standard Hearts with 4 players and Cancellation Hearts with 6 (the
teacher's example). Each run is timed once after a short warm-up, by CPU time
(user + system, steady on a shared machine) and by wall clock. ``--every-table``
times the heuristic players instead for every preset and player count the
capstone allows, per 10,000 hands, against the ranges Q2's text states
(``ws5.HEURISTIC_SECONDS``, by the number of packs). Usage::

    .venv/bin/python benchmarks/capstone_players.py
    .venv/bin/python benchmarks/capstone_players.py --engine-hands 2000 --batch-hands 200000
    .venv/bin/python benchmarks/capstone_players.py --every-table --engine-hands 300
"""

from __future__ import annotations

import argparse
import os
import resource
import time

from hearts_lab import Rules
from hearts_lab.exercises.ws5 import HEURISTIC_SECONDS
from hearts_lab.rules import PRESET_PLAYERS
from hearts_lab.simulate import simulate

TABLES = (("standard", 4), ("cancellation", 6))


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _timed(rules: Rules, hands: int, bots: str) -> tuple[float, float]:
    cpu, wall = _cpu(), time.perf_counter()
    simulate(rules, hands, bots=bots, seed=7)
    return _cpu() - cpu, time.perf_counter() - wall


def every_table(hands: int) -> None:
    """The heuristic players at every preset and player count, per 10,000 hands, against Q2's stated ranges."""
    for preset, allowed in PRESET_PLAYERS.items():
        for players in allowed:
            rules = Rules.preset(preset, players=players)
            simulate(rules, 10, bots="heuristic", seed=1)  # warm-up
            cpu, wall = _timed(rules, hands, "heuristic")
            per = 10_000 * cpu / hands
            low, high = HEURISTIC_SECONDS[rules.decks]
            print(f"{preset}, {players} players, {rules.decks} pack(s), heuristic: {per:.1f} s CPU per 10,000 hands "
                  f"({hands:,} hands, {10_000 * wall / hands:.1f} s wall); Q2 says {low} to {high}: "
                  f"{'within' if low <= per <= high else 'OUTSIDE'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--engine-hands", type=int, default=1000, help="hands per heuristic run (default 1,000)")
    parser.add_argument("--batch-hands", type=int, default=200_000, help="hands per random or lowest run (default 200,000)")
    parser.add_argument("--every-table", action="store_true", help="the heuristic players at every preset and player count")
    args = parser.parse_args()
    print(f"load average at the start: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    if args.every_table:
        every_table(args.engine_hands)
        print(f"load average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
        return
    for preset, players in TABLES:
        rules = Rules.preset(preset, players=players)
        simulate(rules, 20, bots="heuristic", seed=1)  # warm-up: imports, caches
        simulate(rules, 1000, bots="random", seed=1)
        cpu, wall = _timed(rules, args.engine_hands, "heuristic")
        print(f"{preset}, {players} players, heuristic: {args.engine_hands:,} hands in {cpu:.2f} s CPU "
              f"({1000 * cpu / args.engine_hands:.2f} ms a hand), {wall:.2f} s wall")
        for bots in ("random", "lowest"):
            cpu, wall = _timed(rules, args.batch_hands, bots)
            print(f"{preset}, {players} players, {bots}: {args.batch_hands:,} hands in {cpu:.2f} s CPU "
                  f"({10_000 * cpu / args.batch_hands:.3f} s per 10,000), {wall:.2f} s wall")
    print(f"load average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
