"""The JupyterLite site, offline, in a real browser.

`tools/build_site.py` builds site/ (as `make site` does; once per test run, by the first
pytest-xdist worker that needs it), a server in each worker's process serves it on
127.0.0.1, and Chromium (Playwright) opens each lesson notebook and each student
worksheet in JupyterLab running in the page (one page per worker, which opens the
notebooks one after another: ``LiteLab``), with every request that is not to loopback
aborted (and DNS answering nothing but 127.0.0.1). Each notebook is a test of its own, so
the workers run them side by side.

The notebooks of a worker share one Pyodide kernel, put back before each notebook to the
state it had when it started (``FRESH``): the user namespace reset (``%reset``), every
module imported since its start removed from ``sys.modules``, every package installed
since its start deleted from site-packages and from Pyodide's record of loaded packages
(so the notebook's install cell installs it again, or its import fails as in a new
kernel), and the working directory the notebook's own folder, as a new kernel's. A
kernel's start costs 10-12 s of CPU in Chromium (the Python runtime compiled and the
kernel's packages imported) and was about 320 of this file's 527 worker-seconds in a
fresh-clone run; the reset takes about 1 s. What the reset does not put back: the state
of standard-library modules imported at the start (e.g. ``warnings`` filters, ``random``'s
global generator), and the page's own state. ``test_a_reset_kernel_is_as_new`` checks
the reset.

For each notebook all cells run once; the test asserts

- every code cell ran and no output is an error (the first cell installed Hearts
  Lab and what the notebook needs from the site, with no network);
- every widget view the notebook displays renders (the count of rendered views
  equals the count of widget outputs, and matches the stored notebook's);
- the widget notebooks (01-06, 10), on the same page: the projector and accessibility checks
  of tests/browser/test_projector.py (``lab.check_projector``: both projector screens, axe-core,
  and in notebook 05 a pass and two cards played from the play table);
- worksheet 1, on the same page: a check prints its verdict on an answer typed into
  the page, and the results export gives a download link and a file in the browser's
  storage (INTERACTIONS).

Notebooks that need a package the site does not bundle (numpy, matplotlib: they
come from Pyodide's online distribution) are skipped by name with the reason;
`tools/lite_cell.py` decides which, from the notebook's imports. Notebooks 07 and 08
use matplotlib only when it loads (``hearts_lab.plotting``): offline their install cell's
try for it is refused and every plot must appear as a fallback drawing; notebook 09 runs
that way too but is skipped here as too slow (TOO_SLOW_OFFLINE).
"""
from __future__ import annotations

import base64
import fcntl
import importlib.util
import json
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import lab  # tests/browser/lab.py
import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "tests" / "artifacts"
CHROMIUM = "/usr/bin/chromium"
LOOPBACK = ("127.0.0.1", "localhost")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # no name resolves except loopback: offline, also for workers and the service worker
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]
KERNEL_TIMEOUT_MS = 300_000
# Notebook 10's simulations go through the engine in Pyodide (numpy is not bundled): 20,000 random
# and 3,000 bot hands, the slowest of the notebooks run here; a loaded CI machine gets 5x.
RUN_TIMEOUT_MS = 600_000

LESSONS = sorted((REPO / "notebooks").glob("[0-9][0-9]_*.ipynb"))
WORKSHEETS = sorted((REPO / "exercises" / "student").glob("*.ipynb"))
NOTEBOOKS = [p.relative_to(REPO).as_posix() for p in LESSONS + WORKSHEETS]


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, REPO / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


lite_cell = _load("lite_cell")
build_site = _load("build_site")


def _stored(path: str) -> dict:
    return json.loads((REPO / path).read_text(encoding="utf-8"))


def _widget_outputs(nb: dict) -> int:
    return sum(
        "application/vnd.jupyter.widget-view+json" in out.get("data", {})
        for cell in nb["cells"] if cell["cell_type"] == "code" for out in cell.get("outputs", [])
    )


