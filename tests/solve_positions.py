"""Random small positions for testing the solver against the naive engine search."""
from __future__ import annotations

import dataclasses
import random

from hearts_lab import Card, Hand, Rules
from hearts_lab.deal import deal_cards
from hearts_lab.rules import CARD_VALUES, PRESET_PLAYERS

PRESET_CHOICES = [(name, p) for name, players in PRESET_PLAYERS.items() for p in players]


def max_cards(players: int) -> int:
    """Cards per hand the naive search can take in reasonable time."""
    return {2: 5, 3: 5, 4: 5, 5: 4, 6: 3, 7: 3}.get(players, 2)


def house_rules(rng: random.Random) -> Rules:
    """A tiny stripped deck (5 cards each or fewer), so the search starts at trick 1, with random options."""
    players = rng.choice([2, 3, 4, 4, 5, 6])
    decks = rng.choice([1, 1, 2])
    cancellation = decks == 2 and rng.random() < 0.8
    size = rng.randint(1, max_cards(players) if decks == 1 else min(3, max_cards(players)))
    kitty = rng.randint(0, 2)
    pack = [Card(r, s) for s in "CDHS" for r in range(2, 15)] * decks
    keep_n = players * size + kitty
    # keep some points and some clubs in play
    rng.shuffle(pack)
    kept = pack[:keep_n]
    removed_counts: dict[Card, int] = {}
    from collections import Counter
    kc = Counter(kept)
    for c in set(pack):
        removed_counts[c] = decks - kc[c]
    removed = tuple(c for c, k in removed_counts.items() for _ in range(k))
    opening = rng.choice(["lowest-club", "any-club", "left-of-dealer"])
    if not any(c.suit == "C" for c in kept):
        opening = "left-of-dealer"
    values = rng.choice(list(CARD_VALUES))
    rules = Rules(
        players=players, decks=decks, removed=removed, pass_count=0, pass_schedule=(0,),
        opening_lead=opening, first_trick_points=rng.random() < 0.4, first_lead_points=rng.random() < 0.3,
        hearts_broken_by=rng.choice(["heart", "heart-or-queen", "nothing"]), card_points=values,
        moon=rng.choice(["auto", "old", "new", "choice", "avoid-end", "off"]),
        moon_cards=rng.choice(["hearts-and-queens", "all-points"]), cancellation=cancellation,
        last_trick_set_aside=rng.choice(["nobody", "leader"]), kitty_to=rng.choice(["first-trick", "last-trick"]),
    )
    return rules


def random_position(seed: int) -> tuple[Hand, tuple[int, ...]]:
    """A hand in play with few cards left, and scores before it (for the moon policies)."""
    rng = random.Random(seed)
    while True:
        if rng.random() < 0.3:
            try:
                rules = house_rules(rng)
            except ValueError:
                continue
            if rules.moon != "off" and not rules.moon_card_set:
                continue
            k = rules.hand_size
        else:
            name, players = rng.choice(PRESET_CHOICES)
            rules = Rules.preset(name, players=players)
            options = {}
            if rng.random() < 0.5:
                options["moon"] = rng.choice(["auto", "old", "new", "choice", "avoid-end", "off"])
            if rng.random() < 0.3:
                options["card_points"] = rng.choice(list(CARD_VALUES))
            if rng.random() < 0.3:
                options["last_trick_set_aside"] = "leader"
            if rng.random() < 0.3 and rules.kitty_size:
                options["kitty_to"] = "last-trick"
            if rng.random() < 0.2:
                options["hearts_broken_by"] = rng.choice(["heart", "heart-or-queen", "nothing"])
            if rng.random() < 0.2:
                options["moon_cards"] = "all-points"
            rules = dataclasses.replace(rules, **options)
            top = max_cards(players)
            k = rng.choices(range(1, top + 1), weights=[3, 4, 4, 2, 1][:top])[0]
        hands, kitty = deal_cards(rules, seed=f"pos/{seed}/{rng.random()}", dealer=rng.randrange(rules.players))
        hand = Hand(rules, hands, kitty, dealer=rng.randrange(rules.players), passing=False)
        while hand.phase == "play" and len(hand.cards(hand.to_play)) > k:
            hand.play(rng.choice(hand.legal_moves()))
        for _ in range(rng.randrange(rules.players)):
            if hand.phase == "play":
                hand.play(rng.choice(hand.legal_moves()))
        if hand.phase != "play":
            continue
        scores = tuple(rng.choice([0, 0, rng.randrange(0, rules.target + 30)]) for _ in range(rules.players))
        return hand, scores
