"""OpenSpiel's Hearts driven from Python, the two ways a Python user runs random play-outs.

Shared by ``benchmarks/engine.py`` and ``benchmarks/simulate.py`` so both
measure OpenSpiel the same way:

- :func:`openspiel_uniform` — OpenSpiel at its fastest from Python: at *every*
  node, chance nodes included, a uniformly random action from
  ``legal_actions()``. OpenSpiel's Hearts deals and picks the pass direction
  uniformly, so this samples the same hands as the loop below, with one call
  fewer per chance node. The ratios use this loop.
- :func:`openspiel_chance` — chance nodes sampled from ``chance_outcomes()``
  by their probabilities with ``random.choices``, player nodes as above.

Each returns the number of actions applied (chance outcomes included), a check
that the work was done. :func:`race` times several contenders in the same run.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from typing import Callable


def load() -> object:
    """OpenSpiel's 4-player Hearts game; raises ImportError without ``open-spiel``."""
    import pyspiel

    return pyspiel.load_game("hearts")


def openspiel_uniform(count: int, seed: int) -> int:
    """``count`` random hands: a uniform choice over ``legal_actions()`` at every node."""
    game = load()
    choose = random.Random(seed).choice
    actions = 0
    for _ in range(count):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(choose(state.legal_actions()))
            actions += 1
    return actions


def openspiel_chance(count: int, seed: int) -> int:
    """``count`` random hands: chance outcomes sampled with ``random.choices``, uniform legal actions otherwise."""
    game = load()
    rng = random.Random(seed)
    actions = 0
    for _ in range(count):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            actions += 1
    return actions


def timed(run: Callable[[int, int], object]) -> Callable[[int, int], tuple[float, float]]:
    """``run(count, seed)`` as a function returning the (wall-clock, CPU) seconds it took."""

    def seconds(count: int, seed: int) -> tuple[float, float]:
        wall, cpu = time.perf_counter(), time.process_time()
        run(count, seed)
        return time.perf_counter() - wall, time.process_time() - cpu

    return seconds


def in_checkout(script: str, what: str, checkout: str) -> Callable[[int, int], tuple[float, float]]:
    """A contender that runs ``script --time WHAT`` in a child process importing ``hearts_lab``
    from another checkout (e.g. the code before a change); the child reports its own seconds,
    so interpreter start-up is not counted."""

    def seconds(count: int, seed: int) -> tuple[float, float]:
        env = dict(os.environ, PYTHONPATH=os.path.abspath(checkout))
        command = [sys.executable, script, "--time", what, "--hands", str(count), "--seed", str(seed)]
        out = subprocess.run(command, env=env, check=True, capture_output=True, text=True).stdout
        wall, cpu = out.split()[-2:]
        return float(wall), float(cpu)

    return seconds


def race(contenders: dict[str, tuple[Callable[[int, int], tuple[float, float]], int]], rounds: int,
         seed: int = 1) -> dict[str, tuple[float, float]]:
    """Hands per second of each contender ``name: (seconds(count, seed), count)``, best of
    ``rounds``: ``(by wall clock, by CPU time)``.

    The contenders take turns round by round, so a machine that gets busier or
    quieter during the run slows or speeds all of them alike. CPU time counts
    only this process's own work, so on a machine shared with other jobs it is
    the steadier measure; each contender runs on one core either way.
    """
    wall = {name: float("inf") for name in contenders}
    cpu = dict(wall)
    for r in range(rounds):
        for name, (seconds, count) in contenders.items():
            w, c = seconds(count, seed + r)
            wall[name], cpu[name] = min(wall[name], w), min(cpu[name], c)
    return {name: (contenders[name][1] / wall[name], contenders[name][1] / cpu[name]) for name in contenders}


def report(rates: dict[str, tuple[float, float]], counts: dict[str, int]) -> None:
    """Print each contender's hands per second, by CPU time and by wall clock."""
    width = max(map(len, rates))
    print(f"  {'':<{width}} {'hands/round':>11} {'hands/s (CPU)':>14} {'hands/s (wall)':>15}")
    for name, (wall, cpu) in rates.items():
        print(f"  {name:<{width}} {counts[name]:>11,} {cpu:>14,.0f} {wall:>15,.0f}")


def ratio(rates: dict[str, tuple[float, float]], name: str) -> str:
    """``name`` against OpenSpiel's fastest loop, by CPU time (and by wall clock)."""
    spiel = [v for k, v in rates.items() if k.startswith("OpenSpiel")]
    cpu = rates[name][1] / max(c for _, c in spiel)
    wall = rates[name][0] / max(w for w, _ in spiel)
    return f"{cpu:.2f}x by CPU time ({wall:.2f}x by wall clock)"
