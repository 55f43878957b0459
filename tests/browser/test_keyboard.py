"""A whole keyboard turn at the play table, in Voilà in Chromium: Tab to a card, Enter to select or play it.

After every action (Pass, a card, Undo) the focus stays on the table, on the
control a student uses next, and the message (the table's live region) says
what the bots played and who won the trick.
"""
from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

NOTEBOOK = "notebooks/05_play_against_bots.ipynb"
FOCUSED_CLASSES = "() => [...document.activeElement.classList]"


def version(table: Locator) -> int:
    return int(table.locator(".hl-message").get_attribute("data-version"))


def press_and_wait(page: Page, table: Locator, key: str) -> None:
    """Press a key on the focused control and wait until the table's whole update has arrived."""
    before = version(table)
    page.keyboard.press(key)
    expect(table.locator(f".hl-message[data-version='{before + 1}']")).to_have_count(1)


def tab_to(page: Page, css: str, limit: int = 30) -> None:
    """Press Tab until the focused element has the CSS class ``css``."""
    for _ in range(limit):
        if css in page.evaluate(FOCUSED_CLASSES):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"{limit} presses of Tab never reached .{css}")


def focus_lands_on(page: Page, *classes: str) -> list[str]:
    page.wait_for_function(
        "(want) => want.every(c => document.activeElement.classList.contains(c))", arg=list(classes), timeout=10_000
    )
    return page.evaluate(FOCUSED_CLASSES)


def test_pass_and_play_with_the_keyboard(open_voila, screenshot):
    page = open_voila(NOTEBOOK)
    table = page.locator(".hl-play-table").first
    cards = table.locator(".hl-card-button")
    expect(cards).to_have_count(13)
    message = table.locator(".hl-message")
    expect(message).to_have_attribute("aria-live", "polite")

    # Select three cards: Tab reaches the cards, Enter toggles the one with the focus.
    page.locator("body").click(position={"x": 5, "y": 5})
    tab_to(page, "hl-card-button")
    for _ in range(3):
        page.keyboard.press("Enter")
        page.keyboard.press("Tab")
    expect(table.locator(".hl-selected-count")).to_have_text("3 of 3")
    tab_to(page, "hl-pass-button")
    press_and_wait(page, table, "Enter")
    expect(message).to_contain_text("You passed")
    # The Pass button is gone: the focus went to a card that may be played, not to the top of the page.
    focus_lands_on(page, "hl-card-button", "hl-legal")
    table.evaluate("e => e.scrollIntoView()")
    screenshot("after-pass")

    # The grey cards' reason is on the page, naming the grey cards, without hovering.
    grey = table.locator(".hl-card-button:disabled")
    if grey.count():
        expect(table.locator(".hl-why")).to_contain_text(grey.first.inner_text().strip())

    # Enter plays the focused card; the bots reply and the message names their cards.
    for _ in range(4):
        count = cards.count()
        press_and_wait(page, table, "Enter")
        expect(cards).to_have_count(count - 1)
        focus_lands_on(page, "hl-card-button", "hl-legal")
    expect(message.locator(".hl-bot-plays")).to_contain_text(re.compile(r"Seat \d (played|led) .+ \(trick \d+\)\."))
    expect(message).to_contain_text(re.compile(r"Trick \d+: .*(wins|Set aside)"))
    screenshot("after-four-cards")

    # Undo from the keyboard: the focus stays on the table.
    tab_to(page, "hl-undo")
    count = cards.count()
    press_and_wait(page, table, "Enter")
    expect(cards).to_have_count(count + 1)
    assert page.evaluate("() => !!document.activeElement.closest('.hl-play-table')"), page.evaluate(FOCUSED_CLASSES)
