"""JupyterLite start time: opening notebook 01 until its first widget renders, in Chromium.

    .venv/bin/python benchmarks/lite_start.py            # builds site/ if missing
    .venv/bin/python benchmarks/lite_start.py --runs 5 --rebuild
    .venv/bin/python benchmarks/lite_start.py --baseline /old/checkout/site   # before/after, same run

Serves site/ on 127.0.0.1 with ``tools/build_site.py``'s server (its cache headers, as a
teacher's host would send them), in a Chromium whose host names resolve to nothing but
127.0.0.1 (offline). For each run it opens
``lab/index.html?path=notebooks/01_rules_tour.ipynb`` and runs all cells at once, as a
student would, timing until the first widget view is on the page:

- cold: a new browser profile (empty HTTP cache, no service worker, no compiled
  WebAssembly or JavaScript cached): a student's first visit;
- warm: the same profile again after that first visit (the browser's caches filled): a
  student's next notebook, or a reload.

No request interception: Playwright's routing would switch the browser's HTTP cache off
and make every "warm" visit a cold one. The page is only given the two settings the
timing needs, by this script's server: the JupyterLab app as ``window.jupyterapp`` (to
run all cells) and JupyterLab's own per-cell timing (``recordTiming``).

Prints the site's size, then for each median run where the time went:

- JupyterLab: the page and the notebook open (navigation to the notebook panel);
- kernel start: from there until the kernel runs the first cell (the worker, Pyodide's
  WebAssembly and standard library, the kernel's preloaded packages, IPython);
- install cell, imports cell, the cells up to the widget's, the widget's cell (each as
  JupyterLab's recordTiming saw it: request to reply);
- render: the widget cell's reply until the widget's view is in the page;

and the median (and every run) of the totals. Goals: cold < 15 s, warm < 5 s. The load
average is printed too: on a busy machine every figure grows, so to compare two builds
give the other one as ``--baseline``: their runs take turns and see the same load.
"""
from __future__ import annotations

import argparse
import functools
import http.server
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from datetime import datetime
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
NOTEBOOK = "notebooks/01_rules_tour.ipynb"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync",
        "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]

spec = importlib.util.spec_from_file_location("build_site", REPO / "tools" / "build_site.py")
build_site = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build_site)

#: Milestones recorded in the page itself (epoch ms), from before any of its scripts run.
MARKS = """
(() => {
  window.__marks = {};
  const mark = (k) => { if (!(k in window.__marks)) window.__marks[k] = performance.timeOrigin + performance.now(); };
  const timer = setInterval(() => {
    const panel = window.jupyterapp?.shell?.currentWidget;
    if (panel?.context?.path === NOTEBOOK_PATH) mark('panel');
    if (document.querySelector('.jp-OutputArea-output > .jupyter-widgets')) { mark('widget'); clearInterval(timer); }
  }, 10);
})();
""".replace("NOTEBOOK_PATH", json.dumps(NOTEBOOK))

CELLS = """() => {
  const cells = window.jupyterapp.shell.currentWidget.content.model.cells, found = [];
  for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i);
    if (cell.type === 'code') found.push({execution: cell.getMetadata('execution') || null,
                                          widget: cell.outputs.toJSON().some(o => 'application/vnd.jupyter.widget-view+json' in (o.data || {}))});
  }
  return {origin: performance.timeOrigin, marks: window.__marks, cells: found};
}"""

PHASES = ("JupyterLab", "kernel start", "install cell", "imports cell", "cells before the widget", "widget cell", "render")


class BenchmarkHandler(build_site.SiteHandler):
    """The site's own handler; only jupyter-lite.json gains the benchmark's two settings."""

    def do_GET(self) -> None:  # noqa: N802 - the base class's name
        path = self.path.split("?")[0]
        if not path.endswith("/jupyter-lite.json"):
            return super().do_GET()
        config = json.loads(Path(self.translate_path(path)).read_text())
        data = config.setdefault("jupyter-config-data", {})
        data["exposeAppInBrowser"] = "true"
        data.setdefault("settingsOverrides", {})["@jupyterlab/notebook-extension:tracker"] = {"recordTiming": True}
        body = json.dumps(config).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def _ms(stamp: str) -> float:
    return datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp() * 1000


def phases(report: dict) -> list[float]:
    """Seconds spent in each of ``PHASES``, from the page's marks and the cells' recordTiming."""
    marks, cells = report["marks"], report["cells"]
    timed = [c["execution"] for c in cells if c["execution"]]
    widget = next(i for i, c in enumerate(cells) if c["widget"])

    def start(i: int) -> float:
        execution = cells[i]["execution"]
        return _ms(execution.get("iopub.execute_input") or execution["iopub.status.busy"])

    def end(i: int) -> float:
        return _ms(cells[i]["execution"]["shell.execute_reply"])

    points = [report["origin"], marks["panel"], start(0), end(0), end(1), start(widget), end(widget), marks["widget"]]
    assert len(timed) > widget, "a cell before the widget's did not record its timing"
    return [(b - a) / 1000 for a, b in zip(points, points[1:])]


