"""One clean-up for every worksheet test (the ``exercise_session`` fixture of tests/conftest.py uses it).

A test that switches a worksheet to a student's copy (``ws4.use_variant(seed)``) or runs checks (which append
to the kernel's results, ``checks._RESULTS``) must leave the next test the generic copies and the results it
found. Each exercise test file once kept its own fixture for it, each naming the worksheets it remembered.
"""
from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Iterator

#: Every worksheet module: each one that was imported is put back on its generic copy (``use_variant(None)``).
WORKSHEET_MODULES = tuple(f"hearts_lab.exercises.ws{n}" for n in range(1, 7))


@contextmanager
def restored() -> Iterator[None]:
    """Run the body, then restore the checks' results and put every imported worksheet on its generic copy."""
    from hearts_lab.exercises import checks

    saved = list(checks._RESULTS)
    try:
        yield
    finally:
        for name in WORKSHEET_MODULES:
            module = sys.modules.get(name)
            if module is not None:
                module.use_variant(None)
        checks._RESULTS[:] = saved
