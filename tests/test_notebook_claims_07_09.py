"""The sentences of notebooks 07–09 hold: every number quoted in the prose is recomputed here.

The stored outputs are checked by tests/test_notebooks.py (re-execution); this
file checks what the *prose* says against the engine and the combinatorics,
and that every "your turn" cell runs unanswered and accepts the right formula.
"""

from __future__ import annotations

import json
import math
import re
from fractions import Fraction
from math import comb, factorial
from pathlib import Path

import pytest
import sympy

from hearts_lab import Rules
from hearts_lab.combinatorics import (
    compare_strips,
    deal_count,
    deal_table,
    enumerate_deals,
    expected_pairs,
    hand_count,
    p_void,
    physical_deal_count,
    small_deck_rules,
    strip_choices,
)
from hearts_lab.rules import PRESET_PLAYERS
from hearts_lab.teach import reveal

REPO = Path(__file__).resolve().parent.parent
NB = REPO / "notebooks"


def cells(name: str) -> list[dict]:
    return json.loads((NB / name).read_text(encoding="utf-8"))["cells"]


def markdown(name: str) -> str:
    return "\n".join("".join(c["source"]) for c in cells(name) if c["cell_type"] == "markdown")


def prose(name: str) -> str:
    """Markdown with line breaks folded, so a phrase split over two lines is found."""
    return re.sub(r"\s+", " ", markdown(name))


def output_text(cell: dict) -> str:
    out = []
    for o in cell.get("outputs", []):
        if o["output_type"] == "stream":
            out.append("".join(o["text"]))
        elif "data" in o and "text/plain" in o["data"]:
            out.append("".join(o["data"]["text/plain"]))
    return "\n".join(out)


def all_output(name: str) -> str:
    return "\n".join(output_text(c) for c in cells(name) if c["cell_type"] == "code")


NB07, NB08, NB09 = "07_counting_deals.ipynb", "08_exact_odds.ipynb", "09_moon_odds.ipynb"
ALL = (NB07,)


# -- shared: your-turn cells, closing sections, rule citations -------------------------------


@pytest.mark.parametrize("name", ALL)
def test_your_turn_cells_run_unanswered(name):
    """Each 'my_… = None' cell is followed by a check that says 'not answered yet' in the stored notebook."""
    cs = cells(name)
    starts = [i for i, c in enumerate(cs) if c["cell_type"] == "code" and re.search(r"^my_\w+ = None", "".join(c["source"]), re.M)]
    assert starts, f"{name} has no your-turn cell"
    for i in starts:
        follow = next(c for c in cs[i + 1:] if c["cell_type"] == "code")
        assert "Not answered yet" in output_text(follow), f"{name}: the cell after {''.join(cs[i]['source'])!r}"
    for c in cs:
        if c["cell_type"] == "code":
            assert not any(o["output_type"] == "error" for o in c.get("outputs", []))


@pytest.mark.parametrize("name", ALL)
def test_each_lesson_ends_with_what_you_learned_and_a_worksheet(name):
    cs = cells(name)
    last = "".join(cs[-1]["source"])
    assert cs[-1]["cell_type"] == "markdown" and last.startswith("## What you learned")
    bullets = [line for line in last.splitlines() if line.startswith("- ")]
    assert 3 <= len(bullets) <= 5
    links = re.findall(r"\]\((\.\./exercises/student/[^)]+)\)", last)
    assert links and all((NB / link).resolve().exists() for link in links)


