"""The perfect-information solver (hearts_lab.solve) against the naive engine search."""
from __future__ import annotations

import dataclasses
import json
import os

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from solve_positions import (
    FIRST_SEED,
    POSITIONS,
    covering_sample,
    features,
    load_answers,
    naive_answer,
    position_of,
    random_position,
)
from suite_size import examples  # a quarter of the examples under make check (tests/suite_size.py)

from hearts_lab import Hand, Rules, RulesError
from hearts_lab.solve import (
    best_moves,
    can_force_moon,
    guaranteed_points,
)

ONE_SUIT_EACH = [
    "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
    "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
    "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
    "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
]


def assert_fast_search_agrees(hand: Hand, scores: tuple[int, ...], naive: dict, where: str) -> None:
    """The fast solver's answer for every seat and every legal card is the naive search's ``naive``
    (:func:`solve_positions.naive_answer`)."""
    for seat in range(hand.players):
        assert guaranteed_points(hand, seat, scores=scores).points == naive["points"][seat], where
        if hand.rules.moon != "off":
            assert can_force_moon(hand, seat, line=False).forced == naive["moon"][seat], where
    assert {str(c): v for c, v in best_moves(hand, scores=scores).as_dict().items()} == naive["moves"], where


def compare(seed: int) -> bool:
    """Fast solver == naive engine minimax, both run now. False if the position is too big for the
    naive search (then it is not counted)."""
    hand, scores = random_position(seed)
    naive = naive_answer(hand, scores)
    if naive is None:
        return False
    assert_fast_search_agrees(hand, scores, naive, f"seed {seed}: {hand.rules.summary()}, moon={hand.rules.moon}\n{hand.to_json()}")
    return True


def test_fast_search_agrees_with_naive_minimax_quick():
    compared = sum(compare(seed) for seed in range(30))
    assert compared >= 27


# -- the 2,000 stored positions (tests/solve_answers.jsonl, written by tests/solve_positions.py) -------

CHUNKS = 16  # the comparison is split so that parallel workers share it; make check runs one chunk
VERIFY_SAMPLE = 96  # positions whose stored answer the naive search re-derives on every run
VERIFY_PARTS = 4
FULL = os.environ.get("HEARTS_LAB_SOLVE_FULL") == "1"  # re-derive all 2,000 (about 10 CPU-minutes)


@pytest.fixture(scope="module")
def stored() -> list[dict]:
    return load_answers()


def test_stored_positions_are_2000_seeded_positions_covering_every_option(stored):
    seeds = [row["seed"] for row in stored]
    assert len(stored) == POSITIONS and seeds == sorted(set(seeds)) and seeds[0] == FIRST_SEED
    assert seeds[-1] - FIRST_SEED < 2300  # few positions were too big for the naive search
    seen = set().union(*(features(row) for row in stored))
    for option in ("auto", "old", "new", "choice", "avoid-end", "off"):
        assert ("moon", f'"{option}"') in seen
    for trait in ("kitty", "trick 1", "mid-trick", "stripped", "scores", "moon forced", "tied best cards"):
        assert (trait, True) in seen
    assert ("cancellation", "true") in seen and ("decks", "2") in seen
    players = {json.loads(v) for k, v in seen if k == "players"}
    assert {2, 3, 4, 5, 6, 7} <= players


@pytest.mark.parametrize("chunk", [0, *(pytest.param(c, marks=pytest.mark.slow) for c in range(1, CHUNKS))])
def test_fast_search_agrees_with_the_stored_naive_answers(stored, chunk):
    """All 2,000 in make test; make check (not slow) compares chunk 0, 125 positions (18.6 s at load 3-5 for 250)."""
    for row in stored[chunk::CHUNKS]:
        hand, scores = position_of(row)
        assert hand.phase == "play", row["seed"]
        assert_fast_search_agrees(hand, scores, row, f"stored seed {row['seed']}: {hand.rules.summary()}")


