"""One student's own answer key: their questions, the answers and the known slips (teacher side only).

A class copy asks its own questions (:mod:`.variants`), so the generic answer key and the printed
handout, which are the self-study copy's, do not answer them. :func:`student_key` lists a variant's
questions as that student's copy words them and, for the worksheets whose answers the teacher's answer
keys compute (worksheets 3 and 4), each answer with its method and the slips the checks have hints for. It needs those keys, which only the teacher's full repository holds;
:meth:`.classroom.Class.key` calls it with the student's seed (``hearts-lab class key NAME``).

Worksheets 1, 2 and 6 derive each answer from the engine when the check runs, so their key lists the
questions only; worksheet 5's lists the two seeds of the student's experiment.
"""

from __future__ import annotations

import importlib
import re
import textwrap
from dataclasses import dataclass
from typing import Any

from . import checks

__all__ = ["KeyEntry", "StudentKey", "student_key"]


@dataclass(frozen=True)
class KeyEntry:
    """One question of a student's own key: its title, its text in the copy, the answer, method and slips."""

    question: str
    title: str
    asked: str
    answer: str = ""
    method: str = ""
    slips: tuple[tuple[str, str, str], ...] = ()  # (name, value, what the slip reveals)

    def lines(self) -> list[str]:
        out = [f"{self.question}  {self.title}"]
        if self.asked:
            out += _wrap("asked:", self.asked)
        if self.answer:
            out += _wrap("answer:", self.answer)
        if self.method:
            out += _wrap("method:", self.method)
        for i, (name, value, reveals) in enumerate(self.slips):
            out += _wrap("slips:" if i == 0 else "", f"{name} = {value}: {reveals}")
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())


def _wrap(label: str, text: str) -> list[str]:
    """``text`` wrapped at 100 characters after a label column of 10."""
    return textwrap.wrap(" ".join(text.split()), 100, initial_indent=f"  {label:<8}", subsequent_indent=" " * 10) or [f"  {label}"]


@dataclass(frozen=True)
class StudentKey:
    """A student's own key of one worksheet (print it, or show it in a notebook)."""

    worksheet: str
    student: str
    seed: int
    entries: tuple[KeyEntry, ...]
    note: str

    def entry(self, question: str) -> KeyEntry:
        """The entry of ``question`` (``"Q3"``)."""
        for e in self.entries:
            if e.question == question:
                return e
        raise ValueError(f"question: one of {', '.join(e.question for e in self.entries)}, not {question!r}.")

    def __str__(self) -> str:
        head = [f"Worksheet {self.worksheet[2:]}, {self.student}'s own copy (variant {self.seed}). Teacher only.",
                *textwrap.wrap(self.note, 100), ""]
        return "\n".join(head + [line for e in self.entries for line in e.lines() + [""]]).rstrip() + "\n"

    __repr__ = __str__


def _shown(value: Any) -> str:
    """An answer as a teacher reads it: a fraction with its decimal, a whole number, a tuple of scores."""
    import sympy

    if isinstance(value, tuple):
        return "(" + ", ".join(map(str, value)) + ")"
    number = sympy.nsimplify(value) if not isinstance(value, sympy.Basic) else value
    if isinstance(number, sympy.Rational) and not number.is_Integer:
        return f"{number.p}/{number.q} (≈ {float(number):.4g})"
    return str(value)


def _plain(markdown: str) -> str:
    """A question's markdown as plain text: no bold, no code marks, a link's words without its address."""
    return re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", markdown.replace("**", "").replace("`", ""))


def student_key(worksheet: str, seed: int, student: str = "the student", questions: Any = None) -> StudentKey:
    """The key of ``worksheet``'s variant ``seed``: every question (or only ``questions``) as the copy asks it,
    and for worksheets 3 and 4 the answers, methods and slips from the teacher's answer keys.

    >>> key = student_key("ws4", 12345, "Ada", questions=["Q1", "Q5"])
    >>> print(key.entry("Q5"))
    Q5  Scores after a moon, moon='avoid-end'
      asked:  (the scores of Q4, under moon='avoid-end')
      answer: (92, 79, 78, 43)
      method: moon='avoid-end' takes the new moon here: -26 to seat 3
      slips:  old-moon = (118, 105, 104, 69): applied the old moon
              shooter-scores = (92, 79, 78, 95): gave the shooter the 26 points they took
              deltas = (0, 0, 0, -26): gave the changes, not the scores after the hand
    >>> [name for name, value, reveals in key.entry("Q1").slips]
    ['no-spade', 'one-spade', 'hearts-only', 'some-seat']
    """
    from .classroom import _answer_keys, _variant_keys
    from .variants import GENERATORS

    if worksheet not in GENERATORS:
        raise ValueError(f"worksheet: one of {', '.join(GENERATORS)} (the worksheets with variants), not {worksheet!r}.")
    module = importlib.import_module(f"hearts_lab.exercises.{worksheet}")
    v = GENERATORS[worksheet](seed)
    wanted = None if questions is None else {str(q).strip().upper() for q in questions}
    titles: dict[str, str] = {}
    texts: dict[str, str] = {}
    try:
        module.use_variant(seed)
        titles = dict(checks.QUESTIONS[worksheet])
        texts = {q: _plain(module.question_text(q)) for q in getattr(module, "TEXTS", {})}
    finally:
        module.use_variant(None)
    asked = [q for q in titles if wanted is None or q in wanted]
    keys: dict[str, Any] = {}
    if worksheet in ("ws3", "ws4"):
        keys = dict(_variant_keys(worksheet, seed))
        if worksheet == "ws4":
            estimates = wanted is None or bool(wanted & {"Q7", "Q8"})
            keys.update(_answer_keys().ws4_checked_keys(v, estimates=estimates))
    entries = []
    for q in asked:
        text = texts.get(q, "") or ("(the scores of Q4, under moon='avoid-end')" if worksheet == "ws4" and q == "Q5" else "")
        key = keys.get(q)
        if key is None:
            entries.append(KeyEntry(q, titles[q], text))
            continue
        slips = tuple((name, _shown(s.value), s.reveals) for name, s in key.slips.items())
        entries.append(KeyEntry(q, titles[q], text, _shown(key.answer), key.formula, slips))
    if worksheet in ("ws3", "ws4"):
        note = ("These are this student's own questions and answers. The kit's answer keys and the printed "
                "handouts are the generic (self-study) copy's, which asks other questions.")
    elif worksheet == "ws5":
        base, house = v.seeds
        note = (f"The capstone: this student's experiment uses the seeds {base} (base rules) and {house} (house rule); "
                "Q2's stored output should name them. Mark it with the capstone rubric.")
    else:
        note = ("These are this student's own questions (its positions come from the variant). This worksheet's checks "
                "derive each answer from the engine when they run, so no answers are listed: open the student's copy "
                "(Class.copy) to see a position, and grade() judges the hand-in against the same variant.")
    return StudentKey(worksheet, student, seed, tuple(entries), note)
