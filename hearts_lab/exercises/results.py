"""Handing in check results: a student exports one file per worksheet; a teacher merges a folder of them.

A student's file lists, for each question of one worksheet, its latest
status and how many answers were checked - never an answer. It is written to
the current directory (in JupyterLite that is the browser's file system) and
the output offers a download link, so it works the same in JupyterLab,
Binder and JupyterLite; the student uploads it to the LMS.

A teacher puts the files in one folder and calls :func:`merge_results`: one
row per student, one column per question. A file that cannot be read, or
does not look like a results file, is skipped and named in ``.skipped``
with the reason; it never stops the merge.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> from hearts_lab.exercises import checks, ws1
>>> checks.reset("ws1")             # a fresh session: no earlier attempts
>>> _ = ws1.check_q1(0)
>>> saved = export("ws1", student="Ada", folder=folder)
>>> saved.path.name
'ws1_Ada.json'
>>> print(str(saved).split(": ", 1)[1])
each question's status and how many answers its check judged since the kernel last started (a restart starts the count again), not the answers themselves. Upload that file to your course page if your teacher asks for it.
>>> _ = (folder / "broken.json").write_text("{not json")
>>> table = merge_results(folder)
>>> table.rows[0]["student"], table.rows[0]["ws1 Q1"]
('Ada', 'incorrect (1)')
>>> [name for name, _ in table.skipped]
['broken.json']
"""

from __future__ import annotations

import base64
import csv
import html
import io
import json
import os
import re
import sys
import unicodedata
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from ..errors import HeartsLabError, RecordError
from ..records import load_json, read_bounded_file
from .checks import QUESTIONS, attempts, results
from .names import SPACE_LIKE, normal, slug

__all__ = ["FORMAT", "MAX_RESULTS_FILE", "HAND_IN_HEADING", "ClassTable", "Exported", "export", "file_use", "hand_in_text", "merge_results",
           "read_results", "spreadsheet_safe"]

#: The format tag every results file carries.
FORMAT = "hearts-lab-results/1"
_STATUSES = ("correct", "incorrect", "unanswered")
_CSV_FIELDS = ("format", "worksheet", "student", "exported", "question", "title", "status", "attempts")


#: The heading of every worksheet's hand-in cell (the markdown cell that :func:`hand_in_text` writes).
HAND_IN_HEADING = "## Your progress, and handing in"
#: What a results file records, in the words of every hand-in cell (checks.attempts: answers judged this session).
_COUNTED = ("each question's status and how many answers its check judged since the kernel last started (a restart "
            "starts the count again), not the answers themselves")


def file_use(worksheet: str, own_copy: bool) -> str:
    """What the student does with the results file of ``worksheet``: the one sentence that the hand-in cell
    (:func:`hand_in_text`) and :func:`export`'s message both say, so that they never disagree.

    >>> file_use("ws5", own_copy=False)
    'Upload that file, with this notebook (your write-up), to your course page.'
    >>> file_use("ws5", own_copy=True)
    'It is a report of your progress, not what is graded (hand in this notebook itself): upload it only if your teacher asks for it.'
    """
    if own_copy:
        return ("It is a report of your progress, not what is graded (hand in this notebook itself): upload it only if "
                "your teacher asks for it.")
    if worksheet == "ws5":
        return "Upload that file, with this notebook (your write-up), to your course page."
    return "Upload that file to your course page if your teacher asks for it."


