"""The widget notebooks fit a classroom projector and pass axe-core, in Chromium (issue 16).

For notebooks 01, 02, 04, 05 and 06 (and 03, 10 and the play page, the other
notebooks with widgets), every cell is run, then at
1280x800 with the file browser open (how ``make lab`` starts) and at 1024x640
(1280x800 at 125 % zoom) with it closed:

- no element inside any cell output reaches past the output's edges, and none
  scrolls sideways (bounding boxes and scroll widths, tests/browser/lab.py);
- the passing explorer's card toggles show a 10 whole (deal seed 2 deals one);
- the play tables' cards lie on one row (13 cards, and the 17 of a three-player game);
- each deal stepper (its solver panel, opened on demand, apart) is no taller than the
  notebook's visible area at 1280x800;
- axe-core reports no serious or critical WCAG 2.1 A/AA violation inside the outputs;
- in notebook 05 at 150 % zoom (853x533), the trick, the last trick and the student's cards
  fit one screen;
- the teacher kit's class table (exercises/teacher/class_results.ipynb, as stored, and a table of
  the longest things a class can hand in) fits both screens, shows no student's HTML live, and
  passes axe-core.

The checks are ``lab.check_projector``. The lesson notebooks are checked in the JupyterLite run, on the
page whose Pyodide kernel ran them (tests/browser/test_lite.py: the same JupyterLab front end and widgets,
so each notebook executes once per environment); the play notebook, which the site opens as its play
page instead, is run and checked here, in JupyterLab with a CPython kernel.

tools/projector_report.py prints the same figures (and takes screenshots).
"""
from __future__ import annotations

import lab  # tests/browser/lab.py
import pytest

ARTIFACTS = lab.REPO / "tests" / "artifacts"


@pytest.fixture(scope="module")
def lab_url(browser, axe_ready, tmp_path_factory):  # asks for the browser first: without Chromium, skip before starting a server
    ARTIFACTS.mkdir(exist_ok=True)
    with lab.serve_lab(tmp_path_factory.mktemp("lab"), ARTIFACTS / "jupyterlab.log") as url:
        yield url


@pytest.mark.parametrize("name", lab.CHECKED_IN_LAB)
def test_notebook_fits_the_projector_and_passes_axe(name, lab_url, browser):
    context = browser.new_context(viewport=lab.SCREENS[next(iter(lab.SCREENS))][0])
    context.set_default_timeout(120_000)
    page = context.new_page()
    try:
        lab.run_notebook(page, lab_url, name)
        lab.check_projector(page, name, ARTIFACTS)
    finally:
        context.close()


def _hostile_class_table() -> str:
    """A class table of the longest things a class can hand in (``Grades._repr_html_``): a 200-character name with no
    spaces, two notebooks of one student in long folders, a capstone's long *why* (and one of 300 lines), every kind
    of long flag, names that look like others', 3,000 skipped files, and HTML in a name, a file name and a note (tests/test_exercises_classroom_table.py has the same table's unit tests)."""
    from hearts_lab.exercises.classroom import TOO_LARGE, Answer, Grades, Submission

    notes = [TOO_LARGE, "read as computed: code cell 4 uses a dunder name (__import__('os').system('<img src=x "
             "onerror=alert(1)>')), which the teacher's side does not follow, so no answer line is taken as written",
             "the stored output checked a different answer than the cell holds", "stored output says correct, the answer is incorrect"]
    flags = ["labelled ws4 in its metadata, but its use_variant line is worksheet ws6's: handed in for the wrong worksheet? "
             "(graded as ws6)", "student not on the roster", "more than one notebook for this student and worksheet"]
    why = ("its seeds line names 918273645 and 564738291, not the copy's own 1029384756 and 5647382910; Q3's stored output "
           "records a base run with seed 918273645, not the copy's own 1029384756")
    long_file = "LMS_export_2026-01-15_period_3_hearts_worksheets/Maria-Magdalena_Konstantinopoulou-Papadopoulou_{}.ipynb"
    subs = [
        Submission("W" * 200 + ".ipynb", "W" * 12 + " " + "W" * 200, "ws1", [Answer("Q1", "unreadable", "", None, None, 3, notes)], flags[:2]),
        *(Submission(long_file.format(n), "Maria-Magdalena Konstantinopoulou-Papadopoulou <b>bold</b>", "ws6",
                     [Answer("Q3", "incorrect", "cell", 12, False, 3, notes[2:], "That counts the worlds in which seat 3 "
                             "does not hold the Q♠: count the worlds in which it does.")], flags[2:]) for n in (1, 2)),
        Submission("ws5.ipynb", "Ada", "ws5", [Answer("seeds", "NOT the class copy's own", "", None, None, 0, [], why)]),
        # 300 changed use_variant lines (rev-table #3: a row 11,000 px tall), as the grader words them now, and the
        # view's cut of any long why
        Submission("ws5b.ipynb", "Eve", "ws5", [Answer("seeds", "NOT the class copy's own", "", None, None, 0, [],
                   "its use_variant line was changed (this student's own variant is 123456789; the notebook's: 3 of 300 "
                   "lines: " + ", ".join(str(10**40 + i) for i in range(3)) + ", …)" + "; " + "; ".join(
                       f"Q3's stored output records a base run with seed {10**40 + i}, not the copy's own 1" for i in range(300)))]),
        # names that look like a classmate's (rev-table #2): a Cyrillic А, fifty stacked marks, one letter changed
        # in the middle of a name over 64 characters; and two LMS exports of one student's notebook (#1)
        Submission("submissions/adalovelace_1_9921877_01_legal_moves.ipynb", "\u0410da", "ws1",
                   [Answer("Q1", "correct", "cell", 1, True, 0)]),
        Submission("submissions/ada_2_9934410_01_legal_moves.ipynb", "Ada" + "\u030d" * 50, "ws1",
                   [Answer("Q1", "correct", "cell", 1, True, 0)]),
        *(Submission(f"submissions/carterben_48213_{n}_01_legal_moves.ipynb", "Maria " + "x" * 40 + c + "y" * 40, "ws1",
                     [Answer("Q1", "correct", "cell", 1, True, 0)], ["student not on the roster"]) for n, c in (("9921877", "A"), ("9934410", "B"))),
    ]
    return Grades(subs, [("x" * 240 + ".ipynb", "not a notebook (not valid JSON: JSONDecodeError)")]
                  + [(f"photo{n}.jpg", "not a .ipynb file: handed in with the wrong name?") for n in range(3000)],
                  [("Grace " + "H" * 120, "ws6")])._repr_html_()


