"""The capstone's re-run row: the teacher's side simulates each student's plan again and compares the effect and
interval Q4 and Q5 recorded with its own.

Before, grade() showed only each capstone check's recorded verdict and a seeds row, and the rubric told the teacher
to re-run the plan by hand: Q3's stored record held the rules' fingerprint, not the rules. Now Q3 records the rules
themselves, and the grader reads them (as hostile input), the plan's metric, hands and bots from Q2's record, the
seeds from the class secret, simulates both runs, and judges Q4's and Q5's recorded values with worksheet 5's own
rules (ws5.judge_effect, ws5.judge_interval). Hostile records are in tests/test_hostile_files.py.
"""
from __future__ import annotations

import dataclasses
import json
from typing import Any, Callable

import pytest
from test_exercises_classroom import ROSTER, SECRET, _capstone_copy, _rows, _save

from hearts_lab import Rules
from hearts_lab.exercises import checks, classroom, ws5
from hearts_lab.exercises.classroom import Class, grade
from hearts_lab.simulate import simulate
from hearts_lab.stats import rate_difference

pytestmark = pytest.mark.usefixtures("exercise_session")  # tests/conftest.py

METRIC = "moon rate"
BASE = Rules.preset("standard", players=4)
HOUSE = dataclasses.replace(BASE, first_trick_points=True)


@pytest.fixture
def klass():
    return Class(SECRET, ROSTER)


def honest_capstone(klass: Class, student: str, *, bots: str = "random", hands: int | None = None,
                    variant: int | None = None, edit: Callable[[dict[str, dict[str, Any]]], None] | None = None,
                    interval: Callable[[float, float], Any] = lambda low, high: (low, high)) -> dict:
    """``student``'s worksheet 5 copy answered honestly, every check run in this process (as the student's kernel
    runs it) and its output stored in the check's cell. ``variant``: the checks run with another variant's seeds
    (the student's runs are then other runs than their own); ``edit``: changes the stored data of each question
    (``{"Q4": data, ...}``) after the checks ran, as a student editing the file would."""
    hands = ws5.MIN_HANDS if hands is None else hands
    nb = klass.copy(student, "ws5")
    ws5.use_variant(klass.seed(student, "ws5") if variant is None else variant)
    checks.reset("ws5")
    seeds = ws5.my_seeds()
    b = simulate(BASE, hands, bots=bots, seed=seeds[0])
    h = simulate(HOUSE, hands, bots=bots, seed=seeds[1])
    effect = ws5.metric_value(h, METRIC) - ws5.metric_value(b, METRIC)
    d = rate_difference(ws5.metric_count(h, METRIC), h.hands, ws5.metric_count(b, METRIC), b.hands)
    conclusion = "increase" if d.low > 0 else "decrease" if d.high < 0 else "no clear effect"
    results = {
        "Q1": ws5.check_q1(BASE, HOUSE),
        "Q2": ws5.check_q2(METRIC, "increase", seeds, hands, bots),
        "Q3": ws5.check_q3(b, h, BASE, HOUSE, seeds),
        "Q4": ws5.check_q4(effect, b, h, METRIC),
        "Q5": ws5.check_q5(interval(d.low, d.high), b, h, METRIC),
        "Q6": ws5.check_q6(conclusion, (d.low, d.high), b, h, METRIC),
    }
    assert all(r.correct for r in results.values()), results
    data = {key: r._repr_mimebundle_() for key, r in results.items()}
    if edit is not None:
        edit({key: bundle[checks.MIME_TYPE] for key, bundle in data.items()})
    ws5.use_variant(None)
    for cell in nb["cells"]:
        text = "".join(cell["source"])
        for key, bundle in data.items():
            if cell["cell_type"] == "code" and text.startswith(f"ws5.check_{key.lower()}("):
                cell["outputs"] = [{"output_type": "execute_result", "data": json.loads(json.dumps(bundle)),
                                    "metadata": {}, "execution_count": 1}]
        if "seeds = ...  # your answer here" in text:
            cell["source"] = text.replace("seeds = ...  # your answer here", "seeds = ws5.my_seeds()")
    return nb


