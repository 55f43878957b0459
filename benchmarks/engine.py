"""Engine speed: full random 4-player hands through Hearts Lab and through OpenSpiel.

Both paths do the same work through their public APIs: deal, pass three
random cards per seat (or hold), then play a random legal card at every turn
until the hand is over.

- Hearts Lab: ``Hand.deal``, ``pass_cards``, ``legal_moves``, ``play``.
- OpenSpiel: ``pyspiel.load_game("hearts")``; at chance nodes a random outcome
  (pass direction, then each dealt card), otherwise a random action from
  ``legal_actions()``, applied with ``apply_action``.

Usage::

    .venv/bin/python benchmarks/engine.py              # 2000 hands each, best of 3
    .venv/bin/python benchmarks/engine.py --hands 500 --repeat 1
    .venv/bin/python benchmarks/engine.py --profile    # cProfile of the Hearts Lab path

Prints hands per second for each engine and the ratio (target: Hearts Lab at
least 0.3x OpenSpiel).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time

from hearts_lab import Hand, Rules

RULES = Rules.preset("standard", players=4)


def hearts_lab_hands(count: int, seed: int) -> int:
    """Play ``count`` random hands; returns the number of cards played (a check that work was done)."""
    rng = random.Random(seed)
    played = 0
    for i in range(count):
        hand = Hand.deal(RULES, seed=seed * 1_000_003 + i, hand_number=i)
        if hand.phase == "pass":
            for seat in range(4):
                hand.pass_cards(seat, rng.sample(hand.cards(seat), 3))
        while hand.phase == "play":
            moves = hand.legal_moves()
            hand.play(moves[rng.randrange(len(moves))])
            played += 1
    return played


def openspiel_hands(count: int, seed: int) -> int:
    import pyspiel

    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)
    played = 0
    for _ in range(count):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
                played += 1
    return played  # player actions: the passes (if any) and the 52 plays


def best_rate(run, count: int, seed: int, repeat: int) -> float:
    best = float("inf")
    for r in range(repeat):
        start = time.perf_counter()
        run(count, seed + r)
        best = min(best, time.perf_counter() - start)
    return count / best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per run (default 2000)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per engine; the best is reported (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="profile the Hearts Lab path instead")
    args = parser.parse_args(argv)

    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(hearts_lab_hands, args.hands, args.seed)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(20)
        return 0

    ours = best_rate(hearts_lab_hands, args.hands, args.seed, args.repeat)
    try:
        theirs = best_rate(openspiel_hands, args.hands, args.seed, args.repeat)
    except ImportError:
        print(f"Hearts Lab: {ours:,.0f} hands/s (OpenSpiel not installed)")
        return 0
    print(f"hands per run: {args.hands}, best of {args.repeat}")
    print(f"Hearts Lab: {ours:>10,.0f} hands/s")
    print(f"OpenSpiel:  {theirs:>10,.0f} hands/s")
    print(f"ratio:      {ours / theirs:>10.2f}x OpenSpiel (target >= 0.30x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
