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
from pathlib import Path

import pytest

from hearts_lab import Card
from hearts_lab.exercises import checks, ws1, ws2
from hearts_lab.exercises.classroom import Class
from hearts_lab.teach import MIME_TYPE, NOT_ANSWERED, compare_rates

from test_exercises_variants import ws1_answers, ws2_answers

REPO = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))
STUDENT = sorted((REPO / "exercises" / "student").glob("*.ipynb"))
#: The only sentences an unanswered check may show.
INSTRUCTIONS = {
    f"… {NOT_ANSWERED}",
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
