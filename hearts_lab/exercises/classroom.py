"""A teacher's class: a variant of each worksheet per student, and grading of the handed-in notebooks.

The model is PrairieLearn's: every student gets their own variant of every
question, drawn from a seed, and the grade is computed where the student
cannot reach the key.

* :class:`Class` (``Class(secret, roster)``) derives each student's seed as an
  HMAC-SHA256 of the class secret and the student's name, and writes each
  student's own copy of worksheets 1 and 2 (their own deals, seats, hand
  numbers, player counts and cards: see :mod:`.variants`), of worksheet 3
  (their own decks, table sizes and events to count: the copy carries the
  salted digests of its answers, computed here from the teacher's answer
  keys, never the answers), of worksheet 4 (their own tables, suits,
  named cards and thresholds for the exact Q1-Q3 and Q6, carried the same
  way; their own scores and shooter for Q4-Q5; their own deals and seeds for
  Q7-Q8, whose event is their own Q6's), of worksheet 5 (the two seeds of
  their experiment, drawn, not chosen) and of worksheet 6 (their own
  positions, card, seats, worlds, seed and race). The student's own rule and
  metric in worksheet 5 are theirs; every copy carries the student's name so the hand-in is recognised. The secret never leaves the
  teacher's machine, so the public repository holds no student's answer.
* :func:`grade` reads every handed-in notebook in a folder **as data**: the
  JSON is parsed, each question's answer is taken from its last answer line
  if that is a value or arithmetic the grader computes exactly as Python would
  (parsed with :mod:`ast`, read in :mod:`.sandbox`, never executed) or else
  from the value the student's check recorded in its stored output, and the
  answer is judged by the worksheet's own check on the teacher's side after
  the student's variant has been regenerated from the secret. No student code
  runs. An answer that must be the result of a call (worksheet 4 Q7 and Q8,
  worksheet 6 Q3) goes to the check as what it is, a literal as the typed value
  or a computed one as the count its check recorded, and the check's own rule
  (:func:`~hearts_lab.exercises.checks.call_count`, the student kernel's too)
  decides. A notebook is graded as the worksheet its cells name (its
  ``use_variant`` line; without one, the checks it calls and their outputs),
  flagged where its metadata or file name names another. A file that is not a
  notebook, is too large, or does not say which worksheet it is, is named and
  skipped.

What the stored outputs say about attempts and hints (each check's output
records its attempt number, each ``hint(...)`` output its level) was written
by the student's kernel: the table reports it, labelled as recorded, and
flags every question it grades correct or incorrect whose stored verdict differs from the teacher's grade.

>>> import tempfile, pathlib
>>> klass = Class("a long class secret, kept off the repo", ["Ada Lovelace", "Alan Turing"])
>>> klass.seed("Ada Lovelace", "ws1") == klass.seed(" ada  lovelace ", "ws1"), klass.seed("Ada Lovelace", "ws1") == klass.seed("Alan Turing", "ws1")
(True, False)
>>> Class("short", ["Ada"])
Traceback (most recent call last):
...
ValueError: secret: at least 16 characters (a passphrase only you know), not 5.
"""

from __future__ import annotations

import ast
import csv
import functools
import hashlib
import hmac
import html
import json
import math
import numbers
import operator
import os
import re
import unicodedata
from dataclasses import dataclass, field
from os import PathLike
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping

from ..arguments import shown as _shown
from ..records import read_bounded_file
from . import checks, sandbox
from .names import normal as _normal, slug as _slug
from .results import HAND_IN_HEADING, hand_in_text, printable as _printable, spreadsheet_safe
from .variants import GENERATORS

__all__ = ["Class", "Grades", "grade", "student_seed", "safe_cell", "read_roster", "command"]

#: The worksheets and their notebooks (the student copies in exercises/student).
WORKSHEETS = {
    "ws1": "01_legal_moves",
    "ws2": "02_passing_and_cancellation",
    "ws3": "03_counting_deals",
    "ws4": "04_moon_odds",
    "ws5": "05_capstone_house_rule",
    "ws6": "06_how_computers_play",
}
#: Worksheets graded here (the capstone is marked with its rubric).
GRADED = ("ws1", "ws2", "ws3", "ws4", "ws6")
#: The capstone: read, not marked (:func:`_capstone`): whether its seeds are the class copy's own, and its stored verdicts.
CAPSTONE = "ws5"
#: The capstone's row that says whether the notebook's seeds are the class copy's own.
SEEDS_ROW = "seeds"
#: The worksheets whose copies carry a key line of salted digests (their answers are hashed, not derived).
HASHED = ("ws3", "ws4")
#: The questions whose answer is a dealing's or simulation's result: its check's output records the count and
#: what it was made from (:func:`~hearts_lab.exercises.checks.made_of`), and the teacher's side deals or
#: simulates the student's own copy again to judge both.
RERUN = {"ws4": frozenset({"Q7", "Q8"})}
#: A handed-in notebook larger than this is skipped unread.
MAX_BYTES = 5_000_000
#: The most characters a notebook's code cells may hold in all (the largest worksheet, answered in full, holds about 2,400).
MAX_CODE = 200_000
#: The most syntax-tree nodes a notebook's code cells may have in all (the largest worksheet, answered in full: about 560).
MAX_CODE_NODES = 100_000
#: The sandbox steps all readings of one notebook's answers may take together (as many as one answer's reading may,
#: :data:`~hearts_lab.exercises.sandbox.MAX_NODES`; an honest answer takes tens); a text already read costs nothing.
NOTEBOOK_READING = sandbox.MAX_NODES
#: Notebook metadata key the class writes.
META = "hearts_lab"
_REPO = Path(__file__).resolve().parents[2]
#: Where the teacher's answer keys are in the full repository (the worksheet sources' folder) and their module.
_KEYS_FOLDER, _KEYS_MODULE = ("exercises", "source"), "answers"
_MIN_SECRET = 16


def student_seed(secret: str | bytes, student: str, worksheet: str) -> int:
    """The seed of ``student``'s variant of ``worksheet``: 48 bits of HMAC-SHA256(secret, worksheet | name).

    >>> student_seed("a long class secret, kept off the repo", "Ada", "ws1")
    128621980463490
    """
    key = secret.encode("utf-8") if isinstance(secret, str) else bytes(secret)
    message = f"hearts-lab|{worksheet}|{_normal(student)}".encode()
    return int.from_bytes(hmac.new(key, message, hashlib.sha256).digest()[:6], "big")


def _check_secret(secret: Any) -> None:
    if not isinstance(secret, (str, bytes)):
        raise ValueError(f"secret: text or bytes only you know, not {type(secret).__name__}.")
    if len(secret) < _MIN_SECRET:
        raise ValueError(f"secret: at least {_MIN_SECRET} characters (a passphrase only you know), not {len(secret)}.")


def _roster(roster: Any) -> list[str]:
    """The roster's names; a text (not a list of names), a non-iterable, a non-text entry or two names that normalise
    alike (:func:`~hearts_lab.exercises.names.normal`) is refused naming roster."""
    if isinstance(roster, (str, bytes)) or not isinstance(roster, Iterable):
        raise ValueError(f"roster: a list of the students' names, not {type(roster).__name__} {str(roster)[:40]!r}.")
    names = list(roster)
    seen: dict[str, str] = {}
    for n in names:
        if not isinstance(n, str) or not _normal(n):
            raise ValueError(f"roster: every entry is a student's name as text, not {n!r}.")
        if _normal(n) in seen:  # one seed and one row for two students: refused, by Class and by grade alike
            raise ValueError(f"roster: {n!r} and {seen[_normal(n)]!r} are the same name (case and spacing are ignored).")
        seen[_normal(n)] = n
    return names


