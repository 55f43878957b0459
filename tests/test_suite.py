"""The test suite's own machinery: make test / make check, the parallel scheduler, the notebook split.

``make test`` runs every test on parallel workers (pytest-xdist ``--dist loadgroup``), and
``make check`` the quick ones; tests/conftest.py decides which tests must share a worker
and which notebooks are quick.
"""
from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

# tests/conftest.py by path: the plain name "conftest" may be tests/browser/conftest.py
_spec = importlib.util.spec_from_file_location("tests_conftest", REPO / "tests" / "conftest.py")
assert _spec is not None and _spec.loader is not None
suite = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(suite)
ONE_WORKER_FILES, QUICK_NOTEBOOKS, work_unit = suite.ONE_WORKER_FILES, suite.QUICK_NOTEBOOKS, suite.work_unit
SHARED_CACHE_FILES, SLOW_TESTS, SAMPLED_IN_CHECK = suite.SHARED_CACHE_FILES, suite.SLOW_TESTS, suite.SAMPLED_IN_CHECK
SHARED_CACHE_FAMILIES = suite.SHARED_CACHE_FAMILIES
RUN_FIRST, run_first_key = suite.RUN_FIRST, suite.run_first_key


def _make_n(target: str, *args: str) -> str:
    make = shutil.which("make")
    if make is None:
        pytest.skip("make is not installed")
    out = subprocess.run([make, "-n", target, *args], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr
    return out.stdout


def test_make_test_runs_everything_in_parallel_and_make_check_the_quick_tests():
    test = [line for line in _make_n("test", "JOBS=2").splitlines() if "-m pytest" in line]
    check = [line for line in _make_n("check", "JOBS=2").splitlines() if "-m pytest" in line]
    assert len(test) == 1 and len(check) == 1, (test, check)
    for line in test + check:
        assert "-n 2 --dist loadgroup" in line and "HEARTS_LAB_CACHE=" in line, line
    assert " -m " not in test[0].split("-m pytest", 1)[1], "make test deselects nothing"
    assert '-m "not slow and not browser"' in check[0]
    # make check draws a quarter of each property test's examples (tests/suite_size.py); make test all of them
    assert "HEARTS_LAB_SUITE=check" in check[0].split("-m pytest", 1)[0] and "HEARTS_LAB_SUITE" not in test[0]
    serial = [line for line in _make_n("test", "JOBS=0").splitlines() if "-m pytest" in line]
    assert "-n " not in serial[0] and "--dist" not in serial[0], serial


def test_the_suite_keeps_compiled_bytecode_where_pythondontwritebytecode_is_set():
    """Every Python process of a run (workers, kernels, servers) reuses the bytecode the first one wrote,
    also where PYTHONDONTWRITEBYTECODE is set (it cost each worker's collection about 20 s of CPU)."""
    for target in ("test", "check"):
        line = next(line for line in _make_n(target, "JOBS=2", "CACHE_DIR=/c").splitlines() if "-m pytest" in line)
        env = line.split(" -m pytest", 1)[0].split()
        assert "PYTHONDONTWRITEBYTECODE=" in env, line


def test_the_suite_leaves_out_rfc3987_syntax_and_notebooks_still_validate():
    """make test / make check put tests/import_stubs first on PYTHONPATH, so no process of a run pays the
    3-4 s of CPU of importing rfc3987_syntax (every process that imports nbformat did); with the stub,
    jsonschema still imports and nbformat still validates a notebook, and still refuses a broken one."""
    stubs = REPO / "tests" / "import_stubs"
    for target in ("test", "check"):
        line = next(line for line in _make_n(target, "JOBS=2").splitlines() if "-m pytest" in line)
        env = dict(word.split("=", 1) for word in line.split(" -m pytest", 1)[0].split() if "=" in word)
        assert env["PYTHONPATH"].split(os.pathsep)[0] == str(stubs), line
    code = (
        "import sys, nbformat\n"
        "nb = nbformat.read('notebooks/00_start_here.ipynb', as_version=4)\n"
        "nbformat.validate(nb)\n"
        "nb.cells[0]['cell_type'] = 'no such type'\n"
        "try:\n    nbformat.validate(nb)\nexcept nbformat.ValidationError:\n    print('refused')\n"
        "print('rfc3987_syntax' in sys.modules and sys.modules['rfc3987_syntax'] is not None)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(stubs)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["refused", "False"], done.stdout


def test_the_notebook_harness_leaves_out_rfc3987_syntax():
    """tools/execute_notebooks.py (which the Binder tests run once per notebook, in the Binder environment,
    without the test run's PYTHONPATH) keeps rfc3987_syntax out itself."""
    code = "import runpy, sys; runpy.run_path('tools/execute_notebooks.py'); print(sys.modules.get('rfc3987_syntax', 'absent'))"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[-1] == "None", done.stdout


def test_one_worker_files_are_whole_units_and_every_other_test_its_own():
    for path in ONE_WORKER_FILES + SHARED_CACHE_FILES:
        assert (REPO / path).is_file(), path
        assert work_unit(f"{path}::test_x[a]") == work_unit(f"{path}::test_y") == path
    assert work_unit("tests/test_hand.py::test_play[2C]") == "tests/test_hand.py::test_play[2C]"
    assert work_unit("hearts_lab/hand.py::hearts_lab.hand.Hand") == "hearts_lab/hand.py::hearts_lab.hand.Hand"
    for family, prefixes in SHARED_CACHE_FAMILIES.items():  # every file of a family is its unit; each prefix names files
        files = [f for prefix in prefixes for f in sorted(REPO.glob(prefix + "*")) if f.suffix == ".py"]
        assert all(sorted(REPO.glob(prefix + "*")) for prefix in prefixes), prefixes
        assert {work_unit(f"{f.relative_to(REPO).as_posix()}::test_x") for f in files} == {family}



@pytest.mark.slow  # several seconds: make test runs it, make check leaves it out
def test_the_costliest_tests_are_handed_out_first_and_the_others_keep_their_order():
    lite10 = "tests/browser/test_lite.py::test_notebook_runs_offline[10_perfect_information]"
    keys = [run_first_key(n) for n in (lite10, "tests/test_binder.py::test_runtime_and_postbuild",
                                       "tests/browser/test_lite.py::test_notebook_runs_offline[00_start_here]",
                                       "tests/test_notebooks.py::test_notebook_outputs_are_reproduced[x]",
                                       "tests/test_cards.py::test_parse", "hearts_lab/hand.py::hearts_lab.hand.Hand")]
    assert keys == sorted(keys) and keys[0] == 0 and keys[-1] == keys[-2] == len(RUN_FIRST), keys
    for prefix in RUN_FIRST:  # each names a test file or folder that exists
        path = prefix.split("::", 1)[0]
        assert (REPO / path).exists() or list((REPO / path).parent.glob(Path(path).name + "*")), prefix
    # the Lite notebooks are tests of their own, spread over the workers
    assert "tests/browser/test_lite.py" not in ONE_WORKER_FILES
    assert work_unit(lite10) == lite10
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--collect-only", "-q",
                          "tests/test_cards.py", "tests/browser/test_lite.py", "tests/test_binder.py"],
                         cwd=REPO, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    ids = [line for line in run.stdout.splitlines() if "::" in line]
    assert ids[0] == lite10 and ids[1].startswith("tests/test_binder.py"), ids[:3]
    assert [run_first_key(n) for n in ids] == sorted(run_first_key(n) for n in ids)
    cards = [n for n in ids if n.startswith("tests/test_cards.py")]
    assert cards and ids[-len(cards):] == cards, "the other tests come last, in file order"

@pytest.mark.slow  # several seconds: make test runs it, make check leaves it out
def test_make_check_executes_only_the_quick_notebooks():
    lessons = sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb"))
    assert set(QUICK_NOTEBOOKS) <= set(lessons)
    files = ["tests/test_notebooks.py", "tests/test_exercises.py", "tests/test_exercises_kit.py", "tests/test_binder.py"]

    def collected(marks: str) -> list[str]:
        run = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--collect-only", "-q",
                              "-m", marks, *files], cwd=REPO, capture_output=True, text=True, timeout=300)
        assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
        return [line for line in run.stdout.splitlines() if "::" in line]

    quick = collected("notebooks and not slow")
    assert sorted(quick) == sorted(f"tests/test_notebooks.py::test_notebook_outputs_are_reproduced[{n}]" for n in QUICK_NOTEBOOKS)
    everything = collected("notebooks")
    assert len(everything) > len(quick) + len(lessons), "the other notebooks still run in make test"
    # every lesson's outputs are compared with the stored ones in make test, in the Binder environment
    assert set(quick) <= set(everything)
    reproduced = [n for n in everything if "test_binder.py::test_notebook_reproduces_its_outputs_on_binder[" in n]
    assert sorted(reproduced) == sorted(f"tests/test_binder.py::test_notebook_reproduces_its_outputs_on_binder[notebooks/{n}]"
                                        for n in lessons)


