#!/usr/bin/env python3
"""Random-play speed of Hearts Lab's simulators against OpenSpiel, 4 players.

    .venv/bin/python benchmarks/simulate.py              # full run (under a minute on an idle machine)
    .venv/bin/python benchmarks/simulate.py --quick      # smaller samples

Prints hands per second for

- the numpy batch path (``hearts_lab.simulate.simulate``, one core, no executor),
- the engine (``Hand.deal`` + four ``RandomBot`` + ``play_hand``),
- OpenSpiel's Hearts driven from Python (``pyspiel.load_game("hearts")``: chance
  outcomes sampled by their probabilities, then uniformly random legal passes
  and plays) — how a Python user would run random play-outs with it,

the ratios, and a timed run of 1,000,000 random hands through the batch path in
a fresh process with its peak memory (``ru_maxrss``). Targets: batch at least
10x OpenSpiel; a million hands in under a minute on one core; under 1 GiB.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import time

from hearts_lab import Hand, Rules
from hearts_lab.bots import RandomBot, play_hand
from hearts_lab.simulate import simulate

RULES = Rules.preset("standard", players=4)


def batch_rate(hands: int) -> float:
    simulate(RULES, 5_000, seed=99)  # warm up numpy
    start = time.perf_counter()
    simulate(RULES, hands, seed=1)
    return hands / (time.perf_counter() - start)


def engine_rate(hands: int) -> float:
    start = time.perf_counter()
    for number in range(hands):
        hand = Hand.deal(RULES, seed=1, hand_number=number)
        play_hand(hand, [RandomBot(seed=f"{number}/{s}") for s in range(4)])
    return hands / (time.perf_counter() - start)


def openspiel_rate(hands: int) -> float | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rng = random.Random(1)
    start = time.perf_counter()
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
    return hands / (time.perf_counter() - start)


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
    parser.add_argument("--million", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.million:
        print(json.dumps(million(args.million)))
        return
    batch_n, engine_n, spiel_n, big = (100_000, 500, 500, 200_000) if args.quick else (300_000, 2_000, 2_000, 1_000_000)
    print(f"Random play, standard rules, 4 players; Python {sys.version.split()[0]}, {os.cpu_count()} CPUs visible, one core used.")
    rates = {"batch": batch_rate(batch_n), "engine": engine_rate(engine_n), "openspiel": openspiel_rate(spiel_n)}
    for name, n in (("batch", batch_n), ("engine", engine_n), ("openspiel", spiel_n)):
        rate = rates[name]
        print(f"  {name:<10} {n:>9,} hands  " + (f"{rate:>10,.0f} hands/s" if rate else "  (pyspiel not installed)"))
    if rates["openspiel"]:
        print(f"  batch / OpenSpiel = {rates['batch'] / rates['openspiel']:.1f}x   (target >= 10x)")
        print(f"  engine / OpenSpiel = {rates['engine'] / rates['openspiel']:.2f}x")
    print(f"  batch / engine = {rates['batch'] / rates['engine']:.0f}x")
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
