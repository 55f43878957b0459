"""The code-free play page in a real browser: Voilà renders notebooks/play.ipynb (what `make play`
serves and Binder's play-page link opens) in Chromium at 1280x800.

A student sees no code, reads the rules card, passes three cards and plays a whole hand by
clicking, to the hand's score; then a teacher switches the rule set and starts a new game.
Screenshots go to tests/artifacts/.
"""
from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

NOTEBOOK = "notebooks/play.ipynb"
#: Words that only code shows: none may be on the page.
CODE_WORDS = ("import ", "PlayPage(", "piplite", "sys.platform", "hearts_lab")


def version(table: Locator) -> int:
    return int(table.locator(".hl-message").get_attribute("data-version"))


def act(table: Locator, click: Locator) -> None:
    """Click, then wait until the table's whole update has reached the page (the message goes last)."""
    before = version(table)
    click.click()
    expect(table.locator(f".hl-message[data-version='{before + 1}']")).to_have_count(1)


def assert_no_code(page: Page) -> None:
    editors = page.locator(".jp-CodeCell .jp-InputArea, .jp-CodeMirrorEditor, .cm-editor, .jp-InputPrompt")
    assert not [i for i in range(editors.count()) if editors.nth(i).is_visible()]
    text = page.locator("body").inner_text()
    assert not [word for word in CODE_WORDS if word in text], text[:2000]


def test_a_student_plays_a_whole_hand_without_code(open_voila, screenshot):
    page = open_voila(NOTEBOOK)
    assert_no_code(page)
    page_widget = page.locator(".hl-play-page")
    expect(page_widget).to_have_count(1)
    expect(page.locator(".hl-rules-details summary")).to_contain_text("Rules card: Standard Hearts, 4 players")
    expect(page.locator(".hl-rules-card")).to_contain_text("whoever holds the 2♣ leads it")
    for label in ("Rule set", "Players", "Bots", "Deal number"):
        expect(page.get_by_label(label, exact=True)).to_be_visible()
    table = page.locator(".hl-play-table")
    cards = table.locator(".hl-card-button")
    expect(cards).to_have_count(13)
    # The solver button would show the bots' cards: the student page hides it.
    expect(table.locator(".hl-table-solve")).to_have_count(0)  # not built into the page at all
    screenshot("01-opened")

    for i in (10, 11, 12):
        cards.nth(i).click()
    act(table, table.locator(".hl-pass-button"))
    expect(table.locator(".hl-message")).to_contain_text("You passed")

    # Thirteen clicks, each on a card the engine allows; the bots reply after each.
    for left in range(13, 0, -1):
        expect(cards).to_have_count(left)
        act(table, table.locator(".hl-card-button.hl-legal").first)
    expect(cards).to_have_count(0)
    expect(table.locator(".hl-next-hand")).to_be_visible()
    expect(table.locator(".hl-scoreboard")).to_contain_text("Hand 1")
    total = table.locator(".hl-scoreboard tr").filter(has_text=re.compile("^Hand 1"))
    expect(total).to_have_count(1)
    assert_no_code(page)
    screenshot("02-hand-over")


def test_the_teacher_picks_the_rules(open_voila, screenshot):
    page = open_voila(NOTEBOOK)
    page.get_by_label("Rule set", exact=True).select_option(label="Lowest clubs out (2–6)")
    players = page.get_by_label("Players", exact=True)
    expect(players.locator("option").first).to_have_text("2")   # the kernel has given the new rule set's counts
    expect(players).to_have_value("4")                           # ... and kept 4 players, which lowest-clubs allows
    players.select_option("3")
    page.get_by_label("Bots", exact=True).select_option(label="random")
    page.locator(".hl-start").click()  # a new table replaces the old one
    table = page.locator(".hl-play-table")
    expect(page.locator(".hl-rules-details summary")).to_contain_text("Lowest clubs out, 3 players")
    expect(page.locator(".hl-rules-card")).to_contain_text("the Q♠ does not count")
    expect(table.locator(".hl-card-button")).to_have_count(17)
    expect(table.locator(".hl-message")).to_contain_text("choose 4 cards to pass")
    assert_no_code(page)
    screenshot("03-lowest-clubs")