class Class:
    """A class: a secret only the teacher keeps and the students' names.

    ``seed(student, worksheet)`` is that student's variant seed;
    ``write(folder)`` writes every student's own copies;
    ``grade(folder)`` is :func:`grade` with this class's secret and roster.
    """

    def __init__(self, secret: str | bytes, roster: Iterable[str]) -> None:
        _check_secret(secret)
        names = _roster(roster)
        slugs: dict[str, str] = {}
        for n in names:
            folder = _slug(n).casefold()  # macOS and Windows disks ignore case: Ada/ and ada/ are one folder
            if folder in slugs:
                raise ValueError(f"roster: {n!r} and {slugs[folder]!r} would get the same file name; tell them apart.")
            slugs[folder] = n
        if not names:
            raise ValueError("roster: no students.")
        self._secret = secret
        self.roster = tuple(" ".join(_printable(n).split()) for n in names)  # as the table shows it: the same names

    def __repr__(self) -> str:
        return f"Class({len(self.roster)} students; the secret is not shown)"

    def seed(self, student: str, worksheet: str) -> int:
        """The seed of ``student``'s variant of ``worksheet``."""
        return student_seed(self._secret, student, worksheet)

    def variant(self, student: str, worksheet: str) -> Any:
        """``student``'s variant of ``worksheet`` (a worksheet with variants: ws1, ws2, ws3, ws4, ws6)."""
        return GENERATORS[worksheet](self.seed(student, worksheet))

    def copy(self, student: str, worksheet: str, student_copies: str | Path | None = None) -> dict[str, Any]:
        """``student``'s own copy of ``worksheet`` as notebook JSON (a dict)."""
        if worksheet not in WORKSHEETS:
            raise ValueError(f"worksheet: one of {', '.join(WORKSHEETS)}, not {worksheet!r}.")
        folder = Path(student_copies) if student_copies else _REPO / "exercises" / "student"
        path = folder / f"{WORKSHEETS[worksheet]}.ipynb"
        if not path.is_file():
            raise ValueError(f"student_copies: {path} is missing (give the folder of the generic student copies).")
        nb = json.loads(path.read_text(encoding="utf-8"))
        seed = self.seed(student, worksheet) if worksheet in GENERATORS else None
        return personalise(nb, worksheet, " ".join(student.split()), seed)

    def write(self, folder: str | Path, worksheets: Iterable[str] = tuple(WORKSHEETS),
              student_copies: str | Path | None = None) -> list[Path]:
        """Write every student's copy of each worksheet to ``folder/<student>/NN_name.ipynb``; returns the paths."""
        out = Path(folder)
        written = []
        for student in self.roster:
            target = out / _slug(student)
            target.mkdir(parents=True, exist_ok=True)
            for ws in worksheets:
                nb = self.copy(student, ws, student_copies)
                path = target / f"{WORKSHEETS[ws]}.ipynb"
                path.write_text(json.dumps(nb, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
                written.append(path)
        return written

    def key(self, student: str, worksheet: str, questions: Iterable[str] | None = None) -> Any:
        """``student``'s own key of ``worksheet``: their questions and, for worksheets 3 and 4, the answers,
        methods and slips (:func:`~hearts_lab.exercises.student_key.student_key`); the generic answer key and
        the printed handout are the self-study copy's. A name not on the roster is refused.

        >>> klass = Class("a long class secret, kept off the repo", ["Ada Lovelace"])
        >>> print(klass.key("ada lovelace", "ws4", ["Q4"]).entry("Q4").answer)
        (61, 73, 34, 31)
        >>> klass.key("Ada", "ws4")
        Traceback (most recent call last):
        ...
        ValueError: student: 'Ada' is not on the roster (1 name; case and spacing are ignored).
        """
        from ..wording import noun
        from .student_key import student_key

        names = {_normal(n): n for n in self.roster}
        if not isinstance(student, str) or _normal(student) not in names:
            raise ValueError(f"student: {str(student)[:60]!r} is not on the roster ({len(names)} {noun(len(names), 'name')}; case and spacing are ignored).")
        if worksheet not in GENERATORS:
            raise ValueError(f"worksheet: one of {', '.join(GENERATORS)} (the worksheets with variants), not {worksheet!r}.")
        name = names[_normal(student)]
        return student_key(worksheet, self.seed(name, worksheet), name, questions)

    def grade(self, folder: str | Path, *, rerun: str = "fast") -> Grades:
        """Grade the notebooks in ``folder`` (see :func:`grade`, and its ``rerun``), flagging names not on the roster."""
        return grade(folder, self._secret, roster=self.roster, rerun=rerun)


def _lines(text: str) -> list[str]:
    parts = text.split("\n")
    return [p + "\n" for p in parts[:-1]] + [parts[-1]]


def _source(cell: dict[str, Any]) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else str(src)


def _answer_keys() -> Any:
    """The teacher's answer keys, kept beside the worksheet sources in the full repository (the student side has neither)."""
    import importlib.util

    # A loader has to know where the keys are; nothing here is of use without them.
    path = _REPO.joinpath(*_KEYS_FOLDER) / f"{_KEYS_MODULE}.py"
    if not path.is_file():
        raise ValueError("worksheet 3's and 4's own copies and their grading need the teacher's answer keys, "
                         "which only the teacher's full repository holds.")
    import sys

    name = "hearts_lab_teacher_answers"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # a dataclass module must be importable by name while it runs
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[name]
            raise
    return sys.modules[name]


@functools.lru_cache(maxsize=512)
def _variant_keys(worksheet: str, seed: int) -> dict[str, Any]:
    """The teacher's answer keys of ``worksheet``'s variant ``seed`` (worksheet 3, worksheet 4's exact questions)."""
    return getattr(_answer_keys(), f"{worksheet}_variant_keys")(GENERATORS[worksheet](seed))  # type: ignore[no-any-return]


def _ws3_keys(seed: int) -> dict[str, Any]:
    return _variant_keys("ws3", seed)


def _slip_order(worksheet: str, seed: int) -> dict[str, tuple[str, ...]]:
    """Per question, the order of the slips in the copy's key line (the student side's, so both sides agree)."""
    import importlib

    module = importlib.import_module(f"hearts_lab.exercises.{worksheet}")
    if worksheet == "ws4":
        return module.slip_names(GENERATORS["ws4"](seed))  # type: ignore[no-any-return]
    return {q: tuple(names) for q, names in module.SLIP_HINTS.items()}


def variant_values(worksheet: str, seed: int) -> dict[str, dict[str, str]]:
    """A hashed worksheet's variant ``seed`` on the teacher's side: per question, each canonical value's name (answer or slip)."""
    order = _slip_order(worksheet, seed)
    out: dict[str, dict[str, str]] = {}
    for q, key in _variant_keys(worksheet, seed).items():
        names = {checks.canonical(sympy_value(s.value)): name for name, s in reversed(key.slips.items())}
        names[checks.canonical(sympy_value(key.answer))] = "answer"
        assert set(key.slips) == set(order[q]), q
        out[q] = names
    return out


def ws3_values(seed: int) -> dict[str, dict[str, str]]:
    """Worksheet 3's variant ``seed`` on the teacher's side (:func:`variant_values`)."""
    return variant_values("ws3", seed)


@functools.lru_cache(maxsize=512)
def key_line(worksheet: str, seed: int) -> str:
    """The key line of a student's copy of a hashed worksheet (3, or 4's exact questions): the salted, slow
    digests of the variant's answers and slips.

    Each digest costs about a tenth of a second (see :func:`~hearts_lab.exercises.checks.digest`), so
    a copy takes a few seconds to write: the price of a key no one can read the answers from quickly.
    """
    import importlib

    module = importlib.import_module(f"hearts_lab.exercises.{worksheet}")
    order = _slip_order(worksheet, seed)
    parts = []
    for q, key in _variant_keys(worksheet, seed).items():
        values = [key.answer] + [key.slips[name].value for name in order[q]]
        parts.append(f"{q}=" + ",".join(module.variant_digest(seed, q, sympy_value(v)) for v in values))
    return ";".join(parts)


def ws3_key_line(seed: int) -> str:
    """The key line of a student's copy of worksheet 3 (:func:`key_line`)."""
    return key_line("ws3", seed)


def sympy_value(value: Any) -> Any:
    """An answer key's value as a sympy number (its canonical form is then defined)."""
    import sympy

    return sympy.nsimplify(value) if not isinstance(value, sympy.Basic) else sympy.Rational(value)


#: The comment on a class copy's export line, where the generic copy asks for the name (already filled in).
EXPORT_NOTE = "# optional: a report of your progress (hand in this notebook itself)"


def personalise(nb: dict[str, Any], worksheet: str, student: str, seed: int | None) -> dict[str, Any]:
    """The generic student copy ``nb`` made ``student``'s: their variant, their questions' text, their name, and
    the hand-in cell of an own copy (hand in this notebook: :func:`~hearts_lab.exercises.results.hand_in_text`)."""
    import importlib

    module = importlib.import_module(f"hearts_lab.exercises.{worksheet}")
    nb = json.loads(json.dumps(nb))
    texts: dict[str, str] = {}
    if seed is not None:
        try:
            module.use_variant(seed)
            texts = {key: module.question_text(key) for key in module.TEXTS}
        finally:
            module.use_variant(None)
    import_line = re.compile(rf"^from hearts_lab\.exercises import .*\b{worksheet}\b.*$", re.M)
    placed = False
    for cell in nb["cells"]:
        text = _source(cell)
        found = import_line.search(text) if cell.get("cell_type") == "code" and not placed else None
        if found:
            line = found.group(0)
            args = f"{seed}, key={key_line(worksheet, seed)!r}" if worksheet in HASHED and seed is not None else f"{seed}"
            extra = f"\n{worksheet}.use_variant({args})  # your own questions: keep this line as it is" if seed is not None else ""
            cell["source"] = _lines(text.replace(line, line + extra, 1))
            placed = True
        elif cell.get("cell_type") == "code" and f'export("{worksheet}", student=...)' in text:
            named = text.replace("student=...", f"student={student!r}")
            cell["source"] = _lines(re.sub(r"# your name in place of the \.\.\.", EXPORT_NOTE, named))
        elif cell.get("cell_type") == "markdown" and seed is not None and text.startswith(HAND_IN_HEADING):
            cell["source"] = _lines(hand_in_text(worksheet, own_copy=True))
        elif cell.get("cell_type") == "markdown" and texts:
            heading = text.split("\n", 1)[0]
            match = re.match(r"## (Q\d+)\b", heading)
            if match and match.group(1) in texts:
                cell["source"] = _lines(heading + "\n\n" + texts[match.group(1)])
    if not placed:
        raise ValueError(f"the student copy of {worksheet} has no 'from hearts_lab.exercises import ... {worksheet}' cell.")
    nb.setdefault("metadata", {})[META] = {"worksheet": worksheet, "student": student, "variant": seed}
    return nb


# -- grading ----------------------------------------------------------------------


def safe_cell(value: Any) -> str:
    """``value`` as text, spreadsheet-safe by :func:`~hearts_lab.exercises.results.spreadsheet_safe` (the one rule).

    >>> safe_cell('=HYPERLINK("http://x", "y")'), safe_cell("Ada"), safe_cell(3)
    ('\\'=HYPERLINK("http://x", "y")', 'Ada', '3')
    """
    text = "" if value is None else str(value)
    return spreadsheet_safe(text.replace("\x00", ""))


@dataclass
class Answer:
    """One question of one submission as the teacher's side judged it."""

    question: str
    status: str  # correct, incorrect, unanswered, unreadable, "recorded correct/incorrect" or "not re-run"
    source: str  # where the answer came from: "cell", "recorded" or ""
    attempts: int | None  # as recorded by the student's kernel (None: no check output)
    first_try: bool | None  # the recorded first attempt was correct (None: unknown)
    hints: int  # the highest hint level asked for, from the stored outputs (0: none)
    flags: list[str] = field(default_factory=list)
    #: Why an incorrect answer is wrong: the worksheet's own check's message on the teacher's side (:func:`_why`).
    why: str = ""


@dataclass
class Submission:
    """One graded notebook."""

    file: str
    student: str
    worksheet: str
    answers: list[Answer]
    flags: list[str] = field(default_factory=list)

    @property
    def correct(self) -> int:
        return sum(a.status == "correct" for a in self.answers)


@dataclass
class Grades:
    """The class table: one :class:`Submission` per notebook, and the files skipped with the reason."""

    submissions: list[Submission]
    skipped: list[tuple[str, str]]
    #: (student, worksheet): a roster name with no graded notebook of a worksheet others handed in.
    missing: list[tuple[str, str]] = field(default_factory=list)

    COLUMNS = ("student", "worksheet", "question", "correct", "why", "first try (recorded)", "attempts (recorded)", "hints (recorded)",
               "flags", "file")

    def _graded(self) -> list[tuple[Submission, Answer]]:
        """Each (submission, answer) in the table's order: by student, then worksheet."""
        return [(sub, a) for sub in sorted(self.submissions, key=lambda s: (_normal(s.student), s.worksheet))
                for a in sub.answers]

    def rows(self) -> list[dict[str, str]]:
        """One row per student, worksheet and question (the long format a spreadsheet pivots)."""
        return [{
            "student": sub.student, "worksheet": sub.worksheet, "question": a.question,
            "correct": a.status,
            "why": a.why,  # an incorrect answer's check message: a known slip's hint, or no known slip
            # From the recorded attempt, which the student's kernel wrote (and the student could edit).
            "first try (recorded)": "" if a.first_try is None else ("yes" if a.first_try else "no"),
            "attempts (recorded)": "" if a.attempts is None else str(a.attempts),
            "hints (recorded)": str(a.hints) if a.hints else "",
            "flags": "; ".join(sub.flags + a.flags),
            "file": sub.file,  # which of a student's notebooks, when there is more than one
        } for sub, a in self._graded()]

    def to_csv(self, path: str | Path) -> Path:
        """Write the table as CSV; every cell is spreadsheet-safe (:func:`safe_cell`)."""
        path = Path(path)
        draft = path.with_name(path.name + ".part")  # written whole, then renamed: never a half table
        try:
            with draft.open("w", newline="", encoding="utf-8") as handle:
                writer = csv.writer(handle)
                writer.writerow(self.COLUMNS)
                for row in self.rows():
                    writer.writerow([safe_cell(row[c]) for c in self.COLUMNS])
                blank = dict.fromkeys(self.COLUMNS, "")
                for name, why in self.skipped:
                    row = {**blank, "correct": "skipped", "flags": why, "file": name}
                    writer.writerow([safe_cell(row[c]) for c in self.COLUMNS])
                for student, worksheet in self.missing:
                    row = {**blank, "student": student, "worksheet": worksheet, "correct": "no notebook found"}
                    writer.writerow([safe_cell(row[c]) for c in self.COLUMNS])
            draft.replace(path)
        finally:
            draft.unlink(missing_ok=True)
        return path

    def summary(self) -> list[tuple[str, str, int, int]]:
        """(student, worksheet, correct, questions) per graded submission (the capstone is not marked here)."""
        return [(s.student, s.worksheet, s.correct, len(s.answers)) for s in self.submissions if s.worksheet != CAPSTONE]

    def __repr__(self) -> str:
        lines = [f"{s.student} {s.worksheet}: {_marks(s)} ({'; '.join([s.file, *s.flags])})" for s in self.submissions]
        lines += [f"skipped {name}: {why}" for name, why in self.skipped]
        lines += [f"{student} {worksheet}: no notebook found" for student, worksheet in self.missing]
        return "\n".join(lines) or "no notebooks found"

    def _repr_html_(self) -> str:
        """The table for a notebook, sized for a projector (about 850 px of cell output: 1280x800 with JupyterLab's
        file browser open, or at 125 % with it closed): every column but *file* (:data:`SHOWN`), *first try*,
        *attempts* and *hints* under one *recorded* heading, *why* and *flags* at least 9em wide, every long run of
        characters given places to wrap (:func:`_wrappable`), a *why* cut to :data:`WHY_LENGTH` characters
        (:func:`_cut_why`), and each long flag shown as its kind's short form (:func:`_short_note`) with the whole
        note one click away in a ``<details>``. A file is named under the student's name (:func:`_file_labels`: labels
        that never look the same, numbered "(1 of 2)" where two files themselves look the same) where they handed in
        more than one notebook of a worksheet, where another student's shown name looks the same (:func:`_skeleton`),
        and where the notebook may not be theirs (:data:`_NOT_THEIRS`); a name shows at most :data:`MAX_MARKS`
        combining marks a character and is cut in the middle past :data:`NAME_SHOWN` characters unless that makes two
        names look alike (both whole on hover, with the file); the CSV and :meth:`rows` keep every row's file and name
        whole, and its *why* as the grader wrote it (a check's message, at most :data:`WHY_LENGTH` characters:
        :func:`_why`). At most :data:`SKIPPED_SHOWN` skipped files are listed. Every string is HTML-escaped: names,
        file names and notes can come from a student's file. The styles are inline and of the kinds JupyterLab's
        sanitizer keeps, so a stored (untrusted) output is drawn as a run one is (no ``overflow-wrap: anywhere``,
        which the sanitizer drops and which, where kept, let the table squeeze "unanswered" to "unansw-ered": the
        places to wrap are ``<wbr>``).

        >>> grades = Grades([Submission("in/<b>.ipynb", "<script>x</script>", "ws1", [Answer("Q1", "incorrect", "cell",
        ...     2, False, 0, ["read as computed: code cell 4 uses exec, which the teacher's side does not follow"], "no")])], [])
        >>> shown = grades._repr_html_()
        >>> "<script>" in shown, "&lt;script&gt;x&lt;/script&gt;" in shown.replace("<wbr>", ""), "in/<b>" in shown, ">file<" in shown
        (False, True, False, False)
        >>> "<summary>read as computed (code not followed)</summary>" in shown, '<th scope="col"' in shown, "<caption" in shown
        (True, True, True)
        """
        several: dict[tuple[str, str], int] = {}
        for sub in self.submissions:
            several[(_normal(sub.student), sub.worksheet)] = several.get((_normal(sub.student), sub.worksheet), 0) + 1
        names = _names_shown({sub.student for sub in self.submissions})
        looks: dict[str, set[str]] = {}  # what a shown name looks like -> the names (compared) shown so
        for sub in self.submissions:
            looks.setdefault(_skeleton(names[sub.student]), set()).add(_normal(sub.student))
        # A file is named under the name where the student handed in more than one notebook of a worksheet, where
        # another student's name looks the same, and where the notebook may not be this student's.
        named = [sub for sub in self.submissions if several[(_normal(sub.student), sub.worksheet)] > 1
                 or len(looks[_skeleton(names[sub.student])]) > 1 or any(f.startswith(_NOT_THEIRS) for f in sub.flags)]
        together: dict[str, list[str]] = {}  # labels told apart among the files under names that look the same
        for sub in named:
            together.setdefault(_skeleton(names[sub.student]), []).append(sub.file)
        label = {f: text for files in together.values() for f, text in _file_labels(files).items()}
        alike: dict[str, list[str]] = {}  # files of different names whose labels look the same: told apart together
        for f, text in label.items():
            alike.setdefault(_skeleton(text), []).append(f)
        for files in alike.values():
            if len(files) > 1:
                label.update(_file_labels(files))
        if not _told_apart(label):
            label = _file_labels(list(label))
        labels = {id(sub): label[sub.file] for sub in named}
        recorded = [c for c in SHOWN if c.endswith(_RECORDED)]
        first, last = SHOWN.index(recorded[0]), SHOWN.index(recorded[-1])
        alone = [(c, f' rowspan="2" style="{_CELL};{_MIN_WIDTH.get(c, "")}"') for c in SHOWN]
        head = ("<tr>" + "".join(f'<th scope="col"{attrs}>{html.escape(c)}</th>' for c, attrs in alone[:first])
                + f'<th scope="colgroup" colspan="{len(recorded)}" style="{_CELL};border-bottom:1px solid #888">recorded</th>'
                + "".join(f'<th scope="col"{attrs}>{html.escape(c)}</th>' for c, attrs in alone[last + 1:]) + "</tr><tr>"
                + "".join(f'<th scope="col" style="{_CELL}">{html.escape(c.removesuffix(_RECORDED))}</th>' for c in recorded)
                + "</tr>")
        groups = (f'<colgroup span="{first}"></colgroup><colgroup span="{len(recorded)}"></colgroup>'
                  f'<colgroup span="{len(SHOWN) - last - 1}"></colgroup>')
        body = []
        for (sub, a), row in zip(self._graded(), self.rows()):
            student = _wrappable(names[sub.student], 12) + (
                f'<div style="{_FILE}">{_wrappable(labels[id(sub)], 12)}</div>' if id(sub) in labels else "")
            whole = html.escape(f"{row['student']}: {sub.file}")  # on hover: the name and the file, whole
            cells = [f'<th scope="row" style="{_CELL};font-weight:normal" title="{whole}">{student}</th>']
            for c in SHOWN[1:]:
                shown = ("".join(_note_html(note) for note in sub.flags + a.flags) if c == "flags"
                         else _wrappable(_cut_why(row[c])) if c == "why" else _wrappable(row[c]))
                cells.append(f'<td style="{_CELL}">{shown}</td>')
            body.append("<tr>" + "".join(cells) + "</tr>")
        graded = len(self.submissions)
        caption = (f"The class table: {graded} notebook{'s' * (graded != 1)} graded, a row for each question. A long flag "
                   "shows a short form: open it for the whole note. Each row's file is in the CSV "
                   "(<code>to_csv</code>, the copy to print or keep) and <code>rows()</code>; here it is named under "
                   "the name only where a student handed in more than one notebook of a worksheet, where two "
                   "students' names look alike, or where the notebook may not be the student's.")
        table = (f'<table class="hl-class-table" style="{_TABLE}"><caption style="text-align:left">{caption}</caption>'
                 f'{groups}<thead>{head}</thead><tbody>{"".join(body)}</tbody></table>')
        listed = f'style="{_WRAP}"'
        skipped = "".join(f"<li><code>{_wrappable(_capped(n))}</code>: {_wrappable(_capped(w))}</li>"
                          for n, w in self.skipped[:SKIPPED_SHOWN])
        if len(self.skipped) > SKIPPED_SHOWN:
            skipped += (f"<li>and {len(self.skipped) - SKIPPED_SHOWN:,} more (all in <code>grades.skipped</code> "
                        "and the CSV)</li>")
        missing = "".join(f"<li>{_wrappable(_capped(student))}, {html.escape(worksheet)}</li>" for student, worksheet in self.missing)
        return (table + (f"<p>Skipped:</p><ul {listed}>{skipped}</ul>" if skipped else "")
                + (f"<p>No notebook found (a roster name, a worksheet others handed in):</p><ul {listed}>{missing}</ul>"
                   if missing else ""))


#: The columns the notebook view of the class table shows (:meth:`Grades._repr_html_`): all but *file*.
SHOWN = tuple(c for c in Grades.COLUMNS if c != "file")
#: The columns that view groups under one heading, *recorded*, by this end of their names.
_RECORDED = " (recorded)"
#: A word wider than its cell's line wraps inside it (the cells' widths come from their words and ``<wbr>``s).
_WRAP = "overflow-wrap:break-word"
#: The table: laid out by its content (JupyterLab's own table style is ``fixed``), never wider than its output.
_TABLE = f"table-layout:auto;max-width:100%;{_WRAP}"
#: Each cell: text from the left and the top (JupyterLab right-aligns and centres cells), and a narrow padding.
_CELL = "text-align:left;vertical-align:top;padding:0.3em"
#: The columns of prose, never squeezed to a word a line.
_MIN_WIDTH = {"why": "min-width:9em", "flags": "min-width:9em"}


def _clusters(text: str) -> list[str]:
    """``text`` as characters a reader sees: each base character with the combining marks after it (a mark at the
    start stands alone), and an emoji with what draws it as one (a zero-width joiner and the pictograph after it, up
    to :data:`_JOINED` pictographs; a skin tone; tag characters; a flag's two regional indicators), so that nothing
    cuts or wraps a letter from its accents or an emoji in two.

    >>> _clusters("Zoe\u0308 x"), len(_clusters("a" + "\u030d" * 50))
    (['Z', 'o', 'e\u0308', ' ', 'x'], 1)
    >>> family, flags = "\U0001F468\u200d\U0001F469\u200d\U0001F467", "\U0001F1FA\U0001F1F8" * 2
    >>> _clusters("x" + family + "\U0001F44D\U0001F3FD"), [len(c) for c in _clusters(flags + "\U0001F1FA")]
    (['x', '\U0001f468\\u200d\U0001f469\\u200d\U0001f467', '\U0001f44d\U0001f3fd'], [2, 2, 1])
    >>> len(_clusters("\U0001F600\u200d" * 20)), len(_clusters("a\u200db"))
    (3, 2)
    """
    out: list[str] = []
    joined = 0  # pictographs in the last cluster
    glue = False  # the last character was a zero-width joiner after a pictograph: a pictograph next joins it
    for c in text:
        kind = unicodedata.category(c)
        regional = "\U0001F1E6" <= c <= "\U0001F1FF"
        pictograph = glue and kind == "So" and joined < _JOINED
        if out and (kind[0] == "M" or c == "\u200d" or "\U000E0020" <= c <= "\U000E007F" or pictograph
                    or "\U0001F3FB" <= c <= "\U0001F3FF" and unicodedata.category(out[-1][-1]) == "So"
                    or regional and len(out[-1]) == 1 and "\U0001F1E6" <= out[-1] <= "\U0001F1FF"):
            out[-1] += c
            joined += pictograph
        else:
            out.append(c)
            joined = int(kind == "So")
        glue = c == "\u200d" and joined > 0
    return out


#: The most pictographs zero-width joiners keep together as one character (:func:`_clusters`; a family emoji has
#: four): a longer chain is still given places to wrap.
_JOINED = 8
#: The most combining marks shown on one character (a name of fifty stacked marks draws into the row above).
MAX_MARKS = 2


def _capped(text: str) -> str:
    """``text`` with at most :data:`MAX_MARKS` combining marks on each character (the view's; the CSV keeps all;
    a format character such as a zero-width joiner between marks does not start a new count).

    >>> _capped("Ada" + "\u030d" * 50) == "Ada\u030d\u030d", _capped("Zoe\u0308"), _capped("a" + "\u200d\u030d" * 9).count("\u030d")
    (True, 'Zoe\u0308', 2)
    """
    out: list[str] = []
    marks = 0
    for c in text:
        kind = unicodedata.category(c)
        if kind[0] == "M":
            marks += 1
            if marks > MAX_MARKS:
                continue
        elif kind != "Cf":
            marks = 0
        out.append(c)
    return "".join(out)


#: Letters of other scripts drawn as Latin ones (Cyrillic, Greek, Armenian, Cherokee, Lisu, and Latin's own alpha,
#: script g and dotless i), and the digits 0 and 1 (drawn like o and l), for :func:`_skeleton`: what each looks like
#: after case folding.
_LOOKALIKES = str.maketrans({
    **dict(zip("аеорсухіјѕԁһӏԛԝкмнтвѵґ", "aeopcyxijsdhlqwkmhtbvr")),
    **dict(zip("αοριχκτυνεηζβμ", "aopixktuvehzbm")),
    **dict(zip("օսհոզց", "ouhnqg")),
    **dict(zip("\u13aa\u13f4\u13df\u13a0\u13ac\u13c0\u13bb\u13a5\u13ab\u13e6\u13de\u13b7\u13e2\u13a1\u13d2\u13da"
               "\u13a2\u13d9\u13b3\u13d4\u13c3", "abcdeghijklmprrstvwwz")),
    **dict(zip("\ua4ee\ua4d0\ua4da\ua4d3\ua4f0\ua4dd\ua4d6\ua4e7\ua4f2\ua4d9\ua4d7\ua4e1\ua4df\ua4e0\ua4f3\ua4d1"
               "\ua4e3\ua4e2\ua4d4\ua4f4\ua4e6\ua4ea\ua4eb\ua4ec\ua4dc", "abcdefghljklmnoprstuvwxyz")),
    **dict(zip("ɑɡı01", "agiol")),
})
#: Capital letters drawn like a small l (Latin I, Greek Iota, Cyrillic І, the click ǀ, and |), mapped before case
#: folding makes them i (:func:`_skeleton`).
_CAPITAL_LOOKALIKES = str.maketrans(dict.fromkeys("IΙІǀ|", "l"))
#: Characters drawn as nothing: Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt; Python has no
#: lookup of it), Hangul fillers among them, and the blank Braille pattern U+2800, for :func:`_skeleton`.
_INVISIBLE = re.compile("[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
                        "\u2060-\u206f\u2800\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3"
                        "\U0001d173-\U0001d17a\U000e0000-\U000e0fff]")


def _skeleton(text: str) -> str:
    """What ``text`` looks like, for telling whether two names or two file labels could be mistaken for each other
    in the table: compatibility forms (NFKD), no combining marks, format or invisible characters (:data:`_INVISIBLE`),
    a capital I as l, case folded, lookalikes of other scripts as the Latin letters they are drawn as
    (:data:`_LOOKALIKES`), spacing collapsed. For the view only: who is who is :func:`_normal`'s.

    >>> _skeleton("\u0410da Lovelace") == _skeleton("Ada  LOVELACE") == _skeleton("Ada" + "\u030d" * 9 + " Lovelace")
    True
    >>> _skeleton("Ada IoveIace\u3164") == _skeleton("\u13aada L\u0585ve\u200blace\u2800") == _skeleton("ada lovelace")
    True
    """
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", text).translate(_CAPITAL_LOOKALIKES).casefold())
    plain = "".join(c for c in _INVISIBLE.sub("", folded) if unicodedata.category(c)[0] not in "MC")
    return " ".join(plain.translate(_LOOKALIKES).split())


def _natural(run: str) -> list[str]:
    """A run without spaces split where it can wrap naturally: after ``-``, ``_``, ``/``, ``.`` and between a run
    of letters and a run of digits (never inside a character's marks).

    >>> _natural("submissions/carterben_48213_01_legal-moves.ipynb")
    ['submissions/', 'carterben_', '48213_', '01_', 'legal-', 'moves.', 'ipynb']
    """
    pieces: list[str] = []
    kind = ""
    for c in _clusters(run):
        now = "sep" if c[0] in "-_/." else "digit" if c[0].isdigit() else "letter" if c[0].isalpha() else "other"
        if pieces and (kind == "sep" and now != "sep" or {kind, now} == {"letter", "digit"}):
            pieces.append("")
        if not pieces:
            pieces.append("")
        pieces[-1] += c
        kind = now
    return pieces


def _wrappable(text: str, longest: int = 16, every: int = 8) -> str:
    """``text`` HTML-escaped, with places to wrap (``<wbr>``) in each run without spaces longer than ``longest``
    characters (a name, a file name or code a student typed; no word of the table's own is that long): at its
    natural points (:func:`_natural`), and every ``every`` characters of a piece longer than ``longest`` between
    them, so that no cell needs to be wider than ``longest`` characters (16 W's: about 210 px; names and files are
    given 12: about 160 px) or its longest word. A character and its combining marks are never split.

    >>> _wrappable("Ada <b>"), _wrappable("unanswered"), _wrappable("__import__('os').remove"), _wrappable("W" * 20)
    ('Ada &lt;b&gt;', 'unanswered', '__<wbr>import__<wbr>(&#x27;os&#x27;).<wbr>remove', 'WWWWWWWW<wbr>WWWWWWWW<wbr>WWWW')
    """
    out = []
    for word in re.split(r"(\s+)", text):
        chars = _clusters(word)
        if len(chars) <= longest:
            out.append(html.escape(word))
            continue
        pieces = []
        for piece in _natural(word):
            marks = _clusters(piece)
            if len(marks) > longest:
                pieces += ["".join(marks[i:i + every]) for i in range(0, len(marks), every)]
            else:
                pieces.append(piece)
        out.append("<wbr>".join(html.escape(p) for p in pieces))
    return "".join(out)


def _middle(text: str, most: int = 32) -> str:
    """``text`` cut in the middle to at most ``most`` characters (a file name keeps its folder's start and its end;
    a character keeps its combining marks).

    >>> _middle("short.ipynb"), _middle("a_very_long_folder_name/and_a_long_file_name.ipynb")
    ('short.ipynb', 'a_very_long_fold…file_name.ipynb')
    """
    chars = _clusters(text)
    if len(chars) <= most:
        return text
    tail = (most - 1) // 2
    return "".join(chars[:most - 1 - tail]) + "…" + "".join(chars[-tail:])


#: A name longer than this many characters is cut in the middle in the view (whole on hover, and where cutting
#: would make it look like another name).
NAME_SHOWN = 64
#: A file label under a name is at most about this many characters (:func:`_file_labels`).
FILE_SHOWN = 32


def _names_shown(names: Iterable[str]) -> dict[str, str]:
    """Each student name as the view shows it: at most :data:`MAX_MARKS` marks a character, cut in the middle past
    :data:`NAME_SHOWN` characters, unless the cut would make two different names (:func:`_normal`) look alike
    (:func:`_skeleton`) where whole they do not: then whole.

    >>> a, b = "Ada " + "x" * 40 + "A" + "y" * 40, "Ada " + "x" * 40 + "B" + "y" * 40
    >>> shown = _names_shown([a, b]); shown[a] != shown[b] and "…" not in shown[a], "…" in _names_shown([a])[a]
    (True, True)
    """
    whole = {n: _capped(n) for n in names}
    cut = {n: _middle(w, NAME_SHOWN) for n, w in whole.items()}
    looks: dict[str, set[str]] = {}
    for n, shown in cut.items():
        looks.setdefault(_skeleton(shown), set()).add(_normal(n))
    return {n: whole[n] if len(looks[_skeleton(shown)]) > 1 and shown != whole[n] else shown for n, shown in cut.items()}


def _file_labels(files: list[str]) -> dict[str, str]:
    """Labels for files shown under one name, never two that look the same (:func:`_skeleton`), at most
    :data:`MAX_MARKS` marks a character (:func:`_capped`): a file whole if it is at most :data:`FILE_SHOWN`
    characters; else the part in which the files differ (their common start and end dropped, with a few characters
    of each kept around it, "…" where cut); else (their differing parts long too) each cut in the middle; where
    any two labels would still look the same, the files whole; and where two files still look the same (they differ
    in an invisible character, a lookalike letter, or marks past the cap), each of them cut in the middle and
    numbered, "(1 of 2)", "(2 of 2)", in the files' order (:func:`_numbered`).

    >>> a = "submissions/carterben_48213_9921877_01_legal_moves.ipynb"
    >>> _file_labels([a, a.replace("9921877", "9934410")])[a]
    '…48213_9921877_01_lega…'
    """
    marks = {f: _capped(f) for f in files}
    chars = {f: _clusters(m) for f, m in marks.items()}
    if all(len(c) <= FILE_SHOWN for c in chars.values()):
        labels = dict(marks)
    elif len(files) < 2:
        labels = {f: _middle(marks[f], FILE_SHOWN) for f in files}
    else:
        lists = list(chars.values())
        short = min(len(c) for c in lists)
        start = next((i for i in range(short) if len({c[i] for c in lists}) > 1), short)
        end = next((i for i in range(short - start) if len({c[-1 - i] for c in lists}) > 1), short - start)
        context = 8
        labels = {}
        for f, c in chars.items():
            lo, hi = max(0, start - context), len(c) - max(0, end - context)
            differs = c[start:len(c) - end]
            inner = "".join(differs) if len(differs) <= FILE_SHOWN - 2 * context else _middle("".join(differs), FILE_SHOWN - 2 * context)
            labels[f] = ("…" if lo else "") + "".join(c[lo:start]) + inner + "".join(c[len(c) - end:hi]) + ("…" if hi < len(c) else "")
    if not _told_apart(labels):
        labels = dict(marks)
    if not _told_apart(labels):
        labels = _numbered(labels)
    return labels


def _told_apart(labels: dict[str, str]) -> bool:
    """No two of ``labels`` look the same (:func:`_skeleton`)."""
    return len({_skeleton(text) for text in labels.values()}) == len(labels)


def _numbered(labels: dict[str, str]) -> dict[str, str]:
    """``labels`` (file -> label) where the labels that look the same are each cut in the middle and given a number
    the grader makes, "(1 of 2)", "(2 of 2)", in the files' order; and where a file is named like such a label, every
    label numbered, so that no two look the same (their numbers differ).

    >>> a = "Ben/01_legal_moves.ipynb"
    >>> b = a.replace("mo", "m\u043e")  # a Cyrillic о
    >>> list(_numbered({a: a, b: b, "b.ipynb": "b.ipynb"}).values())
    ['Ben/01_legal_moves.ipynb (1 of 2)', 'Ben/01_legal_m\u043eves.ipynb (2 of 2)', 'b.ipynb']
    """
    alike: dict[str, list[str]] = {}
    for f in sorted(labels):
        alike.setdefault(_skeleton(labels[f]), []).append(f)
    numbered = dict(labels)
    for files in alike.values():
        if len(files) > 1:
            numbered.update({f: f"{_middle(labels[f], FILE_SHOWN)} ({k} of {len(files)})" for k, f in enumerate(files, 1)})
    if not _told_apart(numbered):
        numbered = {f: f"{_middle(labels[f], FILE_SHOWN)} ({k} of {len(labels)})" for k, f in enumerate(sorted(labels), 1)}
    return numbered


#: Flags that name the file under the student's name whatever the names: the notebook may not be this student's.
_NOT_THEIRS = ("the notebook's variant is not this student's", "student not on the roster",
               *(f"its {ws}.use_variant line names" for ws in WORKSHEETS), *(f"no {ws}.use_variant line" for ws in WORKSHEETS))


#: Every kind of note the grader writes (a submission's or an answer's flag), and its short form in the projected
#: table (:func:`_short_note`): a full match of the note, and a short wording that keeps the note's verdict and is
#: built only from the grader's own values (worksheet names, statuses), never from text a student's file holds.
#: tests/test_exercises_classroom_table.py finds every note classroom.py writes and checks each has one here.
_WS = r"(ws\d)"
_NOTE_KINDS: tuple[tuple[str, str], ...] = (
    (rf"labelled {_WS} in its metadata, but its .* worksheet {_WS}'s: handed in for the wrong worksheet\? \(graded as {_WS}\)",
     r"labelled \1, but it is \2 (graded as \3)"),
    (rf"its file name is worksheet {_WS}'s \(.*\), but it is worksheet {_WS}'s: handed in for the wrong worksheet\? "
     rf"\(graded as {_WS}\)", r"file name says \1, graded as \3"),
    (r"its check outputs are worksheet .*'s: handed in for the wrong worksheet\?", "check outputs of another worksheet"),
    (r"the notebook's variant is not this student's \(graded on the student's own\)", "not this student's variant (graded on own variant)"),
    (rf"its {_WS}\.use_variant line names the variant of .*, not this student's \(graded on the student's own\): another student's copy\?",
     "use_variant: another student's (graded on own variant)"),
    (rf"its {_WS}\.use_variant line names another variant than this student's \(graded on the student's own\)",
     "use_variant: another variant (graded on own variant)"),
    (rf"no {_WS}\.use_variant line: the notebook ran the self-study copy's questions \(graded on the student's own\)",
     "no use_variant line (graded on own variant)"),
    (r"code cell \d+ .*: which variant the notebook ran is not checked \(graded on the student's own\)",
     "use_variant not followed (graded on own variant)"),
    (r"the answer line is larger than the teacher's side reads .*", "answer line too large: read as computed"),
    (r"read as computed: .*", "read as computed (code not followed)"),
    (r"not a dealing or simulation result, so nothing to run again: .*", "stored verdict (nothing to run again)"),
    (r"the check refused the value when it ran: .*, so the value is not re-judged here", "refused a value it does not record"),
    (r"the check accepted a .* when it ran, a type its stored output does not record: not verified here",
     "accepted a value it does not record: not verified"),
    (r"the stored output records no answer \(edited\?\): not verified", "no answer recorded (edited?): not verified"),
    (r"answer computed in the notebook and no check output records its value", "computed in the notebook, no check output"),
    (r"a dealing or simulation result of a student not on the roster: not re-run", "not re-run (not on the roster)"),
    (r"the stored output records the count but not what it was made from .*", "count without what made it: not verified"),
    (r"the stored output's record of what the result was made from is not one a check writes \(edited\?\): .*",
     "how it was made: not a check's record (edited?)"),
    (r"could not be read \(.*\)", "could not be read"),
    (r"its stored output's .* could not be read \(.*\)", "plan record partly unreadable"),
    (r"its stored output records no .* \(checked with an older hearts_lab, or edited\?\)", "plan record incomplete (older hearts_lab?)"),
    (r"its stored output's counts contradict each other \(.*\): edited\? ask why", "plan counts contradict each other (edited?)"),
    (r"a typed value in the answer cell, not the result of the call .*", "a typed value, not the call's result: refused"),
    (re.escape(checks.REFUSED_RECORD), "refused by the student's own check"),
    (r"no answer line \(q\d+ = \.\.\.\) in any cell: the stored output alone cannot show .*",
     "no answer line: not shown to be the call's result"),
    (r"the answer is assigned in a cell that is not plain Python .*", "assigned in unread code: not verified"),
    (r"the answer cell builds the count by hand .*", "count built by hand: not the answer"),
    (r"the notebook defines or replaces .* itself, so its answer is not the result of the call .*",
     "defines the call itself: not its result"),
    (r"the answer is assigned again after its answer line .*", "assigned again after its answer line"),
    (r"the answer cell is not the result of the call the question asks for, .*", "not the result of the call asked for"),
    (r"no answer line \(q\d+ = \.\.\.\) in any cell: judged from the stored output only", "no answer line: judged as recorded"),
    (r"stored output says (correct|incorrect|unanswered), the answer is (correct|incorrect)",
     r"stored output says \1, the answer is \2"),
    (r"the stored output checked a different answer than the cell holds", "stored output checked another answer"),
    (r"not read: the notebook's answers used up the reading budget .*", "not read: reading budget used up"),
    (r"a capstone of a student not on the roster: its plan is not re-run", "plan not re-run (not on the roster)"),
    (r"no stored output of Q3's check records its runs, so there are no rules to re-run", "not re-run: no Q3 record"),
    (r"Q3's stored output records the rules' fingerprint but not the rules \(checked with an older hearts_lab\?\): .*",
     "not re-run: Q3 records no rules (older hearts_lab?)"),
    (r"Q3's stored rules could not be read \(.*\): not re-run", "not re-run: Q3's rules could not be read"),
    (r"Q3's check did not record the .* rules, too long to record .*: not re-run; .*", "not re-run: rules too long to record"),
    (r"Q3's stored .* rules do not match the fingerprint recorded beside them \(edited\?\): not re-run",
     "not re-run: rules and fingerprint differ (edited?)"),
    (r"no stored output of Q2's check records a plan, .*", "not re-run: no Q2 plan"),
    (r"the stored runs \(Q3's record\) or plan \(Q2's\) are not ones the checks record \(edited\?\): .*",
     "not re-run: runs or plan unreadable (edited?)"),
    (r"its plan plays through the engine \(.*\): up to about .* s of CPU estimated for the two runs: not re-run by default; .*",
     "engine plan: not re-run by default (rerun=\"all\")"),
    (r"its plan plays through the engine \(.*\): up to about .* s of CPU estimated for the two runs, over the .*: not re-run, "
     r"even with rerun=\"all\"; .*", "engine plan over the re-run limit: not re-run"),
    (r"the re-run could not be made \(.*\)", "the re-run could not be made"),
    (r"not re-run: this grade\(\) call's re-run budget \(.*\) is used up; .*", "not re-run: this call's re-run budget is used up"),
    (r"its (effect|interval) = \.\.\. line holds .*, not the value Q(4|5)'s check recorded \(.*\): the re-run row vouches .*",
     r"Q\2's cell holds another \1 than recorded"),
)
_NOTE_PATTERNS = tuple((re.compile(pattern, re.DOTALL), short) for pattern, short in _NOTE_KINDS)
#: At most this many characters of a note not of :data:`_NOTE_KINDS` are shown unopened.
_SHORT_MOST = 56


def _short_note(note: str) -> str:
    """A flag's short form for the projected table: its kind's in :data:`_NOTE_KINDS` (built from the grader's
    values only), the note itself if it is of no kind and short, else its first words (a note of no kind is not
    the grader's).

    >>> _short_note("read as computed: code cell 4 uses exec, which the teacher's side does not follow")
    'read as computed (code not followed)'
    >>> _short_note("student not on the roster"), _short_note("the stored output checked a different answer than the cell holds")
    ('student not on the roster', 'stored output checked another answer')
    >>> _short_note("labelled ws4 in its metadata, but its use_variant line is worksheet ws6's: handed in for the wrong worksheet? (graded as ws6)")
    'labelled ws4, but it is ws6 (graded as ws6)'
    """
    for pattern, short in _NOTE_PATTERNS:
        found = pattern.fullmatch(note)
        if found:
            return found.expand(short)
    if len(note) <= _SHORT_MOST:
        return note
    cut = note[:_SHORT_MOST]
    return (cut.rsplit(" ", 1)[0] if " " in cut else cut).rstrip(" ,;:") + "…"


def _note_html(note: str) -> str:
    """One flag in the projected table: whole if short, else its short form with the whole note in a ``<details>``."""
    short = _short_note(note)
    if short == note:
        return f'<div style="{_NOTE}">{_wrappable(note)}</div>'
    return f'<details style="{_NOTE}"><summary>{_wrappable(short)}</summary>{_wrappable(note)}</details>'


#: Each flag in its cell: a gap below, so that two flags do not read as one sentence.
_NOTE = "margin:0 0 0.4em"
#: A file named under a student's name: the name's size, set apart by slant (and by its own line).
_FILE = "font-style:italic"


def _cut_why(text: str) -> str:
    """A *why* as the view shows it: at most :data:`WHY_LENGTH` characters (the capstone's seeds row can list many
    lines, which the CSV and :meth:`Grades.rows` keep; it names the student's own variant first)."""
    chars = _clusters(_capped(text))
    return "".join(chars) if len(chars) <= WHY_LENGTH else "".join(chars[:WHY_LENGTH - 1]).rstrip() + "…"


#: The view lists at most this many skipped files (all are in ``grades.skipped`` and the CSV).
SKIPPED_SHOWN = 20


def _marks(sub: Submission) -> str:
    """A submission's line in the class table's text: its marks, or for the capstone what was read instead."""
    if sub.worksheet != CAPSTONE:
        return f"{sub.correct} of {len(sub.answers)} correct"
    rows = {a.question: a for a in sub.answers}
    seeds, rerun = rows[SEEDS_ROW], rows.get(RERUN_ROW)
    questions = [a for a in sub.answers if a.question not in (SEEDS_ROW, RERUN_ROW)]
    said = sum(a.status == "recorded correct" for a in questions)
    return (f"capstone, not marked (its rubric marks it): seeds {seeds.status}" + (f" ({seeds.why})" if seeds.why else "")
            + (f"; re-run {rerun.status}" if rerun is not None else "")
            + f"; {said} of {len(questions)} checks recorded correct")


class _Skip(Exception):
    """A submission that cannot be graded; the message says why."""


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [k for k, _ in pairs]
    if len(set(keys)) != len(keys):
        raise _Skip("not a notebook (a JSON object repeats a key, so two readers would see different notebooks)")
    return dict(pairs)


def _whole_number(text: str) -> int:
    if len(text.lstrip("-")) > 4300:  # Python's own limit for int(text): refused by name, not as a ValueError
        raise _Skip("not a notebook (a number of more than 4,300 digits)")
    return int(text)


def _read_notebook(path: Path) -> dict[str, Any]:
    try:
        # Regular files only, size checked before reading (a FIFO or a symlink to /dev/zero is refused, not read).
        raw = read_bounded_file(path, MAX_BYTES)
    except ValueError as why:
        raise _Skip(f"not read: {_printable(str(why))}") from None
    try:
        # utf-8-sig: a notebook saved by an editor that starts files with a BOM reads as Jupyter's own (read_roster too).
        nb = json.loads(raw.decode("utf-8-sig"), object_pairs_hook=_no_duplicates, parse_int=_whole_number)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
        raise _Skip(f"not a notebook (not valid JSON: {type(error).__name__})") from None
    if isinstance(nb, dict) and "cells" not in nb and isinstance(nb.get("worksheets"), list):
        raise _Skip("an nbformat 3 notebook (an old Jupyter's): open and save it in Jupyter, then grade it again")
    if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list):
        raise _Skip("not a notebook (no list of cells)")
    if not all(isinstance(c, dict) for c in nb["cells"]):
        raise _Skip("not a notebook (a cell is not an object)")
    return nb


def _which(nb: dict[str, Any]) -> tuple[str, str, int | None]:
    meta = nb.get("metadata")
    meta = meta if isinstance(meta, dict) else {}
    mine = meta.get(META)
    mine = mine if isinstance(mine, dict) else {}
    worksheet, student, seed = mine.get("worksheet"), mine.get("student"), mine.get("variant")
    if worksheet not in WORKSHEETS:
        raise _Skip("does not say which worksheet it is (no hearts_lab metadata): was it written by Class.write?")
    if not isinstance(student, str) or not _normal(student):
        raise _Skip("names no student in its hearts_lab metadata")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise _Skip("its variant is not a whole number")
    return worksheet, " ".join(_printable(student).split()), seed



_ASSIGN = re.compile(r"^q(\d+)$")


_ARITHMETIC = frozenset({"binomial", "factorial", "C", "Rational", "Integer", "sqrt"})


def _segment(lines: list[str], node: ast.expr) -> str:
    """The source text of ``node``, cut from the cell's lines split once (``ast.get_source_segment`` re-splits
    the whole cell on every call: quadratic in a cell of many answer lines)."""
    start, end = node.lineno - 1, (node.end_lineno or node.lineno) - 1
    first, last = node.col_offset, node.end_col_offset
    if last is None or not 0 <= start <= end < len(lines):
        return ""
    if start == end:  # column offsets count UTF-8 bytes
        return lines[start].encode()[first:last].decode("utf-8", "replace")
    head = lines[start].encode()[first:].decode("utf-8", "replace")
    tail = lines[end].encode()[:last].decode("utf-8", "replace")
    return head + "".join(lines[start + 1:end]) + tail


#: The deepest answer expression read (the sandbox reads none deeper, :data:`~hearts_lab.exercises.sandbox.MAX_DEPTH`):
#: a deeper one (``1 + 1 + ... + 1``, 1,500 terms) is computed in the notebook, its value the one its check recorded.
MAX_ANSWER_DEPTH = 100
#: The most syntax-tree nodes one answer expression read may have (answers are short: the longest a full answer
#: to a worksheet needs, ws4's tuples of sums, has under 40): a larger one is computed in the notebook, as a deep one.
MAX_ANSWER_NODES = 1_000
#: Why an answer line was not read (:data:`MAX_ANSWER_NODES`, :data:`MAX_ANSWER_DEPTH`): the note on its row.
TOO_LARGE = (f"the answer line is larger than the teacher's side reads (more than {MAX_ANSWER_NODES:,} pieces of Python "
             f"or {MAX_ANSWER_DEPTH} levels deep): read as computed, its value the one its check recorded")


def _too_large(node: ast.AST, most: int = MAX_ANSWER_DEPTH, nodes: int = MAX_ANSWER_NODES) -> bool:
    """Whether ``node``'s tree is more than ``most`` levels deep or has more than ``nodes`` nodes (one walk with a
    stack, never by recursion, stopped at the first node beyond either).

    >>> _too_large(ast.parse(" + ".join(["1"] * 1500), mode="eval").body), _too_large(ast.parse("1 + 2").body[0])
    (True, False)
    >>> _too_large(ast.parse("(" + "1, " * 1200 + ")", mode="eval").body), _too_large(ast.parse("(" + "1, " * 300 + ")").body[0])
    (True, False)
    """
    stack = [(node, 0)]
    seen = 0
    while stack:
        here, depth = stack.pop()
        seen += 1
        if depth > most or seen > nodes:
            return True
        stack.extend((child, depth + 1) for child in ast.iter_child_nodes(here))
    return False


#: The operators an answer line may use and still be read without running it: those the sandbox reads as Python
#: and sympy compute them (``^`` is XOR in Python and a power to the sandbox; ``//``, ``%``, shifts are not read).
_READ_OPERATORS = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow)


