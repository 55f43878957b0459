"""The cancellation explorer (part A's CancellationExplorer) in a real browser.

Voilà renders notebooks/04_cancellation_hearts.ipynb (its first explorer is
the one tested; CSS classes hl-cancel-* are part A's). A student picks prepared
cases from the dropdown and sees the engine's verdict: a won trick, then the
rulebook's 10♠ 9♥ 9♥ 10♠ "set aside"; then types a trick of their own, and a
card that is not a card.
"""
from __future__ import annotations

from playwright.sync_api import Locator, expect

from hearts_lab.cases import TRICK_CASES

NOTEBOOK = "notebooks/04_cancellation_hearts.ipynb"


def selected_label(select: Locator) -> str:
    return select.evaluate("e => e.options[e.selectedIndex].text").replace("\xa0", " ")


def test_prepared_cases_and_a_set_aside_trick(open_voila, screenshot):
    page = open_voila(NOTEBOOK)
    explorer = page.locator(".hl-cancellation").first
    verdict = explorer.locator(".hl-cancel-one")  # the "One trick" tab: the drawn trick, the engine's sentence, what follows
    case = explorer.locator(".hl-cancel-case select")
    explorer.evaluate("e => e.scrollIntoView()")

    case.select_option(label=TRICK_CASES["pair-below"].title)  # a Dropdown's <option>s carry the labels
    expect(verdict).to_contain_text("K♠ wins: both 9♠ cancel.")
    expect(explorer.locator(".hl-verdict-won")).to_be_visible()
    expect(explorer.locator(".hl-cancel-trick svg.hl-cancelled")).to_have_count(2)
    screenshot("01-pair-below")

    case.select_option(label=TRICK_CASES["rulebook"].title)
    expect(verdict).to_contain_text("Set aside: both 10♠ cancel, both 9♥ cancel")
    expect(explorer.locator(".hl-verdict-set-aside")).to_be_visible()
    expect(explorer.locator(".hl-cancel-trick svg.hl-cancelled")).to_have_count(4)
    screenshot("02-rulebook-set-aside")

    # Compose a trick: change one card; the engine decides again.
    inputs = explorer.locator(".hl-cancel-card-input input")
    inputs.nth(3).fill("KS")
    inputs.nth(3).press("Enter")
    expect(verdict).to_contain_text("K♠ wins")
    assert "compose your own" in selected_label(case)
    # Text that is not a card: the engine's message, and the last trick stays.
    inputs.nth(1).fill("1x")
    inputs.nth(1).press("Enter")
    expect(explorer.locator(".hl-error").first).to_contain_text("is not a card")  # the explorer's own error area comes first
    expect(verdict).to_contain_text("K♠ wins")
    screenshot("03-not-a-card")

    # Sequences: a real hand with a set-aside trick.
    explorer.get_by_role("tab", name="Sequences").click()
    expect(explorer.locator(".hl-cancel-ledger")).to_contain_text("Set aside")
    screenshot("04-sequence")
