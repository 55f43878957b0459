"""The play table keeps JupyterLab's command-mode shortcuts away from the game (rev-ws6 #5, issue 18).

In JupyterLab in Chromium, on notebooks/play.ipynb: with the focus in the table's
Opponents menu, ``m`` (type-ahead for "medium") picks the medium level and does not
turn the table's cell into Markdown; with the focus on a card, ``d d`` and ``x`` do
not delete or cut the cell; the table and its game are as they were. Outside the
table the shortcuts still work (``a`` inserts a cell), so the test would notice a
notebook that ignored keys altogether.
"""
from __future__ import annotations

import lab  # tests/browser/lab.py
import pytest
from playwright.sync_api import expect

ARTIFACTS = lab.REPO / "tests" / "artifacts"
CELLS = "document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell').length"
MARKDOWN_TABLE_CELL = "!!document.querySelector('.jp-MarkdownCell .hl-play-table, .jp-Cell.jp-mod-active.jp-MarkdownCell')"


@pytest.fixture(scope="module")
def lab_url(browser, tmp_path_factory):  # asks for the browser first: without Chromium, skip before starting a server
    ARTIFACTS.mkdir(exist_ok=True)
    with lab.serve_lab(tmp_path_factory.mktemp("lab"), ARTIFACTS / "jupyterlab-keys.log") as url:
        yield url


def test_notebook_shortcuts_do_not_reach_the_play_table(lab_url, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(120_000)
    page = context.new_page()
    try:
        lab.run_notebook(page, lab_url, "play")
        table = page.locator(".hl-play-table").first
        cards = table.locator(".hl-card-button")
        expect(cards).to_have_count(13)
        cells = page.evaluate(CELLS)
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:enter-command-mode')")
        menu = table.locator(".hl-level select")
        message = table.locator(".hl-message")

        # Type-ahead in the menu picks the level; the cell stays a code cell with the table in it.
        menu.focus()
        page.keyboard.press("m")
        expect(message).to_contain_text("Your opponents are now medium bots")
        assert not page.evaluate(MARKDOWN_TABLE_CELL), "m in the Opponents menu turned the table's cell into Markdown"
        assert page.evaluate(CELLS) == cells
        expect(page.locator(".hl-play-table")).to_have_count(1)

        # d d and x on a card: the cell is neither deleted nor cut; the card is still there to pass.
        cards.nth(12).focus()
        for key in ("d", "d", "x"):
            page.keyboard.press(key)
        page.wait_for_timeout(1000)
        assert page.evaluate(CELLS) == cells, "a shortcut typed on a card deleted or cut the table's cell"
        expect(cards).to_have_count(13)
        expect(message).to_contain_text("Your opponents are now medium bots")  # the game went on untouched

        # The keys still work in the table: Enter on the focused card selects it for passing.
        page.keyboard.press("Enter")
        expect(table.locator(".hl-selected-count")).to_have_text("1 of 3")

        # Outside the table the notebook's shortcuts are intact: "a" on the notebook inserts a cell above.
        page.evaluate("() => document.activeElement.blur()")
        page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell .jp-InputPrompt").first.click()
        page.keyboard.press("Escape")
        page.keyboard.press("a")
        page.wait_for_function(f"() => {CELLS} === {cells + 1}", timeout=10_000)
    finally:
        page.screenshot(path=str(ARTIFACTS / "play-table-lab-keys.png"))
        context.close()
