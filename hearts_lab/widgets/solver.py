"""“Solve from here”: the perfect-information values of a position, in a notebook.

A thin view over :mod:`hearts_lab.solve`: for the seat to play it lists every
legal card with the points that card guarantees under perfect play (all cards
face up, the other seats playing together against it), marks the best, and
says for every seat whether it can still force the moon. Deep positions are
refused up front (too many tricks left), and a search that runs out of its
budget is shown greyed with the reason, never as a guess.

>>> from hearts_lab import Hand, Rules
>>> hand = Hand.deal(Rules.preset("standard", players=4), seed=5, hand_number=3)
>>> panel = SolverPanel(hand)
>>> panel.solve_button.disabled, "13 tricks left" in panel.note.value
(True, True)
>>> while len(hand.cards(0)) > 3:
...     hand.play(hand.legal_moves()[0])
>>> panel.set_hand(hand); panel.solve_button.click()
>>> panel.table is not None and panel.table.complete
True
>>> "Moon: seat 0: cannot force the moon" in panel.result.value
True
>>> tight = SolverPanel(hand, max_nodes=5); tight.solve_button.click()
>>> "Greyed: unknown within the budget" in tight.result.value
True
"""

from __future__ import annotations

import html
from typing import Sequence

import ipywidgets as w

from ..arguments import check_budget, check_count, check_flag, check_type
from ..hand import Hand
from ..render import card_html
from ..solve import MoonAnswer, MovesTable, best_moves, can_force_moon
from ._common import ErrorArea, button

__all__ = ["SolverPanel"]

_GREY = "color:#777;background:#f3f3f3"


class SolverPanel(w.VBox):
    """A “solve from here” button and its answer for one position.

    ``max_tricks``: the most tricks left the panel will try (deeper positions are
    refused with the reason); ``max_nodes`` and ``time_limit``: the budget of each
    search (an exhausted budget shows “unknown” greyed, with the reason).
    Call :meth:`set_hand` when the position changes; it clears the old answer.
    """

    def __init__(
        self,
        hand: Hand | None = None,
        *,
        max_tricks: int = 6,
        max_nodes: int = 300_000,
        time_limit: float | None = 10.0,
        four_colour: bool = False,
    ) -> None:
        if hand is not None:
            check_type(hand, Hand, "hand", "a Hand (or None)")
        self.max_tricks = check_count(max_tricks, "max_tricks", low=1, high=13)
        self.max_nodes = check_budget(max_nodes, "max_nodes", whole=True)
        self.time_limit = None if time_limit is None else check_budget(time_limit, "time_limit", zero=True)
        self.four_colour = check_flag(four_colour, "four_colour")
        self.hand: Hand | None = None
        self.scores: tuple[int, ...] | None = None
        self.table: MovesTable | None = None
        self.moons: tuple[MoonAnswer | None, ...] = ()
        self.solve_button = button(
            "solve from here", "hl-solve", tooltip="Perfect-information values of every legal card (all hands face up)"
        )
        self.note = w.HTML()
        self.note.add_class("hl-solve-note")
        self.result = w.HTML()
        self.result.add_class("hl-solve-result")
        self.error = ErrorArea()
        self.solve_button.on_click(lambda _: self.solve())
        super().__init__([w.HBox([self.solve_button, self.note], layout=w.Layout(align_items="center")), self.error, self.result])
        self.add_class("hl-solver")
        self.set_hand(hand)

    def unavailable(self) -> str:
        """Why the position cannot be solved here ('' when it can)."""
        hand = self.hand
        if hand is None:
            return "no position to solve"
        if hand.phase == "pass":
            return "the cards have not been passed yet"
        if hand.phase == "over":
            return "the hand is over"
        seat = hand.to_play
        assert seat is not None, "a hand in play has a seat to play"
        left = len(hand.cards(seat))
        if left > self.max_tricks:
            return f"{left} tricks left: this panel solves positions with at most {self.max_tricks} tricks left"
        return ""

    def set_hand(self, hand: Hand | None, scores: Sequence[int] | None = None) -> None:
        """Show a new position (the panel keeps a reference; the solver never changes the hand).

        ``scores``: the game scores before this hand, for moon rules that read them
        (``auto``, ``avoid-end``); None counts every seat at 0, as :func:`best_moves` does.
        """
        self.hand = hand
        self.scores = None if scores is None else tuple(scores)
        self.table = None
        self.moons = ()
        self.result.value = ""
        self.error.clear()
        why = self.unavailable()
        self.solve_button.disabled = bool(why)
        self.note.value = (
            f"<span style='{_GREY};padding:2px 6px;border-radius:4px'>{html.escape(why)}</span>" if why else
            "<span style='color:#444'>all hands face up; the others play together against the seat to play</span>"
        )

    def solve(self) -> None:
        """Solve the position: every legal card's value, and for every seat whether it can force the moon."""
        why = self.unavailable()
        if why or self.hand is None:
            self.note.value = f"<span style='{_GREY}'>{html.escape(why)}</span>"
            return
        hand = self.hand
        # All or nothing: the answer is shown only once every search has finished.
        self.table, self.moons, self.result.value = None, (), ""
        with self.error.catching():
            table = best_moves(hand, scores=self.scores, max_nodes=self.max_nodes, time_limit=self.time_limit)
            moons: tuple[MoonAnswer | None, ...] = ()
            if hand.rules.moon != "off":
                moons = tuple(
                    can_force_moon(hand, seat, max_nodes=self.max_nodes, time_limit=self.time_limit, line=False)
                    for seat in range(hand.players)
                )
            self.table, self.moons = table, moons
            self.result.value = self._html()

    def _html(self) -> str:
        table = self.table
        assert table is not None and self.hand is not None
        best = set(table.best)
        rows = []
        for m in table.moves:
            card = card_html(m.card, four_colour=self.four_colour)
            if m.points is None:
                value = f"<td style='{_GREY};padding:2px 8px'>unknown</td>"
            else:
                style = "font-weight:bold;background:#e6f4e6" if m.card in best else ""
                value = f"<td style='padding:2px 8px;text-align:right;{style}'>{m.points}</td>"
            rows.append(f"<tr><td style='padding:2px 8px'>{card}</td>{value}</tr>")
        head = (
            f"<div><strong>Seat {table.seat} to play.</strong> Points each card guarantees seat {table.seat} "
            "under perfect play (lower is better):</div>"
        )
        grid = f"<table class='hl-solve-table' style='border-collapse:collapse;font-size:15px'>{''.join(rows)}</table>"
        parts = [head, grid]
        if not table.complete:
            parts.append(f"<div style='{_GREY};padding:2px 6px'>Greyed: {html.escape(table.reason)}.</div>")
        if self.hand.rules.moon == "off":
            parts.append("<div>The moon is off in these rules.</div>")
        else:
            lines = []
            for answer in self.moons:
                if answer is None:
                    continue
                if answer.forced is None:
                    lines.append(f"<span style='{_GREY}'>seat {answer.seat}: {html.escape(answer.reason)}</span>")
                elif answer.forced:
                    card = f" (play {answer.card})" if answer.card is not None else ""
                    lines.append(f"<strong>seat {answer.seat} can force the moon{html.escape(card)}</strong>")
                else:
                    lines.append(f"seat {answer.seat}: cannot force the moon")
            parts.append("<div>Moon: " + " · ".join(lines) + "</div>")
        return "<div class='hl-solve-answer' style='font-size:15px;line-height:1.5'>" + "".join(parts) + "</div>"

    def _repr_html_(self) -> str:  # a static picture for stored notebooks
        shown: str = self.result.value or self.note.value
        return shown
