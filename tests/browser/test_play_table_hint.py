"""The opponents' menu and "what would the expert play?" in a real browser (issue 18, item 5).

In Voilà in Chromium, on notebook 05's play table: the student picks the expert
opponents from the menu, passes, reaches the hint button with the keyboard and
presses Enter; the expert's values appear, one row per legal card, the sentence
is announced in the table's live region, the focus stays on the button and the
game is as it was. Screenshots go to tests/artifacts/.
"""
from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

NOTEBOOK = "notebooks/05_play_against_bots.ipynb"
FOCUSED_CLASSES = "() => [...document.activeElement.classList]"


def version(table: Locator) -> int:
    return int(table.locator(".hl-message").get_attribute("data-version"))


def wait_for_update(table: Locator, before: int) -> None:
    expect(table.locator(f".hl-message[data-version='{before + 1}']")).to_have_count(1)


def tab_to(page: Page, css: str, limit: int = 40) -> None:
    for _ in range(limit):
        if css in page.evaluate(FOCUSED_CLASSES):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"{limit} presses of Tab never reached .{css}")


def test_pick_the_expert_and_ask_for_its_hint_with_the_keyboard(open_voila, screenshot):
    page = open_voila(NOTEBOOK)
    table = page.locator(".hl-play-table").first
    cards = table.locator(".hl-card-button")
    expect(cards).to_have_count(13)
    hint_button = table.locator(".hl-hint-button")
    expect(hint_button).to_be_disabled()  # nothing to hint while passing

    # The opponents' menu lists the registry's levels; picking one says so in the message.
    menu = table.locator(".hl-level select")
    # notebook 05 seats the default opponents, the "easy" level
    assert [o.strip().split(":")[0] for o in menu.locator("option").all_inner_texts()] == ["easy", "medium", "expert"]
    before = version(table)
    menu.select_option(index=2)  # ipywidgets' <option>s carry the labels: "expert: samples 32 deals ..."
    wait_for_update(table, before)
    message = table.locator(".hl-message")
    expect(message).to_contain_text("Your opponents are now expert bots")
    expect(table.locator(".hl-seat-bot").first).to_have_text("expert bot")

    for i in (10, 11, 12):
        cards.nth(i).click()
    before = version(table)
    table.locator(".hl-pass-button").click()
    wait_for_update(table, before)
    expect(message).to_contain_text("You passed")
    expect(hint_button).to_be_enabled()
    legal = table.locator(".hl-card-button.hl-legal")
    labels = sorted(b.strip() for b in legal.all_inner_texts())
    left = cards.count()
    history = table.locator(".hl-current-trick").inner_text()

    # Keyboard only: Tab to the button, Enter asks.
    page.locator("body").click(position={"x": 5, "y": 5})
    tab_to(page, "hl-hint-button")
    before = version(table)
    page.keyboard.press("Enter")
    wait_for_update(table, before)
    expect(message).to_have_attribute("role", "status")
    expect(message).to_have_attribute("aria-live", "polite")
    expect(message).to_contain_text(re.compile(
        r"The expert would play \S+: -?\d+\.\d points on average over 32 sampled deals"
        r"|The expert finds no clear difference between \S+ and \S+ in these 32 sampled deals"
    ))
    expect(message.locator(".hl-bot-plays")).to_have_count(0)  # the hint alone, not the bots' cards again
    hint = table.locator(".hl-hint")
    expect(hint).to_be_visible()
    rows = hint.locator("tbody tr")
    expect(rows).to_have_count(len(labels))
    assert sorted(r.locator("td").first.inner_text().strip() for r in rows.all()) == labels
    expect(hint.locator(".hl-hint-best")).to_have_count(1)
    expect(hint.locator(".hl-hint-honesty")).to_contain_text("It estimates, it does not prove")
    assert "hl-hint-button" in page.evaluate(FOCUSED_CLASSES)  # the focus stays where the student pressed
    # Nothing in the game moved.
    expect(cards).to_have_count(left)
    assert table.locator(".hl-current-trick").inner_text() == history
    assert sorted(b.strip() for b in legal.all_inner_texts()) == labels
    hint.evaluate("e => e.scrollIntoView({block: 'center'})")
    screenshot("01-hint")

    # Playing the expert's card clears the hint (its values were for the old position).
    best = hint.locator(".hl-hint-best td").first.inner_text().strip()
    before = version(table)
    legal.filter(has_text=re.compile(rf"^{re.escape(best)}$")).first.click()
    wait_for_update(table, before)
    expect(hint).to_be_hidden()
    expect(message).not_to_contain_text(re.compile("The expert would play|The expert finds no clear difference"))