def first_widget(context, url: str) -> tuple[float, list[float]]:
    page = context.new_page()
    page.add_init_script(MARKS)
    start = time.perf_counter()
    page.goto(url)
    # Run All as soon as the notebook is open, as a student would; JupyterLab queues it until the kernel is ready.
    page.wait_for_function(f"() => window.jupyterapp?.shell.currentWidget?.context?.path === '{NOTEBOOK}'"
                           " && window.jupyterapp.shell.currentWidget.sessionContext.session?.kernel",
                           timeout=120_000, polling=50)
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    try:
        page.locator(".jp-OutputArea-output > .jupyter-widgets").first.wait_for(state="attached", timeout=300_000)
    except Exception:
        (REPO / "tests" / "artifacts").mkdir(exist_ok=True)
        page.screenshot(path=str(REPO / "tests" / "artifacts" / "lite-start-failed.png"))
        raise
    elapsed = time.perf_counter() - start
    page.wait_for_function("() => window.__marks.widget", polling=10)
    # the widget cell's reply (and its recordTiming) may reach the model a moment after the view
    page.wait_for_function(f"() => ({CELLS})().cells.find(c => c.widget)?.execution?.['shell.execute_reply']",
                           polling=50)
    split = phases(page.evaluate(CELLS))
    # close the tab, so the next visit opens the notebook alone (the kernel ends with the page)
    page.evaluate("() => window.jupyterapp.commands.execute('application:close-all')")
    page.wait_for_timeout(500)
    page.close()
    return elapsed, split


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(BenchmarkHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.quiet = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/lab/index.html?path={NOTEBOOK}"


def describe(site: Path) -> str:
    files = [p for p in site.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    pyodide = sum(p.stat().st_size for p in (site / "static" / "pyodide").rglob("*") if p.is_file())
    return f"{size / 2**20:.1f} MiB in {len(files)} files (Pyodide core and wheels: {pyodide / 2**20:.1f} MiB)"


def report(label: str, runs: dict[str, list[tuple[float, list[float]]]]) -> None:
    count = len(runs["cold"])
    median = {kind: sorted(found)[len(found) // 2] for kind, found in runs.items()}
    print(f"\n{label}: where the time went in the median run (s)\n  {'':26s}{'cold':>6s}{'warm':>6s}")
    for i, name in enumerate(PHASES):  # max: page and kernel clocks may differ by a millisecond
        print(f"  {name:26s}{max(0.0, median['cold'][1][i]):6.2f}{max(0.0, median['warm'][1][i]):6.2f}")
    print(f"  {'total':26s}{median['cold'][0]:6.2f}{median['warm'][0]:6.2f}")
    cold, warm = ([t for t, _ in runs[k]] for k in ("cold", "warm"))
    print(f"{label}: notebook 01, open -> first widget (median of {count}): cold {statistics.median(cold):.1f} s "
          f"(goal < 15 s), warm {statistics.median(warm):.1f} s (goal < 5 s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rebuild", action="store_true", help="run tools/build_site.py first")
    parser.add_argument("--site", type=Path, default=build_site.SITE, help="the built site to time (default: site/)")
    parser.add_argument("--baseline", type=Path, help="another built site (e.g. an older checkout's site/) timed "
                        "in the same run, its visits taking turns with --site's, so both see the same load")
    args = parser.parse_args()
    site = args.site.resolve()
    if args.rebuild or not (site / "jupyter-lite.json").exists():
        if site != build_site.SITE:
            sys.exit(f"{site} has no site (only this checkout's site/ is built here)")
        subprocess.run([sys.executable, str(REPO / "tools" / "build_site.py")], check=True, stdout=subprocess.DEVNULL)
    sites = {"site": site}
    if args.baseline:
        if not (args.baseline / "jupyter-lite.json").exists():
            sys.exit(f"{args.baseline} has no built site")
        sites["baseline"] = args.baseline.resolve()
    for label, folder in sites.items():
        print(f"{label} {folder}: {describe(folder)}")

    from playwright.sync_api import sync_playwright

    servers = {label: serve(folder) for label, folder in sites.items()}
    runs = {label: {"cold": [], "warm": []} for label in sites}
    elsewhere: list[str] = []
    with sync_playwright() as pw:
        for i in range(args.runs):
            order = list(sites) if i % 2 == 0 else list(reversed(sites))  # neither always goes first
            for label in order:
                with tempfile.TemporaryDirectory() as profile:
                    context = pw.chromium.launch_persistent_context(
                        profile, executable_path=CHROMIUM, args=ARGS, viewport={"width": 1280, "height": 800})
                    context.on("request", lambda r: None if r.url.startswith(("http://127.0.0.1:", "data:", "blob:"))
                               else elsewhere.append(r.url))
                    for kind in ("cold", "warm"):
                        runs[label][kind].append(first_widget(context, servers[label][1]))
                    context.close()
                found = runs[label]
                print(f"  {label} run {i + 1}: cold {found['cold'][-1][0]:.1f} s, warm {found['warm'][-1][0]:.1f} s",
                      flush=True)
    for server, _ in servers.values():
        server.shutdown()

    for label in reversed(sites):
        report(label, runs[label])
    if elsewhere:
        print(f"requests beyond loopback (all failed: no name resolves): {sorted(set(elsewhere))}")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (on a busy machine every figure grows)")


if __name__ == "__main__":
    main()
