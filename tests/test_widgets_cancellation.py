"""CancellationExplorer and hearts_lab.cases, headless: the engine decides every trick, pile and lead."""
from __future__ import annotations

import pytest

from hearts_lab import Card, Rules, resolve_trick
from hearts_lab.cases import SEQUENCE_CASES, TRICK_CASES, designed_hand
from hearts_lab.render import FOUR_COLOURS
from hearts_lab.widgets import CancellationExplorer
from hearts_lab.widgets.cancellation import trick_rules


@pytest.fixture(scope="module")
def explorer():
    return CancellationExplorer()


def type_trick(explorer: CancellationExplorer, cards: list[str], leader: int = 0) -> None:
    explorer.players.value = len(cards)
    explorer.leader.value = leader
    for seat, text in enumerate(cards):
        explorer.card_inputs[seat].value = text


def test_the_rulebook_case_is_set_aside(explorer):
    explorer.case.value = "rulebook"
    assert [t.value for t in explorer.card_inputs] == ["10♠", "9♥", "9♥", "10♠"]
    assert explorer.result.winner is None
    assert set(explorer.result.cancelled) == {Card.parse("10S"), Card.parse("9H")}
    assert "Set aside: both 10♠ cancel, both 9♥ cancel, and no other spade was played." in explorer.trick_view.value
    assert explorer.trick_view.value.count(', cancelled"') == 4
    # the engine plays it as trick 2 of a real hand: the pile waits and the same seat leads trick 3
    assert explorer.hand.tricks[1].set_aside and explorer.hand.to_play == 0
    assert "its 4 cards wait on the pending pile and seat 0 leads trick 3" in explorer.verdict.value


@pytest.mark.parametrize("key", list(TRICK_CASES))
def test_every_prepared_case_shows_the_engines_verdict(explorer, key):
    explorer.case.value = key
    case = TRICK_CASES[key]
    expected = resolve_trick(trick_rules(case.players), case.plays())
    assert explorer.result == expected
    assert expected.reason in explorer.trick_view.value
    assert len(explorer.card_inputs) == case.players and explorer.leader.value == case.leader
    hand = explorer.hand
    assert hand.tricks[1].plays == tuple(case.plays()) and hand.tricks[1].reason == expected.reason
    if expected.winner is not None:
        assert hand.to_play == expected.winner
        assert f"seat {expected.winner} collects the {case.players} cards and leads trick 3" in explorer.verdict.value
        assert explorer.trick_view.value.count('wins the trick"') == 1
    else:
        assert hand.to_play == case.leader and hand.pending == hand.tricks[1].cards


def test_composing_a_trick_switches_to_compose_and_resolves(explorer):
    explorer.case.value = "pair-below"
    explorer.card_inputs[1].value = "9S"  # three 9♠: impossible with two packs
    assert explorer.case.value == "compose"
    assert "9♠ is played 3 times but the 2 packs hold only 2" in explorer.error.message
    explorer.card_inputs[1].value = "2s"
    assert explorer.error.message == ""
    assert explorer.card_inputs[1].value == "2♠"  # shown as the engine read it
    assert explorer.result.reason == "3♠ wins: both 9♠ cancel."
    assert explorer.result.winner == 4


def test_bad_card_text_shows_the_card_error_and_keeps_the_last_result(explorer):
    explorer.case.value = "pair-below"
    before = explorer.result
    explorer.card_inputs[3].value = "11H"
    assert explorer.error.message.startswith("Seat 3: '11H' is not a card")
    assert explorer.result is before
    explorer.card_inputs[3].value = ""
    assert explorer.error.message.startswith("Seat 3: '' is not a card")
    explorer.card_inputs[3].value = "2h"
    assert explorer.error.message == "" and explorer.result.reason == "K♠ wins: both 9♠ cancel."


def test_players_and_leader_change_the_play_order():
    explorer = CancellationExplorer(case="compose")
    type_trick(explorer, ["5C", "5C", "KD", "3C", "2C", "4C", "9H"], leader=0)
    assert explorer.result.winner == 5 and explorer.result.reason == "4♣ wins: both 5♣ cancel."
    explorer.leader.value = 2  # K♦ leads now: the diamonds decide
    assert explorer.plays[0] == (2, Card.parse("KD"))
    assert explorer.result.winner == 2 and explorer.result.reason == "K♦ wins: both 5♣ cancel."


def test_the_cancellation_checkbox_compares_with_ordinary_hearts():
    explorer = CancellationExplorer(case="rulebook")
    assert explorer.result.winner is None
    explorer.cancellation.value = False
    assert explorer.result.winner == 0 and explorer.result.cancelled == ()
    assert explorer.result.reason == "10♠ wins: the highest spade."