def hand_in_text(worksheet: str, own_copy: bool) -> str:
    """The hand-in cell of ``worksheet`` (``"ws1"`` ... ``"ws6"``): the one source of every worksheet's hand-in sentences.

    The generic self-study copy (``own_copy=False``) hands in the results file that :func:`export` writes;
    a student's own copy from a class (``own_copy=True``, written by
    :meth:`~hearts_lab.exercises.classroom.Class.write`) hands in the notebook itself, which the teacher
    grades, and the results file is only a report. The capstone (``ws5``) is always handed in as the notebook
    (the write-up). What to do with the file is :func:`file_use`'s sentence, which :func:`export` says too.

    >>> print(hand_in_text("ws4", own_copy=True).split("**To hand in:** ")[1].split(". ")[0])
    this is your own copy of the worksheet (the cell near the top that imports `ws4` has a `ws4.use_variant(...)` line: keep it as it is)
    >>> "ws4_<name>.json" in hand_in_text("ws4", own_copy=False) and "Upload that file" in hand_in_text("ws4", own_copy=False)
    True
    """
    first = f"{HAND_IN_HEADING}\n\nThe first cell below lists which questions you have got right in this session.\n\n"
    file = f"`{worksheet}_<name>.json`"
    if not own_copy:
        return (first + f"**To hand in:** put your name in the second cell (`student=\"Ada\"`) and run it: it saves {file} "
                f"in this folder — {_COUNTED} — and shows a download link. {file_use(worksheet, own_copy)}")
    marked = ("Your teacher marks this notebook, your write-up, with the capstone's rubric." if worksheet == "ws5"
              else "Your teacher grades this notebook on their own computer: your answer cells and what your checks showed.")
    return (first + f"**To hand in:** this is your own copy of the worksheet (the cell near the top that imports "
            f"`{worksheet}` has a `{worksheet}.use_variant(...)` line: keep it as it is). Hand in **this notebook itself**: run your cells, "
            "save it (*File → Save*, or *File → Download* in JupyterLite) and upload the `.ipynb` file where your "
            f"teacher asks. {marked} The second cell is optional: it saves {file} in this folder — {_COUNTED}. "
            f"{file_use(worksheet, own_copy)}")


def _own_copy(worksheet: str) -> bool:
    """Whether this kernel runs a student's own copy of ``worksheet`` from a class: its ``use_variant(N)`` line ran,
    so the worksheet module's variant is not the generic copy's (``GENERIC``; worksheet 5's is ``None``)."""
    module = sys.modules.get(f"{__package__}.{worksheet}")
    current = getattr(module, "_current", None)
    return current is not None and current is not getattr(module, "GENERIC", None)


#: The largest results file read (one worksheet's statuses: a few kilobytes).
MAX_RESULTS_FILE = 256 * 1024
#: The longest student name, title or time stamp kept from a results file.
MAX_FIELD = 200
# OWASP's CSV-injection rule: a cell starting with one of these is a formula to a spreadsheet.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n", "|", "%")  # OWASP's list, and DDE's | and %
# A spreadsheet in a semicolon (or tab, pipe) locale splits a field there, so every piece is checked, not only the first.
_PIECE_FORMULA = re.compile(r"(?<=[;,\t|])(?=[=+\-@\t\r\n|%])")


def spreadsheet_safe(text: str) -> str:
    """``text`` as a spreadsheet shows it literally: a leading ``= + - @``, tab or carriage return gets a ``'``.

    OWASP's rule against CSV injection, applied to every text from a student's
    file that reaches a CSV or the class table (a name such as
    ``=HYPERLINK("http://…"&A1,"Ada")`` would otherwise run in the teacher's sheet).
    A piece after a ``;``, ``,``, tab or ``|`` gets the same ``'``: a sheet that splits there would run it.

    >>> print(spreadsheet_safe('=HYPERLINK("http://example.com","Ada")'), spreadsheet_safe("Ada"))
    '=HYPERLINK("http://example.com","Ada") Ada
    >>> print(spreadsheet_safe("Ada;=1+1"))
    Ada;'=1+1
    """
    text = _PIECE_FORMULA.sub("'", text)
    return "'" + text if text.startswith(_FORMULA_START) else text




def printable(text: str) -> str:
    """``text`` with control characters and bidi overrides (terminal escapes, reversed text) shown as spaces,
    a lone surrogate as U+FFFD.

    A name from a student's file reaches the teacher's terminal and spreadsheet.

    >>> printable("\x1b[2JAda\u202e"), printable("Mohammad\u200cReza")
    (' [2JAda ', 'Mohammad\u200cReza')
    """
    # A lone surrogate (a JSON "\\udcff", a file name that is not UTF-8) cannot be printed or written: shown as U+FFFD.
    # The same characters as names.normal compares as spaces (SPACE_LIKE): a name shown is the same name.
    return "".join(" " if c in SPACE_LIKE
                   else "\ufffd" if unicodedata.category(c) == "Cs" else c for c in text)


