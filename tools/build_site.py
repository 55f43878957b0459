"""Build (or serve) Hearts Lab as a static JupyterLite site that runs offline.

    python tools/build_site.py            # build site/ (what `make site` runs)
    python tools/build_site.py serve      # serve site/ on http://127.0.0.1:8000/ (`make site-serve`)

What goes into ``site/``:

- JupyterLab and the Pyodide kernel (``jupyterlite-core``, ``jupyterlite-pyodide-kernel``,
  pinned in pyproject's ``lite`` extra) and the ipywidgets JupyterLab extension;
- the Pyodide core (the npm registry's ``pyodide`` package, version ``PYODIDE_VERSION``)
  under ``static/pyodide/``, so nothing is fetched from a CDN to start the kernel, its
  standard library with bytecode added (compiled by Pyodide under Node, like the wheels);
- every pure-Python wheel the kernel and the lessons need, at the versions Pyodide's
  lock file names (micropip, IPython and its dependencies, jedi, sympy, mpmath, tqdm),
  next to the core, with ``pyodide-lock.json`` pointing at them; the rest of Pyodide's
  distribution (numpy, matplotlib and other compiled packages) stays on Pyodide's
  CDN, so it loads when the browser is online;
- Hearts Lab itself as a wheel built from this checkout, with ipywidgets, comm and
  jupyterlab_widgets (the versions installed here, so kernel and page agree) in the
  site's piplite index (``pypi/``);
- the notebooks, the student worksheets (never the teacher copies or the sources),
  ``docs/*.md`` and the stored results in ``data/``, at the same paths as in the repository;
- the play page without code, ``play/`` (JupyterLite's REPL app running ``PlayPage()`` with its
  code hidden; see ``PLAY_CODE``).

Downloads are cached in ``build/lite-cache/`` (in ``$HEARTS_LAB_CACHE/lite/`` when that is set,
as ``make test`` does); a second build reuses them.
"""
from __future__ import annotations

import argparse
import contextlib
import functools
import hashlib
import http.server
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SITE = REPO / "site"
BUILD = REPO / "build"
#: Downloads and compiled wheels. ``HEARTS_LAB_CACHE`` (``make test`` sets it to ~/.cache/hearts-lab)
#: keeps them outside the clone, so a fresh clone on the same machine reuses them.
CACHE = Path(os.environ["HEARTS_LAB_CACHE"]) / "lite" if os.environ.get("HEARTS_LAB_CACHE") else BUILD / "lite-cache"
STAGE = BUILD / "lite"  # the JupyterLite "lite dir": config, wheels, pyodide, contents

