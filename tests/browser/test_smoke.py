"""Smoke test of the browser harness: Voilà renders an ipywidgets notebook in
Chromium, a click reaches the kernel and the kernel's update reaches the page."""
from playwright.sync_api import expect

SMOKE = "tests/browser/fixtures/smoke.ipynb"


def test_button_click_updates_label(open_voila, screenshot):
    page = open_voila(SMOKE)
    button = page.get_by_role("button", name="Play a card")
    label = page.locator(".widget-label")
    expect(button).to_be_visible()
    expect(label).to_have_text("not clicked")
    screenshot("before")

    button.click()
    expect(label).to_have_text("clicked 1 time(s)")
    button.click()
    expect(label).to_have_text("clicked 2 time(s)")
    screenshot("after")
