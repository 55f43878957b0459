"""Insert or update the JupyterLite install cell in every notebook (idempotent).

    python tools/lite_cell.py            # notebooks/*.ipynb and exercises/student/*.ipynb
    python tools/lite_cell.py --check    # exit 1 if a notebook's cell is missing or stale
    python tools/lite_cell.py notebooks/05_play_against_bots.ipynb

The cell goes just before a notebook's first code cell and reads, e.g.::

    # In JupyterLite (Python in the browser) this installs what the notebook needs
    # from the site; in JupyterLab it does nothing.
    import sys
    if sys.platform == "emscripten":
        import piplite
        await piplite.install(["hearts-lab", "ipywidgets"])

It is found again by its cell id (``lite-install``) and tag (``jupyterlite``).
The packages are what the notebook's imports need: the notebook's own
``import`` lines plus, for every ``hearts_lab`` module it imports, the
third-party modules that module imports at top level (transitively inside the
package). A name a package imports lazily (``hearts_lab.widgets``: ``DealStepper``
comes from ``widgets/stepper.py`` only when asked for) counts the submodule that
defines it, so notebook 01's stepper installs no sympy. An import inside
``try: ... except ImportError:`` whose handler does not re-raise is optional and not installed (e.g. numpy for the simulator, which
falls back to the engine without it).

A notebook that needs numpy or matplotlib (compiled, not bundled with the site)
also gets a one-sentence Markdown note before the cell (id ``lite-online-note``):
JupyterLite loads them from Pyodide's distribution, so only when online.

Worksheets: ``tools/make_exercises.py`` calls :func:`apply` on each student copy it
generates, so regenerated student copies keep the cell; teacher copies run only in
JupyterLab and never get it.
"""
from __future__ import annotations

import argparse
import ast
import json
import sys
from functools import cache
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "hearts_lab"
TARGETS = ("notebooks/*.ipynb", "exercises/student/*.ipynb")

CELL_ID = "lite-install"
NOTE_ID = "lite-online-note"
TAG = "jupyterlite"

#: top-level module -> the distribution piplite installs (None: the Pyodide kernel has it).
DISTRIBUTIONS = {
    "hearts_lab": "hearts-lab",
    "ipywidgets": "ipywidgets",
    "sympy": "sympy",
    "mpmath": "mpmath",
    "tqdm": "tqdm",
    "numpy": "numpy",
    "matplotlib": "matplotlib",
    "IPython": None,
}
#: compiled packages the site does not bundle: Pyodide's CDN serves them, online only.
ONLINE_ONLY = ("numpy", "matplotlib")
ORDER = ["hearts-lab", "ipywidgets", "sympy", "mpmath", "tqdm", "numpy", "matplotlib"]

NOTE = (
    "*In JupyterLite (Hearts Lab in the browser) this notebook needs {what} from Pyodide's "
    "online distribution: open it while online.*"
)
#: hearts_lab modules that use an online-only package when it is there and do without it:
#: the install cell tries to install it and carries on offline.
OPTIONAL_ONLINE = {"hearts_lab.plotting": ("matplotlib",)}
OPTIONAL_NOTE = (
    "*In JupyterLite (Hearts Lab in the browser) the plots use {what}, which loads from Pyodide's "
    "online distribution; offline, each plot is a simpler drawing of the same data.*"
)


def _handler_reraises(handler: ast.ExceptHandler) -> bool:
    return any(isinstance(node, ast.Raise) for node in ast.walk(handler))


def _catches_import_error(handler: ast.ExceptHandler) -> bool:
    names = []
    if handler.type is None:
        return True
    for node in ast.walk(handler.type):
        if isinstance(node, ast.Name):
            names.append(node.id)
    return bool({"ImportError", "ModuleNotFoundError", "Exception"} & set(names))


