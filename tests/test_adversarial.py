"""The adversarial suite: hypothesis draws hostile values for the parameters of public calls, mutates
records, writes hostile files, and plays random action sequences at a table. The promise checked is the
package's: a call returns or raises the package's own error (a ``HeartsLabError``, which is a
``ValueError``), quickly, and a refused action changes nothing.

Each property runs a quick size in every run and a thorough one under ``-m slow`` (``HEARTS_LAB_FUZZ``
sets its size; see tests/adversarial.py).
"""

from __future__ import annotations

import contextlib
import json
import math
import time
from fractions import Fraction
from typing import Any, Callable

import numpy as np
import pytest
from adversarial import JUNK, SCALES, fuzz
from hypothesis import strategies as st

from hearts_lab import Card, Game, Hand, HeartsLabError, Rules, combinatorics as C, trick_winner
from hearts_lab.bots import HeuristicBot, RandomBot, play_hand
from hearts_lab.cards import format_cards, parse_cards
from hearts_lab.exercises import merge_results
from hearts_lab.scoring import auto_moon, game_ends, moon_deltas, score_hand
from hearts_lab.simulate import simulate
from hearts_lab.solve import best_moves, can_force_moon, guaranteed_points
from hearts_lab.table import Table

RULES = Rules.preset("standard", players=4)
SMALL = Rules.preset("lowest-clubs", players=4)  # a 32-card deck: quick hands and searches


def _end_game_hand() -> Hand:
    hand = Hand.deal(SMALL, seed=5, hand_number=3)
    while len(hand.cards(hand.to_play)) > 3:
        hand.play(hand.legal_moves()[0])
    return hand


ENDGAME = _end_game_hand()

# (name, call, good arguments): each parameter in turn gets a hostile value.
CALLS: list[tuple[str, Callable[..., Any], dict[str, Any]]] = [
    ("Rules.preset", Rules.preset, dict(name="standard", players=4)),
    ("Hand.deal", Hand.deal, dict(rules=RULES, seed=7, hand_number=3, dealer=0)),
    ("Hand.from_cards", Hand.from_cards, dict(rules=SMALL, hands=[list(ENDGAME.dealt(s)) for s in range(4)], kitty=(), hand_number=3, dealer=0)),
    ("Game", Game, dict(rules=RULES, seed=1, scores=None, dealer=0)),
    ("Card.parse", Card.parse, dict(text="QS")),
    ("parse_cards", parse_cards, dict(cards="QS 2C")),
    ("format_cards", format_cards, dict(cards=[Card.parse("QS")])),
    ("trick_winner", trick_winner, dict(rules=RULES, plays=[(0, Card.parse("2C")), (1, Card.parse("3C"))])),
    ("score_hand", score_hand, dict(rules=RULES, points=(26, 0, 0, 0), shooter=0, scores=(0, 0, 0, 0))),
    ("moon_deltas", moon_deltas, dict(rules=RULES, points=(26, 0, 0, 0), shooter=0, moon="old")),
    ("auto_moon", auto_moon, dict(rules=RULES, points=(26, 0, 0, 0), shooter=0, scores=(0, 0, 0, 0))),
    ("game_ends", game_ends, dict(rules=RULES, scores=(0, 0, 0, 0))),
    ("can_force_moon", can_force_moon, dict(hand=ENDGAME, seat=0, max_nodes=2_000, time_limit=0.5)),
    ("guaranteed_points", guaranteed_points, dict(hand=ENDGAME, seat=0, max_nodes=2_000, time_limit=0.5)),
    ("best_moves", best_moves, dict(hand=ENDGAME, scores=None, max_nodes=2_000, time_limit=0.5)),
    ("simulate", simulate, dict(rules=SMALL, hands=5, bots="random", seed=1, method="engine")),
    ("deal_count", C.deal_count, dict(rules=RULES)),
    ("p_void", C.p_void, dict(rules=RULES, suit="hearts")),
    ("p_no_hearts", C.p_no_hearts, dict(rules=RULES, some_seat=False)),
    ("deal_sample", C.deal_sample, dict(rules=SMALL, deals=3, seed=1)),
    ("estimate", C.estimate, dict(event=C.no_hearts(), rules=SMALL, deals=5, seed=1)),
    ("deal_table", C.deal_table, dict(presets=("standard",))),
    ("wilson_interval", C.wilson_interval, dict(hits=1, trials=10, confidence=0.95)),
    ("Table", Table, dict(rules=SMALL, seat=0, seed=1, bots="random")),
]
HOSTILE = st.one_of(JUNK, st.sampled_from([np.array([1, 2]), np.int64(2), Fraction(1, 3), "\ud800", -(10**400), 10**400, [None] * 4, (0,) * 4]))


#: Counts a caller may legitimately make huge (a million hands is real work, not a hang): their bounds are
#: tested where they are taken (tests/test_hostile_values.py), not fuzzed here.
REAL_WORK = {"simulate": {"hands"}, "deal_sample": {"deals"}, "estimate": {"deals"}}


@pytest.mark.parametrize("examples", SCALES)
@pytest.mark.parametrize("name, call, good", CALLS, ids=[c[0] for c in CALLS])
def test_a_hostile_argument_gets_a_result_or_the_package_error(examples, name, call, good):
    names = [n for n in good if n not in REAL_WORK.get(name, ())]

    @fuzz(examples, st.sampled_from(names), HOSTILE)
    def check(parameter, value):
        arguments = {**good, parameter: value}
        start = time.process_time()
        with contextlib.suppress(HeartsLabError):
            call(**arguments)
        assert time.process_time() - start < 5, (name, parameter, value)