def _arithmetic(node: ast.expr) -> tuple[str | None, bool] | None:
    """What Python makes of an answer line's arithmetic, if the teacher's side can read it as the kernel computes it:
    ``(kind, has_float)``, kind ``"int"`` or ``"float"`` for plain numbers, ``None`` with sympy in it
    (``binomial(52, 13) / 4``); ``has_float``: some plain-number part is a float (a sympy float then). ``None``: not
    read (another operator or name, a text, a power of whole numbers whose sign is not written, ...), so computed.

    ``/`` between two plain numbers is a float in Python (``666425/2430973200726``), as is a float literal or a
    negative power.

    >>> [_arithmetic(ast.parse(t, mode="eval").body) for t in ("1/4", "3 * 4 - 1", "2 ** -1", "binomial(4, 2) / 4")]
    [('float', True), ('int', False), ('float', True), (None, False)]
    >>> [_arithmetic(ast.parse(t, mode="eval").body) for t in ("3 ^ 1", "7 // 2", "2 ** (1 - 2)", "Rational('1/3')")]
    [None, None, None, None]
    """
    kinds: dict[int, str | None] = {}
    has_float = False
    stack: list[tuple[ast.expr, bool]] = [(node, False)]
    while stack:  # post-order with a stack: each node's kind once, never by recursion
        here, ready = stack.pop()
        if isinstance(here, ast.Constant):
            if isinstance(here.value, bool) or not isinstance(here.value, (int, float)):
                return None
            kinds[id(here)] = "int" if isinstance(here.value, int) else "float"
        elif isinstance(here, ast.UnaryOp) and isinstance(here.op, (ast.USub, ast.UAdd)):
            if not ready:
                stack += [(here, True), (here.operand, False)]
                continue
            kinds[id(here)] = kinds[id(here.operand)]
        elif isinstance(here, ast.BinOp) and isinstance(here.op, _READ_OPERATORS):
            if not ready:
                stack += [(here, True), (here.left, False), (here.right, False)]
                continue
            left, right = kinds[id(here.left)], kinds[id(here.right)]
            if left is None or right is None:
                kinds[id(here)] = None
            elif isinstance(here.op, ast.Div) or "float" in (left, right):
                kinds[id(here)] = "float"
            elif isinstance(here.op, ast.Pow):
                # A whole number to a whole power is a float in Python when the power is negative: read only where
                # the power's sign is written (2 ** 10, 2 ** -1), not 2 ** (1 - 2).
                power = here.right
                negative = isinstance(power, ast.UnaryOp) and isinstance(power.op, ast.USub) and isinstance(power.operand, ast.Constant)
                if not (negative or isinstance(power, ast.Constant)):
                    return None
                kinds[id(here)] = "float" if negative else "int"
            else:
                kinds[id(here)] = "int"
        elif (isinstance(here, ast.Call) and isinstance(here.func, ast.Name) and here.func.id in _ARITHMETIC
              and not here.keywords and not any(isinstance(a, ast.Starred) for a in here.args)):
            if not ready:
                stack += [(here, True), *((a, False) for a in here.args)]
                continue
            kinds[id(here)] = None
        else:
            return None
        has_float = has_float or kinds[id(here)] == "float"
    return kinds[id(node)], has_float


#: The largest whole number (in bits) an answer's float arithmetic is computed through (``9 ** 9 ** 9 * 0.5``: computed).
_FLOAT_INT_BITS = 4_096


def _python_float(node: ast.expr) -> float | None:
    """An answer's plain-number arithmetic with a float in it (:func:`_arithmetic` kind ``"float"``), computed as
    Python computes it, one operation at a time on Python's ints and floats (``0.1 + 0.2`` is 0.30000000000000004,
    ``10**16 + 1.0 + 1.0`` is 1e16); ``None`` where a step overflows, divides by zero or passes a whole number of
    more than :data:`_FLOAT_INT_BITS` bits (computed in the notebook, then).

    >>> [_python_float(ast.parse(t, mode="eval").body) for t in ("0.1 + 0.2", "10**16 + 1.0 + 1.0", "2 ** -1", "1 / 0")]
    [0.30000000000000004, 1e+16, 0.5, None]
    """
    values: dict[int, Any] = {}
    stack: list[tuple[ast.expr, bool]] = [(node, False)]
    try:
        while stack:
            here, ready = stack.pop()
            if isinstance(here, ast.Constant):
                values[id(here)] = here.value
            elif isinstance(here, ast.UnaryOp):
                if not ready:
                    stack += [(here, True), (here.operand, False)]
                    continue
                operand = values[id(here.operand)]
                values[id(here)] = -operand if isinstance(here.op, ast.USub) else +operand
            elif isinstance(here, ast.BinOp):
                if not ready:
                    stack += [(here, True), (here.left, False), (here.right, False)]
                    continue
                left, right = values[id(here.left)], values[id(here.right)]
                if (isinstance(here.op, ast.Pow) and isinstance(left, int) and isinstance(right, int) and right > 0
                        and abs(left) > 1 and max(abs(left).bit_length() - 1, 1) * right > _FLOAT_INT_BITS):
                    return None
                operate = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
                           ast.Div: operator.truediv, ast.Pow: operator.pow}[type(here.op)]
                if isinstance(here.op, ast.Mult) and isinstance(left, int) and isinstance(right, int) and (
                        abs(left).bit_length() + abs(right).bit_length() > _FLOAT_INT_BITS):
                    return None
                values[id(here)] = operate(left, right)
            else:
                return None
            value = values[id(here)]
            if isinstance(value, int) and abs(value).bit_length() > _FLOAT_INT_BITS or isinstance(value, complex):
                return None
        result = values[id(node)]
    except (OverflowError, ZeroDivisionError, ValueError, KeyError):
        return None
    return float(result) if isinstance(result, (int, float)) else None


def _literal(node: ast.expr, lines: list[str]) -> tuple[bool, Any]:
    """(True, value) for an answer the teacher can read without running anything, as the student's kernel holds it;
    else (False, None): computed in the notebook, so its value is the one its check recorded.

    Arithmetic is read as Python computes it in the student's kernel: ``/`` between two plain numbers is a float
    there (a float check refuses), so it is a float here too; whole-number arithmetic an ``int``; with sympy in it
    (``binomial(52, 13) / 4``) the sympy number; with a float in it (``0.5 * binomial(4, 2)``), a sympy float, as
    the kernel's is. Only ``+ - * / **`` and the calls of :data:`_ARITHMETIC` are read (:func:`_arithmetic`),
    each in the sandbox; anything the sandbox refuses (``sqrt(2) ** 2``, which sympy makes 2) is left computed.

    >>> lines = ["q1 = 666425/2430973200726"]
    >>> _literal(ast.parse(lines[0]).body[0].value, lines) == (True, 666425/2430973200726)  # Python's float
    True
    >>> lines = ["q1 = binomial(52, 13) / 4"]
    >>> _literal(ast.parse(lines[0]).body[0].value, lines)
    (True, 158753389900)
    >>> lines = ["q1 = 3632475 ^ 1"]  # XOR in Python: computed, its value the one its check recorded
    >>> _literal(ast.parse(lines[0]).body[0].value, lines)
    (False, None)
    """
    if _too_large(node):
        return False, TOO_LARGE  # computed in the notebook as far as the teacher's side can tell
    return _read(node, lines)


def _read(node: ast.expr, lines: list[str]) -> tuple[bool, Any]:
    """:func:`_literal` of an answer expression already known small (:func:`_too_large`): one pass, each node once."""
    if isinstance(node, (ast.Tuple, ast.List)):  # (71 + 26, 58, 83 + 26, 90 + 26): each entry as Python computes it
        if any(isinstance(e, ast.Starred) for e in node.elts):
            return False, None
        values = []
        for entry in node.elts:
            readable, value = _read(entry, lines)
            if not readable:
                return False, None
            values.append(value)
        return True, tuple(values) if isinstance(node, ast.Tuple) else values
    try:
        return True, ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        pass
    shape = _arithmetic(node)
    segment = _segment(lines, node) if shape is not None else ""
    if shape is None or not segment:
        return False, None
    kind, has_float = shape
    if kind == "float":  # plain numbers only: Python's floats, step by step, as the kernel computes them
        number = _python_float(node)
        return (False, None) if number is None else (True, number)
    import sympy

    try:
        if has_float:
            number = checks.read_estimate(segment)  # the value, read in the sandbox without running Python
            return True, number if kind == "float" else sympy.Float(number)
        value = checks.exact_value(segment)
    except checks.Wrong:
        return False, None  # Python computes it; the sandbox does not read it (too large, an irrational root ...)
    return True, int(value) if kind == "int" else value


class _Unparsed(ast.Module):
    """The place of a code cell the reader does not parse (too long, or not plain Python): no statements."""


#: IPython's magics whose body (the rest of the cell, or of the line) is Python run at top level as written:
#: ``%%time`` and ``%%capture`` with nothing after them (``%%capture out`` binds ``out``), and ``%time`` lines.
#: ``%%timeit``/``%timeit`` run their body in a function, so they are not parsed (nor is any other magic).
_CELL_MAGIC = re.compile(r"\A[ \t]*%%(?:time|capture)[ \t]*(?=\n|\Z)")
_LINE_MAGIC = re.compile(r"^([ \t]*)%time(?=[ \t])", re.M)


def _python_text(text: str) -> str:
    r"""A cell's text as IPython runs it, for the magics of :data:`_CELL_MAGIC` and :data:`_LINE_MAGIC` (their
    Python is what runs), lines and columns kept: a cell magic blanked, a ``%time`` line's magic made ``0;``, so
    ``%time q1 = 3`` reads as ``0;    q1 = 3``, which binds ``q1`` as IPython's ``%time`` does. Any other magic is
    left (not parsed).

    >>> _python_text("%%time\nq8 = simulate(r)"), _python_text("%time q1 = f()")
    ('      \nq8 = simulate(r)', '0;    q1 = f()')
    >>> _python_text("%%capture out\nq1 = 3"), _python_text("%timeit q1 = 3")
    ('%%capture out\nq1 = 3', '%timeit q1 = 3')
    """
    text = _CELL_MAGIC.sub(lambda m: " " * len(m.group(0)), text)
    return _LINE_MAGIC.sub(lambda m: m.group(1) + "0;   ", text)


