#!/usr/bin/env python3
"""Random-play speed of Hearts Lab's simulators against OpenSpiel, 4 players.

    .venv/bin/python benchmarks/simulate.py              # full run (about a minute on an idle machine)
    .venv/bin/python benchmarks/simulate.py --quick      # smaller samples
    .venv/bin/python benchmarks/simulate.py --profile    # cProfile of the batch path (CPU time)
    .venv/bin/python benchmarks/simulate.py --baseline /path/to/old/checkout   # old code, same run

Prints hands per second for

- the numpy batch path (``hearts_lab.simulate.simulate``, one core, no executor),
- the engine (``Hand.deal`` + four ``RandomBot`` + ``play_hand``),
- OpenSpiel's Hearts driven from Python (``pyspiel.load_game("hearts")``) at its
  fastest: a uniformly random action from ``legal_actions()`` at every node,
  chance nodes included; and the slower loop that samples ``chance_outcomes()``
  with ``random.choices`` (see ``openspiel_loops.py``),

taking turns round by round in the same run (each contender's best round, by
CPU time, the steadier measure on a shared machine, and by wall clock), the
ratios against OpenSpiel's faster loop, and a timed run of 1,000,000 random
hands through the batch path in a fresh process with its peak memory
(``ru_maxrss``). Targets: batch at least 40x OpenSpiel; a million hands in
under a minute on one core; under 1 GiB.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import resource
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import openspiel_loops  # noqa: E402

from hearts_lab import Hand, Rules  # noqa: E402
from hearts_lab.bots import RandomBot, play_hand  # noqa: E402
from hearts_lab.simulate import simulate  # noqa: E402

RULES = Rules.preset("standard", players=4)


def batch_hands(hands: int, seed: int) -> int:
    """``hands`` random hands through the batch path; returns the moons (a check that work was done)."""
    return simulate(RULES, hands, seed=seed).moon_count


def engine_hands(hands: int, seed: int) -> int:
    """``hands`` random hands through the engine with four ``RandomBot``; returns the moons."""
    moons = 0
    for number in range(hands):
        hand = Hand.deal(RULES, seed=seed, hand_number=number)
        play_hand(hand, [RandomBot(seed=f"{number}/{s}") for s in range(4)])
        moons += hand.moon_shooter is not None
    return moons


def million(hands: int) -> dict:
    """Run in a fresh process: time ``hands`` batch hands and report this process's peak memory."""
    start = time.perf_counter()
    result = simulate(RULES, hands, seed=2026)
    seconds = time.perf_counter() - start
    low, high = result.moon_interval
    return {
        "hands": hands,
        "seconds": seconds,
        "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "moons": result.moon_count,
        "rate": result.moon_rate,
        "low": low,
        "high": high,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="smaller samples")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; each contender's best is reported (default 3)")
    parser.add_argument("--profile", action="store_true", help="profile the batch path (300,000 hands, CPU time) instead")
    parser.add_argument("--baseline", metavar="CHECKOUT", help="also time the batch path of another checkout (e.g. before a change)")
    parser.add_argument("--million", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--time", choices=["batch", "engine"], help=argparse.SUPPRESS)  # child process of --baseline
    parser.add_argument("--hands", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.million:
        print(json.dumps(million(args.million)))
        return
    if args.time:
        simulate(RULES, 5_000, seed=99)  # warm up numpy
        print(*openspiel_loops.timed(batch_hands if args.time == "batch" else engine_hands)(args.hands, args.seed))
        return
    if args.profile:
        simulate(RULES, 5_000, seed=99)
        profiler = cProfile.Profile(time.process_time)  # CPU time: steadier than the wall clock on a shared machine
        profiler.runcall(batch_hands, 300_000, 1)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(20)
        return

    batch_n, engine_n, spiel_n, big = (100_000, 300, 500, 200_000) if args.quick else (300_000, 1_000, 2_000, 1_000_000)
    simulate(RULES, 5_000, seed=99)  # warm up numpy
    contenders = {
        "batch": (openspiel_loops.timed(batch_hands), batch_n),
        "engine": (openspiel_loops.timed(engine_hands), engine_n),
    }
    if args.baseline:
        contenders["batch, baseline"] = (openspiel_loops.in_checkout(__file__, "batch", args.baseline), batch_n)
    try:
        openspiel_loops.load()
    except ImportError:
        pass
    else:
        contenders["OpenSpiel, uniform legal_actions()"] = (openspiel_loops.timed(openspiel_loops.openspiel_uniform), spiel_n)
        contenders["OpenSpiel, chance_outcomes()"] = (openspiel_loops.timed(openspiel_loops.openspiel_chance), spiel_n)
    print(
        f"Random play, standard rules, 4 players; Python {sys.version.split()[0]}, {os.cpu_count()} CPUs visible, "
        f"one core used; best of {args.rounds} rounds, contenders taking turns."
    )
    if args.baseline:
        print(f"  baseline: hearts_lab from {os.path.abspath(args.baseline)}")
    rates = openspiel_loops.race(contenders, args.rounds)
    openspiel_loops.report(rates, {name: count for name, (_, count) in contenders.items()})
    if any(k.startswith("OpenSpiel") for k in rates):
        print(f"  batch / OpenSpiel's fastest loop = {openspiel_loops.ratio(rates, 'batch')}   (target >= 40x)")
        if args.baseline:
            print(f"  baseline batch / OpenSpiel's fastest loop = {openspiel_loops.ratio(rates, 'batch, baseline')}")
        print(f"  engine / OpenSpiel's fastest loop = {openspiel_loops.ratio(rates, 'engine')}")
    else:
        print("  (OpenSpiel is not installed: pip install open-spiel)")
    print(f"  batch / engine = {rates['batch'][1] / rates['engine'][1]:.0f}x by CPU time")
    out = subprocess.run(
        [sys.executable, __file__, "--million", str(big)], check=True, capture_output=True, text=True
    ).stdout
    run = json.loads(out)
    print(
        f"{run['hands']:,} random hands in a fresh process: {run['seconds']:.1f} s "
        f"({run['hands'] / run['seconds']:,.0f} hands/s; target < 60 s for 1,000,000), "
        f"peak memory {run['peak_mib']:.0f} MiB (target < 1024 MiB)"
    )
    print(f"  moons: {run['moons']:,} = {run['rate']:.4%} (95% interval {run['low']:.4%} to {run['high']:.4%})")


if __name__ == "__main__":
    main()
