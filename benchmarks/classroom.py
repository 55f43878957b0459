#!/usr/bin/env python3
"""A class of students: how often two students share an answer, and how fast copies are made and graded.

    python benchmarks/classroom.py [--students 30] [--secret "..."]

Prints, for worksheets 1 to 4 and 6:

* per question, the share of pairs of students whose variants have the same
  answer (with the number of distinct answers in the class) - what a student
  gains by copying a classmate's answer to that question;
* CPU time to draw one variant (``time.process_time``), to write every
  student's copies of worksheets 1-5, and to grade the whole folder with every
  answer typed in (each check's output stored as the kernel would).
"""
from __future__ import annotations

import argparse
import itertools
import json
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))

from hearts_lab.exercises import variants  # noqa: E402
from hearts_lab.exercises.classroom import Class, _variant_keys, _ws3_keys, grade  # noqa: E402


def _key(value):
    if isinstance(value, (set, frozenset, list, tuple)):
        return tuple(sorted(map(str, value)))
    return str(value)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--secret", default="a benchmark secret, not a real one")
    opts = parser.parse_args(argv)
    from test_exercises_classroom import submit  # the way a kernel stores a check's output
    from test_exercises_variants import q6_event, ws1_answers, ws2_answers
    from test_exercises_ws6 import answers as ws6_all

    roster = [f"Student {i:02d}" for i in range(opts.students)]
    klass = Class(opts.secret, roster)
    pairs = opts.students * (opts.students - 1) // 2
    print(f"{opts.students} students, {pairs} pairs")

    def ws3_answers(v, seed):  # the teacher's keys (exercises/source/answers.py)
        return {q: key.answer for q, key in _ws3_keys(seed).items()}

    def ws4_answers(v, seed):  # the exact answers from the teacher's keys, the scores after the moon, the hits of
        # the own deals (counting the own Q6 event), the moons of the own simulation
        from hearts_lab import Rules
        from hearts_lab.exercises import ws4
        from hearts_lab.exercises.sampling import deal_hands
        from hearts_lab.simulate import simulate

        before, shooter = v.q4
        exact = {q: key.answer for q, key in _variant_keys("ws4", seed).items()}
        return {
            "Q1": exact["Q1"], "Q2": exact["Q2"], "Q3": exact["Q3"],
            "Q4": variants.moon_scores(before, shooter, "auto"), "Q5": variants.moon_scores(before, shooter, "avoid-end"),
            "Q6": exact["Q6"],
            "Q7": deal_hands(Rules.preset("standard", players=4), v.q7[0], seed=v.q7[1]).count(q6_event(v)).hits,
            "Q8": simulate(ws4.Q8_RULES, v.q8[0], bots="random", seed=v.q8[1]).moon_count,
        }

    def ws6_answers(v, seed):  # the seats, a world, the count of the own worlds, its interval, the letter
        found = ws6_all(v)
        return {**found, "Q3": found["Q3"].hits, "Q4": tuple(round(x, 4) for x in found["Q4"])}

    answers_of = {"ws1": lambda v, seed: ws1_answers(v), "ws2": lambda v, seed: ws2_answers(v), "ws3": ws3_answers,
                  "ws4": ws4_answers, "ws6": ws6_answers}
    answers = {}
    for ws, generator in (("ws1", variants.ws1_variant), ("ws2", variants.ws2_variant), ("ws3", variants.ws3_variant),
                          ("ws4", variants.ws4_variant), ("ws6", variants.ws6_variant)):
        generator.cache_clear()
        start = time.process_time()
        drawn = {s: generator(klass.seed(s, ws)) for s in roster}
        per_variant = (time.process_time() - start) / opts.students
        answers[ws] = {s: answers_of[ws](v, klass.seed(s, ws)) for s, v in drawn.items()}
        print(f"\n{ws}: {per_variant * 1000:.1f} ms CPU a variant")
        for q in answers[ws][roster[0]]:
            if ws == "ws1" and q == "Q8":
                print(f"  {q}: a trick the student builds (many right answers; a classmate's is right only "
                      "if it fits their seats and card)")
                continue
            if ws == "ws6" and q == "Q2":
                print(f"  {q}: a world the student deals (many right answers; a classmate's is for another position)")
                continue
            values = [_key(answers[ws][s][q]) for s in roster]
            same = sum(a == b for a, b in itertools.combinations(values, 2))
            print(f"  {q}: {same / pairs:6.1%} of pairs share the answer; {len(set(values))} distinct answers")
    with tempfile.TemporaryDirectory() as tmp:
        start = time.process_time()
        paths = klass.write(Path(tmp) / "copies", worksheets=("ws1", "ws2", "ws3", "ws4", "ws5"))
        print(f"\nwriting {len(paths)} copies: {time.process_time() - start:.1f} s CPU")
        handed = Path(tmp) / "handed_in"
        for s in roster:
            for ws in ("ws1", "ws2", "ws3", "ws4"):
                typed = {q: a for q, a in answers[ws][s].items() if not (ws == "ws4" and q in ("Q7", "Q8"))}
                nb = submit(klass, s, ws, typed)
                target = handed / f"{s}_{ws}.ipynb"
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")
        start = time.process_time()
        grades = grade(handed, opts.secret)
        spent = time.process_time() - start
        right = sum(s.correct for s in grades.submissions)
        total = sum(len(s.answers) for s in grades.submissions)
        print(f"grading {len(grades.submissions)} notebooks: {spent:.1f} s CPU "
              f"({spent / len(grades.submissions) * 1000:.0f} ms each); {right} of {total} answers correct")
    return 0


if __name__ == "__main__":
    sys.exit(main())
