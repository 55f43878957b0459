"""docs/rules.md agrees with the engine: its tables, its option lists and its section numbers."""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from hearts_lab import Card, Rules
from hearts_lab import rules as rules_module
from hearts_lab.scoring import score_hand

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")


def _section(number: str) -> str:
    """The text of section §N (up to the next top-level section)."""
    match = re.search(rf"^## §{number} .*?(?=^## §|\Z)", DOC, flags=re.M | re.S)
    assert match, f"docs/rules.md has no section §{number}"
    return match.group(0)


def _table_rows(text: str, first_cell: str) -> list[list[str]]:
    rows = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and cells[0] == first_cell:
            rows.append(cells)
    return rows


def _cards(cell: str) -> tuple[Card, ...]:
    return tuple(sorted((Card.parse(t) for t in re.findall(r"(?:10|[2-9JQKA])[♣♦♥♠]", cell)), key=Card.sort_key))


def test_every_section_of_the_specification_is_there():
    for number in range(7):
        _section(str(number))


@pytest.mark.parametrize("players", range(3, 8))
def test_standard_deck_table(players):
    row = next(r for r in (_table_rows(_section("1"), str(players))) if len(r) == 3)
    rules = Rules.preset("standard", players=players)
    assert _cards(row[1]) == rules.removed
    assert int(row[2]) == rules.hand_size


@pytest.mark.parametrize("players", range(2, 7))
def test_lowest_clubs_tables(players):
    rows = _table_rows(_section("2"), str(players))
    rules = Rules.preset("lowest-clubs", players=players)
    deck_row = next(r for r in rows if len(r) == 3 and r[2].isdigit())
    assert _cards(deck_row[1]) == rules.removed
    assert int(deck_row[2]) == rules.hand_size
    schedule_row = next(r for r in rows if r[1].startswith("("))
    assert tuple(int(k) for k in re.findall(r"\d+", schedule_row[1])) == rules.pass_schedule


def test_cancellation_deal_table():
    text = _section("3")
    each = _table_rows(text, "cards each")[0][1:]
    kitty = _table_rows(text, "kitty")[0][1:]
    for players, (h, k) in zip(range(6, 12), zip(each, kitty)):
        rules = Rules.preset("cancellation", players=players)
        assert (int(h), int(k)) == (rules.hand_size, rules.kitty_size)


def test_every_rules_field_and_value_is_documented():
    options = _section("5")
    for field in dataclasses.fields(Rules):
        if field.init:
            assert f"`{field.name}`" in options, f"§5 does not document Rules.{field.name}"
    for values in (
        rules_module.OPENING_LEADS,
        rules_module.HEARTS_BROKEN_BY,
        rules_module.MOON_POLICIES,
        rules_module.MOON_CARDS,
        rules_module.LAST_TRICK_SET_ASIDE,
        rules_module.KITTY_TO,
        rules_module.TIE_POLICIES,
        tuple(rules_module.CARD_VALUES),
    ):
        for value in values:
            assert f'`"{value}"`' in DOC, f"docs/rules.md does not explain the value {value!r}"


def test_rulings_are_marked_and_quote_the_rulebook():
    rulings = re.findall(r"^> \*\*Ruling[^*]*\*\*", DOC, flags=re.M)
    assert len(rulings) >= 12
    # Every ruling the specification names is there, at its section.
    for number, words in [
        ("0", "lowest total"),
        ("1", "μπαστούνια"),
        ("1", "3-player"),
        ("2", "suit symbol lost"),
        ("2", "each opponent exactly once"),
        ("3", "same player leads again"),
        ("3", "all 26 hearts and both Q♠s"),
    ]:
        assert words in _section(number), (number, words)


def test_worked_moon_cases():
    rules = Rules.preset("standard", players=4)
    row = _table_rows(_section("4"), "90 80 85 70")[0]
    assert "90 106 111 96" in row[1] and "two players pass 100" in row[1]
    after = score_hand(rules, (26, 0, 0, 0), 0, (90, 80, 85, 70))
    assert after.moon == "old"
    totals = [b + d for b, d in zip((90, 80, 85, 70), after.deltas)]
    assert totals == [90, 106, 111, 96]
    assert sum(t >= rules.target for t in totals) == 2
    avoid = score_hand(dataclasses.replace(rules, moon="avoid-end"), (26, 0, 0, 0), 0, (50, 20, 30, 40))
    assert avoid.moon == "old" and "50 46 56 66" in _table_rows(_section("4"), "50 20 30 40")[0][2]
    assert score_hand(rules, (26, 0, 0, 0), 0, (46, 20, 30, 40)).moon == "new"


def test_every_citation_of_a_section_exists():
    """A citation like `docs/rules.md §3.7` anywhere in the project names a section that exists."""
    cited = set()
    for path in [*ROOT.glob("notebooks/*.ipynb"), *ROOT.glob("exercises/**/*.ipynb"), *ROOT.glob("hearts_lab/**/*.py"),
                 *ROOT.glob("*.md"), *ROOT.glob("docs/*.md"), *ROOT.glob("exercises/**/*.py")]:
        cited |= set(re.findall(r"rules\.md ?§(\d+(?:\.\d+)?)", path.read_text(encoding="utf-8")))
    for number in cited:
        if "." in number:
            assert re.search(rf"^\*\*{re.escape(number)} ", DOC, flags=re.M), f"§{number} is cited but not in docs/rules.md"
        else:
            _section(number)


def test_pass_schedule_words_are_the_engines_names():
    rows = _table_rows(_section("2"), "5") + _table_rows(_section("2"), "6") + _table_rows(_section("2"), "2")
    for row in rows:
        if row[1].startswith("("):
            rules = Rules.preset("lowest-clubs", players=int(row[0]))
            assert row[2] == ", ".join(rules.pass_direction(k) for k in rules.pass_schedule)


def test_auto_moon_with_house_values_counts_every_point_moon_cards_aside():
    """§4: with house values, count every point each player took this hand, moon cards aside."""
    rules = Rules.preset("standard", players=4, card_points="omnibus")
    # the shooter took the moon cards (26) and the J♦ (-10): old leaves them on 50 - 10 = 40 < 46, 56, 66
    assert score_hand(rules, (16, 0, 0, 0), 0, (50, 20, 30, 40)).moon == "old"
    assert "count every point each player took this hand, the shooter's moon cards\naside" in _section("4")


def test_derived_facts_named_in_section_5_exist():
    rules = Rules.preset("cancellation", players=7)
    for name in re.findall(r"`(\w+)(?:\([^)]*\))?`", _section("5").split("Derived, not set:")[1].split("**5.2")[0]):
        if name.isidentifier() and not name.isdigit() and name not in ("left", "right", "across", "hold"):
            assert hasattr(rules, name), f"§5 names Rules.{name}, which does not exist"