def _rerun(grades, student: str) -> dict[str, str]:
    return _rows(grades, student, "ws5")[classroom.RERUN_ROW]


def test_an_honest_capstone_is_re_run_on_the_teachers_side_and_agrees(klass, tmp_path):
    _save(tmp_path, "ada.ipynb", honest_capstone(klass, "Ada Lovelace"))
    grades = grade(tmp_path, SECRET, roster=ROSTER)
    row = _rerun(grades, "Ada Lovelace")
    assert row["correct"] == classroom.RERUN_AGREES, row
    seeds = klass.variant("Ada Lovelace", "ws5").seeds  # from the secret, never from the notebook
    b = simulate(BASE, ws5.MIN_HANDS, bots="random", seed=seeds[0])
    h = simulate(HOUSE, ws5.MIN_HANDS, bots="random", seed=seeds[1])
    d = rate_difference(ws5.metric_count(h, METRIC), h.hands, ws5.metric_count(b, METRIC), b.hands)
    assert row["why"].startswith(f"teacher's re-run: effect {d.difference:+.4f}, interval [{d.low:+.4f}, {d.high:+.4f}]; "
                                 "rules: base standard, 4 players; house = base with first_trick_points=True; recorded Q4 "), row["why"]
    assert "recorded Q4 " in row["why"] and "recorded Q5 " in row["why"] and row["why"].count(" agrees") == 2, row["why"]
    assert f"seeds {seeds[0]} and {seeds[1]}" in row["why"] and "10,000 hands a run, bots random" in row["why"]
    assert row["flags"] == ""
    assert "re-run recorded values agree" in repr(grades)
    assert [r["question"] for r in grades.rows()][:3] == ["seeds", "re-run", "Q1"]


def test_hand_edited_or_other_runs_numbers_do_not_agree(klass, tmp_path):
    """A student who edits Q4's and Q5's stored numbers, or whose runs are another variant's (its use_variant line
    changed, so its own checks accepted other runs), is shown as disagreeing with the teacher's re-run."""
    def edited(data: dict[str, dict[str, Any]]) -> None:
        data["Q4"]["made"]["effect"] += 0.01
        low, high = data["Q5"]["made"]["interval"]
        data["Q5"]["made"]["interval"] = [low + 0.01, high + 0.01]

    def only_q5(data: dict[str, dict[str, Any]]) -> None:
        data["Q5"]["made"]["interval"] = [v * 100 for v in data["Q5"]["made"]["interval"]]  # in percentage points

    _save(tmp_path, "ada.ipynb", honest_capstone(klass, "Ada Lovelace", edit=edited))
    _save(tmp_path, "alan.ipynb", honest_capstone(klass, "Alan Turing", variant=klass.seed("Grace Hopper", "ws5")))
    _save(tmp_path, "grace.ipynb", honest_capstone(klass, "Grace Hopper", edit=only_q5))
    grades = grade(tmp_path, SECRET, roster=ROSTER)
    ada, alan, grace = (_rerun(grades, n) for n in ROSTER)
    assert ada["correct"] == classroom.RERUN_DISAGREES and ada["why"].count("does NOT agree") == 2, ada
    assert alan["correct"] == classroom.RERUN_DISAGREES, alan
    assert grace["correct"] == classroom.RERUN_DISAGREES and "Q4 " in grace["why"] and "agrees" in grace["why"], grace
    assert "Q5 [" in grace["why"] and "not in percentage points" in grace["why"], grace  # ws5's own slip message


def test_an_older_record_without_rules_and_a_missing_q3_say_why_they_are_not_re_run(klass, tmp_path):
    _save(tmp_path / "old", "ada.ipynb", _capstone_copy(klass, "Ada Lovelace"))  # Q3 records a fingerprint only
    _save(tmp_path / "none", "ada.ipynb", _capstone_copy(klass, "Ada Lovelace", q3=False))
    old = _rerun(grade(tmp_path / "old", SECRET, roster=ROSTER), "Ada Lovelace")
    none = _rerun(grade(tmp_path / "none", SECRET, roster=ROSTER), "Ada Lovelace")
    assert old["correct"] == "not re-run" and "older hearts_lab" in old["flags"], old
    assert none["correct"] == "not re-run" and "no stored output of Q3's check" in none["flags"], none


