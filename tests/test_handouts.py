"""Paper from the same sources (tools/make_handouts.py, hearts_lab.paper, `hearts-lab deal --slips`).

- Worksheets print every position and trick they show as cards, one answer box per answer cell, and
  nothing that answers a question (no legal move, no winner of an open trick); a variant's positions
  print through the same cells.
- A rules sheet per preset: its deck table is the engine's, every rule of its sections is there and
  no rulebook quotation is.
- Deal slips hold exactly each seat's cards (and the kitty), and `hearts-lab deal --slips` refuses
  a file it cannot write, writing nothing.
- With Chromium (marked browser): `tools/make_handouts.py` writes every PDF, the rules sheets on one
  page each, and the student archive with the wheel, the student PDFs and no answer key.
"""
from __future__ import annotations

import html as html_text
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import types
import zipfile
from collections import Counter
from pathlib import Path

import nbformat
import pytest

from hearts_lab import Card, Hand, Rules, paper
from hearts_lab.cli import main as cli
from hearts_lab.exercises import ws1
from hearts_lab.exercises.positions import PositionView, replay
from hearts_lab.rules import PRESET_PLAYERS

REPO = Path(__file__).resolve().parent.parent
STUDENT = REPO / "exercises" / "student"


def _tool():
    spec = importlib.util.spec_from_file_location("make_handouts", REPO / "tools" / "make_handouts.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


tool = _tool()
_LABEL = re.compile(r'aria-label="([^"]+)"')


def _cards_in(html: str) -> Counter:
    """The cards drawn in some HTML, by their screen-reader labels ('queen of spades' -> Q♠)."""
    names = {Card(rank, suit).name: Card(rank, suit) for rank in range(2, 15) for suit in "CDHS"}
    return Counter(names[label] for label in _LABEL.findall(html) if label in names)


def _nb(stem: str):
    return nbformat.read(STUDENT / f"{stem}.ipynb", as_version=4)


def test_worksheet_1_draws_every_position_and_a_box_per_answer():
    nb = _nb("01_legal_moves")
    html = tool.worksheet_html(nb, tool.displayed_values(nb), title="ws1")
    answer_cells = [c for c in nb.cells if c.cell_type == "code" and "# your answer here" in c.source]
    assert html.count("class='hl-answer'") == len(answer_cells) == 8
    assert html.count("class='hl-figure hl-position'") == 3  # Q2, Q3, Q4
    assert html.count("hl-trick-line") == 13  # Q6's hand, trick by trick
    # Q2's position: seat 0's thirteen cards are drawn, as pictures.
    seat0 = ws1.position_q2().cards(0)
    assert all(f'aria-label="{card.name}"' in html for card in seat0)
    # Nothing answers a question: no legal-move list, no "to play" card marked, Q5's open trick unmarked.
    q5 = html[html.index("data-question='Q5'"):html.index("data-question='Q6'")]
    assert "wins the trick" not in q5 and "cancelled" not in q5
    assert "Legal:" not in html


def test_a_variant_prints_through_the_same_cells():
    """displayed_values(overrides=...) puts another worksheet module in place of the generic one."""
    nb = _nb("01_legal_moves")
    other = replay(ws1.STANDARD, seed=99, hand_number=3, plays="")
    variant = types.SimpleNamespace(**{name: getattr(ws1, name) for name in dir(ws1) if not name.startswith("__")})
    variant.position_q2 = lambda: PositionView(other)
    html = tool.worksheet_html(nb, tool.displayed_values(nb, overrides={"ws1": variant}), title="variant")
    q2 = html[html.index("data-question='Q2'"):html.index("data-question='Q3'")]
    assert _cards_in(q2) == Counter(c for s in range(4) for c in other.cards(s))


def test_every_worksheet_prints_without_answers_and_the_keys_carry_them():
    student = tool.worksheet_pages()
    keys = tool.worksheet_pages(keys=True)
    assert len(student) == len(keys) == len(list(STUDENT.glob("*.ipynb")))
    for stem, html in student.items():
        assert "Your answer" in html and "Answer key" not in html and "piplite" not in html, stem
    for stem, html in keys.items():
        assert "class='hl-answer'" not in html and html.count("class='hl-key'") >= 5, stem
        assert "**Answer:**" not in html and "<strong>Answer:</strong>" in html, stem


@pytest.mark.parametrize("preset", ["standard", "lowest-clubs", "cancellation"])
def test_rules_sheet_has_the_engines_deck_table_and_every_rule(preset):
    html = tool.rules_sheet_html(preset)
    table = html[html.index("hl-preset-table"):html.index("</table>")]
    rows = table.split("<tr>")[2:]
    assert len(rows) == len(PRESET_PLAYERS[preset])
    for n, row in zip(PRESET_PLAYERS[preset], rows):
        rules = Rules.preset(preset, players=n)
        cells = re.findall(r"<td>(.*?)</td>", row)
        assert cells[0] == str(n) and _cards_in(cells[1]) == Counter(rules.removed)
        assert cells[2] == str(rules.hand_size)
    section = {"standard": "1", "lowest-clubs": "2", "cancellation": "3"}[preset]
    doc = (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
    numbers = set(re.findall(rf"^(?:<a [^>]*></a>\s*)?\*\*((?:0|{section})\.\d+) ", doc, re.MULTILINE))
    shown = set(re.findall(r"<strong>(\d+\.\d+) ", html))
    assert numbers <= shown, numbers - shown
    # The rulebook quotations stay in docs/rules.md: no Greek or Cyrillic, no quoted-and-glossed text.
    assert not re.search(r"[\u0370-\u03ff\u0400-\u04ff]", html) and '*"' not in html
    assert "rulebook" not in re.sub(r"<[^>]+>", "", html).split("Ruling (3 players)")[0].lower()
    # A sentence that introduced a table of docs/rules.md (left out: the sheet has its own) still reads.
    assert not re.search(r"[:;,]\.", html_text.unescape(re.sub(r"<[^>]+>", "", html)))


def test_deal_slips_hold_each_seats_cards():
    hand = Hand.deal(Rules.preset("cancellation", players=9), seed=5, hand_number=1, dealer=2)
    html = paper.deal_slips_html(hand, seed=5)
    slips = html.split("class='hl-slip'")[1:]
    assert len(slips) == 9 + 2  # nine seats, the kitty, the dealer's check
    for seat in range(9):
        assert f"<h3>Seat {seat} " in slips[seat] and _cards_in(slips[seat]) == Counter(hand.cards(seat))
    assert "Kitty" in slips[9] and _cards_in(slips[9]) == Counter(hand.kitty)
    assert _cards_in("".join(slips[:10])) == Counter(Rules.preset("cancellation", players=9).deck())
    assert "--seed 5 --hand 2 --dealer 2" in html  # hand_number=1 is the game's hand 2


def test_the_command_on_the_slips_prints_the_same_deal(capsys):
    hand = Hand.deal(Rules.preset("lowest-clubs", players=5), seed=8, hand_number=2, dealer=4)
    command = re.search(r"<code[^>]*>hearts-lab (deal [^<]+)</code>", paper.deal_slips_html(hand, seed=8)).group(1)
    assert cli(command.split()) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("seat ")]
    token = re.compile(r"(10|[2-9JQKA])([♣♦♥♠])")
    suits = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
    for seat, line in enumerate(lines):
        printed = Counter(Card.parse(rank + suits[suit]) for rank, suit in token.findall(line.split(":", 1)[1]))
        assert printed == Counter(hand.cards(seat)), line
    assert len(lines) == 5


def test_cli_deal_slips_writes_html_and_refuses_another_suffix(tmp_path, capsys):
    target = tmp_path / "slips.html"
    assert cli(["deal", "--preset", "standard", "--players", "5", "--seed", "3", "--slips", str(target)]) == 0
    html = target.read_text(encoding="utf-8")
    hand = Hand.deal(Rules.preset("standard", players=5), seed=3)
    assert _cards_in(html.split("class='hl-slip'")[1]) == Counter(hand.cards(0))
    bad = tmp_path / "slips.txt"
    assert cli(["deal", "--seed", "3", "--slips", str(bad)]) == 2
    assert not bad.exists() and "must end in .html or .pdf" in capsys.readouterr().err


def test_print_pdf_refuses_an_unknown_paper():
    with pytest.raises(ValueError, match="paper"):
        paper.print_pdf({}, paper="A5")


def test_make_handouts_target():
    make = shutil.which("make")
    if make is None:
        pytest.skip("make is not installed")
    out = subprocess.run([make, "-n", "handouts"], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and "tools/make_handouts.py dist" in out.stdout, out.stdout + out.stderr


def _chromium_or_skip() -> None:
    if paper.chromium_path() is None:
        if os.environ.get("HEARTS_LAB_REQUIRE_BROWSER") == "1":
            pytest.fail("no Chromium, and HEARTS_LAB_REQUIRE_BROWSER=1")
        pytest.skip("no Chromium to print with")


@pytest.mark.browser
@pytest.mark.slow
def test_make_handouts_writes_the_pdfs_and_the_archive(tmp_path):
    _chromium_or_skip()
    dist = tmp_path / "dist"
    run = subprocess.run([sys.executable, str(REPO / "tools" / "make_handouts.py"), str(dist)], capture_output=True,
                         text=True, timeout=900, cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    student = sorted(p.name for p in (dist / "handouts").glob("*.pdf"))
    teacher = sorted(p.name for p in (dist / "teacher").glob("*.pdf"))
    worksheets = sorted(STUDENT.glob("*.ipynb"))
    assert len([n for n in student if n.startswith("ws")]) == len(teacher) == len(worksheets)
    assert {"rules_standard.pdf", "rules_lowest-clubs.pdf", "rules_cancellation.pdf"} <= set(student)
    assert len([n for n in student if n.startswith("slips_")]) == len(tool.SLIP_DEALS)
    for name in ("rules_standard.pdf", "rules_lowest-clubs.pdf", "rules_cancellation.pdf"):
        data = (dist / "handouts" / name).read_bytes()
        assert data.startswith(b"%PDF") and paper._pdf_pages(data) == 1, name
    with zipfile.ZipFile(dist / "hearts-lab-handouts.zip") as zf:
        names = zf.namelist()
        wheels = [n for n in names if n.endswith(".whl")]
        assert len(wheels) == 1 and "hearts-lab/HANDOUTS.md" in names
        assert sorted(n.removeprefix("hearts-lab/print/") for n in names if n.startswith("hearts-lab/print/")) == student
        assert not any("key_" in n or "teacher" in n for n in names)
        readme = zf.read("hearts-lab/HANDOUTS.md").decode()
        assert f"pip install \"{wheels[0].removeprefix('hearts-lab/')}[notebooks]\"" in readme
        with zipfile.ZipFile(zf.open(wheels[0])) as wheel:
            inside = wheel.namelist()
        files = {n.removeprefix("hearts-lab/"): zf.read(n) for n in names if not n.endswith((".whl", ".pdf"))}
    sys.path.insert(0, str(REPO / "tests"))
    import test_exercises as ex
    import test_exercises_distribution as dist_test

    forms = [(ws, v, f) for ws, v, value in ex._all_answers() for f in ex._answer_forms(value)]
    dist_test._assert_student_side(files, forms)  # no solution, answer or pointer to them
    assert "HANDOUTS.md" in files["README.md"].decode()
    assert "hearts_lab/__init__.py" in inside and "hearts_lab/exercises/_digests.py" in inside
    assert not any(n.startswith(("tests/", "tools/", "exercises/")) for n in inside)
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", str(dist / "handouts" / "ws1_legal_moves.pdf"), "-"], capture_output=True,
                              text=True, timeout=60).stdout
        assert text.count("Your answer") == 8 and "Q8. Build a trick" in text


def test_a_students_own_copy_prints_their_variant_and_name(tmp_path):
    """Class.write gives each student a copy that calls ws1.use_variant(seed): printing it draws their
    positions, names them, and leaves the worksheet module on the generic copy afterwards."""
    from hearts_lab.exercises.classroom import Class

    generic = [c for s in range(4) for c in ws1.position_q2().cards(s)]
    klass = Class("a teacher's secret", ["Ada Lovelace"])
    klass.write(tmp_path / "copies", worksheets=("ws1",))
    pages = tool.notebook_pages(tmp_path / "copies")
    (path, html), = pages.items()
    assert path.suffix == ".pdf" and "Ada Lovelace" in html
    ws1.use_variant(klass.seed("Ada Lovelace", "ws1"))
    try:
        view = ws1.position_q2()
        own = [c for s in range(4) for c in view.cards(s)] + [card for _, card in view.trick]  # hands, trick so far
    finally:
        ws1.use_variant(None)
    q2 = html[html.index("data-question='Q2'"):html.index("data-question='Q3'")]
    assert _cards_in(q2) == Counter(own) != Counter(generic)
    assert [c for s in range(4) for c in ws1.position_q2().cards(s)] == generic