def _code_cells(nb: dict[str, Any]) -> list[tuple[ast.Module, str]]:
    """Each code cell's syntax tree and text, parsed and never run (a cell too long or not Python: an
    :class:`_Unparsed` tree, no statements, so that an answer name in it is still seen).

    A notebook whose code cells hold more than :data:`MAX_CODE` characters or :data:`MAX_CODE_NODES` syntax-tree
    nodes in all is skipped, naming the limit: its trees are kept while it is graded, and each is walked a few times.
    """
    texts = [_source(cell) for cell in nb["cells"] if cell.get("cell_type") == "code"]
    total = sum(map(len, texts))
    if total > MAX_CODE:
        raise _Skip(f"not graded: its code cells hold {total:,} characters, more than the {MAX_CODE:,} a notebook may "
                    "(a worksheet's own copy, answers and all, holds a few thousand)")
    parsed: list[tuple[ast.Module, str]] = []
    nodes = 0
    for text in texts:
        if len(text) > 100_000:
            parsed.append((_Unparsed(body=[], type_ignores=[]), text))
            continue
        try:
            python = _python_text(text)
            try:
                tree = ast.parse(python)
            except SyntaxError:
                if "await" not in python:
                    raise
                # Top-level await as IPython runs it (the install cell's ``await piplite.install(...)``).
                tree = compile(python, "<cell>", "exec", ast.PyCF_ONLY_AST | ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
        except (SyntaxError, ValueError, MemoryError, RecursionError):
            parsed.append((_Unparsed(body=[], type_ignores=[]), text))
            continue
        every: list[ast.AST] = [tree]  # each node listed once: every later reading walks these lists (_walk)
        for stmt in tree.body:
            stmt._hl_nodes = list(ast.walk(stmt))  # type: ignore[attr-defined]
            every += stmt._hl_nodes  # type: ignore[attr-defined]
        tree._hl_nodes = every  # type: ignore[attr-defined]
        nodes += len(every)
        if nodes > MAX_CODE_NODES:
            raise _Skip(f"not graded: its code cells are more than {MAX_CODE_NODES:,} pieces of Python (syntax-tree "
                        "nodes), the most a notebook may have (a worksheet's own copy, answers and all, has under a thousand)")
        parsed.append((tree, text))
    return parsed


def _walk(node: ast.AST) -> Iterable[ast.AST]:
    """``ast.walk(node)``, from the list :func:`_code_cells` made of a cell's or top-level statement's nodes where it
    made one: a notebook's trees are walked by several readers, each node listed once."""
    cached = getattr(node, "_hl_nodes", None)
    return cached if cached is not None else ast.walk(node)


def _rebound(stmt: ast.stmt) -> tuple[set[str], bool]:
    """The answer names (``q1``..., and worksheet 5's ``seeds``) a statement binds or deletes other than by ``qN = value`` at its top (``q1 += 1``,
    ``q1, _ = ...``, ``for q1 in ...``, ``(q1 := ...)``, ``with ... as q1``, ``del q1``, ``import x as q1``,
    ``def q1``, ``__main__.q1 = ...``), and whether it can bind any name (:func:`_reaches_any_name`).

    >>> _rebound(ast.parse("q1 += 1").body[0]), _rebound(ast.parse("q1 = 5").body[0])
    (({'q1'}, False), (set(), False))
    >>> sorted(_rebound(ast.parse("for q2 in x: q3, _ = (q4 := 1), 0").body[0])[0]), _rebound(ast.parse("exec(t)").body[0])[1]
    (['q2', 'q3', 'q4'], True)
    """
    simple = (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
              and (_ASSIGN.match(stmt.targets[0].id) is not None or stmt.targets[0].id == SEEDS_ROW))
    names: set[str] = set()
    stored: list[ast.Name] = []  # the names stored to, the assignment's own target among them
    dynamic = False
    for node in _walk(stmt):
        if isinstance(node, ast.Name):
            if isinstance(node.ctx, (ast.Store, ast.Del)):
                names.add(node.id)
                stored.append(node)
            dynamic = dynamic or _reaches_any_name(node.id)
        elif isinstance(node, ast.Attribute):
            if isinstance(node.ctx, (ast.Store, ast.Del)):
                names.add(node.attr)
            dynamic = dynamic or _reaches_any_name(node.attr)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update(alias.asname or alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
            names.add(node.name)
        elif isinstance(node, ast.MatchMapping) and node.rest:
            names.add(node.rest)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names.add(node.name)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            names.update(node.names)
    if simple:  # qN = value: the line itself binds qN once (a := in its value is counted)
        target = stmt.targets[0]  # type: ignore[attr-defined]
        inner = {n.id for n in stored if n is not target}
        if target.id not in inner:
            names.discard(target.id)
    return {n for n in names if _ASSIGN.match(n) or n == SEEDS_ROW}, dynamic


#: Names (called, imported or as attributes) through which a cell reaches what the reader does not follow: any name
#: bound by text (``exec``, ``globals()[...]``, ``getattr(ws5, 'use_' + 'variant')``), another frame's or the kernel's
#: namespace (``sys._getframe().f_globals``, ``get_ipython().user_ns``, ``sys.modules[...]``), IPython's hooks.
_DYNAMIC_NAMES = frozenset({"getattr", "setattr", "delattr", "vars", "globals", "locals", "exec", "eval", "compile",
                            "breakpoint", "builtins", "inspect", "gc", "ctypes", "importlib", "IPython", "get_ipython",
                            "_getframe", "f_globals", "f_locals", "f_back", "user_ns", "user_global_ns", "events",
                            "run_cell", "modules", "shell", "reload"})


def _dunder(name: str) -> bool:
    return len(name) > 4 and name.startswith("__") and name.endswith("__")


def _reaches_any_name(name: str) -> bool:
    """Whether a name or attribute can bind any name (``exec``, ``globals``, ``__dict__``, ``f_globals``, ...): the one
    list, :data:`_DYNAMIC_NAMES`, and every dunder, for a statement (:func:`_rebound`) as for a notebook (:func:`_dynamic`)."""
    return name in _DYNAMIC_NAMES or _dunder(name)


def _dynamic(code: list[tuple[ast.Module, str]]) -> str | None:
    r"""Why no answer line of the notebook can be taken as written, if it uses anything the reader cannot follow
    anywhere (simple and conservative: an honest worksheet uses none of it): a cell that is not plain Python (a magic
    other than ``%%time``/``%time``, ``%%capture`` with nothing after it; a syntax error), a dunder name or attribute
    (``__dict__``, ``__globals__``, ``__setattr__``, ``__import__``, ``__main__``), a name of :data:`_DYNAMIC_NAMES`,
    ``from x import *``, ``global``/``nonlocal`` in a def or class, or a store into something imported
    (``sys.modules[...]``, ``checks.made_of = ...``). ``None``: none of it.

    >>> cells = lambda *texts: [(ast.parse(t), t) for t in texts]
    >>> _dynamic(cells("q1 = 3", "print(q1)")) is None, _dynamic(cells("import __main__ as m\nm.q1 = 2"))
    (True, 'code cell 1 uses a dunder name (__...__)')
    >>> _dynamic(cells("q1 = 3", "def f():\n    global q1\n    q1 = 4"))
    "code cell 2 uses 'global' in a def or class"
    """
    imported = {(alias.asname or alias.name).split(".")[0] for tree, _ in code for node in _walk(tree)
                if isinstance(node, (ast.Import, ast.ImportFrom)) for alias in node.names}
    for number, (tree, _) in enumerate(code, 1):
        where = f"code cell {number}"
        if isinstance(tree, _Unparsed):
            return f"{where} is not plain Python (a magic, a syntax error)"
        for node in _walk(tree):
            name = (node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute)
                    else node.name if isinstance(node, ast.alias) else None)
            if isinstance(node, ast.alias) and node.name == "*":
                return f"{where} imports * (from ... import *)"
            if name is not None and any(_dunder(part) for part in name.split(".")):
                return f"{where} uses a dunder name (__...__)"
            if name is not None and any(part in _DYNAMIC_NAMES for part in name.split(".")):
                return f"{where} uses {next(part for part in name.split('.') if part in _DYNAMIC_NAMES)}"
            if isinstance(node, (ast.Global, ast.Nonlocal)):
                return f"{where} uses '{'global' if isinstance(node, ast.Global) else 'nonlocal'}' in a def or class"
            if isinstance(node, (ast.Attribute, ast.Subscript)) and isinstance(node.ctx, (ast.Store, ast.Del)):
                base = node.value
                while isinstance(base, (ast.Attribute, ast.Subscript)):
                    base = base.value
                if isinstance(base, ast.Name) and base.id in imported:
                    return f"{where} changes something of {_printable(base.id)[:40]}, which it imported"
    return None


def _own_arithmetic(code: list[tuple[ast.Module, str]]) -> str | None:
    """Why the reader's arithmetic (:data:`_ARITHMETIC`: sympy's ``binomial``, ``sqrt``, ...) may not be what the
    notebook's names mean: one of them bound other than by ``from sympy import name`` (``def binomial``,
    ``from math import sqrt``, ``C = ...``, ``import x as factorial``). ``None``: none is.

    >>> cells = lambda *texts: [(ast.parse(t), t) for t in texts]
    >>> _own_arithmetic(cells("from sympy import binomial, sqrt")) is None, _own_arithmetic(cells("from math import sqrt"))
    (True, 'code cell 1 binds sqrt other than by from sympy import sqrt')
    """
    for number, (tree, _) in enumerate(code, 1):
        for node in _walk(tree):
            bound: list[str] = []
            if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
                bound = [node.id]
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                bound = [node.name]
            elif isinstance(node, ast.arg):
                bound = [node.arg]
            elif isinstance(node, ast.Import):
                bound = [alias.asname or alias.name.split(".")[0] for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                bound = [alias.asname or alias.name for alias in node.names
                         if node.module != "sympy" or node.level or (alias.asname or alias.name) != alias.name]
            for name in bound:
                if name in _ARITHMETIC:
                    return f"code cell {number} binds {name} other than by from sympy import {name}"
    return None


#: A question whose answer name is bound in a cell the reader cannot parse (an IPython magic, a syntax error):
#: the kernel may hold anything the reader did not see.
IN_UNPARSED = "in a cell that is not plain Python"
_ANSWER_NAME = re.compile(r"(?<![\w.])q(\d+)(?!\w)")


def _answer_cells(nb: dict[str, Any], code: list[tuple[ast.Module, str]] | None = None) -> dict[str, tuple[bool, Any]]:
    """For each question, the last ``qN = ...`` answer line at top level of a code cell: (readable, value).

    A later statement that binds ``qN`` another way (:func:`_rebound`) or can bind any name, or a later cell the reader
    cannot parse that names ``qN``, leaves the answer computed: ``(False, None)`` (``(False, IN_UNPARSED)`` for the
    last), its value the one its check recorded, as for any answer computed in the notebook.

    ``code``: the notebook's cells as :func:`_code_cells` parsed them (parsed here if not given). A notebook that
    uses anything the reader cannot follow anywhere (:func:`_dynamic`) has every answer computed, whatever this finds."""
    last: dict[str, tuple[ast.expr, list[str]] | str | None] = {}
    code = _code_cells(nb) if code is None else code
    for tree, text in code:
        if isinstance(tree, _Unparsed):
            for m in _ANSWER_NAME.finditer(text):
                last[f"Q{m.group(1)}"] = IN_UNPARSED
            continue
        lines: list[str] | None = None
        for stmt in tree.body:
            names, dynamic = _rebound(stmt)
            if dynamic:
                last.update(dict.fromkeys(last))
            for name in names:
                if _ASSIGN.match(name):
                    last[f"Q{name[1:]}"] = None
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
                answer = _ASSIGN.match(stmt.targets[0].id)
                if answer and f"q{answer.group(1)}" not in names:
                    # Lines as the parser counts them (\r\n, \r or \n; not the other breaks str.splitlines knows).
                    lines = lines if lines is not None else re.findall(r"[^\r\n]*(?:\r\n|\r|\n|$)", text)
                    last[f"Q{answer.group(1)}"] = (stmt.value, lines)
    found: dict[str, tuple[bool, Any]] = {}
    if _dynamic(code) or _own_arithmetic(code):  # no answer line is taken as written: each is computed, the value its
        # check recorded (an unanswered ``qN = ...`` stays unanswered: trusting it never favours the student)
        return {key: (True, Ellipsis) if isinstance(line, tuple) and isinstance(line[0], ast.Constant)
                and line[0].value is Ellipsis else (False, line if line == IN_UNPARSED else None)
                for key, line in last.items()}
    for key, line in last.items():  # only the last answer line of each question counts: judged once
        if line is None or isinstance(line, str):
            found[key] = (False, line)
            continue
        value, lines = line
        if isinstance(value, ast.Constant) and value.value is Ellipsis:
            found[key] = (True, Ellipsis)
        else:
            try:
                found[key] = _literal(value, lines)
            except Exception:  # never one answer's reading losing the notebook: computed, as far as can be told
                found[key] = (False, None)
    return found


def _stored_of(nb: dict[str, Any], key: str, worksheet: str) -> Iterator[dict[str, Any]]:
    """Every stored output of MIME type ``key`` (a check's or a hint's) for ``worksheet`` naming a question, in the
    notebook's order."""
    for cell in nb["cells"]:
        outputs = cell.get("outputs") if cell.get("cell_type") == "code" else None
        for out in outputs if isinstance(outputs, list) else ():
            data = out.get("data") if isinstance(out, dict) else None
            found = data.get(key) if isinstance(data, dict) else None
            if isinstance(found, dict) and found.get("worksheet") == worksheet and isinstance(found.get("question"), str):
                yield found


def _outputs(nb: dict[str, Any], worksheet: str) -> tuple[dict[str, dict[str, Any]], dict[str, int]]:
    """The last stored check output of each question, and the highest hint level asked for per question."""
    last = {check["question"]: check for check in _stored_of(nb, checks.MIME_TYPE, worksheet)}
    hints: dict[str, int] = {}
    for asked in _stored_of(nb, checks.HINT_MIME_TYPE, worksheet):
        level = asked.get("hint")
        if isinstance(level, int) and not isinstance(level, bool) and 1 <= level <= 3:
            hints[asked["question"]] = max(hints.get(asked["question"], 0), level)
    return last, hints


def _every_output(nb: dict[str, Any], worksheet: str, question: str) -> list[dict[str, Any]]:
    """Every stored check output of ``question``, in the notebook's order (:func:`_outputs` keeps the last).

    >>> out = {"data": {checks.MIME_TYPE: {"worksheet": "ws5", "question": "Q2", "status": "correct"}}}
    >>> len(_every_output({"cells": [{"cell_type": "code", "outputs": [out, out]}]}, "ws5", "Q2"))
    2
    """
    return [check for check in _stored_of(nb, checks.MIME_TYPE, worksheet) if check["question"] == question]


def _recordable(value: Any) -> bool:
    """``value`` has a form :func:`~hearts_lab.exercises.checks.recorded` writes: a whole number, a text, a list
    of whole numbers, an interval (two finite floats), or (seat, cards) pairs; a NaN, a truth value, an object or a
    deep list never is."""
    if isinstance(value, (str, int)) and not isinstance(value, bool):
        return True
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, float) and v == v and abs(v) < 1e300 for v in value):
        return True  # an interval (low, high)
    return isinstance(value, list) and 0 < len(value) <= 20 and (
        all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        or all(isinstance(e, list) and len(e) == 2 and isinstance(e[0], int) and not isinstance(e[0], bool)
               and isinstance(e[1], str) for e in value))


_PACKAGE = "hearts_lab.exercises"
#: The checks module, and the owner :class:`_Names` gives its functions (``reset``), as it gives a worksheet's its name.
_CHECKS, _CHECKS_OWNER = f"{_PACKAGE}.checks", "checks"


def _dotted(node: ast.expr) -> str | None:
    """``a.b.c`` of a chain of names and attributes, else None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return ".".join([node.id, *reversed(parts)])


@dataclass
class _Names:
    """How the notebook's cells name the worksheets, the checks module and their functions (read from its imports and
    plain assignments, never run)."""

    # a name for a worksheet's module (ws5, and w5 of "import hearts_lab.exercises.ws5 as w5"), for the package
    # (_PACKAGE: E of "import hearts_lab.exercises as E") or for the checks module (_CHECKS: c of "... import checks as c")
    modules: dict[str, str]
    # a name for a function, with its owner: ("ws5", "use_variant") of "from ...ws5 import use_variant", and the checks'
    # ("checks", "reset") of "from hearts_lab.exercises import reset" or "from hearts_lab.exercises.checks import reset"
    functions: dict[str, tuple[str, str]]

    def module(self, node: ast.expr) -> str | None:
        """The worksheet ``node`` names (``ws5``, ``w5``, ``hearts_lab.exercises.ws5``, ``ex.ws5``), if any."""
        if isinstance(node, ast.Name):
            ws = self.modules.get(node.id)
            return ws if ws in WORKSHEETS else None
        path = _dotted(node)
        if path is None:
            return None
        head, _, last = path.rpartition(".")
        package = self.modules.get(head) == _PACKAGE or head == _PACKAGE
        return last if package and last in WORKSHEETS else None

    def package(self, node: ast.expr) -> bool:
        """Whether ``node`` names the worksheets' package (``hearts_lab.exercises``, or ``E`` of ``import ... as E``)."""
        return _dotted(node) == _PACKAGE or isinstance(node, ast.Name) and self.modules.get(node.id) == _PACKAGE

    def checks(self, node: ast.expr) -> bool:
        """Whether ``node`` names the checks module (``hearts_lab.exercises.checks``, ``c`` of ``import ... as c``,
        ``E.checks``)."""
        if isinstance(node, ast.Name):
            return self.modules.get(node.id) == _CHECKS
        return _dotted(node) == _CHECKS or isinstance(node, ast.Attribute) and node.attr == "checks" and self.package(node.value)

    def function(self, node: ast.expr) -> tuple[str, str] | None:
        """(owner, function) that ``node`` names: a worksheet's (``ws5.use_variant``, ``w5.use_variant``, ``use_variant``
        imported) or the checks module's (``checks.reset``, the package's ``reset``, which is the checks', ``reset``
        imported), owned by :data:`_CHECKS_OWNER`."""
        if isinstance(node, ast.Name):
            return self.functions.get(node.id)
        if isinstance(node, ast.Attribute):
            ws = self.module(node.value)
            if ws:
                return ws, node.attr
            if self.checks(node.value) or node.attr == "reset" and self.package(node.value):
                return _CHECKS_OWNER, node.attr
        return None

    def reset(self, node: ast.expr) -> bool:
        """Whether ``node`` names the checks' ``reset``, through any of the names above; a worksheet module's ``reset``
        counts too (``ws5.reset``: a worksheet has none of its own, but the name says what the cell means to do)."""
        function = self.function(node)
        return function is not None and function[1] == "reset"


def _from_import(node: ast.ImportFrom) -> tuple[dict[str, str], dict[str, tuple[str, str]]]:
    """The names a ``from ... import ...`` binds to the worksheets, the package or the checks module (as
    :attr:`_Names.modules`), and to their functions (as :attr:`_Names.functions`).

    >>> _from_import(ast.parse("from hearts_lab.exercises import ws5, checks, reset as r").body[0])
    ({'ws5': 'ws5', 'checks': 'hearts_lab.exercises.checks'}, {'r': ('checks', 'reset')})
    """
    modules: dict[str, str] = {}
    functions: dict[str, tuple[str, str]] = {}
    module = "" if node.level else node.module or ""  # a relative import is not the package's
    for alias in node.names:
        local = alias.asname or alias.name
        if module == _PACKAGE and alias.name in WORKSHEETS:
            modules[local] = alias.name
        elif module == _PACKAGE and alias.name == "checks":
            modules[local] = _CHECKS
        elif module == "hearts_lab" and alias.name == "exercises":
            modules[local] = _PACKAGE
        elif module in (_PACKAGE, _CHECKS) and alias.name == "reset":  # the package's reset is the checks'
            functions[local] = (_CHECKS_OWNER, "reset")
        elif module == _CHECKS:
            functions[local] = (_CHECKS_OWNER, alias.name)
        elif module.rpartition(".")[0] == _PACKAGE and module.rpartition(".")[2] in WORKSHEETS:
            functions[local] = (module.rpartition(".")[2], alias.name)
    return modules, functions


def _names(code: list[tuple[ast.Module, str]]) -> _Names:
    """The names the cells give the worksheets and their functions: ``wsN`` itself, and any alias an import or a plain
    assignment gives (``import hearts_lab.exercises.ws5 as w5``, ``from hearts_lab.exercises.ws5 import use_variant``,
    ``w5 = ws5``).

    >>> names = _names([(ast.parse("import hearts_lab.exercises.ws5 as w5\\nfrom hearts_lab.exercises.ws5 import use_variant as uv"), "")])
    >>> names.modules["w5"], names.functions["uv"]
    ('ws5', ('ws5', 'use_variant'))
    >>> names = _names([(ast.parse("from hearts_lab.exercises import checks as c, reset as r\\nz = c.reset"), "")])
    >>> names.modules["c"], names.functions["r"], names.functions["z"]
    ('hearts_lab.exercises.checks', ('checks', 'reset'), ('checks', 'reset'))
    """
    found = _Names({ws: ws for ws in WORKSHEETS}, {})
    for tree, _ in code:
        for node in _walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    head, _, last = alias.name.rpartition(".")
                    if alias.asname and alias.name in (_PACKAGE, _CHECKS):
                        found.modules[alias.asname] = alias.name
                    elif alias.asname and head == _PACKAGE and last in WORKSHEETS:
                        found.modules[alias.asname] = last
            elif isinstance(node, ast.ImportFrom):
                modules, functions = _from_import(node)
                found.modules.update(modules)
                found.functions.update(functions)
    for tree, _ in code:  # w5 = ws5, uv = ws5.use_variant: after the imports, which they may name
        for stmt in _walk(tree):
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
                ws, function = found.module(stmt.value), found.function(stmt.value)
                kind = _PACKAGE if found.package(stmt.value) else _CHECKS if found.checks(stmt.value) else None
                if ws or kind:
                    found.modules[stmt.targets[0].id] = ws or kind or ""
                elif function:
                    found.functions[stmt.targets[0].id] = function
    return found


def _worksheet_calls(code: list[tuple[ast.Module, str]]) -> list[tuple[str, str, ast.Call]]:
    """Every call of a worksheet's function in the code cells, as (worksheet, name, the call), read and never run:
    ``ws5.use_variant(...)``, and through the aliases :func:`_names` resolves (``w5.use_variant(...)``)."""
    names = _names(code)
    calls = []
    for tree, _ in code:
        for node in _walk(tree):
            if isinstance(node, ast.Call):
                function = names.function(node.func)
                if function is not None and function[0] in WORKSHEETS:  # not the checks module's (checks.reset)
                    calls.append((*function, node))
    return calls


def _called_worksheets(code: list[tuple[ast.Module, str]]) -> tuple[set[str], set[str]]:
    """The worksheets whose ``use_variant`` the code cells call (``ws6.use_variant(...)``, the line a class copy
    carries), and those whose checks they call (``ws6.check_q3(q3)``)."""
    calls = _worksheet_calls(code)
    return ({ws for ws, name, _ in calls if name == "use_variant"},
            {ws for ws, name, _ in calls if name.startswith("check_q")})


def _what_it_is(label: str, code: list[tuple[ast.Module, str]], outputs: set[str]) -> tuple[str, str]:
    """The worksheet a notebook's cells say it is, and which of its cells say so (``""``: only its label).

    The ``use_variant`` line names its worksheet (and carries its variant); without one, the checks the
    cells call and their stored outputs, if they all name one worksheet. Cells that name several
    worksheets leave the label (``metadata``) in force.

    >>> import ast
    >>> _what_it_is("ws4", [(ast.parse("ws6.use_variant(7); ws6.check_q3(q3)"), "")], set())
    ('ws6', 'use_variant line')
    >>> _what_it_is("ws4", [(ast.parse("ws4.check_q1(q1)"), "")], {"ws4"}), _what_it_is("ws2", [], {"ws1"})
    (('ws4', ''), ('ws1', 'check outputs'))
    """
    variant_lines, checked = _called_worksheets(code)
    if len(variant_lines) == 1:
        (found,) = variant_lines
        return (label, "") if found == label else (found, "use_variant line")
    if variant_lines:
        return label, ""
    named = checked | outputs
    if len(named) != 1 or named == {label}:
        return label, ""
    (found,) = named
    return found, " and ".join(n for n, ws in (("checks", checked), ("check outputs", outputs)) if ws)


