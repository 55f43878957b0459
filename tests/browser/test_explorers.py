"""The deck explorer (notebook 07) and the simulation explorer (notebook 09) in a real browser.

A student picks a rule set and a player count and sees the deck update; a
player count the rules refuse shows the engine's message; in 09 they press
Run and watch the progress bar fill and the running estimate appear.
"""
from __future__ import annotations

from playwright.sync_api import expect


def test_deck_explorer_updates_and_shows_engine_messages(open_voila, screenshot):
    page = open_voila("notebooks/07_counting_deals.ipynb")
    explorer = page.locator(".hl-deck-explorer").first
    explorer.evaluate("e => e.scrollIntoView()")
    view = explorer.locator(".hl-deck-view")
    expect(view).to_contain_text("standard, 5 players: 50 cards")
    expect(view).to_contain_text("the 3♣, by its holder")

    explorer.locator(".hl-deck-players select").select_option("2")
    expect(explorer.locator(".hl-error")).to_contain_text("the 'standard' preset is for 3 to 7 players, not 2.")
    expect(view).to_contain_text("standard, 5 players")  # the last allowed deck stays
    screenshot("01-refused")

    explorer.locator(".hl-deck-preset select").select_option("cancellation")
    expect(view).to_contain_text("cancellation, 6 players: 104 cards (2 packs)")
    expect(view).to_contain_text("face down")
    expect(explorer.locator(".hl-error")).to_have_text("")
    screenshot("02-cancellation")
