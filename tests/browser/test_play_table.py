"""The play table in a real browser: Voilà renders notebooks/05_play_against_bots.ipynb in Chromium.

A student passes three cards, sees grey (illegal) cards with the engine's reason,
plays a few cards, undoes one, then presses "solve ♠" and plays on until the
solver's values appear. Screenshots go to tests/artifacts/.
"""
from __future__ import annotations

import re

from playwright.sync_api import Locator, expect

NOTEBOOK = "notebooks/05_play_against_bots.ipynb"


def version(table: Locator) -> int:
    return int(table.locator(".hl-message").get_attribute("data-version"))


def act(table: Locator, click: Locator) -> None:
    """Click, then wait until the table's whole update has reached the page (the message goes last)."""
    before = version(table)
    click.click()
    expect(table.locator(f".hl-message[data-version='{before + 1}']")).to_have_count(1)


def test_pass_play_and_undo(open_voila, screenshot):
    page = open_voila(NOTEBOOK)
    table = page.locator(".hl-play-table").first
    cards = table.locator(".hl-card-button")
    expect(cards).to_have_count(13)
    message = table.locator(".hl-message")
    expect(message).to_contain_text("choose 3 cards to pass left")
    table.evaluate("e => e.scrollIntoView()")  # screenshots show the table from its top, as a student sees it
    screenshot("01-deal")

    # Select three cards; the Pass button counts them.
    for i in (10, 11, 12):
        cards.nth(i).click()
    pass_button = table.locator(".hl-pass-button")
    expect(pass_button).to_have_text(re.compile("Pass these 3"))
    expect(table.locator(".hl-selected-count")).to_have_text("3 of 3")
    screenshot("02-selected")
    act(table, pass_button)
    expect(message).to_contain_text("You passed")
    expect(pass_button).to_be_hidden()

    # Now playing: some cards are grey (disabled) and the engine says why.
    disabled = table.locator(".hl-card-button:disabled")
    assert disabled.count() > 0
    assert table.locator(".hl-card-button.hl-legal").count() + disabled.count() == 13
    expect(table.locator(".hl-why")).to_contain_text("Why some cards are grey")
    title = disabled.first.get_attribute("title") or ""
    assert "cannot play" in title, title
    before = (message.inner_text(), version(table))
    disabled.first.click(force=True)  # a disabled button ignores the click: nothing reaches the kernel
    page.wait_for_timeout(500)
    assert (message.inner_text(), version(table)) == before
    table.evaluate("e => e.scrollIntoView()")
    screenshot("03-after-pass")

    # Play three cards, each time the first legal one.
    for _ in range(3):
        count = cards.count()
        act(table, table.locator(".hl-card-button.hl-legal").first)
        expect(cards).to_have_count(count - 1)
        expect(table.locator(".hl-last-trick")).to_contain_text(re.compile("wins|Set aside"))
    expect(message).to_contain_text(re.compile(r"Trick \d+: "))
    table.evaluate("e => e.scrollIntoView()")
    screenshot("04-playing")

    # Undo the last card: it comes back, with the bots' replies.
    count = cards.count()
    act(table, table.locator(".hl-undo"))
    expect(message).to_contain_text("Took back your")
    expect(cards).to_have_count(count + 1)
    screenshot("05-undone")

    # "solve ♠": the panel opens with its honesty sentence; with 11 tricks left it is greyed with the reason.
    toggle = table.locator(".hl-table-solve")
    expect(toggle).to_have_text(re.compile("solve ♠"))
    toggle.click()
    panel = table.locator(".hl-table-solver")
    expect(panel).to_be_visible()
    expect(panel.locator(".hl-solver-honesty")).to_contain_text("looks at every hand, the bots' included")
    expect(panel.locator(".hl-solve-note")).to_contain_text(f"{count + 1} tricks left: this panel solves positions with at most 6")
    expect(panel.locator(".hl-solve-result")).to_have_text("")
    panel.evaluate("e => e.scrollIntoView({block: 'center'})")
    screenshot("06-solver-waits")
    # Play on to 6 cards: after each card the panel is solved again; at 6 the values appear, one per legal card.
    while cards.count() > 6:
        n = cards.count()
        act(table, table.locator(".hl-card-button.hl-legal").first)
        expect(cards).to_have_count(n - 1)
    rows = panel.locator(".hl-solve-table tr")
    legal = table.locator(".hl-card-button.hl-legal")
    expect(rows).to_have_count(legal.count())
    expect(panel.locator(".hl-solve-answer")).to_contain_text("Seat 0 to play.")
    expect(panel.locator(".hl-solve-answer")).to_contain_text("Moon:")
    for i in range(rows.count()):
        card, value = rows.nth(i).locator("td").all_inner_texts()
        assert re.fullmatch(r"-?\d+", value.strip()), (card, value)
    labels = {b.strip() for b in legal.all_inner_texts()}
    assert {r.locator("td").first.inner_text().strip() for r in rows.all()} == labels
    panel.evaluate("e => e.scrollIntoView({block: 'center'})")
    screenshot("07-solver-values")