#: How the answer to each :data:`~hearts_lab.exercises.checks.MADE_BY_CALL` question is made, as the teacher reads it
#: from the cells (never run): the function whose call makes it (or makes what is counted), the method that counts
#: (``None``: the call's result is the answer), and the call as the class table names it.
MADE_BY = {
    ("ws4", "Q7"): ("deal_hands", "count", "deal_hands(...).count(...)"),
    ("ws4", "Q8"): ("simulate", None, "simulate(...)"),
    ("ws6", "Q3"): ("sample_q3", "count", "ws6.sample_q3(...).count(...)"),
}
#: Calls that build a count or a result by hand (with the classes a notebook defines itself).
_HAND_BUILT = frozenset({"Count", "WorldCount", "SimulationResult", "Recorded", "replace", "SimpleNamespace", "namedtuple"})


def _bound(stmt: ast.stmt) -> tuple[set[str], set[str], set[str]]:
    """The names a statement binds anywhere in it, the classes it defines, and the names it binds other than by an
    import from the package (``def simulate``, ``import x as simulate``; ``ws4.deal_hands = ...`` or
    ``Dealing.count = ...`` as ``.deal_hands`` and ``.count``)."""
    names: set[str] = set()
    classes: set[str] = set()
    foreign: set[str] = set()
    for node in _walk(stmt):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names.add(node.id)
            foreign.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, (ast.Store, ast.Del)):
            foreign.add(f".{node.attr}")  # a module's or a class's function replaced
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
            foreign.add(node.name)
            if isinstance(node, ast.ClassDef):
                classes.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            ours = isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "hearts_lab" and not node.level
            for alias in node.names:
                name = alias.asname or alias.name.split(".")[0]
                names.add(name)
                if not ours:
                    foreign.add(name)
    return names, classes, foreign


def not_made_by_call(code: list[tuple[ast.Module, str]], worksheet: str, key: str) -> str | None:
    """Why the last ``qN = ...`` line of a question answered by a call does not hold that call's result (``None``: it does).

    The line must be the call the question asks for (:data:`MADE_BY`), directly or through a name an earlier line
    (of this cell or an earlier one) assigned from it; a count built by hand (``Count(...)``, an object of a class
    the notebook defines) can be tried number by number in the student's kernel until a check accepts one, so it
    is not the answer, and nor is one made by a ``deal_hands`` the notebook defines itself.

    >>> cells = lambda *texts: [(ast.parse(t), t) for t in texts]
    >>> not_made_by_call(cells("d = deal_hands(r, 6000, seed=5)", "q7 = d.count(event)"), "ws4", "Q7") is None
    True
    >>> not_made_by_call(cells("q7 = Count(r, 6000, 5, found)"), "ws4", "Q7")[:47]
    'the answer cell builds the count by hand (Count'
    """
    maker, method, shown = MADE_BY[(worksheet, key)]
    made: dict[str, str] = {}  # name -> "source" (what is counted) or "result" (the answer)
    hand: set[str] = set()  # names holding something built by hand
    classes: set[str] = set()
    shadowed = False
    answer: tuple[str | None, list[str]] | None = None

    def kind(node: ast.expr) -> str | None:
        # A chain d.count(e).count(e)... is followed by a loop, not by recursion: 1,200 links are read, not a RecursionError.
        counted = 0  # the .method(...) calls around the innermost part
        while True:
            if isinstance(node, ast.Name):
                found = made.get(node.id)
                break
            if not isinstance(node, ast.Call):
                return None
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
            if name == maker:
                found = "source" if method else "result"
                break
            if not (method and isinstance(func, ast.Attribute) and func.attr == method):
                return None
            counted += 1
            node = func.value
        for _ in range(counted):  # what is counted, counted once, is the result; anything else counted is not
            found = "result" if found == "source" else None
        return found

    def built(node: ast.expr) -> list[str]:
        found = []
        for n in ast.walk(node):
            if isinstance(n, ast.Call):
                name = n.func.id if isinstance(n.func, ast.Name) else n.func.attr if isinstance(n.func, ast.Attribute) else ""
                if name in _HAND_BUILT or name in classes:
                    found.append(name)
            elif isinstance(n, ast.Name) and n.id in hand:
                found.append(n.id)
        return found

    for tree, _ in code:
        for stmt in tree.body:
            names, defined, foreign = _bound(stmt)
            classes |= defined
            shadowed = shadowed or bool(foreign & {maker, f".{maker}", f".{method}"})
            value = stmt.value if isinstance(stmt, ast.Assign) else None
            found, by_hand = (kind(value), built(value)) if value is not None else (None, [])
            for name in names:
                made.pop(name, None)
                hand.discard(name)
            targets = [t for t in stmt.targets if isinstance(t, ast.Name)] if isinstance(stmt, ast.Assign) else []
            if value is not None and isinstance(stmt, ast.Assign) and len(targets) == len(stmt.targets):
                for target in targets:
                    if found:
                        made[target.id] = found
                    if by_hand:
                        hand.add(target.id)
                if any(t.id == key.lower() for t in targets):
                    answer = (found, by_hand)
            elif key.lower() in names:  # q7 += 1, q7, _ = ..., for q7 in ...: the answer is no longer the call's result
                answer = ("rebound", by_hand)
            # q8 = R(); q8.moon_count = found: attributes set on the answer afterwards build it by hand too
            if answer is not None and any(isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store)
                                          and isinstance(n.value, ast.Name) and n.value.id == key.lower()
                                          for n in ast.walk(stmt)):
                answer = (answer[0], [*answer[1], f"{key.lower()}.<attribute> ="])
    if answer is None:
        return None
    found, by_hand = answer
    if by_hand:
        return (f"the answer cell builds the count by hand ({', '.join(dict.fromkeys(by_hand))}), not by the call the "
                f"question asks for, {shown}: a count built by hand can be tried number by number in the student's "
                "kernel until the check accepts one, so it is not taken as the answer")
    if shadowed:
        return (f"the notebook defines or replaces {maker if method is None else f'{maker} or {method}'} itself, so its "
                f"answer is not the result of the call the question asks for, {shown}")
    if found == "rebound":
        return (f"the answer is assigned again after its answer line ({key.lower()} += ..., a tuple, a loop ...), so it "
                f"is not the result of the call the question asks for, {shown}")
    if found != "result":
        return (f"the answer cell is not the result of the call the question asks for, {shown} (directly, or through a "
                "name an earlier line assigns from that call)")
    return None


def _file_worksheet(name: str) -> str | None:
    """The worksheet whose copy's file name (``04_moon_odds``) the handed-in file's name holds, if any."""
    base = name.replace("\\", "/").rsplit("/", 1)[-1].casefold()
    found = [ws for ws, stem in WORKSHEETS.items() if stem in base]
    return found[0] if len(found) == 1 else None


def _check_worksheets(nb: dict[str, Any]) -> set[str]:
    """The worksheets named by the notebook's stored check outputs."""
    found = set()
    for cell in nb["cells"]:
        outputs = cell.get("outputs") if cell.get("cell_type") == "code" else None
        for out in outputs if isinstance(outputs, list) else ():
            data = out.get("data") if isinstance(out, dict) else None
            check = data.get(checks.MIME_TYPE) if isinstance(data, dict) else None
            if isinstance(check, dict) and check.get("worksheet") in WORKSHEETS:
                found.add(check["worksheet"])
    return found


