"""The sentences of notebook 10 (perfect information) hold.

Every number or comparison its prose states is recomputed here from the engine,
the solver and the stored surveys in data/ (tests/test_binder.py re-executes
the notebook and checks its stored outputs; this file checks the prose).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from hearts_lab import Hand, Rules
from hearts_lab.bots import HeuristicBot
from hearts_lab.solve import best_moves, reference_solve
from hearts_lab.stats import rate_difference, wilson_interval

REPO = Path(__file__).resolve().parent.parent
NOTEBOOK = REPO / "notebooks" / "10_perfect_information.ipynb"


def _cells() -> list[dict]:
    return json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]


def _prose() -> str:
    text = "\n".join("".join(c["source"]) for c in _cells() if c["cell_type"] == "markdown")
    return re.sub(r"\s+", " ", text)


def _output(marker: str) -> str:
    """The stored output of the code cell whose source contains ``marker``."""
    cell = next(c for c in _cells() if c["cell_type"] == "code" and marker in "".join(c["source"]))
    return "".join("".join(o.get("text", "")) for o in cell["outputs"])


def _survey(players: int) -> dict:
    return json.loads((REPO / "data" / f"forced_moon_standard_{players}.json").read_text(encoding="utf-8"))


def _percent(x: float) -> str:
    return f"{x:.3%}"


@pytest.fixture(scope="module")
def endgame() -> Hand:
    """Section 2's position: seed 66, hand 3, the bots play until two tricks are left."""
    hand = Hand.deal(Rules.preset("standard", players=4), seed=66, hand_number=3)
    bots = [HeuristicBot(seed=f"66/{seat}") for seat in range(4)]
    while len(hand.cards(hand.to_play)) > 2:
        hand.play(bots[hand.to_play].choose_play(hand.view(hand.to_play)))
    return hand


def test_section_2_values_and_the_reasons_given(endgame):
    prose = _prose()
    assert "The 10♦ is worth **2**" in prose and "the 9♠ is worth **4**" in prose
    naive = dict(reference_solve(endgame).moves)
    assert {str(card): value for card, value in naive.items()} == {"10♦": 2, "9♠": 4}
    assert {str(m.card): m.points for m in best_moves(endgame).moves} == {"10♦": 2, "9♠": 4}
    # "seat 1 (out of spades)", "seat 3 (out of spades too)", "seat 3 must follow with the Q♦"
    suits = {seat: {card.suit for card in endgame.cards(seat)} for seat in range(4)}
    assert "S" not in suits[1] and "S" not in suits[3]
    assert [str(c) for c in endgame.cards(3) if c.suit == "D"] == ["Q♦"]
    # "the 2 points it already has; it takes no more"
    assert endgame.points()[0] == 2 and endgame.to_play == 0


def test_unsettled_deals_and_the_interval_they_could_move():
    survey = _survey(4)
    prose = _prose()
    words = {1: "One", 2: "Two", 3: "Three"}
    assert f"{words[survey['unknown_deals']]} of the {survey['deals']:,} deals were not settled" in prose
    assert f"budget of {survey['max_nodes_per_seat']:,} positions per seat" in prose
    low, high = wilson_interval(survey["forced_deals"], survey["deals"])
    with_unknown = wilson_interval(survey["forced_deals"] + survey["unknown_deals"], survey["deals"])[1]
    assert survey["rate_bounds_with_unknown"][1] == pytest.approx(with_unknown)
    assert f"from {_percent(high)} to {_percent(with_unknown)}" in prose
    # The summary gives the same interval as the body, the unsettled deals included (rev-c #4).
    assert (f"Forced moons are rare ({survey['forced_deals']} deals in {survey['deals']:,} here, 95% interval "
            f"{_percent(low)} to {_percent(high)} of deals; {_percent(with_unknown)} is its upper end with the "
            f"{survey['unknown_deals']} unsettled deals counted as forced)") in prose


def _table_rows() -> dict[str, tuple[int, int, float]]:
    """The printed table of section 5: label -> (moons, deals, lower end of the interval)."""
    rows = {}
    for line in _output("random_play = simulate").splitlines():
        m = re.match(r"\s*(random play|heuristic bots|perfect information \(forced\))\s+([\d,]+)\s+([\d,]+)\s+\S+\s+([\d.]+)% to", line)
        if m:
            rows[m[1]] = (int(m[2].replace(",", "")), int(m[3].replace(",", "")), float(m[4]) / 100)
    assert set(rows) == {"random play", "heuristic bots", "perfect information (forced)"}
    return rows


