"""Bots: they see only their seat, always play legal cards, and the heuristic one plays better."""

from __future__ import annotations

import random
from collections import Counter
from statistics import mean

import pytest
from engine_helpers import play, small_hand

from hearts_lab import Card, Hand, IllegalMove, Rules, SeatView, Trick
from hearts_lab.bots import HeuristicBot, LowestCardBot, RandomBot, play_game, play_hand
from hearts_lab.cards import QUEEN_OF_SPADES, full_pack
from hearts_lab.rules import PRESET_PLAYERS

STANDARD4 = Rules.preset("standard", players=4)
BOTS = {"random": RandomBot, "lowest": lambda seed: LowestCardBot(), "heuristic": HeuristicBot}


def reachable_cards(value) -> Counter:
    """Every Card inside a value the view returns (tuples, lists, tricks)."""
    found: Counter = Counter()
    if isinstance(value, Card):
        found[value] += 1
    elif isinstance(value, Trick):
        for _, card in value.plays:
            found[card] += 1
        found.update(value.collected)
    elif isinstance(value, (tuple, list)):
        for item in value:
            found.update(reachable_cards(item))
    return found


def public_values(view: SeatView) -> dict:
    out = {}
    for name in dir(view):
        if name.startswith("_"):
            continue
        value = getattr(view, name)
        out[name] = value() if callable(value) else value
    return out


def test_view_shows_only_own_cards_and_public_play():
    hand = Hand.deal(STANDARD4, seed=3)
    for seat in range(4):
        hand.pass_cards(seat, RandomBot(seed=seat).choose_pass(hand.view(seat)))
    for _ in range(9):  # a few tricks in
        hand.play(hand.legal_moves()[0])
    for seat in range(4):
        view = hand.view(seat)
        values = public_values(view)
        assert not any(isinstance(v, Hand) for v in values.values())
        seen = set()
        for value in values.values():
            seen |= set(reachable_cards(value))
        allowed = set(hand.cards(seat)) | set(hand.history) | set(hand.passes[seat]) | set(hand.received(seat))
        assert seen <= allowed, f"seat {seat} can see {sorted(seen - allowed, key=Card.sort_key)}"
        assert values["cards"] == hand.cards(seat)
        if seat != hand.to_play:
            assert values["legal_moves"] == ()


def unseen_redeal(hand: Hand, seat: int, rng: random.Random) -> Hand | None:
    """The same public history and the same cards for ``seat``; the others' unplayed cards shuffled among them."""
    others = [s for s in range(hand.players) if s != seat]
    pool = [c for s in others for c in hand.cards(s)]
    rng.shuffle(pool)
    dealt = [list(hand.dealt(s)) for s in range(hand.players)]
    for s in others:
        played = [c for t in [*hand.tricks, hand.current_trick] for p, c in t.plays if p == s]
        keep = len(hand.cards(s))
        dealt[s] = played + pool[:keep]
        pool = pool[keep:]
    twin = Hand.from_cards(hand.rules, dealt, hand.kitty, hand_number=hand.hand_number, dealer=hand.dealer)
    try:
        for card in hand.history:
            twin.play(card)
    except IllegalMove:
        return None  # the shuffle gave a seat a card of a suit it had shown out of
    return twin


def test_heuristic_choice_does_not_depend_on_hidden_cards():
    rng = random.Random(0)
    compared = 0
    for seed in range(12):
        hand = Hand.deal(STANDARD4, seed=seed, hand_number=3)  # a hold hand: no passes to keep consistent
        assert hand.pass_offset == 0
        stop = rng.randrange(4, 40)
        while len(hand.history) < stop:
            hand.play(HeuristicBot(seed=len(hand.history)).choose_play(hand.view(hand.to_play)))
        seat = hand.to_play
        mine = HeuristicBot(seed=seed).choose_play(hand.view(seat))
        for _ in range(40):
            twin = unseen_redeal(hand, seat, rng)
            if twin is None:
                continue
            assert twin.cards(seat) == hand.cards(seat)
            assert twin.history == hand.history
            assert HeuristicBot(seed=seed).choose_play(twin.view(seat)) == mine
            compared += [twin.cards(s) for s in range(4)] != [hand.cards(s) for s in range(4)]
    assert compared >= 50


@pytest.mark.parametrize("preset,players", [(p, n) for p, r in PRESET_PLAYERS.items() for n in (r.start, r.stop - 1)])
@pytest.mark.parametrize("kind", sorted(BOTS))
def test_bots_always_pass_and_play_legally(preset, players, kind):
    rules = Rules.preset(preset, players=players)
    for h in range(2):
        hand = Hand.deal(rules, seed=h + 20, hand_number=h)
        bots = [BOTS[kind](seed) for seed in range(players)]
        if hand.phase == "pass":
            for seat in range(players):
                chosen = bots[seat].choose_pass(hand.view(seat))
                assert len(chosen) == rules.pass_count
                assert not Counter(chosen) - Counter(hand.cards(seat))
                hand.pass_cards(seat, chosen)
        while hand.phase == "play":
            seat = hand.to_play
            card = bots[seat].choose_play(hand.view(seat))
            assert card in hand.legal_moves()
            hand.play(card)
        assert hand.phase == "over"


