#!/usr/bin/env python3
"""The student distribution: what students open, with no teacher copy, no solution source and no pointer to them.

One definition serves both ways students get Hearts Lab:

* **Binder**: ``binder/postBuild`` runs ``python tools/student_dist.py --prune .``
  after installing the package, so the image keeps only :data:`KEEP`
  (``.git`` goes too: its history holds every solution) and gets the student
  README files below.
* **An LMS**: ``python tools/student_dist.py --handouts FILE.zip`` zips the
  student worksheets, the notebooks and the rules document in one archive, with
  the same folder layout so that the links between them work. ``make handouts``
  (tools/make_handouts.py) builds that archive with the printed PDFs, the
  package as a wheel and how to open it all with a plain Jupyter.

Teachers keep the full repository (a clone) for the teacher copies, the
answer keys and the tests. ``tests/test_exercises_distribution.py`` builds
both forms from the repository and proves that no solution, no answer and no
pointer to them is inside.

* **A student-only branch**: ``make student-branch`` runs ``python
  tools/student_dist.py --branch student``: the student side, with a
  ``binder/`` that only installs, committed on its own branch ``student``
  whose history holds nothing but earlier student sides (never the main
  history, which holds every solution). The student links (Binder, Voilà,
  JupyterLite) point at that branch; ``git push origin student`` publishes it.

Usage::

    python tools/student_dist.py --build DIR        # copy the repository's student side into DIR
    python tools/student_dist.py --prune DIR        # turn a checkout DIR into the student side, in place
    python tools/student_dist.py --handouts FILE.zip
    python tools/student_dist.py --branch student   # commit the student side on the branch 'student'
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

#: What the student side keeps (paths relative to the repository root); everything else goes.
KEEP = (
    "README.md",
    "LICENSE",
    "pyproject.toml",
    "data",  # the stored solver surveys notebook 10 reads
    "docs",
    "hearts_lab",
    "notebooks",
    "exercises/README.md",
    "exercises/student",
)
#: What the LMS archive holds.
HANDOUTS = ("README.md", "data", "docs", "notebooks", "exercises/README.md", "exercises/student")
#: Never in the student side, whatever KEEP says (checked by the tests).
FORBIDDEN = (".git", "exercises/teacher", "exercises/source", "tests", "tools")
_JUNK = {".ipynb_checkpoints", "__pycache__", ".pytest_cache", ".hypothesis"}

STUDENT_README = """\
# Hearts Lab

Hearts, its stripped-deck versions and two-pack Cancellation Hearts, to learn
the rules, play against computer players, and work counting and probability
exercises with automatic checks.

* Start with [`notebooks/00_start_here.ipynb`](notebooks/00_start_here.ipynb):
  it lists the lessons and the worksheets.
* The rules, with every ruling, are in [`docs/rules.md`](docs/rules.md).
* The worksheets are in [`exercises/student/`](exercises/student/); how their
  checks, hints and handing in work is in
  [`exercises/README.md`](exercises/README.md).

The notebooks and worksheets need the `hearts_lab` package: open them from
your class's Binder or JupyterLite link, where it is installed.
"""

STUDENT_EXERCISES_README = """\
# Worksheets

| worksheet | practises | read first |
|---|---|---|
| `01_legal_moves` | who leads, legal cards, trick winners, points, the opening card of a stripped deck | `notebooks/01_rules_tour.ipynb` (Q7: `notebooks/03_stripped_decks.ipynb`) |
| `02_passing_and_cancellation` | pass targets and senders (hands numbered from 1), Cancellation Hearts winners, set-aside tricks, the pending pile, the kitty | `notebooks/02_passing.ipynb` (Q1–Q3), `notebooks/04_cancellation_hearts.ipynb` (Q4–Q8) |
| `03_counting_deals` | counting hands and deals of stripped and two-pack decks, exactly | `notebooks/03_stripped_decks.ipynb`, `07_counting_deals.ipynb`, `08_exact_odds.ipynb` |
| `04_moon_odds` | moon odds exactly, by dealing and by simulation; old and new moon scoring | `notebooks/08_exact_odds.ipynb`, `09_moon_odds.ipynb` |
| `05_capstone_house_rule` | design a house rule, predict, simulate, report the effect with a 95% interval | `notebooks/06_rules_lab.ipynb`, `09_moon_odds.ipynb` |
| `06_how_computers_play` | what a seat knows about the hidden cards, a world that agrees with it, who holds the Q♠ in sampled worlds, a fair race between bots | `notebooks/11_how_computers_play.ipynb` |