#: Pyodide core from the npm registry; must match what jupyterlite-pyodide-kernel expects.
PYODIDE_VERSION = "314.0.6"
PYODIDE_CDN = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
#: Core files the kernel loads (the npm package also has typings, maps and demo pages).
PYODIDE_CORE = ("pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "package.json")
#: The standard library, served with bytecode added (see ``compile_wheels``).
STDLIB = "python_stdlib.zip"

#: Packages from Pyodide's lock file bundled into the site with their dependencies:
#: what the kernel installs at start (micropip, then ipython and jedi), and what the
#: lessons import (sympy for counting, tqdm for the engine-path simulation's progress).
LOCK_BUNDLE = ("micropip", "ipython", "jedi", "sympy", "tqdm")
#: Not in Pyodide's lock: served from the site's piplite index at the versions installed
#: here (the widget JavaScript in the page comes from the same jupyterlab_widgets).
PIPLITE_FROM_ENV = ("ipywidgets", "comm", "jupyterlab_widgets")

#: Repository paths that become the site's files (teacher copies and sources never do).
CONTENTS = ("notebooks/*.ipynb", "exercises/student/*.ipynb", "docs/*.md", "data/*.json")

START_PAGE = "lab/index.html?path=notebooks/00_start_here.ipynb"

#: The code-free play page (notebooks/play.ipynb's PlayPage): JupyterLite's REPL app runs these
#: lines when it opens, with the code input hidden, no banner and no toolbar, so the page shows
#: the settings, the table and the rules card. ``site/play/index.html`` opens it.
PLAY_CODE = (
    "import piplite",
    'await piplite.install(["hearts-lab", "ipywidgets"])',
    "from hearts_lab.widgets import PlayPage",
    "PlayPage()",
)
#: No ``toolbar`` parameter: the REPL keeps its toolbar whenever one is given, whatever its value.
PLAY_PARAMS = (("kernel", "python"), ("showBanner", "0"), ("hideCodeInput", "1"), ("promptCellPosition", "bottom"))


def play_url() -> str:
    """The REPL address of the play page, relative to the site's root."""
    from urllib.parse import urlencode

    return "repl/index.html?" + urlencode([*PLAY_PARAMS, *(("code", line) for line in PLAY_CODE)])


def write_play_page(site: Path) -> Path:
    """``play/index.html``: a page that sends the browser to the play page (the REPL address is long)."""
    import html as _html

    target = "../" + play_url()
    page = site / "play" / "index.html"
    page.parent.mkdir(parents=True, exist_ok=True)
    page.write_text(
        "<!doctype html>\n<html lang='en'><head><meta charset='utf-8'><title>Hearts Lab: play</title>"
        f"<meta http-equiv='refresh' content='0; url={_html.escape(target, quote=True)}'></head>"
        f"<body><p><a href='{_html.escape(target, quote=True)}'>Open the play page</a></p>"
        f"<script>location.replace({json.dumps(target)})</script></body></html>\n",
        encoding="utf-8",
    )
    return page


def log(msg: str) -> None:
    print(f"[build_site] {msg}", flush=True)


def run(cmd: list[str], **kw) -> None:
    log(" ".join(str(c) for c in cmd))
    subprocess.run(cmd, check=True, **kw)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def npm_pyodide() -> Path:
    """The npm registry's pyodide package (cached tarball), unpacked; returns its folder."""
    tgz = CACHE / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tgz.exists():
        npm = shutil.which("npm")
        if npm is None:
            sys.exit("npm not found: `make site` takes the Pyodide core from the npm registry (apt-get install npm)")
        CACHE.mkdir(parents=True, exist_ok=True)
        run([npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(CACHE)], stdout=subprocess.DEVNULL)
    unpacked = CACHE / f"pyodide-{PYODIDE_VERSION}"
    if not (unpacked / "package" / "pyodide-lock.json").exists():
        shutil.rmtree(unpacked, ignore_errors=True)
        with tarfile.open(tgz) as tar:
            tar.extractall(unpacked, filter="data")
    return unpacked / "package"


def lock_closure(packages: dict, names: tuple[str, ...]) -> list[str]:
    """Names in Pyodide's lock file that ``names`` need, dependencies included."""
    def key(name: str) -> str:
        normal = name.lower().replace("_", "-")
        if normal not in packages:
            raise KeyError(f"{name!r} is not in Pyodide {PYODIDE_VERSION}'s lock file")
        return normal

    seen: set[str] = set()
    todo = [key(n) for n in names]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(key(d) for d in packages[name]["depends"])
    return sorted(seen)


def pip_download(specs: list[str], dest: Path) -> None:
    """Download pure-Python wheels (no dependencies: the lists here are complete)."""
    dest.mkdir(parents=True, exist_ok=True)
    run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
         "--python-version", "3.14", "--dest", str(dest), *specs])


def find_wheel(folder: Path, name: str, version: str) -> Path:
    stem = name.lower().replace("-", "_")
    for whl in folder.glob("*.whl"):
        dist, ver = whl.name.split("-")[:2]
        if dist.lower().replace("-", "_") == stem and ver == version:
            return whl
    raise FileNotFoundError(f"no wheel for {name}=={version} in {folder}")