def test_both_differences_exclude_zero_as_the_prose_says():
    assert "both differences exclude zero" in _prose()
    survey = _survey(4)
    for label, (k, n, _) in _table_rows().items():
        if label.startswith("perfect"):
            assert (k, n) == (survey["forced_deals"], survey["deals"])
            continue
        assert rate_difference(k, n, survey["forced_deals"], survey["deals"]).excludes_zero()


def test_at_most_about_five_percent_of_moons_can_come_from_forced_deals():
    """A ratio of two rates with the interval of the ratio, not two interval ends treated as hard bounds."""
    from hearts_lab.simulate import simulate
    from hearts_lab.stats import rate_ratio

    prose = _prose()
    survey = _survey(4)
    random_play = simulate(Rules.preset("standard", players=4, pass_count=0), 20_000, seed=10, bots="random")
    share = rate_ratio(survey["forced_deals"] + survey["unknown_deals"], survey["deals"],
                       random_play.moon_count, random_play.hands)
    assert f"{share.ratio:.3f}" == "0.020" and f"{share.high:.3f}" == "0.047"
    assert "that ratio is 0.020 (95% interval 0.006 to 0.047)" in prose and f"{share.low:.3f}" == "0.006"
    assert "(`simulate`, 20,000 hands, seed 10)" in prose and random_play.hands == 20_000
    assert f"95% interval {share.low:.3f} to {share.high:.3f}" in _output("share = rate_ratio(")
    assert "about 2% and plausibly no more than about 5%" in prose and round(share.ratio, 2) == 0.02 and round(share.high, 2) == 0.05
    assert "moons at most" not in prose  # an interval's end is not a hard bound
    for gone in ("at most 0.059% of all deals", "at least about 1% of the random hands", "under 6% of the moons"):
        assert gone not in prose


def test_claims_from_bots_say_these_simulations_and_the_measured_figures_are_measured():
    prose = _prose()
    assert "moons in real play" not in prose and "is what makes the moon common" not in prose
    assert "In these simulations the cards alone almost never forced a moon: the moons came from defences that could have stopped them, random or blind and uncoordinated." in prose
    assert "weak or blind defence, not the cards" not in prose and "made the moon common" not in prose and "could not see the cards" not in prose
    survey = _survey(4)
    assert survey["forced_deals"] == 3 and "Forced moons are rare (3 deals in 20,000 here, 95% interval 0.005% to 0.044% of deals;" in prose
    assert re.search(r"perfect information \(forced\) +3 +20,000 +0\.015% +0\.005% to 0\.044%\n", _output("print(format_table(rows))"))
    assert f"{survey['wall_seconds_median_per_deal_per_worker']:.2f}" == "0.03"
    assert "a median of 0.03 seconds of solving per deal" in prose and "usually takes a few hundred" not in prose
    stored = (REPO / "tests" / "solve_answers.jsonl").read_text(encoding="utf-8").splitlines()
    assert len([line for line in stored if line.strip()]) == 2_000
    assert "on 2,000 stored random small positions that cover every preset and rule option" in prose


def test_the_optional_section_and_the_time_are_marked():
    top = "".join(_cells()[0]["source"])
    assert "about 45\nminutes for 15–17-year-olds, 30 without the optional section 3" in top
    text = "\n".join("".join(c["source"]) for c in _cells() if c["cell_type"] == "markdown")
    assert "## 3 · Optional (harder): the solver\n\n*A class short of time can skip" in text


def test_the_overclaims_are_gone():
    prose = _prose()
    assert "Hidden information is what makes the moon possible" not in prose
    assert "with passing would be higher" not in prose
    assert "this table does not prove it" in prose


def test_five_player_comparison_is_read_from_its_interval():
    five, four = _survey(5), _survey(4)
    d = rate_difference(five["forced_deals"], five["deals"], four["forced_deals"], four["deals"])
    out = _output("k5, n5 = ")
    assert f"excludes zero: {d.excludes_zero()}" in out
    assert "read the interval before saying the two games differ" in _prose()
