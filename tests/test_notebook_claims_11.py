"""The sentences of notebook 11 (how computers play Hearts) hold.

Every number its prose states is recomputed here from the engine, the bots and
the solver, and found in the notebook's stored outputs (tests/test_binder.py
re-executes the notebook and checks the outputs; this file checks the prose).
"""
from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from hearts_lab import Card, Hand, Rules
from hearts_lab.bots import (
    CheatingBot,
    HeuristicBot,
    RandomBot,
    SamplingBot,
    distinct_worlds,
    fusion_example,
    fusion_table,
    knowledge,
    match,
    mean_interval,
    sample_worlds,
)
from hearts_lab.solve import best_moves

REPO = Path(__file__).resolve().parent.parent
NOTEBOOK = REPO / "notebooks" / "11_how_computers_play.ipynb"
RULES = Rules.preset("standard", players=4)


def _cells() -> list[dict]:
    return json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]


def _prose() -> str:
    text = "\n".join("".join(c["source"]) for c in _cells() if c["cell_type"] == "markdown")
    return re.sub(r"\s+", " ", text)


def _code() -> str:
    return "\n".join("".join(c["source"]) for c in _cells() if c["cell_type"] == "code")


def _outputs() -> str:
    return "\n".join("".join(o.get("text", "")) for c in _cells() if c["cell_type"] == "code" for o in c.get("outputs", []))


def _bot_hand(seed: int, hand_number: int, passing: bool) -> tuple[Hand, list[HeuristicBot]]:
    hand = Hand.deal(RULES, seed=seed, hand_number=hand_number)
    bots = [HeuristicBot(seed=f"{seed}/{seat}") for seat in range(4)]
    if passing:
        for seat in range(4):
            hand.pass_cards(seat, bots[seat].choose_pass(hand.view(seat)))
    return hand, bots


def test_section_1_the_interval_halves_as_the_deals_grow_fourfold():
    prose, outputs = _prose(), _outputs()
    widths = []
    for deals in (16, 64, 256):
        line = match([("random", "easy", "easy", "easy")], deals, seed=11).lines["random"]
        assert str(line.versus_baseline) in outputs
        widths.append(line.versus_baseline.half_width)
    assert f"from {widths[0]:.2f} to {widths[1]:.2f} to {widths[2]:.2f}" in prose
    for wide, narrow in zip(widths, widths[1:]):
        assert 0.4 < narrow / wide < 0.65  # "roughly halves"


def test_section_2_what_seat_0_knows_and_who_holds_the_queen():
    hand, bots = _bot_hand(23, 0, passing=True)
    while not (hand.to_play == 0 and len(hand.tricks) >= 4):
        hand.play(bots[hand.to_play].choose_play(hand.view(hand.to_play)))
    info = knowledge(hand.view(0))
    prose = _prose()
    # "Seat 0 passed three hearts to seat 1 ...; seat 3 failed to follow a spade lead"
    assert "passed three hearts to seat 1" in prose and len(info.pinned[1]) == 3 and all(c.suit == "H" for c in info.pinned[1])
    assert "S" in info.voids[3] and not info.voids[1] and not info.voids[2]
    qs = Card.parse("QS")
    worlds = sample_worlds(hand.view(0), 1000, rng=1)
    holders = Counter(next(s for s in range(4) if qs in w.cards(s)) for w in worlds)
    assert holders[3] == 0 and "Seat 3 never holds it" in prose
    assert holders[1] < holders[2] and "not equally" in prose  # seat 1 has fewer free places
    outputs = _outputs()
    for seat in (1, 2, 3):
        assert f"seat {seat} holds the Q♠ in {holders[seat]:>4} of 1000 worlds" in outputs
    free = [info.counts[s] - len(info.pinned[s]) for s in (1, 2)]
    assert free == [6, 9] and "it has 6 places free for the Q♠ against seat 2's 9: close to 40 % and 60 %" in prose
    from hearts_lab.stats import wilson_interval
    for seat, share in ((1, 0.4), (2, 0.6)):
        low, high = wilson_interval(holders[seat], 1000)
        assert low <= share <= high  # "inside the intervals above"


