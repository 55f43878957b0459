#!/usr/bin/env python3
"""A class of students: how often two students share an answer, and how fast copies are made and graded.

    python benchmarks/classroom.py [--students 30] [--secret "..."]

Prints, for worksheets 1 to 4 and 6:

* per question, the share of pairs of students whose variants have the same
  answer (with the number of distinct answers in the class) - what a student
  gains by copying a classmate's answer to that question (the teacher's kit
  tabulates the questions many pairs share: ``exercises/source/kit.py``
  ``SHARED_ANSWERS``, checked by ``tests/test_exercises_kit.py``);
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


#: The questions whose answer a student builds (many right answers): no share of pairs is measured for them.
BUILT = {("ws1", "Q8"): "a trick the student builds (many right answers; a classmate's is right only if it fits their seats and card)",
         ("ws6", "Q2"): "a world the student deals (many right answers; a classmate's is for another position)"}
#: The answers that deal or simulate the student's own hands or worlds again (seconds each): ``estimates=False`` skips them.
ESTIMATES = {("ws4", "Q7"), ("ws4", "Q8"), ("ws6", "Q3"), ("ws6", "Q4")}
WORKSHEETS = ("ws1", "ws2", "ws3", "ws4", "ws6")
DEFAULT_SECRET = "a benchmark secret, not a real one"


def roster_of(students: int) -> list[str]:
    return [f"Student {i:02d}" for i in range(students)]


def class_answers(klass, roster, worksheet: str, estimates: bool = True) -> dict[str, dict[str, object]]:
    """Every student's answers to ``worksheet`` (the teacher's keys, or the engine), by student, then question."""
    from test_exercises_variants import q6_event, ws1_answers, ws2_answers
    from test_exercises_ws6 import answers as ws6_all

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
        found = {
            "Q1": exact["Q1"], "Q2": exact["Q2"], "Q3": exact["Q3"],
            "Q4": variants.moon_scores(before, shooter, "auto"), "Q5": variants.moon_scores(before, shooter, "avoid-end"),
            "Q6": exact["Q6"],
        }
        if estimates:
            found["Q7"] = deal_hands(Rules.preset("standard", players=4), v.q7[0], seed=v.q7[1]).count(q6_event(v)).hits
            found["Q8"] = simulate(ws4.Q8_RULES, v.q8[0], bots="random", seed=v.q8[1]).moon_count
        return found

    def ws6_answers(v, seed):  # the seats, a world, the count of the own worlds, its interval, the letter
        if not estimates:  # Q1 and Q5: what the seat knows, and the letter
            from test_exercises_ws6 import _position, answers_q5

            from hearts_lab import Card

            _, _, info = _position(v.q1)
            return {"Q1": sorted(info.holders(Card.parse(v.q1[4]))), "Q5": answers_q5(v)}
        found = ws6_all(v)
        return {**found, "Q3": found["Q3"].hits, "Q4": tuple(round(x, 4) for x in found["Q4"])}

    answers_of = {"ws1": lambda v, seed: ws1_answers(v), "ws2": lambda v, seed: ws2_answers(v), "ws3": ws3_answers,
                  "ws4": ws4_answers, "ws6": ws6_answers}
    return {s: answers_of[worksheet](klass.variant(s, worksheet), klass.seed(s, worksheet)) for s in roster}


def shares(answers: dict[str, dict[str, object]], worksheet: str) -> dict[str, tuple[float, int]]:
    """Per question: the share of pairs of students with the same answer, and the number of distinct answers."""
    roster = list(answers)
    pairs = len(roster) * (len(roster) - 1) // 2
    found = {}
    for q in answers[roster[0]]:
        if (worksheet, q) in BUILT:
            continue
        values = [_key(answers[s][q]) for s in roster]
        found[q] = (sum(a == b for a, b in itertools.combinations(values, 2)) / pairs, len(set(values)))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--secret", default=DEFAULT_SECRET)
    opts = parser.parse_args(argv)
    from test_exercises_classroom import submit  # the way a kernel stores a check's output

    roster = roster_of(opts.students)
    klass = Class(opts.secret, roster)
    pairs = opts.students * (opts.students - 1) // 2
    print(f"{opts.students} students, {pairs} pairs")
    answers = {}
    for ws in WORKSHEETS:
        generator = variants.GENERATORS[ws]
        generator.cache_clear()
        start = time.process_time()
        for s in roster:
            generator(klass.seed(s, ws))
        per_variant = (time.process_time() - start) / opts.students
        answers[ws] = class_answers(klass, roster, ws)
        print(f"\n{ws}: {per_variant * 1000:.1f} ms CPU a variant")
        measured = shares(answers[ws], ws)
        for q in answers[ws][roster[0]]:
            if (ws, q) in BUILT:
                print(f"  {q}: {BUILT[ws, q]}")
                continue
            share, distinct = measured[q]
            print(f"  {q}: {share:6.1%} of pairs share the answer; {distinct} distinct answers")
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