def test_q4_or_q5_without_a_recorded_value_is_not_verified(klass, tmp_path):
    def dropped(data: dict[str, dict[str, Any]]) -> None:
        del data["Q4"]["made"]["effect"]  # as an older hearts_lab recorded Q4

    _save(tmp_path, "ada.ipynb", honest_capstone(klass, "Ada Lovelace", edit=dropped))
    row = _rerun(grade(tmp_path, SECRET, roster=ROSTER), "Ada Lovelace")
    assert row["correct"] == "not verified" and "Q4 records no effect" in row["why"] and "Q5 [" in row["why"], row


def test_a_heuristic_plan_is_re_run_only_when_asked(klass, tmp_path, monkeypatch):
    """The heuristic bot plays through the engine (about 15 s of CPU for 2 x 10,000 hands, 4 players): grade() re-runs it only
    with rerun="all", and its note says how. (A tiny plan here: ws5.MIN_HANDS lowered for both sides.)"""
    monkeypatch.setattr(ws5, "MIN_HANDS", 40)
    _save(tmp_path, "ada.ipynb", honest_capstone(klass, "Ada Lovelace", bots="heuristic", hands=40))
    runs = []
    real = classroom._Reruns.run
    monkeypatch.setattr(classroom._Reruns, "run", lambda self, *args: runs.append(args) or real(self, *args))
    row = _rerun(grade(tmp_path, SECRET, roster=ROSTER), "Ada Lovelace")
    assert row["correct"] == "not re-run" and 'rerun="all"' in row["flags"] and runs == [], row
    assert classroom._short_note(row["flags"]) == 'engine plan: not re-run by default (rerun="all")'
    row = _rerun(grade(tmp_path, SECRET, roster=ROSTER, rerun="all"), "Ada Lovelace")
    assert row["correct"] == classroom.RERUN_AGREES and len(runs) == 2 and "bots heuristic" in row["why"], row
    with pytest.raises(ValueError, match="rerun: one of 'fast', 'all'"):
        grade(tmp_path, SECRET, rerun="slow")


def test_identical_runs_are_simulated_once_per_grade_call(klass, tmp_path, monkeypatch):
    nb = honest_capstone(klass, "Ada Lovelace")
    _save(tmp_path, "ada.ipynb", nb)
    _save(tmp_path, "ada_again.ipynb", nb)
    made = []
    real = classroom._Reruns.run

    def counted(self, *args):
        if args not in [m[1] for m in made if m[0] is self]:
            made.append((self, args))
        return real(self, *args)

    monkeypatch.setattr(classroom._Reruns, "run", counted)
    grades = grade(tmp_path, SECRET, roster=ROSTER)
    assert [r["correct"] for r in grades.rows() if r["question"] == classroom.RERUN_ROW] == [classroom.RERUN_AGREES] * 2
    reruns = {id(m[0]) for m in made}
    assert len(reruns) == 1 and len(next(iter(m[0] for m in made)).runs) == 2


def test_a_student_not_on_the_roster_is_not_re_run(klass, tmp_path):
    _save(tmp_path, "ada.ipynb", honest_capstone(klass, "Ada Lovelace"))
    row = _rerun(grade(tmp_path, SECRET, roster=["Alan Turing"]), "Ada Lovelace")
    assert row["correct"] == "not re-run" and "not on the roster" in row["flags"], row


