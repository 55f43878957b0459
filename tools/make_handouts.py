#!/usr/bin/env python3
"""Paper from the same sources: printable PDFs of the worksheets, the rules and deal slips.

``make handouts`` runs ``python tools/make_handouts.py dist``, which writes

* ``dist/handouts/ws1_legal_moves.pdf`` ... one per student worksheet, every position and trick drawn
  as cards (the widgets' card pictures, :mod:`hearts_lab.paper`) and a box to write each answer in;
* ``dist/handouts/rules_standard.pdf``, ``rules_lowest-clubs.pdf``, ``rules_cancellation.pdf``: one page
  per rule set, the rules taken from ``docs/rules.md`` (rulebook quotations left out) and the table of
  the deck for every player count taken from the engine;
* ``dist/handouts/slips_*.pdf``: deal slips (``hearts-lab deal ... --slips``) for the seeded deals of
  notebooks 01 and 04, one slip per seat, so a class can deal them with real packs;
* ``dist/teacher/key_ws1_legal_moves.pdf`` ...: the same worksheets with each question's answer key
  (``exercises/teacher/answer_keys/``) in place of the answer box. Never in the student archive;
* ``dist/hearts-lab-handouts.zip``: the student side (tools/student_dist.py) with the student PDFs,
  the package as a wheel and how to open it all with a plain Jupyter.

A worksheet is printed by running its cells that show something (with the generic, self-study
positions: the worksheet modules' own) and drawing what they show; :func:`displayed_values` takes
``overrides`` so that a per-student variant's positions print the same way.

Usage::

    python tools/make_handouts.py dist                  # everything above (--paper Letter for US Letter)
    python tools/make_handouts.py dist --html-only      # the HTML pages only (no Chromium needed)
    python tools/make_handouts.py out --notebooks copies  # each student's own copy (classroom.Class.write)
"""
from __future__ import annotations

import argparse
import ast
import builtins
import contextlib
import io
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any, Mapping

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import mistune  # noqa: E402
import nbformat  # noqa: E402
from latex2mathml.converter import convert as latex_to_mathml  # noqa: E402

from hearts_lab import (  # noqa: E402
    Hand,
    Rules,
    paper,  # noqa: E402
)

STUDENT = REPO / "exercises" / "student"
KEYS = REPO / "exercises" / "teacher" / "answer_keys"
RULES_DOC = REPO / "docs" / "rules.md"

#: Lines of writing space in each answer box: short answers for the position worksheets, room for
#: working in the counting and probability ones.
ANSWER_LINES = {"01": 2, "02": 2, "03": 5, "04": 5, "05": 5}
#: What an answer box asks for on paper where the notebook's answer is an object that cannot be written
#: down (a Count, a simulation result): the numbers that make it, which the notebook's check needs.
PAPER_LABELS = {
    "04": {"q7": "q7: the number of deals, the seed and the hits", "q8": "q8: the number of hands, the seed and the moons"},
    "06": {"q3": "q3: the number of worlds, the seed and the hits"},
}
#: Markdown sections about the notebook itself (progress, handing in): left off paper.
NOT_ON_PAPER = re.compile(r"^##\s+Your progress", re.MULTILINE)
#: The seeded deals whose slips ``make handouts`` prints: (file stem, preset, players, seed, hand number, where used).
SLIP_DEALS = (
    ("slips_notebook01_standard_4p_seed12", "standard", 4, 12, 0, "notebook 01 (the rules tour)"),
    ("slips_notebook04_cancellation_7p_seed72", "cancellation", 7, 72, 0, "notebook 04 (Cancellation Hearts)"),
)
PRESETS = ("standard", "lowest-clubs", "cancellation")

_markdown = mistune.create_markdown(escape=False, plugins=["table", "math", "strikethrough"])
_MATH = re.compile(r'<(span|div) class="math">\\[\(\[](.*?)\\[\)\]]</\1>', re.DOTALL)


def markdown_html(text: str) -> str:
    """Markdown as HTML, with TeX math as MathML (Chromium draws it; nothing is fetched)."""
    body = _markdown(text)
    return _MATH.sub(lambda m: latex_to_mathml(_unescape(m.group(2)), display="block" if m.group(1) == "div" else "inline"), body)