@pytest.fixture(scope="module")
def endgame() -> Hand:
    hand, bots = _bot_hand(21, 3, passing=False)
    while not (hand.to_play == 0 and len(hand.cards(0)) <= 4):
        hand.play(bots[hand.to_play].choose_play(hand.view(hand.to_play)))
    return hand


def test_section_3_double_dummy_one_world_and_many_worlds(endgame):
    prose = _prose()
    three, five, six = (Card.parse(c) for c in ("3H", "5H", "6H"))
    assert [str(c) for _, c in endgame.current_trick.plays] == ["4♥", "2♥", "A♠"]
    assert "Seat 1 led the 4♥, seat 2 played under it and seat 3, out of hearts, threw the A♠" in prose
    real = dict(best_moves(endgame).as_dict())
    assert real[three] == 0 and "In the real deal ducking costs nothing" in prose
    one = dict(best_moves(sample_worlds(endgame.view(0), 1, rng=6)[0]).as_dict())
    assert one[three] == 26 and "costs 26" in prose
    tables = [dict(best_moves(w).as_dict()) for w in sample_worlds(endgame.view(0), 40, rng=3)]
    duck = mean_interval([t[three] for t in tables])
    win = [mean_interval([t[c] for t in tables]) for c in (five, six)]
    assert all(w.mean == 3 and w.half_width == 0 for w in win)
    assert "costs 3.00 points in every world" in prose and f"averages {duck}" in prose
    assert any(t[three] == 26 for t in tables) and any(t[three] == 0 for t in tables)
    best = min(endgame.legal_moves(), key=lambda c: sum(t[c] for t in tables))
    assert best == five and "This sampler plays the 5♥ (the 6♥ is as good)" in prose


def _line_after_the_duck(world: Hand, kept: Card) -> tuple[int, bool]:
    """Seat 0's points and whether it won the last trick, when it ducks, throws away the other
    card on seat 3's 2♦ and keeps ``kept``; everyone else plays their only sensible card."""
    hand = world.copy()
    hand.play("3H")
    assert hand.to_play == 3 and set(hand.cards(3)) == {Card.parse("2D"), Card.parse("QS")}
    hand.play("2D")
    hand.play(next(c for c in hand.cards(0) if c != kept))
    assert hand.legal_moves() == (Card.parse("AD"),)  # seat 1's only diamond
    hand.play("AD")
    hand.play(min(hand.legal_moves(), key=lambda c: RULES.points_of(c)))  # seat 2 keeps its heart, if any, for the last trick
    assert hand.to_play == 1 and all(len(hand.cards(s)) == 1 for s in range(4))
    while hand.phase != "over":
        hand.play(hand.legal_moves()[0])  # one card each: the last trick plays itself
    last = hand.tricks[-1]
    return hand.points()[0], last.winner == 0 and Card.parse("QS") in last.cards


def test_section_4_the_hand_made_strategy_fusion_position():
    prose, outputs = _prose(), _outputs()
    hand = fusion_example()
    view = hand.view(0)
    assert hand.hand_number == 1 and RULES.pass_offset(1) == 3 and "hand 2 of a game (a pass to the right)" in prose
    assert len(hand.tricks) == 10 and len(hand.current_trick.plays) == 3 and "seat 0 plays last to trick 11" in prose
    assert set(view.passed() or ()) >= {Card.parse("2D"), Card.parse("QS")} and hand.pass_target(0) == 3
    info = knowledge(view)
    assert info.voids[1] == {"S"} and info.voids[2] == {"D"} and "seat 1 has shown a spade void and seat 2 a diamond void" in prose
    worlds = distinct_worlds(view)
    assert len(worlds) == 2 and "**two deals**" in prose
    for world in worlds:
        assert {str(c): v for c, v in best_moves(world).as_dict().items()} == {"3♥": 0, "A♥": 4}
    assert "In both deals the solver ducks with the 3♥ for 0 points, and winning with the A♥ takes the trick's 4 points" in prose
    assert Card.parse("4H") in worlds[0].cards(1) and Card.parse("3C") in worlds[1].cards(1)
    assert "the 4♥ in deal 1 and the 3♣ in deal 2" in prose
    # "Whichever card seat 0 kept wins that last trick in one of the deals, and seat 3 throws the Q♠ on it."
    keep_club = [_line_after_the_duck(w, Card.parse("5C")) for w in worlds]
    keep_ace = [_line_after_the_duck(w, Card.parse("AH")) for w in worlds]
    assert [won for _, won in keep_club] == [False, True] and [won for _, won in keep_ace] == [True, False]
    rows = {str(r.card): r for r in fusion_table(worlds)}
    duck, ace = rows["3♥"], rows["A♥"]
    assert (duck.double_dummy, duck.information_set, duck.per_world) == (0, 7, (0, 14))
    assert (ace.double_dummy, ace.information_set, ace.per_world) == (4, 4, (4, 4))
    assert [p for p, _ in keep_club] == list(duck.per_world)  # the best strategy is "throw away the A♥, keep the 5♣"
    assert sum(p for p, _ in keep_ace) > sum(duck.per_world)
    assert "its best (throw away the A♥, keep the 5♣) costs 0 in deal 1 and 14 in deal 2, 7 on average" in prose
    assert "The A♥ costs its 4 in both deals" in prose
    assert ace.information_set - duck.information_set == -3 and "3 points worse on average than the A♥" in prose
    assert duck.double_dummy - ace.double_dummy == -4 and "it is 4 points better" in prose
    assert "3♥: double dummy 0 points on average; one strategy for both deals 7 (deal 1: 0, deal 2: 14)" in outputs
    assert "the duck promises 0 points and costs 7 on average, where the A♥ costs 4" in prose
    assert "not measured here" in prose


