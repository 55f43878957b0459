"""State that no record explains: a refusal or an interrupt changes nothing, one argument is checked one way
everywhere, and two threads on one table leave a table whose record still loads."""

from __future__ import annotations

import math
import threading

import numpy as np
import pytest

from hearts_lab import Game, Hand, HeartsLabError, IllegalMove, IllegalPass, Rules, RulesError
from hearts_lab.arguments import ArgumentError
from hearts_lab.bots import RandomBot, play_hand
from hearts_lab.solve import best_moves, can_force_moon, game_tree, guaranteed_points, reference_solve
from hearts_lab.table import BotFailed, Table

RULES = Rules.preset("standard", players=4)


def _finished(seed: int = 1) -> Hand:
    hand = Hand.deal(RULES, seed=seed, hand_number=3)  # a hold hand
    play_hand(hand, [RandomBot(s) for s in range(4)])
    return hand


def test_an_interrupt_while_adding_a_hand_leaves_the_game_unchanged(monkeypatch):
    game = Game(RULES, seed=1)
    hand = game.next_hand()
    play_hand(hand, [RandomBot(s) for s in range(4)])

    def interrupted(self):
        raise KeyboardInterrupt

    monkeypatch.setattr(Hand, "copy", interrupted)
    with pytest.raises(KeyboardInterrupt):
        game.add_hand(hand)
    assert game.scores == (0, 0, 0, 0) and game.history == []
    monkeypatch.undo()
    scored = game.add_hand(hand)
    assert game.scores == scored.scores_after == tuple(scored.deltas) and len(game.history) == 1


@pytest.mark.parametrize("seat", [True, False, 1.0, 2.0, "2", np.float64(2), None.__class__])
def test_a_bool_a_float_or_text_is_never_a_seat(seat):
    hand = Hand.deal(RULES, seed=7, hand_number=3)  # seat 2 to play
    before = hand.to_json()
    with pytest.raises(IllegalMove) as refused:
        hand.play(hand.legal_moves()[0], seat=seat)
    assert refused.value.rule == "seat" and hand.to_json() == before
    passing = Hand.deal(RULES, seed=7, hand_number=0)
    with pytest.raises(IllegalPass) as refused:
        passing.pass_cards(seat, passing.cards(0)[:3])
    assert refused.value.rule == "seat" and passing.waiting_to_pass == (0, 1, 2, 3)
    with pytest.raises(RulesError):
        hand.cards(seat)
    with pytest.raises(ArgumentError):
        Table(seat=seat)


def test_numpy_integers_are_seats_everywhere():
    hand = Hand.deal(RULES, seed=7, hand_number=3)
    hand.play(hand.legal_moves()[0], seat=np.int64(2))
    assert hand.cards(np.int32(0)) == hand.cards(0) and hand.view(np.int64(1)).seat == 1
    passing = Hand.deal(RULES, seed=7, hand_number=0)
    passing.pass_cards(np.int64(0), passing.cards(0)[:3])
    assert passing.waiting_to_pass == (1, 2, 3)
    assert Table(seat=np.int64(1), seed=2).seat == 1


@pytest.mark.parametrize("budget", [math.nan, math.inf, -1, 0, 1.5, "x", True, None.__class__])
def test_solver_budgets_are_finite_positive_whole_numbers(budget):
    hand = Hand.deal(RULES, seed=3, hand_number=3)
    assert can_force_moon(hand, 1, max_nodes=10**400, time_limit=0.0).forced is None  # huge but whole: a budget
    for call in (lambda: can_force_moon(hand, 1, max_nodes=budget), lambda: guaranteed_points(hand, 1, max_nodes=budget),
                 lambda: best_moves(hand, max_nodes=budget)):
        with pytest.raises(ArgumentError) as refused:
            call()
        assert refused.value.field == "max_nodes"


@pytest.mark.parametrize("limit", [math.nan, math.inf, -1.0, "x", True, [1]])
def test_solver_time_limits_are_finite_and_not_negative(limit):
    hand = Hand.deal(RULES, seed=3, hand_number=3)
    with pytest.raises(ArgumentError) as refused:
        can_force_moon(hand, 1, time_limit=limit)
    assert refused.value.field == "time_limit"


