"""Shared pytest configuration for Hearts Lab.

Fixtures available everywhere:

- ``repo_root``      the repository root (Path)
- ``artifacts_dir``  tests/artifacts/ (gitignored): screenshots, logs, anything
                     a failing test wants to leave behind for a human
- ``exercise_session`` a worksheet test's checks' results and variants put back afterwards
                     (the exercise test files use it for every test, through ``pytestmark``)

Tests under tests/browser/ are marked ``browser`` automatically; their fixtures
live in tests/browser/conftest.py. Notebook tests (marked ``notebooks``) are also
marked ``slow`` unless the notebook is one of :data:`QUICK_NOTEBOOKS`, and so is each test of
:data:`SLOW_TESTS` and all but a sample of each test of :data:`SAMPLED_IN_CHECK`, so that ``make check``
(``-m "not slow and not browser"``) runs only the quick ones.

Parallel runs (``make test``, ``make check``: pytest-xdist ``-n N --dist loadgroup``):
pytest-xdist's own ``loadgroup`` reads ``xdist_group`` marks through ``item._nodeid``,
which pytest 9 no longer reads, so it spreads a group over every worker. The scheduler
below (:func:`pytest_xdist_make_scheduler`) gives ``--dist loadgroup`` its meaning
back: each file in :data:`ONE_WORKER_FILES` runs whole on one worker, in file order
(its tests share one costly environment that cannot exist twice), and so does each file in
:data:`SHARED_CACHE_FILES` (its tests share a costly per-process cache); every other test
goes to whichever worker is free.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent
ARTIFACTS = TESTS / "artifacts"

# Helper modules next to the tests (notebook_harness, ...) import by plain name
# from any test directory.
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS



@pytest.fixture
def exercise_session():
    """A worksheet test's session put back as it found it (:func:`exercise_session.restored`): the checks'
    results restored and every imported worksheet back on its generic copy. Test files use it for every test
    with ``pytestmark = pytest.mark.usefixtures("exercise_session")``."""
    from exercise_session import restored

    with restored():
        yield


#: Test files that run whole on one worker: the Binder environment (a kept virtual environment that
#: postBuild installs into). The JupyterLite tests need not: site/ is built once per run and each
#: worker serves it and opens each notebook in a browser context of its own (tests/browser/test_lite.py).
ONE_WORKER_FILES = ("tests/test_binder.py",)

#: Test files that also run whole on one worker, for a cheaper reason: their tests share what one process
#: caches. tests/test_exercises_classroom.py makes each student's copy of worksheet 4 in several tests, and a
#: copy's key line is slow by design (22 salted digests of about a tenth of a second each,
#: ``classroom.key_line``, cached per process): spread over two workers, each worker made the copies again.
#: The other two share a module-scoped fixture that each worker built again: tests/test_exercises.py's
#: ``answer_forms`` (runs every teacher copy's code) and tests/test_notebook_claims_07_09.py's
#: ``random_results`` (20,000 random hands for each of the 16 rule sets).
#: tests/browser/test_projector.py's tests share a module-scoped JupyterLab server (a few seconds of CPU to start).
SHARED_CACHE_FILES = ("tests/test_notebook_claims_07_09.py", "tests/browser/test_projector.py")

#: Families of test files that run together on one worker, as one unit (named by the family): every file whose
#: path starts with one of its prefixes. The worksheet and grading tests (tests/test_exercises*.py;
#: test_exercises_classroom.py and test_exercises.py were SHARED_CACHE_FILES before) import every worksheet and
#: build its variant pools, salted key lines, teacher copies' answers and the grader's readers in each process
#: that runs one of them: make check took 143 s of CPU in one process and 195 s on two workers that each built
#: them (session 9, load 1-2); these files are about 60 of its 133 test-seconds.
SHARED_CACHE_FAMILIES = {
    "worksheets and grading": ("tests/test_exercises", "tests/test_hostile_files.py", "tests/test_answer_sandbox.py",
                               "tests/test_no_answer_on_screen.py", "tests/test_teacher_imports.py"),
}

#: The costliest tests, started first, in this order (node id prefixes; a fresh clone's run with
#: ``--durations``): the Lite notebook that simulates 23,000 hands in Pyodide, the Binder file (one
#: unit: postBuild and every lesson notebook), the worksheet and grading family (one unit), the other Lite
#: notebooks, then the browser and notebook tests. Every other test keeps its place after them.
RUN_FIRST = (
    "tests/browser/test_lite.py::test_notebook_runs_offline[10_perfect_information]",
    "tests/test_binder.py",
    # the worksheet and grading family (SHARED_CACHE_FAMILIES), one unit on one worker: the largest unit of make check
    "tests/test_exercises",
    "tests/browser/test_lite.py::test_notebook_runs_offline[11_",
    "tests/browser/test_lite.py::test_notebook_runs_offline[08_",
    "tests/browser/test_lite.py::test_notebook_runs_offline[07_",
    "tests/browser/test_lite.py::test_notebook_runs_offline[06_",
    "tests/browser/test_lite.py",
    "tests/browser/",
    "tests/test_notebooks.py",
    "tests/test_types.py",
    "tests/test_handouts.py",
    "tests/test_suite.py",
    "tests/test_notebook_claims",
    "tests/test_plotting.py",
    "tests/test_solve.py",
)

#: Notebooks that execute in a few seconds: the only ones ``make check`` runs (``make test`` runs all); defined
#: beside the regression harness, which runs them in the test environment (tests/test_notebooks.py).
from notebook_harness import QUICK_NOTEBOOKS  # noqa: E402

#: Integration tests that take seconds each (not unit, doctest or property tests): ``make test`` runs them,
#: ``make check`` (the edit-test loop) leaves them out, as it leaves out the slow notebooks. Node id prefixes;
#: the time is each one's worker time in one ``make check`` run (``-n 2 --durations``, load 6-7, so about
#: three times a quiet machine's). tests/test_suite.py checks that each prefix names a collected test.
SLOW_TESTS = (
    # a fresh interpreter per notebook runs its imports (25 of them, 80 s); make check keeps the static
    # check of every install cell (test_install_cell_is_current), the browser test runs each cell in Pyodide
    "tests/test_lite_cell.py::test_install_cell_lists_what_the_imports_really_load",
    # a class's copies made, filled in, handed in and graded end to end (26 s, 16 s, 12 s, 11 s, 9 s)
    "tests/test_exercises_classroom.py::test_a_class_copy_says_hand_in_this_notebook",
    "tests/test_exercises_student_key.py::test_a_students_ws3_key_matches_their_copy_and_other_students_differ",
    "tests/test_exercises_student_key.py::test_a_students_ws4_key_is_what_their_own_copy_accepts",
    "tests/test_exercises_classroom.py::test_worksheet_4_scores_are_graded_on_the_students_own_moon",
    "tests/test_exercises_classroom_made.py::test_a_python_division_is_a_float_on_both_sides",
    "tests/test_exercises_classroom.py::test_ws4_exact_questions_are_graded_on_each_students_own_variant",  # 12 s
    # the play table's hint asked before every card of whole hands, each answered by the expert bot (8.5, 7, 6.5 s)
    "tests/test_table_levels_and_hint.py::test_asking_for_the_hint_before_every_card_changes_nothing",
    # a notebook of costly answers graded within its budget, each text read once (session 10: 7.0 s alone, the
    # costliest quick test of make check; the other hostile-file tests stay in make check)
    "tests/test_hostile_files.py::test_a_notebook_of_costly_answers_is_read_within_one_budget_each_text_once",
    # the Binder regression's comparison (make test's), on edited copies of notebook 00 (3.0 s, nbdime's import)
    "tests/test_notebooks.py::test_a_changed_output_is_a_difference_and_a_timing_is_not",
    "tests/test_table_levels_and_hint.py::test_the_hint_names_the_card_the_expert_bot_plays_and_a_tie_as_a_tie",
    # a notebook's figures recomputed from thousands of hands (9 s, 7.5 s)
    "tests/test_notebook_claims_11.py::test_section_1_the_interval_halves_as_the_deals_grow_fourfold",
    "tests/test_notebook_claims_07_09.py::test_08_the_old_every_seeded_run_claim_is_gone_and_the_naive_answers_pass",
    # session 9, from one make check at load 3 (--durations=30): a hostile hand-in of costly answers graded within
    # its budget (12 s), two made-answer readings over whole worksheets (9.7 s, 7.2 s), and worksheet 3's answer
    # formulas against brute-force enumeration (9.1, 6.0, 5.2, 4.9 s)
    "tests/test_hostile_files.py::test_a_notebook_of_costly_answers_is_read_within_one_budget_each_text_once",
    # the Binder regression's comparison (make test's), on edited copies of notebook 00 (3.0 s, nbdime's import)
    "tests/test_notebooks.py::test_a_changed_output_is_a_difference_and_a_timing_is_not",
    "tests/test_exercises_classroom_made.py::test_a_count_built_by_hand_is_not_the_call_the_question_asks_for",
    "tests/test_exercises_classroom_made.py::test_an_answer_line_is_read_only_as_python_computes_it",
    "tests/test_exercises_answers.py::test_ws3_q2",
    "tests/test_exercises_answers.py::test_ws3_q4",
    "tests/test_exercises_answers.py::test_ws3_q6_q7",
    "tests/test_exercises_answers.py::test_ws3_q1",
    # session 9: two more gradings of whole hand-ins (7.7 s and 3.4 s in one make check at load 1.5-2)
    "tests/test_exercises_classroom_made.py::test_a_notebook_using_anything_dynamic_has_every_answer_computed",
    "tests/test_exercises_classroom.py::test_the_class_table_says_why_an_answer_is_wrong",
)

#: Parametrized tests whose cases ``make check`` samples (every k-th case, in collection order, the first
#: included) while ``make test`` runs them all: each case is the same check on one more variant, student,
#: deck or search, so the edit-test loop keeps every kind of check and a quarter of its cases. Test names
#: (without the case) mapped to k; the time is all cases' worker time in one loaded fresh-clone run
#: (``--durations=0``, load 6-7, about twice a quiet machine's). tests/test_suite.py checks that each names
#: a parametrized test and that make check runs exactly the sample.
SAMPLED_IN_CHECK = {
    "tests/test_exercises_variants.py::test_ws3_variant_is_judged_on_the_teachers_side": 4,  # 40 students, 38.5 s
    "tests/test_exercises_variants.py::test_ws2_q7_text_does_not_name_q6s_leader_first": 4,  # 21 seeds, 25.7 s
    "tests/test_exercises_variants.py::test_ws4_estimates_are_the_students_own_deals_and_simulation": 3,  # 3, 24.7 s
    "tests/test_exercises_variants.py::test_ws4_variant_is_judged_on_the_teachers_side": 4,  # 40 students, 22.9 s
    "tests/test_exercises_variants.py::test_ws3_every_parameter_set_is_a_good_question": 4,  # 62 sets, 19.7 s
    "tests/test_exercises_variants.py::test_ws2_variant_is_a_good_question": 4,  # 20 seeds, 16.3 s
    "tests/test_exercises_variants.py::test_ws4_every_parameter_set_is_a_good_question": 4,  # 32 sets, 9.5 s
    "tests/test_exercises_variants.py::test_no_level3_hint_pastes_as_the_answer": 5,  # 5 worksheets, 9.7 s
    "tests/test_exercises_answers.py::test_no_one_or_two_library_calls_answer_the_question": 3,  # 10 searches, 35.2 s
    "tests/test_exercises.py::test_hashed_answers_and_slips": 7,  # 13 questions, 28.5 s
    "tests/test_combinatorics.py::test_formula_matches_enumeration": 4,  # 82 decks x formulas, 21.3 s
    "tests/test_combinatorics.py::test_formula_agrees_with_engine_sample": 4,  # 99 rule sets x formulas, 20.8 s
    # session 9, second round (make check's own cases' time in one run at load 5, --durations=0)
    "tests/test_exercises_shortcuts.py::test_bad_input_gets_a_sentence_never_a_traceback": 4,  # 32 questions, 8.6 s
    "tests/test_bots_knowledge.py::test_sampled_worlds_are_legal_and_consistent_at_every_turn": 4,  # 16 presets, 5.2 s
    "tests/test_position.py::test_from_position_is_the_same_hand_at_every_point": 4,  # 17 presets, 4.9 s
    "tests/test_simulate_fingerprint.py::test_seeded_results_are_pinned": 4,  # 52 pinned results, 4.1 s
    "tests/test_exercises_variants.py::test_ws1_variant_is_a_good_question": 4,  # 116 seeds, 3.8 s
    "tests/test_view_facts.py::test_opening_lead_and_kitty_sentences_are_what_the_engine_plays": 3,  # 18 presets, 3.4 s
    "tests/test_widgets_passing.py::test_every_valid_combination_draws_the_rotation": 4,  # 24 combinations, 2.4 s
    # session 9, third round (one make check in one process, load 1-2)
    "tests/test_lite_cell.py::test_install_cell_is_current": 3,  # 18 notebooks, 0.9 s
    "tests/test_simulate.py::test_lowest_policy_matches_engine_under_random_rule_combinations": 4,  # 40 seeds, 0.9 s
    "tests/test_simulate.py::test_lowest_policy_matches_engine_on_the_same_deals": 4,  # 16 presets, 0.8 s
    "tests/test_bots_sampling.py::test_sampling_bot_plays_legal_hands_under_every_preset": 3,  # 6 presets, 0.9 s
    "tests/test_combinatorics.py::test_every_formula_evaluates_to_its_value": 2,  # 4 presets, 0.6 s
}


def sampled_out(items) -> list:
    """The items of :data:`SAMPLED_IN_CHECK`'s tests that make check leaves out: all but every k-th case of
    each, counted in collection order from the first."""
    seen: dict[str, int] = {}
    out = []
    for item in items:
        name = item.nodeid.split("[", 1)[0]
        if name in SAMPLED_IN_CHECK and "[" in item.nodeid:
            index = seen.get(name, 0)
            seen[name] = index + 1
            if index % SAMPLED_IN_CHECK[name]:
                out.append(item)
    return out


def work_unit(nodeid: str) -> str:
    """The unit of work a test belongs to under ``--dist loadgroup``: its family's name for
    :data:`SHARED_CACHE_FAMILIES`, its file for :data:`ONE_WORKER_FILES` and :data:`SHARED_CACHE_FILES`, else
    the test itself (tests/test_suite.py checks each)."""
    path = nodeid.split("::", 1)[0]
    family = next((name for name, prefixes in SHARED_CACHE_FAMILIES.items() if path.startswith(prefixes)), None)
    if family is not None:
        return family
    return path if path in ONE_WORKER_FILES or path in SHARED_CACHE_FILES else nodeid


def run_first_key(nodeid: str) -> int:
    """Where a test comes in the order tests are handed out: the index of the first
    :data:`RUN_FIRST` prefix it has, or ``len(RUN_FIRST)`` for every other test."""
    return next((i for i, prefix in enumerate(RUN_FIRST) if nodeid.startswith(prefix)), len(RUN_FIRST))


def pytest_xdist_make_scheduler(config, log):
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class OneWorkerFiles(LoadScopeScheduling):
        """LoadScopeScheduling with :func:`work_unit` as the scope. Units are handed out in collection
        order (sorted by :func:`run_first_key` in :func:`pytest_collection_modifyitems`), with
        loadscope's own reordering by unit size turned off."""

        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

        def schedule(self) -> None:
            super().schedule()
            # A worker runs a test only once it holds the next one (for the teardown of fixtures):
            # loadscope's first round gives each worker one unit, which is one test when the
            # costliest units come first, so top every worker up to two pending tests.
            for node in self.nodes:
                while self.workqueue and not node.shutting_down and self._pending_of(self.assigned_work[node]) < 2:
                    self._assign_work_unit(node)

    config.option.loadscopereorder = False
    return OneWorkerFiles(config, log)


def pytest_ignore_collect(collection_path, config):
    # --doctest-modules would import every conftest.py as a plain module named
    # "conftest", and two of them (tests/, tests/browser/) then clash.  pytest
    # still loads them as conftests; they just are not doctest-collected.
    if collection_path.name == "conftest.py":
        return True
    if collection_path == TESTS / "import_stubs":  # modules that refuse to import, by design (their docstring)
        return True
    return None


def pytest_collection_modifyitems(config, items):
    browser_dir = TESTS / "browser"
    for item in items:
        if browser_dir in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.browser)
        if item.get_closest_marker("notebooks") and not any(name in item.nodeid for name in QUICK_NOTEBOOKS):
            item.add_marker(pytest.mark.slow)
        if item.nodeid.startswith(SLOW_TESTS):
            item.add_marker(pytest.mark.slow)
    for item in sampled_out(items):
        item.add_marker(pytest.mark.slow)
    # a stable sort: tests keep their order within a key (a one-worker file stays in file order)
    items.sort(key=lambda item: run_first_key(item.nodeid))


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    # Keep each phase's report on the item so fixtures (e.g. the browser page)
    # can tell in teardown whether the test failed.
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report