def test_play_hand_stops_at_human_seats():
    hand = Hand.deal(STANDARD4, seed=1)
    play_hand(hand, [RandomBot(1), None, RandomBot(2), RandomBot(3)])
    assert hand.phase == "pass" and hand.waiting_to_pass == (1,)
    hand.pass_cards(1, hand.cards(1)[:3])
    bots = [RandomBot(1), None, RandomBot(2), RandomBot(3)]
    play_hand(hand, bots)
    assert hand.phase == "over" or hand.to_play == 1
    with pytest.raises(ValueError, match="one per seat"):
        play_hand(hand, bots[:3])


def test_bots_are_deterministic_with_a_seed():
    def record(seed: int) -> str:
        hand = Hand.deal(STANDARD4, seed=5)
        play_hand(hand, [HeuristicBot(seed=seed + s) for s in range(4)])
        return hand.to_json()

    assert record(1) == record(1)
    random_runs = set()
    for _ in range(2):
        hand = Hand.deal(STANDARD4, seed=5)
        play_hand(hand, [RandomBot(seed=s) for s in range(4)])
        random_runs.add(hand.to_json())
    assert len(random_runs) == 1
    other = Hand.deal(STANDARD4, seed=5)
    play_hand(other, [RandomBot(seed=s + 100) for s in range(4)])
    assert other.to_json() not in random_runs


def test_heuristic_beats_random_on_average():
    hands = 240
    heuristic_points, random_points = [], []
    for i in range(hands):
        seat = i % 4
        hand = Hand.deal(STANDARD4, seed=1000 + i, hand_number=i)
        bots = [RandomBot(seed=10 * i + s) for s in range(4)]
        bots[seat] = HeuristicBot(seed=i)
        play_hand(hand, bots)
        points = hand.points()
        heuristic_points.append(points[seat])
        random_points.extend(points[s] for s in range(4) if s != seat)
    h, r = mean(heuristic_points), mean(random_points)
    print(f"\nmean points per hand over {hands} hands: HeuristicBot {h:.2f}, RandomBot {r:.2f}")
    assert h < r
    assert h < 0.75 * r


def rest_of_pack(*seats: str) -> list[str]:
    used = set(Card.parse(c) for s in seats for c in s.split())
    rest = [str(c) for c in full_pack() if c not in used]
    need = 4 - len(seats)
    size = len(rest) // need
    return [" ".join(rest[i * size:(i + 1) * size]) for i in range(need)]


def test_heuristic_passes_the_queen_with_few_spades():
    seat0 = "QS AS 2C 3C 4C 5C 6C 7C 8C 9C 10C JC 2D"
    hand = Hand.from_cards(STANDARD4, [seat0, *rest_of_pack(seat0)])
    chosen = HeuristicBot(seed=1).choose_pass(hand.view(0))
    assert QUEEN_OF_SPADES in chosen and Card.parse("AS") in chosen


def test_heuristic_keeps_the_queen_with_spade_cover():
    seat0 = "QS 2S 3S 4S 5S 2C 3C 4C 5C 6C 7C 8C 9D"
    hand = Hand.from_cards(STANDARD4, [seat0, *rest_of_pack(seat0)])
    chosen = HeuristicBot(seed=1).choose_pass(hand.view(0))
    assert QUEEN_OF_SPADES not in chosen


def test_heuristic_dumps_the_queen_when_void():
    hand = small_hand("standard", ["2C 7D 8D", "AC 5D 6D", "3C QS 2H", "4C 9D 10D"])
    play(hand, "0:2C 1:AC 2:3C 3:4C 1:5D")
    assert hand.legal_moves() == (Card.parse("2H"), QUEEN_OF_SPADES)
    assert HeuristicBot(seed=0).choose_play(hand.view(2)) == QUEEN_OF_SPADES


def test_heuristic_ducks_under_the_winning_card():
    hand = small_hand("standard", ["2C 7D KD", "AC 5D 6D", "3C QS 2H", "4C 9D 10D"])
    play(hand, "0:2C 1:AC 2:3C 3:4C 1:6D 2:QS 3:9D")
    # Seat 0 can stay under 9♦ with 7♦ instead of winning the Q♠ with K♦.
    assert HeuristicBot(seed=0).choose_play(hand.view(0)) == Card.parse("7D")


def test_play_game_finishes_with_moon_choice():
    from hearts_lab import Game

    game = Game(Rules.preset("standard", players=4, target=40, moon="choice"), seed=2)
    play_game(game, [HeuristicBot(seed=s) for s in range(4)], moon_choice="new")
    assert game.is_over