#: The Pyodide kernel's own wheels (shipped in its JupyterLab extension) that go into the lock too.
KERNEL_WHEELS = ("piplite", "pyodide_kernel", "ipykernel", "widgetsnbextension-4")
#: Loaded with Pyodide itself when a kernel starts (one parallel fetch from the lock, instead
#: of micropip resolving them one by one); the kernel then skips installing them.
PRELOAD = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython")
#: Where Pyodide runs (for the dependency markers of the wheels added to the lock).
PYODIDE_MARKERS = {"sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
                   "platform_machine": "wasm32", "implementation_name": "cpython", "python_version": "3.14",
                   "python_full_version": "3.14.2", "extra": ""}


def lock_entry(whl: Path, packages: dict) -> dict:
    """A pyodide-lock.json entry for a pure-Python wheel, its dependencies checked against the lock."""
    import zipfile

    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    with zipfile.ZipFile(whl) as zf:
        meta_name = next(n for n in zf.namelist() if n.endswith(".dist-info/METADATA"))
        meta = zf.read(meta_name).decode()
        tops = {n.split("/")[0].removesuffix(".py") for n in zf.namelist() if ".dist-info/" not in n and ".data/" not in n}
    fields = [line.split(": ", 1) for line in meta.splitlines() if ": " in line]
    name = canonicalize_name(next(v for k, v in fields if k == "Name"))
    version = next(v for k, v in fields if k == "Version")
    depends = []
    for key, value in fields:
        if key == "Requires-Dist":
            req = Requirement(value)
            if req.marker is None or req.marker.evaluate(PYODIDE_MARKERS):
                dep = canonicalize_name(req.name)
                if dep not in packages:
                    raise RuntimeError(f"{whl.name} needs {dep}, which is neither bundled nor in Pyodide's lock")
                depends.append(dep)
    return {"name": str(name), "version": version, "file_name": whl.name, "install_dir": "site",
            "sha256": sha256(whl), "package_type": "package", "imports": sorted(tops), "depends": depends,
            "unvendored_tests": False}


#: Runs in Pyodide (Node): adds unchecked-hash .pyc files, made by Pyodide's own Python, to wheels.
COMPILE_PY = r"""
import base64, hashlib, importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def compile_wheel(src, dst):
    added = []
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        record = next(n for n in zin.namelist() if n.endswith(".dist-info/RECORD"))
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename == record:
                continue
            zout.writestr(info, data)
            if not info.filename.endswith(".py") or "/tests/" in info.filename or "/benchmarks/" in info.filename:
                continue  # test suites are never imported in a lesson: no bytecode for them
            try:
                code = compile(data, info.filename, "exec", dont_inherit=True)
            except SyntaxError:
                continue
            folder, _, name = info.filename.rpartition("/")
            pyc_name = (folder + "/" if folder else "") + f"__pycache__/{name[:-3]}.{sys.implementation.cache_tag}.pyc"
            pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            zout.writestr(pyc_name, pyc)
            digest = base64.urlsafe_b64encode(hashlib.sha256(pyc).digest()).rstrip(b"=").decode()
            added.append(f"{pyc_name},sha256={digest},{len(pyc)}")
        lines = [line for line in zin.read(record).decode().splitlines() if line.strip()]
        zout.writestr(record, "\n".join(lines + added) + "\n")

def compile_stdlib(src, dst):
    # zipimport looks for "mod.pyc" beside "mod.py" (not in __pycache__) and uses an
    # unchecked-hash .pyc without reading the source; the sources stay for tracebacks.
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            zout.writestr(info, data)
            if not info.filename.endswith(".py"):
                continue
            try:
                code = compile(data, info.filename, "exec", dont_inherit=True)
            except SyntaxError:
                continue
            pyc = zipfile.ZipInfo(info.filename + "c", info.date_time)
            pyc.compress_type = zipfile.ZIP_DEFLATED
            zout.writestr(pyc, _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
"""

