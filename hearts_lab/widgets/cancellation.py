"""The cancellation explorer: compose one trick, or replay prepared hands with set-aside tricks.

>>> explorer = CancellationExplorer()
>>> explorer.case.value = "rulebook"
>>> explorer.result.winner is None, "Set aside" in explorer.trick_view.value
(True, True)
>>> explorer.card_inputs[1].value = "1x"      # not a card: the engine's message, nothing changes
>>> explorer.error.message.startswith("Seat 1: '1x' is not a card")
True
>>> explorer.result.winner is None
True
"""

from __future__ import annotations

import dataclasses
import html

import ipywidgets as w

from ..arguments import check_flag, check_option
from ..cards import Card, CardError
from ..cases import SEQUENCE_CASES, TRICK_CASES, SequenceCase, as_second_trick
from ..hand import Hand
from ..render import ledger_html, resolved_trick_html
from ..rules import Rules
from ..tricks import TrickResult, resolve_trick
from ._common import ErrorArea, button, four_colour_box
from .stepper import DealStepper

__all__ = ["CancellationExplorer", "trick_rules"]

_COMPOSE = "compose"


def trick_rules(players: int, cancellation: bool = True) -> Rules:
    """Cancellation Hearts rules for ``players`` seats; below 6 (the rulebook's short examples) the 6-player rules with fewer seats.

    >>> trick_rules(4).players, trick_rules(4).cancellation, trick_rules(9).kitty_size
    (4, True, 5)
    """
    if players >= 6:
        rules = Rules.preset("cancellation", players=players)
    else:
        rules = dataclasses.replace(Rules.preset("cancellation", players=6), players=players, pass_schedule=(1, players - 1))
    return rules if cancellation else dataclasses.replace(rules, cancellation=False)


def _fact(text: str) -> str:
    return f"<li style='margin:2px 0'>{text}</li>"


