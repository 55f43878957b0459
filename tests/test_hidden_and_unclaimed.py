"""Two rulings that need their own positions: the kitty stays face down in the
pending pile, and an unclaimed point card rules out the moon (RULES.md §3.8, §3.11)."""

from __future__ import annotations

from collections import Counter

from hearts_lab import Card, Hand, Rules
from hearts_lab.bots import LowestCardBot, RandomBot, play_hand
from hearts_lab.cards import full_pack


def _tiny_two_pack_rules(keep: str = "AH QS KS", **changes) -> Rules:
    keep = {Card.parse(c) for c in keep.split()}
    removed = [c for c in full_pack() if c not in keep for _ in range(2)]
    return Rules(
        players=2, decks=2, removed=removed, pass_count=0, pass_schedule=(0,),
        opening_lead="left-of-dealer", first_lead_points=True, first_trick_points=True, hearts_broken_by="nothing",
        cancellation=True, **changes,
    )


def test_unclaimed_point_card_rules_out_the_moon():
    # Seat 0 takes both A♥ and both Q♠; the last trick (K♠ K♠) cancels and nobody collects it.
    rules = _tiny_two_pack_rules(card_points="black-maria")
    hand = Hand.from_cards(rules, ["AH AH KS", "QS QS KS"], dealer=1)
    for card in ("AH", "QS", "AH", "QS", "KS", "KS"):
        hand.play(card)
    assert hand.unclaimed == (Card.parse("KS"), Card.parse("KS"))
    assert hand.points() == (28, 0)
    assert hand.moon_shooter is None


def test_moon_stands_when_the_unclaimed_cards_score_nothing():
    rules = _tiny_two_pack_rules()  # standard values: K♠ scores nothing
    hand = Hand.from_cards(rules, ["AH AH KS", "QS QS KS"], dealer=1)
    for card in ("AH", "QS", "AH", "QS", "KS", "KS"):
        hand.play(card)
    assert hand.moon_shooter == 0


def test_a_kitty_in_the_pending_pile_stays_hidden_from_the_seats():
    rules = Rules.preset("cancellation", players=6)
    for seed in range(400):
        hand = Hand.deal(rules, seed=seed, hand_number=0)
        bots = [RandomBot(seed=f"{seed}/{s}") for s in range(6)]
        for seat in range(6):
            hand.pass_cards(seat, bots[seat].choose_pass(hand.view(seat)))
        while hand.phase == "play" and not hand.tricks:
            hand.play(bots[hand.to_play].choose_play(hand.view(hand.to_play)))
        if hand.tricks[0].set_aside:
            break
    else:  # pragma: no cover - the search space is ample
        raise AssertionError("no seed set trick 1 aside")
    trick_cards = Counter(hand.tricks[0].cards)
    assert Counter(hand.pending) == trick_cards + Counter(hand.kitty)
    for seat in range(6):
        assert Counter(hand.view(seat).pending) == trick_cards


def test_batch_simulator_agrees_that_unclaimed_points_rule_out_the_moon():
    np = __import__("pytest").importorskip("numpy")
    from hearts_lab.simulate.batch import BatchTables, deals_from_hands, play

    # Lowest-card play: Q♥ takes Q♠ twice, then A♠ meets A♠ (7 points each) and nobody collects them.
    rules = _tiny_two_pack_rules("QH QS AS", card_points="black-maria")
    hand = Hand.from_cards(rules, ["QH QH AS", "QS QS AS"], dealer=1)
    play_hand(hand, [LowestCardBot(), LowestCardBot()])
    assert hand.points() == (28, 0) and hand.moon_shooter is None
    out = play(BatchTables.from_rules(rules), deals_from_hands([hand]), "lowest", np.random.default_rng(0))
    assert out.points.tolist() == [[28, 0]]
    assert out.unclaimed.tolist() == [14]
    assert out.shooter.tolist() == [-1]


def test_a_set_aside_last_trick_collected_by_its_leader_names_the_collector():
    pytest = __import__("pytest")
    pytest.importorskip("ipywidgets")
    from hearts_lab.widgets import DealStepper

    # A♥ takes Q♠ twice; the last trick K♠ K♠ cancels and, by option, its leader (seat 0) takes it.
    rules = _tiny_two_pack_rules(last_trick_set_aside="leader", card_points="black-maria")
    hand = Hand.from_cards(rules, ["AH AH KS", "QS QS KS"], dealer=1)
    for card in ("AH", "QS", "AH", "QS", "KS", "KS"):
        hand.play(card)
    last = hand.tricks[-1]
    assert last.set_aside and last.winner is None and last.collector == 0
    assert hand.unclaimed == () and hand.points() == (48, 0)
    stepper = DealStepper(hand)
    stepper.go(stepper.plays)
    assert "Seat 0 collects 2 cards" in stepper.status.value


def test_only_the_seat_that_took_the_kitty_sees_it_among_the_collected_cards():
    rules = Rules.preset("cancellation", players=7)
    hand = Hand.deal(rules, seed=4)
    play_hand(hand, [RandomBot(seed=f"4/{s}") for s in range(7)])
    holder = hand.kitty_holder
    assert holder is not None
    kitty = Counter(hand.kitty)
    for seat in range(7):
        seen = Counter(c for t in hand.view(seat).tricks for c in t.collected)
        everything = Counter(c for t in hand.tricks for c in t.collected)
        assert seen == (everything if seat == holder else everything - kitty)
