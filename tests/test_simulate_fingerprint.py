"""Seeded simulations give the same numbers release after release.

Notebooks 06, 09 and 10, the worksheets and their tests print seeded results of
``simulate`` and ``simulate_games``; a stored notebook must match its
re-execution. So the batch path's random draws (the order and shapes of the
calls on the numpy Generator) and everything it counts are pinned here: for
each case, the whole result object (every count, histogram and total) as a
SHA-256 of its canonical JSON, with a few counts spelled out so that a failure
says what moved. The values were computed by the batch path as it was before
the speed work of December 2026 (commit 9a137cb); a change that makes it faster
must leave every one of them as it is.

Regenerate (only for a deliberate change of what a seed means, which changes
the notebooks' stored figures too)::

    PYTHONPATH=. python tests/test_simulate_fingerprint.py
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any

import numpy as np
import pytest

from hearts_lab import Card, Hand, Rules
from hearts_lab.simulate import simulate, simulate_games
from hearts_lab.simulate.batch import deals_from_hands, play, random_deals

HOUSE = tuple((Card.parse(c), v) for c, v in (("QS", 13), ("KS", 7), ("JD", -10), ("AH", 4), ("2H", 1)))
BIG = tuple((Card.parse(f"{r}H"), 200_000_000) for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]) + ((Card.parse("QS"), 13),)

# (id, kind, preset, players, rule changes, bots, count, seed, chunk_size)
CASES: list[tuple[str, str, str, int, dict[str, Any], str, int, int, int | None]] = [
    *[(f"standard-{n}-random", "hands", "standard", n, {}, "random", 3000, 11, 1000) for n in range(3, 8)],
    ("standard-4-random-default-chunks", "hands", "standard", 4, {}, "random", 60_000, 2026, None),
    *[(f"lowest-clubs-{n}-random", "hands", "lowest-clubs", n, {}, "random", 3000, 12, 1000) for n in range(2, 7)],
    *[(f"cancellation-{n}-random", "hands", "cancellation", n, {}, "random", 2000, 13, 1000) for n in range(6, 12)],
    ("standard-4-lowest", "hands", "standard", 4, {}, "lowest", 2000, 14, 1000),
    ("lowest-clubs-3-lowest", "hands", "lowest-clubs", 3, {}, "lowest", 2000, 14, None),
    ("cancellation-8-lowest", "hands", "cancellation", 8, {}, "lowest", 2000, 14, 1000),
    ("standard-4-omnibus", "hands", "standard", 4, dict(card_points="omnibus"), "random", 3000, 15, None),
    ("standard-5-black-maria", "hands", "standard", 5, dict(card_points="black-maria"), "random", 3000, 15, None),
    ("lowest-clubs-4-spot-hearts", "hands", "lowest-clubs", 4, dict(card_points="spot-hearts"), "random", 3000, 15, None),
    ("standard-4-house-values", "hands", "standard", 4, dict(card_points=HOUSE), "random", 3000, 16, None),
    ("standard-4-big-values", "hands", "standard", 4, dict(card_points=BIG), "random", 2000, 16, None),
    ("standard-4-no-pass", "hands", "standard", 4, dict(pass_count=0), "random", 3000, 17, None),
    ("standard-4-no-pass-lowest", "hands", "standard", 4, dict(pass_count=0), "lowest", 1000, 17, None),
    ("standard-5-pass-schedule", "hands", "standard", 5, dict(pass_schedule=(4, 0, 2)), "random", 3000, 17, None),
    ("standard-4-all-points-moon", "hands", "standard", 4, dict(moon_cards="all-points", card_points="omnibus"), "random", 3000, 18, None),
    ("standard-4-moon-off", "hands", "standard", 4, dict(moon="off"), "random", 2000, 18, None),
    ("standard-4-any-club", "hands", "standard", 4, dict(opening_lead="any-club"), "random", 2000, 19, None),
    ("standard-5-left-of-dealer", "hands", "standard", 5, dict(opening_lead="left-of-dealer", first_lead_points=True), "random", 2000, 19, None),
    ("standard-3-hearts-open", "hands", "standard", 3, dict(hearts_broken_by="nothing", first_trick_points=True), "random", 2000, 19, None),
    ("standard-4-two-packs", "hands", "standard", 4, dict(decks=2, cancellation=True), "random", 2000, 20, 700),
    ("standard-4-two-packs-lowest", "hands", "standard", 4, dict(decks=2, cancellation=True), "lowest", 1000, 20, None),
    ("cancellation-7-kitty-last", "hands", "cancellation", 7, dict(kitty_to="last-trick"), "random", 2000, 21, None),
    ("cancellation-9-leader-takes-last", "hands", "cancellation", 9, dict(last_trick_set_aside="leader", kitty_to="last-trick"), "random", 2000, 21, None),
    ("cancellation-11-no-cancelling", "hands", "cancellation", 11, dict(cancellation=False, opening_lead="any-club"), "random", 2000, 21, None),
    *[(f"games-standard-4-{moon}", "games", "standard", 4, dict(moon=moon, target=50), "random", 300, 31, 100)
      for moon in ("auto", "old", "new", "choice", "avoid-end", "off")],
    ("games-standard-4-lowest", "games", "standard", 4, dict(target=50), "lowest", 200, 32, None),
    ("games-standard-6-black-maria", "games", "standard", 6, dict(card_points="black-maria", target=60), "random", 200, 33, None),
    ("games-standard-4-big-values", "games", "standard", 4, dict(card_points=BIG, target=1_000_000), "random", 100, 33, None),
    ("games-lowest-clubs-3", "games", "lowest-clubs", 3, {}, "random", 100, 34, None),
    ("games-cancellation-7", "games", "cancellation", 7, dict(target=60), "random", 150, 35, None),
    ("games-cancellation-10-no-pass", "games", "cancellation", 10, dict(pass_count=0, target=60, ties="play-on"), "random", 150, 36, None),
]


def _canonical(result: Any) -> str:
    """The result's every field but the rules as canonical JSON (dict keys as text, sorted)."""
    def plain(value: Any) -> Any:
        if isinstance(value, dict):
            return {str(k): plain(v) for k, v in sorted(value.items())}
        if isinstance(value, (tuple, list)):
            return [plain(v) for v in value]
        return value

    fields = {f.name: plain(getattr(result, f.name)) for f in dataclasses.fields(result) if f.name != "rules"}
    return json.dumps(fields, sort_keys=True, separators=(",", ":"))


