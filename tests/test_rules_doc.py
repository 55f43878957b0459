"""docs/rules.md agrees with the engine: its tables, its option lists and its section numbers."""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from hearts_lab import Card, Rules, rules as rules_module
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


# -- the option tables are generated from the field metadata ---------------------------------------

def _rules_doc_tool():
    import importlib.util

    spec = importlib.util.spec_from_file_location("rules_doc", ROOT / "tools" / "rules_doc.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


rules_doc = _rules_doc_tool()


def _documented_fields(text: str) -> list[str]:
    """The field names of the generated option tables, in order."""
    names = []
    for block in rules_doc.BLOCK.finditer(text):
        names += re.findall(r"^\| `(\w+)` \|", block.group("table"), flags=re.M)
    return names


def test_the_option_tables_are_what_the_field_metadata_gives():
    import subprocess
    import sys

    run = subprocess.run([sys.executable, str(ROOT / "tools" / "rules_doc.py"), "--check"], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert run.returncode == 0, run.stderr
    assert rules_doc.render(DOC) == DOC
    # Every rule field has its row, in the dataclass's order, in the table of its own section.
    fields = [f.name for f in dataclasses.fields(Rules) if f.init]
    assert _documented_fields(DOC) == fields
    for name, info in rules_module.rule_fields().items():
        assert f"| `{name}` |" in rules_doc.option_table(info.section)
        assert info.help and (info.kind != "choice" or info.choices)
    # A hand edit inside a table is caught and undone.
    stale = DOC.replace("| `target` | 1 to 1 000 000 |", "| `target` | 1 to 999 |")
    assert stale != DOC and rules_doc.render(stale) == DOC


def test_the_check_fails_on_a_stale_table(tmp_path, monkeypatch):
    stale = tmp_path / "rules.md"
    stale.write_text(DOC.replace("what a tie for the lowest total does", "ties"), encoding="utf-8")
    monkeypatch.setattr(rules_doc, "DOC", stale)
    assert rules_doc.main(["--check"]) == 1
    assert rules_doc.main([]) == 0 and stale.read_text(encoding="utf-8") == DOC


def test_a_section_without_its_table_is_refused():
    broken = DOC.replace("<!-- rule-options 5.7 -->", "")
    with pytest.raises(ValueError, match="missing \\['5.7'\\]"):
        rules_doc.render(broken)


def test_a_new_rule_field_appears_in_the_docs_with_no_other_edit():
    """A subclass adding a house option with its metadata: the §5 tables list it, in its section."""
    from hearts_lab.rules import INFO, RuleField

    @dataclasses.dataclass(frozen=True)
    class HouseRules(Rules):
        jokers: str = dataclasses.field(
            default="none",
            metadata={INFO: RuleField("choice", "5.6", "what jokers do", choices=("none", "wild"),
                                      value_meanings=("no jokers", "a joker takes the place of any card"))},
        )
        sudden_death: bool = dataclasses.field(default=False, metadata={INFO: RuleField("flag", "5.7", "the first to the target loses at once")})

    text = rules_doc.render(DOC, HouseRules)
    fields = rules_module.rule_fields(HouseRules)
    by_section = sorted(fields, key=lambda name: list(rules_module.OPTION_SECTIONS).index(fields[name].section))  # stable
    assert _documented_fields(text) == by_section and by_section[-3:] == ["target", "ties", "sudden_death"]
    assert "jokers" in by_section and "jokers" not in _documented_fields(DOC)
    cancellation = rules_doc.option_table("5.6", HouseRules)
    assert cancellation.endswith('| `jokers` | `"none"` | no jokers |\n| | `"wild"` | a joker takes the place of any card |\n')
    assert "| `sudden_death` | `False` / `True` | the first to the target loses at once |" in rules_doc.option_table("5.7", HouseRules)


def test_the_metadata_is_what_the_engine_checks():
    """Each choice field's choices are its Literal type's values and each count's bounds are the
    engine's: the bounds accepted, one past them refused naming the field."""
    import typing

    hints = typing.get_type_hints(Rules)
    base = Rules.preset("standard", players=4)
    for name, info in rules_module.rule_fields().items():
        if info.kind == "choice":
            assert info.choices == typing.get_args(hints[name]), name
            with pytest.raises(rules_module.RulesError, match=f"^{name}: 'sideways' is not one of"):
                dataclasses.replace(base, **{name: "sideways"})
        if info.kind == "count" and name != "players":
            high = info.high if info.high is not None else base.hand_size
            for bad in (info.low - 1, high + 1):
                with pytest.raises(rules_module.RulesError, match=f"^{name}: expected a whole number from {info.low} to {high}, "):
                    dataclasses.replace(base, **{name: bad})
            assert getattr(dataclasses.replace(base, **{name: high}), name) == high


def test_a_rule_field_without_metadata_is_refused_by_name():
    @dataclasses.dataclass(frozen=True)
    class Untold(Rules):
        mystery: int = 0

    with pytest.raises(rules_module.RulesError, match="^mystery: a rule field needs a RuleField") as error:
        rules_module.rule_fields(Untold)
    assert error.value.field == "mystery"
    with pytest.raises(rules_module.RulesError, match="^rules_type: "):
        rules_module.rule_fields(dict)
