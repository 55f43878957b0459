"""Binder reproduced without Docker.

repo2docker builds the Binder image by `pip install -r binder/requirements.txt`
(run from the repository root, Python from binder/runtime.txt), then runs
binder/postBuild there with REPO_DIR set to that folder.  The slow tests here do
the same in a virtual environment (postBuild prunes a copy of the repository to the
student side) and then execute every notebooks/*.ipynb in that environment's kernel
and compare its outputs with the stored ones (the lesson notebooks' regression test).
If jupyter-repo2docker is pip-installable, `repo2docker --no-build` must accept the
repository and produce the expected build steps.

The environment with the pins installed is kept between runs, outside the clone, in
~/.cache/hearts-lab/binder-<hash of the pins, runtime and Python> (HEARTS_LAB_CACHE
moves it): a run on a machine that already built it reuses it, a fresh machine builds
it. Each run first puts it back to the pins alone (no Hearts Lab, no JupyterLab
settings) and checks that `pip freeze` is what was installed, so what postBuild does
is done again every run.

The fast tests check that the pins are complete and agree with pyproject.toml, and
that postBuild refuses to prune a clone.
"""
from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest
from notebook_harness import outputs_diff
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

REPO = Path(__file__).resolve().parent.parent
BINDER = REPO / "binder"
PIP_TIMEOUT = 1800
EXEC_TIMEOUT = 1800

# Things a clean checkout does not contain (see .gitignore): anywhere, and at the top (the JupyterLite site, 68 MB).
_IGNORED_ANYWHERE = shutil.ignore_patterns(
    ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", "*.pyc",
    ".pytest_cache", ".hypothesis", ".ipynb_checkpoints", "artifacts", ".mypy_cache",
)
_IGNORED_AT_THE_TOP = {"site"}


def COPY_IGNORE(directory: str, names: list[str]) -> set[str]:  # noqa: N802 - shutil.copytree's ignore=
    ignored = set(_IGNORED_ANYWHERE(directory, names))
    if Path(directory).resolve() == REPO:
        ignored |= _IGNORED_AT_THE_TOP & set(names)
    return ignored


def _notebooks_to_execute(root: Path) -> list[Path]:
    # postBuild prunes the image to the student side (tools/student_dist.py): no teacher copies to run there
    return sorted((root / "notebooks").glob("*.ipynb"))


# The execution harness comes from this checkout: the pruned image has no tools/ (students get none).
HARNESS = REPO / "tools" / "execute_notebooks.py"
NOTEBOOKS = [p.relative_to(REPO) for p in _notebooks_to_execute(REPO)]


def _pins() -> dict[str, Version]:
    pins = {}
    for raw in (BINDER / "requirements.txt").read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        m = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;=]+)", line)
        assert m, f"binder/requirements.txt: not an exact pin: {raw!r}"
        pins[canonicalize_name(m.group(1))] = Version(m.group(2))
    return pins


def _needed() -> list[Requirement]:
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    reqs = [Requirement(r) for r in project.get("dependencies", [])]
    reqs += [Requirement(r) for r in project["optional-dependencies"]["notebooks"]]
    reqs.append(Requirement("voila"))  # the Voilà link in README.md needs it
    return [r for r in reqs if canonicalize_name(r.name) != canonicalize_name(project["name"])]


def test_requirements_are_exact_pins_covering_pyproject():
    pins = _pins()
    assert len(pins) > 20, "expected the full resolved set, not just top-level packages"
    for req in _needed():
        name = canonicalize_name(req.name)
        assert name in pins, f"{req.name} (from pyproject.toml) is not pinned in binder/requirements.txt"
        assert req.specifier.contains(pins[name], prereleases=True), (
            f"binder pins {req.name}=={pins[name]}, but pyproject.toml asks for {req}"
        )


def test_runtime_and_postbuild():
    assert (BINDER / "runtime.txt").read_text().strip() == "python-3.11"
    post = BINDER / "postBuild"
    assert post.stat().st_mode & stat.S_IXUSR, "binder/postBuild must be executable"
    text = post.read_text()
    assert text.startswith("#!"), "binder/postBuild needs a shebang line"
    assert "pip install --no-deps" in text
    assert "@jupyterlab/apputils-extension:announcements" in text