def build_site_once() -> None:
    """Build site/ once per test run, whichever worker asks first.

    The Lite tests are spread over the pytest-xdist workers (each notebook is a test of its own):
    each worker serves site/ itself, and the first to get here builds it while the others wait on
    the lock, then reuse it (``PYTEST_XDIST_TESTRUNUID`` names the run; a run without xdist is its
    own process)."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID") or f"pid-{os.getpid()}"
    stamp = REPO / "build" / "lite-test-run"
    stamp.parent.mkdir(exist_ok=True)
    with open(stamp.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if stamp.exists() and stamp.read_text() == run and (build_site.SITE / "index.html").exists():
                return
            stamp.unlink(missing_ok=True)
            log = ARTIFACTS / "lite-build.log"
            with open(log, "w") as out:
                done = subprocess.run([sys.executable, str(REPO / "tools" / "build_site.py")], cwd=REPO,
                                      stdout=out, stderr=subprocess.STDOUT, timeout=1800)
            assert done.returncode == 0, f"make site failed; see {log}:\n" + log.read_text()[-3000:]
            stamp.write_text(run)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def lite_url():
    ARTIFACTS.mkdir(exist_ok=True)
    build_site_once()
    server = build_site.make_server(0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def lite_browser(pw):
    # the session's Playwright driver (tests/browser/conftest.py; it skips or fails without Chromium),
    # with a browser of our own whose names resolve only to loopback
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        yield browser
    finally:
        browser.close()


def offline_context(browser):
    """A browser context at 1280x800 whose every request that is not to loopback is aborted and listed in
    ``context.blocked``, and whose JupyterLite configuration exposes the JupyterLab app and lays out every cell."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(60_000)
    context.blocked = []  # every non-loopback request the page, its workers or service worker tried

    def route(r):
        url = r.request.url
        host = re.sub(r"^[a-z]+://([^/:]+).*$", r"\1", url)
        if url.startswith(("data:", "blob:")) or host in LOOPBACK:
            if url.split("?")[0].endswith("/jupyter-lite.json"):
                # test hooks only: expose the JupyterLab app as window.jupyterapp, and lay out every cell
                # (no virtual scrolling) so that the projector checks measure each output where it is
                response = r.fetch()
                config = response.json()
                data = config.setdefault("jupyter-config-data", {})
                data["exposeAppInBrowser"] = "true"
                overrides = data.setdefault("settingsOverrides", {})
                for plugin, values in lab.LAYOUT_EVERY_CELL.items():
                    overrides.setdefault(plugin, {}).update(values)
                return r.fulfill(response=response, json=config)
            return r.continue_()
        context.blocked.append(url)
        return r.abort("internetdisconnected")

    context.route("**/*", route)
    return context


@pytest.fixture
def lite_context(lite_browser):
    """A browser context of its own (the play page's test)."""
    context = offline_context(lite_browser)
    try:
        yield context
    finally:
        context.close()


#: Run in the shared kernel once it started (before any notebook ran a cell): what a new kernel holds.
BOOT = """
import importlib, os, site, sys
import pyodide_js
sys._hearts_lab_test_boot = {
    "modules": set(sys.modules),
    "site": {path: set(os.listdir(path)) for path in site.getsitepackages()},
    "loaded": set(pyodide_js.loadedPackages.object_keys()),
    "root": os.path.normpath(os.path.join(os.getcwd(), os.path.relpath(".", DIRECTORY))),
}
assert os.path.normpath(os.path.join(sys._hearts_lab_test_boot["root"], DIRECTORY)) == os.getcwd(), (os.getcwd(), DIRECTORY)
"""

#: Run in the shared kernel before each later notebook: the kernel as BOOT found it (see the module docstring).
FRESH = """
import importlib, os, shutil, sys
import pyodide_js
from js import Reflect
boot = sys._hearts_lab_test_boot
get_ipython().reset(new_session=True, aggressive=False)
for name in [name for name in sys.modules if name not in boot["modules"]]:
    del sys.modules[name]
for path, entries in boot["site"].items():
    for entry in set(os.listdir(path)) - entries:
        target = os.path.join(path, entry)
        shutil.rmtree(target) if os.path.isdir(target) and not os.path.islink(target) else os.unlink(target)
for name in list(pyodide_js.loadedPackages.object_keys()):
    if name not in boot["loaded"]:
        Reflect.deleteProperty(pyodide_js.loadedPackages, name)
importlib.invalidate_caches()
os.chdir(os.path.join(boot["root"], DIRECTORY))
"""

JS_EXECUTE_QUIETLY = """async (code) => {
  // in the current notebook's kernel, outside the notebook: no cell, no history, no execution count
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const errors = [];
  const future = kernel.requestExecute({code, silent: true, store_history: false});
  future.onIOPub = (msg) => { if (msg.header.msg_type === 'error') errors.push(msg.content.ename + ': ' + msg.content.evalue); };
  const reply = await future.done;
  return {status: reply.content.status, errors};
}"""