def _plain(value: Any) -> Any:
    """A recorded answer in one form, so that equal answers written differently compare equal: a whole number
    and a text that reads as one (a cell's ``binomial(36, 12) - binomial(34, 12)``) are both its digits.

    >>> _plain(703323660) == _plain("binomial(36, 12) - binomial(34, 12)") == "703323660"
    True
    >>> _plain("2c qs"), _plain([1, 3]), _plain(True)
    ('2♣ Q♠', [1, 3], True)
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)  # the form the text below gets: str(exact_value(text))
    if isinstance(value, str):
        readers: tuple[Callable[[str], str], ...] = (
            lambda v: str(checks.exact_value(v)), lambda v: checks.cards_text(checks.read_cards(v).elements()),
        )
        for read in readers:
            try:
                return read(value)
            except Exception:
                continue
    return value


def _judge(module: Any, key: str, value: Any) -> tuple[str, str]:
    """The worksheet's own check on ``value`` (plain data), on the teacher's side: its status and message."""
    check = getattr(module, f"check_{key.lower()}", None)
    if check is None:
        return "unreadable", ""
    result = check(value)
    return str(result.status), str(result.message)


_UNREAD = object()  # an answer whose stored record cannot be read: not judged


def _variant_lines(code: list[tuple[ast.Module, str]], worksheet: str) -> list[Any]:
    """The variant of every ``<worksheet>.use_variant(...)`` call in the code cells: the literal whole number,
    or ``None`` where it is anything else (a name, an expression: never evaluated). A class copy's line may also
    give its ``key=`` (worksheets 3 and 4: :func:`key_line`)."""
    found: list[Any] = []
    for ws, name, node in _worksheet_calls(code):
        if ws == worksheet and name == "use_variant":
            keys_ok = all(k.arg == "key" for k in node.keywords) if ws in HASHED else not node.keywords
            arg = node.args[0] if len(node.args) == 1 and keys_ok else None
            value = arg.value if isinstance(arg, ast.Constant) else None
            found.append(value if isinstance(value, int) and not isinstance(value, bool) else None)
    return found


def _seeds_cell(code: list[tuple[ast.Module, str]], names: _Names) -> tuple[int, int] | str | None:
    """What the notebook's last ``seeds = ...`` line holds, read and never run: the pair it writes out, ``"own"`` for
    the copy's ``ws5.my_seeds()`` (through any alias), or ``None`` where the reader cannot tell (no such line, another
    value, or ``seeds`` bound again afterwards: ``seeds += ...``, a loop, ``exec``, a cell that is not plain Python).

    >>> cells = lambda *texts: [(ast.parse(t), t) for t in texts]
    >>> [_seeds_cell(cells(t), _names(cells(t))) for t in ("seeds = (11, 12)", "seeds = ws5.my_seeds()", "seeds = (11, 12)\\nseeds += (1,)")]
    [(11, 12), 'own', None]
    """
    last: ast.expr | None = None
    for tree, text in code:
        if isinstance(tree, _Unparsed):
            if re.search(r"(?<![\w.])seeds(?!\w)", text):
                last = None
            continue
        for stmt in tree.body:
            bound, dynamic = _rebound(stmt)
            if dynamic or SEEDS_ROW in bound:
                last = None
            if (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
                    and stmt.targets[0].id == SEEDS_ROW and SEEDS_ROW not in bound):
                last = stmt.value
    if last is None:
        return None
    if isinstance(last, ast.Call) and not last.args and not last.keywords and names.function(last.func) == (CAPSTONE, "my_seeds"):
        return "own"
    try:
        pair = ast.literal_eval(last)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None
    if (isinstance(pair, (tuple, list)) and len(pair) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in pair)):
        return pair[0], pair[1]
    return None


#: The capstone's seeds row names at most this many changed ``use_variant`` lines (and how many there are).
CHANGED_SHOWN = 3
#: At most this many classmates are named in a flag of a use_variant line that runs another student's variant.
NAMED_SHOWN = 3
#: Worksheet 5's inner names for its current variant and how it is made: a cell that names one reaches the seeds
#: other than through ``ws5.use_variant(N)``.
_WS5_VARIANT = frozenset({"_current", "ws5_variant", "Ws5Variant", "check_seed"})
#: Worksheet 5's inner names for the plan and runs its checks keep (``_PLANNED_SEEDS``: an older hearts_lab's): a
#: cell that names one may change which plan Q3 checks runs against or which runs Q4-Q6 take.
_WS5_KEPT = frozenset({"_PLANS", "_PLANNED_SEEDS", "_ACCEPTED_RUNS", "_REPEATED", "_SESSION", "_Session"})
_WS5_INNER = _WS5_VARIANT | _WS5_KEPT


def _capstone(nb: dict[str, Any], name: str, student: str, seed: int | None, secret: str | bytes,
              code: list[tuple[ast.Module, str]], flags: list[str], seed_name: str | None = None,
              reruns: _Reruns | None = None) -> Submission:
    """Worksheet 5 read without marks (its rubric marks it): a :data:`SEEDS_ROW` row saying whether the notebook's
    seeds are the class copy's own, a :data:`RERUN_ROW` row with the effect and interval of the student's plan
    simulated again on the teacher's side beside those Q4 and Q5 recorded (:func:`_rerun_row`), and each question's
    stored verdict, labelled as recorded.

    The class copy's only protection of its seeds is its ``ws5.use_variant(N)`` line: a student who edits N gets
    other seeds from ``my_seeds()`` and can try pairs until one shows an "effect". The seeds are the copy's own if
    every ``use_variant`` line (through any alias of ``ws5``) names the student's own variant (from the secret), the
    ``seeds = ...`` line is ``ws5.my_seeds()`` or the own pair written out, Q3's stored output, which records both
    runs' seeds (base and house), names the own pair (Q3's check accepts only runs with Q2's seeds, and Q2's only the
    kernel's variant), so do the stored outputs of Q4-Q6 where they judged an answer (their checks accept only the
    runs Q3's check accepted; :func:`_after_q3`), and no cell reaches ws5 in a way the reader does not follow
    (:func:`_dynamic`; ``ws5._current``, ``ws5_variant``, and the plan and runs its checks keep, ``ws5._ACCEPTED_RUNS``).
    Evidence against says "NOT the class copy's own"; evidence missing (an older Q3 record, which names the base
    run's seed only, or Q4-Q6 records of judged answers without seeds, or with seeds it cannot read) says "not
    verified"; "the class copy's own" says only that the file shows nothing against it (runs faked in the kernel
    through an alias or a patch are not in the file). The own runs given the other way round are a slip, noted on the
    row (:data:`OTHER_WAY`). A row of Q4-Q6 whose record names other runs than Q3's stored output gets the note
    :data:`OTHER_RUNS`; Q2's stored plan adds the notes of :func:`_plan_notes` (a plan changed after a look), and a
    cell that may reset ws5's recorded checks a note on Q2's row (:func:`_resets_ws5`): it can shorten Q2's stored
    list of plans, but not change the seeds (the checks take only the kernel's variant's, which a reset keeps).
    """
    import importlib

    importlib.import_module(f"hearts_lab.exercises.{CAPSTONE}")  # its questions (checks.QUESTIONS) are registered on import
    own = student_seed(secret, student if seed_name is None else seed_name, CAPSTONE)
    own_seeds = GENERATORS[CAPSTONE](own).seeds
    if seed != own:
        flags.append("the notebook's variant is not this student's")
    stored, hints = _outputs(nb, CAPSTONE)
    names = _names(code)
    lines = _variant_lines(code, CAPSTONE)
    why = []  # evidence that the seeds are not the copy's own
    unsure = []  # evidence missing
    if not lines:
        why.append("no ws5.use_variant line: the generic copy's seeds, chosen freely")
    elif any(n != own for n in lines):
        changed = ["not a number" if n is None else _shown(n) for n in lines if n != own]
        shown = ", ".join(changed[:CHANGED_SHOWN]) if len(changed) <= CHANGED_SHOWN else (
            f"{CHANGED_SHOWN} of {len(changed):,} lines: {', '.join(changed[:CHANGED_SHOWN])}, …")
        # the own variant first: the view cuts a long why (_cut_why), and this is the fact to keep
        why.append(f"its use_variant line was changed (this student's own variant is {own}; the notebook's: {shown})")
    resolved = {id(call.func) for _, _, call in _worksheet_calls(code)}
    for number, (tree, text) in enumerate(code, 1):
        hidden = _unresolved_use_variant(tree, resolved)
        stores = [n for n in _walk(tree) if isinstance(n, ast.Attribute) and isinstance(n.ctx, (ast.Store, ast.Del))
                  and names.module(n.value) == CAPSTONE]
        named = {part for n in _walk(tree) if isinstance(n, (ast.Name, ast.Attribute, ast.alias))
                 for part in (n.id if isinstance(n, ast.Name) else n.attr if isinstance(n, ast.Attribute)
                              else n.name).split(".") if part in _WS5_INNER}
        named |= {w for n in _walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
                  for w in {*_WS5_INNER, "use_variant"} if w in n.value}
        if hidden or stores or "use_variant" in named or named & _WS5_VARIANT or (isinstance(tree, _Unparsed) and "use_variant" in text):
            unsure.append(f"code cell {number} reaches ws5's variant in a way the reader does not follow (use_variant not "
                          "called as ws5.use_variant(N), or something of ws5 replaced)")
            break
        if named:
            kept = ", ".join(f"ws5.{w}" for w in sorted(named))
            unsure.append(f"code cell {number} reaches the plan and runs ws5's checks keep ({kept}), which the reader does "
                          "not follow: Q3 and Q4-Q6 may have judged other runs than the copy's own")
            break
    else:
        dynamic = _dynamic(code)
        if dynamic is not None:  # ws5.__dict__[...], getattr(ws5, ...), sys.modules[...]: anything the reader cannot follow
            unsure.append(f"{dynamic}, which the reader does not follow: ws5's seeds may have been changed")
    cell = _seeds_cell(code, names)
    if isinstance(cell, tuple) and cell != own_seeds:
        why.append(f"its seeds line names {_shown(cell[0])} and {_shown(cell[1])}, not the copy's own {own_seeds[0]} and {own_seeds[1]}")
    elif cell is None:
        unsure.append("its seeds line is not ws5.my_seeds() or the copy's own pair written out, so which seeds it used is not read")
    q3 = stored.get("Q3")
    made = q3.get("made") if q3 else None
    notes_of: dict[str, list[str]] = {}
    q3_seeds = _run_seeds(made)
    if _UNREADABLE in q3_seeds:
        unsure.append("Q3's stored output records seeds it cannot read")
    elif q3_seeds == (own_seeds[1], own_seeds[0]):  # an honest slip (the runs given the other way round), refused
        notes_of.setdefault("Q3", []).append(OTHER_WAY)
    else:
        for run, seed_of, own_of in zip(("base", "house"), q3_seeds, own_seeds):
            if seed_of is not None and seed_of != own_of:
                why.append(f"Q3's stored output records a {run} run with seed {_shown(seed_of)}, not the copy's own {own_of}")
        if q3_seeds[0] is None:
            unsure.append("no stored output of Q3's check records the base run's seed")
        elif q3_seeds[1] is None:  # a record of an older hearts_lab names the base run only
            unsure.append("Q3's stored output records no house run's seed (checked with an older hearts_lab?)")
    for key, said in _after_q3(stored, own_seeds, why, unsure).items():
        notes_of.setdefault(key, []).extend(said)
    for key, said in _plan_notes(stored, _every_output(nb, CAPSTONE, "Q2")).items():
        notes_of.setdefault(key, []).extend(said)
    cleared = _resets_ws5(code, names)
    if cleared is not None:  # on Q2's row, not the seeds row: a reset changes neither the copy's seeds nor the runs Q3 takes
        notes_of.setdefault("Q2", []).append(cleared)
    verdict = "NOT the class copy's own" if why else "not verified" if unsure else "the class copy's own"
    try:
        rerun = _rerun_row(stored, _every_output(nb, CAPSTONE, "Q2"), own_seeds, "student not on the roster" in flags,
                           reruns or _Reruns())
    except Exception as error:  # a stored output the re-run cannot take never loses the notebook's other rows
        rerun = Answer(RERUN_ROW, "not re-run", "", None, None, 0, [f"the re-run could not be made ({type(error).__name__})"])
    for key, note in _cells_not_recorded(code, stored).items():
        notes_of.setdefault(key, []).append("the stored output checked a different answer than the cell holds")
        rerun.flags.append(note)
    answers = [Answer(SEEDS_ROW, verdict, "", None, None, 0, [], "; ".join(why or unsure)), rerun]
    for key in checks.QUESTIONS[CAPSTONE]:
        out = stored.get(key)
        status = out.get("status") if out else None
        attempt = out.get("attempt") if out else None
        attempt = attempt if isinstance(attempt, int) and not isinstance(attempt, bool) and attempt >= 0 else None
        shown = f"recorded {status}" if status in ("correct", "incorrect") else "unanswered" if status == "unanswered" else ""
        notes = [] if out else ["no check output"]
        notes += notes_of.get(key, [])
        answers.append(Answer(key, shown, "recorded" if out else "", attempt, None, hints.get(key, 0), notes))
    return Submission(name, student, CAPSTONE, answers, flags)


#: The capstone's row with the teacher's own re-run of the student's plan (:func:`_rerun_row`).
RERUN_ROW = "re-run"
#: The re-run row's verdicts where both Q4's and Q5's checks recorded a value: they vouch for those recorded values
#: only (what the checks were given when they ran), not for what the notebook's cells, its printed lines or its
#: write-up say now (an answer cell edited after its check gets the note :data:`CELL_NOT_RECORDED`).
RERUN_AGREES = "recorded values agree"
RERUN_DISAGREES = "recorded values do NOT agree"
#: ``grade(..., rerun=...)``: which capstone plans the teacher's side simulates again. ``"fast"`` (the default): those
#: the numpy batch path plays (bots 'random' or 'lowest' and rules it takes: about 0.1 s a student at the rulebooks' tables, a few seconds for a plan of 200,000 hands at a very large table);
#: ``"all"``: also those the engine plays (bots 'heuristic', or rules or a recorded method the batch path does not
#: take), each estimated first (:func:`_engine_seconds`) and refused above :data:`ENGINE_RERUN_LIMIT`.
RERUN_CHOICES = ("fast", "all")
#: Estimated CPU seconds per card played of a run through the engine, by bots: measured with CPython 3.11 on the 2-core
#: development machine at load 0.5 to 0.9 (1.4e-5 s a card with 4 heuristic players and one pack, 2.0e-5 with 2, 3.3e-5
#: with 2 players and two packs; 4.6e-6 to 4.9e-6 for 'random' and 'lowest' through the engine, 4 and 7 players), with
#: a margin: an estimate, never a promise (a slower computer takes longer).
ENGINE_SECONDS_PER_CARD = {"heuristic": 3.5e-5, "other": 8e-6}
#: A capstone plan whose two engine runs are estimated above this many CPU seconds is not re-run, even with
#: ``rerun="all"``: the note gives the estimate and the code to re-run it by hand. The largest heuristic plan worksheet 5
#: accepts (2 x 20,000 hands, 2 players, two packs) is estimated at about 146 s (measured: 89 s with one run of one
#: pack and one of two); random players through the engine, up to 200,000 hands a run, are estimated at up to about
#: 170 s (measured: about 72 s a run of 200,000 hands, 7 players).
ENGINE_RERUN_LIMIT = 150.0
#: With ``rerun="fast"`` (the default), one :func:`grade` call's capstone re-runs stop once they have taken this many
#: CPU seconds: the rest say so (``rerun="all"`` re-runs them). Worst case of a call's re-runs: this budget plus one
#: notebook's two batch runs (at most 2 x 200,000 hands, a few seconds).
RERUN_BUDGET = 60.0


class _Reruns:
    """The capstone re-runs of one :func:`grade` call: which plans to simulate (``mode``, one of
    :data:`RERUN_CHOICES`) and the runs made so far, by (rules, hands, bots, seed, method), so that two notebooks of
    one student (or two students' identical plans) are simulated once.

    >>> from hearts_lab import Rules
    >>> reruns = _Reruns()
    >>> four = Rules.preset("standard", players=4)
    >>> reruns.run(four, 100, "random", 1, "auto") is reruns.run(four, 100, "random", 1, "auto"), len(reruns.runs)
    (True, 1)
    """

    def __init__(self, mode: str = "fast") -> None:
        if mode not in RERUN_CHOICES:
            raise ValueError(f"rerun: one of {', '.join(repr(c) for c in RERUN_CHOICES)}, not {_shown(mode)[:40]}.")
        self.mode = mode
        self.runs: dict[tuple[Any, ...], Any] = {}
        self.spent = 0.0  # CPU seconds of the runs made so far

    def made(self, rules: Any, hands: int, bots: str, seed: int, method: str) -> bool:
        """Whether this run was already made (so it costs nothing)."""
        return (rules, hands, bots, seed, method) in self.runs

    def spent_up(self) -> bool:
        """Whether ``rerun="fast"``'s budget of this call (:data:`RERUN_BUDGET`) is used up."""
        return self.mode == "fast" and self.spent >= RERUN_BUDGET

    def run(self, rules: Any, hands: int, bots: str, seed: int, method: str) -> Any:
        """``simulate(rules, hands, bots=bots, seed=seed, method=method)``, once per call's arguments."""
        import time

        from ..simulate import simulate

        key = (rules, hands, bots, seed, method)
        if key not in self.runs:
            start = time.process_time()
            try:
                self.runs[key] = simulate(rules, hands, bots=bots, seed=seed, method=method)  # type: ignore[arg-type]
            finally:
                self.spent += time.process_time() - start
        return self.runs[key]


def _latest_plan(stored: dict[str, dict[str, Any]], q2_outputs: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Q2's stored plan as :func:`_plan_notes` reads it: the last Q2 output's if correct, else the last correct one's.

    >>> _latest_plan({}, [{"status": "correct", "made": {"hands": 10000}}, {"status": "incorrect"}])
    {'hands': 10000}
    """
    q2 = stored.get("Q2")
    if not q2 or q2.get("status") != "correct" or not isinstance(q2.get("made"), dict):
        q2 = next((o for o in reversed(q2_outputs) if o.get("status") == "correct" and isinstance(o.get("made"), dict)), None)
    return q2.get("made") if q2 else None


def _engine_seconds(rules: Any, hands: int, bots: str) -> float:
    """The estimated CPU seconds of one run of ``hands`` hands through the engine: the cards played (each seat's hand,
    every hand) times :data:`ENGINE_SECONDS_PER_CARD`.

    >>> from hearts_lab import Rules
    >>> round(_engine_seconds(Rules.preset("standard", players=4), 10_000, "heuristic"), 1)
    18.2
    """
    rate = ENGINE_SECONDS_PER_CARD["heuristic" if bots == "heuristic" else "other"]
    return float(hands * rules.hand_size * rules.players * rate)


def _engine_reason(rules: list[Any], bots: str, methods: tuple[str, str]) -> str:
    """Why a plan plays through the engine, as the re-run row's note says it: its bots, its rules (a run records the
    method it used, so ``simulate``'s own choice of the engine for such rules is recorded as ``"engine"`` too), or a
    method ``"engine"`` asked for."""
    from ..simulate.run import BATCH_POLICIES
    from . import ws5

    if bots not in BATCH_POLICIES:
        return f"bots {bots!r}, which only the engine plays"
    if any(ws5.engine_plays(r, bots) for r in rules):
        return "rules the fast batch path does not take"
    return "Q3's record names method 'engine'"


def _method(value: Any) -> str:
    """The method a stored record names for a run (``"batch"``, ``"engine"``), else ``"auto"`` (what the worksheet's
    ``simulate`` call uses, and what an older record without it ran)."""
    return value if value in ("batch", "engine") else "auto"


#: The re-run row's *why* shows at most this many characters of one rule field's value, and this many changed fields.
RULE_VALUE_SHOWN = 40
#: At most this many cards are named in a changed card value or card list of the re-run's rules.
CARDS_SHOWN = 8
RULE_FIELDS_SHOWN = 6


def _rules_shown(base: Any, house: Any) -> str:
    """The rules the re-run simulated, as the row's *why* names them, for the teacher to compare with Q1 and the
    write-up (a student can redefine ``house`` before Q3, so the effect is of another rule than Q1's): the base's
    name and players, and the house as the engine's own difference (:meth:`~hearts_lab.Rules.changes_from`).

    >>> import dataclasses
    >>> from hearts_lab import Card, Rules
    >>> four = Rules.preset("standard", players=4)
    >>> _rules_shown(four, dataclasses.replace(four, first_trick_points=True))
    'rules: base standard, 4 players; house = base with first_trick_points=True'

    Card values and card lists are shown as what changed, card by card (a cut tuple would read alike for a Q♠ worth 0
    and one worth 26):

    >>> queen = dict(four.card_points)  # the Q♠ and the hearts
    >>> queen.update({Card.parse("QS"): 26, Card.parse("JD"): -10})
    >>> _rules_shown(four, dataclasses.replace(four, card_points=tuple(queen.items())))
    'rules: base standard, 4 players; house = base with card points J♦ 0→-10, Q♠ 13→26'
    >>> _rules_shown(four, dataclasses.replace(four, removed=("2C", "3C", "2D", "3D")))
    'rules: base standard, 4 players; house = base with removed +2♣, +3♣, +2♦, +3♦'
    """
    changes = house.changes_from(base)

    def value(v: Any) -> str:
        text = _printable(repr(v))
        return text if len(text) <= RULE_VALUE_SHOWN else text[:RULE_VALUE_SHOWN - 1] + "…"

    def listed(items: list[str], label: str) -> str:
        more = f" and {len(items) - CARDS_SHOWN} more" if len(items) > CARDS_SHOWN else ""
        return f"{label} {', '.join(items[:CARDS_SHOWN])}{more}" if items else f"{label} unchanged"

    def change(name: str, old: Any, new: Any) -> str:
        if name == "card_points":
            cards = dict.fromkeys(sorted({*base.deck(), *house.deck()}, key=lambda c: c.sort_key()))
            return listed([f"{c} {base.points_of(c)}→{house.points_of(c)}" for c in cards
                           if base.points_of(c) != house.points_of(c)], "card points")
        if isinstance(old, tuple) and isinstance(new, tuple) and len(repr(new)) > RULE_VALUE_SHOWN or name == "removed":
            return listed([f"+{_printable(str(x))[:12]}" for x in new if x not in old]
                          + [f"−{_printable(str(x))[:12]}" for x in old if x not in new], name)
        return f"{name}={value(new)}"

    shown = [change(name, old, new) for name, (old, new) in list(changes.items())[:RULE_FIELDS_SHOWN]]
    more = f" and {len(changes) - RULE_FIELDS_SHOWN} more" if len(changes) > RULE_FIELDS_SHOWN else ""
    name = _printable(str(base.name))[:RULE_VALUE_SHOWN]
    return (f"rules: base {name}, {base.players} players; house = base with {', '.join(shown)}{more}" if changes
            else f"rules: base {name}, {base.players} players; house = base (no field differs)")


def _compared(label: str, given: str, judge: Callable[[], Any]) -> tuple[bool, str]:
    """Whether the value a stored output recorded (``given``, as shown) agrees with the teacher's re-run by the
    worksheet's own rule (``judge`` raises :class:`~hearts_lab.exercises.checks.Wrong` otherwise), and how the row
    says so."""
    try:
        judge()
    except checks.Wrong as wrong:
        slip = " ".join((wrong.hint or NO_KNOWN_SLIP).split())[:WHY_LENGTH]
        return False, f"{label} {given} does NOT agree ({slip})"
    return True, f"{label} {given} agrees"


def _rerun_row(stored: dict[str, dict[str, Any]], q2_outputs: list[dict[str, Any]], own_seeds: tuple[int, int],
               off_roster: bool, reruns: _Reruns) -> Answer:
    """The capstone's :data:`RERUN_ROW`: the student's plan simulated again on the teacher's side, and whether the
    effect and interval Q4 and Q5 recorded agree with it.

    The base and house rules are read from Q3's stored output (``rules_records``, as hostile input:
    :func:`~hearts_lab.exercises.checks.read_rules_record`, then the fingerprints recorded beside them must match);
    the hands and bots of the runs Q3's check accepted (its record; Q2's stored plan only where it records none) and
    the metric Q4's or Q5's check recorded (else Q2's plan's), within worksheet 5's own limits (its checks' readers:
    :data:`~hearts_lab.exercises.ws5.METRICS`, :data:`~hearts_lab.exercises.ws5.PLAN_BOTS`,
    :data:`~hearts_lab.exercises.ws5.MAX_HANDS` and :data:`~hearts_lab.exercises.ws5.MAX_ENGINE_HANDS`); the seeds
    from the class secret (``own_seeds``), never from the notebook; the method each run recorded. Then
    ``simulate(base, hands, bots=bots, seed=seeds[0])`` and ``simulate(house, ..., seed=seeds[1])`` (cached in
    ``reruns``), the effect (:func:`~hearts_lab.exercises.ws5.metric_value`) and the interval
    (:func:`~hearts_lab.stats.rate_difference` of :func:`~hearts_lab.exercises.ws5.metric_count`), and Q4's recorded
    effect and Q5's recorded interval judged against them by worksheet 5's own rules
    (:func:`~hearts_lab.exercises.ws5.judge_effect`, :func:`~hearts_lab.exercises.ws5.judge_interval`). A plan the
    engine plays (bots 'heuristic') is re-run only with ``reruns.mode == "all"``.

    Its status: *recorded values agree* (both recorded values agree), *recorded values do NOT agree* (either does
    not, why in *why*), *not verified* (re-run, but Q4 or Q5 recorded no value to compare) or *not re-run* (the note
    says why). Its *why* starts with the teacher's own numbers ("teacher's re-run: effect ..., interval ..."), then
    each recorded value and its verdict. It vouches only for the values the checks recorded: whether the notebook's
    ``effect = ...`` and ``interval = ...`` lines still hold them is :func:`_cells_not_recorded`'s note, and the
    write-up's numbers are the teacher's to compare with the row.
    """
    from ..stats import rate_difference
    from . import ws5

    notes: list[str] = []

    def row(status: str, why: str = "") -> Answer:
        return Answer(RERUN_ROW, status, "", None, None, 0, notes, why)

    if off_roster:
        notes.append("a capstone of a student not on the roster: its plan is not re-run")
        return row("not re-run")
    q3 = stored.get("Q3")
    made = q3.get("made") if q3 else None
    if not isinstance(made, dict):
        notes.append("no stored output of Q3's check records its runs, so there are no rules to re-run")
        return row("not re-run")
    records = made.get("rules_records")
    if records is None:
        notes.append("Q3's stored output records the rules' fingerprint but not the rules (checked with an older "
                     "hearts_lab?): not re-run; the capstone rubric says how to re-run the plan by hand")
        return row("not re-run")
    rules: list[Any] = []
    for label, fingerprint in (("base", made.get("rules")), ("house", made.get("house_rules"))):
        if isinstance(records, dict) and label in records and records[label] is None:  # checks.rules_record's None
            notes.append(f"Q3's check did not record the {label} rules, too long to record (more than "
                         f"{checks.MAX_RULES_RECORD:,} characters, a long name?): not re-run; the capstone rubric says how "
                         "to re-run the plan by hand")
            return row("not re-run")
        try:
            read = checks.read_rules_record(records.get(label) if isinstance(records, dict) else records, label)
        except ValueError as error:
            notes.append(f"Q3's stored rules could not be read ({_printable(str(error))[:WHY_LENGTH]}): not re-run")
            return row("not re-run")
        if not isinstance(fingerprint, str) or checks.rules_fingerprint(read) != fingerprint:
            notes.append(f"Q3's stored {label} rules do not match the fingerprint recorded beside them (edited?): not re-run")
            return row("not re-run")
        rules.append(read)
    base, house = rules
    plan = _latest_plan(stored, q2_outputs)
    if plan is None:
        notes.append("no stored output of Q2's check records a plan, so the metric, hands and bots are not known: not re-run")
        return row("not re-run")
    # The runs Q3's check accepted (its record's hands and bots), not Q2's latest plan: a plan recorded again after
    # Q3-Q5 (Q3's row notes it) leaves the runs Q4 and Q5 judged unchanged. Q2's plan only where Q3 records none.
    runs = made if "hands" in made and "policy" in made else plan
    recorded_metric = next((m.get("metric") for m in (stored.get(k, {}).get("made") for k in ("Q4", "Q5"))
                            if isinstance(m, dict) and isinstance(m.get("metric"), str) and m["metric"] in ws5.METRICS), None)
    try:
        metric = checks.read_text(recorded_metric if recorded_metric is not None else plan.get("metric"), ws5.METRICS)
        bots = ws5._read_bots(runs.get("policy"))
        hands = ws5._read_hands(runs.get("hands"), bots)
    except checks.Wrong as wrong:
        notes.append(f"the stored runs (Q3's record) or plan (Q2's) are not ones the checks record (edited?): "
                     f"{_printable(wrong.hint or '')[:WHY_LENGTH]}: not re-run")
        return row("not re-run")
    methods = (_method(made.get("method")), _method(made.get("house_method")))
    try:
        engine = [ws5.engine_plays(r, bots, m) for r, m in zip(rules, methods)]
        if any(engine):
            seconds = sum(_engine_seconds(r, hands, bots) for r, slow in zip(rules, engine) if slow)
            reason = _engine_reason(rules, bots, methods)
            if seconds > ENGINE_RERUN_LIMIT:
                notes.append(
                    f"its plan plays through the engine ({reason}): up to about {seconds:,.0f} s of CPU estimated for the two "
                    f"runs, over the {ENGINE_RERUN_LIMIT:.0f} s a notebook's re-run may take: not re-run, even with "
                    f"rerun=\"all\"; to re-run it yourself: base, house = (Rules.from_dict(r) for r in (Q3's stored "
                    f"rules_records['base'], ...['house'])), then simulate(base, {hands}, bots={bots!r}, "
                    f"seed={own_seeds[0]}, method={methods[0]!r}) and simulate(house, {hands}, bots={bots!r}, "
                    f"seed={own_seeds[1]}, method={methods[1]!r})")
                return row("not re-run")
            if reruns.mode != "all":
                notes.append(f"its plan plays through the engine ({reason}): up to about {seconds:,.0f} s of CPU estimated for "
                             "the two runs: not re-run by default; grade(folder, secret, rerun=\"all\") (or hearts-lab "
                             "class grade --rerun all) re-runs it")
                return row("not re-run")
        new = [not reruns.made(r, hands, bots, s, m) for r, s, m in zip(rules, own_seeds, methods)]
        if any(new) and reruns.spent_up():
            notes.append(f"not re-run: this grade() call's re-run budget ({RERUN_BUDGET:.0f} s of CPU) is used up; "
                         "grade(folder, secret, rerun=\"all\") (or hearts-lab class grade --rerun all) re-runs every plan")
            return row("not re-run")
        b = reruns.run(base, hands, bots, own_seeds[0], methods[0])
        h = reruns.run(house, hands, bots, own_seeds[1], methods[1])
    except Exception as error:  # a run the simulator refuses never stops the class table
        notes.append(f"the re-run could not be made ({type(error).__name__})")
        return row("not re-run")
    effect = ws5.metric_value(h, metric) - ws5.metric_value(b, metric)
    d = rate_difference(ws5.metric_count(h, metric), h.hands, ws5.metric_count(b, metric), b.hands)
    # the rules right after the teacher's numbers: the table shows a why's first 200 characters (the CSV all of it)
    said = [f"teacher's re-run: effect {_bounded(effect)}, interval [{_bounded(d.low)}, {_bounded(d.high)}]",
            _rules_shown(base, house)]
    verdicts: list[bool | None] = []
    q4 = stored.get("Q4")
    q4_made = q4.get("made") if q4 else None
    effect_of = _numbers(q4_made.get("effect")) if isinstance(q4_made, dict) else None
    given = effect_of[0] if effect_of is not None and len(effect_of) == 1 else None
    if given is not None:
        agrees, text = _compared("recorded Q4", _bounded(given), lambda: ws5.judge_effect(given, b, h, metric))
        verdicts.append(agrees)
        said.append(text)
    else:
        verdicts.append(None)
        said.append("Q4 records no effect")
    q5 = stored.get("Q5")
    q5_made = q5.get("made") if q5 else None
    answer = q5_made.get("interval") if isinstance(q5_made, dict) and "interval" in q5_made else q5.get("answer") if q5 else None
    pair = _numbers(answer) if isinstance(answer, list) else None  # a stored pair is a JSON list
    if pair is not None and len(pair) == 2:
        low, high = pair
        shown = f"[{_bounded(low)}, {_bounded(high)}]"
        agrees, text = _compared("recorded Q5", shown, lambda: ws5.judge_interval((low, high), b, h, metric))
        verdicts.append(agrees)
        said.append(text)
    else:
        verdicts.append(None)
        said.append("Q5 records no interval")
    said.append(f"re-run: {metric}, {hands:,} hands a run, bots {bots}, seeds {own_seeds[0]} and {own_seeds[1]}")
    status = (RERUN_DISAGREES if False in verdicts else "not verified" if None in verdicts else RERUN_AGREES)
    return row(status, "; ".join(said))


#: Worksheet 5's answer lines, by the question whose check is given the value: ``effect = ...`` (Q4),
#: ``interval = ...`` (Q5).
_WS5_ANSWER_NAMES = {"effect": "Q4", "interval": "Q5"}
#: The note on the re-run row (and the question's own row gets the other worksheets' note) where the notebook's answer
#: line holds a value its check did not record: the row vouches for the recorded value, not the cell's.
CELL_NOT_RECORDED = ("its {name} = ... line holds {held}, not the value {key}'s check recorded ({recorded}): the re-run "
                     "row vouches for the recorded value only")


def _numbers(value: Any) -> tuple[float, ...] | None:
    """A number, or a pair of numbers, as floats (``None`` for anything else, or one that is not finite): a value a
    stored output records (from a handed-in file) or an answer line holds.

    >>> _numbers(0.25), _numbers(3), _numbers([0.1, 0]), _numbers(True), _numbers(10**400), _numbers("0.25")
    ((0.25,), (3.0,), (0.1, 0.0), None, None, None)
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, numbers.Real):
        try:
            number = float(value)
        except (OverflowError, TypeError, ValueError):
            return None
        return (number,) if math.isfinite(number) else None
    if isinstance(value, (tuple, list)) and len(value) == 2:
        pair = [_numbers(v) for v in value]
        return None if None in pair else tuple(v[0] for v in pair if v is not None)
    return None


def _bounded(value: float) -> str:
    """A number a student's file holds, shown with a bounded width (never 310 digits of 1e308)."""
    return f"{value:+.4f}" if abs(value) < 1e6 else f"{value:+.4g}"


def _cells_not_recorded(code: list[tuple[ast.Module, str]], stored: dict[str, dict[str, Any]]) -> dict[str, str]:
    """For Q4 and Q5 of the capstone: where the notebook's last ``effect = <value>`` or ``interval = <value>`` line
    (at top level of a code cell, read as the other worksheets' answer lines are: :func:`_literal`) holds a number
    other than the one its check recorded (Q4's ``made["effect"]``, Q5's ``made["interval"]`` or its stored answer),
    the note :data:`CELL_NOT_RECORDED`. A line computed in the notebook, rebound later in any other way, or a notebook
    the reader cannot follow (:func:`_dynamic`) gives no note: the recorded value is then the only one known.

    >>> cells = lambda *texts: [(ast.parse(t), t) for t in texts]
    >>> stored = {"Q4": {"made": {"effect": 0.0123}}, "Q5": {"answer": [0.01, 0.02]}}
    >>> _cells_not_recorded(cells("effect = h - b", "effect = 0.05", "interval = (0.01, 0.02)"), stored)
    {'Q4': "its effect = ... line holds +0.0500, not the value Q4's check recorded (+0.0123): the re-run row vouches for the recorded value only"}
    >>> _cells_not_recorded(cells("effect = 0.05", "effect += 0"), stored)
    {}
    """
    if _dynamic(code):
        return {}
    last: dict[str, tuple[ast.expr, list[str]] | None] = {}
    for tree, text in code:
        if isinstance(tree, _Unparsed):
            for name in _WS5_ANSWER_NAMES:
                if re.search(rf"(?<![\w.]){name}(?!\w)", text):
                    last[name] = None
            continue
        for stmt in tree.body:
            simple = (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
                      and stmt.targets[0].id in _WS5_ANSWER_NAMES)
            target = stmt.targets[0] if simple else None  # type: ignore[attr-defined]
            for node in _walk(stmt):
                if (isinstance(node, ast.Name) and node is not target and node.id in _WS5_ANSWER_NAMES
                        and isinstance(node.ctx, (ast.Store, ast.Del))):
                    last[node.id] = None
                elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Import,
                                       ast.ImportFrom, ast.Global)):
                    for name in _WS5_ANSWER_NAMES:
                        if name in ast.dump(node):
                            last[name] = None
            if simple and target is not None and not any(isinstance(n, ast.NamedExpr) for n in _walk(stmt.value)):  # type: ignore[attr-defined]
                last[target.id] = (stmt.value, re.findall(r"[^\r\n]*(?:\r\n|\r|\n|$)", text))  # type: ignore[attr-defined]
    notes = {}
    for name, key in _WS5_ANSWER_NAMES.items():
        line = last.get(name)
        out = stored.get(key)
        if line is None or not out:
            continue
        try:
            readable, held = _literal(*line)
        except Exception:  # never one line's reading losing the notebook
            continue
        numbers_held = _numbers(held) if readable else None
        if numbers_held is None or len(numbers_held) != (1 if key == "Q4" else 2):
            continue
        made = out.get("made")
        recorded = (made.get("effect") if key == "Q4" else made.get("interval")) if isinstance(made, dict) else None
        if recorded is None:
            recorded = out.get("answer")
        numbers_recorded = _numbers(recorded)
        if numbers_recorded is None or numbers_recorded == numbers_held:
            continue  # nothing recorded (an older record of an end 0, say) is no evidence of an edit
        shown = _bounded(numbers_held[0]) if key == "Q4" else f"({', '.join(_bounded(v) for v in numbers_held)})"
        precise = ", ".join(f"{v:+.6g}" for v in numbers_recorded)
        notes[key] = CELL_NOT_RECORDED.format(name=name, held=shown, key=key, recorded=precise)
    return notes


