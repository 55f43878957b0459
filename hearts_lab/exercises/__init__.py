"""Worksheet checks: one module per worksheet (``ws1`` ... ``ws6``) and the shared machinery.

In a worksheet::

    from hearts_lab.exercises import ws1
    ws1.check_q1(answer)      # shows ✔ Correct, Not answered yet, or ✘ Not quite: <hint>
    ws1.hint("Q1")            # a nudge; level=2 the structure; level=3 the full method
    export("ws1", student="Ada")   # a results file to hand in (statuses and attempts, no answers)

A teacher's class (:mod:`.classroom`, also importable from here)::

    from hearts_lab.exercises import Class, grade
    Class(secret, roster).write("copies")     # each student's own copies
    grade("handed_in", secret)                # the class table of the handed-in notebooks

Each check returns a :class:`~hearts_lab.exercises.checks.CheckResult`
(``.status`` is ``"correct"``, ``"unanswered"`` or ``"incorrect"``). No answer
is written here: positions are replayed by the engine at check time, exact
answers are stored as salted digests, and estimates are verified by running
the student's own dealing or simulation again.

>>> from hearts_lab.exercises import ws1
>>> ws1.check_q1(...).status
'unanswered'
>>> from hearts_lab.exercises import Class, grade
>>> Class("a long class secret, kept off the repo", ["Ada", "Ben"])
Class(2 students; the secret is not shown)
"""

from .checks import UNANSWERED, CheckResult, Wrong, reset, results, summary
from .results import ClassTable, export, merge_results, read_results

__all__ = ["UNANSWERED", "CheckResult", "Class", "ClassTable", "Grades", "Wrong", "export", "grade", "merge_results", "read_results",
           "reset", "results", "student_seed", "summary"]

#: The teacher's side, imported when first named (it loads the variants; a student's kernel never needs it).
_CLASSROOM = ("Class", "Grades", "grade", "student_seed")


def __getattr__(name: str) -> object:
    if name in _CLASSROOM:
        from . import classroom

        return getattr(classroom, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
