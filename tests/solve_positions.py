"""Random small positions for testing the solver against the naive engine search."""
from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

from hearts_lab import Card, Hand, Rules
from hearts_lab.deal import deal_cards
from hearts_lab.rules import CARD_VALUES, PRESET_PLAYERS
from hearts_lab.solve import reference_solve

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


# -- stored answers of the naive search ---------------------------------------------------------------
#
# The naive engine minimax (hearts_lab.solve.reference_solve) takes about 0.3 s of CPU a position, so
# running it on 2,000 positions every test run cost ~10 minutes. Its answers are stored instead, in
# ANSWERS, one JSON line per position: the position's record (Hand.to_json), the scores before it, and
# what the naive search found. tests/test_solve.py compares the fast solver with every stored answer on
# each run, and re-runs the naive search on a covering sample (every position with HEARTS_LAB_SOLVE_FULL=1)
# to verify the stored answers themselves.
#
# Regenerate (after a rule change; ~10 CPU-minutes, spread over the cores):
#     .venv/bin/python tests/solve_positions.py

ANSWERS = Path(__file__).with_name("solve_answers.jsonl")
FIRST_SEED = 10_000
POSITIONS = 2000
LEAF_CAP = 20_000  # positions whose naive search passes this many finished hands are not stored


def naive_answer(hand: Hand, scores: tuple[int, ...]) -> dict | None:
    """What the naive search finds in ``hand``: points and moon per seat, the value of each legal card.
    None if the position is too big for it."""
    try:
        ref = reference_solve(hand, scores, max_leaves=LEAF_CAP)
    except ValueError:
        return None
    return {"points": list(ref.points), "moon": list(ref.moon), "moves": {str(card): v for card, v in ref.moves}}


def stored_row(seed: int) -> dict | None:
    """One line of ANSWERS: position ``seed`` of :func:`random_position` with its naive answer (None if too big)."""
    hand, scores = random_position(seed)
    answer = naive_answer(hand, scores)
    if answer is None:
        return None
    return {"seed": seed, "scores": list(scores), "hand": json.loads(hand.to_json()), **answer}


def load_answers() -> list[dict]:
    with ANSWERS.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def position_of(row: dict) -> tuple[Hand, tuple[int, ...]]:
    return Hand.from_json(json.dumps(row["hand"])), tuple(row["scores"])


def features(row: dict) -> set[tuple[str, object]]:
    """The rule options and position traits a stored position exercises (for choosing a covering sample)."""
    rules = row["hand"]["rules"]
    played = len(row["hand"]["plays"])
    seen = {(key, json.dumps(value, sort_keys=True)) for key, value in rules.items() if key not in ("removed", "card_points")}
    seen |= {
        ("card_points", json.dumps(rules["card_points"], sort_keys=True)),
        ("stripped", bool(rules["removed"])),
        ("kitty", bool(row["hand"]["kitty"])),
        ("trick 1", played < rules["players"]),
        ("mid-trick", played % rules["players"] != 0),
        ("scores", any(row["scores"])),
        ("moon forced", any(row["moon"]) and rules["moon"] != "off"),
        ("tied best cards", len(set(row["moves"].values())) < len(row["moves"])),
    }
    return seen


def covering_sample(rows: list[dict], size: int) -> list[dict]:
    """At most ``size`` rows: first a greedy cover of every feature the rows show, then evenly spaced rows."""
    chosen: list[int] = []
    missing = set().union(*(features(r) for r in rows))
    feats = [features(r) for r in rows]
    while missing and len(chosen) < size:
        best = max(range(len(rows)), key=lambda i: (len(feats[i] & missing), -i))
        chosen.append(best)
        missing -= feats[best]
    step = max(1, len(rows) // max(1, size - len(chosen)))
    for i in range(0, len(rows), step):
        if len(chosen) >= size:
            break
        if i not in chosen:
            chosen.append(i)
    return [rows[i] for i in sorted(chosen)]


def _write_answers() -> None:
    import os
    from concurrent.futures import ProcessPoolExecutor

    rows: list[dict] = []
    seed = FIRST_SEED
    with ProcessPoolExecutor(os.cpu_count() or 1) as pool:
        while len(rows) < POSITIONS:
            need = POSITIONS - len(rows)
            batch = range(seed, seed + need + max(20, need // 10))  # a few positions are too big
            rows += [r for r in pool.map(stored_row, batch, chunksize=8) if r is not None]
            seed = batch.stop
    rows = rows[:POSITIONS]
    with ANSWERS.open("w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n")
    print(f"wrote {ANSWERS.name}: {len(rows)} positions, seeds {rows[0]['seed']}-{rows[-1]['seed']}")


if __name__ == "__main__":
    _write_answers()