def _in_private(code: str, directory: str) -> str:
    """``code`` run in a namespace of its own (the notebook's namespace stays as the kernel has it)."""
    return f"exec({code!r}, {{'get_ipython': get_ipython, 'DIRECTORY': {directory!r}}})"


class LiteLab:
    """JupyterLab of the site in one page per worker, which opens the notebooks one after another in one
    Pyodide kernel, put back to its state after start before each notebook (``FRESH``; the module
    docstring says what that covers): the page's start (5-6 s at load 2-4) and the kernel's (10-12 s of
    CPU) are paid once per worker, not once per notebook. A test that fails leaves the page and its kernel
    behind, and the next one starts in a new browser context (its own storage) with a new kernel."""

    def __init__(self, browser, base: str):
        self.browser, self.base = browser, base
        self.context = None
        self.page = None
        self.kernel_id: str | None = None

    def open(self):
        """The page, with no notebook open (a new context and page if there is none)."""
        if self.page is None:
            self.context = offline_context(self.browser)
            page = self.context.new_page()
            page.console = []
            page.on("console", lambda msg: page.console.append(f"[{msg.type}] {msg.text}"))
            page.on("pageerror", lambda exc: page.console.append(f"[pageerror] {exc}"))
            page.goto(f"{self.base}lab/index.html")
            page.wait_for_function("() => window.jupyterapp?.shell", timeout=120_000)
            page.evaluate("() => window.jupyterapp.restored.then(() => true)")
            self.page = page
        self.context.blocked.clear()
        self.page.console.clear()
        return self.page

    def open_notebook(self, path: str):
        """Open ``path`` (its tab in front) in the worker's kernel, as a new kernel has it; return the page."""
        page = open_notebook(self.page, path, self.kernel_id)
        kernel = page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.id")
        directory = str(Path(path).parent)
        if self.kernel_id is None:
            self.execute_quietly(BOOT, directory)
            self.kernel_id = kernel
        else:
            assert kernel == self.kernel_id, f"{path} got a kernel of its own ({kernel}), not the worker's"
            self.execute_quietly(FRESH, directory)
        return page

    def execute_quietly(self, code: str, directory: str) -> None:
        done = self.page.evaluate(JS_EXECUTE_QUIETLY, _in_private(code, directory))
        assert done == {"status": "ok", "errors": []}, done

    def close_notebooks(self) -> None:
        """Close every open notebook's tab (unsaved: the run changed nothing on disk); the kernel runs on."""
        self.page.evaluate("""() => {
            for (const w of [...window.jupyterapp.shell.widgets('main')]) {
                if (w.context?.model) w.context.model.dirty = false;
                w.dispose();
            }
            return true;
        }""")

    def drop(self) -> None:
        if self.context is not None:
            self.context.close()
        self.context = self.page = None
        self.kernel_id = None


@pytest.fixture(scope="session")
def lite_lab(lite_browser, lite_url):
    lab_ = LiteLab(lite_browser, lite_url)
    try:
        yield lab_
    finally:
        lab_.drop()


@pytest.fixture
def lite_page(lite_lab, request):
    """The worker's JupyterLite page, no notebook open; afterwards the test's notebook is closed (its kernel
    runs on for the next notebook), or, if the test failed, the page and its kernel are dropped."""
    page = lite_lab.open()
    yield page
    failed = getattr(request.node, "rep_call", None) is None or request.node.rep_call.failed
    try:
        if not failed:
            lite_lab.close_notebooks()
    except Exception:
        failed = True
    if failed:
        lite_lab.drop()


JS_CELLS = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const cells = panel.content.model.cells, result = [];
  for (let i = 0; i < cells.length; i++) {
    const c = cells.get(i);
    const outputs = [];
    if (c.type === 'code') for (let j = 0; j < c.outputs.length; j++) outputs.push(c.outputs.get(j).toJSON());
    result.push({type: c.type, source: c.sharedModel.getSource(), count: c.type === 'code' ? c.executionCount : null, outputs});
  }
  return result;
}"""

JS_DONE = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const cells = panel.content.model.cells;
  if (panel.sessionContext.session?.kernel?.status !== 'idle') return false;
  let pending = false;
  for (let i = 0; i < cells.length; i++) {
    const c = cells.get(i);
    if (c.type !== 'code') continue;
    // "Run all" stops at a cell that raised: the cells after it never run, so an error ends the wait
    for (let j = 0; j < c.outputs.length; j++) if (c.outputs.get(j).type === 'error') return true;
    if (c.sharedModel.getSource().trim() && !c.executionCount) pending = true;
  }
  return !pending;
}"""