def _resets_ws5(code: list[tuple[ast.Module, str]], names: _Names) -> str | None:
    r"""Why Q2's stored list of plans may be short, if a code cell may clear the checks' results of ws5: a call of the
    checks' ``reset`` (:meth:`_Names.reset`: through the worksheets' package, its ``checks`` module or a worksheet
    module, or a name an import or assignment bound to it) with no worksheet, with ``"ws5"`` or with one the reader
    cannot read; an import of the checks' ``reset`` (it may be called under another name); any mention of the checks'
    own list, ``_RESULTS``. Another object's ``reset()`` (a widget's, a progress bar's, another module's) is not the
    checks'. The kernel's own counts in Q2's record survive a reset (:func:`_plan_notes`); a kernel restart is not seen
    at all.

    >>> cells = lambda *texts: [(ast.parse(t), t) for t in texts]
    >>> code = cells("x = 1", 'from hearts_lab.exercises import reset\nreset("ws5")')
    >>> _resets_ws5(code, _names(code))
    "code cell 2 may reset ws5's recorded checks (reset), which can hide earlier plans from Q2's stored list (not from the kernel's counts)"
    >>> code = cells("from hearts_lab.exercises import checks, ws1\nchecks._RESULTS.clear()")
    >>> _resets_ws5(code, _names(code))
    "code cell 1 may reset ws5's recorded checks (_RESULTS), which can hide earlier plans from Q2's stored list (not from the kernel's counts)"
    >>> code = cells('from hearts_lab.exercises import ws1\nws1.reset("ws1")\nlab.reset()\nbar.reset(total=5)')
    >>> _resets_ws5(code, _names(code)) is None
    True
    """
    for number, (tree, text) in enumerate(code, 1):
        found = None
        if isinstance(tree, _Unparsed):
            found = "reset" if "reset" in text else "_RESULTS" if "_RESULTS" in text else None
        for node in _walk(tree):
            if found is not None:
                break
            if isinstance(node, ast.Call):
                given = [*node.args, *(k.value for k in node.keywords)]
                if names.reset(node.func) and (not given or any(not (isinstance(a, ast.Constant) and isinstance(a.value, str))
                                                                or CAPSTONE in a.value for a in given)):
                    found = "reset"
            elif isinstance(node, ast.ImportFrom) and any(f[1] == "reset" for f in _from_import(node)[1].values()):
                found = "reset"  # the checks' reset imported: it may be called under another name
            elif (isinstance(node, ast.Name) and node.id == "_RESULTS" or isinstance(node, ast.Attribute) and node.attr == "_RESULTS"
                  or isinstance(node, ast.alias) and "_RESULTS" in node.name
                  or isinstance(node, ast.Constant) and isinstance(node.value, str) and "_RESULTS" in node.value):
                found = "_RESULTS"
        if found is not None:
            return (f"code cell {number} may reset ws5's recorded checks ({found}), which can hide earlier plans from Q2's "
                    "stored list (not from the kernel's counts)")
    return None


#: The capstone's questions whose checks take only the two runs Q3's check accepted, and whose stored outputs
#: record the runs given as Q3's does (base: :func:`~hearts_lab.exercises.checks.made_of`; ``house_seed``).
AFTER_Q3 = ("Q4", "Q5", "Q6")
#: The note on a row of :data:`AFTER_Q3` whose stored output records other runs than Q3's stored output.
OTHER_RUNS = "its stored output records other runs than Q3's"
#: The note on a row of Q3-Q6 whose stored output records the copy's own two runs given the other way round (the
#: house run as base_result): an honest slip, which the check refused, not evidence of other seeds.
OTHER_WAY = "runs given the other way round (the house run as base_result): the check refused them"
#: The fields of a stored record that name the runs (Q4-Q6 record the metric too, Q2 the plan).
RUN_FIELDS = ("hands", "seed", "rules", "policy", "method", "house_seed")
#: The house run's fields that records of this hearts_lab hold (an older record lacks them: compared only where both have them).
HOUSE_RUN_FIELDS = ("house_rules", "house_method")
#: The fields of Q2's stored plan that Q3's stored runs must match.
PLAN_RUN_FIELDS = ("seed", "house_seed", "hands", "policy")
#: A seed a stored record names in a form the reader cannot take (text, a truth value, a float, a list).
_UNREADABLE = "unreadable"


def _run_seeds(made: object) -> tuple[Any, Any]:
    """The (base, house) seeds a stored record names: each a whole number, ``None`` where it names none, or
    :data:`_UNREADABLE` (any other kind of value, or a record that is not a mapping).

    >>> _run_seeds({"seed": 5, "house_seed": 6}), _run_seeds(None), _run_seeds({"seed": True, "house_seed": "6"})
    ((5, 6), (None, None), ('unreadable', 'unreadable'))
    """
    if made is None:
        return None, None
    if not isinstance(made, dict):
        return _UNREADABLE, _UNREADABLE
    values = [made.get(k) for k in ("seed", "house_seed")]
    seeds = [None if v is None else v if isinstance(v, int) and not isinstance(v, bool) else _UNREADABLE for v in values]
    return seeds[0], seeds[1]


def _listed(keys: list[str]) -> str:
    """``Q4``, ``Q4 and Q5``, ``Q4, Q5 and Q6``."""
    return keys[0] if len(keys) == 1 else f"{', '.join(keys[:-1])} and {keys[-1]}"


def _after_q3(stored: dict[str, dict[str, Any]], own_seeds: tuple[int, int], why: list[str], unsure: list[str]) -> dict[str, list[str]]:
    """The seeds row's reading of Q4-Q6 (:data:`AFTER_Q3`), as of Q3: each stored output that records runs (any
    status) must name both runs' seeds, and they must be the copy's own pair (from the secret, never from the
    notebook). Other seeds go to ``why`` (evidence against), a judged answer's record without seeds or with seeds
    it cannot read to ``unsure`` (an older hearts_lab recorded none for Q4-Q6, and a hand-in is the student's to
    edit); a refused or unanswered output that records no runs judged none and is skipped. Returns the notes on
    each question's row: :data:`OTHER_RUNS` where its record names other runs than Q3's stored output (Q3 checked
    again afterwards, or an edit), :data:`OTHER_WAY` where it names the own runs given the other way round.

    >>> why, unsure = [], []
    >>> made = {"hands": 20000, "seed": 5, "rules": "0" * 16, "policy": "random", "house_seed": 6}
    >>> stored = {"Q3": {"status": "correct", "made": made}, "Q4": {"status": "correct", "made": made},
    ...           "Q5": {"status": "correct", "made": {**made, "house_seed": 42}}, "Q6": {"status": "correct"}}
    >>> _after_q3(stored, (5, 6), why, unsure), why, unsure
    ({'Q5': ["its stored output records other runs than Q3's"]}, ["Q5's stored output records a house run with seed 42, not the copy's own 6"], ["Q6's stored output records no seeds of its runs (checked with an older hearts_lab?)"])

    A house run of other rules (its fingerprint) is other runs too, where both records name the house rules:

    >>> q3 = {**made, "house_rules": "1" * 16}
    >>> _after_q3({"Q3": {"status": "correct", "made": q3}, "Q4": {"status": "correct", "made": {**q3, "house_rules": "2" * 16}},
    ...            "Q5": {"status": "correct", "made": made}}, (5, 6), [], [])
    {'Q4': ["its stored output records other runs than Q3's"]}
    """
    wrong: dict[tuple[str, Any, int], list[str]] = {}
    unrecorded: list[str] = []
    unreadable: list[str] = []
    partial: list[str] = []
    notes: dict[str, list[str]] = {}
    q3 = stored.get("Q3")
    q3_made = q3.get("made") if q3 else None
    for key in AFTER_Q3:
        out = stored.get(key)
        if not out:
            continue
        made = out.get("made")
        seeds = _run_seeds(made)
        if seeds == (None, None):
            if out.get("status") == "correct":  # a judged answer's record names no runs
                unrecorded.append(key)
            continue  # refused or unanswered, and no runs recorded: no runs were judged
        if _UNREADABLE in seeds:
            unreadable.append(key)
            continue
        if seeds == (own_seeds[1], own_seeds[0]):
            notes.setdefault(key, []).append(OTHER_WAY)
            continue
        for run, seed_of, own_of in zip(("base", "house"), seeds, own_seeds):
            if seed_of is not None and seed_of != own_of:
                wrong.setdefault((run, seed_of, own_of), []).append(key)
        if None in seeds:
            partial.append(key)
        if isinstance(made, dict) and isinstance(q3_made, dict) and (
                any(made.get(k) != q3_made.get(k) for k in RUN_FIELDS)
                or any(k in made and k in q3_made and made[k] != q3_made[k] for k in HOUSE_RUN_FIELDS)):
            notes.setdefault(key, []).append(OTHER_RUNS)
    for (run, seed_of, own_of), keys in wrong.items():
        said = f"{keys[0]}'s stored output records" if len(keys) == 1 else f"the stored outputs of {_listed(keys)} record"
        why.append(f"{said} a {run} run with seed {_shown(seed_of)}, not the copy's own {own_of}")
    for keys, what in ((unrecorded, "no seeds of {its} runs (checked with an older hearts_lab?)"),
                       (unreadable, "seeds it cannot read"), (partial, "one run's seed only")):
        if keys:
            said = (f"{keys[0]}'s stored output records " + what.format(its="its") if len(keys) == 1
                    else f"the stored outputs of {_listed(keys)} record " + what.format(its="their"))
            unsure.append(said)
    return notes


def _plan_text(record: dict[str, Any]) -> str:
    """A stored plan's runs and metric, briefly (values shown as :func:`_shown` shows any value)."""
    return (f"{_plan_value(record.get('hands'), True)} hands, bots {_shown(record.get('policy'))[:40]}, metric {_shown(record.get('metric'))[:40]}, "
            f"predicted {_shown(record.get('prediction'))[:40]}")


#: What Q2's stored record holds beside the plan (:func:`~hearts_lab.exercises.ws5._plan_made`): the kernel's counts,
#: each with the least value a record can hold and its name on Q2's row, ...
Q2_COUNTS = {"plan": (1, "plan number"), "plans": (1, "count of plans"),
             "looked_then_replanned": (0, "count of plans changed after a look")}
#: ... the latest plan changed after a look (a plan's record, or ``None``) and the latest earlier plans (a list).
Q2_LAST_LOOKED, Q2_EARLIER = "record of the latest plan changed after a look", "list of earlier plans"


def _count(record: dict[str, Any], key: str) -> int | None:
    """A count of Q2's stored ``record`` (one of :data:`Q2_COUNTS`) if it can be read: a whole number, at least its
    least value."""
    value = record.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= Q2_COUNTS[key][0] else None


def _readable(record: dict[str, Any], key: str) -> bool:
    """Whether ``key`` of Q2's stored ``record`` (a count, ``last_looked`` or ``earlier``) holds a value of its kind."""
    value = record.get(key)
    if key in Q2_COUNTS:
        return _count(record, key) is not None
    if key == "last_looked":
        return value is None or isinstance(value, dict)
    return isinstance(value, list)


def _unread_counts(records: list[dict[str, Any]]) -> list[str]:
    """Notes on what Q2's stored ``records`` hold that cannot be read (a count that is not a whole number of at
    least its least value, a plan changed after a look that is not a plan's record, a list that is not one) or do
    not hold at all: a hand-edited count is never read as a clean Q2.

    >>> _unread_counts([{"plan": 1, "plans": "lots", "looked_then_replanned": -1, "last_looked": None, "earlier": []}])
    ["its stored output's count of plans and count of plans changed after a look could not be read ('lots', -1)"]
    >>> _unread_counts([{"plan": 1, "earlier": []}])
    ['its stored output records no count of plans, count of plans changed after a look and record of the latest plan changed after a look (checked with an older hearts_lab, or edited?)']
    """
    unread: dict[str, str] = {}
    missing: list[str] = []
    labels = {**{key: label for key, (_, label) in Q2_COUNTS.items()}, "last_looked": Q2_LAST_LOOKED, "earlier": Q2_EARLIER}
    for key, label in labels.items():
        if any(key not in r for r in records):
            missing.append(label)
        bad = [r[key] for r in records if key in r and not _readable(r, key)]
        if bad:
            unread[label] = _plan_value(bad[0])
    notes = []
    if unread:
        notes.append(f"its stored output's {_listed(list(unread))} could not be read ({', '.join(unread.values())})")
    if missing:
        notes.append(f"its stored output records no {_listed(missing)} (checked with an older hearts_lab, or edited?)")
    return notes


def _plans(number: int) -> str:
    """``1 plan``, ``2 plans``."""
    return f"{_plan_value(number, True)} plan{'' if number == 1 else 's'}"


def _contradictions(records: list[dict[str, Any]], number: int | None, replanned: int | None) -> list[str]:
    """How Q2's stored counts contradict each other, in one record or in the largest of each (``number``, ``replanned``)
    that Q2's row would show: the kernel counts a plan changed after a look as a new plan, so there are fewer such plans
    than plans in all, each with the plan it changed (``last_looked``), and the plan's number among the checks'
    results is at most the kernel's count of plans (a reset shortens the first only).

    >>> _contradictions([{"plan": 1, "plans": 1, "looked_then_replanned": 1, "last_looked": {"hands": 10000}}], 1, 1)
    ['1 plan changed after a look, but 1 plan in all']
    >>> _contradictions([{"plan": 4, "plans": 2, "looked_then_replanned": 0, "last_looked": {"hands": 10000}}], 4, 0)
    ['plan 4 of 2 plans', 'a plan changed after a look recorded, but none counted']
    """
    said: list[str] = []
    for record in records:
        plan, plans, looked = _count(record, "plan"), _count(record, "plans"), _count(record, "looked_then_replanned")
        last, known = record.get("last_looked"), [n for n in (plan, plans) if n is not None]
        if plan is not None and plans is not None and plan > plans:
            said.append(f"plan {_plan_value(plan, True)} of {_plans(plans)}")
        if looked is not None and known and looked >= max(known):
            said.append(f"{_plans(looked)} changed after a look, but {_plans(max(known))} in all")
        if looked is not None and looked > 0 and "last_looked" in record and last is None:
            said.append(f"{_plans(looked)} changed after a look, but none recorded")
        if looked == 0 and isinstance(last, dict):
            said.append("a plan changed after a look recorded, but none counted")
    if number is not None and replanned is not None and replanned >= number:
        said.append(f"{_plans(replanned)} changed after a look, but {_plans(number)} in all")
    return list(dict.fromkeys(said))


def _q2_notes(plan: dict[str, Any], records: list[dict[str, Any]]) -> list[str]:
    """The notes on Q2's row from its stored ``plan`` and every recorded Q2 output's record (``records``, ``plan``
    last): a plan recorded after Q3 had accepted runs of an earlier one (from the kernel's counts, else the listed
    earlier plans), else, more mildly, any plan after the first; what cannot be read (:func:`_unread_counts`); and
    counts that contradict each other (:func:`_contradictions`), noted as such instead of read.

    >>> record = {"plan": 2, "plans": 2, "looked_then_replanned": 1, "earlier": [],
    ...           "last_looked": {"hands": 10000, "policy": "random", "metric": "moon rate", "prediction": "increase"}}
    >>> _q2_notes(record, [record])
    ["a new plan (plan 2 of the session) after Q3 had accepted runs of an earlier one (10,000 hands, bots 'random', metric 'moon rate', predicted 'increase'): ask why"]
    >>> _q2_notes({**record, "plans": 1, "plan": 1}, [{**record, "plans": 1, "plan": 1}])
    ["its stored output's counts contradict each other (1 plan changed after a look, but 1 plan in all): edited? ask why"]
    """
    def most(key: str) -> int | None:
        whole = [n for n in (_count(r, key) for r in records) if n is not None]
        return max(whole) if whole else None

    earlier = plan.get("earlier")
    looked = [e for e in earlier if isinstance(e, dict) and e.get("looked") is True] if isinstance(earlier, list) else []
    known = [n for n in (most("plan"), most("plans")) if n is not None]
    number: int | None = max(known) if known else None
    replanned = most("looked_then_replanned")
    notes = _unread_counts(records)
    contradicts = _contradictions(records, number, replanned)
    if contradicts:  # not read: a contradiction shown as a count would say what no kernel wrote
        notes.append(f"its stored output's counts contradict each other ({'; '.join(contradicts)}): edited? ask why")
        number = replanned = None
    which = f" (plan {_plan_value(number, True)} of the session)" if number is not None else ""
    last = next((r.get("last_looked") for r in reversed(records) if _count(r, "looked_then_replanned") == replanned), None)
    if replanned is not None and replanned > 0:  # the kernel's own count: however many plans came after, and after a reset
        what = _plan_text(last) if isinstance(last, dict) else ""
        what = ((f" ({what})" if what else "") if replanned == 1 else
                f", {_plan_value(replanned, True)} times ({'the latest: ' + what if what else 'the latest not recorded'})")
        return [f"a new plan{which} after Q3 had accepted runs of an earlier one{what}: ask why", *notes]
    if looked:
        return [f"a new plan{which} after Q3 had accepted runs of an earlier one ({_plan_text(looked[-1])}): ask why", *notes]
    if number is not None and number > 1:
        return [f"plan {_plan_value(number, True)} of the session: ask why the plan changed", *notes]
    return notes


def _plan_notes(stored: dict[str, dict[str, Any]], q2_outputs: list[dict[str, Any]] | None = None) -> dict[str, list[str]]:
    """Notes from Q2's stored plan (:func:`~hearts_lab.exercises.ws5.check_q2` records it with the session's earlier
    plans and the kernel's own counts, ``plans`` and ``looked_then_replanned``, which neither a longer list of plans nor
    ``reset`` hides): on Q2's row, :func:`_q2_notes` (a plan changed after a look: say, more hands after an interval
    that contained 0; any plan after the first; counts that cannot be read or contradict each other), or a correct Q2
    output with no plan (an older hearts_lab);
    on Q3's row, a correct record of other runs than the plan's; on Q4-Q6's rows, another metric than the plan's.

    >>> plan = {"metric": "moon rate", "prediction": "increase", "seed": 5, "house_seed": 6, "hands": 40000,
    ...         "policy": "random", "plan": 2, "plans": 2, "looked_then_replanned": 1, "last_looked": None,
    ...         "earlier": [{"metric": "moon rate", "prediction": "increase", "seed": 5,
    ...         "house_seed": 6, "hands": 20000, "policy": "random", "looked": True}]}
    >>> plan["last_looked"] = {k: v for k, v in plan["earlier"][0].items() if k != "looked"}
    >>> runs = {"hands": 20000, "seed": 5, "policy": "random", "house_seed": 6}
    >>> notes = _plan_notes({"Q2": {"status": "correct", "made": plan}, "Q3": {"status": "correct", "made": runs},
    ...                      "Q4": {"status": "correct", "made": {**runs, "metric": "unclaimed rate"}}})
    >>> notes["Q2"]
    ["a new plan (plan 2 of the session) after Q3 had accepted runs of an earlier one (20,000 hands, bots 'random', metric 'moon rate', predicted 'increase'): ask why"]
    >>> notes["Q3"], notes["Q4"]
    (["its stored output records runs of another plan than Q2's stored output (hands 20,000, not 40,000)"], ["its stored output records the metric 'unclaimed rate', not Q2's planned 'moon rate'"])
    """
    notes: dict[str, list[str]] = {}
    # Every stored Q2 output counts, not only the last: the kernel's counts only grow, so a later unanswered or refused
    # Q2 check (one more line at the end) must not hide what an earlier recorded plan says (rev-cap3 must-fix 2).
    recorded = [o for o in (q2_outputs or []) if isinstance(o, dict) and o.get("status") == "correct"
                and isinstance(o.get("made"), dict)]
    q2 = stored.get("Q2")
    if not q2 or q2.get("status") != "correct":
        if not recorded:
            return notes
        q2 = recorded[-1]
    plan = q2.get("made")
    if not isinstance(plan, dict) or not all(k in plan for k in PLAN_RUN_FIELDS):
        notes["Q2"] = ["its stored output records no plan (checked with an older hearts_lab?)"]
        return notes
    said = _q2_notes(plan, [o["made"] for o in recorded] + [plan])
    if said:
        notes["Q2"] = said
    q3 = stored.get("Q3")
    runs = q3.get("made") if q3 else None
    if q3 and q3.get("status") == "correct" and isinstance(runs, dict):
        differ = [f"{k.replace('policy', 'bots').replace('house_seed', 'house seed')} {_plan_value(runs.get(k), k == 'hands')}, "
                  f"not {_plan_value(plan.get(k), k == 'hands')}" for k in PLAN_RUN_FIELDS if runs.get(k) != plan.get(k)]
        if differ:
            notes["Q3"] = [f"its stored output records runs of another plan than Q2's stored output ({'; '.join(differ)})"]
    metric = plan.get("metric")
    for key in AFTER_Q3:
        out = stored.get(key)
        made = out.get("made") if out else None
        if isinstance(made, dict) and "metric" in made and made.get("metric") != metric:
            notes[key] = [f"its stored output records the metric {_shown(made.get('metric'))[:40]}, not Q2's planned "
                          f"{_shown(metric)[:40]}"]
    return notes


