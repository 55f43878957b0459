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


def test_simulation_explorer_runs_with_a_progress_bar(open_voila, screenshot):
    page = open_voila("notebooks/09_moon_odds.ipynb")
    explorer = page.locator(".hl-sim-explorer").first
    explorer.evaluate("e => e.scrollIntoView()")
    explorer.locator("select").nth(3).select_option(label="2,000")  # rules, players, count, hands
    explorer.get_by_role("button", name="Run").click()
    expect(explorer.locator(".hl-sim-status")).to_contain_text("of 2,000 hands", timeout=60_000)
    expect(explorer.locator(".hl-sim-status")).to_contain_text("95% interval")
    expect(explorer.locator(".hl-sim-plot")).to_be_visible()
    screenshot("03-simulated")

    explorer.locator("select").nth(0).select_option("cancellation")
    explorer.locator("select").nth(1).select_option("12")
    explorer.get_by_role("button", name="Run").click()
    expect(explorer.locator(".hl-error")).to_contain_text("the 'cancellation' preset is for 6 to 11 players, not 12.")
    screenshot("04-refused")