def test_an_answer_cell_edited_after_its_check_is_flagged_on_the_re_run_row(klass, tmp_path):
    """rerun-2 #1: the row vouches for the values Q4's and Q5's checks recorded; a student who edits the effect and
    interval cells after checking (the write-up follows them) got "agrees" with no flag. The verdict now says what it
    vouches for, and a cell holding another value than its check recorded is flagged, on the row and on Q4's/Q5's."""
    nb = honest_capstone(klass, "Ada Lovelace")
    nb["cells"].append({"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
                        "source": "effect = 0.05  # edited after checking\ninterval = (0.03, 0.07)"})
    _save(tmp_path / "edited", "ada.ipynb", nb)
    _save(tmp_path / "honest", "ada.ipynb", honest_capstone(klass, "Ada Lovelace"))
    rows = _rows(grade(tmp_path / "edited", SECRET, roster=ROSTER), "Ada Lovelace", "ws5")
    row = rows[classroom.RERUN_ROW]
    assert row["correct"] == classroom.RERUN_AGREES == "recorded values agree", row
    assert "its effect = ... line holds +0.0500, not the value Q4's check recorded" in row["flags"], row
    assert "its interval = ... line holds (+0.0300, +0.0700), not the value Q5's check recorded" in row["flags"], row
    assert {classroom._short_note(n) for n in row["flags"].split("; ") if n} >= {
        "Q4's cell holds another effect than recorded", "Q5's cell holds another interval than recorded"}, row["flags"]
    for key in ("Q4", "Q5"):
        assert "the stored output checked a different answer than the cell holds" in rows[key]["flags"], rows[key]
    honest = _rows(grade(tmp_path / "honest", SECRET, roster=ROSTER), "Ada Lovelace", "ws5")
    assert honest[classroom.RERUN_ROW]["flags"] == "" and "different answer" not in honest["Q4"]["flags"], honest


def test_the_row_names_the_rules_it_re_ran(klass, tmp_path):
    """rerun-2 #2: a student can redefine house before Q3, so the effect is of another rule than Q1's; the row never
    said which rules it re-ran. Its why now names them, as the engine's own difference of house from base."""
    _save(tmp_path, "ada.ipynb", honest_capstone(klass, "Ada Lovelace"))
    row = _rerun(grade(tmp_path, SECRET, roster=ROSTER), "Ada Lovelace")
    assert "rules: base standard, 4 players; house = base with first_trick_points=True" in row["why"], row
    many = dataclasses.replace(BASE, first_trick_points=True, target=50, card_points=tuple((c, v * 10**15) for c, v in BASE.card_points))
    shown = classroom._rules_shown(BASE, many)
    assert len(shown) < 300 and "target=50" in shown and "card points 2♥ 1→1000000000000000" in shown, shown
    assert shown.count("→") == classroom.CARDS_SHOWN and "and 6 more" in shown, shown  # 14 cards changed, 8 named


def test_a_changed_card_value_is_named_card_by_card():
    """Review helper-28, must-fix 2: card_points were shown as a tuple cut at 40 characters, so a house whose Q♠ is worth
    0 and one whose Q♠ is worth 26 (a house redefined before Q3) read alike on the re-run row."""
    queen = next(c for c, _ in BASE.card_points if str(c) == "Q♠")
    worth = {v: dataclasses.replace(BASE, card_points=tuple((c, v if c == queen else p) for c, p in BASE.card_points))
             for v in (0, 26)}
    zero, twenty_six = (classroom._rules_shown(BASE, worth[v]) for v in (0, 26))
    assert zero != twenty_six
    assert zero.endswith("house = base with card points Q♠ 13→0") and twenty_six.endswith("card points Q♠ 13→26")