@pytest.mark.slow  # two collections in subprocesses: make test runs it
def test_each_slow_test_named_in_the_conftest_is_collected_and_left_out_of_make_check():
    """Every SLOW_TESTS prefix names tests that exist (a renamed test would silently come back into make check
    otherwise), and make check's marks leave them out while make test runs them; of each SAMPLED_IN_CHECK test,
    a parametrized one, make check runs the first case and every k-th after it, make test every case."""
    files = sorted({name.split("::", 1)[0] for name in [*SLOW_TESTS, *SAMPLED_IN_CHECK]})

    def collected(*marks: str) -> list[str]:
        run = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--collect-only", "-q", *marks,
                              *files], cwd=REPO, capture_output=True, text=True, timeout=300)
        assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
        return [line for line in run.stdout.splitlines() if "::" in line]

    everything, quick = collected(), collected("-m", "not slow and not browser")
    for prefix in SLOW_TESTS:
        assert any(test.startswith(prefix) for test in everything), f"{prefix} names no test"
        assert not any(test.startswith(prefix) for test in quick), f"{prefix} still runs in make check"
    for name, every in SAMPLED_IN_CHECK.items():
        cases = [test for test in everything if test.startswith(name + "[")]
        assert len(cases[::every]) < len(cases), f"{name} has {len(cases)} cases: one in {every} leaves nothing out"
        assert [test for test in quick if test.startswith(name + "[")] == cases[::every], name
    assert quick, "the other tests of these files stay in make check"