def _tree_state(root: Path) -> dict[str, tuple]:
    """Every path under root (.git included) with its kind, size, mode and modification time."""
    state = {}
    for path in [root, *root.rglob("*")]:
        st = path.lstat()
        state[path.relative_to(root).as_posix()] = (stat.S_IFMT(st.st_mode), st.st_size, st.st_mode, st.st_mtime_ns)
    return state


@pytest.fixture(scope="module")
def clone(tmp_path_factory):
    """A git clone of this repository (what a teacher or contributor has)."""
    dest = tmp_path_factory.mktemp("postbuild") / "clone"
    subprocess.run(["git", "clone", "-q", "--no-hardlinks", str(REPO), str(dest)], check=True, timeout=300)
    return dest


@pytest.mark.parametrize("repo_dir", [None, "elsewhere", "missing"])
def test_postbuild_refuses_outside_an_image_build(clone, repo_dir):
    """binder/postBuild deletes .git, tests/ and tools/ of the folder it runs in: in a clone it must
    refuse, say why, and change nothing (this checkout's script, run in the clone as repo2docker would)."""
    env = {k: v for k, v in os.environ.items() if k != "REPO_DIR"}
    if repo_dir == "elsewhere":
        env["REPO_DIR"] = str(clone.parent)
    elif repo_dir == "missing":
        env["REPO_DIR"] = str(clone / "no-such-folder")
    # a postBuild that went on would run python (pip install) and jupyter: here they only leave a note
    spy = clone.parent / f"spy-{repo_dir}"
    spy.mkdir()
    for tool in ("python", "python3", "pip", "jupyter"):
        (spy / tool).write_text(f"#!/bin/sh\necho {tool} >> '{spy}/ran'\nexit 1\n")
        (spy / tool).chmod(0o755)
    env["PATH"] = f"{spy}{os.pathsep}{env.get('PATH', '')}"
    before = _tree_state(clone)
    assert (clone / ".git").is_dir() and (clone / "tests").is_dir()
    proc = subprocess.run(["bash", str(BINDER / "postBuild")], cwd=clone, env=env, timeout=120,
                          capture_output=True, text=True)
    assert not (spy / "ran").exists(), (spy / "ran").read_text()
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert proc.stdout == ""
    assert "refusing to run" in proc.stderr and "not a Binder image build" in proc.stderr
    assert ("REPO_DIR is not set" if repo_dir is None else f"REPO_DIR is {env['REPO_DIR']}, not this folder") in proc.stderr
    assert "Nothing was changed" in proc.stderr and "--image-build" in proc.stderr
    assert _tree_state(clone) == before
    status = subprocess.run(["git", "status", "--porcelain", "--ignored"], cwd=clone, capture_output=True, text=True,
                            check=True, timeout=60).stdout
    assert status == "", status


# ---------------------------------------------------------------- slow: a fresh Binder-like venv


def _env(venv: Path, tmp: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env.update(
        PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}",
        VIRTUAL_ENV=str(venv),
        # keep the user's Jupyter config and kernels out of the picture
        JUPYTER_CONFIG_DIR=str(tmp / "jupyter-config"),
        JUPYTER_DATA_DIR=str(tmp / "jupyter-data"),
        JUPYTER_RUNTIME_DIR=str(tmp / "jupyter-runtime"),
        JUPYTER_PREFER_ENV_PATH="1",
    )
    return env