def test_an_engine_plan_names_why_and_is_estimated_and_bounded_before_it_runs(klass, tmp_path, monkeypatch):
    """rerun-2 #3: the note said "10 to 70 s" (a 2-player two-pack heuristic plan took 89 s) and blamed "the bots" for
    random-bot plans the batch path cannot take (a recorded method 'engine', large card values), which went through
    the engine unbounded with rerun="all" (up to 200,000 hands, ~72 s a run). Each engine re-run is now estimated
    first, its note names the real reason, and one estimated above the limit is not re-run even with rerun="all"."""
    def engine(data: dict[str, dict[str, Any]]) -> None:
        data["Q3"]["made"]["method"] = data["Q3"]["made"]["house_method"] = "engine"

    _save(tmp_path, "ada.ipynb", honest_capstone(klass, "Ada Lovelace", edit=engine))
    runs = []
    real = classroom._Reruns.run
    monkeypatch.setattr(classroom._Reruns, "run", lambda self, *args: runs.append(args) or real(self, *args))
    row = _rerun(grade(tmp_path, SECRET, roster=ROSTER), "Ada Lovelace")
    assert row["correct"] == "not re-run" and "Q3's record names method 'engine'" in row["flags"], row
    assert "bots (random)" not in row["flags"] and "up to about 8 s of CPU estimated" in row["flags"] and runs == [], row
    monkeypatch.setattr(classroom, "ENGINE_RERUN_LIMIT", 1.0)
    row = _rerun(grade(tmp_path, SECRET, roster=ROSTER, rerun="all"), "Ada Lovelace")
    seeds = klass.variant("Ada Lovelace", "ws5").seeds
    assert row["correct"] == "not re-run" and runs == [] and 'even with rerun="all"' in row["flags"], row
    assert f"simulate(base, 10000, bots='random', seed={seeds[0]}, method='engine')" in row["flags"], row
    assert classroom._short_note(row["flags"]) == "engine plan over the re-run limit: not re-run"
    big = dataclasses.replace(BASE, card_points=tuple((c, v * 10**15) for c, v in BASE.card_points))
    assert classroom._engine_reason([BASE, big], "random", ("batch", "engine")) == "rules the fast batch path does not take"
    assert classroom._engine_seconds(dataclasses.replace(Rules.preset("lowest-clubs", players=2), decks=2), 20_000, "heuristic") > 60


def test_a_plan_recorded_again_after_q5_does_not_change_the_runs_re_run(klass, tmp_path):
    """rerun-2 #5: the row re-ran Q2's latest plan, not the runs Q3 accepted: an honest student who re-checked Q2 with a
    new plan after Q3-Q5 got "does NOT agree". The row now re-runs Q3's recorded runs (hands, bots, method) with the
    metric Q4/Q5 recorded."""
    def replanned(data: dict[str, dict[str, Any]]) -> None:
        data["Q2"]["made"]["hands"] = 2 * ws5.MIN_HANDS
        data["Q2"]["made"]["metric"] = "unclaimed rate"

    _save(tmp_path, "ada.ipynb", honest_capstone(klass, "Ada Lovelace", edit=replanned))
    row = _rerun(grade(tmp_path, SECRET, roster=ROSTER), "Ada Lovelace")
    assert row["correct"] == classroom.RERUN_AGREES, row
    assert f"re-run: {METRIC}, {ws5.MIN_HANDS:,} hands a run, bots random" in row["why"], row


def test_an_interval_the_stored_answer_cannot_keep_is_still_compared(klass, tmp_path):
    """rerun-2 #6: Q5's stored answer keeps a pair only when both ends are non-integral floats, so a numpy array gave
    "not verified". Q5 now records the interval it read in its made, as Q4 its effect."""
    import numpy

    _save(tmp_path, "ada.ipynb", honest_capstone(klass, "Ada Lovelace", interval=lambda low, high: numpy.array([low, high])))
    row = _rerun(grade(tmp_path, SECRET, roster=ROSTER), "Ada Lovelace")
    assert row["correct"] == classroom.RERUN_AGREES and "recorded Q5 [" in row["why"], row


def test_huge_recorded_numbers_are_shown_with_a_bounded_width(klass, tmp_path):
    """rerun-2 #8: an edited Q5 of +-1e308 printed 310-digit numbers in the why."""
    def huge(data: dict[str, dict[str, Any]]) -> None:
        data["Q5"]["made"]["interval"] = [-1e308, 1e308]
        data["Q4"]["made"]["effect"] = 1e308

    _save(tmp_path, "ada.ipynb", honest_capstone(klass, "Ada Lovelace", edit=huge))
    row = _rerun(grade(tmp_path, SECRET, roster=ROSTER), "Ada Lovelace")
    assert row["correct"] == classroom.RERUN_DISAGREES and "+1e+308" in row["why"] and len(row["why"]) < 1500, row


