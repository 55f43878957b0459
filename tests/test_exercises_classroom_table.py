"""The class table's notebook view (``Grades._repr_html_``), which teachers project: its structure, and nothing a
student's file holds made live. tests/browser/test_projector.py measures it in JupyterLab at the projector screens."""
from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from hypothesis import assume, given, settings, strategies as st
from suite_size import examples

from hearts_lab.exercises import classroom
from hearts_lab.exercises.classroom import SHOWN, TOO_LARGE, Answer, Grades, Submission

HOSTILE = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', 'x" onmouseover="alert(1)', "=HYPERLINK(\"http://e\")"]
#: The tags and attributes the view writes; anything else in its HTML came from a student's file.
TAGS = {"table", "caption", "code", "colgroup", "thead", "tbody", "tr", "th", "td", "wbr", "details",
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


def test_a_long_flag_shows_a_short_form_and_the_whole_note_one_click_away():
    note = "read as computed: code cell 4 uses exec, which the teacher's side does not follow, so no answer line is taken"
    shown = _grades(notes=[note, TOO_LARGE, "student not on the roster"])._repr_html_().replace("<wbr>", "")
    assert "<summary>read as computed (code not followed)</summary>" in shown
    assert f"</summary>{note.replace(chr(39), '&#x27;')}</details>" in shown
    assert "<summary>answer line too large: read as computed</summary>" in shown
    assert re.search("<div[^>]*>student not on the roster</div>", shown)  # a short flag is shown whole


#: Stands for text from a student's file in a note (a name, a type, code): none of it may reach a short form.
STUDENT = "correct answer: teacher checked it (STUDENT; x"
#: The grader's own values in its notes, by the expression that writes them; any other expression is a student's.
GRADER_VALUES = {"label": "ws4", "worksheet": "ws6", "named": "ws1", "sign": "use_variant line", "WORKSHEETS[named]": "01_legal_moves",
                 "'are' if sign.endswith('s') else 'is'": "is", "out['status']": "correct", "status": "incorrect",
                 "line": "q7 = ...", "IN_UNPARSED": classroom.IN_UNPARSED, "NOTEBOOK_READING": "2,000,000",
                 "MAX_ANSWER_NODES": "1,000", "MAX_ANSWER_DEPTH": "100",
                 "unfollowed": "code cell 2 reaches use_variant otherwise than as ws1.use_variant(N)"}


def _written(node, student=STUDENT):
    """The text an expression that writes a note makes, with every value not the grader's own as ``student``."""
    import ast

    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(_written(part, student) for part in node.values)
    if isinstance(node, ast.FormattedValue):
        return GRADER_VALUES.get(ast.unparse(node.value), student)
    if isinstance(node, ast.Name) and node.id in ("TOO_LARGE", "OTHER_RUNS"):  # the grader's own sentences
        return getattr(classroom, node.id)
    return None


def _notes_the_grader_writes():
    """Every note classroom.py writes (its flags and answers' notes), each as the grader writes it with text from a
    student's file where the note has some: found in its source, so that a new note is checked without a list."""
    import ast

    tree = ast.parse(Path(classroom.__file__).read_text(encoding="utf-8"))
    notes = {classroom.checks.REFUSED_RECORD}  # notes.append(message): only where message is this sentence
    for node in ast.walk(tree):
        written = []
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "append" and (
                ast.unparse(node.func.value) in ("notes", "flags", "sub.flags")):
            written = node.args
        elif isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "notes" and isinstance(node.value, (ast.List, ast.IfExp)):
            value = node.value.body if isinstance(node.value, ast.IfExp) else node.value
            written = value.elts if isinstance(value, ast.List) else []
        elif isinstance(node, ast.Call) and ast.unparse(node.func) == "Answer" and len(node.args) >= 7 and isinstance(node.args[6], ast.List):
            written = node.args[6].elts
        elif isinstance(node, ast.FunctionDef) and node.name in ("not_made_by_call", "_other_variant_line"):
            # their reasons are notes (notes.append(why), flags.append(line))
            written = [n.value for n in ast.walk(node) if isinstance(n, ast.Return) and n.value is not None
                       and not isinstance(n.value, (ast.Constant, ast.Name))]
        for arg in written:
            if isinstance(arg, ast.Name) and arg.id in ("message", "why", "line"):
                continue  # message: REFUSED_RECORD (above); why, line: not_made_by_call's, _other_variant_line's returns
            text = _written(arg)
            assert text is not None, ast.unparse(arg)
            notes.add(text)
    return notes


def test_every_note_the_grader_writes_has_a_short_form_of_its_own_kind():
    """rev-table #4: a short form built from a note's first words could be the student's (an answer type of "correct
    answer: teacher checked it" made "the check accepted a correct answer" on an unreadable row) or lose its point
    ("its file name is worksheet ws1's"). Each kind of note the grader writes has a fixed short form that keeps its
    verdict, none is cut, none holds a student's text, and different kinds have different ones."""
    notes = _notes_the_grader_writes()
    assert len(notes) >= 25
    shorts = {}
    for note in notes:
        short = classroom._short_note(note)
        assert "…" not in short and "STUDENT" not in short and "correct answer" not in short, (note, short)
        assert len(short) <= 56 and (short == note or any(p.fullmatch(note) for p, _ in classroom._NOTE_PATTERNS)), note
        assert short not in shorts, (note, shorts.get(short))
        shorts[short] = note
        assert classroom._short_note(note.replace(STUDENT, "Ada: 3 (x; y) " * 9)) == short, note
    assert classroom._short_note("its file name is worksheet ws1's (01_legal_moves), but it is worksheet ws2's: handed in "
                                 "for the wrong worksheet? (graded as ws2)") == "file name says ws1, graded as ws2"
    assert classroom._short_note("labelled ws4 in its metadata, but its use_variant line is worksheet ws6's: handed in for "
                                 "the wrong worksheet? (graded as ws6)") == "labelled ws4, but it is ws6 (graded as ws6)"
    accepted = ("the check accepted a correct answer: teacher checked it when it ran, a type its stored output does not "
                "record: not verified here")
    assert classroom._short_note(accepted) == "accepted a value it does not record: not verified"


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


def _labels(grades):
    """The file named under each row's name in the view (the text of the name cell after the name's own line)."""
    rows = re.findall(r'<th scope="row"[^>]*>(.*?)</th>', grades._repr_html_())
    return [_Parsed(m.split("<div", 1)[1].split(">", 1)[1]).text[0] if "<div" in m else None for m in
            (r.replace("<wbr>", "") for r in rows)]


def test_a_student_with_two_notebooks_has_each_file_named_under_the_name():
    grades = _grades()
    grades.submissions.append(Submission("late/Ada (2).ipynb", "ada", "ws1", [Answer("Q1", "correct", "cell", 1, True, 0)]))
    shown = grades._repr_html_().replace("<wbr>", "")
    assert '<div style="font-style:italic">Ada/01_legal_moves.ipynb</div>' in shown and ">late/Ada (2).ipynb</div>" in shown
    assert "font-style:italic" not in _grades()._repr_html_() and "<small>" not in shown  # the name's own size


def test_a_students_notebooks_of_a_worksheet_never_share_a_label():
    """rev-table #1: two LMS exports of one student's notebook differ only in the middle, which a cut in the middle
    hid: both were shown as submissions/cart…gal_moves.ipynb."""
    a = "submissions/carterben_48213_9921877_01_legal_moves.ipynb"
    grades = _grades(name="Ben Carter", file=a)
    grades.submissions.append(Submission(a.replace("9921877", "9934410"), "Ben Carter", "ws1", []))
    grades.submissions[1].answers = [Answer("Q1", "correct", "cell", 1, True, 0)]
    labels = _labels(grades)
    assert labels[0] == labels[1] != labels[2] and "9921877" in labels[0] and "9934410" in labels[2], labels
    # and the files of two students not on the roster, each one's only: no two labels in the table are the same
    grades = Grades([Submission(f, name, "ws1", [Answer("Q1", "correct", "cell", 1, True, 0)], ["student not on the roster"])
                     for f, name in ((a, "Ben Carter"), (a.replace("9921877", "9934410"), "Ben Karter"))], [])
    labels = _labels(grades)
    assert len(set(labels)) == 2 and "9921877" in labels[0], labels
    # rev-table2 #1: files that differ only past the cap of two marks a character, by an invisible character or by
    # a lookalike letter were shown whole (all fifty marks), or as labels that differ as text and look the same:
    # each is cut to two marks and numbered in the files' order
    a = "Ben/01_legal_moves.ipynb"
    for b in (a.replace("moves", "moves" + "\u030d" * 50), a.replace("mo", "mo\u200b"), a.replace("mo", "m\u043e"),
              a.replace("l", "I", 1)):
        c = a.replace("moves", "moves" + "\u030d" * 51) if "\u030d" in b else a
        grades = Grades([Submission(f, "Ben", "ws1", [Answer("Q1", "correct", "cell", 1, True, 0)]) for f in (b, c)], [])
        labels = _labels(grades)
        assert len({classroom._skeleton(label) for label in labels}) == 2 and "\u030d" * 3 not in "".join(labels), labels
        assert sorted(label[-8:] for label in labels) == ["(1 of 2)", "(2 of 2)"], labels
    # a file named like another's numbered label: every label numbered
    labels = classroom._file_labels([a, a + "\u200b", a + " (2 of 2)"])
    assert len({classroom._skeleton(label) for label in labels.values()}) == 3 and all(" of 3)" in v for v in labels.values())


def _marks_at_most_two(text):
    return not re.search(r"[\u0300-\u036f\u030d]{3}", text)


@settings(max_examples=examples(200), deadline=None)
@given(st.text(alphabet="ab_/.9\u0301é", max_size=40), st.lists(st.text(alphabet="ab_/.9\u0301\u200bоIl0o\u3164", max_size=50),
       min_size=2, max_size=4), st.text(alphabet="ab_/.9\u0301", max_size=40))
def test_the_labels_of_a_students_notebooks_are_always_different(start, middles, end):
    """Different as text and different to the eye (rev-table2 #1: an invisible character, a lookalike letter, marks
    past the cap), with at most two marks a character."""
    files = list(dict.fromkeys(f"{start}{m}{end}.ipynb" for m in middles))
    assume(len(files) > 1)
    labels = classroom._file_labels(files)
    assert len({classroom._skeleton(label) for label in labels.values()}) == len(files), labels
    assert all(_marks_at_most_two(label) for label in labels.values()), labels
    grades = Grades([Submission(f, "Ben", "ws1", [Answer("Q1", "correct", "cell", 1, True, 0)]) for f in files], [])
    shown = _labels(grades)
    assert len({classroom._skeleton(label) for label in shown}) == len(files) and all(map(_marks_at_most_two, shown)), shown


def test_names_that_look_alike_have_the_same_skeleton():
    """rev-table2 #2: invisible Hangul fillers and the blank Braille pattern (not format characters), Armenian,
    Cherokee and Lisu letters, Latin alpha, and a capital I for an l made a name look like a classmate's without
    the view noticing."""
    real = classroom._skeleton("Ada Lovelace")
    for name in ("Ada Lovelace\u3164", "Ada Lovelace\u1160", "Ada Lovelace\u115f", "Ada Lovelace\uffa0", "Ada Lovelace\u2800",
                 "Ada L\u0585velace", "\u13aada Lovelace", "\ua4eeda Lovelace", "Ad\u0251 Lovelace", "Ada IoveIace",
                 "Ada Love\u200blace", "Ada Love\u00adlace", "Ada Lovelace\U000E0041", "Ada Love\u180elace", "Ada\u1680Lovelace",
                 "\u0410da Lovelace", "\U0001d400da Lovelace", "Ada \u2113ovelace", "Ada \u04c0ovelace", "Ada Love1ace"):
        assert classroom._skeleton(name) == real, name
    assert classroom._skeleton("Ada Lovelace") != classroom._skeleton("Ada Lovelaco")
    grades = _grades(name="Ada Lovelace", file="a.ipynb")
    grades.submissions.append(Submission("b.ipynb", "Ada Lovelace\u3164", "ws2", [Answer("Q1", "correct", "cell", 1, True, 0)]))
    assert _labels(grades) == ["a.ipynb", "a.ipynb", "b.ipynb"]


def test_an_emoji_is_never_split_by_a_place_to_wrap():
    """rev-table2 #3: a <wbr> went inside a zero-width-joiner sequence (a family emoji) and between a flag's two
    regional indicators."""
    family = "\U0001F468\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466"
    pieces = classroom._wrappable("x" * 7 + family * 12, 16, 8).split("<wbr>")
    assert all(not p.startswith(("\u200d", "\U0001F469", "\U0001F467", "\U0001F466")) for p in pieces[1:]), pieces
    assert all(len(p) % 2 == 0 for p in classroom._wrappable("\U0001F1FA\U0001F1F8" * 20, 16, 8).split("<wbr>"))
    assert all(len(c) <= 2 * 8 for c in classroom._clusters("\U0001F600\u200d" * 100))  # a long chain still wraps
    assert classroom._clusters("\u2764\ufe0f\U0001F44D\U0001F3FD") == ["\u2764\ufe0f", "\U0001F44D\U0001F3FD"]


def test_a_name_that_looks_like_a_classmates_has_its_file_named():
    """rev-table #2: a Cyrillic A, fifty stacked combining marks, or one letter changed in the middle of a name over
    64 characters made another student's rows look exactly like a classmate's, with no file shown."""
    long = "Maria " + "x" * 40 + "A" + "y" * 40
    for other in ("\u0410da Lovelace", "Ada Lovelace" + "\u030d" * 50, "ADA  lovelace\u0301"):
        grades = _grades(name="Ada Lovelace", file="a.ipynb")
        grades.submissions.append(Submission("b.ipynb", other, "ws2", [Answer("Q1", "correct", "cell", 1, True, 0)]))
        assert _labels(grades) == ["a.ipynb", "a.ipynb", "b.ipynb"], other
    grades = _grades(name=long, file="a.ipynb")
    grades.submissions.append(Submission("b.ipynb", long.replace("A", "B"), "ws1", [Answer("Q1", "correct", "cell", 1, True, 0)]))
    shown = "".join(_Parsed(grades._repr_html_()).text)  # the cells' text, not the titles
    assert long in shown and long.replace("A", "B") in shown  # whole: cut, they would look the same
    assert "…" in _grades(name=long)._repr_html_().replace("<wbr>", "")  # alone, cut in the middle
    # marks: at most two a character in the view, never split from their letter
    shown = "".join(_Parsed(_grades(name="Ada" + "\u030d" * 50 + " Lovelace")._repr_html_()).text)  # (the title: whole)
    assert "\u030d" * 3 not in shown and "a\u030d\u030d Lovelace" in shown
    zalgo = ("e" + "\u0301\u0302") * 30
    assert all(not p.startswith(("\u0301", "\u0302")) for p in classroom._wrappable(zalgo).split("<wbr>"))
    assert not classroom._middle(zalgo, 9).split("…")[1].startswith(("\u0301", "\u0302"))
    # a notebook that may not be this student's: its file is named whatever the names
    for flag in ("student not on the roster", "the notebook's variant is not this student's (graded on the student's own)"):
        assert _labels(_grades(name="Zed", file="zed/x.ipynb", flags=[flag])) == ["zed/x.ipynb"] * 2


def test_a_long_why_is_cut_in_the_view_and_whole_in_the_rows():
    why = "its use_variant line was changed (" + ", ".join(str(10**40 + i) for i in range(300)) + ")"
    grades = _grades(why=why)
    shown = "".join(_Parsed(grades._repr_html_()).text)
    assert why[:150] in shown and why not in shown and grades.rows()[0]["why"] == why


def test_honest_names_wrap_at_natural_points():
    """rev-table #6: a word over 12 characters wrapped every 8 characters, mid-word; it wraps after - _ / . and
    between letters and digits first."""
    assert classroom._wrappable("Maria-Magdalena", 12) == "Maria-<wbr>Magdalena"
    assert classroom._wrappable("Konstantinopoulou-Papadopoulou", 12).endswith("-<wbr>Papadopoulou")  # a longer word: every 8
    assert classroom._wrappable("carterben_48213_01.ipynb", 12) == "carterben_<wbr>48213_<wbr>01.<wbr>ipynb"


def test_skipped_files_and_missing_notebooks_are_listed():
    shown = _grades(missing=[("Grace Hopper", "ws1")], skipped=[("Cy/broken.ipynb", "not a notebook")])._repr_html_()
    assert "<code>Cy/broken.ipynb</code>: not a notebook" in shown and "<li>Grace Hopper, ws1</li>" in shown
    assert re.search(r"No notebook found", shown)


def test_a_long_skipped_list_names_the_first_twenty():
    """rev-table #7: thousands of files that are not notebooks were each listed under the table."""
    skipped = [(f"Cy/photo{n}.jpg", "not a .ipynb file: handed in with the wrong name?") for n in range(3000)]
    shown = _grades(skipped=skipped)._repr_html_()
    assert shown.count("<li>") == 21 and "photo19.jpg" in shown and "photo20.jpg" not in shown
    assert "and 2,980 more (all in <code>grades.skipped</code> and the CSV)" in shown