def _run(cmd, *, cwd, env, timeout):
    proc = subprocess.run(
        [str(c) for c in cmd], cwd=cwd, env=env, timeout=timeout,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    assert proc.returncode == 0, f"$ {' '.join(map(str, cmd))}\n{proc.stdout[-20000:]}"
    return proc.stdout


def cache_root() -> Path:
    """Where environments built for the tests are kept between runs (outside the clone)."""
    if os.environ.get("HEARTS_LAB_CACHE"):
        return Path(os.environ["HEARTS_LAB_CACHE"])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "hearts-lab"


def pins_key() -> str:
    """What the Binder environment is built from: the pins, the runtime and the Python building it."""
    digest = hashlib.sha256()
    for part in ((BINDER / "requirements.txt").read_bytes(), (BINDER / "runtime.txt").read_bytes(),
                 sys.version.encode(), sys.platform.encode()):
        digest.update(part + b"\0")
    return digest.hexdigest()[:16]


@contextlib.contextmanager
def _locked(path: Path):
    """An exclusive lock on ``path`` (another run on this machine using the same cache waits)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _freeze(py: Path, env: dict[str, str], cwd: Path) -> str:
    return _run([py, "-m", "pip", "freeze", "--all"], cwd=cwd, env=env, timeout=300)


def _pins_only(venv: Path, env: dict[str, str], cwd: Path) -> str | None:
    """Put a kept environment back to the pins alone, as repo2docker has it before postBuild; return its
    `pip freeze`, or None if it is not a complete environment."""
    stamp = venv.parent / "complete"
    if not stamp.exists() or not (venv / "bin" / "python").exists():
        return None
    py = venv / "bin" / "python"
    subprocess.run([py, "-m", "pip", "uninstall", "-y", "-q", "hearts-lab"], cwd=cwd, env=env, timeout=300,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    shutil.rmtree(venv / "etc" / "jupyter" / "labconfig", ignore_errors=True)  # what labextension disable wrote
    frozen = _freeze(py, env, cwd)
    return frozen if frozen == stamp.read_text() else None


@pytest.fixture(scope="module")
def binder_env(tmp_path_factory):
    """(repo copy, venv, env): requirements installed (kept between runs), postBuild run in a copy."""
    tmp = tmp_path_factory.mktemp("binder")
    home = cache_root() / f"binder-{pins_key()}"
    venv = home / "venv"
    env = _env(venv, tmp)
    with _locked(home.with_name(home.name + ".lock")):
        if _pins_only(venv, env, tmp) is None:
            shutil.rmtree(home, ignore_errors=True)
            home.mkdir(parents=True)
            _run([sys.executable, "-m", "venv", venv], cwd=tmp, env=os.environ.copy(), timeout=300)
            _run([venv / "bin" / "python", "-m", "pip", "install", "-r", BINDER / "requirements.txt"],
                 cwd=tmp, env=env, timeout=PIP_TIMEOUT)
            (home / "complete").write_text(_freeze(venv / "bin" / "python", env, tmp))
        # a copy of this checkout with a git history of its own, as repo2docker copies a clone
        repo = tmp / "repo"
        shutil.copytree(REPO, repo, ignore=COPY_IGNORE)
        git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"]
        for cmd in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "copy"]):
            _run(git + cmd, cwd=repo, env=os.environ.copy(), timeout=120)
        out = _run(["bash", "binder/postBuild"], cwd=repo, env={**env, "REPO_DIR": str(repo)}, timeout=PIP_TIMEOUT)
        assert "image build (REPO_DIR is this folder (repo2docker))" in out, out
        yield repo, venv, env


@pytest.mark.slow
def test_binder_env_is_consistent(binder_env, tmp_path):
    repo, venv, env = binder_env
    py = venv / "bin" / "python"
    _run([py, "-m", "pip", "check"], cwd=repo, env=env, timeout=300)
    # hearts_lab comes from the venv (postBuild), not from the source tree
    out = _run([py, "-c", "import hearts_lab; print(hearts_lab.__file__)"], cwd=tmp_path, env=env, timeout=120)
    assert Path(out.strip()).is_relative_to(venv), out
    # the image is the student side: no teacher copy, source, tests, tools or .git (tools/student_dist.py)
    assert not any((repo / p).exists() for p in ("exercises/teacher", "exercises/source", "tests", "tools", ".git"))
    assert (repo / "notebooks").is_dir() and (repo / "hearts_lab").is_dir()
    # the kept environment holds the pins and Hearts Lab, nothing else
    pins = {canonicalize_name(n): str(v) for n, v in _pins().items()}
    frozen = {}
    for line in _freeze(py, env, tmp_path).splitlines():
        name, _, version = line.partition(" @ ") if " @ " in line else line.partition("==")
        frozen[canonicalize_name(name)] = version
    assert frozen.pop("hearts-lab").startswith("file://"), "postBuild installs Hearts Lab from the copy"
    for tool in ("pip", "setuptools"):
        frozen.pop(tool, None)
    assert frozen == pins, ({k: v for k, v in frozen.items() if pins.get(k) != v}, {k: v for k, v in pins.items() if frozen.get(k) != v})
    assert sorted(p.name for p in (repo / "exercises" / "student").glob("*.ipynb"))
    # the JupyterLab announcements popup is disabled
    out = _run([venv / "bin" / "jupyter", "labextension", "list"], cwd=repo, env=env, timeout=300)
    assert "@jupyterlab/apputils-extension:announcements" in out.split("Disabled extensions:")[-1], out


@pytest.mark.slow
def test_binder_kernel_is_the_venv(binder_env, tmp_path):
    repo, venv, env = binder_env
    nb = tmp_path / "probe.ipynb"
    nb.write_text(textwrap.dedent("""\
        {"cells": [{"cell_type": "code", "execution_count": null, "id": "probe", "metadata": {},
          "outputs": [], "source": "import os, sys, hearts_lab\\nprint(sys.prefix)\\nprint(os.environ['PYTHONHASHSEED'])"}],
         "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
         "nbformat": 4, "nbformat_minor": 5}
    """))
    _run([venv / "bin" / "python", HARNESS, nb],
         cwd=repo, env=env, timeout=EXEC_TIMEOUT)
    outputs = json.loads(nb.read_text())["cells"][0]["outputs"]
    text = "".join("".join(o.get("text", "")) for o in outputs)
    assert text == f"{venv}\n0\n", outputs


@pytest.mark.slow
@pytest.mark.notebooks
@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[str(p) for p in NOTEBOOKS])
def test_notebook_reproduces_its_outputs_on_binder(binder_env, notebook):
    """The notebook runs in a fresh kernel of the Binder environment (the pins, postBuild's pruned copy) and
    gives the outputs stored in this checkout: what a student opening it on Binder sees is what the notebook
    shows. This is the lesson notebooks' regression test in make test (tests/test_notebooks.py runs the quick
    ones in the test environment for make check): each notebook executes once per environment per run."""
    repo, venv, env = binder_env
    _run([venv / "bin" / "python", HARNESS, repo / notebook], cwd=repo, env=env, timeout=EXEC_TIMEOUT)
    diff = outputs_diff(REPO / notebook, repo / notebook)
    assert not diff, (f"{notebook}: the outputs in the Binder environment differ from the stored ones "
                      f"(store fresh ones with tools/execute_notebooks.py):\n{diff}")


@pytest.mark.slow
def test_repo2docker_accepts_the_repo(tmp_path):
    home = cache_root() / f"repo2docker-{hashlib.sha256(sys.version.encode()).hexdigest()[:16]}"
    venv = home / "venv"
    with _locked(home.with_name(home.name + ".lock")):
        if not (home / "complete").exists():
            shutil.rmtree(home, ignore_errors=True)
            subprocess.run([sys.executable, "-m", "venv", venv], check=True, timeout=300)
            install = subprocess.run(
                [venv / "bin" / "python", "-m", "pip", "install", "jupyter-repo2docker"],
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=PIP_TIMEOUT,
            )
            if install.returncode != 0:
                pytest.skip("jupyter-repo2docker is not pip-installable here:\n" + install.stdout[-2000:])
            (home / "complete").touch()
    repo = tmp_path / "repo"
    shutil.copytree(REPO, repo, ignore=COPY_IGNORE)
    out = _run([venv / "bin" / "jupyter-repo2docker", "--no-build", "--debug", repo],
               cwd=tmp_path, env=os.environ.copy(), timeout=600)
    assert "python=3.11" in out, out
    assert 'pip install --no-cache-dir -r "binder/requirements.txt"' in out, out
    assert "./binder/postBuild" in out, out
    # postBuild prunes only where REPO_DIR is the folder it runs in: the image sets it and runs it there
    assert re.search(r"^ENV REPO_DIR=\$\{REPO_DIR\}$", out, re.M) and re.search(r"^WORKDIR \$\{REPO_DIR\}$", out, re.M), out