def _unescape(text: str) -> str:
    return text.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"')


# -- worksheets ---------------------------------------------------------------------------

_STUB = re.compile(r"^\s*(\w+)\s*=\s*\.\.\.\s*# your answer here", re.MULTILINE)
_QUESTION = re.compile(r"^##\s+Q(\d+)(?:\s+and\s+Q(\d+))?\.", re.MULTILINE)  # "## Q4 and Q5." is one block
#: A markdown cell the student writes in: "*(your write-up here)*", "(describe it here)".
_WRITE_HERE = re.compile(r"\((?:your [^)]*|describe it) here\)")
#: The placeholder itself, with its emphasis: left off paper, where the box below takes its place.
_PLACEHOLDER = re.compile(r"[*_]?\((?:your [^)]*|describe it) here\)[*_]?")


def _kind(cell, answer_names: set[str]) -> str:
    """What a code cell is on paper: 'answer', 'hidden' (runs, shows nothing), 'skip' or 'show'."""
    source = cell.source
    if "jupyterlite" in cell.metadata.get("tags", []):
        return "skip"
    if _STUB.search(source) or "# your work here" in source:
        return "answer"
    if re.search(r"\.check_q\d+\(|^\s*(summary|export)\(", source, re.MULTILINE):
        return "skip"
    tree = ast.parse(source)
    if all(isinstance(node, (ast.Import, ast.ImportFrom)) for node in tree.body):
        return "hidden"
    used = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    return "skip" if used & answer_names else "show"


def answer_names(nb) -> set[str]:
    """The names a student's answer cells assign (``q1 = ...``, ``house = ...``)."""
    return {m.group(1) for cell in nb.cells if cell.cell_type == "code" for m in _STUB.finditer(cell.source)}


class _Drawn:
    """One thing a cell printed: an object worth drawing, or text."""

    def __init__(self, value: Any) -> None:
        self.value = value


def _run_cell(source: str, namespace: dict) -> list[Any]:
    """Run a cell as Jupyter would and return what it showed: each print() (its object when it printed
    one object, else the text) and the value of a last bare expression."""
    shown: list[Any] = []

    def capture(*args: Any, sep: str = " ", end: str = "\n", file: Any = None, flush: bool = False) -> None:
        if file is not None:
            builtins.print(*args, sep=sep, end=end, file=file, flush=flush)
        elif len(args) == 1 and not isinstance(args[0], str):
            shown.append(args[0])
        else:
            shown.append(sep.join(str(a) for a in args))

    tree = ast.parse(source)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    namespace["print"] = capture
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(tree, "<worksheet cell>", "exec"), namespace)
        if last is not None:
            value = eval(compile(ast.Expression(last.value), "<worksheet cell>", "eval"), namespace)
            if value is not None:
                shown.append(value)
    del namespace["print"]
    # Consecutive lines of text read as one block.
    merged: list[Any] = []
    for item in shown:
        if isinstance(item, str) and merged and isinstance(merged[-1], str):
            merged[-1] += "\n" + item
        else:
            merged.append(item)
    return merged


def displayed_values(nb, overrides: Mapping[str, Any] | None = None) -> dict[int, list[Any]]:
    """Run the cells of a student worksheet that show something; return, per cell index, what each showed.

    ``overrides`` (name -> object) are put back into the namespace before every cell, after the
    imports: ``{"ws1": variant}`` prints a variant's positions through the same cells.
    """
    names = answer_names(nb)
    namespace: dict[str, Any] = {"__name__": "__worksheet__"}
    out: dict[int, list[Any]] = {}
    try:
        for index, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            kind = _kind(cell, names)
            if kind in ("hidden", "show"):
                namespace.update(overrides or {})
                shown = _run_cell(cell.source, namespace)
                if kind == "show":
                    out[index] = shown
    finally:
        _generic_again()
    return out


def _generic_again() -> None:
    """Put every worksheet module back on its generic copy: a student's copy runs ``wsN.use_variant(seed)``
    (hearts_lab.exercises.classroom writes that line), which holds until it is undone."""
    import importlib

    for number in range(1, 6):
        module = importlib.import_module(f"hearts_lab.exercises.ws{number}")
        if hasattr(module, "use_variant"):
            module.use_variant(None)


