"""Worksheet checks: one module per worksheet (``ws1`` ... ``ws5``) and the shared machinery.

In a worksheet::

    from hearts_lab.exercises import ws1
    ws1.check_q1(answer)      # shows ✔ Correct, Not answered yet, or ✘ Not quite: <hint>

Each check returns a :class:`~hearts_lab.exercises.checks.CheckResult`
(``.status`` is ``"correct"``, ``"unanswered"`` or ``"incorrect"``). No answer
is stored here: checks derive the expected answer from the engine,
:mod:`hearts_lab.combinatorics` or :mod:`hearts_lab.simulate` when they run.

>>> from hearts_lab.exercises import ws1
>>> ws1.check_q1(...).status
'unanswered'
"""

from .checks import UNANSWERED, CheckResult, Wrong, results, summary

__all__ = ["UNANSWERED", "CheckResult", "Wrong", "results", "summary"]