def test_the_verified_sample_covers_what_the_stored_positions_cover(stored):
    sample = covering_sample(stored, VERIFY_SAMPLE)
    assert len(sample) == VERIFY_SAMPLE
    assert set().union(*(features(r) for r in sample)) == set().union(*(features(r) for r in stored))


@pytest.mark.slow
@pytest.mark.parametrize("part", range(VERIFY_PARTS))
def test_stored_answers_are_the_naive_search_and_the_seeded_positions(stored, part):
    """The stored answers are not taken on trust: the naive search re-derives them on a sample that
    covers every option and trait of the 2,000 (all of them with HEARTS_LAB_SOLVE_FULL=1), and the
    stored positions are the ones the seeded generator makes."""
    sample = stored if FULL else covering_sample(stored, VERIFY_SAMPLE)
    regenerate = "regenerate with: .venv/bin/python tests/solve_positions.py"
    for row in sample[part::VERIFY_PARTS]:
        hand, scores = position_of(row)
        assert naive_answer(hand, scores) == {k: row[k] for k in ("points", "moon", "moves")}, (
            f"seed {row['seed']}: the stored naive answer is not what the naive search finds; {regenerate}")
        fresh, fresh_scores = random_position(row["seed"])
        assert (json.loads(fresh.to_json()), list(fresh_scores)) == (row["hand"], row["scores"]), (
            f"seed {row['seed']}: random_position no longer makes the stored position; {regenerate}")


def test_positions_cover_every_preset_and_option():
    seen = set()
    for seed in range(400):
        hand, _ = random_position(seed)
        r = hand.rules
        seen.add((r.name, r.players))
        seen.add(("moon", r.moon))
        seen.add(("cancellation", r.cancellation))
        seen.add(("trick 1", hand.trick_number == 0))
        seen.add(("kitty", bool(hand.kitty)))
    assert {("cancellation", True), ("trick 1", True), ("kitty", True)} <= seen
    assert {("moon", m) for m in ("auto", "old", "new", "choice", "avoid-end", "off")} <= seen
    assert {("standard", 4), ("lowest-clubs", 2), ("cancellation", 6), ("cancellation", 11)} <= seen


# -- hypothesis properties -----------------------------------------------------------------------

def children(hand: Hand) -> list[Hand]:
    out = []
    for card in hand.legal_moves():
        child = hand.copy()
        child.play(card)
        out.append(child)
    return out


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9), st.data())
def test_value_is_the_best_over_children(seed, data):
    hand, scores = random_position(seed)
    seat = data.draw(st.integers(0, hand.players - 1))
    value = guaranteed_points(hand, seat, scores=scores).points
    kids = []
    for child in children(hand):
        if child.phase == "over":
            from hearts_lab.solve import _seat_delta
            kids.append(_seat_delta(hand.rules, child.points(), child.moon_shooter, seat, scores))
        else:
            kids.append(guaranteed_points(child, seat, scores=scores).points)
    assert value == (min(kids) if hand.to_play == seat else max(kids))
    if hand.rules.moon != "off":
        moon = can_force_moon(hand, seat, line=False).forced
        kid_moons = [
            (child.moon_shooter == seat) if child.phase == "over" else can_force_moon(child, seat, line=False).forced
            for child in children(hand)
        ]
        assert moon == (any(kid_moons) if hand.to_play == seat else all(kid_moons))


def opponents_take_a_moon_card(hand: Hand, seat: int) -> bool:
    """Naive engine search: can the other seats make one of them collect a moon card?"""
    need = hand.rules.moon_card_set

    def taken(h: Hand) -> bool:
        return any(c in need for s in range(h.players) if s != seat for c in h.collected(s))

    def walk(h: Hand) -> bool:
        if taken(h):
            return True
        if h.phase == "over":
            return False
        results = (walk(child) for child in children(h))
        return all(results) if h.to_play == seat else any(results)

    return walk(hand)