def open_notebook(page, path: str, kernel_id: str | None = None):
    """Open ``path`` in the page's JupyterLab (its tab in front), in a new kernel or the running kernel
    ``kernel_id``, and wait until the kernel is idle."""
    args = {"path": path} if kernel_id is None else {"path": path, "kernelPreference": {"id": kernel_id}}
    page.evaluate("(args) => window.jupyterapp.commands.execute('docmanager:open', args).then(() => true)", args)
    page.wait_for_function(
        f"() => window.jupyterapp?.shell.currentWidget?.context?.path === {json.dumps(path)}", timeout=120_000)
    page.wait_for_function(
        "() => window.jupyterapp.shell.currentWidget.sessionContext.session?.kernel?.status === 'idle'",
        timeout=KERNEL_TIMEOUT_MS, polling=250)
    return page


def run_all(page) -> list[dict]:
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(JS_DONE, timeout=RUN_TIMEOUT_MS, polling=250)
    return page.evaluate(JS_CELLS)


def run_cell(page, index: int) -> dict:
    before = page.evaluate(JS_CELLS)[index]["count"]
    page.evaluate(f"""() => {{
        const panel = window.jupyterapp.shell.currentWidget;
        panel.content.activeCellIndex = {index};
        return window.jupyterapp.commands.execute('notebook:run-cell');
    }}""")
    page.wait_for_function(f"""() => {{
        const c = window.jupyterapp.shell.currentWidget.content.model.cells.get({index});
        return c.executionCount && c.executionCount !== {json.dumps(before)}
            && window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.status === 'idle';
    }}""", timeout=RUN_TIMEOUT_MS, polling=250)
    return page.evaluate(JS_CELLS)[index]


def errors(cells: list[dict]) -> list[str]:
    found = []
    for i, cell in enumerate(cells):
        for out in cell["outputs"]:
            if out["output_type"] == "error":
                found.append(f"cell {i}: {out['ename']}: {out['evalue']}")
            elif out["output_type"] == "stream" and out.get("name") == "stderr" and "Traceback" in "".join(out["text"]):
                found.append(f"cell {i} stderr: {''.join(out['text'])[-500:]}")
    return found


def save_failure(page, name: str) -> None:
    stem = ARTIFACTS / f"lite-{re.sub(r'[^A-Za-z0-9_.-]+', '_', name)}-failed"
    try:
        page.screenshot(path=f"{stem}.png", full_page=True)
    finally:
        Path(f"{stem}.log").write_text("\n".join(page.console) + "\n")


#: Notebooks that run offline but longer than RUN_TIMEOUT_MS allows in this test.
TOO_SLOW_OFFLINE = {
    "notebooks/09_moon_odds.ipynb": "its simulations (hundreds of thousands of hands) go through the engine in "
    "Pyodide without numpy; on the 2-core development machine under load it ran past 10 minutes",
}


def offline_skip(path: str) -> None:
    if path in TOO_SLOW_OFFLINE:
        pytest.skip(f"{path}: {TOO_SLOW_OFFLINE[path]}")
    online = [p for p in lite_cell.needed(_stored(path)) if p in lite_cell.ONLINE_ONLY]
    if online:
        pytest.skip(f"{path} needs {', '.join(online)}, which the site does not bundle: JupyterLite loads "
                    "it from Pyodide's online distribution, and this test is offline")


