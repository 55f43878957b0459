"""Claims made in the prose of notebooks 00-06, held to the engine and to the stored outputs.

A sentence that quotes a number or a fact from an output is checked here against
a fresh computation, and (where the notebook prints it) against the stored
output, so prose and output cannot drift apart silently. Worksheet pointers and
citations of docs/rules.md are checked to point at something that exists.
"""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from notebook_text import cells as _cells, markdown as _markdown, stream_output as _output

from hearts_lab import Card, Game, Hand, Rules
from hearts_lab.bots import HeuristicBot, RandomBot, deal_and_play, play_hand
from hearts_lab.cases import SEQUENCE_CASES
from hearts_lab.rules import PRESET_PLAYERS
from hearts_lab.scoring import score_hand
from hearts_lab.stats import wilson_interval

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
DOC = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
OURS = sorted(p for p in NOTEBOOKS.glob("0[0-6]_*.ipynb"))





def _nb(prefix: str) -> Path:
    return next(p for p in OURS if p.name.startswith(prefix))


def _float(pattern: str, text: str) -> tuple[float, ...]:
    match = re.search(pattern, text)
    assert match, f"no match for {pattern!r} in {text!r}"
    return tuple(float(g) for g in match.groups())


# -- every notebook ---------------------------------------------------------------------------------


@pytest.mark.parametrize("path", OURS, ids=[p.name for p in OURS])
def test_links_the_rules_document_and_ends_with_what_you_learned(path):
    text = _markdown(path)
    assert "../docs/rules.md" in text, f"{path.name} does not link the rules document"
    assert (ROOT / "docs" / "rules.md").exists()
    section = text.split("## What you learned", 1)
    assert len(section) == 2, f"{path.name} has no 'What you learned' section"
    learned = section[1].split("**Practise it:**")[0]
    bullets = [line for line in learned.splitlines() if line.startswith("- ")]
    assert 3 <= len(bullets) <= 5, f"{path.name}: {len(bullets)} bullets under 'What you learned'"
    assert "**Practise it:**" in section[1], f"{path.name} does not point to worksheet questions"


def _worksheet_questions(name: str) -> set[int]:
    cells = _cells(ROOT / "exercises" / "student" / name)
    numbers: set[int] = set()
    for cell in cells:
        if cell["cell_type"] == "markdown":
            for line in "".join(cell["source"]).splitlines():
                if line.startswith("## Q"):
                    numbers |= {int(n) for n in re.findall(r"Q(\d+)", line)}
    return numbers


POINTER = re.compile(r"\[Worksheet[^\]]*\]\(\.\./exercises/student/([^)]+\.ipynb)\),?\s+(?:questions\s+)?Q(\d+)(?:–Q(\d+))?")


@pytest.mark.parametrize("path", OURS, ids=[p.name for p in OURS])
def test_worksheet_pointers_name_questions_that_exist(path):
    pointers = POINTER.findall(_markdown(path))
    assert pointers, f"{path.name} points to no worksheet question"
    for worksheet, first, last in pointers:
        assert (ROOT / "exercises" / "student" / worksheet).exists(), worksheet
        questions = _worksheet_questions(worksheet)
        for q in range(int(first), int(last or first) + 1):
            assert q in questions, f"{path.name} points to {worksheet} Q{q}, which does not exist"


@pytest.mark.parametrize("path", OURS, ids=[p.name for p in OURS])
def test_cited_rule_sections_exist(path):
    text = _markdown(path)
    cited = re.findall(r"\[rules (§[\d.]+(?: and §[\d.]+)?)\]\(\.\./docs/rules\.md\)", text)
    cited += re.findall(r"rules (§\d+\.\d+)", text)
    for group in cited:
        for number in re.findall(r"§([\d.]+)", group):
            if "." in number:
                assert re.search(rf"^\*\*{re.escape(number)} ", DOC, flags=re.M), f"{path.name} cites §{number}"
            else:
                assert re.search(rf"^## §{number} ", DOC, flags=re.M), f"{path.name} cites §{number}"


@pytest.mark.parametrize("path", OURS, ids=[p.name for p in OURS])
def test_no_claim_the_issue_found_false_comes_back(path):
    text = _markdown(path)
    assert "rulebook's worked cases" not in text          # the moon cases are the rules document's
    assert "three players past 100" not in text
    assert "as equal as possible" not in text              # stripping equalises the size, not the hands
    assert "RULES.md" not in text                          # cite docs/rules.md, which is in the project