def fingerprint(case: tuple) -> dict[str, Any]:
    _, kind, preset, players, changes, bots, count, seed, chunk = case
    rules = Rules.preset(preset, players=players, **changes)
    if kind == "hands":
        result = simulate(rules, count, bots=bots, seed=seed, chunk_size=chunk)
        shown = {"moons": list(result.moons), "queens": list(result.queens), "set_aside": sum(k * v for k, v in result.set_aside.items())}
    else:
        result = simulate_games(rules, count, bots=bots, seed=seed, chunk_size=chunk)
        shown = {"hands": result.hands, "moons": result.moons, "wins": list(result.wins)}
    assert result.method == "batch"
    return {**shown, "sha256": hashlib.sha256(_canonical(result).encode()).hexdigest()[:32]}


def _outcome_digest(out: Any, rng: np.random.Generator | None = None) -> str:
    """The outcome arrays and, for the random policy, the next number the generator gives after play
    (so the number of draws play made is pinned too)."""
    digest = hashlib.sha256()
    if rng is not None:
        digest.update(str(rng.integers(2**62)).encode())
    for name in ("points", "shooter", "queens", "set_aside", "unclaimed", "kitty_holder"):
        digest.update(np.ascontiguousarray(getattr(out, name), dtype=np.int64).tobytes())
    return digest.hexdigest()[:32]


def play_fingerprints() -> dict[str, str]:
    """``batch.play`` on its own: deals not from a shuffle (the argsort pass), and per-hand outcomes."""
    out = {}
    for preset, players in (("standard", 4), ("cancellation", 9), ("lowest-clubs", 3)):
        rules = Rules.preset(preset, players=players)
        hands = [Hand.deal(rules, seed=s, hand_number=s, dealer=s % players) for s in range(150)]
        deals = deals_from_hands(hands)
        rng = np.random.default_rng(3)
        out[f"given-{preset}-{players}-random"] = _outcome_digest(play(rules, deals, "random", rng), rng)
        out[f"given-{preset}-{players}-lowest"] = _outcome_digest(play(rules, deals, "lowest"))
        shuffled = random_deals(rules, 1500, np.random.default_rng(4), first_hand=5, dealer=np.arange(1500) % players)
        rng = np.random.default_rng(5)
        out[f"shuffled-{preset}-{players}-random"] = _outcome_digest(play(rules, shuffled, "random", rng), rng)
    return out