# -- mutated records -------------------------------------------------------------------------------


def _played_record() -> dict[str, Any]:
    hand = Hand.deal(RULES, seed=11, hand_number=0)
    play_hand(hand, [HeuristicBot(seed=s) for s in range(4)])
    return json.loads(hand.to_json())


RECORD = _played_record()


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += _paths(item, (*prefix, index))
    return out


PATHS = [p for p in _paths(RECORD) if p]
JSON_JUNK = st.one_of(st.none(), st.booleans(), st.integers(-(10**100), 10**100), st.floats(allow_nan=False, allow_infinity=False),
                      st.text(max_size=8), st.lists(st.integers(0, 60), max_size=4), st.sampled_from(["QS", "2C", "10H", "XX", [], {}]))


def _mutated(path: tuple[Any, ...], value: Any, delete: bool) -> dict[str, Any]:
    record = json.loads(json.dumps(RECORD))
    parent = record
    for step in path[:-1]:
        parent = parent[step]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return record


@pytest.mark.parametrize("examples", SCALES)
def test_a_mutated_hand_record_replays_or_is_refused_with_a_record_error(examples):
    @fuzz(examples, st.sampled_from(PATHS), JSON_JUNK, st.booleans())
    def check(path, value, delete):
        text = json.dumps(_mutated(path, value, delete))
        try:
            hand = Hand.from_json(text)
        except HeartsLabError:
            return
        assert Hand.from_json(hand.to_json()).to_json() == hand.to_json()  # what is accepted is a complete record


@pytest.mark.parametrize("examples", SCALES)
def test_a_truncated_or_edited_record_text_is_refused_cleanly(examples):
    text = json.dumps(RECORD)

    @fuzz(examples, st.integers(0, len(text)), st.text(max_size=4))
    def check(cut, insert):
        with contextlib.suppress(HeartsLabError):
            Hand.from_json(text[:cut] + insert + text[cut:] if insert else text[:cut])


# -- hostile files -----------------------------------------------------------------------------------


@pytest.mark.parametrize("examples", SCALES)
def test_any_folder_of_hostile_results_files_merges_or_skips_each(examples, tmp_path_factory):
    good = {"format": "hearts-lab-results/1", "worksheet": "ws1", "student": "Ada", "exported": "t",
            "questions": [{"question": "Q1", "title": "t", "status": "correct", "attempts": 1}]}

    @fuzz(examples, st.lists(st.one_of(st.binary(max_size=200), st.text(max_size=200).map(str.encode),
                                       st.sampled_from(list(good)).map(lambda k: json.dumps({**good, k: [[[1]]]}).encode()),
                                       st.just(json.dumps(good).encode())), min_size=1, max_size=5),
          st.lists(st.sampled_from([".json", ".csv", ".txt"]), min_size=5, max_size=5))
    def check(contents, suffixes):
        folder = tmp_path_factory.mktemp("results")
        for i, (data, suffix) in enumerate(zip(contents, suffixes)):
            (folder / f"f{i}{suffix}").write_bytes(data)
        table = merge_results(folder)
        named = {f"f{i}{s}" for i, s in enumerate(suffixes[: len(contents)]) if s != ".txt"}
        assert {n for n, _ in table.skipped} <= named
        for row in table.rows:
            assert not row["student"].startswith(("=", "+", "-", "@", "\t", "\r"))


# -- a table under random actions ------------------------------------------------------------------------

ACTIONS = st.lists(st.tuples(st.sampled_from(["play", "play-junk", "pass", "pass-junk", "undo", "next", "moon", "load"]), st.integers(0, 40)),
                   min_size=1, max_size=25)


def _state(table: Table) -> tuple[Any, ...]:
    return (table.hand.to_json(), table.game.to_json(), table.scored is None, table.moon_pending, table.received)


@pytest.mark.parametrize("examples", SCALES)
def test_a_refused_table_action_changes_nothing_and_the_record_always_loads(examples):
    @fuzz(examples, ACTIONS, st.integers(0, 5))
    def check(actions, seed):
        table = Table(Rules.preset("lowest-clubs", players=4, moon="choice"), seat=0, seed=seed,
                      bots=[None, RandomBot(1), RandomBot(2), RandomBot(3)])
        for action, k in actions:
            before = _state(table)
            hand = table.hand
            if action == "play":
                cards = hand.cards(0)
                report = table.play(cards[k % len(cards)]) if cards else table.play("2C")
            elif action == "play-junk":
                report = table.play([None, 5, "XX", math.nan, Card.parse("AS")][k % 5])
            elif action == "pass":
                cards = hand.cards(0)
                report = table.pass_cards(cards[k % max(1, len(cards)):][:3])
            elif action == "pass-junk":
                report = table.pass_cards([None, "2C 2C 2C", 7, ["XX"]][k % 4])
            elif action == "undo":
                report = table.undo()
            elif action == "next":
                report = table.next_hand()
            elif action == "moon":
                report = table.choose_moon(["old", "new", "sideways", None][k % 4])
            else:
                report = table.load_hand([None, 5, Hand.deal(RULES, seed=k)][k % 3])
            if not report.ok:
                assert isinstance(report.error, HeartsLabError), report
                assert _state(table) == before, (action, k, report.text)
        again = Game.from_json(table.game.to_json())
        assert again.scores == table.game.scores