## How the checks work

Replace each `...` with your answer, run the cell, then run the check below it.
It says **✔ Correct**, **Not answered yet** or **✘ Not quite** with a hint.

**Hints.** A wrong answer gets a hint about the likely slip, or a nudge.
Ask for more with `ws3.hint("Q6")` (a nudge), `ws3.hint("Q6", level=2)` (the
structure of the solution) and `ws3.hint("Q6", level=3)` (the full method —
try the others first).

**Estimates** are the result of your dealing, sampling or simulation (the
object it returns), not a number you type: the check repeats your run with its seed.

**The checks help you learn; they are not your grade.** They run on your own
computer, so they can coach you but cannot mark you.

**Your own copy.** If your teacher gave you your own copy of a worksheet (the
cell near the top that imports `ws1` has a line `ws1.use_variant(...)`: keep it
as it is), its deals, seats and numbers are your own: a friend's answers are for other deals.
Hand in the notebook itself: save it (*File → Save*, or *File → Download* in
JupyterLite) and upload the `.ipynb` file. Your teacher grades it on their
computer.

**Handing in a results file.** The last cell of each worksheet, `export("ws3", student="Ada")`,
saves `ws3_Ada.json` in the worksheet's folder — each question's status and
how many answers its check judged since the kernel last started (a restart
starts the count again), not the answers themselves — and shows a download link. Upload that file to
your course page if your teacher asks for it.
"""


def _junk(name: str) -> bool:
    return name in _JUNK or name.endswith((".pyc", ".egg-info"))


def _write_readmes(root: Path) -> None:
    (root / "README.md").write_text(STUDENT_README, encoding="utf-8")
    (root / "exercises").mkdir(exist_ok=True)
    (root / "exercises" / "README.md").write_text(STUDENT_EXERCISES_README, encoding="utf-8")


def _kept(relative: Path, keep: tuple[str, ...]) -> str:
    """'all' if ``relative`` is inside a kept path, 'parent' if a kept path is inside it, else ''."""
    text = relative.as_posix()
    if any(text == k or text.startswith(k + "/") for k in keep):
        return "all"
    if any(k.startswith(text + "/") for k in keep):
        return "parent"
    return ""


def prune(root: Path, keep: tuple[str, ...] = KEEP) -> list[str]:
    """Delete everything under ``root`` outside ``keep`` (and caches), write the student READMEs; return what went."""
    root = Path(root).resolve()
    removed: list[str] = []

    def walk(folder: Path) -> None:
        for path in sorted(folder.iterdir()):
            relative = path.relative_to(root)
            state = _kept(relative, keep)
            if state == "all" and not _junk(path.name):
                if path.is_dir():
                    walk_junk(path)
                continue
            if state == "parent" and path.is_dir():
                walk(path)
                continue
            removed.append(relative.as_posix())
            shutil.rmtree(path) if path.is_dir() and not path.is_symlink() else path.unlink()

    def walk_junk(folder: Path) -> None:
        for path in sorted(folder.iterdir()):
            if _junk(path.name):
                removed.append(path.relative_to(root).as_posix())
                shutil.rmtree(path) if path.is_dir() else path.unlink()
            elif path.is_dir():
                walk_junk(path)

    walk(root)
    _write_readmes(root)
    return removed


def _tracked_files(repo: Path) -> list[Path]:
    """The repository's files: git's list when it is a git checkout, else every file (caches aside)."""
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=repo, capture_output=True, check=True, timeout=60).stdout
        return [repo / p for p in out.decode("utf-8").split("\0") if p]
    except (OSError, subprocess.CalledProcessError, subprocess.TimeoutExpired):
        return [p for p in repo.rglob("*") if p.is_file() and not any(_junk(part) or part in (".git", ".venv") for part in p.relative_to(repo).parts)]


def build(dest: Path, repo: Path = REPO, keep: tuple[str, ...] = KEEP) -> Path:
    """Copy the student side of ``repo`` into the empty or new folder ``dest``."""
    dest = Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    if any(dest.iterdir()):
        raise SystemExit(f"{dest} is not empty")
    for path in _tracked_files(repo):
        relative = path.relative_to(repo)
        if _kept(relative, keep) != "all" or any(_junk(part) for part in relative.parts) or not path.is_file():
            continue
        target = dest / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
    _write_readmes(dest)
    return dest


def handouts(archive: Path, repo: Path = REPO) -> Path:
    """A zip of the student worksheets, the notebooks and the rules for an LMS (folder layout kept)."""
    import tempfile

    archive = Path(archive)
    archive.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        root = build(Path(tmp) / "hearts-lab", repo, HANDOUTS)
        with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as zf:
            for path in sorted(p for p in root.rglob("*") if p.is_file()):
                zf.write(path, Path("hearts-lab") / path.relative_to(root))
    return archive


#: The student branch's binder/postBuild: the branch is already the student side, so it only installs.
STUDENT_POSTBUILD = """\
#!/bin/bash
# Run by repo2docker after binder/requirements.txt. This branch holds only the student side.
set -euo pipefail
python -m pip install --no-deps --no-cache-dir .
jupyter labextension disable "@jupyterlab/apputils-extension:announcements"
"""
#: What the student branch takes from binder/ besides its own postBuild.
BINDER_FILES = ("requirements.txt", "runtime.txt")


def _git(repo: Path, *args: str, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(["git", *args], cwd=repo, capture_output=True, text=True, env=env, timeout=300)
    if done.returncode != 0:
        raise SystemExit(f"git {' '.join(args)}: {done.stderr.strip()}")
    return done.stdout.strip()


def branch(name: str = "student", repo: Path = REPO) -> tuple[str, bool]:
    """Commit the student side of ``repo`` (plus a Binder setup that only installs) on branch ``name``.

    The commit's only parent is the branch's previous commit, so the branch's
    history never reaches the main history. The working tree and the index
    are not touched. Returns (commit, changed); nothing is committed when the
    student side is unchanged.
    """
    repo = Path(repo)
    with tempfile.TemporaryDirectory() as tmp:
        side = build(Path(tmp) / "side", repo)
        (side / "binder").mkdir()
        for file in BINDER_FILES:
            shutil.copy2(repo / "binder" / file, side / "binder" / file)
        (side / "binder" / "postBuild").write_text(STUDENT_POSTBUILD, encoding="utf-8")
        (side / "binder" / "postBuild").chmod(0o755)
        env = {**os.environ, "GIT_INDEX_FILE": str(Path(tmp) / "index"), "GIT_WORK_TREE": str(side)}
        _git(repo, "add", "-A", "--force", ".", env=env)
        tree = _git(repo, "write-tree", env=env)
        parent = subprocess.run(["git", "rev-parse", "--verify", "-q", f"refs/heads/{name}"], cwd=repo,
                                capture_output=True, text=True).stdout.strip()
        if parent and _git(repo, "rev-parse", f"{parent}^{{tree}}") == tree:
            return parent, False
        source = _git(repo, "rev-parse", "--short", "HEAD")
        message = f"Student side of {source} (tools/student_dist.py --branch {name})"
        commit = _git(repo, "commit-tree", tree, *(["-p", parent] if parent else []), "-m", message)
        _git(repo, "update-ref", f"refs/heads/{name}", commit, *([parent] if parent else []))
        return commit, True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--build", metavar="DIR", type=Path, help="copy the student side into DIR")
    group.add_argument("--prune", metavar="DIR", type=Path, help="reduce the checkout DIR to the student side, in place")
    group.add_argument("--handouts", metavar="ZIP", type=Path, help="write the LMS archive")
    group.add_argument("--branch", metavar="NAME", help="commit the student side on branch NAME (e.g. student)")
    opts = parser.parse_args(argv)
    if opts.branch:
        commit, changed = branch(opts.branch)
        print(f"branch {opts.branch}: {'new commit' if changed else 'unchanged at'} {commit[:12]}; "
              f"publish it with: git push origin {opts.branch}")
    elif opts.build:
        print(f"student distribution in {build(opts.build)}")
    elif opts.prune:
        removed = prune(opts.prune)
        print(f"removed {len(removed)} paths: {', '.join(sorted(removed)[:12])}{' ...' if len(removed) > 12 else ''}")
    else:
        path = handouts(opts.handouts)
        with zipfile.ZipFile(path) as zf:
            print(f"wrote {path}: {len(zf.namelist())} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
