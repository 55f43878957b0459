"""Engine speed: full random 4-player hands through Hearts Lab and through OpenSpiel.

Both paths do the same work through their public APIs: deal, pass three
random cards per seat (or hold), then play a random legal card at every turn
until the hand is over; both pick a card with ``random.Random.choice``.

- Hearts Lab: ``Hand.deal``, ``pass_cards``, ``legal_moves``, ``play``.
- OpenSpiel (``pyspiel.load_game("hearts")``) at its fastest from Python: a
  uniformly random action from ``legal_actions()`` at every node, chance nodes
  included (see ``openspiel_loops.py``); also shown, the slower loop that samples
  ``chance_outcomes()`` with ``random.choices``. The ratio uses the faster loop.

The contenders take turns, round by round, in the same run; each reports its
best round. Usage::

    .venv/bin/python benchmarks/engine.py              # 2000 hands each, best of 5 rounds
    .venv/bin/python benchmarks/engine.py --hands 500 --rounds 1
    .venv/bin/python benchmarks/engine.py --profile    # cProfile of the Hearts Lab path
    .venv/bin/python benchmarks/engine.py --baseline-ref main --rounds 9   # symmetric A/B against a git revision

Prints hands per second for each, by CPU time (the steadier measure on a
shared machine) and by wall clock, and the ratio (target: Hearts Lab at least
1.0x OpenSpiel's fastest loop, issue 19).

``--baseline-ref REV`` is the symmetric before/after: the revision's files are
extracted with ``git archive``, and this checkout, that revision and OpenSpiel
each run as a child process (none of them in a process that has loaded
another), in an order that alternates every round (A B S, then S B A, ...).
Besides each one's best round it prints, by CPU time, each round's ratios
(this checkout / the revision, this checkout / OpenSpiel) as their median and
range: on a shared machine one round's ratio moves more than most changes.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import openspiel_loops  # noqa: E402

from hearts_lab import Hand, Rules  # noqa: E402

RULES = Rules.preset("standard", players=4)


def hearts_lab_hands(count: int, seed: int) -> int:
    """Play ``count`` random hands; returns the number of cards played (a check that work was done)."""
    rng = random.Random(seed)
    choose = rng.choice  # as openspiel_loops picks its actions
    played = 0
    for i in range(count):
        hand = Hand.deal(RULES, seed=seed * 1_000_003 + i, hand_number=i)
        if hand.phase == "pass":
            for seat in range(4):
                hand.pass_cards(seat, rng.sample(hand.cards(seat), 3))
        while hand.phase == "play":
            hand.play(choose(hand.legal_moves()))
            played += 1
    return played


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per round (default 2000)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds; each contender's best is reported (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="profile the Hearts Lab path instead")
    parser.add_argument("--baseline", metavar="CHECKOUT", help="also time the hearts_lab of another checkout (e.g. before a change)")
    parser.add_argument("--baseline-ref", metavar="REV", help="symmetric A/B: this checkout against a git revision, all contenders in child processes")
    parser.add_argument("--time", choices=["hearts-lab", "openspiel"], help=argparse.SUPPRESS)  # a child process
    args = parser.parse_args(argv)

    if args.time:
        run = hearts_lab_hands if args.time == "hearts-lab" else openspiel_loops.openspiel_uniform
        print(*openspiel_loops.timed(run)(args.hands, args.seed))
        return 0
    if args.baseline_ref:
        return symmetric(args.baseline_ref, args.hands, args.rounds, args.seed)
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(hearts_lab_hands, args.hands, args.seed)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(20)
        return 0

    contenders = {"Hearts Lab": (openspiel_loops.timed(hearts_lab_hands), args.hands)}
    if args.baseline:
        contenders[f"Hearts Lab at {args.baseline}"] = (openspiel_loops.in_checkout(__file__, "hearts-lab", args.baseline), args.hands)
    try:
        openspiel_loops.load()
    except ImportError:
        print("OpenSpiel is not installed (pip install open-spiel): timing Hearts Lab alone.")
    else:
        contenders["OpenSpiel, uniform legal_actions()"] = (openspiel_loops.timed(openspiel_loops.openspiel_uniform), args.hands)
        contenders["OpenSpiel, chance_outcomes()"] = (openspiel_loops.timed(openspiel_loops.openspiel_chance), args.hands)
    rates = openspiel_loops.race(contenders, args.rounds, args.seed)
    print(f"Random 4-player hands (deal, pass, play), best of {args.rounds} rounds, contenders taking turns:")
    openspiel_loops.report(rates, {name: count for name, (_, count) in contenders.items()})
    if any(k.startswith("OpenSpiel") for k in rates):
        for name in rates:
            if name.startswith("Hearts Lab"):
                print(f"  {name} / OpenSpiel's fastest loop = {openspiel_loops.ratio(rates, name)} (target >= 1.0x)")
    return 0


def symmetric(rev: str, hands: int, rounds: int, seed: int) -> int:
    """This checkout, ``rev`` and OpenSpiel's fastest loop, each in child processes, in an order that
    alternates every round; prints each one's best round and the median and range of the per-round ratios."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with tempfile.TemporaryDirectory(prefix="engine-baseline-") as base:
        archive = subprocess.run(["git", "-C", here, "archive", rev], check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", base], input=archive, check=True)
        names = ["Hearts Lab", f"Hearts Lab at {rev}", "OpenSpiel, uniform legal_actions()"]
        runs = [
            openspiel_loops.in_checkout(__file__, "hearts-lab", here),
            openspiel_loops.in_checkout(__file__, "hearts-lab", base),
            openspiel_loops.in_checkout(__file__, "openspiel", here),
        ]
        cpu: list[list[float]] = [[], [], []]
        for r in range(rounds):
            for i in range(3) if r % 2 == 0 else range(2, -1, -1):
                cpu[i].append(runs[i](hands, seed + r)[1])
    print(f"Random 4-player hands (deal, pass, play), {rounds} rounds of {hands:,} hands, each contender a child process:")
    for name, seconds in zip(names, cpu):
        print(f"  {name:<36} best {hands / min(seconds):>7,.0f} hands/s (CPU), median {hands / statistics.median(seconds):>7,.0f}")
    for label, other in ((f"Hearts Lab / Hearts Lab at {rev}", 1), ("Hearts Lab / OpenSpiel's fastest loop", 2)):
        ratios = sorted(o / h for h, o in zip(cpu[0], cpu[other]))
        print(f"  {label}, by CPU time, round by round: median {statistics.median(ratios):.3f}x, "
              f"range {ratios[0]:.3f}-{ratios[-1]:.3f}x")
    best = min(cpu[2]) / min(cpu[0])
    print(f"  Hearts Lab / OpenSpiel's fastest loop, best rounds: {best:.2f}x by CPU time (target >= 1.0x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
