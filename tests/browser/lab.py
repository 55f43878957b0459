"""JupyterLab on localhost for the projector and accessibility checks, and the measurements they make.

:func:`serve_lab` starts JupyterLab on a scratch copy of ``notebooks/`` (so
running the cells never writes into the repository's notebooks; the kernel
imports this checkout's ``hearts_lab`` through ``PYTHONPATH``).
:func:`run_notebook` opens a notebook, runs every cell and waits for the
widgets. :func:`overflow` measures, inside every cell output, how far any
element reaches past the output's edges or scrolls sideways;
:func:`run_axe` runs axe-core (WCAG 2.1 A/AA) on the outputs.

:func:`check_projector` makes the projector and accessibility checks of issue 16 on a notebook whose cells
have run, in JupyterLab or in JupyterLite (the same JupyterLab front end, the same widgets): the notebooks of
the JupyterLite run are checked there, on the page that ran them (tests/browser/test_lite.py), so each
notebook is executed once in each environment; the play notebook, which the JupyterLite site opens as
its play page instead, in JupyterLab (tests/browser/test_projector.py).

Used by tests/browser/test_projector.py, tests/browser/test_lite.py and tools/projector_report.py.
"""
from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tarfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Iterator

REPO = Path(__file__).resolve().parents[2]
CACHE = REPO / "build" / "browser-cache"
#: axe-core from the npm registry (pinned: a new release adds rules, and figures would move).
AXE_VERSION = "4.11.0"
#: The rule sets axe checks: WCAG 2.0 and 2.1, levels A and AA.
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