# -- 01 --------------------------------------------------------------------------------------------


def test_01_moon_cases_and_the_count_past_the_target():
    path = _nb("01")
    rules = Rules.preset("standard", players=4)
    out = _output(path, "score_hand(rules, (26, 0, 0, 0)")
    for before, moon in [((90, 80, 85, 70), "old"), ((50, 20, 30, 40), "new"), ((0, 0, 0, 0), "old")]:
        result = score_hand(rules, (26, 0, 0, 0), shooter=0, scores=before)
        after = tuple(b + d for b, d in zip(before, result.deltas))
        assert result.moon == moon
        assert f"-> {moon} moon -> {after}" in out
    past = sum(s >= 100 for s in (90, 106, 111, 96))
    assert f"{past} players at or past 100: the game ends and seat 0 wins" in out
    assert past == 2
    text = _markdown(path)
    assert "made up for it, they are not from a\nrulebook" in text


def test_01_seat_0_has_no_club_after_the_pass():
    rules = Rules.preset("standard", players=4)
    hand = Hand.deal(rules, seed=12)
    bots = [HeuristicBot(seed=seat) for seat in range(4)]
    for seat in range(4):
        hand.pass_cards(seat, bots[seat].choose_pass(hand.view(seat)))
    assert not any(c.suit == "C" for c in hand.cards(0))
    assert "seat 0 holds no club at all" in _markdown(_nb("01"))


def test_01_rulings_are_labelled():
    text = _markdown(_nb("01"))
    assert "our **ruling** is that they may play\nany card" in text
    assert "our **ruling** lets such a leader lead a heart" in text


# -- 03 --------------------------------------------------------------------------------------------


def test_03_opening_cards_and_kitty_claims():
    assert Rules.preset("standard", players=5).opening_card == Card.parse("3C")
    assert Rules.preset("lowest-clubs", players=5).opening_card == Card.parse("4C")
    assert Rules.preset("lowest-clubs", players=6).opening_card == Card.parse("6C")
    assert Rules.preset("cancellation", players=8).kitty_size == 0
    assert Rules.preset("cancellation", players=7).kitty_size == 6
    for n in PRESET_PLAYERS["cancellation"]:
        assert Rules.preset("cancellation", players=n).total_points == 52
    # "the rulebooks differ in the most cards" with six players
    def sym(n):
        return len(set(Rules.preset("standard", players=n).removed) ^ set(Rules.preset("lowest-clubs", players=n).removed))
    shared = [n for n in PRESET_PLAYERS["standard"] if n in PRESET_PLAYERS["lowest-clubs"]]
    assert max(shared, key=sym) == 6 and [sym(n) for n in shared].count(sym(6)) == 1
    text = _markdown(_nb("03"))
    assert "same *size*" in text


def test_03_question_3_suggestion_keeps_the_2_of_clubs():
    rules = Rules.preset("standard", players=5, removed=("2D", "3D"))
    assert rules.opening_card == Card.parse("2C") and rules.hand_size == 10


# -- 04 --------------------------------------------------------------------------------------------


def test_04_set_aside_ledger_sentence():
    hand = SEQUENCE_CASES["set-aside"]().hand
    second, third = hand.tricks[1], hand.tricks[2]
    assert second.winner is None and len(second.plays) == 6 and third.leader == second.leader == 4
    assert third.winner == 1 and len(third.collected) == 12
    assert sum(c == Card.parse("9H") for c in third.collected) == 2
    text = _markdown(_nb("04"))
    assert ("trick 2 is set aside, so its six cards wait on the pending pile and seat\n4 leads again; "
            "seat 1 wins trick 3 and collects 12 cards, including the two 9♥") in text


def test_04_kitty_travels_with_fourteen_points():
    hand = SEQUENCE_CASES["kitty"]().hand
    assert sorted(hand.kitty, key=Card.sort_key) == sorted([Card.parse("QS"), Card.parse("5H")], key=Card.sort_key)
    first, second = hand.tricks[0], hand.tricks[1]
    assert first.winner is None
    assert sum(hand.rules.points_of(c) for c in second.collected) == 14
    assert "the kitty holds the Q♠ and the\n5♥: 14 points" in _markdown(_nb("04"))


