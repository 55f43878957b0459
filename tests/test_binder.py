"""Binder reproduced without Docker.

repo2docker builds the Binder image by `pip install -r binder/requirements.txt`
(run from the repository root, Python from binder/runtime.txt), then runs
binder/postBuild.  The slow tests here do the same in a fresh venv (postBuild
prunes the copy to the student side) and then execute every notebooks/*.ipynb
in that venv's kernel.  If jupyter-repo2docker is pip-installable, `repo2docker --no-build`
must accept the repository and produce the expected build steps.

The fast tests check that the pins are complete and agree with pyproject.toml.
"""
from __future__ import annotations

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
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

REPO = Path(__file__).resolve().parent.parent
BINDER = REPO / "binder"
PIP_TIMEOUT = 1800
EXEC_TIMEOUT = 1800

# Things a clean checkout does not contain (see .gitignore).
COPY_IGNORE = shutil.ignore_patterns(
    ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", "*.pyc",
    ".pytest_cache", ".hypothesis", ".ipynb_checkpoints", "artifacts",
)


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


@pytest.fixture(scope="module")
def binder_env(tmp_path_factory):
    """(repo copy, venv, env): requirements installed, postBuild run."""
    tmp = tmp_path_factory.mktemp("binder")
    repo = tmp / "repo"
    shutil.copytree(REPO, repo, ignore=COPY_IGNORE)
    venv = tmp / "venv"
    _run([sys.executable, "-m", "venv", venv], cwd=tmp, env=os.environ.copy(), timeout=300)
    env = _env(venv, tmp)
    py = venv / "bin" / "python"
    _run([py, "-m", "pip", "install", "-r", "binder/requirements.txt"], cwd=repo, env=env, timeout=PIP_TIMEOUT)
    _run(["bash", "binder/postBuild"], cwd=repo, env=env, timeout=PIP_TIMEOUT)
    return repo, venv, env


@pytest.mark.slow
def test_binder_env_is_consistent(binder_env, tmp_path):
    repo, venv, env = binder_env
    py = venv / "bin" / "python"
    _run([py, "-m", "pip", "check"], cwd=repo, env=env, timeout=300)
    # hearts_lab comes from the venv (postBuild), not from the source tree
    out = _run([py, "-c", "import hearts_lab; print(hearts_lab.__file__)"], cwd=tmp_path, env=env, timeout=120)
    assert Path(out.strip()).is_relative_to(venv), out
    # the image is the student side: no teacher copy, source, tests or .git (tools/student_dist.py)
    assert not any((repo / p).exists() for p in ("exercises/teacher", "exercises/source", "tests", ".git"))
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
def test_notebook_runs_on_binder(binder_env, notebook):
    repo, venv, env = binder_env
    _run([venv / "bin" / "python", HARNESS, "--check", repo / notebook],
         cwd=repo, env=env, timeout=EXEC_TIMEOUT)


@pytest.mark.slow
def test_repo2docker_accepts_the_repo(tmp_path):
    venv = tmp_path / "r2d"
    subprocess.run([sys.executable, "-m", "venv", venv], check=True, timeout=300)
    install = subprocess.run(
        [venv / "bin" / "python", "-m", "pip", "install", "jupyter-repo2docker"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=PIP_TIMEOUT,
    )
    if install.returncode != 0:
        pytest.skip("jupyter-repo2docker is not pip-installable here:\n" + install.stdout[-2000:])
    repo = tmp_path / "repo"
    shutil.copytree(REPO, repo, ignore=COPY_IGNORE)
    out = _run([venv / "bin" / "jupyter-repo2docker", "--no-build", "--debug", repo],
               cwd=tmp_path, env=os.environ.copy(), timeout=600)
    assert "python=3.11" in out, out
    assert 'pip install --no-cache-dir -r "binder/requirements.txt"' in out, out
    assert "./binder/postBuild" in out, out
