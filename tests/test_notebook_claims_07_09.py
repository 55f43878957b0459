"""The sentences of notebooks 07–09 hold: every number quoted in the prose is recomputed here.

The stored outputs are checked by tests/test_binder.py (re-execution); this
file checks what the *prose* says against the engine and the combinatorics,
and that every "your turn" cell runs unanswered and accepts the right formula.
"""

from __future__ import annotations

import json
import math
import re
from fractions import Fraction
from math import comb, factorial
from pathlib import Path

import pytest
import sympy

from hearts_lab import Rules
from hearts_lab.combinatorics import (
    both_queens,
    by_enumeration,
    compare_strips,
    deal_count,
    deal_sample,
    deal_table,
    enumerate_deals,
    estimate,
    expected_kitty_points,
    expected_pairs,
    hand_count,
    hearts_distribution,
    moon_deal_possible,
    no_hearts,
    p_both_queens,
    p_dealt_moon,
    p_kitty_points,
    p_no_hearts,
    p_pair,
    p_queen_with_hearts,
    p_void,
    pair,
    physical_deal_count,
    small_deck_rules,
    strip_choices,
    strip_report,
)
from hearts_lab.rules import PRESET_PLAYERS
from hearts_lab.stats import hands_needed, rate_difference, z_for
from hearts_lab.teach import reveal

REPO = Path(__file__).resolve().parent.parent
NB = REPO / "notebooks"


def cells(name: str) -> list[dict]:
    return json.loads((NB / name).read_text(encoding="utf-8"))["cells"]


def markdown(name: str) -> str:
    return "\n".join("".join(c["source"]) for c in cells(name) if c["cell_type"] == "markdown")


def prose(name: str) -> str:
    """Markdown with line breaks folded, so a phrase split over two lines is found."""
    return re.sub(r"\s+", " ", markdown(name))


def output_text(cell: dict) -> str:
    out = []
    for o in cell.get("outputs", []):
        if o["output_type"] == "stream":
            out.append("".join(o["text"]))
        elif "data" in o and "text/plain" in o["data"]:
            out.append("".join(o["data"]["text/plain"]))
    return "\n".join(out)


def all_output(name: str) -> str:
    return "\n".join(output_text(c) for c in cells(name) if c["cell_type"] == "code")


NB07, NB08, NB09 = "07_counting_deals.ipynb", "08_exact_odds.ipynb", "09_moon_odds.ipynb"
ALL = (NB07, NB08, NB09)


# -- shared: your-turn cells, closing sections, rule citations -------------------------------


@pytest.mark.parametrize("name", ALL)
def test_your_turn_cells_run_unanswered(name):
    """Each 'my_… = None' cell is followed by a check that says 'not answered yet' in the stored notebook."""
    cs = cells(name)
    starts = [i for i, c in enumerate(cs) if c["cell_type"] == "code" and re.search(r"^my_\w+ = None", "".join(c["source"]), re.M)]
    assert starts, f"{name} has no your-turn cell"
    for i in starts:
        follow = next(c for c in cs[i + 1:] if c["cell_type"] == "code")
        assert "Not answered yet" in output_text(follow), f"{name}: the cell after {''.join(cs[i]['source'])!r}"
    for c in cs:
        if c["cell_type"] == "code":
            assert not any(o["output_type"] == "error" for o in c.get("outputs", []))


@pytest.mark.parametrize("name", ALL)
def test_each_lesson_ends_with_what_you_learned_and_a_worksheet(name):
    cs = cells(name)
    last = "".join(cs[-1]["source"])
    assert cs[-1]["cell_type"] == "markdown" and last.startswith("## What you learned")
    bullets = [line for line in last.splitlines() if line.startswith("- ")]
    assert 3 <= len(bullets) <= 5
    links = re.findall(r"\]\((\.\./exercises/student/[^)]+)\)", last)
    assert links and all((NB / link).resolve().exists() for link in links)


