"""Projector and accessibility figures for the widget notebooks, in JupyterLab in Chromium (issue 16).

For notebooks 01, 02, 04, 05 and 06: runs every cell in JupyterLab, then at
1280x800 with the file browser open and at 1024x640 (1280x800 at 125 %) with it
closed prints, per screen, the outputs that reach past their edges or scroll
sideways (px), the rows the play table's cards take, each deal stepper's height
against the notebook's visible height, and axe-core's serious/critical WCAG 2.1
A/AA violations inside the outputs. ``--shots DIR`` saves a PNG of each widget
output at both sizes. ``--baseline DIR`` measures another checkout too (e.g.
``git worktree add /tmp/old <commit>``), notebook by notebook in the same run,
for before/after figures. The same measurements are asserted by
tests/browser/test_projector.py.

    PYTHONPATH=$PWD .venv/bin/python tools/projector_report.py --shots /tmp/shots --baseline /tmp/old
"""
from __future__ import annotations

import argparse
import contextlib
import sys
import tempfile
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

import lab  # noqa: E402  (tests/browser/lab.py)

CHROMIUM_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking"]


def measure(browser, url: str, name: str, shots: Path | None, totals: Counter, label: str) -> None:
    """Run one notebook in the JupyterLab at ``url`` and print its figures (added to ``totals``)."""
    page = browser.new_page(viewport=lab.SCREENS[next(iter(lab.SCREENS))][0])
    page.set_default_timeout(120_000)
    lab.run_notebook(page, url, name)
    print(f"\n== {name} ({label})")
    for screen, (viewport, file_browser) in lab.SCREENS.items():
        page.set_viewport_size(viewport)
        lab.set_file_browser(page, file_browser)
        outs = lab.overflow(page)
        bad = [o for o in outs if o["clipped"] > 1 or o["scrolled"] > 1]
        totals[f"{label}: outputs past their edge, {screen}"] += len(bad)
        print(f"  {screen}: output width {max(o['width'] for o in outs)} px; {len(bad)} of {len(outs)} outputs overflow")
        for o in bad:
            print(f"    cell {o['cell']}: clipped {o['clipped']} px, scrolled {o['scrolled']} px ({o['what'][:70]})")
        for hand in lab.card_rows(page):
            print(f"    play table: {hand['cards']} cards on {hand['rows']} row(s)")
            totals[f"{label}: play tables with cards on more than one row, {screen}"] += hand["rows"] > 1
        for s in lab.stepper_heights(page):
            solver = f" (its open solver panel {s['solver']} px of it)" if s["solver"] else ""
            print(f"    deal stepper: {s['height']} px tall{solver}, notebook shows {s['visible']} px")
        if shots:
            shots.mkdir(parents=True, exist_ok=True)
            tag = f"{viewport['width']}x{viewport['height']}"
            widgets = page.locator(".jp-OutputArea-output:has(.jupyter-widgets)")
            for i in range(widgets.count()):
                widgets.nth(i).evaluate("e => e.scrollIntoView({block: 'start'})")
                page.wait_for_timeout(200)
                page.screenshot(path=str(shots / f"{name}-{tag}-widget{i + 1}.png"))
    page.set_viewport_size(lab.SCREENS[next(iter(lab.SCREENS))][0])
    lab.set_file_browser(page, True)
    for v in lab.run_axe(page):
        totals[f"{label}: axe {v['impact']} (nodes)"] += v["nodes"]
        print(f"  axe {v['impact']}: {v['id']} x{v['nodes']} - {v['help']}")
        for sample in v["sample"][:2]:
            print(f"      {sample[:200]}")
    page.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shots", type=Path, help="save PNG screenshots of every widget output here")
    parser.add_argument("--baseline", type=Path, help="another checkout to measure too, taking turns (before/after)")
    parser.add_argument("--notebooks", nargs="*", default=lab.NOTEBOOKS)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    totals: Counter = Counter()
    with contextlib.ExitStack() as stack:
        scratch = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        checkouts = {"this checkout": lab.REPO}
        if args.baseline:
            checkouts = {"baseline": args.baseline.resolve(), **checkouts}
        urls = {}
        for i, (label, repo) in enumerate(checkouts.items()):
            (scratch / str(i)).mkdir()
            urls[label] = stack.enter_context(lab.serve_lab(scratch / str(i), scratch / f"lab{i}.log", repo=repo))
        pw = stack.enter_context(sync_playwright())
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        for name in args.notebooks:
            for label, url in urls.items():
                shots = None
                if args.shots:
                    shots = args.shots / ("before" if label == "baseline" else "after") if args.baseline else args.shots
                measure(browser, url, name, shots, totals, label)
        browser.close()
    print("\n== totals")
    for key, value in sorted(totals.items()):
        print(f"  {key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