def _records(worksheet: str) -> list[dict[str, Any]]:
    if worksheet not in QUESTIONS:
        known = ", ".join(sorted(QUESTIONS)) or "none imported yet"
        raise ValueError(f"worksheet: {worksheet!r} has no checks in this session (known: {known}); import it and run its checks first.")
    latest = {r.question: r.status for r in results(worksheet)}
    return [
        {"question": key, "title": title, "status": latest.get(key, "unanswered"), "attempts": attempts(worksheet, key)}
        for key, title in QUESTIONS[worksheet].items()
    ]


@dataclass(frozen=True)
class Exported:
    """A results file just written: its path and text, and what to do with it (:func:`file_use`, as the
    worksheet's hand-in cell says it); in a notebook, a download link."""

    path: Path
    text: str
    mime: str
    use: str

    def __repr__(self) -> str:
        return f"Saved {self.path.name} in this folder: {_COUNTED}. {self.use}"

    def _repr_html_(self) -> str:
        data = base64.b64encode(self.text.encode("utf-8")).decode("ascii")
        name = html.escape(self.path.name)
        return (
            f"<p>Saved <code>{name}</code> in this folder: {html.escape(_COUNTED)}. "
            f'<a download="{name}" href="data:{self.mime};base64,{data}">Download {name}</a>. {html.escape(self.use)}</p>'
        )


class _NoName:
    def __repr__(self) -> str:
        return 'Write your name in place of the ... (student="Ada") and run this cell again to save your results file.'


def export(worksheet: str, student: Any = "", folder: str | Path = ".", fmt: Literal["json", "csv"] = "json") -> Exported | _NoName:
    """Write this session's check results for ``worksheet`` (e.g. ``"ws3"``) as JSON or CSV.

    One record per question: ``question``, ``title``, ``status`` (the latest)
    and ``attempts`` (answers checked since the kernel started). ``student`` names you in the file and
    its name (``student=...``, as the worksheets start, writes nothing and
    asks for the name). The file goes to ``folder`` (default: the current directory).

    >>> export("ws1", student=...)
    Write your name in place of the ... (student="Ada") and run this cell again to save your results file.
    """
    if fmt not in ("json", "csv"):
        raise ValueError(f"fmt: 'json' or 'csv', not {fmt!r}.")
    if student is Ellipsis:
        return _NoName()
    if not isinstance(student, str):
        raise ValueError(f"student: your name as text, not {student!r}.")
    records = _records(worksheet)
    stamp = datetime.now(UTC).replace(microsecond=0).isoformat()
    head = {"format": FORMAT, "worksheet": worksheet, "student": student.strip(), "exported": stamp}
    if fmt == "json":
        text = json.dumps({**head, "questions": records}, indent=1, ensure_ascii=False) + "\n"
        mime = "application/json"
    else:
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=_CSV_FIELDS, lineterminator="\n", quoting=csv.QUOTE_ALL)
        writer.writeheader()
        for record in records:
            writer.writerow({k: spreadsheet_safe(v) if isinstance(v, str) else v for k, v in {**head, **record}.items()})
        text, mime = buffer.getvalue(), "text/csv"
    path = Path(folder) / f"{worksheet}_{slug(student, empty='results')}.{fmt}"
    path.write_text(text, encoding="utf-8")
    return Exported(path, text, mime, file_use(worksheet, _own_copy(worksheet)))


class ResultsFileError(HeartsLabError):
    """A results file that cannot be used; the message names the problem."""


def _quoted(value: Any) -> str:
    text = repr(value) if isinstance(value, (str, int, float, type(None))) and not (isinstance(value, int) and value.bit_length() > 200) else type(value).__name__
    return text if len(text) <= 60 else text[:57] + "..."


