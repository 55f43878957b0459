"""The play table's "solve ♠" toggle (issue 12 item 5), headless: the stepper's SolverPanel on the
table's position, solved again after every card, without changing the game."""

from __future__ import annotations

import dataclasses
import random

import pytest

from hearts_lab import Rules
from hearts_lab.errors import RulesError
from hearts_lab.solve import best_moves, can_force_moon
from hearts_lab.widgets import solver as solver_module
from hearts_lab.widgets.play_table import PlayTable
from hearts_lab.widgets.solver import SolverPanel

STANDARD = Rules.preset("standard", players=4)


def new_table(seed: int = 3, rules: Rules | None = None) -> PlayTable:
    table = PlayTable(rules, seed=seed)
    table.solver.time_limit = None  # node budgets only: the same answer however busy the machine
    return table


def passed(seed: int = 3, rules: Rules | None = None) -> PlayTable:
    table = new_table(seed, rules)
    if table.table.passing:
        table.pass_cards(table.hand.cards(0)[-table.rules.pass_count:])
    assert table.hand.phase == "play" and table.hand.to_play == 0
    return table


def down_to(table: PlayTable, tricks_left: int) -> None:
    """The student plays their first legal card until they hold ``tricks_left`` cards."""
    while len(table.hand.cards(0)) > tricks_left:
        table.play(table.hand.legal_moves()[0])
    assert table.hand.phase == "play" and table.hand.to_play == 0


def state(table: PlayTable) -> tuple:
    """Everything the game is: the hand's record, the scored hands, the bots' random state, the message, undo."""
    return (
        table.hand.to_dict(),
        [(s.hand.to_dict(), s.moon_choice, s.deltas) for s in table.game.history],
        table.game.scores,
        [bot.rng.getstate() if bot is not None else None for bot in table.bots],
        table.table.report,
        table.table.can_undo,
        table.table.received,
    )


def shown_values(table: PlayTable) -> dict:
    assert table.solver.table is not None
    return table.solver.table.as_dict()


def test_the_toggle_shows_the_panel_with_the_honesty_sentence():
    table = new_table()
    assert table.solve_toggle.description == "solve ♠" and not table.solver_open
    assert table.solver_box.layout.display == "none"
    assert table.solve_toggle in table.actions.children and table.solver_box in table.children
    table.solve_toggle.value = True  # the click
    assert table.solver_open and table.solver_box.layout.display != "none"
    assert "the cards have not been passed yet" in table.solver.note.value and table.solver.solve_button.disabled
    honesty = table.solver_honesty.value
    assert "looks at every hand, the bots' included" in honesty and "changes nothing" in honesty
    table.solve_toggle.value = False
    assert table.solver_box.layout.display == "none" and table.solver.hand is None and table.solver.result.value == ""


def test_the_panel_shows_the_students_legal_cards_with_the_solvers_values():
    table = passed()
    down_to(table, 6)
    table.open_solver()
    hand = table.hand
    expected = best_moves(hand, scores=table.game.scores)
    assert table.solver.table == expected and expected.complete
    assert shown_values(table) == best_moves(hand).as_dict()  # standard rules: the scores do not change a value
    assert [m.card for m in expected.moves] == list(table.table.legal_moves())
    assert expected.seat == table.seat
    html = table.solver.result.value
    assert f"Seat {table.seat} to play" in html
    for move in expected.moves:
        assert f'aria-label="{move.card.name}"' in html
        assert f">{move.points}</td>" in html
    for seat in range(4):
        forced = can_force_moon(hand, seat, line=False).forced
        assert (f"seat {seat}: cannot force the moon" in html) == (forced is False)


def test_the_panel_follows_every_card_and_undo():
    table = passed(seed=4)
    down_to(table, 6)
    table.open_solver()
    before = shown_values(table)
    history = table.hand.history
    card = table.hand.legal_moves()[-1]
    table.play(card)  # the bots reply; the panel solves the student's next position
    assert table.hand.history[: len(history) + 1] == history + (card,)
    assert table.solver.hand is not None and table.solver.hand.history == table.hand.history
    assert table.solver.hand is not table.hand  # the panel reads a copy
    assert shown_values(table) == best_moves(table.hand, scores=table.game.scores).as_dict()
    assert len(table.hand.cards(0)) == 5 and set(shown_values(table)) == set(table.table.legal_moves())
    table.undo()
    assert table.hand.history == history
    assert shown_values(table) == before


def test_too_many_tricks_left_is_greyed_with_the_reason_then_solved_when_few_enough():
    table = passed(seed=5)
    down_to(table, 7)
    table.open_solver()
    note = table.solver.note.value
    assert "7 tricks left: this panel solves positions with at most 6 tricks left" in note and "#777" in note
    assert table.solver.solve_button.disabled and table.solver.table is None and table.solver.result.value == ""
    table.play(table.hand.legal_moves()[0])
    assert len(table.hand.cards(0)) == 6
    assert not table.solver.solve_button.disabled and table.solver.table is not None and table.solver.table.complete


def test_over_budget_is_greyed_unknown_never_a_guess():
    table = passed(seed=6)
    down_to(table, 6)
    table.solver.max_nodes = 5
    table.open_solver()
    html = table.solver.result.value
    assert "Greyed: unknown within the budget" in html and "unknown</td>" in html
    assert table.solver.table is not None and table.solver.table.best == ()