def _put_notebook(page, name: str, html_output: str) -> None:
    """Save notebooks/<name>.ipynb through the JupyterLab open in ``page`` (its contents service), with one cell
    whose stored output is ``html_output``: opened, it is drawn as a teacher's own saved table is (untrusted, sanitized)."""
    cell = {"cell_type": "code", "execution_count": 1, "metadata": {}, "source": "grades",
            "outputs": [{"output_type": "execute_result", "execution_count": 1, "metadata": {},
                         "data": {"text/html": html_output, "text/plain": "grades"}}]}
    nb = {"nbformat": 4, "nbformat_minor": 5, "cells": [cell],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}}}
    page.evaluate("([path, content]) => window.jupyterapp.serviceManager.contents.save(path, "
                  "{type: 'notebook', format: 'json', content})", [f"notebooks/{name}.ipynb", nb])


def test_the_class_table_fits_the_projector_and_passes_axe(lab_url, browser):
    """The teacher kit's class table (``Grades._repr_html_``): in exercises/teacher/class_results.ipynb as a teacher
    first sees it (stored outputs, not run: tests/test_exercises_kit.py checks they are what the code draws now), and
    a table of the longest things a class can hand in, fit both screens: nothing reaches past an output or scrolls
    sideways (the *file* column once made the kit's table 950 px wide in an 848 px output), no row is taller than
    200 px in the kit's table (a long flag once made one 463 px tall) or 320 px in the long one, no HTML from a
    student's file is live, and axe-core finds no serious or critical violation in the kit's."""
    context = browser.new_context(viewport=lab.SCREENS[next(iter(lab.SCREENS))][0])
    context.set_default_timeout(120_000)
    page = context.new_page()
    problems = []
    try:
        lab.open_stored(page, lab_url, "class_results")
        _put_notebook(page, "class_table_longest", _hostile_class_table())
        for name, tallest in (("class_results", 200), ("class_table_longest", 320)):
            if name != "class_results":  # in the same JupyterLab: a page load costs seconds
                lab.open_stored(page, None, name)
            for screen, (viewport, file_browser) in lab.SCREENS.items():
                page.set_viewport_size(viewport)
                lab.set_file_browser(page, file_browser)
                problems += lab.overflow_problems(page, f"{name}, {screen}")
                for table in lab.table_rows(page):
                    if table["tallest"] > tallest:
                        problems.append(f"{name}, {screen}: a table {table['width']} px wide has a row {table['tallest']} px tall")
                page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output table").first.scroll_into_view_if_needed()
                page.screenshot(path=str(ARTIFACTS / f"projector-{name}-{viewport['width']}x{viewport['height']}.png"))
            live = page.locator(".jp-OutputArea-output :is(img, script, b, [onerror], [onmouseover])").count()
            if live:
                problems.append(f"{name}: {live} element(s) of a student's HTML are live in the table")
            if name == "class_results":  # the long table has the same structure: one axe run is enough
                page.set_viewport_size(lab.SCREENS[next(iter(lab.SCREENS))][0])
                serious = [v for v in lab.run_axe(page) if v["impact"] in ("serious", "critical")]
                problems += [f"{name}: {v['impact']} {v['id']} x{v['nodes']}: {v['help']}; {v['sample']}" for v in serious]
        assert not problems, "\n".join(problems)
    finally:
        context.close()


def test_every_widget_notebook_is_checked_once():
    """Each widget notebook is checked in exactly one of the two runs, and those of the JupyterLite run are
    among the notebooks it runs (not skipped there)."""
    import test_lite

    assert sorted(lab.CHECKED_IN_LAB + lab.CHECKED_IN_LITE) == sorted(lab.NOTEBOOKS + lab.MORE_WIDGETS)
    assert not set(lab.CHECKED_IN_LAB) & set(lab.CHECKED_IN_LITE)
    for name in lab.CHECKED_IN_LITE:
        path = f"notebooks/{name}.ipynb"
        assert path in test_lite.NOTEBOOKS, path
        assert path not in test_lite.TOO_SLOW_OFFLINE, path
        assert not [p for p in test_lite.lite_cell.needed(test_lite._stored(path)) if p in test_lite.lite_cell.ONLINE_ONLY], path