class CancellationExplorer(w.VBox):
    """Two tabs.

    *One trick*: pick a prepared case (the rulebook's 10♠ 9♥ 9♥ 10♠ among
    them) or type the card each seat plays. :func:`~hearts_lab.resolve_trick`
    decides it: cancelled pairs are crossed out, the winning card is framed
    (or the trick is set aside), with the engine's sentence and where the
    cards go. Text that is not a card shows the engine's message.

    *Sequences*: real hands from :mod:`hearts_lab.cases` (set aside then
    collected, two set-asides in a row, the kitty travelling with trick 1, an
    unclaimed last trick): a ledger of the tricks that matter and a
    :class:`DealStepper` to replay the hand.
    """

    def __init__(self, case: str = "rulebook", sequence: str = "set-aside", *, four_colour: bool = False) -> None:
        check_option(case, (*TRICK_CASES, _COMPOSE), "case")
        check_option(sequence, tuple(SEQUENCE_CASES), "sequence")
        check_flag(four_colour, "four_colour")
        self._quiet = False
        self.result: TrickResult | None = None
        #: The real hand whose trick 2 is the composed trick (None if no hand can reach it that early).
        self.hand: Hand | None = None
        self.plays: list[tuple[int, Card]] = []
        self.error = ErrorArea()
        self.four_colour = four_colour_box(four_colour)

        # -- one trick --------------------------------------------------------------------
        options = [(c.title, key) for key, c in TRICK_CASES.items()] + [("— compose your own —", _COMPOSE)]
        self.case = w.Dropdown(options=options, value=case, description="case", layout=w.Layout(width="420px"))
        self.case.add_class("hl-cancel-case")
        self.players = w.BoundedIntText(value=6, min=2, max=11, description="players", layout=w.Layout(width="150px"))
        self.players.add_class("hl-cancel-players")
        self.leader = w.Dropdown(options=list(range(6)), value=0, description="leader", layout=w.Layout(width="150px"))
        self.leader.add_class("hl-cancel-leader")
        self.cancellation = w.Checkbox(value=True, description="cancellation rule", indent=False, layout=w.Layout(width="auto"))
        self.cancellation.add_class("hl-cancel-rule")
        self.card_inputs: list[w.Text] = []
        self.inputs_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.inputs_box.add_class("hl-cancel-inputs")
        self.resolve_button = button("Resolve trick", "hl-cancel-resolve", style="primary", tooltip="Ask the engine who wins this trick", width="160px")
        self.note = w.HTML()
        self.note.add_class("hl-cancel-note")
        self.trick_view = w.HTML()
        self.trick_view.add_class("hl-cancel-trick")
        self.verdict = w.HTML()
        self.verdict.add_class("hl-cancel-verdict")

        self.case.observe(lambda change: self._load_case(), names="value")
        self.players.observe(lambda change: self._players_changed(), names="value")
        self.leader.observe(lambda change: self._edited(), names="value")
        self.cancellation.observe(lambda change: self.resolve(), names="value")
        self.four_colour.observe(lambda change: self._redraw_all(), names="value")
        self.resolve_button.on_click(lambda _: self.resolve())

        one = w.VBox(
            [
                w.HBox([self.case, self.players, self.leader, self.cancellation], layout=w.Layout(flex_flow="row wrap", align_items="center")),
                self.error,
                w.HTML("<div style='font-size:14px;color:#444'>Type the card each seat plays (e.g. <code>10S</code>, <code>9h</code>, <code>Q♠</code>); "
                       "play goes clockwise from the leader.</div>"),
                self.inputs_box,
                self.resolve_button,
                self.note,
                self.trick_view,
                self.verdict,
            ]
        )
        one.add_class("hl-cancel-one")

        # -- sequences ---------------------------------------------------------------------------
        self._sequence_cases: dict[str, SequenceCase] = {}
        self.sequence = w.Dropdown(
            options=[(self._get_sequence(key).title, key) for key in SEQUENCE_CASES], value=sequence, description="case",
            layout=w.Layout(width="420px"),
        )
        self.sequence.add_class("hl-cancel-sequence")
        self.story = w.HTML()
        self.story.add_class("hl-cancel-story")
        self.ledger = w.HTML()
        self.ledger.add_class("hl-cancel-ledger")
        self.stepper = DealStepper(self._get_sequence(sequence).hand, four_colour=four_colour)
        self.sequence.observe(lambda change: self._show_sequence(), names="value")
        seq = w.VBox([self.sequence, self.story, self.ledger, w.HTML("<h4 style='margin:12px 0 4px'>Replay the whole hand</h4>"), self.stepper])
        seq.add_class("hl-cancel-sequences")

        self.tabs = w.Tab(children=[one, seq], titles=("One trick", "Sequences"))
        self.tabs.add_class("hl-cancel-tabs")
        title = w.HTML("<div style='font-size:18px;font-weight:700;margin-right:24px'>Cancellation explorer</div>")
        # The error area sits inside the "One trick" tab: its messages are about the trick being composed.
        super().__init__([w.HBox([title, self.four_colour], layout=w.Layout(align_items="center")), self.tabs])
        self.add_class("hl-cancellation")
        self._load_case()
        self._show_sequence()

    # -- one trick ---------------------------------------------------------------------------------

    def _make_inputs(self, n: int) -> None:
        old = [t.value for t in self.card_inputs]
        self.card_inputs = []
        for seat in range(n):
            text = w.Text(value=old[seat] if seat < len(old) else "", description=f"seat {seat}", continuous_update=False,
                          layout=w.Layout(width="150px"), style={"description_width": "52px", "font_size": "16px"})
            text.add_class("hl-cancel-card-input")
            text.observe(lambda change: self._edited(), names="value")
            self.card_inputs.append(text)
        self.inputs_box.children = tuple(self.card_inputs)

    def _load_case(self) -> None:
        key = self.case.value
        if key == _COMPOSE:
            self.note.value = "<div style='font-size:15px;color:#444'>Your own trick: change any card and see what the engine decides.</div>"
            self.resolve()
            return
        case = TRICK_CASES[key]
        self._quiet = True
        try:
            self.players.value = case.players
            self._make_inputs(case.players)
            self.leader.options = list(range(case.players))
            self.leader.value = case.leader
            for seat, card in case.plays():
                self.card_inputs[seat].value = str(card)
        finally:
            self._quiet = False
        short = " Real games have 6 to 11 players." if case.players < 6 else ""
        self.note.value = f"<div style='font-size:15px;color:#444'>{html.escape(case.note + short)}</div>"
        self.resolve()

    def _players_changed(self) -> None:
        if self._quiet:
            return
        n = self.players.value
        self._quiet = True
        try:
            self._make_inputs(n)
            leader = self.leader.value if self.leader.value is not None and self.leader.value < n else 0
            self.leader.options = list(range(n))
            self.leader.value = leader
        finally:
            self._quiet = False
        self._edited()

    def _edited(self) -> None:
        if self._quiet:
            return
        if self.case.value != _COMPOSE:
            self._quiet = True
            try:
                self.case.value = _COMPOSE
            finally:
                self._quiet = False
            self.note.value = "<div style='font-size:15px;color:#444'>Your own trick: change any card and see what the engine decides.</div>"
        self.resolve()

    def resolve(self) -> None:
        """Read the cards, ask the engine, show the result. Bad input shows the engine's message and keeps the last result."""
        if self._quiet:
            return
        n = len(self.card_inputs)
        with self.error.catching():
            rules = trick_rules(n, self.cancellation.value)
            leader = self.leader.value or 0
            plays = []
            for seat in rules.play_order(leader):
                try:
                    card = Card.parse(self.card_inputs[seat].value)
                except CardError as error:
                    raise CardError(f"Seat {seat}: {error}") from None
                plays.append((seat, card))
            result = resolve_trick(rules, plays)
            self.plays, self.result = plays, result
            self.hand = as_second_trick(rules, plays)
            self._quiet = True
            try:  # show what the engine read: "9s" becomes "9♠"
                for seat, card in plays:
                    self.card_inputs[seat].value = str(card)
            finally:
                self._quiet = False
        self._draw_trick()

    def _draw_trick(self) -> None:
        if self.result is None:
            self.trick_view.value = ""
            self.verdict.value = ""
            return
        result, plays = self.result, self.plays
        self.trick_view.value = resolved_trick_html(plays, result, four_colour=self.four_colour.value)
        pairs = ", ".join(str(c) for c in result.cancelled) or "none"
        facts = [_fact(f"Cancelled pairs: {html.escape(pairs)}")]
        hand = self.hand
        if hand is not None:
            second = hand.tricks[1]
            facts.append(_fact(
                "Played as <strong>trick 2 of a real hand</strong> that the engine built around it "
                f"(the same seat {second.leader} won trick 1{' and the kitty' if hand.tricks[0].took_kitty else ''})."
            ))
            if second.collector is not None:
                where = f"seat {second.collector} collects the {len(second.collected)} cards and leads trick 3."
            else:
                where = (
                    f"nobody wins it: its {len(second.pending)} cards wait on the pending pile and seat {second.next_leader} "
                    "leads trick 3. The next trick somebody wins takes the pile too; had this been the last trick, "
                    "nobody would ever collect it."
                )
            facts.append(_fact("The engine says: " + html.escape(where)))
        else:
            facts.append(_fact(
                "No real hand can reach this trick as early as trick 2 (too few cards of the led suit are left "
                "for the players who follow). Later in a hand it can happen: step through the Sequences tab."
            ))
        cls = "hl-verdict-won" if result.winner is not None else "hl-verdict-set-aside"
        self.verdict.value = f"<div class='{cls}' style='font-size:17px;margin-top:6px'><ul style='margin:4px 0 0 0'>{''.join(facts)}</ul></div>"

    # -- sequences ------------------------------------------------------------------------------------

    def _get_sequence(self, key: str) -> SequenceCase:
        if key not in self._sequence_cases:
            self._sequence_cases[key] = SEQUENCE_CASES[key]()
        return self._sequence_cases[key]

    def _show_sequence(self) -> None:
        case = self._get_sequence(self.sequence.value)
        hand = case.hand
        n = hand.players
        self.story.value = f"<div style='font-size:16px;max-width:980px;margin:6px 0'>{html.escape(case.story)}</div>"
        self.ledger.value = self._ledger_html(case)
        self.stepper.load(hand)
        self.stepper.go((case.focus + 1) * n)

    def _ledger_html(self, case: SequenceCase) -> str:
        start, end = max(0, case.focus - 2), min(len(case.hand.tricks), case.focus + 2)
        return ledger_html(case.hand, range(start, end), focus=case.focus, four_colour=self.four_colour.value)

    def _redraw_all(self) -> None:
        self._draw_trick()
        self.ledger.value = self._ledger_html(self._get_sequence(self.sequence.value))
        self.stepper.four_colour.value = self.four_colour.value

    def _repr_html_(self) -> str:  # a static picture for stored notebooks and GitHub
        shown: str = self.error.value + self.note.value + self.trick_view.value + self.verdict.value
        return shown