def test_04_seed_72_story_is_printed_from_the_hand():
    out = _output(_nb("04"), "Hand.deal(seven, seed=72)")
    hand = Hand.deal(Rules.preset("cancellation", players=7), seed=72)
    play_hand(hand, [HeuristicBot(seed=s) for s in range(7)])
    assert hand.tricks[0].winner is None
    assert hand.tricks[0].reason in out and hand.tricks[1].reason in out
    assert f"Seat {hand.tricks[1].winner} collects {len(hand.tricks[1].collected)} cards" in out


# -- 05 --------------------------------------------------------------------------------------------


def test_05_trick_nine_story():
    rules = Rules.preset("standard", players=4)
    hand = Hand.deal(rules, seed=11)
    play_hand(hand, [HeuristicBot(seed=seat) for seat in range(4)])
    trick = hand.tricks[8]
    plays = dict(trick.plays)
    assert trick.leader == 1 and plays[1] == Card.parse("8C") and trick.winner == 1
    assert plays[3] == Card.parse("QS") and plays[2].suit == "H" and plays[0].suit == "H"
    assert sum(rules.points_of(c) for c in trick.cards) == 15
    clubs_before = [c for t in hand.tricks[:9] for c in t.cards if c.suit == "C"]
    assert len(clubs_before) == 13          # "nobody else had a club left"
    assert "seat 1's little 8♣ won all 15 points" in _markdown(_nb("05"))


# -- 06 --------------------------------------------------------------------------------------------


def _first_heart_lead(hand):
    return next((t.number + 1 for t in hand.tricks if t.led_suit == "H"), None)


def test_06_paired_comparison_is_recomputed_and_excludes_zero():
    from statistics import mean, stdev

    standard = Rules.preset("standard", players=4)
    quiet = dataclasses.replace(standard, hearts_broken_by="heart")
    pairs = [(_first_heart_lead(deal_and_play(standard, s, RandomBot)),
              _first_heart_lead(deal_and_play(quiet, s, RandomBot))) for s in range(400)]
    diffs = [b - a for a, b in pairs if a is not None and b is not None]
    d, se = mean(diffs), stdev(diffs) / len(diffs) ** 0.5
    out = _output(_nb("06"), "diffs = [b - a for a, b in both]")
    low, high = _float(r"95 % interval for the mean difference: (-?[\d.]+) to (-?[\d.]+) tricks", out)
    assert (low, high) == (round(d - 1.959964 * se, 2), round(d + 1.959964 * se, 2))
    assert low > 0                                   # "Both intervals lie well above 0"
    indep = _output(_nb("06"), "range(400, 800)")
    ilow, ihigh = _float(r"95 % interval (-?[\d.]+) to (-?[\d.]+)", indep)
    assert ilow > 0 and ihigh - ilow > high - low     # the paired interval is the narrower one
    assert 0.8 <= d <= 1.5                           # "about one trick later"


def test_06_heuristic_and_omnibus_intervals_match_the_prose():
    out = _output(_nb("06"), "HeuristicBots: the rule changed the play")
    changed = int(re.search(r"in (\d+) of 400 deals", out).group(1))
    assert changed == 0
    assert wilson_interval(changed, 400)[1] < 0.0105        # "at most about one deal in a hundred"
    omnibus = _output(_nb("06"), "below_zero += prize.points()[taker] < 0")
    k = int(re.search(r"below zero: (\d+) of 400", omnibus).group(1))
    low, high = wilson_interval(k, 400)
    assert low < 0.5 < high                                  # "about half the hands"
    assert f"{low:.1%} to {high:.1%}" in omnibus


def test_06_claims_about_bots_stay_with_the_bots_and_the_time_and_optional_part_are_marked():
    text = re.sub(r"\s+", " ", _markdown(_nb("06")))
    omnibus = _output(_nb("06"), "below_zero += prize.points()[taker] < 0")
    assert "hands played identically: 400 of 400" in omnibus
    assert "In all 400 deals the `HeuristicBot` played exactly as before" in text
    assert "plays *every* hand exactly as before" not in text and "does not chase the J♦. A human would" not in text
    assert "with random players**, in these simulations, the first heart lead comes about one trick later" in text
    assert "About 50 minutes for 15–17-year-olds, 35 without the part marked *Optional (harder)*" in text
    assert "### Optional (harder): analysing the pairs *A class short of time can skip to the conclusion" in text
    assert "**The conclusion.** Both intervals lie well above 0." in text