@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9), st.data())
def test_no_forced_moon_when_an_opponent_can_take_a_moon_card(seed, data):
    hand, _ = random_position(seed)
    if hand.rules.moon == "off":
        return
    seat = data.draw(st.integers(0, hand.players - 1))
    if opponents_take_a_moon_card(hand, seat):
        assert can_force_moon(hand, seat).forced is False


def test_the_opponents_check_is_not_vacuous():
    hits = 0
    for seed in range(60):
        hand, _ = random_position(seed)
        if hand.rules.moon != "off" and opponents_take_a_moon_card(hand, hand.to_play):
            hits += 1
    assert hits > 5


# -- answers, lines, budgets, errors ----------------------------------------------------------------

def test_one_suit_each_seat_0_forces_the_moon_and_the_line_replays():
    hand = Hand.from_cards(Rules.preset("standard", players=4), ONE_SUIT_EACH, hand_number=3)
    answer = can_force_moon(hand, 0)
    assert answer.forced is True and answer.card is not None
    assert len(answer.line) == 52
    replay = hand.copy()
    for seat, card in answer.line:
        assert replay.to_play == seat
        replay.play(card)
    assert replay.moon_shooter == 0
    assert guaranteed_points(hand, 0).points == 0  # auto moon with scores 0: old moon, 0 for the shooter
    assert guaranteed_points(hand, 1).points == 26


def test_forced_moon_lines_replay_to_a_moon():
    found = 0
    for seed in range(300):
        hand, _ = random_position(seed)
        if hand.rules.moon == "off":
            continue
        for seat in range(hand.players):
            answer = can_force_moon(hand, seat)
            if answer.forced:
                found += 1
                replay = hand.copy()
                for s, card in answer.line:
                    assert replay.to_play == s
                    replay.play(card)
                assert replay.moon_shooter == seat
                if hand.to_play == seat:
                    assert answer.card == answer.line[0][1]
    assert found > 10


def test_points_line_reaches_the_value():
    for seed in range(40):
        hand, scores = random_position(seed)
        seat = hand.to_play
        answer = guaranteed_points(hand, seat, scores=scores, line=True)
        replay = hand.copy()
        for _seat, card in answer.line:
            replay.play(card)
        from hearts_lab.solve import _seat_delta
        assert _seat_delta(hand.rules, replay.points(), replay.moon_shooter, seat, scores) == answer.points


def test_budget_gives_unknown_never_a_guess():
    hand = Hand.deal(Rules.preset("standard", players=4), seed=3, hand_number=3)
    answer = can_force_moon(hand, 1, max_nodes=10)
    assert answer.forced is None and "budget" in answer.reason and not answer
    points = guaranteed_points(hand, 1, max_nodes=10)
    assert points.points is None and "budget" in points.reason
    table = best_moves(hand, max_nodes=10)
    assert not table.complete and table.best == () and all(m.points is None for m in table.moves)
    timed = can_force_moon(hand, 1, time_limit=0.0, max_nodes=10**9)
    assert timed.forced in (None, False)


def test_solver_leaves_the_hand_unchanged():
    hand = Hand.deal(Rules.preset("cancellation", players=6), seed=4)
    for seat in range(6):
        hand.pass_cards(seat, hand.cards(seat)[:3])
    while len(hand.cards(hand.to_play)) > 2:
        hand.play(hand.legal_moves()[0])
    before = hand.to_json()
    best_moves(hand)
    can_force_moon(hand, 0)
    guaranteed_points(hand, 1, line=True)
    assert hand.to_json() == before


