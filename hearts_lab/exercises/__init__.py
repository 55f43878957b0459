"""Worksheet checks: one module per worksheet (``ws1`` ... ``ws6``) and the shared machinery.

In a worksheet::

    from hearts_lab.exercises import ws1
    ws1.check_q1(answer)      # shows ✔ Correct, Not answered yet, or ✘ Not quite: <hint>
    ws1.hint("Q1")            # a nudge; level=2 the structure; level=3 the full method
    export("ws1", student="Ada")   # a results file to hand in (statuses and attempts, no answers)

Each check returns a :class:`~hearts_lab.exercises.checks.CheckResult`
(``.status`` is ``"correct"``, ``"unanswered"`` or ``"incorrect"``). No answer
is written here: positions are replayed by the engine at check time, exact
answers are stored as salted digests, and estimates are verified by running
the student's own dealing or simulation again.

>>> from hearts_lab.exercises import ws1
>>> ws1.check_q1(...).status
'unanswered'
"""

from .checks import UNANSWERED, CheckResult, Wrong, reset, results, summary
from .results import ClassTable, export, merge_results, read_results

__all__ = ["UNANSWERED", "CheckResult", "ClassTable", "Wrong", "export", "merge_results", "read_results", "reset", "results", "summary"]