@pytest.mark.parametrize("name", ALL)
def test_cited_rule_sections_exist(name):
    rules_doc = (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
    cited = re.findall(r"docs/rules\.md §(\d+)\.(\d+)", markdown(name))
    assert "RULES.md" not in markdown(name).replace("docs/rules.md", "")
    for major, minor in cited:
        assert re.search(rf"\*\*{major}\.{minor} ", rules_doc), f"§{major}.{minor} is not in docs/rules.md"


# -- notebook 07 ---------------------------------------------------------------------------


def test_07_strip_choices_and_who_keeps_the_two_of_clubs():
    text = prose(NB07)
    assert "52 − 13 − 1 = 38" in text
    assert strip_choices(Rules.preset("standard", players=7)).value == comb(38, 3)
    two_clubs = Rules.preset("standard", players=4).opening_card
    keeps = [n for n in PRESET_PLAYERS["standard"] if two_clubs in Rules.preset("standard", players=n).deck()]
    assert keeps == [3, 4, 6, 7]
    assert "keeps the 2♣ for 3, 4, 6 and 7 players but removes it with 5 players (the 3♣ then opens)" in text
    assert Rules.preset("standard", players=5).opening_card.rank == 3
    removes = [n for n in PRESET_PLAYERS["lowest-clubs"] if two_clubs not in Rules.preset("lowest-clubs", players=n).deck()]
    assert removes == [5, 6] and "removes it with 5 and 6 players" in text


def test_07_the_two_rulebooks_agree_for_3_and_4_only():
    same = {row[0]: row[-1] for row in compare_strips().rows}
    assert same == {3: True, 4: True, 5: False, 6: False}
    assert "agree for 3 and 4 players and differ for 5 and 6" in prose(NB07)
    std, low = Rules.preset("standard", players=6), Rules.preset("lowest-clubs", players=6)
    assert sum(c.suit == "C" for c in std.deck()) == sum(c.suit == "D" for c in std.deck()) == 11
    assert sum(c.suit == "C" for c in low.deck()) == 9 and str(low.opening_card) == "6♣"
    assert "(11 clubs and 11 diamonds with six players)" in prose(NB07) and "9-card club suit, opened by the 6♣" in prose(NB07)


def test_07_the_club_void_is_for_a_named_seat():
    text = prose(NB07)
    assert "one player is dealt no club" not in text
    assert "**seat 0** (a seat named in advance)" in text
    out = all_output(NB07)
    lowest = p_void(Rules.preset("lowest-clubs", players=6), "clubs")
    assert str(lowest) in out  # the standard deck's chance is the your-turn answer: behind worked_answer
    assert lowest > p_void(Rules.preset("standard", players=6), "clubs")
    assert "the lowest-clubs deck, with only 9 clubs, makes a club void more likely" in prose(NB07)
    assert p_void(Rules.preset("standard", players=6), "clubs").value == sympy.Rational(comb(37, 8), comb(48, 8))


def test_07_small_deck_and_burnside_numbers():
    tiny2 = small_deck_rules("A♥ A♥ K♥ K♥", players=2)
    from collections import Counter

    seen = Counter(d.hands for d in enumerate_deals(tiny2))
    assert sorted(seen.values()) == [1, 1, 4] and deal_count(tiny2).value == 3
    assert "happens 4 times in 6" in prose(NB07) and "(6 + 2 \\cdot 2 + 2)/4 = 3" in markdown(NB07)


def test_07_two_pack_ratio_sentences():
    six = Rules.preset("cancellation", players=6)
    assert f"{2**52:.1e}".startswith("4.5e+15") and "2^{52} \\approx 4.5 \\times 10^{15}" in markdown(NB07)
    pairs = float(expected_pairs(six).value)
    assert round(pairs, 1) == 1.3 and round(6 * pairs) == 8
    assert "about 1.3 pairs on average, so a deal has about 8 pairs inside hands" in prose(NB07)
    ratio = physical_deal_count(six).value / deal_count(six).value
    assert f"about 2^{float(sympy.log(ratio, 2)):.1f}" in all_output(NB07)


def test_07_digits_of_the_deal_counts():
    table = deal_table()
    logs = {row[0]: [] for row in table.rows}
    for row in table.rows:
        logs[row[0]].append(math.log10(int(row[5].value)))
    one_pack = logs["standard"] + logs["lowest-clubs"]
    assert (round(min(logs["cancellation"])), round(max(logs["cancellation"]))) == (66, 89)
    assert (round(min(one_pack)), round(max(one_pack))) == (15, 37)
    assert "about $10^{66}$ to $10^{89}$ deals, against $10^{15}$ to $10^{37}$ with one pack" in prose(NB07)
    for name in logs:
        assert logs[name] == sorted(logs[name]), "the count keeps growing with the players"


def test_07_your_turn_answers_are_accepted():
    four, six = Rules.preset("standard", players=4), Rules.preset("cancellation", players=6)
    house = Rules.preset("standard", players=4, removed=("2C", "2D", "2H", "2S", "3C", "3D", "3H", "3S"))
    assert house.hand_size == 11
    answers = [
        (comb(38, 3), strip_choices(Rules.preset("standard", players=7))),
        (comb(37, 4), strip_choices(Rules.preset("standard", players=6), keep_opening_club=True)),
        (Fraction(comb(37, 8), comb(48, 8)), p_void(Rules.preset("standard", players=6), "clubs")),
        (comb(52, 13) * comb(39, 13) * comb(26, 13), deal_count(four)),
        (factorial(52) // factorial(13) ** 4, deal_count(four)),
        (comb(52, 13), hand_count(four)),
        (factorial(104) // (factorial(17) ** 6 * factorial(2)), physical_deal_count(six)),
        (sum(comb(52, d) * comb(52 - d, 17 - 2 * d) for d in range(9)), hand_count(six)),
    ]
    for mine, library in answers:
        assert reveal(mine, library).status == "right", library
    ratio = deal_count(four).value / deal_count(house).value
    assert reveal(Fraction(math.prod(range(45, 53)), (13 * 12) ** 4), ratio, what="ratio").status == "right"
    assert ratio > 1  # fewer deals with 11 cards each


# -- notebook 08 ---------------------------------------------------------------------------

FOUR = Rules.preset("standard", players=4)
SEVEN = Rules.preset("cancellation", players=7)


def test_08_no_hearts_and_void_sentences():
    text = prose(NB08)
    p = float(p_no_hearts(FOUR))
    assert f"{p:.1%}" == "1.3%" and round(1 / p) == 78 and "About 1.3%: roughly one hand in 78." in text
    assert f"{p:.2%}" == "1.28%" and "$4 \\times 1.28\\%$" in text
    v = p_void(FOUR)
    assert round(float(v) * 100) == 5 and round(1 / float(v)) == 20 and "About 5%, one hand in 20" in text
    assert v.value == p_no_hearts(FOUR, some_seat=True).value  # "exactly the chance that some seat has no hearts"
    assert float(v) < 4 * p  # "four times the no-hearts chance, minus a little"
    assert "4 single seats, 6 pairs of seats and 4 triples" in text


def test_08_a_void_is_likelier_with_fewer_cards():
    for name in ("standard", "lowest-clubs"):
        by_size = sorted((Rules.preset(name, players=n) for n in PRESET_PLAYERS[name]), key=lambda r: r.hand_size)
        values = [float(p_void(r)) for r in by_size]
        assert values == sorted(values, reverse=True)


def test_08_queen_curves_and_hypergeometric_spread():
    eight = Rules.preset("cancellation", players=8)
    assert p_queen_with_hearts(FOUR, 0).value == sympy.Rational(1, 4)
    start = 1 - Fraction(91 * 90, 104 * 103)
    assert p_queen_with_hearts(eight, 0).value == sympy.Rational(start.numerator, start.denominator)
    assert f"{float(start):.1%}" == "23.5%"
    higher = [k for k in range(9) if p_queen_with_hearts(eight, k).value > p_queen_with_hearts(FOUR, k).value]
    assert higher[0] == 5 and "crosses the one-pack curve at $k = 5$" in prose(NB08)

    def variance(rules):
        dist = hearts_distribution(rules)
        mean = sum(i * d.value for i, d in enumerate(dist))
        return sum((i - mean) ** 2 * d.value for i, d in enumerate(dist))

    assert variance(eight) > variance(FOUR)


def test_08_dealt_moon_sentences():
    possible = {name: [n for n in counts if moon_deal_possible(Rules.preset(name, players=n))] for name, counts in PRESET_PLAYERS.items()}
    assert possible == {"standard": [3], "lowest-clubs": [2, 3], "cancellation": []}
    three = Rules.preset("standard", players=3)
    one, some = p_dealt_moon(three).value, p_dealt_moon(three, some_seat=True).value
    assert some == 3 * one
    assert round(1 / float(some) / 1e6) == 634 and round(1 / float(one) / 1e9, 1) == 1.9
    text = prose(NB08)
    assert "two billion" not in text
    assert "about one deal in 634 million; one named seat, about one hand in 1.9 billion" in text
    assert 1 - (1 - float(some)) ** 20_000 < 1e-4  # "we would almost surely see zero"
    small = small_deck_rules("2♥ 3♥ Q♠ 2♣ 3♣ 4♦ 5♦ 6♦", players=2)
    assert p_dealt_moon(small).value == sympy.Rational(5, 70) and comb(8, 4) == 70


def test_08_kitty_and_pair_sentences():
    assert f"{float(p_kitty_points(SEVEN)):.0%}" == "86%" and "about 86% of the time" in prose(NB08)
    for n in PRESET_PLAYERS["cancellation"]:
        r = Rules.preset("cancellation", players=n)
        assert expected_kitty_points(r).value == sympy.Rational(r.kitty_size, 2)
    assert float(p_pair(Rules.preset("cancellation", players=6))) > 0.5
    assert p_both_queens(SEVEN, some_seat=True).value == 7 * p_both_queens(SEVEN).value
    nh13 = float(p_no_hearts(Rules.preset("cancellation", players=8)))
    assert f"{nh13:.1%}" == "1.8%" and "(1.8% against 1.3% for 13 cards)" in prose(NB08)


def test_08_the_old_every_seeded_run_claim_is_gone_and_the_naive_answers_pass():
    text = prose(NB08)
    assert "would miss by far more" not in text
    sample4 = deal_sample(FOUR, 20_000, seed=8)
    some = estimate(no_hearts(seat=None), FOUR, deals=sample4)
    naive_some = 4 * p_no_hearts(FOUR).fraction
    assert (round(some.low, 4), round(some.high, 4)) == (0.0497, 0.0559)
    assert some.contains(naive_some) and round(float(naive_some), 5) == 0.05116
    queens = estimate(both_queens(), SEVEN, deals=20_000, seed=8)
    assert queens.contains(Fraction(14 * 13, 104 * 104))


def test_08_standard_errors_and_deals_needed():
    text = prose(NB08)
    n = 20_000
    rows = [
        (p_no_hearts(FOUR, some_seat=True), 4 * p_no_hearts(FOUR).fraction),
        (p_both_queens(SEVEN), Fraction(14 * 13, 104 * 104)),
    ]
    ratios = []
    for exact, wrong in rows:
        p = float(exact)
        gap = abs(float(wrong) - p)
        ratios.append(round(gap / math.sqrt(p * (1 - p) / n), 2))
        assert f"{hands_needed(p, gap):,}" in all_output(NB08)
    assert ratios == [0.06, 0.18] and "(0.06 and 0.18 of one)" in text
    assert round((1 / 3) / math.sqrt((1 / 3) * (2 / 3) / n)) == 100 and "about 100 standard errors" in text
    z = z_for(0.95)
    assert round(((z + 0.8416) / z) ** 2, 1) == 2.0  # 80 % power: "about twice as many deals again"
    assert "about twice as many deals again" in text


def test_08_your_turn_answers_are_accepted_and_slips_nudged():
    one_seat = Fraction(comb(39, 13), comb(52, 13))
    some = sum((-1) ** (t + 1) * comb(4, t) * Fraction(comb(39, 13 * t), comb(52, 13 * t)) for t in (1, 2, 3))
    answers = [
        (one_seat, p_no_hearts(FOUR)),
        (some, p_no_hearts(FOUR, some_seat=True)),
        (Fraction(4 * comb(39, 13) - 6 * comb(26, 13) + 4 * comb(13, 13), comb(52, 13)), p_void(FOUR)),
        (Fraction(sum(comb(13, i) * comb(38, 12 - i) for i in range(3, 13)), comb(52, 13)), p_queen_with_hearts(FOUR, 3)),
        (Fraction(comb(36, 11), comb(50, 25)), p_dealt_moon(Rules.preset("lowest-clubs", players=2, removed=("2C", "2D")))),
        (1 - Fraction(comb(76, 6), comb(104, 6)), p_kitty_points(SEVEN)),
        (Fraction(comb(102, 12), comb(104, 14)), p_both_queens(SEVEN)),
        (Fraction(14 * 13, 104 * 103), p_both_queens(SEVEN)),
    ]
    for mine, library in answers:
        assert reveal(mine, library).status == "right", library
    slip = reveal(4 * one_seat, p_no_hearts(FOUR, some_seat=True),
                  hints={4 * one_seat: "that adds the chance for each seat, so a deal where two seats have no hearts is counted twice."})
    assert slip.status == "wrong" and "counted twice" in slip.message


# -- notebook 09 ---------------------------------------------------------------------------


def _random_results():
    from hearts_lab.simulate import simulate

    rule_sets = [(name, n) for name, counts in PRESET_PLAYERS.items() for n in counts]
    return {(name, n): simulate(Rules.preset(name, players=n), 20_000, seed=2026 + k) for k, (name, n) in enumerate(rule_sets)}


@pytest.fixture(scope="module")
def random_results():
    return _random_results()


def test_09_independent_seeds_and_the_one_pack_and_two_pack_sentences(random_results):
    source = "\n".join("".join(c["source"]) for c in cells(NB09) if c["cell_type"] == "code")
    assert "seed=2026 + k" in source and "simulate_presets(" not in source
    text = prose(NB09)
    assert f"{random_results[('standard', 4)].moon_rate:.1%}" == "1.1%" and '"standard, 4 players: 1.1% of these' in text
    one = [r for key, r in random_results.items() if key[0] != "cancellation"]
    three_to_seven = [r.moon_rate for key, r in random_results.items() if key[0] != "cancellation" and key[1] >= 3]
    assert 0.01 <= min(three_to_seven) and max(three_to_seven) < 0.02
    assert 0.025 < random_results[("lowest-clubs", 2)].moon_rate < 0.03
    assert "one to two hands in a hundred with 3 to 7 players, and nearly three in a hundred with two" in text
    two = [r for key, r in random_results.items() if key[0] == "cancellation"]
    moons, hands = sum(r.moon_count for r in two), sum(r.hands for r in two)
    assert (moons, hands) == (4, 120_000) and round(hands / moons, -3) == 30_000
    assert sum(r.moon_count == 0 for r in two) == 3 and max(r.moon_count for r in two) == 2
    assert "4 moons in 120,000 hands over all six table sizes together (20,000 each), about one hand in 30,000" in text
    assert "Three table sizes show no moon" in text
    # the pooled figure carries its exact interval, and "rarer" is a ratio with its interval (issue 17)
    from hearts_lab.stats import clopper_pearson, rate_ratio

    low, high = clopper_pearson(moons, hands)
    assert round(1 / high, -3) == 12_000 and round(1 / low, -4) == 110_000
    assert "from about one hand in 12,000 to one in 110,000" in text
    rarest = min(one, key=lambda r: r.moon_rate)
    assert (rarest.rules.name, rarest.players) == ("lowest-clubs", 4)
    ratio = rate_ratio(rarest.moon_count, rarest.hands, moons, hands)
    assert round(ratio.low, -1) == 120 and round(ratio.high, -2) == 1_100 and round(ratio.ratio, -2) == 300
    assert "between about 120 and 1,100 times as many moons" in text and "the estimate itself is about 300" in text
    assert "between about 120 and 1,100 times, section 3" in text
    assert "hundreds of times rarer" not in text and "a very long shot" not in text
    unclaimed = [r.unclaimed_hands / r.hands for r in two]
    assert f"{min(unclaimed):.1%}" == "0.6%" and f"{max(unclaimed):.1%}" == "1.0%"
    assert "points went unclaimed in 0.6% to 1.0% of the hands at each table size" in text
    assert all(r.kitty_unclaimed == 0 for r in two)
    assert "in these 120,000 hands the kitty never went to nobody" in text


def test_09_the_old_false_sentences_are_gone():
    text = prose(NB09)
    assert "do not overlap, the difference is real" not in text.replace('"they do not overlap, so the difference is real', "")
    assert "tenfold" not in text and "RULES.md" not in markdown(NB09).replace("docs/rules.md", "")
    assert "$\\sqrt{50} \\approx 7$" in markdown(NB09) and round(math.sqrt(50)) == 7
    assert "one in ten thousand" not in text


def test_09_interval_sentences():
    text = prose(NB09)
    from hearts_lab.stats import wilson_interval

    low1, high1 = wilson_interval(1, 20_000)
    assert f"{low1:.3%}" == "0.001%" and f"{high1:.3%}" == "0.028%" and round(high1 / low1, -1) == 30
    assert "from about 0.001% to 0.028%, a factor of about 30" in text
    assert f"{wilson_interval(0, 20_000)[1]:.3%}" == "0.019%" and "the upper end (0.019%)" in text
    assert round(math.sqrt(100_000 / 1_000)) == 10 and "about a tenth as wide" in text
    d = rate_difference(110, 10_000, 80, 10_000)
    a, b = wilson_interval(110, 10_000), wilson_interval(80, 10_000)
    assert a[0] < b[1] and d.excludes_zero()


def test_09_comparisons_exclude_zero_as_the_prose_says(random_results):
    from hearts_lab.simulate import simulate

    standard4 = Rules.preset("standard", players=4)
    random4 = random_results[("standard", 4)]
    heuristic = simulate(standard4, 300, bots="heuristic", seed=9)
    lowest = simulate(standard4, 20_000, bots="lowest", seed=10)
    pairs = [
        (heuristic, random4, +1),
        (lowest, random4, -1),
        (random_results[("standard", 7)], random4, +1),
        (random_results[("lowest-clubs", 2)], random_results[("lowest-clubs", 4)], +1),
    ]
    for a, b, sign in pairs:
        d = rate_difference(a.moon_count, a.hands, b.moon_count, b.hands)
        assert d.excludes_zero() and (d.low > 0) == (sign > 0)
    d = rate_difference(heuristic.moon_count, heuristic.hands, random4.moon_count, random4.hands)
    assert round(d.low * 100) == 1 and round(d.high * 100) == 6
    assert "between about one and six percentage points" in prose(NB09)
    assert heuristic.moon_rate / random4.moon_rate < 4  # so "not four times as often" is the right warning


def test_09_games_sentences():
    from hearts_lab.simulate import simulate_games

    games = simulate_games(Rules.preset("standard", players=4), 2_000, seed=5)
    winners = sorted(s for s, c in games.winning_scores.items() for _ in range(c))
    q1, median, q3 = winners[len(winners) // 4], winners[len(winners) // 2], winners[3 * len(winners) // 4]
    assert (min(games.lengths), max(games.lengths)) == (6, 18) and 11 < games.mean_length < 12
    assert (median, q1, q3) == (49, 36, 62) and games.shared == 44
    assert "a median of 49 points, and half of all winners between 36 and 62" in prose(NB09)
    assert "(44 of 2,000)" in prose(NB09)


def test_09_running_estimate_sentence():
    out = all_output(NB09)
    assert "78 times the hands: 7.2 times narrower (√78 ≈ 8.9)" in out
    assert "From 2,549 to 200,000 hands — 78 times as many — it narrows 7.2 times" in prose(NB09)
    assert "after 2,549 hands: 0.67%" in out and "(0.67%)" in prose(NB09)


def test_09_the_house_rule_comparison_uses_two_seeds_and_the_difference():
    source = "\n".join("".join(c["source"]) for c in cells(NB09) if c["cell_type"] == "code")
    assert "simulate(house, hands, seed=11)" in source and "simulate(base, hands, seed=12)" in source
    assert "rate_difference(result_house.moon_count" in source
    p = 0.0101
    assert 2 * hands_needed(p, 0.001) == 2 * math.ceil(z_for(0.95) ** 2 * p * (1 - p) / 0.001**2)


def test_09_student_loop_matches_the_fast_simulator():
    """The loop the notebook asks for, written out: it agrees with the reference within chance."""
    from hearts_lab import Hand
    from hearts_lab.bots import RandomBot, play_hand
    from hearts_lab.simulate import simulate
    from hearts_lab.teach import compare_rates

    rules = Rules.preset("standard", players=4)
    my_hands, my_hits = 600, 0
    for i in range(my_hands):
        hand = Hand.deal(rules, seed=1, hand_number=i)
        play_hand(hand, [RandomBot(seed=f"1/{i}/{seat}") for seat in range(4)])
        my_hits += hand.points()[0] == 0
    reference = simulate(rules, 200_000, seed=3)
    assert compare_rates(my_hits, my_hands, reference.points[0].get(0, 0), reference.hands).status == "right"
    assert compare_rates(my_hands - my_hits, my_hands, reference.points[0].get(0, 0), reference.hands).status == "wrong"


# -- review79: claims added or reworded by the independent review --------------------------


def _normal_cdf(x: float) -> float:
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


def test_07_the_two_pack_report_says_points_are_dealt_not_scored():
    """52 points are *dealt*; a set-aside last trick can leave some unscored (docs/rules.md §3.10)."""
    text = strip_report(Rules.preset("cancellation", players=7)).explain()
    assert "52 points are dealt in every hand" in text and "points in every hand" not in text.replace("are dealt in every hand", "")
    assert "52 points are dealt in every hand" in all_output(NB07)
    assert all(f"{n} players: ways to choose" in all_output(NB07) for n in range(3, 7))  # 7 is the your-turn


def test_08_what_a_check_catches_below_and_at_the_threshold():
    """With 20,000 deals the wrong values are excluded about as often as a true one (≈5 %);
    at hands_needed deals about half the time; 80 % needs the gap at 1.96 + 0.84 ≈ 2.8 standard errors."""
    text = prose(NB08)
    n, z = 20_000, z_for(0.95)
    for exact, wrong in ((p_no_hearts(FOUR, some_seat=True), 4 * p_no_hearts(FOUR).fraction),
                         (p_both_queens(SEVEN), Fraction(14 * 13, 104 * 104))):
        p = float(exact)
        shift = abs(float(wrong) - p) / math.sqrt(p * (1 - p) / n)
        excluded = _normal_cdf(-z + shift) + _normal_cdf(-z - shift)
        assert 0.05 <= excluded < 0.06
        # at hands_needed deals the gap is one half-width: excluded when the estimate falls beyond the truth
        assert abs(_normal_cdf(0) + _normal_cdf(-2 * z) - 0.5) < 0.01
    assert "hardly more often than the true value does (about 5% of runs)" in text
    assert round(z + 0.8416, 1) == 2.8 and "(about 2.8 for 4 times in 5)" in text
    assert "sees a wrong value only when" not in text and "Only beyond that can" not in text


def test_08_the_trap_is_checked_by_listing_physical_deals():
    tiny = small_deck_rules("A♥ A♥ K♥ K♥", players=2)
    assert by_enumeration(pair(), tiny) == p_pair(tiny).value == Fraction(1, 3)
    assert "by listing every physical deal: 1/3" in all_output(NB08)
    assert "a list of all six physical deals agree" in prose(NB08)


def test_08_practise_it_names_what_the_worksheet_questions_ask():
    text = prose(NB08)
    assert "(both Q♠, the kitty)" not in text and "(a dealt moon, exactly and estimated)" not in text
    assert "both A♥ and exactly one Q♠, for one seat and for some seat; a Q♠ and a heart in the kitty" in text
    assert "every heart and at most one spade, for one seat or for some seat; every heart without the Q♠" in text


def test_09_what_zero_moons_in_20000_hands_allows():
    from hearts_lab.stats import wilson_interval

    high = wilson_interval(0, 20_000)[1]
    assert round((1 - 0.00019) ** 20_000, 2) == round(math.exp(-3.8), 2) == 0.02
    assert round((1 - high) ** 20_000, 2) == 0.02  # "only about 2% of the time"
    text = prose(NB09)
    assert "is the largest rate the interval keeps" in text and "only about 2% of the time" in text
    assert "It is a 95% statement, not a hard limit." in text and "the data still allow" not in text


def test_09_the_peaks_of_the_points_plot():
    """'mostly' one four-heart trick at 4, 'mostly' the Q♠ alone at 13, 'often' the Q♠ and such a trick at 17."""
    from hearts_lab import Hand
    from hearts_lab.bots import RandomBot, play_hand

    rules = Rules.preset("standard", players=4)
    four = {"one trick": 0, "other": 0}
    thirteen = {"queen alone": 0, "other": 0}
    seventeen = {"queen and a four-heart trick": 0, "other": 0}
    for i in range(1_500):
        hand = Hand.deal(rules, seed=f"peaks/{i}", hand_number=i)
        play_hand(hand, [RandomBot(seed=f"peaks/{i}/{seat}") for seat in range(4)])
        for seat, points in enumerate(hand.points()):
            won = sorted(t.points for t in hand.tricks if t.winner == seat and t.points)
            if points == 4:
                four["one trick" if won == [4] else "other"] += 1
            elif points == 13:
                thirteen["queen alone" if won == [13] else "other"] += 1
            elif points == 17:
                seventeen["queen and a four-heart trick" if won == [4, 13] else "other"] += 1
    assert four["one trick"] > 2 * four["other"]
    assert thirteen["queen alone"] > 2 * thirteen["other"]
    assert seventeen["queen and a four-heart trick"] > 0.3 * sum(seventeen.values())
    text = prose(NB09)
    assert "The peak at 4 comes mostly from one trick" in text and "the one at 17 often the Q♠ plus such a trick" in text


def test_09_shared_wins_are_labelled_a_ruling():
    text = prose(NB09)
    assert "shared win (a ruling: the rulebooks are silent, docs/rules.md §0.10)" in text
    assert "because random players spread the points fairly evenly" not in text
    assert "(a ruling: the rulebooks are silent, §3.8)" in text


def test_09_the_your_turn_reference_is_not_printed_before_the_student_answers():
    """A student looking for a shortcut finds no reference rate to scale to my_hands in the stored outputs."""
    from hearts_lab.simulate import simulate

    reference = simulate(Rules.preset("standard", players=4), 200_000, seed=3)
    rate = reference.points[0].get(0, 0) / reference.hands
    out = all_output(NB09)
    assert f"{rate:.2%}" not in out and f"{reference.points[0].get(0, 0):,}" not in out
    assert "The reference rate is printed only once your count agrees with it, but it is no secret" in prose(NB09)
    assert "a typed number can pass this check" in prose(NB09)


def test_09_a_wrong_count_is_not_told_the_reference_rate():
    """One wrong try must not print the rate a student could then type in (review finding)."""
    from hearts_lab.teach import compare_rates

    verdict = compare_rates(100, 2_000, 47_005, 200_000)
    assert verdict.status == "wrong" and "23.50%" not in verdict.message and "47,005" not in verdict.message
    assert "5.00%" in verdict.message


def test_08_the_trap_row_figure_is_flagged_as_rough():
    assert hands_needed(1 / 3, 1 / 3) == 8 and "8" in all_output(NB08)
    assert "The 8 in the last row is only a rough figure" in prose(NB08)


def test_09_planning_a_difference_uses_twice_hands_needed():
    assert "for a difference, twice `hands_needed` per run" in prose(NB09)
    source = "\n".join("".join(c["source"]) for c in cells(NB09) if c["cell_type"] == "code")
    assert "these hands show that the house rule changes the moon rate" in source


def test_07_the_garbled_strips_are_labelled_rulings():
    text = prose(NB07)
    assert "Two entries of these tables are **rulings**" in text
    assert [str(c) for c in Rules.preset("standard", players=5).removed] == ["2♣", "2♦"] or \
        sorted(map(str, Rules.preset("standard", players=5).removed)) == ["2♣", "2♦"]
    assert [str(c) for c in Rules.preset("lowest-clubs", players=3).removed] == ["2♦"]
    rules_doc = (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
    assert "**Ruling (5 players).**" in rules_doc and "**Ruling (3 players).**" in rules_doc


def test_09_claims_about_bots_say_these_simulations_and_nothing_unmeasured_is_measured():
    text = prose(NB09)
    assert "Players who try for the moon get it far more often" not in text
    assert "In these simulations the heuristic bots, which try for the moon, got it more often" in text
    assert "a matter of a minute or less" not in text and "`benchmarks/simulate.py` times a million random hands" in text
    assert (REPO / "benchmarks" / "simulate.py").exists()
    assert "With random play no seat is favoured" not in text


def test_optional_sections_are_marked_with_what_a_class_can_skip():
    for name, heads in ((NB08, ["## 9 · Optional (harder): "]),
                        (NB09, ["### Optional (harder): how many hands", "## 8 · Optional (harder): scaling out"])):
        text = markdown(name)
        for head in heads:
            assert head in text, (name, head)
            after = text.split(head, 1)[1]
            assert "can skip" in after.split("\n\n", 2)[1] or "can skip" in after.split("\n\n", 3)[2], (name, head)


@pytest.mark.parametrize("name, minutes", [(NB07, "about 60 minutes for\n15–17-year-olds"),
                                           (NB08, "about 60 minutes for\n15–17-year-olds, 75 with the optional section 9"),
                                           (NB09, "About 60\nminutes for 15–17-year-olds, 75 with the two parts marked")])
def test_each_notebook_says_its_time_for_15_to_17_year_olds_at_its_top(name, minutes):
    assert minutes in "".join(cells(name)[0]["source"])


@pytest.mark.parametrize("name", ["06_rules_lab.ipynb", NB07, NB08, NB09, "10_perfect_information.ipynb"])
def test_the_overclaims_issue_17_found_stay_gone(name):
    """Bots stand for bots ('in these simulations'), interval ends are not hard bounds, rare counts carry an
    interval, and nothing is stated as measured that nothing measures."""
    text = prose(name) + "\n" + all_output(name)
    for phrase in ("moons in real play", "hundreds of times rarer", "the data still allow", "a matter of a minute",
                   "usually takes a few hundred", "at least about 1% of the random hands", "under 6% of the moons",
                   "plays *every* hand exactly as before"):
        assert phrase not in text, (name, phrase)