def top_level_imports(tree: ast.Module, package: str = "") -> set[str]:
    """Absolute module names a module imports when it runs (not inside functions, classes or
    ``if TYPE_CHECKING:``); optional imports (in a ``try`` whose ImportError handler does not
    raise) left out. ``package`` resolves relative imports (``hearts_lab.simulate`` for
    ``hearts_lab/simulate/run.py`` and for ``hearts_lab/simulate/__init__.py``)."""
    found: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    parts = package.split(".")
                    parts = parts[: len(parts) - node.level + 1]
                    name = ".".join(parts + ([node.module] if node.module else []))
                else:
                    name = node.module or ""
                found.add(name)
                found.update(f"{name}.{alias.name}" for alias in node.names)  # submodules imported by name
            elif isinstance(node, ast.Try):
                optional = any(_catches_import_error(h) and not _handler_reraises(h) for h in node.handlers)
                if not optional:
                    visit(node.body)
                for handler in node.handlers:
                    visit(handler.body)
                visit(node.orelse)
                visit(node.finalbody)
            elif isinstance(node, ast.If) and "TYPE_CHECKING" not in ast.unparse(node.test):
                visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.With):
                visit(node.body)

    visit(tree.body)
    return found


def _module_file(name: str) -> Path | None:
    parts = name.split(".")
    if parts[0] != "hearts_lab":
        return None
    path = PACKAGE.joinpath(*parts[1:])
    if (path / "__init__.py").exists():
        return path / "__init__.py"
    if path.with_suffix(".py").exists():
        return path.with_suffix(".py")
    return None


