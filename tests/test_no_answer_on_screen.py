"""No answer on screen before the student answers (issue 17, item 4).

Every stored output of every notebook and every student copy is read:

- a "your turn" verdict (hearts_lab.teach) in a stored notebook is unanswered
  (nothing is filled in) and says exactly what to do: no value, no factor;
- any output saying "Not answered yet" is one of those fixed sentences (so an
  output without the verdict's MIME part cannot smuggle a value either);
- student copies, and each student's own copies written by a class, carry no
  outputs at all, and a worksheet check with no answer says only what to do;
- the question texts of a student's own copy name no card-set answer.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import sympy
from test_exercises_variants import ws1_answers, ws2_answers

from hearts_lab import Card
from hearts_lab.exercises import checks, ws1, ws2
from hearts_lab.exercises.classroom import Class
from hearts_lab.teach import MIME_TYPE, NOT_ANSWERED, NOT_TRIED, compare_rates

REPO = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))
STUDENT = sorted((REPO / "exercises" / "student").glob("*.ipynb"))
#: The only sentences an unanswered check may show.
INSTRUCTIONS = {
    f"… {NOT_ANSWERED}",
    f"… {NOT_TRIED}",
    str(compare_rates(None, 1, 1, 2)),
}


def _outputs(path: Path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    for index, cell in enumerate(nb["cells"]):
        for output in cell.get("outputs", []):
            yield index, output


def _text(output) -> str:
    parts = [output.get("text", "")]
    for value in output.get("data", {}).values():
        parts.append(value if isinstance(value, str) else json.dumps(value, ensure_ascii=False))
    return "\n".join("".join(p) if isinstance(p, list) else str(p) for p in parts)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_your_turn_output_shows_an_answer(path):
    verdicts = 0
    for index, output in _outputs(path):
        data = output.get("data", {})
        if MIME_TYPE in data:
            verdicts += 1
            assert data[MIME_TYPE]["status"] == "unanswered", f"{path.name} cell {index}: a stored answer"
            assert "".join(data["text/plain"]) in INSTRUCTIONS, f"{path.name} cell {index}: {data['text/plain']!r}"
        text = _text(output)
        if "Not answered yet" in text:
            plain = "".join(data.get("text/plain", output.get("text", "")))
            assert plain.strip() in INSTRUCTIONS, f"{path.name} cell {index} shows more than what to do: {plain!r}"
        assert "times the library's" not in text and "the library's value is" not in text, f"{path.name} cell {index}"
    source = path.read_text(encoding="utf-8")
    if "reveal(" in source:
        assert verdicts, f"{path.name} calls reveal but stores no verdict"


@pytest.mark.parametrize("path", STUDENT, ids=lambda p: p.name)
def test_student_copies_store_no_outputs(path):
    assert list(_outputs(path)) == []


def test_an_unanswered_worksheet_check_says_only_what_to_do():
    for module in (ws1, ws2):
        for key in checks.QUESTIONS[module.WS]:
            result = getattr(module, f"check_{key.lower()}")(...)
            assert result.status == "unanswered"
            assert result.message == "replace the ... with your answer, run that cell, then run this check again."


@pytest.mark.slow  # several seconds: make test runs it, make check leaves it out
def test_students_own_copies_store_no_outputs_and_their_texts_name_no_answer(tmp_path):
    klass = Class("a class secret for this test only", ["Ada", "Alan", "Grace", "Edsger"])
    for path in klass.write(tmp_path):
        assert list(_outputs(path)) == [], path
    for student in klass.roster:
        for worksheet, answers_of in (("ws1", ws1_answers), ("ws2", ws2_answers)):
            nb = json.loads((tmp_path / student / f"{'01_legal_moves' if worksheet == 'ws1' else '02_passing_and_cancellation'}.ipynb").read_text(encoding="utf-8"))
            text = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
            for key, answer in answers_of(klass.variant(student, worksheet)).items():
                if isinstance(answer, (set, list)) and len(answer) >= 2 and all(isinstance(c, Card) for c in answer):
                    cards = sorted(answer, key=lambda c: c.sort_key())
                    assert " ".join(map(str, cards)) not in text, (student, worksheet, key)


# -- the library's worked answer of a "your turn" question is nowhere on screen before an attempt ------------


def _your_turn_answers() -> dict[str, list]:
    """Every "your turn" question of notebooks 07 and 08, as the library answers it (one per reveal call)."""
    from hearts_lab import Rules
    from hearts_lab.combinatorics import (
        deal_count,
        hand_count,
        p_both_queens,
        p_dealt_moon,
        p_kitty_points,
        p_no_hearts,
        p_queen_with_hearts,
        p_void,
        physical_deal_count,
        strip_choices,
    )

    four, six, seven = (Rules.preset("standard", players=4), Rules.preset("cancellation", players=6),
                        Rules.preset("cancellation", players=7))
    house = Rules.preset("standard", players=4, removed=("2C", "2D", "2H", "2S", "3C", "3D", "3H", "3S"))
    return {
        "07_counting_deals.ipynb": [
            strip_choices(Rules.preset("standard", players=7)),
            strip_choices(Rules.preset("standard", players=6), keep_opening_club=True),
            p_void(Rules.preset("standard", players=6), "clubs"),
            deal_count(four), hand_count(four), physical_deal_count(six), hand_count(six),
            deal_count(four).value / deal_count(house).value,
        ],
        "08_exact_odds.ipynb": [
            p_no_hearts(four), p_no_hearts(four, some_seat=True), p_void(four), p_queen_with_hearts(four, 3),
            p_dealt_moon(Rules.preset("lowest-clubs", players=2, removed=("2C", "2D"))), p_kitty_points(seven),
            p_both_queens(seven),
        ],
    }


def _giveaways(answer) -> list[str]:
    """The texts that give an answer away: its exact value (digits with and without thousands commas, or p/q)
    and the library's formula for it."""
    value = getattr(answer, "fraction", None) or getattr(answer, "value", answer)
    value = sympy.Rational(value) if not isinstance(value, sympy.Basic) else value
    if value.q == 1:
        texts = [str(value.p), f"{int(value.p):,}"]
    else:
        texts = [f"{value.p}/{value.q}", rf"\frac{{{value.p}}}{{{value.q}}}"]
    formula = getattr(answer, "text", None)
    if formula and formula != texts[0]:
        texts.append(formula)
    return texts