def _is_drawing(value: Any) -> bool:
    return hasattr(value, "to_play") or hasattr(value, "leader") or paper._is_plays(value)


def _answer_box(names: list[str], lines: int, labels: Mapping[str, str] | None = None) -> str:
    """A lined box to write in: for an answer cell (``names``: what it assigns; ``labels``: what to write on
    paper for a name whose answer is an object) or, with no names, for prose."""
    label = ", ".join((labels or {}).get(n, n) for n in names) if names else "in words"
    css = "hl-answer" if names else "hl-answer hl-write"
    return (f"<div class='{css}' style='min-height:{lines * 8.8 + 4:.0f}mm'>"
            f"<span class='hl-answer-label'>Your answer ({paper._esc(label)})</span></div>")


def key_sections(name: str) -> dict[str, str]:
    """The answer key of a worksheet, split by question: 'Q1' -> its markdown (heading left out)."""
    text = (KEYS / f"{name}.md").read_text(encoding="utf-8")
    parts = re.split(r"^## (Q\d+)\.[^\n]*\n", text, flags=re.MULTILINE)
    sections = {parts[i]: parts[i + 1].strip() for i in range(1, len(parts), 2)}
    # What comes before Q1 (time, learning objectives), without the key's own title: "" -> markdown.
    sections[""] = re.sub(r"^# [^\n]*\n", "", parts[0]).strip().replace("## Learning objectives", "**Learning objectives**")
    return sections


def worksheet_html(nb, shown: Mapping[int, list[Any]], *, title: str, lines: int = 2,
                   keys: Mapping[str, str] | None = None, labels: Mapping[str, str] | None = None) -> str:
    """A worksheet for paper: its prose, what its cells show (drawn as cards), and an answer box per
    answer cell - or, with ``keys`` (question -> answer key markdown), the key after each question.
    A student's own copy (hearts_lab.exercises.classroom) prints with their name in the header."""
    names = answer_names(nb)
    meta = nb.metadata.get("hearts_lab", {}) if hasattr(nb, "metadata") else {}
    student = meta.get("student") if isinstance(meta, Mapping) else None
    name_field = (f"<span>Name: <strong>{paper._esc(student)}</strong></span>" if student
                  else "<span>Name: ______________________</span>")
    body = [
        f"<div class='hl-header'><span>{paper._esc(title)}</span>"
        + ("<span><strong>Answer key · teacher only</strong></span>" if keys else
           f"{name_field}<span>Class: __________</span>")
        + "</div>",
        "<p class='hl-note'><em>" + (
            "The answer key follows each question (the generic, self-study copy's: a student's own copy asks "
            "other questions, whose key is <code>hearts-lab class key NAME</code>)." if keys else
            "On paper: write each answer in its box. To check it, type it into the same answer cell of your own "
            "notebook and run the check below that cell. These are your own copy's questions." if student else
            "On paper: write each answer in its box. To check it, type it into the same answer cell of the notebook "
            "and run the check below that cell. This is the generic (self-study) sheet: if your teacher gave you "
            "your own notebook, its questions differ, so answer those (your teacher can print your own sheet).")
        + "</em></p>",
    ]
    if keys and keys.get(""):
        body.append(f"<div class='hl-key'>{markdown_html(keys[''])}</div>")
    question: list[str] = []  # the question(s) of the open block: ["Q4", "Q5"] under "## Q4 and Q5."

    def close_question() -> None:
        for q in question:
            if keys and q in keys:
                body.append(f"<div class='hl-key'>{markdown_html(keys[q])}</div>")
        if question:
            body.append("</section>")

    skipping = False
    for index, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown":
            match = _QUESTION.search(cell.source)
            if match or cell.source.lstrip().startswith("## "):
                close_question()
                question = [f"Q{n}" for n in match.groups() if n] if match else []
                skipping = bool(NOT_ON_PAPER.search(cell.source))
                if question:
                    body.append(f"<section class='hl-question' data-question='{' '.join(question)}'>")
            if not skipping:
                prose = f"<div class='hl-md'>{markdown_html(cell.source)}</div>"
                if _WRITE_HERE.search(cell.source) and not keys:  # a cell the student writes in: room below it
                    # the notebook's placeholder ("*(your write-up here)*") is not printed: the box is the place
                    text = _PLACEHOLDER.sub("", cell.source).rstrip()
                    prose = f"<div class='hl-keep'><div class='hl-md'>{markdown_html(text)}</div>{_answer_box([], lines + 1)}</div>"
                body.append(prose)
            continue
        if skipping or cell.cell_type != "code":
            continue
        kind = _kind(cell, names)
        if kind == "answer" and not keys:
            body.append(_answer_box(_STUB.findall(cell.source), lines, labels))
        elif kind == "show":
            values = shown.get(index, [])
            drawn = "".join(d for d in (paper.shown_html(v) for v in values) if d)
            if not all(_is_drawing(v) for v in values) or not values:
                # a cell's code and what it shows stay together
                drawn = f"<div class='hl-keep'><pre class='hl-code'>{paper._esc(cell.source)}</pre>{drawn}</div>"
            body.append(drawn)
    close_question()
    return paper.page_html(title, "\n".join(body), css=".hl-md h1 { margin-top: 0; } .hl-code { font-size: 0.8em; }"
                           # a question stays on one page with what it shows and its answer box (a question
                           # taller than a page still breaks; a key's question may break: its key is long)
                           + ("" if keys else " .hl-question { break-inside: avoid; }"))