@pytest.mark.parametrize("name", ALL)
def test_cited_rule_sections_exist(name):
    rules_doc = (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
    cited = re.findall(r"docs/rules\.md §(\d+)\.(\d+)", markdown(name))
    assert "RULES.md" not in markdown(name).replace("docs/rules.md", "")
    for major, minor in cited:
        assert re.search(rf"\*\*{major}\.{minor} ", rules_doc), f"§{major}.{minor} is not in docs/rules.md"


# -- notebook 07 ---------------------------------------------------------------------------


def test_07_strip_choices_and_who_keeps_the_two_of_clubs():
    text = prose(NB07)
    assert "52 − 13 − 1 = 38" in text
    assert strip_choices(Rules.preset("standard", players=7)).value == comb(38, 3)
    two_clubs = Rules.preset("standard", players=4).opening_card
    keeps = [n for n in PRESET_PLAYERS["standard"] if two_clubs in Rules.preset("standard", players=n).deck()]
    assert keeps == [3, 4, 6, 7]
    assert "keeps the 2♣ for 3, 4, 6 and 7 players but removes it with 5 players (the 3♣ then opens)" in text
    assert Rules.preset("standard", players=5).opening_card.rank == 3
    removes = [n for n in PRESET_PLAYERS["lowest-clubs"] if two_clubs not in Rules.preset("lowest-clubs", players=n).deck()]
    assert removes == [5, 6] and "removes it with 5 and 6 players" in text


def test_07_the_two_rulebooks_agree_for_3_and_4_only():
    same = {row[0]: row[-1] for row in compare_strips().rows}
    assert same == {3: True, 4: True, 5: False, 6: False}
    assert "agree for 3 and 4 players and differ for 5 and 6" in prose(NB07)
    std, low = Rules.preset("standard", players=6), Rules.preset("lowest-clubs", players=6)
    assert sum(c.suit == "C" for c in std.deck()) == sum(c.suit == "D" for c in std.deck()) == 11
    assert sum(c.suit == "C" for c in low.deck()) == 9 and str(low.opening_card) == "6♣"
    assert "(11 clubs and 11 diamonds with six players)" in prose(NB07) and "9-card club suit, opened by the 6♣" in prose(NB07)


def test_07_the_club_void_is_for_a_named_seat():
    text = prose(NB07)
    assert "one player is dealt no club" not in text
    assert "**seat 0** (a seat named in advance)" in text
    out = all_output(NB07)
    for name in ("standard", "lowest-clubs"):
        p = p_void(Rules.preset(name, players=6), "clubs")
        assert f"{float(p):.1%}" in out
    assert p_void(Rules.preset("standard", players=6), "clubs").value == sympy.Rational(comb(37, 8), comb(48, 8))


def test_07_small_deck_and_burnside_numbers():
    tiny2 = small_deck_rules("A♥ A♥ K♥ K♥", players=2)
    from collections import Counter

    seen = Counter(d.hands for d in enumerate_deals(tiny2))
    assert sorted(seen.values()) == [1, 1, 4] and deal_count(tiny2).value == 3
    assert "happens 4 times in 6" in prose(NB07) and "(6 + 2 \\cdot 2 + 2)/4 = 3" in markdown(NB07)


def test_07_two_pack_ratio_sentences():
    six = Rules.preset("cancellation", players=6)
    assert f"{2**52:.1e}".startswith("4.5e+15") and "2^{52} \\approx 4.5 \\times 10^{15}" in markdown(NB07)
    pairs = float(expected_pairs(six).value)
    assert round(pairs, 1) == 1.3 and round(6 * pairs) == 8
    assert "about 1.3 pairs on average, so a deal has about 8 pairs inside hands" in prose(NB07)
    ratio = physical_deal_count(six).value / deal_count(six).value
    assert f"about 2^{float(sympy.log(ratio, 2)):.1f}" in all_output(NB07)


def test_07_digits_of_the_deal_counts():
    table = deal_table()
    logs = {row[0]: [] for row in table.rows}
    for row in table.rows:
        logs[row[0]].append(math.log10(int(row[5].value)))
    one_pack = logs["standard"] + logs["lowest-clubs"]
    assert (round(min(logs["cancellation"])), round(max(logs["cancellation"]))) == (66, 89)
    assert (round(min(one_pack)), round(max(one_pack))) == (15, 37)
    assert "about $10^{66}$ to $10^{89}$ deals, against $10^{15}$ to $10^{37}$ with one pack" in prose(NB07)
    for name in logs:
        assert logs[name] == sorted(logs[name]), "the count keeps growing with the players"


def test_07_your_turn_answers_are_accepted():
    four, six = Rules.preset("standard", players=4), Rules.preset("cancellation", players=6)
    house = Rules.preset("standard", players=4, removed=("2C", "2D", "2S", "3S"))
    assert house.hand_size == 12
    answers = [
        (comb(38, 3), strip_choices(Rules.preset("standard", players=7))),
        (comb(37, 4), strip_choices(Rules.preset("standard", players=6), keep_opening_club=True)),
        (Fraction(comb(37, 8), comb(48, 8)), p_void(Rules.preset("standard", players=6), "clubs")),
        (comb(52, 13) * comb(39, 13) * comb(26, 13), deal_count(four)),
        (factorial(52) // factorial(13) ** 4, deal_count(four)),
        (comb(52, 13), hand_count(four)),
        (factorial(104) // (factorial(17) ** 6 * factorial(2)), physical_deal_count(six)),
        (sum(comb(52, d) * comb(52 - d, 17 - 2 * d) for d in range(9)), hand_count(six)),
    ]
    for mine, library in answers:
        assert reveal(mine, library).status == "right", library
    ratio = deal_count(four).value / deal_count(house).value
    assert reveal(Fraction(52 * 51 * 50 * 49, 13**4), ratio, what="ratio").status == "right"
    assert ratio > 1  # fewer deals with 12 cards each