PINNED: dict[str, dict[str, Any]] = {
    'standard-3-random': {'moons': [17, 13, 9], 'queens': [1049, 983, 968], 'set_aside': 0, 'sha256': '1b52e8b86b9ef00d19efc1fe1388cb6b'},
    'standard-4-random': {'moons': [11, 8, 12, 7], 'queens': [773, 693, 759, 775], 'set_aside': 0, 'sha256': '7abdcf677b2e38128dfe0222de45ab34'},
    'standard-5-random': {'moons': [6, 10, 7, 6, 8], 'queens': [606, 614, 583, 578, 619], 'set_aside': 0, 'sha256': 'b3ac71bb500e22fbea2e47af34ae865e'},
    'standard-6-random': {'moons': [4, 8, 6, 6, 7, 8], 'queens': [465, 526, 485, 494, 519, 511], 'set_aside': 0, 'sha256': '5b2284a040922f382919522b08c3e253'},
    'standard-7-random': {'moons': [10, 8, 4, 5, 9, 11, 9], 'queens': [432, 419, 429, 432, 442, 408, 438], 'set_aside': 0, 'sha256': 'ad6c323502e6101ee92c4a9d02c9f194'},
    'standard-4-random-default-chunks': {'moons': [175, 165, 162, 148], 'queens': [15184, 14931, 15136, 14749], 'set_aside': 0, 'sha256': '0482a142dce8a163ab5b20bfa608e167'},
    'lowest-clubs-2-random': {'moons': [46, 40], 'queens': [1519, 1481], 'set_aside': 0, 'sha256': '761aac55d9b956399f1303a08077263d'},
    'lowest-clubs-3-random': {'moons': [15, 9, 11], 'queens': [1033, 996, 971], 'set_aside': 0, 'sha256': '34d6384f6402c59b4fe12851c91b1617'},
    'lowest-clubs-4-random': {'moons': [12, 12, 9, 6], 'queens': [780, 763, 750, 707], 'set_aside': 0, 'sha256': 'b036cc8ce99d1dfc1258dd993afb44de'},
    'lowest-clubs-5-random': {'moons': [5, 3, 7, 3, 3], 'queens': [605, 610, 613, 574, 598], 'set_aside': 0, 'sha256': 'e8d74512e7086e780c51e5df9962af91'},
    'lowest-clubs-6-random': {'moons': [7, 10, 6, 9, 7, 8], 'queens': [509, 492, 509, 484, 518, 488], 'set_aside': 0, 'sha256': 'ba48a79b9f456247468c8385b886f02d'},
    'cancellation-6-random': {'moons': [0, 0, 0, 0, 0, 0], 'queens': [680, 652, 655, 643, 678, 692], 'set_aside': 121, 'sha256': 'fc40ee1ecbe0a06ae9c9011cbff50eaa'},
    'cancellation-7-random': {'moons': [0, 0, 0, 0, 0, 0, 0], 'queens': [568, 590, 601, 524, 589, 588, 537], 'set_aside': 76, 'sha256': '5a361f25b961299a0755560432681ede'},
    'cancellation-8-random': {'moons': [0, 0, 0, 0, 0, 0, 0, 0], 'queens': [541, 497, 547, 482, 484, 505, 479, 463], 'set_aside': 69, 'sha256': '927f313f9dd0241bafbc9fbde972b995'},
    'cancellation-9-random': {'moons': [0, 0, 0, 0, 0, 0, 0, 0, 0], 'queens': [438, 465, 426, 443, 492, 450, 447, 430, 407], 'set_aside': 42, 'sha256': '864b77c56613cd621b1f59aded01621c'},
    'cancellation-10-random': {'moons': [0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 'queens': [418, 416, 387, 401, 400, 371, 379, 425, 376, 422], 'set_aside': 42, 'sha256': 'fe9a182e9938e25b332ac6f44bfa2650'},
    'cancellation-11-random': {'moons': [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 'queens': [374, 385, 365, 343, 335, 389, 379, 338, 373, 379, 336], 'set_aside': 45, 'sha256': '3977f8d98b2d472287b403151047b625'},
    'standard-4-lowest': {'moons': [3, 5, 1, 4], 'queens': [503, 510, 487, 500], 'set_aside': 0, 'sha256': 'ef9131811fbd1c5ff827d30136655467'},
    'lowest-clubs-3-lowest': {'moons': [9, 11, 6], 'queens': [669, 647, 684], 'set_aside': 0, 'sha256': 'a6cd53ccb61de5633a46f9d44f737f26'},
    'cancellation-8-lowest': {'moons': [0, 0, 0, 0, 0, 0, 0, 0], 'queens': [497, 455, 444, 478, 485, 562, 522, 501], 'set_aside': 331, 'sha256': 'df9d71ba0841864c8ebd04e84cc78c10'},
    'standard-4-omnibus': {'moons': [12, 12, 8, 6], 'queens': [784, 723, 779, 714], 'set_aside': 0, 'sha256': 'a7306ca1160914547e9ac8813cd5f48d'},
    'standard-5-black-maria': {'moons': [5, 10, 4, 7, 5], 'queens': [567, 596, 620, 582, 635], 'set_aside': 0, 'sha256': 'c1e35e51f8ed568c4c50f4ff1122b759'},
    'lowest-clubs-4-spot-hearts': {'moons': [11, 12, 8, 10], 'queens': [784, 723, 779, 714], 'set_aside': 0, 'sha256': 'f9d7c3e024c829aef4626023a8e46ad4'},
    'standard-4-house-values': {'moons': [7, 8, 14, 7], 'queens': [731, 787, 736, 746], 'set_aside': 0, 'sha256': '26a9812dadb470a4f1178664f75d5be2'},
    'standard-4-big-values': {'moons': [5, 8, 10, 5], 'queens': [521, 456, 477, 546], 'set_aside': 0, 'sha256': 'b26881cc0dfa7c59e408bcac1c0fca15'},
    'standard-4-no-pass': {'moons': [5, 12, 11, 3], 'queens': [789, 700, 789, 722], 'set_aside': 0, 'sha256': 'e6654302a099ab3d3dad519f047f5671'},
    'standard-4-no-pass-lowest': {'moons': [1, 2, 2, 1], 'queens': [261, 249, 262, 228], 'set_aside': 0, 'sha256': '125fecbd4de71a924dd2101fc8e1c19a'},
    'standard-5-pass-schedule': {'moons': [9, 13, 4, 9, 6], 'queens': [619, 594, 547, 633, 607], 'set_aside': 0, 'sha256': 'e33ddf0a15a17a4053c8f90dc523ed05'},
    'standard-4-all-points-moon': {'moons': [8, 10, 7, 4], 'queens': [784, 758, 718, 740], 'set_aside': 0, 'sha256': 'a9229dfe86729b3b11db84b36722bb2c'},
    'standard-4-moon-off': {'moons': [0, 0, 0, 0], 'queens': [526, 519, 479, 476], 'set_aside': 0, 'sha256': 'e1701057c08542f9671342a561e3a4ea'},
    'standard-4-any-club': {'moons': [3, 5, 1, 7], 'queens': [493, 492, 543, 472], 'set_aside': 0, 'sha256': 'c34aefa72bf4819cc4f144a75a2ff98f'},
    'standard-5-left-of-dealer': {'moons': [5, 5, 1, 1, 2], 'queens': [419, 438, 368, 372, 403], 'set_aside': 0, 'sha256': '60672e5671cbacf0f00113a1d439fa92'},
    'standard-3-hearts-open': {'moons': [8, 2, 6], 'queens': [672, 703, 625], 'set_aside': 0, 'sha256': 'fcfbb3f7e9b0885b87a4816d9e151a0c'},
    'standard-4-two-packs': {'moons': [0, 0, 0, 0], 'queens': [1008, 975, 1028, 989], 'set_aside': 397, 'sha256': 'ae8c7ea9182e50d1cf6f1d6a95d05f87'},
    'standard-4-two-packs-lowest': {'moons': [0, 0, 0, 1], 'queens': [490, 497, 492, 509], 'set_aside': 1000, 'sha256': '4adcd39ec8b97c230bef9f065cad8bfe'},
    'cancellation-7-kitty-last': {'moons': [0, 0, 0, 0, 0, 0, 0], 'queens': [558, 551, 554, 547, 580, 592, 611], 'set_aside': 81, 'sha256': '1af53734c796274f5270a5d846609b5b'},
    'cancellation-9-leader-takes-last': {'moons': [0, 0, 0, 0, 0, 0, 0, 0, 0], 'queens': [424, 449, 424, 447, 425, 471, 433, 460, 467], 'set_aside': 57, 'sha256': '7f19c8324b75eed6105c8aa2b868a03a'},
    'cancellation-11-no-cancelling': {'moons': [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 'queens': [375, 373, 364, 353, 358, 361, 349, 390, 368, 330, 379], 'set_aside': 0, 'sha256': '9bea17d5bee3f22ab89bdcde5264e0e9'},
    'games-standard-4-auto': {'hands': 1613, 'moons': 21, 'wins': [82, 76, 74, 78], 'sha256': '791cca3a614f6fc7b33567e2847dcf77'},
    'games-standard-4-old': {'hands': 1610, 'moons': 22, 'wins': [83, 80, 76, 73], 'sha256': '19df8c31ae1e4b5aabeb9df887f1d251'},
    'games-standard-4-new': {'hands': 1670, 'moons': 21, 'wins': [66, 71, 89, 83], 'sha256': '5ff7240cdd1f0295b62d1670457d99e3'},
    'games-standard-4-choice': {'hands': 1613, 'moons': 21, 'wins': [82, 76, 74, 78], 'sha256': '791cca3a614f6fc7b33567e2847dcf77'},
    'games-standard-4-avoid-end': {'hands': 1616, 'moons': 20, 'wins': [71, 67, 84, 85], 'sha256': '2bf88c389001f1f713a9803e3fa1bc33'},
    'games-standard-4-off': {'hands': 1620, 'moons': 0, 'wins': [61, 81, 82, 86], 'sha256': '1f8bccd1bf6b702cb4fbb4297a95960b'},
    'games-standard-4-lowest': {'hands': 1051, 'moons': 4, 'wins': [53, 59, 42, 49], 'sha256': '9692e1ba90dcc4ba7039a5675dd1474e'},
    'games-standard-6-black-maria': {'hands': 951, 'moons': 18, 'wins': [36, 39, 28, 41, 37, 32], 'sha256': '9c93f1feb3cfffca6abb736563a22f69'},
    'games-standard-4-big-values': {'hands': 100, 'moons': 0, 'wins': [34, 33, 30, 28], 'sha256': '3cd9eef5a2e76fede1e5a2a6d5d9b03e'},
    'games-lowest-clubs-3': {'hands': 949, 'moons': 7, 'wins': [32, 40, 28], 'sha256': '5271f6bf50dba4e0af83a45b47d7590f'},
    'games-cancellation-7': {'hands': 714, 'moons': 0, 'wins': [24, 24, 24, 22, 18, 15, 31], 'sha256': '405e0327dabad9d7c8a1ab47ad8d7901'},
    'games-cancellation-10-no-pass': {'hands': 892, 'moons': 0, 'wins': [19, 10, 20, 12, 21, 18, 16, 11, 9, 14], 'sha256': '60c6291eee97728e34ce7624f611d0ec'},
}

PINNED_PLAY: dict[str, str] = {
    'given-standard-4-random': '9a2191d83956741429e59adc214a5018',
    'given-standard-4-lowest': '8e24fbf962a85fa7ffd3a750e98b9bb9',
    'shuffled-standard-4-random': 'f010a10628b723985c68bd3a5ab9ef39',
    'given-cancellation-9-random': '1c36a34d48d39e393d04f53566903f0a',
    'given-cancellation-9-lowest': 'd81c5261ddc1ba7827c55bcaa7f12e24',
    'shuffled-cancellation-9-random': 'b38a5a4018d53bb2d1add16c42e05df7',
    'given-lowest-clubs-3-random': 'e1cae0ce23c73e4b9ef764617826c14a',
    'given-lowest-clubs-3-lowest': 'efd2659e36f313fafb905b0a978751eb',
    'shuffled-lowest-clubs-3-random': '8f2ba309f782551d9827d299f7ed7324',
}


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_seeded_results_are_pinned(case):
    assert fingerprint(case) == PINNED[case[0]]


def test_batch_play_outcomes_are_pinned():
    assert play_fingerprints() == PINNED_PLAY


SWAR_CASES = [c for c in CASES if c[0] in ("standard-4-random", "cancellation-9-random", "standard-4-two-packs", "games-standard-4-auto")]


@pytest.mark.parametrize("case", SWAR_CASES, ids=[c[0] for c in SWAR_CASES])
def test_numpy_before_2_gives_the_pinned_results(case, monkeypatch):
    """numpy 1.26 has no bitwise_count: the hand-written bit count gives the same numbers."""
    from hearts_lab.simulate import batch

    monkeypatch.setattr(batch, "_popcount", batch._swar_popcount)
    assert fingerprint(case) == PINNED[case[0]]


if __name__ == "__main__":
    print("PINNED = {")
    for case in CASES:
        print(f"    {case[0]!r}: {fingerprint(case)!r},")
    print("}")
    print("PINNED_PLAY = {")
    for key, value in play_fingerprints().items():
        print(f"    {key!r}: {value!r},")
    print("}")