def notebook_pages(folder: Path) -> dict[Path, str]:
    """Every worksheet notebook under ``folder`` (e.g. the students' own copies that
    ``hearts_lab.exercises.classroom.Class.write`` made) as a printable page: its path, relative to
    ``folder`` and ending in .pdf -> HTML. Each prints its own variant, with its student's name."""
    pages = {}
    for path in sorted(Path(folder).rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts or not re.match(r"\d\d_", path.name):
            continue
        nb = nbformat.read(path, as_version=4)
        number = path.name[:2]
        title = f"Hearts Lab · worksheet {int(number)}: {path.stem[3:].replace('_', ' ')}"
        pages[path.relative_to(folder).with_suffix(".pdf")] = worksheet_html(
            nb, displayed_values(nb), title=title, lines=ANSWER_LINES.get(number, 3), labels=PAPER_LABELS.get(number))
    return pages


def worksheet_pages(keys: bool = False, overrides: Mapping[str, Any] | None = None,
                    names: list[str] | None = None) -> dict[str, str]:
    """Every student worksheet (or those ``names``, e.g. ``["01_legal_moves"]``) as a printable page:
    file stem -> HTML (answer keys with ``keys``)."""
    pages = {}
    for path in sorted(STUDENT.glob("*.ipynb")):
        if names is not None and path.stem not in names:
            continue
        nb = nbformat.read(path, as_version=4)
        number = path.name[:2]
        title = f"Hearts Lab · worksheet {int(number)}: {path.stem[3:].replace('_', ' ')}"
        html = worksheet_html(nb, displayed_values(nb, overrides), title=title, lines=ANSWER_LINES.get(number, 3),
                              keys=key_sections(path.stem) if keys else None, labels=PAPER_LABELS.get(number))
        pages[f"{'key_' if keys else ''}ws{int(number)}_{path.stem[3:]}"] = html
    return pages


# -- rules sheets -------------------------------------------------------------------------

_QUOTE = re.compile(r'\*"[^"]*"\*(?:\s*\[[^\]]*\])?')
_MARK = "\u241f"


_ABOUT_RULEBOOKS = re.compile(r"rulebook|translat|Greek|English|Czech|Hungarian|Macedonian|Russian|\b00\d\b|the clause", re.IGNORECASE)


def _strip_quotations(text: str, ruling: bool = False) -> str:
    """A rules paragraph without its rulebook quotations, the sentences that introduce them and the
    option names in parentheses (the sheet is for players; docs/rules.md keeps them). Of a ruling
    (``ruling=True``) only the decision stays: its label and the sentences that are not about the
    rulebooks' text (a sentence with a decision in bold always stays)."""
    label = ""
    found = re.match(r"(\*\*(?:Ruling|\d+\.\d+ )[^*]*\*\*)\s*", text)
    if found:
        label, text = found.group(1), text[found.end():]
    if ruling:
        text = re.sub(r"\s*\([^()]*rulebook[^()]*\)", "", text)
        text = re.sub(r"^(If [^,.]+), the rulebooks are silent\. The ", r"\1, the ", text)
    text = re.sub(r"\s*\(`[^`]*`(?:[;,]? ?`[^`]*`)*\)", "", text)  # (`pass_count=3`)
    text = _QUOTE.sub(_MARK, text)
    text = re.sub(r"\s*\([^()]*" + _MARK + r"[^()]*\)", "", text)  # (002: «...» [...])
    sentences = re.split(r"(?<=[.!?\])])\s+(?=[A-Z0-9(*'\"])", text)
    kept, dropped = [], False

    def about(clause: str) -> bool:
        return _MARK in clause or ("**" not in clause and bool(_ABOUT_RULEBOOKS.search(clause)))

    for sentence in sentences:
        # A sentence whose clauses (split at "; ") are partly about the rulebooks keeps the other clauses.
        end = sentence[-1] if sentence[-1:] in (".", "!", "?") else ""
        clauses = [c for c in re.split(r";\s+", sentence.removesuffix(end)) if not about(c)]
        if dropped and sentence.startswith("But "):
            clauses = []
        if clauses:
            kept.append("; ".join(clauses).rstrip() + (end or "."))
        dropped = not clauses
    if not kept and (ruling or not label):
        return ""
    text = " ".join(([label] if label else []) + kept)
    text = re.sub(r"(\*\*) \.$", r"\1", text)  # a rule that is only its title
    text = re.sub(r"\s*\(\s*\)", "", text)
    return text.strip()


def rules_sections(text: str) -> dict[str, list[tuple[str, list[str]]]]:
    """docs/rules.md by section ('§0', '§1', ...): each numbered rule ('1.4') with its blocks (the rule's
    paragraph, its rulings, its tables)."""
    sections: dict[str, list[tuple[str, list[str]]]] = {}
    for chunk in re.split(r"^## ", text, flags=re.MULTILINE)[1:]:
        heading, _, rest = chunk.partition("\n")
        key = heading.split()[0]
        rules: list[tuple[str, list[str]]] = []
        for block in re.split(r"\n\s*\n", rest):
            block = re.sub(r'^(<a id="[^"]*"></a>\s*)+', "", block.strip())  # the rule's link target
            if not block or block == "---" or re.fullmatch(r'<a id="[^"]*"></a>', block):
                continue
            number = re.match(r"\*\*(\d+\.\d+) ", block)
            if number:
                rules.append((number.group(1), [block]))
            elif rules:
                rules[-1][1].append(block)
            else:
                rules.append(("", [block]))
        sections[key] = rules
    return sections


def _rule_blocks(blocks: list[str]) -> str:
    out = []
    for block in blocks:
        if block.startswith("|"):
            continue  # the sheet's deck table comes from the engine
        quoted = block.startswith(">")
        if quoted:
            block = "\n".join(line.lstrip("> ").rstrip() for line in block.splitlines())
        if block.startswith("The rulebook's example"):
            continue  # how a translation lost a word: the deck table shows the result
        text = _strip_quotations(" ".join(block.split()), ruling=quoted)
        if not text:
            continue
        # A sentence that introduced a docs/rules.md table (left out above) points at the sheet's own table.
        text = re.sub(r":\.$", " (the table at the top of the sheet).", text)
        html = markdown_html(text)
        out.append(f"<blockquote>{html}</blockquote>" if quoted else html)
    return "".join(out)


_SECTION = {"standard": "§1", "lowest-clubs": "§2", "cancellation": "§3"}


def rules_sheet_html(preset: str, text: str | None = None) -> str:
    """One printed page of a rule set: the deck for every player count (from the engine), then the rules
    of docs/rules.md §0 and the preset's section, without the rulebook quotations."""
    text = RULES_DOC.read_text(encoding="utf-8") if text is None else text
    sections = rules_sections(text)
    own = sections[_SECTION[preset]]
    intro = next((blocks[0] for number, blocks in own if not number), "")
    inherited: list[tuple[str, list[str]]] = []
    if "Everything as in `standard`" in intro:
        rest = next(blocks for number, blocks in own if number and "The rest" in blocks[0])
        wanted = set(re.findall(r"§(1\.\d+)", rest[0]))
        inherited = [(n, b) for n, b in sections["§1"] if n in wanted]
    players = paper.PRESET_PLAYERS[preset]
    parts = [
        f"<div class='hl-header'><span>Hearts Lab · rules sheet</span><span>from docs/rules.md; "
        f"cite a rule by its number, e.g. {_SECTION[preset]}.4</span></div>",
        f"<h1><code>{preset}</code> Hearts, {players.start} to {players.stop - 1} players</h1>",
        paper.preset_table_html(preset),
        "<div class='hl-columns' style='margin-top:3mm'>",
        "<h3 style='margin-top:0'>Common ground (§0)</h3>",
        *(_rule_blocks(b) for n, b in sections["§0"] if n),
        f"<h3>{paper._esc(preset)} ({_SECTION[preset]})</h3>",
        *(_rule_blocks(b) for n, b in own if n),
    ]
    if inherited:
        parts += ["<h3>As in standard (§1)</h3>", *(_rule_blocks(b) for n, b in inherited)]
    parts.append("</div>")
    css = ("html { font-size: 8.6pt; }"
           " .hl-columns blockquote { font-size: 0.95em; margin: 0.15em 0 0.4em; }"
           " .hl-columns blockquote p { margin: 0; } h1 { font-size: 1.4em; } .hl-preset-table td, .hl-preset-table th { padding: 0.1em 0.35em; }")
    return paper.page_html(f"Hearts Lab rules: {preset}", "\n".join(parts), css=css, one_page=True)


# -- deal slips ---------------------------------------------------------------------------


def slips_page(preset: str, players: int, seed: int, hand_number: int = 0, source: str = "") -> str:
    """The deal slips of a seeded deal (dealer seat 0) as a printable page."""
    rules = Rules.preset(preset, players=players)
    hand = Hand.deal(rules, seed=seed, hand_number=hand_number, dealer=0)
    return paper.page_html(f"Deal slips: {rules.summary()}, seed {seed}", paper.deal_slips_html(hand, seed=seed, source=source))


# -- the archive --------------------------------------------------------------------------

HANDOUTS_README = """\
# Hearts Lab: the printed handouts and how to open the notebooks

* `print/`: the worksheets with every position drawn as cards, one rules sheet per
  rule set, and deal slips for the seeded deals of notebooks 01 and 04 (cut them apart,
  give each player their slip, and deal the hand with real packs).
* `notebooks/`, `exercises/student/`, `docs/rules.md`: the lessons, the worksheets and
  the rules, as on the class's Binder or JupyterLite site.
* `{wheel}`: the `hearts_lab` package the notebooks and worksheets import.

## Opening the notebooks with a plain Jupyter

You need Python 3.11 or newer. In a terminal, in this folder (after unzipping):

    python3 -m venv .venv
    .venv/bin/pip install "{wheel}[notebooks]"
    .venv/bin/jupyter lab notebooks/00_start_here.ipynb

On Windows (PowerShell or cmd) the three lines are `py -m venv .venv`,
`.venv\\Scripts\\pip install "{wheel}[notebooks]"` and
`.venv\\Scripts\\jupyter lab notebooks\\00_start_here.ipynb`.
JupyterLab opens in your browser; stop it with Ctrl-C in the terminal. Already have
Jupyter? `pip install "{wheel}[notebooks]"` into its Python is enough.
"""


ARCHIVE_NOTE = """
In this archive, [`HANDOUTS.md`](HANDOUTS.md) says how to install the package (the
wheel beside it) and open the notebooks with a plain Jupyter; `print/` holds the
printed worksheets, rules sheets and deal slips.
"""


def build_wheel(dest: Path) -> Path:
    """The package as a wheel (pip builds it from pyproject.toml; no dependency is downloaded but the build's)."""
    dest.mkdir(parents=True, exist_ok=True)
    for old in dest.glob("hearts_lab-*.whl"):
        old.unlink()
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", tmp, str(REPO)],
                       check=True, timeout=600)
        (wheel,) = Path(tmp).glob("hearts_lab-*.whl")
        return Path(wheel.replace(dest / wheel.name))