def sampler(seed):
    return SamplingBot(seed=seed, worlds=4, pass_worlds=0)


def random_rollouts(seed):
    return SamplingBot(seed=seed, worlds=4, pass_worlds=0, model=lambda seed: RandomBot(seed=seed))


def cheat(seed):
    return CheatingBot(seed=seed, pass_worlds=0)


def test_sections_5_and_6_the_stored_race_is_what_the_prose_says():
    prose, outputs = _prose(), _outputs()
    found = dict(re.findall(r"(\w+): (-?\d+\.\d\d ± \d+\.\d\d) points per hand against easy", outputs))
    assert set(found) == {"sampler", "random_rollouts", "cheat"}
    assert f"−{found['sampler'].lstrip('-')} with the easy model, {found['random_rollouts']} with random rollouts" in prose
    for name in ("sampler", "random_rollouts"):
        mean, width = map(float, found[name].split(" ± "))
        assert mean - width < 0 < mean + width  # "both include 0"
    mean, width = map(float, found["cheat"].split(" ± "))
    assert mean + width < 0 and f"−{found['cheat'].lstrip('-')} is far from 0" in prose
    assert f"the cheat takes {found['cheat'].lstrip('-')} points per hand fewer than easy" in prose
    # Section 6: the cheat and the sampler differ only in what they see (rev-ws6 #1: the same pass).
    assert "All three pass as the easy bot does (`pass_worlds=0`)" in prose
    assert "return SamplingBot(seed=seed, worlds=4, pass_worlds=0)" in _code()
    assert "return CheatingBot(seed=seed, pass_worlds=0)" in _code()
    gap = re.search(r"cheat minus sampler: (-?\d+\.\d\d) ± (\d+\.\d\d) points per hand, paired on the same deals", outputs)
    assert gap is not None
    mean, width = map(float, gap.groups())
    assert f"cheat minus sampler on the same deals: −{gap[1].lstrip('-')} ± {gap[2]} points per hand" in prose
    assert mean - width < 0 < mean + width and "Its interval includes 0" in prose
    assert f"the sampler's own figure, ±{found['sampler'].split(' ± ')[1]}, is too uncertain" in prose
    assert f"shrinking ±{gap[2]} to ±1 needs about twelve times as many deals" in prose and 11 < float(gap[2]) ** 2 < 13


@pytest.mark.slow
def test_sections_5_and_6_the_race_recomputed():
    race = match([(bot, "easy", "easy", "easy") for bot in (sampler, random_rollouts, cheat)], 12, seed=5)
    outputs = _outputs()
    for name in ("sampler", "random_rollouts", "cheat"):
        line = race.lines[name]
        assert f"{name:>15}: {line.versus_baseline} points per hand against easy in its seat ({line.seat_hands} seat-hands)" in outputs
    assert f"cheat minus sampler: {race.difference('cheat', 'sampler')} points per hand, paired on the same deals" in outputs
