"""The teacher's re-run of the capstone: what ``grade(folder, secret)`` costs for a class of capstone notebooks.

Each capstone's *re-run* row simulates the student's plan again (``classroom._rerun_row``): two runs of the plan's
hands with the plan's bots. This script writes a class of ``--students`` capstone hand-ins with typical plans (the
plans of ``PLANS`` in turn: 20,000 hands with random bots, the hints' plan, for most; 10,000 to 40,000 with lowest;
and ``--heuristic`` of them with the heuristic bots at 10,000 hands), their stored outputs as the checks write them
(the student's side is simulated here once, not timed), then times ``grade`` with the default ``rerun="fast"`` and
with ``rerun="all"``, by CPU time (user + system of this process) and wall clock, and the part of each spent in the
re-runs. Usage::

    .venv/bin/python benchmarks/capstone_rerun.py                    # 30 students, 3 with heuristic plans
    .venv/bin/python benchmarks/capstone_rerun.py --students 30 --heuristic 0

Measured on the 2-core development machine, shared with another session (load average 0.3 to 1.0), 30 students,
3 of them with heuristic plans (the first command above, CPython 3.11, one run):

* ``grade(folder, secret, roster)`` (``rerun="fast"``: 27 plans re-run and agreeing, 3 noted as not re-run):
  **2.8 s of CPU, 2.8 s wall** for the whole class, of which the re-runs 2.7 s (0.1 s a student).
* ``grade(..., rerun="all")`` (all 30 re-run and agreeing): **46.3 s of CPU, 46.3 s wall**, of which the re-runs
  46.1 s: the 3 heuristic plans about 43 s (14.5 s a student, 2 x 10,000 hands through the engine).

Writing the 30 notebooks (the students' side, simulated once) took 47 s and is not in these figures.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from hearts_lab import Rules
from hearts_lab.exercises import checks, classroom, ws5
from hearts_lab.exercises.classroom import Class, grade
from hearts_lab.simulate import simulate
from hearts_lab.stats import rate_difference

SECRET = "a class secret for the capstone re-run benchmark"
#: Typical plans: (preset, players, the house rule's change, metric, hands, bots).
PLANS: tuple[tuple[str, int, dict[str, Any], str, int, str], ...] = (
    ("standard", 4, {"first_trick_points": True}, "moon rate", 20_000, "random"),
    ("standard", 4, {"hearts_broken_by": "heart"}, "moon rate", 20_000, "random"),
    ("standard", 5, {"pass_count": 0}, "moon rate", 20_000, "random"),
    ("cancellation", 6, {"first_trick_points": False}, "moon rate", 20_000, "random"),
    ("standard", 4, {"first_trick_points": True}, "unclaimed rate", 20_000, "random"),
    ("standard", 4, {"pass_count": 0}, "moon rate", 40_000, "lowest"),
    ("standard", 3, {"first_trick_points": True}, "moon rate", 10_000, "lowest"),
)
HEURISTIC_PLAN = ("standard", 4, {"first_trick_points": True}, "moon rate", 10_000, "heuristic")


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _bundle(key: str, answer: Any, made: dict[str, Any] | None) -> dict[str, Any]:
    result = checks.CheckResult("ws5", key, "correct", "", attempt=1, answer=checks.recorded(answer), made=made)
    return {"output_type": "execute_result", "metadata": {}, "execution_count": 1, "data": result._repr_mimebundle_()}


def hand_in(klass: Class, student: str, plan: tuple[str, int, dict[str, Any], str, int, str]) -> dict[str, Any]:
    """``student``'s capstone notebook with ``plan`` carried out honestly and its checks' outputs as they store them."""
    preset, players, change, metric, hands, bots = plan
    base = Rules.preset(preset, players=players)  # type: ignore[arg-type]
    house = dataclasses.replace(base, **change)
    seeds = klass.variant(student, "ws5").seeds
    b = simulate(base, hands, bots=bots, seed=seeds[0])
    h = simulate(house, hands, bots=bots, seed=seeds[1])
    effect = ws5.metric_value(h, metric) - ws5.metric_value(b, metric)
    d = rate_difference(ws5.metric_count(h, metric), h.hands, ws5.metric_count(b, metric), b.hands)
    record = ws5.Plan(metric, "increase", seeds, hands, bots).record()
    outputs = {
        "Q1": _bundle("Q1", None, None),
        "Q2": _bundle("Q2", metric, {**record, "plan": 1, "earlier": [], "plans": 1, "looked_then_replanned": 0,
                                     "last_looked": None}),
        "Q3": _bundle("Q3", b, ws5._runs_and_rules(b, h)),
        "Q4": _bundle("Q4", effect, ws5._effect_given(effect, b, h, metric)),
        "Q5": _bundle("Q5", (d.low, d.high), ws5._runs_given((d.low, d.high), b, h, metric)),
    }
    nb = klass.copy(student, "ws5")
    for cell in nb["cells"]:
        text = "".join(cell["source"])
        for key, output in outputs.items():
            if cell["cell_type"] == "code" and text.startswith(f"ws5.check_{key.lower()}("):
                cell["outputs"] = [output]
        if "seeds = ...  # your answer here" in text:
            cell["source"] = text.replace("seeds = ...  # your answer here", "seeds = ws5.my_seeds()")
    return nb


def timed(folder: Path, roster: list[str], rerun: str) -> None:
    spent = [0.0]
    real = classroom._Reruns.run

    def run(self: Any, *args: Any) -> Any:
        start = _cpu()
        try:
            return real(self, *args)
        finally:
            spent[0] += _cpu() - start

    classroom._Reruns.run = run  # type: ignore[method-assign]
    try:
        cpu, wall = _cpu(), time.perf_counter()
        grades = grade(folder, SECRET, roster=roster, rerun=rerun)
        cpu, wall = _cpu() - cpu, time.perf_counter() - wall
    finally:
        classroom._Reruns.run = real  # type: ignore[method-assign]
    rows = [r for r in grades.rows() if r["question"] == classroom.RERUN_ROW]
    statuses = {s: sum(r["correct"] == s for r in rows) for s in sorted({r["correct"] for r in rows})}
    print(f"rerun={rerun!r}: {len(grades.submissions)} notebooks, {cpu:.1f} s CPU, {wall:.1f} s wall; "
          f"re-runs {spent[0]:.1f} s CPU; re-run rows {statuses}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--heuristic", type=int, default=3, help="how many of them plan with the heuristic bots")
    args = parser.parse_args(argv)
    roster = [f"Student {i:02d}" for i in range(1, args.students + 1)]
    klass = Class(SECRET, roster)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        start = time.perf_counter()
        for i, student in enumerate(roster):
            plan = HEURISTIC_PLAN if i < args.heuristic else PLANS[i % len(PLANS)]
            path = folder / f"{student}.ipynb"
            path.write_text(json.dumps(hand_in(klass, student, plan)), encoding="utf-8")
        print(f"wrote {len(roster)} capstone notebooks ({args.heuristic} heuristic plans) in "
              f"{time.perf_counter() - start:.0f} s (not timed below)", file=sys.stderr)
        grade(folder, SECRET, roster=roster[:1])  # warm-up: imports, the worksheets' registries
        for rerun in ("fast", "all"):
            timed(folder, roster, rerun)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