#: The two projector screens of issue 16: 1280x800 with the file browser open (how `make lab`
#: starts), and 1280x800 at 125 % zoom (1024x640 CSS pixels) with it closed.
SCREENS = {
    "1280x800, file browser open": ({"width": 1280, "height": 800}, True),
    "1024x640 (125 %), file browser closed": ({"width": 1024, "height": 640}, False),
}
#: Notebooks of the teacher's kit served beside notebooks/ (copied into the scratch notebooks/ folder): the class
#: table a teacher projects (exercises/teacher/class_results.ipynb).
KIT_NOTEBOOKS = ["class_results"]
NOTEBOOKS = ["01_rules_tour", "02_passing", "04_cancellation_hearts", "05_play_against_bots", "06_rules_lab"]
#: The other notebooks with widgets (deal steppers, the play page), checked the same way.
MORE_WIDGETS = ["03_stripped_decks", "10_perfect_information", "play"]
#: Where each is checked: the lesson notebooks in the JupyterLite run, on the page that ran them
#: (tests/browser/test_lite.py); the play notebook in JupyterLab (tests/browser/test_projector.py).
CHECKED_IN_LAB = ["play"]
CHECKED_IN_LITE = [name for name in NOTEBOOKS + MORE_WIDGETS if name not in CHECKED_IN_LAB]
#: JupyterLab's notebook setting that lays out every cell (no virtual scrolling), so each output can be
#: measured where it is: serve_lab writes it into JupyterLab's settings, the JupyterLite test into the
#: site's settings overrides.
LAYOUT_EVERY_CELL = {"@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"}}


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def running_server(name: str, cmd: list[str], url: str, probe: str, log_path: Path, *, cwd: Path,
                   env: dict[str, str], timeout: float) -> Iterator[str]:
    """Run a local server (JupyterLab, Voila) for the duration of the block; yields its base ``url``.

    The server's output goes to ``log_path``. It is ready when ``url + probe`` answers 200; if it exits
    first or does not answer within ``timeout`` seconds, RuntimeError names the log. At the end it is
    terminated (killed if it is still running 15 s later)."""
    with open(log_path, "w") as log:
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + timeout
            while True:
                if proc.poll() is not None:
                    raise RuntimeError(f"{name} exited with {proc.returncode}; see {log_path}")
                try:
                    with urllib.request.urlopen(url + probe, timeout=5) as resp:
                        if resp.status == 200:
                            break
                except (urllib.error.URLError, ConnectionError, TimeoutError):
                    pass
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{name} did not answer on {url} within {timeout}s; see {log_path}")
                time.sleep(0.3)
            yield url
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@contextlib.contextmanager
def serve_lab(scratch: Path, log_path: Path, timeout: float = 120, repo: Path = REPO) -> Iterator[str]:
    """JupyterLab serving a copy of ``repo``'s notebooks/ under ``scratch``, its kernels importing ``repo``'s
    hearts_lab (another checkout, e.g. an older commit, for before/after figures); yields its base URL."""
    root = scratch / "root"
    shutil.copytree(repo / "notebooks", root / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    for name in KIT_NOTEBOOKS:  # a copy too: JupyterLab saves what it runs, and these files are generated
        kit = repo / "exercises" / "teacher" / f"{name}.ipynb"
        if kit.exists():
            shutil.copy(kit, root / "notebooks" / kit.name)
    for name in ("data", "docs", "exercises"):
        if (repo / name).exists():
            (root / name).symlink_to(repo / name)
    settings = scratch / "settings"
    # Lay out every cell (no virtual scrolling), so each output can be measured where it is.
    for plugin, values in LAYOUT_EVERY_CELL.items():
        package, name = plugin.split(":")
        path = settings.joinpath(*package.split("/"), f"{name}.jupyterlab-settings")
        path.parent.mkdir(parents=True)
        path.write_text(json.dumps(values))
    port = free_port()
    env = {
        **os.environ,
        "PYTHONHASHSEED": "0",
        "PYTHONPATH": os.pathsep.join([str(repo), *filter(None, [os.environ.get("PYTHONPATH")])]),
        "JUPYTER_CONFIG_DIR": str(scratch / "config"),
        "JUPYTER_RUNTIME_DIR": str(scratch / "runtime"),
        "JUPYTERLAB_SETTINGS_DIR": str(settings),
        "JUPYTERLAB_WORKSPACES_DIR": str(scratch / "workspaces"),
    }
    cmd = [
        sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
        "--IdentityProvider.token=", "--ServerApp.password=", "--LabApp.expose_app_in_browser=True",
        f"--ServerApp.root_dir={root}",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    with running_server("jupyter lab", cmd, f"http://127.0.0.1:{port}/", "api/status", log_path, cwd=root, env=env,
                        timeout=timeout) as url:
        yield url


def axe_source() -> str:
    """axe.min.js of axe-core ``AXE_VERSION`` (the npm package, fetched once with ``npm pack`` into build/)."""
    target = CACHE / f"axe-core-{AXE_VERSION}.min.js"
    if not target.exists():
        npm = shutil.which("npm")
        if npm is None:
            raise RuntimeError("npm not found: the accessibility check takes axe-core from the npm registry")
        CACHE.mkdir(parents=True, exist_ok=True)
        subprocess.run([npm, "pack", f"axe-core@{AXE_VERSION}", "--pack-destination", str(CACHE)],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with tarfile.open(CACHE / f"axe-core-{AXE_VERSION}.tgz") as tar:
            target.write_bytes(tar.extractfile("package/axe.min.js").read())
    return target.read_text()


def set_file_browser(page, open_: bool) -> None:
    """Open or close JupyterLab's left sidebar (the file browser)."""
    page.evaluate(
        """(open) => { const shell = window.jupyterapp.shell;
            if (open) { shell.activateById('filebrowser'); } else { shell.collapseLeft(); } }""",
        open_,
    )
    page.wait_for_timeout(400)


def run_notebook(page, base_url: str, name: str, timeout_ms: int = 300_000) -> None:
    """Open notebooks/<name>.ipynb in JupyterLab (a fresh workspace: that notebook only), run every cell,
    and wait until each has run and its widgets are drawn. Use a new page for each notebook."""
    page.goto(f"{base_url}lab/tree/notebooks/{name}.ipynb?reset")
    page.wait_for_function("() => window.jupyterapp && document.querySelector('.jp-NotebookPanel .jp-Notebook .jp-Cell')",
                           timeout=timeout_ms)
    # The kernel must be up before "run all", or the first cells wait in a queue that a reload loses.
    page.wait_for_function(
        """() => { const w = window.jupyterapp.shell.currentWidget;
                   const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
                   return k && k.connectionStatus === 'connected' && k.status === 'idle'; }""",
        timeout=timeout_ms,
    )
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(
        """() => { const prompts = [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')];
                   return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent)); }""",
        timeout=timeout_ms, polling=500,
    )
    page.wait_for_function(
        "() => ![...document.querySelectorAll('.jp-OutputArea-output')].some(o => /Loading widget/.test(o.textContent))",
        timeout=timeout_ms,
    )
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count()
    tracebacks = page.locator(".jp-OutputArea-output .ansi-red-fg, .jp-RenderedText[data-mime-type='application/vnd.jupyter.error']").count()
    if tracebacks:
        raise AssertionError(f"{name}: {tracebacks} cell(s) raised an error in JupyterLab (stderr outputs: {errors})")
    page.wait_for_timeout(500)


def open_stored(page, base_url: str | None, name: str, timeout_ms: int = 120_000) -> None:
    """Open notebooks/<name>.ipynb in JupyterLab without running it: its stored outputs as a teacher first sees
    them (an untrusted notebook's HTML, sanitized by JupyterLab). With ``base_url`` None, in the JupyterLab already
    open in ``page`` (a new tab, no page load)."""
    if base_url is None:
        # not awaited: the command's promise waits for the notebook's kernel, which a stored view does not need
        page.evaluate("(path) => { window.jupyterapp.commands.execute('docmanager:open', {path}); }", f"notebooks/{name}.ipynb")
    else:
        page.goto(f"{base_url}lab/tree/notebooks/{name}.ipynb?reset")
    page.wait_for_function(
        """(name) => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
                       return w && w.context && w.context.path.endsWith('/' + name + '.ipynb') && w.isVisible
                         && w.node.querySelector('.jp-OutputArea-output'); }""",
        arg=name, timeout=timeout_ms)
    page.wait_for_timeout(500)


def table_rows(page, selector: str = "table") -> list[dict]:
    """Each table matching ``selector`` in the open notebook's outputs: its width, its output's width, and its
    tallest row's height (px)."""
    return page.evaluate(
        """(sel) => [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output ' + sel)].map(t => {
              const out = t.closest('.jp-OutputArea-output');
              const rows = [...t.querySelectorAll('tr')].map(tr => tr.getBoundingClientRect().height);
              return {width: Math.round(t.getBoundingClientRect().width), output: Math.round(out.getBoundingClientRect().width),
                      tallest: Math.round(Math.max(0, ...rows)), rows: rows.length}; })""",
        selector,
    )


_MEASURE = r"""
() => {
  const cells = [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell')];
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook');
  const view = panel.getBoundingClientRect();
  const found = [];
  cells.forEach((cell, index) => {
    for (const out of cell.querySelectorAll('.jp-OutputArea-output')) {
      const box = out.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const right = Math.min(box.right, view.right), left = Math.max(box.left, view.left);
      let clipped = 0, scrolled = 0, what = '';
      for (const el of [out, ...out.querySelectorAll('*')]) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        const cs = getComputedStyle(el);
        if (cs.visibility === 'hidden' || cs.display === 'none') continue;
        const past = Math.max(r.right - right, left - r.left);
        if (past > clipped + 0.5) {
          clipped = past;
          what = el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : '');
        }
        if (['auto', 'scroll'].includes(cs.overflowX) && el.scrollWidth > el.clientWidth + 1) {
          scrolled = Math.max(scrolled, el.scrollWidth - el.clientWidth);
        }
      }
      const widget = out.querySelector('.hl-stepper, .hl-play-table, .hl-passing, .hl-cancellation, .hl-rules-lab, .jupyter-widgets');
      found.push({cell: index, width: Math.round(right - left), clipped: Math.round(clipped), scrolled: Math.round(scrolled),
                  what, widget: !!widget});
    }
  });
  return found;
}
"""


def overflow(page) -> list[dict]:
    """Every visible output of the open notebook: its width, how far an element inside reaches past its
    edges (``clipped``, px), how far an element inside scrolls sideways (``scrolled``, px), and which element."""
    return page.evaluate(_MEASURE)


def overflow_problems(page, where: str) -> list[str]:
    """One sentence for each output of the open notebook that an element reaches past (more than 1 px) or that
    scrolls sideways, each starting with ``where`` (the screen, and the notebook if more than one is checked)."""
    return [f"{where}: cell {out['cell']} output {out['width']} px wide: {out['what']} reaches {out['clipped']} px past it, "
            f"scrolls {out['scrolled']} px" for out in overflow(page) if out["clipped"] > 1 or out["scrolled"] > 1]


def card_rows(page, selector: str = ".hl-play-table") -> list[dict]:
    """For each play table on the page: how many cards the student holds and on how many rows they lie."""
    return page.evaluate(
        """(sel) => [...document.querySelectorAll(sel)].map(t => {
              const cards = [...t.querySelectorAll('.hl-card-button')].filter(b => b.offsetParent);
              return {cards: cards.length, rows: new Set(cards.map(b => Math.round(b.getBoundingClientRect().top))).size}; })""",
        selector,
    )


def cut_labels(page, selector: str = ".hl-pass-card") -> dict:
    """The labels of the shown buttons matching ``selector``, and those whose text is wider than the button (cut to "1…")."""
    return page.evaluate(
        """(sel) => { const shown = [...document.querySelectorAll(sel)].filter(b => b.offsetParent);
                      return {labels: shown.map(b => b.textContent.trim()),
                              cut: shown.filter(b => {
                                // the laid-out text (a Range: ellipsis is painted, not laid out) against the content box
                                const range = document.createRange(); range.selectNodeContents(b);
                                const cs = getComputedStyle(b);
                                const room = b.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
                                return range.getBoundingClientRect().width > room + 0.5 || b.scrollWidth > b.clientWidth + 1;
                              }).map(b => b.textContent.trim())}; }""",
        selector,
    )


def trick_to_hand(page) -> dict:
    """The first play table's height from the top of its trick to the bottom of the student's cards,
    and the height of the notebook's visible area."""
    return page.evaluate(
        """() => { const t = document.querySelector('.hl-play-table');
                   const top = t.querySelector('.hl-current-trick').getBoundingClientRect().top;
                   const bottom = t.querySelector('.hl-card-row').getBoundingClientRect().bottom;
                   const scroller = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer')
                     || document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook');
                   return {height: Math.round(bottom - top), visible: Math.round(scroller.getBoundingClientRect().height)}; }"""
    )


def stepper_heights(page) -> list[dict]:
    """Each shown deal stepper's height, the height of its solver panel (0 unless "solve ♠" opened it)
    and the height of the notebook's visible area."""
    return page.evaluate(
        """() => { const scroller = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer')
                     || document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook');
                   const h = scroller.getBoundingClientRect().height;
                   return [...document.querySelectorAll('.hl-stepper')].filter(s => s.offsetParent).map(s => {
                     const solver = s.querySelector('.hl-solver');
                     return {height: Math.round(s.getBoundingClientRect().height), visible: Math.round(h),
                             solver: Math.round(solver ? solver.getBoundingClientRect().height : 0)}; }); }"""
    )


def run_axe(page) -> list[dict]:
    """axe-core's WCAG 2.1 A/AA violations inside the cell outputs: one entry per rule, with its impact and node count."""
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(content=axe_source())
    return page.evaluate(
        """async (tags) => {
             const outs = document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output');
             const result = await axe.run(outs,
                                          {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
             return result.violations.map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.length, help: v.help,
                                                 sample: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' :: ' + n.failureSummary)}));
           }""",
        AXE_TAGS,
    )


def _serious(page) -> list[str]:
    return [f"{v['impact']} {v['id']} x{v['nodes']}: {v['help']}; {v['sample']}"
            for v in run_axe(page) if v["impact"] in ("serious", "critical")]


def check_projector(page, name: str, artifacts: Path) -> None:
    """The projector and accessibility checks on notebook ``name``, open on ``page`` with every cell run
    (tests/browser/test_projector.py's docstring lists them); screenshots go to ``artifacts``. Raises
    AssertionError naming each problem. Leaves the page at 1280x800 with the file browser open."""
    mode = page.evaluate("() => window.jupyterapp.shell.currentWidget.content.notebookConfig.windowingMode")
    assert mode == "none", f"the notebook lays out its cells with windowingMode {mode!r}, not 'none' (LAYOUT_EVERY_CELL)"
    problems = []
    for screen, (viewport, file_browser) in SCREENS.items():
        page.set_viewport_size(viewport)
        set_file_browser(page, file_browser)
        problems += overflow_problems(page, screen)
        for hand in card_rows(page):
            if hand["rows"] != 1:
                problems.append(f"{screen}: a play table's {hand['cards']} cards lie on {hand['rows']} rows")
        if file_browser:  # the 1280x800 screen
            for s in stepper_heights(page):
                # The solver panel ("solve ♠", open in notebook 10) opens below the stepper, on demand.
                if s["height"] - s["solver"] > s["visible"]:
                    problems.append(f"{screen}: a deal stepper is {s['height'] - s['solver']} px tall; "
                                    f"the notebook shows {s['visible']} px")
        page.screenshot(path=str(artifacts / f"projector-{name}-{viewport['width']}x{viewport['height']}.png"))
    assert not problems, "\n".join(problems)
    first = SCREENS[next(iter(SCREENS))][0]
    page.set_viewport_size(first)
    serious = _serious(page)
    assert not serious, "\n".join(serious)
    if name == "01_rules_tour":
        # The stepper two tricks on (played cards, the winner's badge, the engine's sentence) must pass too.
        stepper = page.locator(".hl-stepper").first
        for _ in range(2):
            stepper.locator(".hl-step-next-trick").click()
        page.locator(".hl-step-status", has_text="Card 8 of 52.").wait_for()
        serious = _serious(page)
        assert not serious, "stepper at card 8: " + "\n".join(serious)
    if name == "02_passing":
        # Deal seed 2 gives seat 0 a 10♣: a two-digit rank must show whole on its card toggle, not as "1…".
        seed = page.locator(".hl-pass-seed input").first
        seed.fill("2")
        seed.press("Enter")
        page.locator(".hl-pass-card", has_text="10♣").first.wait_for()
        labels = cut_labels(page)
        assert any(label.startswith("10") for label in labels["labels"]), labels
        assert not labels["cut"], f"card toggles cut off: {labels['cut']}"
    if name == "05_play_against_bots":
        # The table after the pass (grey cards, the engine's reasons, the trick) must pass too; a click on a
        # legal card plays it.
        from playwright.sync_api import expect

        table = page.locator(".hl-play-table").first
        table.scroll_into_view_if_needed()
        cards = table.locator(".hl-card-button")
        expect(cards).to_have_count(13)
        for i in range(3):
            cards.nth(i).click()
        version = int(table.locator(".hl-message").get_attribute("data-version"))
        table.locator(".hl-pass-button").click()
        page.locator(f".hl-play-table .hl-message[data-version='{version + 1}']").first.wait_for()
        # At 150 % (853x533 CSS pixels, file browser closed) the trick, the last trick and the hand fit one screen.
        page.set_viewport_size({"width": 853, "height": 533})
        set_file_browser(page, False)
        for played in range(1, 3):
            version = int(table.locator(".hl-message").get_attribute("data-version"))
            table.locator(".hl-card-button.hl-legal").first.click()
            page.locator(f".hl-play-table .hl-message[data-version='{version + 1}']").first.wait_for()
            expect(cards).to_have_count(13 - played)
        expect(table.locator(".hl-last-trick, .hl-current-trick").first).to_be_visible()
        span = trick_to_hand(page)
        assert span["height"] <= span["visible"], (
            f"at 150 %: trick to hand {span['height']} px, the notebook shows {span['visible']} px")
        page.set_viewport_size(first)
        set_file_browser(page, True)
        serious = _serious(page)
        assert not serious, "after the pass: " + "\n".join(serious)
    page.set_viewport_size(first)
    set_file_browser(page, True)
