"""Shared pieces of the adversarial (hostile input) suite: run sizes, hostile values, a state snapshot.

Each property test takes ``examples`` from :data:`SCALES`: a quick run (a few
dozen examples, part of every run) and a thorough one marked ``slow``. Set
``HEARTS_LAB_FUZZ=N`` to change the thorough run's size, e.g. for a long
overnight search.
"""

from __future__ import annotations

import math
import os
from fractions import Fraction
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

QUICK = 25
THOROUGH = int(os.environ.get("HEARTS_LAB_FUZZ", "400"))

#: Parametrize a property test with this: ``@pytest.mark.parametrize("examples", SCALES)``.
SCALES = [pytest.param(QUICK, id="quick"), pytest.param(THOROUGH, id="thorough", marks=pytest.mark.slow)]


def fuzz(examples: int, *strategies: st.SearchStrategy[Any], **named: st.SearchStrategy[Any]) -> Callable[[Callable[..., None]], None]:
    """Run the decorated body as a hypothesis property with ``examples`` examples, now.

    >>> fuzz(3, st.integers(0, 5))(lambda n: None)
    """

    def run(body: Callable[..., None]) -> None:
        test = settings(max_examples=examples, deadline=None, database=None, derandomize=True,
                        suppress_health_check=list(HealthCheck))(given(*strategies, **named)(body))
        test()

    return run


#: Values no public call should take for a seat, a count, a card or a budget, and none should crash on.
JUNK = st.one_of(
    st.none(), st.booleans(), st.floats(allow_nan=True, allow_infinity=True),
    st.integers(min_value=-(10**30), max_value=10**30), st.just(10**5000), st.just(-(10**5000)),
    st.text(max_size=20), st.text(alphabet="-0123456789٣²", max_size=600), st.binary(max_size=8),
    st.lists(st.integers(), max_size=3), st.tuples(), st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    st.just(math.nan), st.just(math.inf), st.just(Fraction(1, 3)), st.just(object()), st.just(...), st.just(1j),
)
