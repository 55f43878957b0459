"""The passing explorer: the pass rotation of every preset, then a real pass chosen by the student.

>>> explorer = PassingExplorer(preset="standard", players=4, hand_number=0, seed=1)
>>> explorer.rules.pass_offset(0), explorer.hand.phase
(1, 'pass')
>>> for toggle in explorer.card_toggles[:3]:
...     toggle.value = True
>>> explorer.pass_button.click()
>>> explorer.hand.phase, explorer.hand.passes[0] == tuple(explorer.hand.dealt(0)[:3])
('play', True)
>>> explorer.players.value = 11          # the standard preset is for 3 to 7 players
>>> explorer.error.message
"players: the 'standard' preset is for 3 to 7 players, not 11."
"""

from __future__ import annotations

import html

import ipywidgets as w

from ..arguments import check_count, check_flag, check_option
from ..bots import HeuristicBot
from ..cards import Card
from ..hand import Hand
from ..render import (
    FOUR_COLOURS,
    SUIT_COLOURS,
    pass_cycle_html,
    pass_diagram_svg,
    pass_exchange_html,
    suit_rows_html,
)
from ..rules import PRESETS, PresetName, Rules
from ._common import ErrorArea, button, four_colour_box

__all__ = ["PassingExplorer"]


class PassingExplorer(w.VBox):
    """Choose a preset, the number of players (2-11) and the hand number.

    Shows the pass rotation as an SVG diagram (an arrow from every seat to
    the seat it passes to), and a table of who passes to whom through the
    whole cycle. Below, a real hand is dealt (``seed``): the student plays
    ``seat``, picks cards with the toggles and presses *Pass these cards*.
    The pass goes through :meth:`Hand.pass_cards`; the other seats pass with
    a :class:`~hearts_lab.bots.HeuristicBot`; the exchange is shown. A
    preset that does not allow that many players, or a pass of the wrong
    size, shows the engine's message and changes nothing.

    ``hand_number`` is the engine's (from 0); the *hand* box shows it as people
    count hands, from 1 (``hand_number=3`` is hand 4, the hold hand of four-player
    standard Hearts).
    """

    def __init__(
        self,
        preset: PresetName = "standard",
        players: int = 4,
        hand_number: int = 0,
        *,
        seed: int = 1,
        seat: int = 0,
        four_colour: bool = False,
    ) -> None:
        check_option(preset, tuple(PRESETS), "preset")
        check_count(players, "players", low=2, high=52)
        check_count(hand_number, "hand_number", low=0, high=10**6)
        check_count(seed, "seed", low=0, high=10**9)
        seat = check_count(seat, "seat", low=0, high=51)
        check_flag(four_colour, "four_colour")
        self.rules: Rules | None = None
        self.hand: Hand | None = None
        self.seat = seat
        self.preset = w.Dropdown(options=list(PRESETS), value=preset, description="preset", layout=w.Layout(width="230px"))
        self.preset.add_class("hl-pass-preset")
        self.players = w.BoundedIntText(value=players, min=2, max=11, description="players", layout=w.Layout(width="160px"))
        self.players.add_class("hl-pass-players")
        # The box shows the hand as people number it, from 1; ``hand_number`` (the argument) is the engine's, from 0.
        self.hand_number = w.BoundedIntText(value=hand_number + 1, min=1, max=1000, description="hand", style={"description_width": "initial"}, layout=w.Layout(width="130px"))
        self.hand_number.add_class("hl-pass-hand-number")
        self.seed = w.BoundedIntText(value=seed, min=0, max=10**9, description="deal seed", style={"description_width": "initial"}, layout=w.Layout(width="170px"))
        self.seed.add_class("hl-pass-seed")
        self.four_colour = four_colour_box(four_colour)
        self.error = ErrorArea()
        # A refused pass is reported under the button that was pressed, where the student is looking.
        self.pass_error = ErrorArea()
        self.pass_error.add_class("hl-pass-error")
        self.diagram = w.HTML()
        self.diagram.add_class("hl-pass-diagram-view")
        self.cycle = w.HTML()
        self.cycle.add_class("hl-pass-cycle-view")
        self.prompt = w.HTML()
        self.prompt.add_class("hl-pass-prompt")
        self.cards_box = w.HBox(layout=w.Layout(flex_flow="row wrap", max_width="1000px"))
        self.cards_box.add_class("hl-pass-cards")
        self.card_toggles: list[w.ToggleButton] = []
        self.pass_button = button("Pass these cards", "hl-pass-submit", style="primary", tooltip="Pass the selected cards")
        self.redeal_button = button("Deal again", "hl-pass-redeal", tooltip="Undo the pass: the same deal again")
        self.result = w.HTML()
        self.result.add_class("hl-pass-result")

        for control in (self.preset, self.players, self.hand_number, self.seed):
            control.observe(lambda change: self._rebuild(), names="value")
        self.four_colour.observe(lambda change: self._redraw(), names="value")
        self.pass_button.on_click(lambda _: self.submit())
        self.redeal_button.on_click(lambda _: self._rebuild())

        controls = w.HBox(
            [self.preset, self.players, self.hand_number, self.seed, self.four_colour],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        rotation = w.HBox([self.diagram, self.cycle], layout=w.Layout(flex_flow="row wrap", align_items="flex-start"))
        self.picker = w.VBox([self.prompt, self.cards_box, w.HBox([self.pass_button, self.redeal_button]), self.pass_error, self.result])
        super().__init__([controls, self.error, rotation, self.picker])
        self.add_class("hl-passing")
        self._rebuild()

    # -- actions -----------------------------------------------------------------------

    @property
    def selected(self) -> list[Card]:
        """The cards whose toggles are pressed."""
        if self.hand is None:
            return []
        mine = self.hand.dealt(self.seat)
        return [mine[i] for i, t in enumerate(self.card_toggles) if t.value]

    def submit(self) -> None:
        """Pass the selected cards for the student's seat, then let bots pass for everyone else."""
        if self.hand is None:
            return
        with self.pass_error.catching():
            self.hand.pass_cards(self.seat, self.selected)
            for other in self.hand.waiting_to_pass:
                self.hand.pass_cards(other, HeuristicBot(seed=other).choose_pass(self.hand.view(other)))
        self._redraw()

    def _rebuild(self) -> None:
        """New rules and a new deal from the controls; invalid combinations show the engine's message."""
        self.rules = None
        self.hand = None
        self.pass_error.clear()
        with self.error.catching():
            rules = Rules.preset(self.preset.value, players=self.players.value)
            self.seat = min(self.seat, rules.players - 1)
            self.hand = Hand.deal(rules, seed=self.seed.value, hand_number=self.hand_number.value - 1)
            self.rules = rules
        self._make_toggles()
        self._redraw()

    def _make_toggles(self) -> None:
        self.card_toggles = []
        if self.hand is not None:
            for card in self.hand.dealt(self.seat):
                toggle = w.ToggleButton(value=False, description=str(card), tooltip=card.name, layout=w.Layout(width="66px", height="48px", margin="3px", padding="0 2px"))
                toggle.add_class("hl-pass-card")
                toggle.style.font_weight = "bold"
                toggle.style.font_size = "17px"
                toggle.observe(lambda change: self._redraw(), names="value")
                self.card_toggles.append(toggle)
        self.cards_box.children = tuple(self.card_toggles)

    # -- drawing --------------------------------------------------------------------------

    def _redraw(self) -> None:
        rules, hand = self.rules, self.hand
        four = self.four_colour.value
        colours = FOUR_COLOURS if four else SUIT_COLOURS
        if rules is None or hand is None:
            self.diagram.value = ""
            self.cycle.value = ""
            self.picker.layout.display = "none"
            return
        self.picker.layout.display = None
        n = rules.players
        h = hand.hand_number
        offset = rules.pass_offset(h)
        self.diagram.value = pass_diagram_svg(n, offset, size=330, title=f"hand {h + 1}: {rules.pass_direction(offset)}")
        self.cycle.value = (
            f"<div style='font-size:15px;margin:8px 0 0 16px'><div style='margin-bottom:4px'><strong>The whole cycle</strong> "
            f"({html.escape(rules.name)}, {n} players, pass {rules.pass_count}): hand {h + 1} is shaded.</div>"
            f"{pass_cycle_html(rules, highlight=h)}"
            f"<div style='margin-top:6px;color:#444'>Seats are numbered clockwise; seat 1 sits at seat 0's left.</div></div>"
        )
        for toggle, card in zip(self.card_toggles, hand.dealt(self.seat)):
            toggle.style.text_color = colours[card.suit]
            toggle.layout.border = "3px solid #2f7de1" if toggle.value else "1px solid #b5b5b5"
            toggle.disabled = hand.phase != "pass"
        chosen = self.selected
        if hand.phase == "pass":
            target = hand.pass_target(self.seat)
            self.prompt.value = (
                f"<div style='font-size:16px;margin-top:10px'><strong>You are seat {self.seat}.</strong> Pick "
                f"{rules.pass_count} cards to pass {rules.pass_direction(offset)}, to seat {target}. "
                f"Selected {len(chosen)}: {html.escape(' '.join(map(str, chosen))) or 'none yet'}.</div>"
            )
            self.pass_button.disabled = False
            self.result.value = ""
        elif hand.passes is None:
            self.prompt.value = (
                f"<div style='font-size:16px;margin-top:10px'><strong>Hand {h + 1} is a hold hand</strong>: nobody passes "
                f"and play starts at once. Try pressing <em>Pass these cards</em> anyway to see what the engine says.</div>"
            )
            self.pass_button.disabled = False
            self.result.value = f"<div style='font-size:15px'>Your cards (seat {self.seat}):{suit_rows_html(hand.cards(self.seat), four_colour=four)}</div>"
        else:
            self.prompt.value = (
                "<div style='font-size:16px;margin-top:10px'><strong>The exchange is done.</strong> Everyone chose "
                "before seeing what they would receive; then all the cards moved at once.</div>"
            )
            self.pass_button.disabled = True
            mine = hand.received(self.seat) or ()
            self.result.value = (
                f"<div style='font-size:15px'>{pass_exchange_html(hand, four_colour=four)}"
                f"<div style='margin-top:8px'><strong>Your hand now</strong> (received cards underlined):"
                f"{suit_rows_html(hand.cards(self.seat), four_colour=four, received=mine)}</div></div>"
            )

    def _repr_html_(self) -> str:  # a static picture for stored notebooks and GitHub
        cards = ""
        if self.hand is not None and self.hand.phase == "pass":
            cards = suit_rows_html(self.hand.cards(self.seat), four_colour=self.four_colour.value)
            cards = f"<div style='font-size:15px;display:inline-block;border:1px solid #999;border-radius:8px;padding:4px 10px'>{cards}</div>"
        shown: str = self.error.value + self.diagram.value + self.cycle.value + self.prompt.value + cards + self.pass_error.value + self.result.value
        return shown