def test_solving_changes_nothing_in_the_game():
    """Two tables, the same seed and the same student cards; one has the solver open all along."""
    watched, plain = new_table(seed=7), new_table(seed=7)
    watched.open_solver()
    for t in (watched, plain):
        t.pass_cards(t.hand.cards(0)[-3:])
    rng = random.Random(7)
    solved = 0
    while plain.hand.phase == "play":
        assert state(watched) == state(plain)
        card = rng.choice(plain.hand.legal_moves())
        watched.play(card)
        plain.play(card)
        solved += watched.solver.table is not None
    assert state(watched) == state(plain) and solved >= 5
    for t in (watched, plain):
        t.undo()
        t.undo()
    assert state(watched) == state(plain)
    # Opening, solving again and closing the panel is not an action of the game either.
    watched.close_solver()
    watched.open_solver()
    watched.solver.solve_button.click()
    assert state(watched) == state(plain)


def test_a_new_deal_closes_the_panel():
    table = passed(seed=8)
    table.open_solver()
    table.next_hand()  # refused (the hand is not over): the panel stays
    assert table.solver_open and "Finish this hand first" in table.message
    while table.hand.phase == "play":
        table.play(table.hand.legal_moves()[0])
    assert "the hand is over" in table.solver.note.value
    table.next_hand()
    assert not table.solver_open and table.solver_box.layout.display == "none" and table.solver.hand is None
    table.open_solver()
    table.new_game()
    assert not table.solver_open and table.solver.result.value == ""


@pytest.mark.parametrize(
    ("target", "error", "shown"),
    [
        ("best_moves", RulesError("kitty: the solver cannot search this option yet.", "kitty"),
         "kitty: the solver cannot search this option yet."),
        ("can_force_moon", RuntimeError("boom"), "The solver failed: RuntimeError: boom"),
        ("can_force_moon", KeyboardInterrupt(), "The solver was interrupted"),
    ],
)
def test_a_solver_error_shows_in_the_panel_and_changes_nothing(monkeypatch, target, error, shown):
    table = passed(seed=9)
    down_to(table, 6)
    table.open_solver()
    assert table.solver.table is not None
    before = state(table)

    def fail(*args, **kwargs):
        raise error

    monkeypatch.setattr(solver_module, target, fail)
    table.open_solver()  # solve again: the error replaces the old answer, no half of a new one
    assert shown in table.solver.error.value and table.solver.error.message.startswith(shown)
    assert "Traceback" not in table.solver.error.value
    assert table.solver.table is None and table.solver.moons == () and table.solver.result.value == ""
    assert state(table) == before
    table.play(table.hand.legal_moves()[0])  # the game goes on; the panel says the same again
    assert table.hand.phase != "play" or len(table.hand.cards(0)) == 5
    assert shown in table.solver.error.value
    monkeypatch.undo()
    table.open_solver()
    assert table.solver.error.value == "" and (table.hand.phase != "play") == (table.solver.table is None)


def test_the_game_scores_reach_the_solver():
    rules = dataclasses.replace(STANDARD, moon="avoid-end", target=60)
    table = new_table(seed=10, rules=rules)
    table.pass_cards(table.hand.cards(0)[-3:])
    while table.hand.phase == "play":
        table.play(table.hand.legal_moves()[0])
    table.next_hand()
    if table.table.passing:
        table.pass_cards(table.hand.cards(0)[-3:])
    down_to(table, 5)
    table.open_solver()
    assert any(table.game.scores) and table.solver.scores == table.game.scores
    assert shown_values(table) == best_moves(table.hand, scores=table.game.scores).as_dict()


def test_the_stepper_and_the_table_share_one_panel_class():
    table = new_table()
    assert type(table.solver) is SolverPanel
    fresh = SolverPanel()
    assert (table.solver.max_tricks, table.solver.max_nodes) == (fresh.max_tricks, fresh.max_nodes)
    assert PlayTable(seed=3).solver.time_limit == fresh.time_limit


def test_notebook_05_describes_the_toggle_as_it_is():
    import json
    from pathlib import Path

    nb = json.loads((Path(__file__).resolve().parents[1] / "notebooks" / "05_play_against_bots.ipynb").read_text("utf-8"))
    text = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    table = PlayTable(seed=1)
    assert f"**{table.solve_toggle.description}** opens the solver of notebook 10" in text
    assert "once six or fewer tricks are left" in text and table.solver.max_tricks == 6
    assert "It looks at every hand, the bots'\n  included" in text and "the bots' included" in table.solver_honesty.value


def test_notebook_05_describes_the_level_menu_and_the_hint_as_they_are():
    import json
    from pathlib import Path

    from hearts_lab.bots.registry import LEVELS

    nb = json.loads((Path(__file__).resolve().parents[1] / "notebooks" / "05_play_against_bots.ipynb").read_text("utf-8"))
    text = " ".join(" ".join("".join(c["source"]).split()) for c in nb["cells"] if c["cell_type"] == "markdown")
    table = PlayTable(seed=1)
    assert f"**{table.level_menu.description.rstrip(':')}** picks the bots' level" in text
    assert {value for _, value in table.level_menu.options} >= set(LEVELS)
    assert all(f"*{level}*" in text for level in LEVELS)
    assert f"**{table.hint_button.description}** lists each card you may play" in text
    assert "it changes nothing in the game" in text