def _validate(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ResultsFileError("not a results file (expected a JSON object)")
    if data.get("format") != FORMAT:
        raise ResultsFileError(f"format is {data.get('format')!r}, expected {FORMAT!r}")
    worksheet = data.get("worksheet")
    if not isinstance(worksheet, str) or not re.fullmatch(r"ws[0-9]{1,3}", worksheet):
        raise ResultsFileError(f"worksheet is {_quoted(worksheet)}, expected a name like 'ws3'")
    for name in ("student", "exported"):
        value = data.get(name, "")
        if not isinstance(value, str) or len(value) > MAX_FIELD:
            raise ResultsFileError(f"{name} is not text of at most {MAX_FIELD} characters")
    extra = set(data) - {"format", "worksheet", "student", "exported", "questions"}
    if extra:
        raise ResultsFileError(f"unexpected fields {', '.join(sorted(_quoted(k) for k in extra))}")
    questions = data.get("questions")
    if not isinstance(questions, list) or not questions:
        raise ResultsFileError("no questions listed")
    seen = set()
    for i, q in enumerate(questions, 1):
        if not isinstance(q, dict) or not isinstance(q.get("question"), str) or not re.fullmatch(r"Q[0-9]{1,3}", q["question"]):
            raise ResultsFileError(f"question record {i} has no question name like 'Q1'")
        if q["question"] in seen:
            raise ResultsFileError(f"question {q['question']} is listed twice")
        seen.add(q["question"])
        if q.get("status") not in _STATUSES:
            raise ResultsFileError(f"{q['question']}: status {_quoted(q.get('status'))} is not one of {', '.join(_STATUSES)}")
        n = q.get("attempts")
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 10**6:
            raise ResultsFileError(f"{q['question']}: attempts {_quoted(n)} is not a whole number from 0 to 1,000,000")
        if not isinstance(q.get("title", ""), str) or len(q.get("title", "")) > MAX_FIELD:
            raise ResultsFileError(f"{q['question']}: title is not text of at most {MAX_FIELD} characters")
        extra = set(q) - {"question", "title", "status", "attempts"}
        if extra:
            raise ResultsFileError(f"{q['question']}: unexpected fields {', '.join(sorted(extra))}")
    return data


def read_results(path: str | Path) -> dict[str, Any]:
    """Read and validate one results file (JSON or CSV); raises ``ResultsFileError`` naming the problem."""
    path = Path(path)
    try:
        raw = read_bounded_file(path, MAX_RESULTS_FILE)
        text = raw.decode("utf-8")
    except (OSError, ValueError) as error:  # ValueError: not a regular file, too big, or not UTF-8
        reason = getattr(error, "strerror", None) or error
        raise ResultsFileError(f"cannot be read: {reason}") from None
    if path.suffix.lower() == ".json":
        try:
            data = load_json(text, "results file", MAX_RESULTS_FILE)
        except RecordError as error:
            raise ResultsFileError(str(error).rstrip(".")) from None
        return _validate(data)
    if path.suffix.lower() == ".csv":
        try:
            rows = list(csv.DictReader(io.StringIO(text)))
        except csv.Error as error:
            raise ResultsFileError(f"not a valid CSV file ({error})") from None
        if not rows or set(_CSV_FIELDS) - set(rows[0]) or any(None in r or None in r.values() for r in rows):
            raise ResultsFileError(f"CSV header must be {', '.join(_CSV_FIELDS)}, and every row have those fields")
        head = {k: rows[0][k] for k in ("format", "worksheet", "student", "exported")}
        if any(any(r[k] != head[k] for k in head) for r in rows):
            raise ResultsFileError("rows disagree on format, worksheet, student or time: one worksheet per file")
        questions = []
        for r in rows:
            if not re.fullmatch(r"[0-9]{1,7}", r["attempts"]):
                raise ResultsFileError(f"{_quoted(r['question'])}: attempts {_quoted(r['attempts'])} is not a whole number")
            n = int(r["attempts"])
            questions.append({"question": r["question"], "title": r["title"], "status": r["status"], "attempts": n})
        return _validate({**head, "questions": questions})
    raise ResultsFileError("not a .json or .csv file")


@dataclass
class ClassTable:
    """Merged results: ``rows`` (one dict per student: ``student`` and ``"ws3 Q1"``-style columns), ``skipped`` files."""

    columns: list[str]
    rows: list[dict[str, str]]
    skipped: list[tuple[str, str]] = field(default_factory=list)

    def to_csv(self, path: str | Path) -> Path:
        """Write the class table as CSV (for a spreadsheet or the LMS gradebook)."""
        path = Path(path)
        with path.open("w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=["student", *self.columns, "correct"], quoting=csv.QUOTE_ALL)
            writer.writeheader()
            writer.writerows({k: spreadsheet_safe(v) for k, v in row.items()} for row in self.rows)
        return path

    def __repr__(self) -> str:
        widths = {c: max(len(c), *(len(r.get(c, "")) for r in self.rows)) if self.rows else len(c) for c in ["student", *self.columns, "correct"]}
        lines = ["  ".join(c.ljust(widths[c]) for c in widths)]
        lines += ["  ".join(r.get(c, "").ljust(widths[c]) for c in widths) for r in self.rows]
        lines += [f"skipped {name}: {reason}" for name, reason in self.skipped]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        cols = ["student", *self.columns, "correct"]
        head = "".join(f"<th>{html.escape(c)}</th>" for c in cols)
        body = "".join("<tr>" + "".join(f"<td>{html.escape(r.get(c, ''))}</td>" for c in cols) + "</tr>" for r in self.rows)
        skipped = "".join(f"<li><code>{html.escape(n)}</code>: {html.escape(why)}</li>" for n, why in self.skipped)
        return f"<table><tr>{head}</tr>{body}</table>" + (f"<p>Skipped:</p><ul>{skipped}</ul>" if skipped else "")


def merge_results(folder: str | Path) -> ClassTable:
    """Merge every ``*.json`` and ``*.csv`` results file in ``folder`` into a class table.

    Each cell is the status with the number of attempts, e.g. ``correct (2)``;
    ``correct`` counts each student's correct questions. A student is named
    by the file's ``student`` field (or the file name without extension). A
    malformed file is skipped and listed in ``.skipped`` with its reason; a
    later file for the same student and worksheet replaces an earlier one
    (by the ``exported`` time), and the replaced file is listed in ``.skipped``.
    """
    folder = Path(folder)
    if not folder.is_dir():
        raise ValueError(f"folder: {folder} is not a folder.")
    skipped: list[tuple[str, str]] = []
    latest: dict[tuple[str, str], tuple[str, str, dict[str, Any]]] = {}  # (name, worksheet) -> student, file, data
    for path in sorted(p for p in folder.iterdir() if not p.is_dir()):  # a FIFO or device is named as skipped
        if path.suffix.lower() not in (".json", ".csv"):
            continue
        # A file name that is not UTF-8 (an old zip tool's caf\xe9) is shown with backslash escapes.
        name = printable(os.fsencode(path.name).decode("utf-8", "backslashreplace"))
        try:
            data = read_results(path)
        except ResultsFileError as error:
            skipped.append((name, str(error)))
            continue
        student = printable(data.get("student") or Path(name).stem)
        # One student however the name is spelt: NFC, case, spacing, a BOM or zero-width space ignored.
        slot = (normal(student), data["worksheet"])
        if slot in latest:
            # Never silently: the replaced file is named (a later export, or a classmate's file naming them).
            kept = latest[slot][1]
            earlier = str(data.get("exported", "")) < str(latest[slot][2].get("exported", ""))
            why = f"both are {student}'s {data['worksheet']} (a later export, or another student's file naming them?)"
            skipped.append((name, f"replaced by {kept}: {why}") if earlier else (kept, f"replaced by {name}: {why}"))
            if earlier:
                continue
        latest[slot] = (student, name, data)
    columns: list[str] = []
    by_student: dict[str, dict[str, str]] = {}
    for (_, worksheet), (student, _, data) in sorted(latest.items()):
        row = by_student.setdefault(student, {"student": spreadsheet_safe(student)})
        for q in data["questions"]:
            column = f"{worksheet} {q['question']}"
            if column not in columns:
                columns.append(column)
            row[column] = f"{q['status']} ({q['attempts']})"
    columns.sort(key=lambda c: (int(c.split()[0][2:]), int(c.split()[1][1:])))
    rows = []
    for student in sorted(by_student):
        row = by_student[student]
        row["correct"] = str(sum(1 for c in columns if row.get(c, "").startswith("correct")))
        rows.append(row)
    return ClassTable(columns, rows, skipped)
