"""JupyterLite start time: opening notebook 01 until its first widget renders, in Chromium.

    .venv/bin/python benchmarks/lite_start.py            # builds site/ if missing
    .venv/bin/python benchmarks/lite_start.py --runs 5 --rebuild

Serves site/ on 127.0.0.1 (every other request is aborted: offline), and for each run
opens ``lab/index.html?path=notebooks/01_rules_tour.ipynb`` and runs all cells at once, as
a student would, timing until the first widget view is on the page:

- cold: a new browser profile each time (empty HTTP cache, no service worker, no
  compiled WebAssembly cached): a student's first visit;
- warm: the same profile again after a first visit (the browser's caches filled), a
  student's next notebook or a reload.

Prints the site's size and the median (and every run) of each; goals: cold < 15 s, warm < 5 s.
The machine's load average is printed too: on a busy machine all figures grow.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
NOTEBOOK = "notebooks/01_rules_tour.ipynb"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]

spec = importlib.util.spec_from_file_location("build_site", REPO / "tools" / "build_site.py")
build_site = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build_site)


def offline(route) -> None:
    url = route.request.url
    host = url.split("/")[2].split(":")[0] if "://" in url else ""
    if host not in ("127.0.0.1", "localhost"):
        route.abort("internetdisconnected")
    elif url.split("?")[0].endswith("/jupyter-lite.json"):
        # expose the JupyterLab app as window.jupyterapp, to run all cells through its commands
        response = route.fetch()
        config = response.json()
        config.setdefault("jupyter-config-data", {})["exposeAppInBrowser"] = "true"
        route.fulfill(response=response, json=config)
    else:
        route.continue_()


def first_widget(context, url: str) -> float:
    page = context.new_page()
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
        page.screenshot(path=str(REPO / "tests" / "artifacts" / "lite-start-failed.png"))
        raise
    elapsed = time.perf_counter() - start
    # close the tab, so the next visit opens the notebook alone (the kernel ends with the page)
    page.evaluate("() => window.jupyterapp.commands.execute('application:close-all')")
    page.wait_for_timeout(500)
    page.close()
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rebuild", action="store_true", help="run tools/build_site.py first")
    args = parser.parse_args()
    if args.rebuild or not (build_site.SITE / "jupyter-lite.json").exists():
        subprocess.run([sys.executable, str(REPO / "tools" / "build_site.py")], check=True, stdout=subprocess.DEVNULL)
    files = [p for p in build_site.SITE.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    pyodide = sum(p.stat().st_size for p in (build_site.SITE / "static" / "pyodide").rglob("*") if p.is_file())
    print(f"site/: {size / 2**20:.1f} MiB in {len(files)} files (Pyodide core and wheels: {pyodide / 2**20:.1f} MiB)")

    server = build_site.make_server(0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/lab/index.html?path={NOTEBOOK}"

    from playwright.sync_api import sync_playwright

    cold, warm = [], []
    with sync_playwright() as pw:
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory() as profile:
                context = pw.chromium.launch_persistent_context(
                    profile, executable_path=CHROMIUM, args=ARGS, viewport={"width": 1280, "height": 800})
                context.route("**/*", offline)
                cold.append(first_widget(context, url))
                warm.append(first_widget(context, url))
                context.close()
            print(f"  run {len(cold)}: cold {cold[-1]:.1f} s, warm {warm[-1]:.1f} s", flush=True)
    server.shutdown()
    load = os.getloadavg()[0]
    print(f"notebook 01, open -> first widget (median of {args.runs}): cold {statistics.median(cold):.1f} s "
          f"(goal < 15 s), warm {statistics.median(warm):.1f} s (goal < 5 s); load average {load:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