def worksheet_check_prints_its_verdict(context, page) -> None:
    """Worksheet 1, after its cells ran: a check prints its verdict on an answer typed into the page,
    and the results export gives a download link and a file in the browser's storage."""
    cells = page.evaluate(JS_CELLS)
    answer = next(i for i, c in enumerate(cells) if c["source"].startswith("q1 = ..."))
    check = next(i for i, c in enumerate(cells) if c["source"].startswith("ws1.check_q1("))
    unanswered = "".join("".join(o.get("text", "")) + json.dumps(o.get("data", {})) for o in cells[check]["outputs"])
    assert "Not answered yet" in unanswered, unanswered
    # a seat that does not exist at a four-player table: the check answers, with its hint
    page.evaluate(f"""() => window.jupyterapp.shell.currentWidget.content.model.cells.get({answer})
                      .sharedModel.setSource('q1 = 7')""")
    run_cell(page, answer)
    out = run_cell(page, check)
    text = "".join("".join(o.get("text", "")) + json.dumps(o.get("data", {}), ensure_ascii=False) for o in out["outputs"])
    assert "Not quite" in text, text

    # the results export (worksheets' last cell) works here too: a download link and a file
    export = next(i for i, c in enumerate(cells) if c["source"].startswith('export("ws1"'))
    page.evaluate(f"""() => window.jupyterapp.shell.currentWidget.content.model.cells.get({export})
                      .sharedModel.setSource('export("ws1", student="Ada")')""")
    out = run_cell(page, export)
    assert not errors([out]), errors([out])
    link = page.locator(".jp-OutputArea-output a[download^='ws1_'][download$='.json']")
    expect(link).to_have_count(1)
    name = link.get_attribute("download")
    with page.expect_download() as download:
        link.click()
    handed_in = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert handed_in["worksheet"] == "ws1" and handed_in["student"] == "Ada"
    assert next(q for q in handed_in["questions"] if q["question"].lower() == "q1")["status"] != "unanswered"
    # ... and the file is in the browser's storage next to the worksheet (the file browser shows it)
    model = page.evaluate(f"""() => window.jupyterapp.serviceManager.contents
        .get('exercises/student/{name}', {{content: true}}).then(m => ({{format: m.format, content: m.content}}))""")
    content = model["content"]
    if model["format"] == "base64":
        content = base64.b64decode(content).decode("utf-8")
    elif not isinstance(content, str):
        content = json.dumps(content)
    assert json.loads(content)["student"] == "Ada"
    assert not errors(page.evaluate(JS_CELLS))
    assert not context.blocked, f"requests that needed the internet: {context.blocked}"