@pytest.mark.parametrize("scores", [5, "0000", (0, 0, 0), (0, 0, 0, 0, 0), (0, 0, 0, 1.5), (0, 0, 0, True), (0, 0, 0, 10**16), iter(int, 1)])
def test_solver_scores_are_checked(scores):
    hand = Hand.deal(RULES, seed=3, hand_number=3)
    with pytest.raises(ArgumentError) as refused:
        best_moves(hand, scores=scores)
    assert refused.value.field == "scores"


def test_solver_refuses_what_is_not_a_hand_with_a_package_error():
    for call in (lambda: best_moves(5), lambda: reference_solve("x"), lambda: game_tree(None, 0)):
        with pytest.raises(TypeError) as refused:
            call()
        assert isinstance(refused.value, HeartsLabError) and refused.value.field == "hand"


def test_a_seed_that_is_not_valid_unicode_is_refused():
    with pytest.raises(RulesError) as refused:
        Game(RULES, seed="\ud800")
    assert refused.value.field == "seed"
    with pytest.raises(RulesError):
        Hand.deal(RULES, seed="ab\udfff")


# -- the table: refusals, bots' failures, threads ----------------------------------------------------------


class _Buggy(RandomBot):
    def choose_play(self, view):
        raise ValueError("my own bug")


class _Cheat(RandomBot):
    def choose_play(self, view):
        legal = set(view.legal_moves())
        return next(c for c in view.cards if c not in legal) if len(legal) < len(view.cards) else super().choose_play(view)


def test_the_table_tells_a_refusal_from_a_bots_failure():
    table = Table(seed=1, bots=[None, RandomBot(1), RandomBot(2), RandomBot(3)])
    refused = table.play("2C" if table.hand.phase == "pass" else table.hand.cards(0)[0])
    assert not refused.ok and isinstance(refused.error, HeartsLabError)
    for bot in (_Buggy(1), _Cheat(1)):
        table = Table(seed=1, bots=[None, bot, RandomBot(2), RandomBot(3)])
        table.pass_cards(table.hand.cards(0)[-3:])
        failed = next((r for r in (table.play(table.legal_moves()[0]) for _ in range(13)) if not r.ok), None)
        if failed is None:  # the cheat was never short of a legal card: nothing to see
            continue
        assert isinstance(failed.error, BotFailed) and failed.error.seat == 1, failed
        assert "the bot at seat 1 failed" in failed.text


def test_two_threads_on_one_table_leave_a_record_that_loads():
    table = Table(Rules.preset("standard", players=4, target=10_000), seat=None, seed=5, bots="random")
    errors: list[BaseException] = []

    def work():
        try:
            for _ in range(15):
                table.next_hand()
        except BaseException as error:  # noqa: BLE001
            errors.append(error)

    threads = [threading.Thread(target=work) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors and not any(t.is_alive() for t in threads)
    game = table.game
    assert len(game.history) == 31 and table.hand.hand_number == game.hand_number - 1
    again = Game.from_json(game.to_json())
    assert again.scores == game.scores and len(again.history) == len(game.history)


def test_a_zero_d_array_is_not_a_list_of_cards_and_the_hand_is_unchanged():
    # np.array(0) is an Iterable by type but iterating it raises TypeError (a Table showed "Something went wrong").
    rules = Rules.preset("standard", players=4)
    hand = Hand.deal(rules, seed=5)
    before = hand.to_json()
    with pytest.raises(IllegalPass, match="list of cards"):
        hand.pass_cards(0, np.array(0))
    assert hand.to_json() == before
    table = Table(rules, seat=0, seed=1)
    report = table.pass_cards(np.array(0))
    assert "list of cards" in report.text and "went wrong" not in report.text


@pytest.mark.parametrize("seat", [True, 1.0, -1, 4, 10**30, "0", None, [0], math.nan])
def test_table_who_and_direction_check_the_seat(seat):
    # They named 'seat True', 'seat -1', 'seat nan' and 'left' for True, or raised a bare TypeError.
    table = Table(Rules.preset("standard", players=4), seat=0, seed=1)
    for call in (table.who, table.direction):
        with pytest.raises(ArgumentError, match="seat"):
            call(seat)
    assert table.who(np.int64(1)) == "seat 1" and table.who(0) == "you" and table.direction(np.int8(2)) == "across"