def student_archive(archive: Path, pdfs: list[Path], wheel: Path) -> Path:
    """The LMS archive: tools/student_dist.py's student side (worksheets, notebooks, rules), the student
    PDFs in ``print/``, the wheel, and HANDOUTS.md on opening it all with a plain Jupyter."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("student_dist", REPO / "tools" / "student_dist.py")
    dist = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(dist)  # type: ignore[union-attr]
    archive.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        root = dist.build(Path(tmp) / "hearts-lab", REPO, dist.HANDOUTS)
        readme = root / "README.md"
        readme.write_text(readme.read_text(encoding="utf-8") + ARCHIVE_NOTE, encoding="utf-8")
        (root / "HANDOUTS.md").write_text(HANDOUTS_README.format(wheel=wheel.name), encoding="utf-8")
        (root / "print").mkdir()
        for pdf in pdfs:
            shutil.copy2(pdf, root / "print" / pdf.name)
        shutil.copy2(wheel, root / wheel.name)
        with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as zf:
            for path in sorted(p for p in root.rglob("*") if p.is_file()):
                zf.write(path, Path("hearts-lab") / path.relative_to(root))
    return archive


def all_pages() -> tuple[dict[str, str], dict[str, str]]:
    """(student pages, teacher pages): file stem -> HTML."""
    student = worksheet_pages()
    for preset in PRESETS:
        student[f"rules_{preset}"] = rules_sheet_html(preset)
    for stem, preset, players, seed, hand_number, source in SLIP_DEALS:
        student[stem] = slips_page(preset, players, seed, hand_number, source)
    return student, worksheet_pages(keys=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dist", type=Path, help="the folder to write into (dist)")
    parser.add_argument("--html-only", action="store_true", help="write the HTML pages, print nothing, build no archive")
    parser.add_argument("--paper", choices=("A4", "Letter"), default="A4")
    parser.add_argument("--notebooks", metavar="FOLDER", type=Path, default=None,
                        help="instead: print every worksheet notebook under FOLDER (e.g. the students' own copies "
                             "from hearts_lab.exercises.classroom) to DIST/<the same path>.pdf")
    opts = parser.parse_args(argv)
    start = time.monotonic()
    if opts.notebooks is not None:
        if not opts.notebooks.is_dir():
            parser.error(f"--notebooks: {opts.notebooks} is not a folder")
        pages = notebook_pages(opts.notebooks)
        if not pages:
            parser.error(f"--notebooks: no worksheet notebook (NN_name.ipynb) under {opts.notebooks}")
        written = paper.print_pdf({opts.dist / path: text for path, text in pages.items()}, paper=opts.paper)
        print(f"printed {len(written)} worksheets into {opts.dist}  ({time.monotonic() - start:.1f}s)")
        return 0
    student, teacher = all_pages()
    html_dir = opts.dist / "html"
    for folder, pages in (("handouts", student), ("teacher", teacher)):
        for stem, text in pages.items():
            target = html_dir / folder / f"{stem}.html"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
    print(f"wrote {len(student) + len(teacher)} pages in {html_dir}  ({time.monotonic() - start:.1f}s)", flush=True)
    if opts.html_only:
        return 0
    jobs = {opts.dist / "handouts" / f"{stem}.pdf": text for stem, text in student.items()}
    jobs.update({opts.dist / "teacher" / f"{stem}.pdf": text for stem, text in teacher.items()})
    written = paper.print_pdf(jobs, paper=opts.paper)
    print(f"printed {len(written)} PDFs into {opts.dist}/handouts and {opts.dist}/teacher  ({time.monotonic() - start:.1f}s)", flush=True)
    wheel = build_wheel(opts.dist)
    archive = student_archive(opts.dist / "hearts-lab-handouts.zip", [p for p in written if p.parent.name == "handouts"], wheel)
    with zipfile.ZipFile(archive) as zf:
        print(f"wrote {archive}: {len(zf.namelist())} files, with {wheel.name}  ({time.monotonic() - start:.1f}s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