def test_the_default_re_runs_of_one_grade_call_have_a_budget(klass, tmp_path, monkeypatch):
    """rerun-2 #4: rerun="fast" had no overall bound (a class of large batch plans, each a few seconds). Once a call's
    re-runs have taken RERUN_BUDGET seconds of CPU, the rest say so; rerun="all" re-runs them."""
    monkeypatch.setattr(classroom, "RERUN_BUDGET", 0.0)
    _save(tmp_path, "ada.ipynb", honest_capstone(klass, "Ada Lovelace"))
    row = _rerun(grade(tmp_path, SECRET, roster=ROSTER), "Ada Lovelace")
    assert row["correct"] == "not re-run" and "re-run budget (0 s of CPU) is used up" in row["flags"], row
    assert classroom._short_note(row["flags"]) == "not re-run: this call's re-run budget is used up"
    assert _rerun(grade(tmp_path, SECRET, roster=ROSTER, rerun="all"), "Ada Lovelace")["correct"] == classroom.RERUN_AGREES


def test_rules_too_long_to_record_say_so(klass, tmp_path):
    """rerun-2 #7: a house rule whose name is too long to record (Q3 records None for it) read "could not be read
    (house: an object of rule fields, not NoneType.)"."""
    def too_long(data: dict[str, dict[str, Any]]) -> None:
        data["Q3"]["made"]["rules_records"]["house"] = None  # what checks.rules_record records for a long name

    assert checks.rules_record(dataclasses.replace(HOUSE, name="x" * 5_000)) is None
    _save(tmp_path, "ada.ipynb", honest_capstone(klass, "Ada Lovelace", edit=too_long))
    row = _rerun(grade(tmp_path, SECRET, roster=ROSTER), "Ada Lovelace")
    assert row["correct"] == "not re-run" and "house rules, too long to record" in row["flags"], row
    assert "NoneType" not in row["flags"] and classroom._short_note(row["flags"]) == "not re-run: rules too long to record"


def test_the_rules_come_right_after_the_teachers_numbers(klass, tmp_path):
    """Review helper-29, should-fix 5: the projected table shows a why's first 200 characters, which cut the rules the
    row re-ran (the part the docs tell the teacher to compare with Q1); they now come right after the teacher's numbers."""
    _save(tmp_path, "ada.ipynb", honest_capstone(klass, "Ada Lovelace"))
    why = _rerun(grade(tmp_path, SECRET, roster=ROSTER), "Ada Lovelace")["why"]
    assert why.startswith("teacher's re-run: effect ") and why.index("rules: base standard") < 200, why


def test_a_classmates_capstone_handed_in_as_ones_own_names_the_classmate(klass, tmp_path):
    """Review helper-29, should-fix 4: as for worksheets 1-4 and 6, the capstone's use_variant line of a classmate's
    variant names the classmate (the seeds row said only that the line was another variant)."""
    nb = honest_capstone(klass, "Ada Lovelace")
    nb["metadata"]["hearts_lab"].update(student="Grace Hopper", variant=klass.seed("Grace Hopper", "ws5"))
    _save(tmp_path, "grace.ipynb", nb)
    (sub,) = grade(tmp_path, SECRET, roster=ROSTER).submissions
    assert ("its ws5.use_variant line names the variant of Ada Lovelace, not this student's (graded on the student's "
            "own): another student's copy?") in sub.flags, sub.flags


def test_a_results_file_beside_the_notebook_is_named_as_one(klass, tmp_path):
    """Review helper-29, should-fix 7: the class copy's last cell writes ws5_<name>.json beside the notebook; the table
    called it 'not a .ipynb file: handed in with the wrong name?'."""
    _save(tmp_path, "Ada_Lovelace/05_capstone_house_rule.ipynb", honest_capstone(klass, "Ada Lovelace"))
    (tmp_path / "Ada_Lovelace" / "ws5_Ada_Lovelace.json").write_text("[]", encoding="utf-8")
    (tmp_path / "Ada_Lovelace" / "essay.docx").write_text("", encoding="utf-8")
    skipped = dict(grade(tmp_path, SECRET, roster=ROSTER).skipped)
    assert skipped["Ada_Lovelace/ws5_Ada_Lovelace.json"].startswith("a results file (export), not a notebook"), skipped
    assert skipped["Ada_Lovelace/essay.docx"] == "not a .ipynb file: handed in with the wrong name?", skipped
