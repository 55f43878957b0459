"""Write the option tables of docs/rules.md §5 from the ``Rules`` field metadata.

Each subsection of §5 holds one generated table between two markers::

    <!-- rule-options 5.3 -->
    | field | values | meaning |
    ...
    <!-- /rule-options -->

Its rows are the fields whose :class:`hearts_lab.rules.RuleField` names that
section, in the dataclass's order: a field with ``value_meanings`` gets one row
per choice. Everything outside the markers is prose and stays as written. So a
new rule field appears in the docs once it has its metadata; nothing here
lists fields.

    .venv/bin/python tools/rules_doc.py            # rewrite docs/rules.md
    .venv/bin/python tools/rules_doc.py --check    # exit 1 if docs/rules.md is stale (tests/test_rules_doc.py runs it)
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from hearts_lab.rules import OPTION_SECTIONS, RuleField, Rules, rule_fields

DOC = Path(__file__).resolve().parents[1] / "docs" / "rules.md"
BLOCK = re.compile(r"(<!-- rule-options (?P<section>[\d.]+) -->\n)(?P<table>.*?)(<!-- /rule-options -->)", re.S)
HEADER = "| field | values | meaning |\n|---|---|---|\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _choice(value: object) -> str:
    return f'`"{value}"`' if isinstance(value, str) else f"`{value!r}`"


def _rows(name: str, info: RuleField) -> list[str]:
    if info.value_meanings:
        return [
            f"|{f' `{name}` ' if k == 0 else ' '}| {_choice(choice)} | {_cell(meaning)} |"
            for k, (choice, meaning) in enumerate(zip(info.choices, info.value_meanings))
        ]
    return [f"| `{name}` | {_cell(info.values_text)} | {_cell(info.meaning or info.help)} |"]


def option_table(section: str, rules_type: type[Rules] = Rules) -> str:
    """The markdown table of the rule fields in ``section`` (e.g. ``"5.3"``).

    >>> print(option_table("5.7").splitlines()[2])
    | `target` | 1 to 1 000 000 | the game ends when a total reaches it (§0.9) |
    """
    rows = [row for name, info in rule_fields(rules_type).items() if info.section == section for row in _rows(name, info)]
    return HEADER + "".join(row + "\n" for row in rows)


def render(text: str, rules_type: type[Rules] = Rules) -> str:
    """``text`` (docs/rules.md) with every generated table rewritten; a section without its table,
    or a table for no section, raises ``ValueError``."""
    found = [m.group("section") for m in BLOCK.finditer(text)]
    used = {info.section for info in rule_fields(rules_type).values()}
    missing = [s for s in OPTION_SECTIONS if s in used and s not in found]
    unknown = [s for s in found if s not in OPTION_SECTIONS]
    if missing or unknown or len(found) != len(set(found)):
        raise ValueError(
            f"docs/rules.md: the option-table markers do not match the sections (missing {missing}, unknown {unknown}, found {found})."
        )
    return BLOCK.sub(lambda m: m.group(1) + option_table(m.group("section"), rules_type) + m.group(4), text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if docs/rules.md is not what the metadata gives")
    args = parser.parse_args(argv)
    text = DOC.read_text(encoding="utf-8")
    new = render(text)
    if args.check:
        if new != text:
            print("docs/rules.md: the §5 option tables are stale; run: .venv/bin/python tools/rules_doc.py", file=sys.stderr)
            return 1
        return 0
    if new != text:
        DOC.write_text(new, encoding="utf-8")
        print("docs/rules.md: option tables rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main())
