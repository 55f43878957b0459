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


def _bindings(name: str) -> dict[str, int] | None:
    """What each global name of a worksheet module is bound to (by identity), or ``None`` if it is not imported."""
    module = sys.modules.get(name)
    return None if module is None else {key: id(value) for key, value in vars(module).items()}


def _generic(module: object) -> bool:
    """Whether a worksheet module is on its generic copy (a test that does not use this fixture may have left it
    on a student's: it is put back too)."""
    return getattr(module, "_current", None) is getattr(module, "GENERIC", None)


@contextmanager
def restored() -> Iterator[None]:
    """Run the body, then restore the checks' results and put every imported worksheet on its generic copy.

    A worksheet changes copies only through ``use_variant``, which rebinds the module's globals (``_current``,
    the positions, the key): a worksheet whose globals are all bound as before the body is still on the copy it
    was on, and is left alone if that is the generic copy (``use_variant(None)`` costs 1 to 7 ms; this fixture runs around about 1,000
    tests). One that the body imported, or whose globals it rebound, is put back."""
    from hearts_lab.exercises import checks

    saved = list(checks._RESULTS)
    before = {name: _bindings(name) for name in WORKSHEET_MODULES}
    # Worksheet 5 counts its plans since the kernel started, whatever reset() clears (ws5._Session): each test
    # starts on a fresh count, as in a fresh kernel, and the count is put back afterwards.
    ws5 = sys.modules.get("hearts_lab.exercises.ws5")
    session = None if ws5 is None else dict(vars(ws5._SESSION))
    if ws5 is not None:
        vars(ws5._SESSION).update(vars(type(ws5._SESSION)()))
    try:
        yield
    finally:
        if ws5 is not None and session is not None:
            vars(ws5._SESSION).update(session)
        for name in WORKSHEET_MODULES:
            module = sys.modules.get(name)
            if module is not None and (before[name] is None or _bindings(name) != before[name] or not _generic(module)):
                module.use_variant(None)
        checks._RESULTS[:] = saved