def _whole(value: Any) -> bool:
    """Whether a stored record's value is a whole number (not a truth value)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _plan_value(value: Any, commas: bool = False) -> str:
    """A stored record's value for a note: a whole number written out (with commas if ``commas``; a huge one
    described), anything else as :func:`_shown` shows it."""
    if commas and isinstance(value, int) and not isinstance(value, bool) and value.bit_length() <= 200:
        return f"{value:,}"
    return _shown(value)[:40]


#: The longest "why" in the class table (a check's message is a sentence or two).
WHY_LENGTH = 200
#: The "why" of a wrong answer that matches none of the slips the question's check knows.
NO_KNOWN_SLIP = "matches no known slip"


def _why(worksheet: str, key: str, message: str) -> str:
    """The class table's "why" for an incorrect answer: the check's message, at most :data:`WHY_LENGTH` characters,
    or :data:`NO_KNOWN_SLIP` where the check answered with the question's general nudge (its hint ladder), which
    says nothing about this answer.

    >>> import hearts_lab.exercises.ws1
    >>> _why("ws1", "Q1", checks.HINTS["ws1"]["Q1"][0] + ' (More help: ws1.hint("Q1", level=2).)')
    'matches no known slip'
    >>> len(_why("ws1", "Q1", "That is the card the seat led. " * 20)), _why("ws1", "Q1", "x " * 200)[-3:]
    (200, ' x…')
    """
    text = " ".join(message.split())
    ladder = checks.HINTS.get(worksheet, {}).get(key, ())
    if any(text.startswith(" ".join(step.split())) and "(More help:" in text for step in ladder[:2]) or not text:
        return NO_KNOWN_SLIP
    return text if len(text) <= WHY_LENGTH else text[:WHY_LENGTH - 1].rstrip() + "…"


def _other_variant_line(code: list[tuple[ast.Module, str]], worksheet: str, own: int, secret: str | bytes,
                        roster: Mapping[str, str] | None) -> str | None:
    """A flag where the notebook's ``use_variant`` line is not the student's own variant (the metadata may say it
    is): whose variant it names, where that is a name on the roster (a neighbour's copy handed in as one's own),
    or that no line or another number is there. ``None`` where every line names the own variant.

    >>> code = _code_cells({"cells": [{"cell_type": "code", "source": "from hearts_lab.exercises import ws1\\nws1.use_variant(7)"}]})
    >>> _other_variant_line(code, "ws1", 7, "a class secret, kept off the repo", None) is None
    True
    >>> _other_variant_line(code, "ws1", 8, "a class secret, kept off the repo", None)
    "its ws1.use_variant line names another variant than this student's (graded on the student's own)"
    """
    lines = _variant_lines(code, worksheet)
    whose = {student_seed(secret, n, worksheet): shown for n, shown in (roster or {}).items()}
    named = sorted({whose[n] for n in lines if n != own and n in whose})
    if named:
        more = f" and {len(named) - NAMED_SHOWN} more" if len(named) > NAMED_SHOWN else ""
        return (f"its {worksheet}.use_variant line names the variant of {', '.join(named[:NAMED_SHOWN])}{more}, not this "
                "student's (graded on the student's own): another student's copy?")
    if any(n != own for n in lines):
        return f"its {worksheet}.use_variant line names another variant than this student's (graded on the student's own)"
    unfollowed = _unfollowed_use_variant(code, worksheet)
    if unfollowed is not None:
        return f"{unfollowed}: which variant the notebook ran is not checked (graded on the student's own)"
    if not lines:
        return f"no {worksheet}.use_variant line: the notebook ran the self-study copy's questions (graded on the student's own)"
    return None


def _unresolved_use_variant(tree: ast.Module, resolved: set[int]) -> bool:
    """Whether a cell names ``use_variant`` (a name or an attribute) anywhere but as the function of a call the reader
    resolved to a worksheet (``resolved``: the ids of :func:`_worksheet_calls`' call functions)."""
    return any((isinstance(n, ast.Name) and n.id == "use_variant" or isinstance(n, ast.Attribute) and n.attr == "use_variant")
               and id(n) not in resolved for n in _walk(tree))


def _unfollowed_use_variant(code: list[tuple[ast.Module, str]], worksheet: str) -> str | None:
    """Where a cell may run a worksheet's ``use_variant`` in a way the reader does not follow: a cell it cannot
    parse that names it (a magic such as ``%matplotlib``, a syntax error), a ``use_variant`` reached otherwise than
    as ``<worksheet>.use_variant(...)`` through a name the reader tracks (``(w := ws1).use_variant(...)``, a star
    import), or anything dynamic (:func:`_dynamic`). ``None`` where every reach is followed.

    >>> cells = lambda *texts: _code_cells({"cells": [{"cell_type": "code", "source": s} for s in texts]})
    >>> _unfollowed_use_variant(cells("from hearts_lab.exercises import ws1", "ws1.use_variant(7)"), "ws1") is None
    True
    >>> _unfollowed_use_variant(cells("%matplotlib inline\\nfrom hearts_lab.exercises import ws1\\nws1.use_variant(7)"), "ws1")
    'code cell 1 names use_variant but is not plain Python (a magic such as %matplotlib, a syntax error, or a number too long to read)'
    >>> _unfollowed_use_variant(cells("from hearts_lab.exercises import ws1", "(w := ws1).use_variant(8)"), "ws1")
    'code cell 2 reaches use_variant otherwise than as ws1.use_variant(N)'
    """
    resolved = {id(call.func) for _, _, call in _worksheet_calls(code)}
    for number, (tree, text) in enumerate(code, 1):
        if isinstance(tree, _Unparsed):
            if "use_variant" in text:
                return (f"code cell {number} names use_variant but is not plain Python (a magic such as %matplotlib, a "
                        "syntax error, or a number too long to read)")
            continue
        if _unresolved_use_variant(tree, resolved):
            return f"code cell {number} reaches use_variant otherwise than as {worksheet}.use_variant(N)"
    return _dynamic(code)


def _grade_one(nb: dict[str, Any], name: str, secret: str | bytes, roster: Mapping[str, str] | None,
               reruns: _Reruns | None = None) -> Submission:
    # Every reading of this notebook's answers draws from one budget too (sandbox.budget): a notebook of answers
    # that each spend a reading's whole budget costs about one such reading, not one per answer.
    with sandbox.budget(nodes=NOTEBOOK_READING, work=sandbox.MAX_WORK_BITS) as reading:
        return _grade_budgeted(nb, name, secret, roster, reading, reruns)


def _grade_budgeted(nb: dict[str, Any], name: str, secret: str | bytes, roster: Mapping[str, str] | None,
                    reading: sandbox.Budget, reruns: _Reruns | None = None) -> Submission:
    import importlib

    label, student, seed = _which(nb)
    # The name as shown (printable) is the same name (names.normal compares what printable shows as spaces as spaces):
    # its seed and its place on the roster are the full name's; only a name not on the roster is cut for the table.
    on_roster = roster is None or _normal(student) in roster
    seed_name, student = student, student if roster is not None and on_roster else student[:200]
    code = _code_cells(nb)
    # What the notebook is, by its cells (a worksheet 6 copy relabelled as worksheet 4 and saved without outputs
    # still has worksheet 6's use_variant line): graded as that, flagged where its label or file name says otherwise.
    worksheet, sign = _what_it_is(label, code, _check_worksheets(nb))
    flags = []
    if worksheet != label:
        flags.append(f"labelled {label} in its metadata, but its {sign} {'are' if sign.endswith('s') else 'is'} "
                     f"worksheet {worksheet}'s: handed in for the wrong worksheet? (graded as {worksheet})")
    named = _file_worksheet(name)
    if named is not None and named != worksheet:
        flags.append(f"its file name is worksheet {named}'s ({WORKSHEETS[named]}), but it is worksheet {worksheet}'s: "
                     f"handed in for the wrong worksheet? (graded as {worksheet})")
    if not on_roster:
        flags.append("student not on the roster")
    if worksheet == CAPSTONE:
        # The seeds row says the line is another variant; the flag names whose, as for the other worksheets.
        line = _other_variant_line(code, CAPSTONE, student_seed(secret, seed_name, CAPSTONE), secret, roster)
        if line is not None and " names the variant of " in line:
            flags.append(line)
        return _capstone(nb, name, student, seed, secret, code, flags, seed_name, reruns)
    if worksheet not in GRADED:
        raise _Skip(f"{worksheet} is not graded here" + (f" ({'; '.join(flags)})" if flags else ""))
    module = importlib.import_module(f"hearts_lab.exercises.{worksheet}")
    if worksheet in GENERATORS:
        own = student_seed(secret, seed_name, worksheet)
        if seed != own:
            flags.append("the notebook's variant is not this student's (graded on the student's own)")
        line = _other_variant_line(code, worksheet, own, secret, roster)
        if line is not None:
            flags.append(line)
        if worksheet == "ws3":
            module.use_variant(own, values=variant_values("ws3", own))
        elif worksheet == "ws4":
            # Q1-Q3, Q6 against this student's own keys; Q7/Q8: the recorded count is dealt (simulated) again.
            module.use_variant(own, values=variant_values("ws4", own), grading=True)
        elif worksheet == "ws6":
            module.use_variant(own, grading=True)  # Q3: the recorded count is sampled again
        else:
            module.use_variant(own)
    cells = _answer_cells(nb, code)
    dynamic = _dynamic(code) or _own_arithmetic(code)  # why every answer was read as computed, if it was
    stored, hints = _outputs(nb, worksheet)
    others = sorted(_check_worksheets(nb) - {worksheet})
    if not stored and others and worksheet == label:  # its use_variant line is the label's, its outputs are not
        flags.append(f"its check outputs are worksheet {', '.join(others)}'s: handed in for the wrong worksheet?")
    def judged(key: str) -> Answer:
        """One question's answer as the teacher's side reads and judges it."""
        refused_before = reading.refused
        out = stored.get(key)
        message = ""  # the check's message, where the teacher's side judged the answer
        attempt = out.get("attempt") if out else None
        attempt = attempt if isinstance(attempt, int) and not isinstance(attempt, bool) and attempt >= 0 else None
        readable, value = cells.get(key, (False, None))
        source = "cell"
        notes = [TOO_LARGE] if not readable and value == TOO_LARGE else []
        if dynamic is not None and key in cells and not readable:
            notes.append(f"read as computed: {dynamic}, which the teacher's side does not follow, so no answer line "
                         "is taken as written (its value is the one its check recorded, if any)")
        checked = out is not None and out.get("status") in ("correct", "incorrect") and out.get("answer") is not None
        if not readable or (value is Ellipsis and checked):
            # Computed in the notebook (or the cell was emptied after checking): the value the check recorded.
            if checked and out is not None:
                if readable:
                    notes.append("the answer cell was emptied after the check")
                value, source = out["answer"], "recorded"
            else:
                source = ""
        unrecorded = out is not None and out.get("status") in ("correct", "incorrect") and out.get("answer") is None
        if source == "" and unrecorded and key in RERUN.get(worksheet, ()) and out is not None and out["status"] == "incorrect":
            # Not a dealing's or simulation's result (its check records those): refused in the student's kernel.
            status = "recorded incorrect"
            notes.append("not a dealing or simulation result, so nothing to run again: the stored verdict is the student's kernel's")
        elif source == "" and unrecorded and isinstance(out.get("answer_type"), str):  # type: ignore[union-attr]
            # The check judged a value of a kind it does not record (a float): what it was is said, no edit suspected.
            kind = _printable(out["answer_type"])[:40]  # type: ignore[index]
            if out["status"] == "incorrect":  # type: ignore[index]
                status = "incorrect"
                notes.append(f"the check refused the value when it ran: a {kind}, a type its stored output does not "
                             "record, so the value is not re-judged here")
            else:
                status = "unreadable"
                notes.append(f"the check accepted a {kind} when it ran, a type its stored output does not record: "
                             "not verified here")
        elif source == "" and unrecorded:
            # Every other check stores the answer it judged: without one, the verdict cannot be re-derived.
            status = "unreadable"
            notes.append("the stored output records no answer (edited?): not verified")
        elif source == "":
            status = "unreadable"
            notes.append("answer computed in the notebook and no check output records its value")
        elif source == "recorded" and "student not on the roster" in flags and key in RERUN.get(worksheet, ()):
            # Re-dealing (re-simulating) takes about a second: not spent on a name nobody in the class has.
            status = "not re-run"
            notes.append("a dealing or simulation result of a student not on the roster: not re-run")
        elif source == "recorded" and not _recordable(value):
            status = "unreadable"  # not a student's honest mistake: no check records such a value
            notes.append("the stored output's answer is not an answer (edited?)")
        elif (source == "recorded" and key in RERUN.get(worksheet, ()) and out is not None and out.get("made") is None
              and out.get("status") == "correct"):
            status = "unreadable"  # a count alone can match a run of the wrong rules
            notes.append("the stored output records the count but not what it was made from (rules, size, seed): "
                         "not verified (edited, or checked with an older hearts_lab?)")
        elif value is Ellipsis:
            status = "unanswered"
        else:
            # An answer that must be the result of a call (worksheet 4 Q7, Q8; worksheet 6 Q3): a literal of the
            # cell goes to the check as the typed value it is, a computed one as the count its check recorded;
            # the check's own rule (checks.call_count) decides, as it does in the student's kernel.
            # The stored output also records what the count was made from (rules, size, seed, players:
            # checks.made_of), and the check judges all of it: a count alone can match a run of the wrong rules.
            made_by_call = checks.MADE_BY_CALL.get(worksheet, {})
            try:
                judged = checks.Recorded.read(value, out.get("status") == "correct", out.get("made")) if (
                    key in made_by_call and source == "recorded" and out is not None) else value
            except ValueError as error:  # a made record no check writes
                judged = _UNREAD
                notes.append(f"the stored output's record of what the result was made from is not one a check writes "
                             f"(edited?): {error}")
            try:
                status, message = ("unreadable", "") if judged is _UNREAD else _judge(module, key, judged)
            except Exception as error:  # a check must never stop the class table
                status, source, message = "unreadable", "", ""
                notes.append(f"could not be read ({type(error).__name__})")
            if key in made_by_call and status == "incorrect" and message == made_by_call[key]:
                notes.append(f"a typed value in the answer cell, not the result of the call the question asks for: "
                             f"refused, as the student's own check refuses it ({message})")
            elif key in made_by_call and status == "incorrect" and message == checks.REFUSED_RECORD:
                notes.append(message)
        line = f"{key.lower()} = ..."
        if key in checks.MADE_BY_CALL.get(worksheet, {}) and not readable and (key in cells or status in ("correct", "incorrect")):
            # Computed in the notebook: it must be the call's result, read from the cells (never a count built by hand).
            asked = MADE_BY[(worksheet, key)][2]
            if key not in cells:  # the answer cell deleted: nothing shows the stored count is the call's result
                status = "unreadable"
                notes.append(f"no answer line ({line}) in any cell: the stored output alone cannot show that its count is "
                             f"the result of the call the question asks for, {asked}: not verified")
            elif cells[key][1] == IN_UNPARSED:
                status = "unreadable" if status in ("correct", "incorrect") else status
                notes.append(f"the answer is assigned {IN_UNPARSED} (a magic, a syntax error), which the teacher's side "
                             f"does not read: that it is the result of {asked} is not verified")
            else:
                why = not_made_by_call(code, worksheet, key)
                if why is not None:
                    # the check may have passed the value: the class table's why is this reason, not its message
                    status, message = "incorrect", why
                    notes.append(why)
        elif key not in cells and source == "recorded":
            notes.append(f"no answer line ({line}) in any cell: judged from the stored output only")
        if (out and out.get("status") in ("correct", "incorrect", "unanswered") and status in ("correct", "incorrect")
                and out["status"] != status):
            notes.append(f"stored output says {out['status']}, the answer is {status}")
        if (checked and out is not None and source == "cell" and status in ("correct", "incorrect")
                and _plain(out["answer"]) != _plain(checks.recorded(value))):
            notes.append("the stored output checked a different answer than the cell holds")
        if reading.refused > refused_before:  # this answer's reading found the notebook's budget spent
            status, message = "unreadable", ""
            notes = [f"not read: the notebook's answers used up the reading budget the teacher's side gives one notebook "
                     f"({NOTEBOOK_READING:,} steps), far more than any honest notebook needs"]
        first = None
        if out and attempt is not None and out.get("status") == "correct" and status == "correct":
            first = attempt == 1
        elif out and status == "incorrect":
            first = False
        why = _why(worksheet, key, message) if status == "incorrect" else ""
        return Answer(key, status, source, attempt, first, hints.get(key, 0), notes, why)

    answers = []
    for key in checks.QUESTIONS[worksheet]:
        try:
            answers.append(judged(key))
        except Exception as error:  # one answer the teacher's side cannot read never loses the notebook's others
            answers.append(Answer(key, "unreadable", "", None, None, hints.get(key, 0), [f"could not be read ({type(error).__name__})"]))
    if worksheet in GENERATORS:
        module.use_variant(None)
    return Submission(name, student, worksheet, answers, flags)


#: At most this many notebooks are graded in one run (a class of 100 hands in 500); the rest are named as skipped.
MAX_NOTEBOOKS = 2000
#: Hand-ins are searched this many folders deep (copies are ``student/NN.ipynb``; a zip adds a level or two).
MAX_DEPTH = 8


def file_name(path: Path, root: Path) -> str:
    """``path`` relative to ``root`` as printable text: a name that is not UTF-8 (an old zip tool's ``caf\\xe9``)
    gets backslash escapes, so printing or writing it never fails.

    >>> file_name(Path(os.fsdecode(b"in/caf\\xe9.ipynb")), Path("in"))
    'caf\\\\xe9.ipynb'
    """
    return _printable(os.fsencode(path.relative_to(root)).decode("utf-8", "backslashreplace"))


#: The name of a results file :func:`~hearts_lab.exercises.results.export` writes (``ws1_<name>.json`` or ``.csv``).
_RESULTS_FILE = re.compile(r"ws\d_.*\.(json|csv)", re.IGNORECASE | re.DOTALL)


def _handed_in(root: Path) -> tuple[list[tuple[Path, str]], list[tuple[str, str]]]:
    """The ``.ipynb`` files under ``root`` (any case of the suffix, not in ``.ipynb_checkpoints``, at most
    :data:`MAX_DEPTH` folders deep) with their printable names, and every other file or folder left out, named with why."""
    found: list[tuple[Path, str]] = []
    skipped: list[tuple[str, str]] = []

    def unreadable(error: OSError) -> None:
        where = file_name(Path(error.filename), root) if error.filename else "?"
        skipped.append((where, f"not searched: {error.strerror or error}"))

    # Top-down and pruned at MAX_DEPTH, so a hand-in nested 1,500 folders deep is named, never walked.
    for top, folders, files in os.walk(root, onerror=unreadable):
        here = Path(top)
        depth = len(here.relative_to(root).parts)
        folders[:] = sorted(f for f in folders if f != ".ipynb_checkpoints")
        for f in [f for f in folders if (here / f).is_symlink()]:  # os.walk lists a folder link and never enters it
            skipped.append((file_name(here / f, root), "a link to a folder, not a folder: a handed-in link is never followed"))
            folders.remove(f)
        if depth >= MAX_DEPTH and folders:
            skipped.extend([(file_name(here / f, root), f"not searched: more than {MAX_DEPTH} folders deep") for f in folders])
            folders[:] = []
        for f in sorted(files):
            path = here / f
            if path.is_symlink():  # a zip's link to a classmate's copy, or to a file outside the folder
                skipped.append((file_name(path, root), "a link, not a regular file: a handed-in link is never followed"))
            elif f.lower().endswith(".ipynb"):
                found.append((path, file_name(path, root)))
            elif _RESULTS_FILE.fullmatch(f):  # export()'s own file, which a class copy's last cell writes beside it
                skipped.append((file_name(path, root), "a results file (export), not a notebook: not graded here "
                                "(merge_results reads results files)"))
            else:
                skipped.append((file_name(path, root), "not a .ipynb file: handed in with the wrong name?"))
    return found, skipped


def grade(folder: str | Path, secret: str | bytes, roster: Iterable[str] | None = None, *, rerun: str = "fast") -> Grades:
    """Grade every handed-in notebook (``*.ipynb``, also in subfolders) of ``folder`` on the teacher's side.

    Each notebook is read as JSON, never run. For each question the answer is
    its answer line's value where the grader computes it exactly as Python
    would (a value, or ``+ - * / **`` and sympy's counting calls; never in a
    notebook that uses anything dynamic), or the value its check recorded; the
    worksheet's check judges it against the student's own variant, regenerated
    from ``secret``. A file that cannot be graded is named in ``.skipped`` with
    the reason; it never stops the run. Two notebooks of the same student and
    worksheet are both graded and flagged.

    Cost: each file is at most :data:`MAX_BYTES` and is read, never run; at most
    :data:`MAX_NOTEBOOKS` are graded. Worksheet 4's Q7 and Q8 are dealt and
    simulated again (about a second) once per student's seed, and with a
    ``roster`` only for the names on it. Worksheet 6's Q3 is sampled again
    (a fraction of a second) once per student's variant that a notebook
    answers, on the roster or not (the last 64 samplings are kept).

    Each capstone (worksheet 5) has its plan simulated again, with the student's own seeds from ``secret``: its
    *re-run* row shows the effect and interval of the teacher's runs and whether Q4's and Q5's recorded ones agree
    (:func:`_rerun_row`). ``rerun="fast"`` (the default) re-runs the plans the numpy batch path plays (bots
    'random' or 'lowest': 2 x 20,000 hands take about 0.1 s); ``rerun="all"`` also those the engine plays (bots
    'heuristic', or rules or a recorded method the batch path does not take), each estimated first (cards played x a
    measured rate, :data:`ENGINE_SECONDS_PER_CARD`) and not re-run above :data:`ENGINE_RERUN_LIMIT` (150 s) a notebook;
    measured on the 2-core development machine, a heuristic plan of 2 x 10,000 hands takes about 15 s of CPU (4
    players, one pack) and about 140 s for the largest, 2 x 20,000 hands with 2 players and two packs; random players through
    the engine about 72 s a run of 200,000 hands. Identical runs are simulated once per call. With ``rerun="fast"``
    a call's re-runs stop after :data:`RERUN_BUDGET` (60 s) of CPU (the rest say so): the worst case is that plus one
    notebook's two batch runs, a few seconds. ``rerun="all"`` has no overall bound: each engine plan is bounded by
    :data:`ENGINE_RERUN_LIMIT`, so a class of N such plans takes at most about N x 150 s. Measured with
    ``benchmarks/capstone_rerun.py`` (a class of 30 with typical plans, 3 of them heuristic, 2-core machine at load
    0.3 to 1.0): the whole class in 2.8 s of CPU by default (the re-runs 0.1 s a student), 46 s with
    ``rerun="all"`` (about 14.5 s for each heuristic plan).
    """
    _check_secret(secret)
    reruns = _Reruns(rerun)
    if not isinstance(folder, (str, PathLike)):
        raise ValueError(f"folder: a path to the folder of handed-in notebooks, not {type(folder).__name__}.")
    root = Path(folder)
    if not root.is_dir():
        raise ValueError(f"folder: {root} is not a folder.")
    names = {_normal(n): " ".join(_printable(n).split()) for n in _roster(roster)} if roster is not None else None
    saved = list(checks._RESULTS)  # grading calls the checks: leave this session's results as they were
    submissions: list[Submission] = []
    skipped: list[tuple[str, str]] = []
    try:
        found, skipped = _handed_in(root)
        skipped += [(name, f"not graded: more than {MAX_NOTEBOOKS:,} notebooks in the folder") for _, name in found[MAX_NOTEBOOKS:]]
        for path, name in found[:MAX_NOTEBOOKS]:
            try:
                submissions.append(_grade_one(_read_notebook(path), name, secret, names, reruns))
            except _Skip as why:
                skipped.append((name, str(why)))
            except Exception as error:  # a hostile file must not stop the class table
                skipped.append((name, f"could not be graded ({type(error).__name__})"))
    finally:
        checks._RESULTS[:] = saved
        for ws in GENERATORS:
            __import__(f"hearts_lab.exercises.{ws}", fromlist=["use_variant"]).use_variant(None)
    seen: dict[tuple[str, str], int] = {}
    for sub in submissions:
        seen[(_normal(sub.student), sub.worksheet)] = seen.get((_normal(sub.student), sub.worksheet), 0) + 1
    for sub in submissions:
        if seen[(_normal(sub.student), sub.worksheet)] > 1:
            sub.flags.append("more than one notebook for this student and worksheet")
    handed = sorted({sub.worksheet for sub in submissions})
    missing = [(" ".join(_printable(n).split()), ws) for ws in handed for n in _roster(roster or [])
               if (_normal(n), ws) not in seen]
    return Grades(submissions, skipped, missing)


# -- the command line: hearts-lab class copies|grade|key ------------------------------


def read_roster(path: str | Path) -> list[str]:
    """Student names from a text file, one a line (blank lines and lines starting with # are skipped)."""
    text = Path(path).read_text(encoding="utf-8-sig")  # Excel's "CSV UTF-8" and old Notepad start with a BOM
    return [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def _print_keys(secret: str, roster: list[str] | None, student: str, worksheets: list[str]) -> int:
    """``hearts-lab class key NAME``: the student's own key of each worksheet (:meth:`Class.key`)."""
    for ws in worksheets:
        if ws not in GENERATORS:
            raise ValueError(f"--worksheets: one or more of {', '.join(GENERATORS)}, not {ws!r}.")
    if roster is None:
        raise ValueError("--roster: key needs the class list (one name a line), so that a misspelt name is not "
                         "silently given another student's variant.")
    klass = Class(secret, roster)
    for i, ws in enumerate(worksheets):
        print(("\n" if i else "") + str(klass.key(student, ws)), end="")
    return 0


def command(args: Any) -> int:
    """``hearts-lab class copies FOLDER`` / ``grade FOLDER`` / ``key NAME`` (see ``hearts-lab class -h``)."""
    import sys

    try:
        try:
            secret = Path(args.secret_file).read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            raise ValueError(f"--secret-file: cannot read {str(args.secret_file)!r}: {reason}.") from None
        roster = read_roster(args.roster) if args.roster else None
        if args.action == "copies":
            if roster is None:
                raise ValueError("--roster: copies need the class list (one name a line).")
            worksheets = args.worksheets or list(WORKSHEETS)
            for ws in worksheets:
                if ws not in WORKSHEETS:
                    raise ValueError(f"--worksheets: one or more of {', '.join(WORKSHEETS)}, not {ws!r}.")
            paths = Class(secret, roster).write(args.folder, worksheets)
            print(f"wrote {len(paths)} notebooks for {len(roster)} students in {args.folder}")
            return 0
        if args.action == "key":
            return _print_keys(secret, roster, str(args.folder), args.worksheets or list(GENERATORS))
        grades = grade(args.folder, secret, roster=roster, rerun=getattr(args, "rerun", "fast"))
        print(grades)
        if args.csv:
            grades.to_csv(args.csv)
            print(f"wrote {args.csv}")
        return 0
    except (OSError, ValueError) as error:
        print(f"hearts-lab class: {error}", file=sys.stderr)
        return 2