@cache
def lazy_names(package: str) -> dict[str, str]:
    """A hearts_lab package's names imported on first use (PEP 562 ``__getattr__``), each with
    its submodule: the ``_LAZY = {"Name": "submodule", ...}`` table in its ``__init__.py``
    (``hearts_lab.widgets`` has one), or ``{}``."""
    path = _module_file(package)
    if path is None or path.name != "__init__.py":
        return {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        if any(isinstance(t, ast.Name) and t.id == "_LAZY" for t in targets) and node.value is not None:
            return dict(ast.literal_eval(node.value))
    return {}


@cache
def _file_imports(path: Path, package: str) -> frozenset[str]:
    """:func:`top_level_imports` of one module file, parsed once (every name a notebook imports walks the
    package's modules again: 1,296 parses for the 19 notebooks before)."""
    return frozenset(top_level_imports(ast.parse(path.read_text(encoding="utf-8")), package))


@cache
def _package_imports(name: str) -> frozenset[str]:
    """Third-party top-level modules that importing hearts_lab module ``name`` imports.

    ``name`` may also be a name imported from a module (``hearts_lab.widgets.DealStepper``):
    if the module imports it lazily (:func:`lazy_names`), the submodule defining it counts;
    ``package.*`` (``import package``, ``from package import *``) counts every lazy submodule."""
    todo, seen, third_party = [name], set(), set()
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        path = _module_file(current)
        if path is None:
            package, _, attr = current.rpartition(".")
            lazy = lazy_names(package)
            todo.extend(f"{package}.{module}" for key, module in lazy.items() if attr in (key, "*"))
            continue
        # importing a.b.c runs a/__init__ and a/b/__init__ first
        parents = current.split(".")
        todo.extend(".".join(parents[:i]) for i in range(1, len(parents)))
        package = current if path.name == "__init__.py" else current.rpartition(".")[0]
        for imported in _file_imports(path, package):
            top = imported.split(".")[0]
            if top == "hearts_lab":
                todo.append(imported)
            elif top in DISTRIBUTIONS:
                third_party.add(top)
    return frozenset(third_party)


def _code(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def optional(notebook: dict) -> list[str]:
    """Online-only distributions the notebook uses when they can be installed (:data:`OPTIONAL_ONLINE`)."""
    code = "\n".join(_code(c) for c in notebook["cells"] if c["cell_type"] == "code" and c.get("id") != CELL_ID)
    found = [d for module, dists in OPTIONAL_ONLINE.items() if module in code for d in dists]
    return sorted(set(found) - set(needed(notebook)), key=ORDER.index)


def needed(notebook: dict) -> list[str]:
    """Distributions the notebook's code needs, in install order."""
    modules: set[str] = set()
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code" or cell.get("id") == CELL_ID:
            continue
        lines = [line for line in _code(cell).splitlines() if not line.lstrip().startswith(("%", "!"))]
        try:
            tree = ast.parse("\n".join(lines))
        except SyntaxError:
            continue
        for node in ast.walk(tree):  # a notebook's imports count wherever they are
            names = []
            if isinstance(node, ast.Import):
                # the module's attributes are used later (``w.DealStepper``): count its lazy names too
                names = [n for alias in node.names for n in (alias.name, f"{alias.name}.*")]
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            for name in names:
                top = name.split(".")[0]
                if top == "hearts_lab":
                    modules.add("hearts_lab")
                    modules.update(_package_imports(name))
                elif top in DISTRIBUTIONS:
                    modules.add(top)
    modules.add("hearts_lab")  # every lesson uses Hearts Lab
    dists = {DISTRIBUTIONS[m] for m in modules if DISTRIBUTIONS[m]}
    return sorted(dists, key=ORDER.index)


def cell_source(packages: list[str], optional: list[str] = ()) -> str:
    listed = ", ".join(json.dumps(p) for p in packages)
    source = (
        "# In JupyterLite (Python in the browser) this installs what the notebook needs\n"
        "# from the site; in JupyterLab it does nothing.\n"
        "import sys\n"
        'if sys.platform == "emscripten":\n'
        "    import piplite\n"
        f"    await piplite.install([{listed}])"
    )
    if optional:
        source += (
            "\n    try:  # online only (Pyodide's distribution); offline the plots are simpler drawings\n"
            f"        await piplite.install([{', '.join(json.dumps(p) for p in optional)}])\n"
            "    except Exception:\n"
            "        pass"
        )
    return source


def _new_cell(cell_type: str, cell_id: str, source: str) -> dict:
    cell = {"cell_type": cell_type, "id": cell_id, "metadata": {"tags": [TAG]}, "source": source}
    if cell_type == "code":
        cell.update(execution_count=None, outputs=[])
    import nbformat

    return nbformat.from_dict(cell)


def apply(notebook: dict) -> bool:
    """Insert or update the install cell (and the online note) in ``notebook``, a dict or
    NotebookNode in nbformat 4; returns whether anything changed."""
    cells = notebook["cells"]
    packages = needed(notebook)
    online = [p for p in packages if p in ONLINE_ONLY]
    extra = optional(notebook)
    before = json.dumps(cells, sort_keys=True)

    old = [c for c in cells if c.get("id") in (CELL_ID, NOTE_ID)]
    kept = {c["id"]: c for c in old}
    cells[:] = [c for c in cells if c.get("id") not in (CELL_ID, NOTE_ID)]
    where = next((i for i, c in enumerate(cells) if c["cell_type"] == "code"), len(cells))

    cell = kept.get(CELL_ID) or _new_cell("code", CELL_ID, "")
    cell["source"] = cell_source(packages, extra)
    cell.setdefault("metadata", {})["tags"] = [TAG]
    new = [cell]
    if online or extra:
        note = kept.get(NOTE_ID) or _new_cell("markdown", NOTE_ID, "")
        note["source"] = NOTE.format(what=" and ".join(online)) if online else OPTIONAL_NOTE.format(what=" and ".join(extra))
        note.setdefault("metadata", {})["tags"] = [TAG]
        new.insert(0, note)
    cells[where:where] = new
    changed = json.dumps(cells, sort_keys=True) != before
    if changed and notebook.get("nbformat_minor", 5) < 5:
        notebook["nbformat_minor"] = 5  # cell ids need nbformat 4.5
    return changed


def _targets(paths: list[str]) -> list[Path]:
    if paths:
        return [Path(p).resolve() for p in paths]
    return sorted(p for pattern in TARGETS for p in REPO.glob(pattern))


def _read(path: Path):
    import nbformat

    return nbformat.read(path, as_version=4)


def _write(path: Path, notebook) -> None:
    import nbformat

    nbformat.write(nbformat.from_dict(notebook), path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", help="notebooks (default: notebooks/ and exercises/student/)")
    parser.add_argument("--check", action="store_true", help="only report notebooks whose cell is missing or stale")
    args = parser.parse_args(argv)
    stale = []
    for path in _targets(args.paths):
        notebook = _read(path)
        if apply(notebook):
            stale.append(path)
            if not args.check:
                _write(path, notebook)
        packages = needed(notebook)
        print(f"{'stale' if args.check and path in stale else 'ok   '} {path.relative_to(REPO)}: {', '.join(packages)}")
    if args.check and stale:
        print(f"{len(stale)} notebook(s) need `python tools/lite_cell.py`", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