def _scheduler_tree(root: Path) -> list[str]:
    """A small test tree under ``root`` that uses this suite's tests/conftest.py (copied): at the paths of
    the one-worker files, files of trivial tests, and a file of trivial tests that may go anywhere."""
    (root / "tests").mkdir(parents=True)
    for name in ("conftest.py", "notebook_harness.py"):  # the conftest takes QUICK_NOTEBOOKS from the harness
        shutil.copy(REPO / "tests" / name, root / "tests" / name)
    (root / "pytest.ini").write_text("[pytest]\n")
    families = [prefixes[0].removesuffix(".py") for prefixes in SHARED_CACHE_FAMILIES.values()]
    one_worker = [*ONE_WORKER_FILES, *SHARED_CACHE_FILES, *(f"{family}_{n}.py" for family in families for n in "ab")]
    for path in [*one_worker, "tests/test_anywhere.py"]:
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text("import pytest\n\n\n@pytest.mark.parametrize('i', range(12))\ndef test_x(i):\n    pass\n")
    return one_worker


@pytest.mark.slow  # a few seconds: make test runs it, make check leaves it out
def test_loadgroup_keeps_a_one_worker_file_on_one_worker_under_pytest_9(tmp_path):
    """pytest-xdist's own loadgroup spreads an xdist_group over the workers under pytest 9; the
    conftest's scheduler must not: run a small tree that uses this conftest on two workers and look.
    (Real pytest-xdist and this conftest's scheduler; the tests are trivial and plugins other than
    xdist stay out, so the run takes a few seconds, not the 37 s that test_binder.py's quick tests took.)"""
    one_worker = _scheduler_tree(tmp_path)
    env = {**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "xdist", "-p", "no:cacheprovider", "-n", "2", "--dist", "loadgroup",
         "-v", "tests"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    workers: dict[str, set[str]] = {}
    for match in re.finditer(r"^\[(gw\d+)\] \[\s*\d+%\] PASSED (\S+)", run.stdout, re.M):
        workers.setdefault(match.group(2).split("::")[0], set()).add(match.group(1))
    assert len(re.findall(r"\] PASSED ", run.stdout)) == 12 * (len(one_worker) + 1), run.stdout[-3000:]
    for path in one_worker:
        assert len(workers.get(path, ())) == 1, workers
    for family in [prefixes[0].removesuffix(".py") for prefixes in SHARED_CACHE_FAMILIES.values()]:
        assert workers[f"{family}_a.py"] == workers[f"{family}_b.py"], workers  # a family's files on one worker together
    assert set().union(*workers.values()) == {"gw0", "gw1"}, workers  # and the run was parallel