def test_03_deck_explorer_numbers_change_with_the_rules():
    """The explorer of notebook 03, driven as a student would: every number follows the rules."""
    from hearts_lab.widgets.explorers import DeckExplorer

    explorer = DeckExplorer("standard", players=6)
    assert (explorer.facts["cards each"], explorer.facts["kitty"]) == (8, 0)
    explorer.preset.value = "lowest-clubs"
    explorer.players.value = 5
    rules = Rules.preset("lowest-clubs", players=5)
    assert explorer.facts["removed"] == rules.removed and explorer.facts["opening card"] == Card.parse("4C")
    assert explorer.facts["cards each"] == 10
    explorer.preset.value = "cancellation"                 # 5 players is not a cancellation table
    assert explorer.rules.players == 6 and explorer.facts["kitty"] == 2
    explorer.players.value = 7
    assert explorer.facts["kitty"] == 6 and explorer.facts["cards each"] == 14
    explorer.preset.value = "standard"                     # 7 players is a standard table too: it stays
    assert explorer.rules.players == 7 and explorer.facts["removed"] == Rules.preset("standard", players=7).removed
    explorer.players.value = 2                             # refused: the engine's message, last deck kept
    assert "3 to 7 players" in explorer.error.message and explorer.rules.players == 7
    # question 3: the two 6-player decks differ, their deal counts do not
    six = [DeckExplorer(p, players=6).facts for p in ("standard", "lowest-clubs")]
    assert six[0]["removed"] != six[1]["removed"] and six[0]["distinct deals"] == six[1]["distinct deals"]


def test_04_seed_72_same_leader_leads_trick_2():
    hand = Hand.deal(Rules.preset("cancellation", players=7), seed=72)
    play_hand(hand, [HeuristicBot(seed=s) for s in range(7)])
    assert hand.tricks[0].winner is None and hand.tricks[1].leader == hand.tricks[0].leader
    assert "leads\ntrick 2 as well (the ruling above)" in _markdown(_nb("04"))


def test_01_seed_21_moon_by_seat_1():
    rules = Rules.preset("standard", players=4)
    hand = Hand.deal(rules, seed=21)
    play_hand(hand, [HeuristicBot(seed=seat) for seat in range(4)])
    assert hand.moon_shooter == 1 and hand.points() == (0, 26, 0, 0)
    assert "With seed 21, the bots' seat 1 goes for it and succeeds" in _markdown(_nb("01"))


def test_06_omnibus_differs_in_one_place_by_ten():
    standard = Rules.preset("standard", players=4)
    omnibus = dataclasses.replace(standard, card_points="omnibus")
    assert (standard.total_points, omnibus.total_points) == (26, 16)
    plain, prize = deal_and_play(standard, 11, HeuristicBot), deal_and_play(omnibus, 11, HeuristicBot)
    assert plain.history == prize.history
    changed = [s for s in range(4) if plain.points()[s] != prize.points()[s]]
    assert len(changed) == 1 and plain.points()[changed[0]] - prize.points()[changed[0]] == 10
    assert Card.parse("JD") in prize.collected(changed[0])
    assert "the J♦ taker's, by exactly 10" in _markdown(_nb("06"))


def test_06_seed_107_sets_the_last_trick_aside_and_it_is_rare():
    rules = Rules.preset("cancellation", players=8)
    hits = [s for s in range(150) if deal_and_play(rules, s, HeuristicBot).unclaimed]
    assert hits == [107, 110]
    text = _markdown(_nb("06"))
    assert "set the sample hand's seed to 107" in text and "2 of the seeds 0–149 do it, 107 and 110" in text
    leader = deal_and_play(dataclasses.replace(rules, last_trick_set_aside="leader"), 107, HeuristicBot)
    assert not leader.unclaimed and leader.tricks[-1].collector == leader.tricks[-1].leader


def test_05_the_play_table_counts_hands_from_one():
    from hearts_lab.table import Table

    table = Table(seed=1)
    assert table.hand.hand_number == 0 and table.hand.rules.pass_offset(0) == 1
    assert table.message.startswith("Hand 1: choose 3 cards to pass left")
    text = _markdown(_nb("05"))
    assert "`Hand.deal(..., hand_number=0)`\n  is *Hand 1*, which passes to the left" in text
    game = Game(table.rules, seed=1)
    from hearts_lab.bots import HeuristicBot, play_hand
    first = game.next_hand()
    play_hand(first, [HeuristicBot(seed=s) for s in range(4)])
    game.add_hand(first)
    assert game.score_table().splitlines()[1].split()[0] == "1"   # "like the score table above, counts hands from 1"