COMPILE_JS = """
const [pyodideDir, hostDir, ...names] = process.argv.slice(2);
const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
py.FS.mkdirTree("/host");
py.mountNodeFS("/host", hostDir);
py.runPython(process.env.COMPILE_PY);
for (const name of names) {
  const how = name.endsWith(".zip") ? "compile_stdlib" : "compile_wheel";
  py.runPython(`${how}("/host/src/${name}", "/host/out/${name}")`);
}
"""


def compile_wheels(core: Path, wheels: list[Path], out: Path) -> None:
    """Copy ``wheels`` to ``out`` with bytecode for Pyodide's Python added (as Pyodide's own
    distribution ships its packages), so a kernel imports IPython or sympy without
    compiling them first. Pyodide itself, run by Node, compiles them; results are cached.

    A ``.zip`` in ``wheels`` is the standard library (``python_stdlib.zip``): the npm
    package ships it as sources only, so without this every kernel would compile each
    module it imports (asyncio, inspect, email, ...) at every start, a few seconds of
    the kernel's boot; its ``.pyc`` files go beside the sources."""
    cache = CACHE / "compiled"
    cache.mkdir(parents=True, exist_ok=True)
    todo = []
    def cached_name(whl: Path) -> str:  # the compiler's code is part of the key: a change recompiles
        return hashlib.sha256(whl.read_bytes() + COMPILE_PY.encode()).hexdigest()[:16] + "-" + whl.name

    for whl in wheels:
        cached = cache / cached_name(whl)
        if not cached.exists():
            todo.append((whl, cached))
    if todo:
        node = shutil.which("node")
        if node is None:
            sys.exit("node not found: `make site` compiles the wheels with Pyodide under Node (apt-get install nodejs)")
        with tempfile.TemporaryDirectory() as tmp:
            host = Path(tmp)
            (host / "src").mkdir()
            (host / "out").mkdir()
            for whl, _ in todo:
                shutil.copy2(whl, host / "src" / whl.name)
            script = host / "compile.mjs"
            script.write_text(COMPILE_JS)
            log(f"compiling {len(todo)} wheels/zips to Pyodide bytecode")
            subprocess.run([node, str(script), str(core.resolve()), str(host), *(w.name for w, _ in todo)],
                           check=True, env={**os.environ, "COMPILE_PY": COMPILE_PY}, stdout=subprocess.DEVNULL)
            for whl, cached in todo:
                shutil.copy2(host / "out" / whl.name, cached)
    for whl in wheels:
        shutil.copy2(cache / cached_name(whl), out / whl.name)


def stage_pyodide(core: Path, extra_wheels: list[Path]) -> dict[str, str]:
    """static/pyodide/: the core, the bundled wheels, and a lock file that points at them.

    ``extra_wheels`` (Hearts Lab, ipywidgets, the kernel's own wheels) join the lock, so a
    kernel loads them, like Pyodide's packages, straight from the site. Returns the
    names of the wheels served from the site."""
    out = STAGE / "static" / "pyodide"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    for name in PYODIDE_CORE:
        if name != STDLIB:
            shutil.copy2(core / name, out / name)
    compile_wheels(core, [core / STDLIB], out)

    lock = json.loads((core / "pyodide-lock.json").read_text())
    packages = lock["packages"]
    bundle = lock_closure(packages, LOCK_BUNDLE)
    wheels = CACHE / "wheels"
    wanted = [f"{packages[n]['name']}=={packages[n]['version']}" for n in bundle]
    missing = [spec for spec, n in zip(wanted, bundle) if not _has_wheel(wheels, packages[n])]
    if missing:
        pip_download(missing, wheels)

    served = {}
    for name in bundle:
        if not packages[name]["file_name"].endswith("-none-any.whl"):
            raise RuntimeError(f"{name} is not pure Python in Pyodide's lock ({packages[name]['file_name']}); it cannot be bundled")
    found = {name: find_wheel(wheels, packages[name]["name"], packages[name]["version"]) for name in bundle}
    compile_wheels(core, list(found.values()), out)
    for name, whl in found.items():
        # Same project and version as Pyodide's build, taken from PyPI: record what is served.
        packages[name]["file_name"], packages[name]["sha256"] = whl.name, sha256(out / whl.name)
        served[name] = "site"
    for name, entry in packages.items():
        if name not in served:
            # Everything else (numpy, matplotlib, compiled stdlib parts) loads from Pyodide's CDN when online.
            entry["file_name"] = PYODIDE_CDN + entry["file_name"]
    compile_wheels(core, extra_wheels, out)
    for whl in extra_wheels:  # after copying all: an entry's dependencies must be in the lock
        entry = lock_entry(out / whl.name, {**packages, **{_dist_name(w): {} for w in extra_wheels}})
        packages[entry["name"]] = entry
        served[entry["name"]] = "site"
    (out / "pyodide-lock.json").write_text(json.dumps(lock, separators=(",", ":")))
    rehashed = [n for n in bundle if n in served]
    log(f"lock: {len(served)} wheels served from the site ({len(rehashed)} from PyPI at Pyodide's versions), "
        f"{len(packages) - len(served)} packages from Pyodide's CDN when online")
    return served


