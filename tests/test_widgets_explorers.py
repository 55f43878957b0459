"""Headless tests of the deck and simulation explorers: set controls, read what they show."""

from __future__ import annotations

from math import factorial

import pytest

from hearts_lab import Rules
from hearts_lab.combinatorics import deal_count
from hearts_lab.rules import PRESET_PLAYERS
from hearts_lab.simulate import simulate
from hearts_lab.stats import wilson_interval
from hearts_lab.widgets.explorers import EVENTS, DeckExplorer, SimulationExplorer, plot_running, running_estimate


def test_deck_explorer_starts_on_four_player_standard():
    e = DeckExplorer()
    assert e.rules == Rules.preset("standard", players=4)
    assert e.facts["cards in the deck"] == 52 and e.facts["cards each"] == 13 and e.facts["kitty"] == 0
    assert e.facts["distinct deals"] == factorial(52) // factorial(13) ** 4
    assert "52!/(13!)^4" in e.view.value and "nothing" in e.view.value


@pytest.mark.parametrize("preset", list(PRESET_PLAYERS))
def test_every_preset_and_player_count_matches_the_rules(preset):
    e = DeckExplorer()
    e.preset.value = preset
    for n in PRESET_PLAYERS[preset]:
        e.players.value = n
        rules = Rules.preset(preset, players=n)
        assert e.error.message == ""
        assert e.rules == rules
        assert e.facts["cards in the deck"] == len(rules.deck())
        assert e.facts["cards each"] == rules.hand_size and e.facts["kitty"] == rules.kitty_size
        assert e.facts["removed"] == tuple(rules.removed)
        assert sum(e.facts["suit lengths"].values()) == len(rules.deck())
        assert e.facts["distinct deals"] == deal_count(rules).value
        assert rules.summary() in e.view.value.replace("&#x27;", "'")


def test_removed_cards_are_struck_through():
    e = DeckExplorer("lowest-clubs", 6)
    gone = e.view.value.count("class='hl-gone'")
    assert gone == 4 and "4♣" in e.view.value and "6♣" in e.view.value


def test_cancellation_shows_the_kitty_and_two_packs():
    e = DeckExplorer("cancellation", 7)
    assert e.facts["kitty"] == 6 and e.facts["cards each"] == 14 and e.facts["packs"] == 2
    assert "two packs" in e.view.value and "kitty" in e.view.value


def test_refused_player_count_shows_the_engine_message_and_keeps_the_deck():
    e = DeckExplorer("lowest-clubs", 5)
    before = (e.rules, e.view.value)
    e.players.value = 7
    assert e.error.message.startswith("players: the 'lowest-clubs' preset is for 2 to 6 players, not 7.")
    assert "still the last one allowed (5 players)" in e.error.message
    assert (e.rules, e.view.value) == before
    e.players.value = 6
    assert e.error.message == "" and e.rules.players == 6


def test_changing_preset_moves_to_an_allowed_table():
    e = DeckExplorer("standard", 3)
    e.preset.value = "cancellation"
    assert e.rules.players == 6 and e.error.message == ""
    e.preset.value = "lowest-clubs"            # 6 players is allowed there too: it stays
    assert e.rules.players == 6 and e.facts["cards each"] == 8
    e.preset.value = "cancellation"
    e.players.value = 11
    e.preset.value = "lowest-clubs"
    assert e.rules.players == 2 and e.facts["cards each"] == 26


def test_running_estimate_accumulates_independent_batches():
    rules = Rules.preset("standard", players=4)
    points = running_estimate(rules, 3000, event="seat 0 takes no points", seed=2, steps=3, first=500)
    assert [p.hands for p in points] == [500, 1225, 3000]
    sizes = [500, 725, 1775]
    hits = sum(EVENTS["seat 0 takes no points"](simulate(rules, n, seed=2000 + k)) for k, n in enumerate(sizes))
    assert points[-1].hits == hits
    assert (points[-1].low, points[-1].high) == wilson_interval(hits, 3000)
    assert points[0].half_width > points[-1].half_width


def test_running_estimate_refuses_bad_arguments():
    rules = Rules.preset("standard", players=4)
    with pytest.raises(ValueError, match="event"):
        running_estimate(rules, 100, event="rain")
    with pytest.raises(ValueError, match="hands"):
        running_estimate(rules, 0)
    with pytest.raises(ValueError, match="seed"):
        running_estimate(rules, 10, seed=-1)


def test_plot_running_draws_band_and_line():
    import matplotlib

    matplotlib.use("Agg")
    points = running_estimate(Rules.preset("standard", players=4), 1000, event="seat 0 takes the Q♠", steps=3)
    ax = plot_running(points, title="t")
    assert ax.get_xscale() == "log" and len(ax.lines) >= 2 and ax.collections


def test_simulation_explorer_runs_moves_the_bar_and_reports():
    s = SimulationExplorer(hands=2_000, steps=4)
    s.event.value = "seat 0 takes the Q♠"
    s.run()
    assert s.progress.value == s.progress.max == 2_000
    assert [p.hands for p in s.points][-1] == 2_000
    last = s.points[-1]
    assert f"{last.hits:,} of 2,000 hands" in s.status.value
    assert "four times as many hands: about 8,000." in s.status.value  # 4 × 2,000, the 1/√n rule
    assert s.plot_area.value[:4] == b"\x89PNG"
    assert s.error.message == ""


def test_simulation_explorer_shows_engine_errors_and_runs_nothing():
    s = SimulationExplorer(hands=2_000, steps=2)
    s.preset.value = "cancellation"
    assert s.players.value == 6
    s.players.value = 12
    s.run()
    assert s.error.message == "players: the 'cancellation' preset is for 6 to 11 players, not 12."
    assert s.points == []


def test_the_run_button_runs():
    s = SimulationExplorer(hands=2_000, steps=2)
    s.run_button.click()
    assert s.points and s.points[-1].hands == 2_000
