"""Counting deals and exact odds for Hearts, with sympy (notebooks 07 and 08).

Every function takes a :class:`~hearts_lab.Rules`, so the numbers match the
rules being played. Counts and probabilities come back as :class:`Exact`:
a sympy value, the formula that gave it, and a description.

>>> from hearts_lab import Rules
>>> from hearts_lab.combinatorics import deal_count, p_both_queens
>>> deal_count(Rules.preset("standard", players=4)).text
'52!/(13!)^4'
>>> p_both_queens(Rules.preset("cancellation", players=8)).value
3/206
"""

from .counting import PairedDeals, deal_count, deal_table, hand_count, physical_deal_count, physical_hand_count
from .deck import (
    Composition,
    StripReport,
    compare_strips,
    composition,
    remainder_table,
    small_deck_rules,
    strip_choices,
    strip_report,
    strip_reports,
)
from .exact import Exact, as_latex, as_text
from .odds import (
    CountingError,
    expected_kitty_points,
    expected_pairs,
    hearts_distribution,
    moon_deal_possible,
    odds_table,
    p_both_queens,
    p_dealt_moon,
    p_kitty_points,
    p_no_hearts,
    p_pair,
    p_queen_with_hearts,
    p_void,
    pairs_distribution,
)
from .sampling import (
    Deal,
    Estimate,
    Event,
    both_queens,
    by_enumeration,
    compare,
    deal_sample,
    dealt_moon,
    enumerate_deals,
    estimate,
    estimates,
    hearts_count,
    kitty_point_total,
    kitty_points,
    no_hearts,
    pair,
    pair_count,
    queen_with_hearts,
    sample_deals,
    void,
    wilson_interval,
)
from .table import Table

__all__ = [
    "Composition",
    "CountingError",
    "Deal",
    "Estimate",
    "Event",
    "Exact",
    "PairedDeals",
    "StripReport",
    "Table",
    "as_latex",
    "as_text",
    "both_queens",
    "by_enumeration",
    "compare_strips",
    "composition",
    "deal_count",
    "deal_sample",
    "deal_table",
    "dealt_moon",
    "enumerate_deals",
    "compare",
    "estimate",
    "estimates",
    "expected_kitty_points",
    "expected_pairs",
    "hand_count",
    "hearts_count",
    "hearts_distribution",
    "kitty_point_total",
    "kitty_points",
    "moon_deal_possible",
    "no_hearts",
    "odds_table",
    "p_both_queens",
    "p_dealt_moon",
    "p_kitty_points",
    "p_no_hearts",
    "p_pair",
    "p_queen_with_hearts",
    "p_void",
    "pair",
    "pair_count",
    "pairs_distribution",
    "physical_deal_count",
    "physical_hand_count",
    "queen_with_hearts",
    "sample_deals",
    "small_deck_rules",
    "remainder_table",
    "strip_choices",
    "strip_report",
    "strip_reports",
    "void",
    "wilson_interval",
]