def _dist_name(whl: Path) -> str:
    from packaging.utils import canonicalize_name

    return str(canonicalize_name(whl.name.split("-")[0]))


def kernel_wheels() -> list[Path]:
    """The Pyodide kernel's own wheels, from its JupyterLab extension."""
    folder = labextension("@jupyterlite/pyodide-kernel-extension") / "static" / "pypi"
    wheels = []
    for stem in KERNEL_WHEELS:
        found = sorted(folder.glob(f"{stem}*.whl"))
        if len(found) != 1:
            raise FileNotFoundError(f"expected one {stem}*.whl in {folder}, found {found}")
        wheels.append(found[0])
    return wheels


def _has_wheel(folder: Path, entry: dict) -> bool:
    try:
        find_wheel(folder, entry["name"], entry["version"])
    except FileNotFoundError:
        return False
    return True


def stage_piplite() -> list[Path]:
    """pypi/: Hearts Lab built from this checkout, plus ipywidgets, comm and jupyterlab_widgets."""
    out = STAGE / "pypi"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    wheels = CACHE / "wheels"
    specs = {name: importlib.metadata.version(name) for name in PIPLITE_FROM_ENV}
    missing = [f"{n}=={v}" for n, v in specs.items() if not _has_wheel(wheels, {"name": n, "version": v})]
    if missing:
        pip_download(missing, wheels)
    for name, version in specs.items():
        shutil.copy2(find_wheel(wheels, name, version), out)

    # Build from a clean copy of the sources, so no stale build/ or egg-info leaks into the wheel.
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        for name in ("pyproject.toml", "README.md", "LICENSE"):
            shutil.copy2(REPO / name, src / name)
        shutil.copytree(REPO / "hearts_lab", src / "hearts_lab", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(out), str(src)])
    return sorted(out.glob("*.whl"))


def stage_contents() -> list[str]:
    files = STAGE / "files"
    shutil.rmtree(files, ignore_errors=True)
    copied = []
    for pattern in CONTENTS:
        for path in sorted(REPO.glob(pattern)):
            rel = path.relative_to(REPO)
            (files / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, files / rel)
            copied.append(rel.as_posix())
    return copied


def labextension(name: str) -> Path:
    """A prebuilt JupyterLab extension installed in this environment."""
    for root in (Path(sys.prefix), Path(sys.base_prefix)):
        path = root / "share" / "jupyter" / "labextensions" / name
        if (path / "package.json").exists():
            return path
    raise FileNotFoundError(f"JupyterLab extension {name} is not installed: pip install -e '.[lite]'")