def _every_text(output) -> str:
    """Everything an output shows, each MIME part as the text it holds (a list of lines joined)."""
    parts = ["".join(output.get("text", ""))]
    for value in output.get("data", {}).values():
        parts.append("".join(value) if isinstance(value, list) else value if isinstance(value, str)
                     else json.dumps(value, ensure_ascii=False))
    return "\n".join(parts)


def _binomials_as_latex(formula: str) -> list[str]:
    return [rf"\binom{{{a.strip()}}}{{{b.strip()}}}".replace(" ", "") for a, b in re.findall(r"C\(([^,()]+), ([^()]+)\)", formula)]


@pytest.mark.parametrize("name", ["07_counting_deals.ipynb", "08_exact_odds.ipynb"])
def test_no_worked_answer_is_on_screen_before_an_attempt(name):
    """No stored output and no markdown of notebooks 07 and 08 shows a your-turn question's exact value or the
    library's formula for it (a worked answer is shown only by worked_answer(..., after=...) once the student
    has tried, and stored notebooks are untried); and the markdown right after a check (before the next code
    cell, where the worked answer stands) writes out no formula. The ingredients a question's own "idea"
    gives before it are allowed: the student still has to put them together."""
    path = REPO / "notebooks" / name
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    answers = _your_turn_answers()[name]
    checks = [i for i, c in enumerate(cells) if c["cell_type"] == "code" and "reveal(" in "".join(c["source"])]
    assert len(checks) == len(answers), f"{name}: {len(checks)} reveal cells, {len(answers)} answers listed here"
    outputs = [(i, _every_text(o)) for i, o in _outputs(path)]
    markdown = [(i, "".join(c["source"])) for i, c in enumerate(cells) if c["cell_type"] == "markdown"]
    for answer in answers:
        for text in _giveaways(answer):
            pattern = rf"(?<!\d)(?<!\d,){re.escape(text)}(?!\d|,\d)" if text[0].isdigit() else re.escape(text)
            for index, shown in outputs + markdown:
                assert not re.search(pattern, shown), f"{name} cell {index} shows {text!r} before any attempt"
    for i, answer in zip(checks, answers):
        latex = _binomials_as_latex(getattr(answer, "text", ""))
        for cell in cells[i + 1:]:
            if cell["cell_type"] == "code":
                break
            source = "".join(cell["source"])
            assert "$$" not in source and "whole answer" not in source and "library's formula" not in source, (
                f"{name} cell {cells.index(cell)}: the text right after a check gives the method away")
            assert not (latex and all(b in source.replace(" ", "") for b in latex)), (
                f"{name} cell {cells.index(cell)} writes out {answer.text!r} right after its check")