@pytest.mark.parametrize("key", list(SEQUENCE_CASES))
def test_sequence_cases_show_a_ledger_and_a_stepper(explorer, key):
    explorer.sequence.value = key
    case = SEQUENCE_CASES[key]()
    hand = case.hand
    assert hand.phase == "over"
    focus = hand.tricks[case.focus]
    assert focus.reason in explorer.ledger.value
    assert explorer.stepper.hand.to_json() == hand.to_json()
    assert explorer.stepper.step == (case.focus + 1) * hand.players
    assert case.story in explorer.story.value or case.story.replace("'", "&#x27;") in explorer.story.value


def test_case_set_aside_then_collected():
    hand = SEQUENCE_CASES["set-aside"]().hand
    t1, t2, t3 = hand.tricks[:3]
    assert t2.set_aside and t2.leader == t3.leader == 4
    assert t3.winner == 1 and set(t2.cards) <= set(t3.collected) and len(t3.collected) == 12
    assert hand.at(12).pending == t2.cards


def test_case_two_set_asides():
    hand = SEQUENCE_CASES["two-set-asides"]().hand
    assert [t.set_aside for t in hand.tricks[:4]] == [False, True, True, False]
    assert len(hand.at(18).pending) == 12 and hand.tricks[3].winner == 5
    assert len(hand.tricks[3].collected) == 18


def test_case_kitty_travels_with_trick_one():
    case = SEQUENCE_CASES["kitty"]()
    hand = case.hand
    assert hand.tricks[0].set_aside and hand.at(6).kitty_holder is None
    assert set(hand.kitty) <= set(hand.at(6).pending)
    assert hand.tricks[1].winner == hand.kitty_holder == 4
    assert hand.at(12).points()[4] == 14  # Q♠ + 5♥ from the kitty


def test_case_unclaimed_last_trick():
    hand = SEQUENCE_CASES["unclaimed"]().hand
    last = hand.tricks[-1]
    assert last.set_aside and set(hand.unclaimed) == set(last.cards)
    assert sum(hand.points()) + sum(hand.rules.points_of(c) for c in hand.unclaimed) == 52


def test_designed_hands_are_checked_by_the_engine():
    from hearts_lab import IllegalMove

    # seat 2 "discards" a heart to a diamond lead while the design gives it... no diamonds: legal
    hand = designed_hand(6, [(1, ["4D", "5H", "9D", "JD", "5D", "2D"])])
    assert hand.tricks[0].winner == 4
    # a design that makes seat 1 lead a heart to trick 1 while holding other cards: the engine refuses
    with pytest.raises(IllegalMove):
        designed_hand(6, [(1, ["4H", "6H", "9H", "JH", "5H", "2H"])])
    with pytest.raises(ValueError, match="more often than the two packs hold"):
        designed_hand(6, [(1, ["4D", "4D", "4D", "JD", "5D", "2D"])])


def test_four_colour_toggle_reaches_every_view():
    explorer = CancellationExplorer(case="pair-below")
    explorer.four_colour.value = True
    assert FOUR_COLOURS["C"] in explorer.ledger.value or FOUR_COLOURS["D"] in explorer.ledger.value
    assert explorer.stepper.four_colour.value is True


def test_trick_rules_for_short_rulebook_examples():
    assert trick_rules(4).players == 4 and trick_rules(4).cancellation
    assert trick_rules(11) == Rules.preset("cancellation", players=11)


def test_a_trick_no_hand_reaches_by_trick_two_says_so():
    explorer = CancellationExplorer(case="compose")
    # eleven players, ten of them without a heart: 25 hearts cannot fit in the leader's hand and the kitty
    type_trick(explorer, ["2H", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC"])
    assert explorer.result.winner == 0 and explorer.hand is None
    assert "No real hand can reach this trick as early as trick 2" in explorer.verdict.value


def test_as_second_trick_plays_the_trick_through_the_engine():
    from hearts_lab.cases import as_second_trick

    rules = Rules.preset("cancellation", players=7)
    plays = [(3, "QH"), (4, "QH"), (5, "2H"), (6, "KH"), (0, "KH"), (1, "5H"), (2, "5H")]
    hand = as_second_trick(rules, plays)
    assert hand.hearts_broken and hand.tricks[0].winner == 3  # trick 1 carried a Q♠ and the leader won it
    assert Card.parse("QS") in hand.tricks[0].cards
    assert hand.tricks[1].reason == "2♥ wins: both Q♥ cancel, both K♥ cancel, both 5♥ cancel."
    assert hand.to_play == 5
    assert as_second_trick(rules, plays[:6]) is None  # six cards for seven players