def write_config() -> None:
    config = {
        "LiteBuildConfig": {
            "contents": ["files"],
            "apps": ["lab", "repl"],  # repl: the play page (PLAY_CODE)
            # Only what the lessons need: the Pyodide kernel and the widgets manager,
            # not every lab extension of the development environment.
            "ignore_sys_prefix": True,
            "federated_extensions": [
                str(labextension("@jupyterlite/pyodide-kernel-extension")),
                str(labextension("@jupyter-widgets/jupyterlab-manager")),
            ],
            "no_sourcemaps": True,
        },
    }
    (STAGE / "jupyter_lite_config.json").write_text(json.dumps(config, indent=2) + "\n")
    lite = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Hearts Lab",
            "disabledExtensions": ["@jupyterlab/apputils-extension:announcements"],
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {
                    "loadPyodideOptions": {"packages": list(PRELOAD)},
                },
            },
        },
    }
    (STAGE / "jupyter-lite.json").write_text(json.dumps(lite, indent=2) + "\n")


@contextlib.contextmanager
def cache_lock():
    """Hold the download cache alone while building: a cache outside the clone (HEARTS_LAB_CACHE)
    may be shared by two builds on one machine."""
    if not os.environ.get("HEARTS_LAB_CACHE"):
        yield
        return
    import fcntl  # a shared cache is a Unix-only setup (make test); plain builds need no lock

    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / ".lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def build() -> None:
    with cache_lock():
        _build()


def _build() -> None:
    shutil.rmtree(STAGE, ignore_errors=True)  # only this script writes there; downloads stay in CACHE
    STAGE.mkdir(parents=True, exist_ok=True)
    wheels = stage_piplite()
    served = stage_pyodide(npm_pyodide(), wheels + kernel_wheels())
    contents = stage_contents()
    write_config()
    shutil.rmtree(SITE, ignore_errors=True)
    jupyter = Path(sys.executable).with_name("jupyter")
    run([str(jupyter), "lite", "build", "--lite-dir", str(STAGE), "--output-dir", str(SITE)], cwd=STAGE)
    (SITE / ".nojekyll").write_text("")  # GitHub Pages: serve folders starting with _ as they are
    write_play_page(SITE)
    size = sum(p.stat().st_size for p in SITE.rglob("*") if p.is_file())
    log(f"Pyodide {PYODIDE_VERSION} with {len(served)} wheels from the site: {', '.join(served)}")
    log(f"piplite wheels: {', '.join(w.name for w in wheels)}")
    log(f"{len(contents)} files: {', '.join(contents)}")
    log(f"site/ is {size / 2**20:.1f} MiB in {sum(1 for p in SITE.rglob('*') if p.is_file())} files")


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types JupyterLite needs (wasm streaming, ES modules), and
    ``Cache-Control: no-cache``: the browser keeps every file and asks once per visit whether
    it changed (``Last-Modified``/``If-Modified-Since``, a 304 answer without the body). A
    later visit then starts from the browser's cache, including the WebAssembly and
    JavaScript the browser compiled the first time; a rebuilt site (same file names, new
    Hearts Lab wheel) is still fetched anew. Any host of ``site/`` should do the same (see
    the README)."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".ipynb": "application/json",
        ".whl": "application/octet-stream",
    }

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - the base class's name
        if not getattr(self.server, "quiet", False):
            super().log_message(format, *args)


def make_server(port: int = 8000, host: str = "127.0.0.1", quiet: bool = False) -> http.server.ThreadingHTTPServer:
    """An HTTP server for site/ (call ``serve_forever`` on it); port 0 picks a free port."""
    if not (SITE / "index.html").exists():
        raise FileNotFoundError(f"{SITE} has no site: run `make site` first")
    handler = functools.partial(SiteHandler, directory=str(SITE))
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.quiet = quiet
    return server


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", nargs="?", choices=["build", "serve"], default="build")
    parser.add_argument("--port", type=int, default=8000, help="serve: port on 127.0.0.1 (default 8000)")
    args = parser.parse_args(argv)
    if args.command == "build":
        build()
    else:
        server = make_server(args.port)
        print(f"Hearts Lab (JupyterLite) at http://127.0.0.1:{server.server_address[1]}/ — Ctrl-C stops", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()


if __name__ == "__main__":
    main()
