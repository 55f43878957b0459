"""Play table "solve ♠": the time from pressing the toggle to the panel's answer, and the cost of
a card click while the panel is open.

For each seed a fresh :class:`hearts_lab.widgets.PlayTable` (standard rules, 4 players,
heuristic bots) is played by the student's seat with a ``HeuristicBot`` policy (the pass
too) until the student holds ``--tricks`` cards. Then it times, server side (no browser):

* ``open``: ``open_solver()``: a copy of the hand, ``best_moves`` for the student's legal
  cards and ``can_force_moon`` for every seat within the stepper's budget (300,000
  positions, 10 s per search), and the panel's HTML;
* ``click``: the student's next card with the panel open (the table's action, the
  bots' replies, the render, and the panel solved again), against the same click on a
  second table with the same seed and the panel closed.

Printed: positions timed, median, 90th percentile and maximum in milliseconds, and how many
answers were complete (every value known) or stopped by the budget.

Usage::

    PYTHONPATH=. .venv/bin/python benchmarks/table_solve.py                 # 40 seeds, 6 tricks left
    PYTHONPATH=. .venv/bin/python benchmarks/table_solve.py --seeds 100 --tricks 5
"""

from __future__ import annotations

import argparse
import statistics
import time

from hearts_lab.bots import HeuristicBot
from hearts_lab.widgets.play_table import PlayTable


def _down_to(table: PlayTable, policy: HeuristicBot, tricks: int) -> bool:
    """Pass and play the student's seat with ``policy`` until it holds ``tricks`` cards (False if the hand ended)."""
    if table.table.passing:
        table.pass_cards(policy.choose_pass(table.hand.view(table.seat)))
    while table.hand.phase == "play" and len(table.hand.cards(table.seat)) > tricks:
        table.play(policy.choose_play(table.hand.view(table.seat)))
    return table.hand.phase == "play" and table.hand.to_play == table.seat


def _figures(name: str, seconds: list[float]) -> str:
    ms = sorted(1000 * s for s in seconds)
    p90 = ms[min(len(ms) - 1, int(0.9 * len(ms)))]
    return f"{name:<24} n={len(ms):<4} median {statistics.median(ms):8.1f} ms   p90 {p90:8.1f} ms   max {ms[-1]:8.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=40, help="tables to time (seeds 1, 2, ...)")
    parser.add_argument("--tricks", type=int, default=6, help="tricks left when the panel is opened")
    args = parser.parse_args()

    opened, clicks_open, clicks_closed = [], [], []
    complete = stopped = 0
    for seed in range(1, args.seeds + 1):
        watched, plain = PlayTable(seed=seed), PlayTable(seed=seed)
        if not (_down_to(watched, HeuristicBot(seed=seed), args.tricks) and _down_to(plain, HeuristicBot(seed=seed), args.tricks)):
            continue
        start = time.perf_counter()
        watched.open_solver()
        opened.append(time.perf_counter() - start)
        answer = watched.solver.table
        assert answer is not None and watched.solver.error.message == "", watched.solver.error.message
        complete += answer.complete
        stopped += not answer.complete
        card = HeuristicBot(seed=seed).choose_play(watched.hand.view(watched.seat))
        for table, times in ((watched, clicks_open), (plain, clicks_closed)):
            start = time.perf_counter()
            table.play(card)
            times.append(time.perf_counter() - start)
        assert watched.hand.to_dict() == plain.hand.to_dict()  # the panel never changes the game
    print(f"standard, 4 players, heuristic bots; the student's seat holds {args.tricks} cards when the panel opens")
    print(_figures("open solve ♠", opened))
    print(_figures("next click, panel open", clicks_open))
    print(_figures("next click, panel shut", clicks_closed))
    print(f"answers complete: {complete}; stopped by the budget (greyed 'unknown'): {stopped}")


if __name__ == "__main__":
    main()
