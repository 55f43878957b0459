"""Real-browser harness: a Voilà server on localhost driven by Playwright + Debian Chromium.

Fixtures
--------
``voila_url``     (session) base URL of a Voilà server serving the repository
                  root, e.g. ``http://127.0.0.1:41234/``.  Its log is
                  tests/artifacts/voila-<worker>.log.
``voila_render``  (session) ``voila_render("notebooks/05_play_against_bots.ipynb")``
                  -> the URL that renders that notebook (same path as on Binder:
                  ``/voila/render/<path relative to the repo root>``).
``browser``       (session) a Playwright ``Browser`` (``/usr/bin/chromium``, headless).
``axe_ready``     (session) axe-core fetched for ``lab.run_axe`` (skipped, or an error in CI, without npm).
``page``          (function) a fresh ``Page`` in its own context, viewport
                  1280x800, 60 s default timeout.  If the test fails, a
                  screenshot and the browser console log are saved to
                  tests/artifacts/<test name>-failed.{png,log}.
``open_voila``    (function) ``open_voila("tests/browser/fixtures/smoke.ipynb")``
                  loads the notebook in ``page`` and waits until Voilà has run
                  every cell; returns the page.
``screenshot``    (function) ``screenshot("after-deal")`` saves
                  tests/artifacts/<test name>-after-deal.png; returns its path.

Write tests with Playwright's sync API and its auto-waiting ``expect``::

    from playwright.sync_api import expect

    def test_deal_button(open_voila, screenshot):
        page = open_voila("notebooks/05_play_against_bots.ipynb")
        page.get_by_role("button", name="Deal").click()
        expect(page.locator(".widget-label").first).to_contain_text("Seat 0")
        screenshot("dealt")

Every test under tests/browser/ is marked ``browser`` (``-m "not browser"``
deselects them).  Without /usr/bin/chromium they are skipped, unless
HEARTS_LAB_REQUIRE_BROWSER=1 (set by .ci/run), which turns that into an error.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import lab
import pytest
from lab import free_port, running_server  # tests/browser/lab.py: the JupyterLab harness starts its server the same way

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "tests" / "artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
VIEWPORT = {"width": 1280, "height": 800}
SERVER_START_TIMEOUT = 90  # seconds
PAGE_TIMEOUT_MS = 60_000
NOTEBOOK_RUN_TIMEOUT_MS = 120_000


def _worker() -> str:
    return os.environ.get("PYTEST_XDIST_WORKER", "main")


def _safe_name(nodeid: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", nodeid.split("::", 1)[-1]).strip("_")[:120]


def _require_chromium():
    if not Path(CHROMIUM).exists():
        msg = f"{CHROMIUM} not found (apt-get install chromium); browser tests need it"
        if os.environ.get("HEARTS_LAB_REQUIRE_BROWSER") == "1":
            pytest.fail(msg)
        pytest.skip(msg)


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory):
    ARTIFACTS.mkdir(exist_ok=True)
    port = free_port()
    jupyter_dir = tmp_path_factory.mktemp("jupyter")
    env = {
        **os.environ,
        "PYTHONHASHSEED": "0",
        # keep the server away from the user's ~/.jupyter and runtime files
        "JUPYTER_CONFIG_DIR": str(jupyter_dir / "config"),
        "JUPYTER_RUNTIME_DIR": str(jupyter_dir / "runtime"),
    }
    voila = Path(sys.executable).with_name("voila")
    cmd = [str(voila) if voila.exists() else sys.executable]
    if not voila.exists():
        cmd += ["-m", "voila"]
    cmd += [
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--show_tracebacks=True",
        str(REPO),
    ]
    log_path = ARTIFACTS / f"voila-{_worker()}.log"
    with running_server("voila", cmd, f"http://127.0.0.1:{port}/", "voila/tree", log_path, cwd=REPO, env=env,
                        timeout=SERVER_START_TIMEOUT) as url:
        yield url


@pytest.fixture(scope="session")
def voila_render(voila_url):
    def render(path: str) -> str:
        path = str(path).lstrip("/")
        if not (REPO / path).exists():
            raise FileNotFoundError(REPO / path)
        return f"{voila_url}voila/render/{path}"

    return render


@pytest.fixture(scope="session")
def axe_ready():
    """axe-core fetched (npm pack, once, into build/); without npm: skipped, or an error when CI requires browsers."""
    try:
        lab.axe_source()
    except (RuntimeError, OSError, subprocess.CalledProcessError) as error:
        if os.environ.get("HEARTS_LAB_REQUIRE_BROWSER") == "1":
            pytest.fail(f"axe-core: {error}")
        pytest.skip(f"axe-core: {error}")


@pytest.fixture(scope="session")
def pw():
    """The one Playwright driver of the session: its sync API refuses to start a second one while it runs."""
    _require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(pw):
    chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        yield chromium
    finally:
        chromium.close()


@pytest.fixture
def page(browser, request):
    context = browser.new_context(viewport=VIEWPORT)
    context.set_default_timeout(PAGE_TIMEOUT_MS)
    pg = context.new_page()
    console: list[str] = []
    pg.on("console", lambda msg: console.append(f"[{msg.type}] {msg.text}"))
    pg.on("pageerror", lambda exc: console.append(f"[pageerror] {exc}"))
    try:
        yield pg
    finally:
        rep = getattr(request.node, "rep_call", None)
        if rep is not None and rep.failed:
            ARTIFACTS.mkdir(exist_ok=True)
            stem = ARTIFACTS / f"{_safe_name(request.node.nodeid)}-failed"
            try:
                pg.screenshot(path=f"{stem}.png", full_page=True)
            except Exception as exc:  # the page may be gone; keep the console log anyway
                console.append(f"[harness] screenshot failed: {exc}")
            Path(f"{stem}.log").write_text("\n".join(console) + "\n")
        context.close()


@pytest.fixture
def screenshot(page, request):
    def take(name: str) -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{_safe_name(request.node.nodeid)}-{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take


@pytest.fixture
def open_voila(page, voila_render):
    def open_(path: str, timeout_ms: int = NOTEBOOK_RUN_TIMEOUT_MS):
        page.goto(voila_render(path))
        # Voilà removes #loading and shows #rendered_cells once every cell has run.
        page.locator("#loading").wait_for(state="detached", timeout=timeout_ms)
        page.locator("#rendered_cells").wait_for(state="visible", timeout=timeout_ms)
        return page

    return open_
