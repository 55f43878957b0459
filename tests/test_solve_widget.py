"""The "solve from here" panel and its button in the deal stepper, headless."""
from __future__ import annotations

from hearts_lab import Hand, Rules
from hearts_lab.bots import HeuristicBot, play_hand
from hearts_lab.solve import best_moves, can_force_moon
from hearts_lab.widgets import DealStepper
from hearts_lab.widgets.solver import SolverPanel


def played(preset: str = "standard", players: int = 4, seed: int = 5) -> Hand:
    hand = Hand.deal(Rules.preset(preset, players=players), seed=seed)
    play_hand(hand, [HeuristicBot(seed=s) for s in range(players)])
    return hand


def test_panel_shows_every_legal_card_with_the_solver_value():
    hand = played().at(4 * 9)  # four tricks left
    panel = SolverPanel(hand, time_limit=None)  # node budgets only: the same answer however busy the machine
    assert not panel.solve_button.disabled
    panel.solve_button.click()
    expected = best_moves(hand)
    assert panel.table == expected
    for move in expected.moves:
        assert str(move.card.rank if move.card.rank <= 10 else move.card.label) in panel.result.value
    assert f"Seat {hand.to_play} to play" in panel.result.value
    for seat in range(4):
        forced = can_force_moon(hand, seat, line=False).forced
        assert (f"seat {seat}: cannot force the moon" in panel.result.value) == (forced is False)
    assert hand.history == played().at(36).history  # the panel never changes the hand


def test_panel_refuses_deep_positions_and_finished_hands_with_the_reason():
    hand = played()
    panel = SolverPanel(hand.at(4))
    assert panel.solve_button.disabled and "12 tricks left" in panel.note.value
    panel.solve()
    assert panel.table is None and panel.result.value == ""
    panel.set_hand(hand)
    assert panel.solve_button.disabled and "the hand is over" in panel.note.value
    panel.set_hand(Hand.deal(Rules.preset("standard", players=4), seed=1, hand_number=0))
    assert "passed" in panel.note.value


def test_over_budget_is_greyed_with_the_reason_never_a_guess():
    hand = played().at(4 * 7)
    panel = SolverPanel(hand, max_nodes=20)
    panel.solve_button.click()
    assert "Greyed: unknown within the budget" in panel.result.value
    assert "unknown" in panel.result.value and "<- best" not in panel.result.value
    assert panel.table is not None and panel.table.best == ()


def test_moon_off_and_cancellation_positions():
    hand = Hand.deal(Rules.preset("cancellation", players=6, moon="off"), seed=2)
    for seat in range(6):
        hand.pass_cards(seat, hand.cards(seat)[:3])
    while len(hand.cards(hand.to_play)) > 3:
        hand.play(hand.legal_moves()[0])
    panel = SolverPanel(hand, time_limit=None)
    panel.solve_button.click()
    assert "The moon is off in these rules." in panel.result.value and panel.table is not None and panel.table.complete


def test_stepper_solve_button_opens_the_panel_and_follows_the_steps():
    hand = played()
    stepper = DealStepper(hand, step=4 * 8)
    assert stepper.solver.layout.display == "none"
    stepper.solver.time_limit = None
    stepper.solve.click()
    assert stepper.solver.layout.display != "none"
    assert stepper.solver.hand is not None and stepper.solver.hand.history == hand.history[: 4 * 8]
    assert stepper.solver.table is not None and "Seat" in stepper.solver.result.value
    assert stepper.solver.result.value in stepper._repr_html_()
    stepper.next.click()
    assert stepper.solver.result.value == "" and stepper.solver.hand.history == hand.history[: 4 * 8 + 1]
    stepper.solver.solve_button.click()
    assert stepper.solver.table is not None
    stepper.go(0)
    assert stepper.solver.solve_button.disabled and "13 tricks left" in stepper.solver.note.value
