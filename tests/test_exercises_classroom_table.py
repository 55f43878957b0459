"""The class table's notebook view (``Grades._repr_html_``), which teachers project: its structure, and nothing a
student's file holds made live. tests/browser/test_projector.py measures it in JupyterLab at the projector screens."""
from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from hearts_lab.exercises import classroom
from hearts_lab.exercises.classroom import SHOWN, TOO_LARGE, Answer, Grades, Submission

HOSTILE = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', 'x" onmouseover="alert(1)', "=HYPERLINK(\"http://e\")"]
#: The tags and attributes the view writes; anything else in its HTML came from a student's file.
TAGS = {"table", "caption", "code", "colgroup", "thead", "tbody", "tr", "th", "td", "small", "br", "wbr", "details",
        "summary", "div", "p", "ul", "li"}
ATTRIBUTES = {"class", "style", "scope", "rowspan", "colspan", "span", "title"}


class _Parsed(HTMLParser):
    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)


def _grades(name="Ada", file="Ada/01_legal_moves.ipynb", notes=(), flags=(), why="", missing=(), skipped=()) -> Grades:
    answers = [Answer("Q1", "incorrect", "cell", 2, False, 1, list(notes), why), Answer("Q2", "correct", "cell", 1, True, 0)]
    return Grades([Submission(file, name, "ws1", answers, list(flags))], list(skipped), list(missing))


def test_the_view_is_a_table_with_a_caption_headers_and_no_file_column():
    grades = _grades(notes=[TOO_LARGE], why="Seats are numbered 0 to 3; 99 is not a seat.")
    parsed = _Parsed(grades._repr_html_())
    tags = [tag for tag, _ in parsed.tags]
    assert tags[:2] == ["table", "caption"] and tags.count("table") == 1 and "thead" in tags and "tbody" in tags
    heads = [(attrs.get("scope"), attrs.get("colspan")) for tag, attrs in parsed.tags if tag == "th"]
    # one header per shown column (the three recorded ones under one colgroup header), then one row header a row
    assert heads.count(("col", None)) == len(SHOWN) and heads.count(("colgroup", "3")) == 1
    assert heads.count(("row", None)) == 2 and "file" not in SHOWN and "file" not in parsed.text
    assert parsed.text.count("first try") == 1 and "recorded" in parsed.text
    cells = "".join(parsed.text)
    assert "Seats are numbered 0 to 3; 99 is not a seat." in cells and "Ada" in cells
    # the full CSV and rows() keep the file
    assert grades.rows()[0]["file"] == "Ada/01_legal_moves.ipynb" and "file" in Grades.COLUMNS


def test_a_long_flag_shows_its_first_words_and_the_whole_note_one_click_away():
    note = "read as computed: code cell 4 uses exec, which the teacher's side does not follow, so no answer line is taken"
    shown = _grades(notes=[note, TOO_LARGE, "student not on the roster"])._repr_html_().replace("<wbr>", "")
    assert "<summary>read as computed</summary>" in shown and f"</summary>{note.replace(chr(39), '&#x27;')}</details>" in shown
    assert "<summary>answer line too large to read</summary>" in shown
    assert re.search("<div[^>]*>student not on the roster</div>", shown)  # a short flag is shown whole


def test_every_short_wording_starts_a_note_the_grader_writes():
    source = Path(classroom.__file__).read_text(encoding="utf-8")
    for start, short in classroom._SHORT_NOTES:
        assert start in source and len(short) <= 56, start


def test_nothing_from_a_students_file_is_live_html():
    for text in HOSTILE:
        grades = _grades(name=text, file=f"{text}/{text}.ipynb", notes=[text, f"read as computed: {text} " * 4],
                         flags=[text, "more than one notebook for this student and worksheet"], why=text,
                         missing=[(text, "ws2")], skipped=[(f"{text}.ipynb", f"not a notebook ({text})")])
        grades.submissions.append(Submission(f"b/{text}.ipynb", text, "ws1", [Answer("Q1", "unanswered", "", None, None, 0)]))
        parsed = _Parsed(grades._repr_html_())
        assert {tag for tag, _ in parsed.tags} <= TAGS, text
        assert {a for _, attrs in parsed.tags for a in attrs} <= ATTRIBUTES, text
        titles = [attrs["title"] for _, attrs in parsed.tags if "title" in attrs]
        assert titles and all(text in t for t in titles)  # an attribute value holds the text, escaped, whole
        assert text in "".join(parsed.text).replace("\u200b", "") or len(text) > 16


def test_a_long_run_without_spaces_can_wrap_every_eight_characters():
    name = "W" * 200
    grades = _grades(name=name, file="f" * 300 + ".ipynb", notes=["x" * 500], why="=1+" * 40,
                     skipped=[("y" * 300, "z" * 300)], missing=[("V" * 150, "ws2")])
    shown = grades._repr_html_()
    pieces = [p for chunk in _Parsed(shown).text for p in chunk.split()]
    assert max(len(p) for p in pieces) <= 16 and shown.count("<wbr>") > 100
    assert "W" * 32 + "…" + "W" * 31 in shown.replace("<wbr>", "")  # a name over 64 characters, cut in the middle
    assert f'title="{name}: ' in shown  # and whole on hover, with its file


def test_a_student_with_two_notebooks_has_each_file_named_under_the_name():
    grades = _grades()
    grades.submissions.append(Submission("late/Ada (2).ipynb", "ada", "ws1", [Answer("Q1", "correct", "cell", 1, True, 0)]))
    shown = grades._repr_html_()
    assert "<small>Ada/01_legal_moves.ipynb</small>" in shown.replace("<wbr>", "") and "<small>late/Ada (2).ipynb</small>" in shown
    assert "<small>" not in _grades()._repr_html_()


def test_skipped_files_and_missing_notebooks_are_listed():
    shown = _grades(missing=[("Grace Hopper", "ws1")], skipped=[("Cy/broken.ipynb", "not a notebook")])._repr_html_()
    assert "<code>Cy/broken.ipynb</code>: not a notebook" in shown and "<li>Grace Hopper, ws1</li>" in shown
    assert re.search(r"No notebook found", shown)