#: What a student does in a notebook once its cells ran, checked on the same page: the notebook is
#: executed once in Pyodide per run, and these checks use its kernel and its widgets. (The widget
#: notebooks' own interactions, a card played in notebook 05's play table among them, are part of their
#: projector checks: lab.check_projector.)
INTERACTIONS = {
    "exercises/student/01_legal_moves.ipynb": worksheet_check_prints_its_verdict,
}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[Path(p).stem if p.startswith("notebooks") else "worksheet-" + Path(p).stem for p in NOTEBOOKS])
def test_notebook_runs_offline(lite_lab, lite_page, axe_ready, path):
    offline_skip(path)
    stored = _stored(path)
    lite_context = lite_lab.context
    page = lite_lab.open_notebook(path)
    try:
        cells = run_all(page)
        assert any("piplite.install" in c["source"] for c in cells), "no JupyterLite install cell"
        assert not errors(cells), errors(cells)
        ran = [c for c in cells if c["type"] == "code" and c["source"].strip()]
        assert all(c["count"] for c in ran), "a code cell did not run"

        expected = _widget_outputs(stored)
        views = sum("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for c in cells for o in c["outputs"])
        assert views == expected, f"{views} widget outputs in the browser, {expected} in the stored notebook"
        if views:
            # each widget output rendered a view (not 'Loading widget...' nor 'Error displaying widget')
            expect(page.locator(".jp-OutputArea-output > .jupyter-widgets")).to_have_count(views)
        optional = lite_cell.optional(stored)  # tried from Pyodide's CDN, offline refused: plots become SVG drawings
        if optional:
            shows = sum(c["source"].count("plt.show()") for c in cells if c["type"] == "code")
            drawn = sum("hl-fallback-plot" in "".join(o.get("data", {}).get("text/html", ""))
                        for c in cells for o in c["outputs"])
            assert drawn >= shows > 0, f"{drawn} fallback drawings for {shows} plt.show() calls"
        needed = [u for u in lite_context.blocked if not (optional and u.startswith(build_site.PYODIDE_CDN))]
        assert not needed, f"requests that needed the internet: {needed}"
        if path in INTERACTIONS:
            INTERACTIONS[path](lite_context, page)
        if Path(path).stem in lab.CHECKED_IN_LITE:
            lab.check_projector(page, Path(path).stem, ARTIFACTS)
            assert not errors(page.evaluate(JS_CELLS))
            assert not lite_context.blocked, f"requests that needed the internet: {lite_context.blocked}"
    except BaseException:
        save_failure(page, Path(path).stem)
        raise


def test_interactions_are_checked_on_notebooks_that_run():
    """Each interaction above belongs to a notebook this test runs (and does not skip)."""
    for path in INTERACTIONS:
        assert path in NOTEBOOKS and path not in TOO_SLOW_OFFLINE, path
        assert not [p for p in lite_cell.needed(_stored(path)) if p in lite_cell.ONLINE_ONLY], path


def test_play_page_offline_without_code(lite_context, lite_url):
    """site/play/: the REPL runs PlayPage() with its code hidden; a student passes and plays, offline."""
    page = lite_context.new_page()
    try:
        page.goto(lite_url + "play/")
        page.locator(".hl-play-page").wait_for(timeout=KERNEL_TIMEOUT_MS)
        table = page.locator(".hl-play-table")
        cards = table.locator(".hl-card-button")
        expect(cards).to_have_count(13)
        expect(page.locator(".hl-rules-details summary")).to_contain_text("Rules card: Standard Hearts, 4 players")
        text = page.locator(".jp-CodeConsole-content").inner_text()
        assert not [w for w in ("import", "PlayPage", "piplite", "await") if w in text], text[:1000]
        for i in (10, 11, 12):
            cards.nth(i).click()
        table.locator(".hl-pass-button").click()
        expect(table.locator(".hl-message")).to_contain_text("You passed")
        table.locator(".hl-card-button.hl-legal").first.click()
        expect(cards).to_have_count(12)
        page.screenshot(path=str(ARTIFACTS / "lite-play-page.png"))
        assert not lite_context.blocked, f"requests that needed the internet: {lite_context.blocked}"
    except BaseException:
        save_failure(page, "play-page")
        raise


#: What a kernel holds, printed as JSON by a notebook's one cell: names, modules, installed files, Pyodide's
#: loaded packages and the working directory.
FINGERPRINT = """import json, os, site, sys
import pyodide_js
print(json.dumps({
    "names": sorted(n for n in globals() if not n.startswith("_")
                    and n not in ("In", "Out", "exit", "quit", "get_ipython", "json", "os", "site", "sys", "pyodide_js")),
    "modules": sorted(sys.modules),
    "site": {path: sorted(os.listdir(path)) for path in site.getsitepackages()},
    "loaded": sorted(pyodide_js.loadedPackages.object_keys()),
    "cwd": os.getcwd(),
}))"""


def _fingerprint(page) -> dict:
    cells = run_all(page)
    assert not errors(cells), errors(cells)
    return json.loads("".join(cells[0]["outputs"][0]["text"]))


def test_a_reset_kernel_is_as_new(lite_lab, lite_page):
    """After a lesson ran in the worker's kernel (its names defined, Hearts Lab, sympy and ipywidgets installed
    and imported, its folder the working directory), the reset kernel holds what a new kernel holds: the same
    names, modules, installed files, loaded packages and working directory (a notebook in another folder)."""
    page = lite_page
    for name in ("reset", "new"):
        notebook = {"cells": [{"cell_type": "code", "execution_count": None, "id": "fingerprint", "metadata": {},
                               "outputs": [], "source": FINGERPRINT}],
                    "metadata": {"kernelspec": {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}},
                    "nbformat": 4, "nbformat_minor": 5}
        page.evaluate("""([path, content]) => window.jupyterapp.serviceManager.contents
            .save(path, {type: 'notebook', format: 'json', content}).then(() => true)""",
                      [f"exercises/fingerprint-{name}.ipynb", notebook])
    lite_lab.open_notebook("notebooks/03_stripped_decks.ipynb")
    cells = run_all(page)
    assert not errors(cells), errors(cells)
    lite_lab.close_notebooks()
    reset = _fingerprint(lite_lab.open_notebook("exercises/fingerprint-reset.ipynb"))
    lite_lab.close_notebooks()
    new = _fingerprint(open_notebook(page, "exercises/fingerprint-new.ipynb"))
    page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.shutdown().then(() => true)")
    lite_lab.close_notebooks()
    assert reset["cwd"].endswith("/exercises"), reset["cwd"]
    assert not [m for m in reset["modules"] if m.split(".")[0] in ("hearts_lab", "sympy", "ipywidgets")]
    assert reset == new