def test_errors_name_the_problem():
    rules = Rules.preset("standard", players=4)
    passing = Hand.deal(rules, seed=1, hand_number=0)
    with pytest.raises(ValueError, match="phase"):
        can_force_moon(passing, 0)
    hold = Hand.deal(rules, seed=1, hand_number=3)
    with pytest.raises(ValueError, match="seat"):
        guaranteed_points(hold, 4)
    with pytest.raises(ValueError, match="scores"):
        guaranteed_points(hold, 0, scores=(1, 2))
    with pytest.raises(RulesError, match="moon"):
        can_force_moon(Hand.deal(dataclasses.replace(rules, moon="off"), seed=1, hand_number=3), 0)
    with pytest.raises(TypeError):
        best_moves("not a hand")  # type: ignore[arg-type]


# -- the stored survey and its scale-out --------------------------------------------------------------

def test_survey_chunks_are_the_same_on_a_process_pool():
    from concurrent.futures import ProcessPoolExecutor

    from hearts_lab.solve import survey_chunk

    rules = Rules.preset("standard", players=5, pass_count=0)
    here = survey_chunk(rules.to_dict(), 2026, 430, 436, 50_000)
    with ProcessPoolExecutor(1) as pool:
        there = pool.submit(survey_chunk, rules.to_dict(), 2026, 430, 436, 50_000).result()

    def strip(rows):
        return [{k: v for k, v in r.items() if k != "seconds"} for r in rows]

    assert strip(here) == strip(there) and [r["number"] for r in here] == list(range(430, 436))


@pytest.mark.parametrize("players", [4, 5])
def test_stored_survey_deals_are_the_seeded_deals(repo_root, players):
    import json

    from hearts_lab.deal import deal_cards
    from hearts_lab.stats import wilson_interval

    survey = json.loads((repo_root / "data" / f"forced_moon_standard_{players}.json").read_text(encoding="utf-8"))
    rules = Rules.from_dict(survey["rules"])
    assert survey["forced_deals"] == len(survey["forced"]) and survey["deals"] >= 2000
    assert survey["wilson_95"] == list(wilson_interval(survey["forced_deals"], survey["deals"]))
    for row in survey["forced"] + survey["unknown"]:
        hands, _ = deal_cards(rules, survey["seed"], hand_number=row["number"])
        assert [" ".join(map(str, sorted(h, key=lambda c: c.sort_key()))) for h in hands] == row["hands"]


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 5])
def test_stored_forced_moons_reproduce(repo_root, players):
    import json

    from hearts_lab.deal import deal_cards
    from hearts_lab.stats import wilson_interval

    survey = json.loads((repo_root / "data" / f"forced_moon_standard_{players}.json").read_text(encoding="utf-8"))
    rules = Rules.from_dict(survey["rules"])
    assert survey["forced_deals"] == len(survey["forced"]) and survey["deals"] >= 2000
    assert survey["wilson_95"] == list(wilson_interval(survey["forced_deals"], survey["deals"]))
    for row in survey["forced"][:1]:
        hands, kitty = deal_cards(rules, survey["seed"], hand_number=row["number"])
        assert [" ".join(map(str, sorted(h, key=lambda c: c.sort_key()))) for h in hands] == row["hands"]
        hand = Hand(rules, hands, kitty, hand_number=row["number"], passing=False)
        assert [s for s in range(players) if can_force_moon(hand, s, line=False).forced] == row["seats"]


def test_a_numpy_or_sympy_seat_is_answered_as_the_plain_int():
    # The seat check accepts any integer type; the answer must report the checked int, not carry a numpy
    # int8 (whose arithmetic wraps) or a sympy Integer into the student's tables.
    import numpy as np
    import sympy

    hand, scores = random_position(FIRST_SEED)
    seat = hand.to_play
    plain = guaranteed_points(hand, seat, scores=scores, max_nodes=20_000)
    for other in (np.int8(seat), sympy.Integer(seat)):
        answer = guaranteed_points(hand, other, scores=scores, max_nodes=20_000)
        assert type(answer.seat) is int and answer == plain
        if hand.rules.moon != "off":
            assert type(can_force_moon(hand, other, max_nodes=20_000).seat) is int
