"""The play page: the play table with a rules card and the settings a teacher picks, and no code.

``notebooks/play.ipynb`` shows one :class:`PlayPage` (``make play`` serves it
with Voilà; Binder and the JupyterLite site have it too). The page composes
the :class:`~hearts_lab.widgets.play_table.PlayTable` as it is; the settings
build a new table when **Start a new game** is pressed, so a game in
progress is never changed by a setting on its own.

>>> page = PlayPage()
>>> page.preset.value, page.players.value, page.bots.value, page.play_table.rules.players
('standard', 4, 'easy', 4)
>>> page.preset.value = "cancellation"          # the player counts follow the rule set
>>> page.players.options[0], page.players.value
(6, 6)
>>> page.start.click()
>>> page.play_table.rules.name, len(page.play_table.hand.cards(0))
('cancellation', 17)
>>> "Rules card: Cancellation Hearts, 6 players" in page.rules_card.value
True
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from ..arguments import ArgumentError, check_count, check_flag
from ..rules import PRESET_PLAYERS, PRESETS, PresetName, Rules
from ..rules_card import rules_card_html
from ..table import BOT_KINDS, BotKind
from ._common import ErrorArea
from .play_table import PlayTable

__all__ = ["PlayPage", "PAGE_CSS"]

#: What the rule-set menu calls each preset.
PRESET_LABELS = {
    "standard": "Standard Hearts (3–7)",
    "lowest-clubs": "Lowest clubs out (2–6)",
    "cancellation": "Cancellation, 2 packs (6–11)",
}
#: What the rules card calls each preset.
PRESET_NAMES = {"standard": "Standard Hearts", "lowest-clubs": "Lowest clubs out", "cancellation": "Cancellation Hearts"}
#: What the bots menu calls each kind of bot (a kind without a label is shown by its registry name, as the
#: table's seat boxes and its Opponents menu call it: none has one now).
BOT_LABELS: dict[str, str] = {}

PAGE_CSS = """
<style>
.hl-play-page { max-width: 1000px; font-family: system-ui, sans-serif; color: #1a1a1a; }
.hl-play-page .hl-settings { flex-wrap: wrap; gap: 6px 14px; align-items: center; margin: 2px 0 6px 0; padding: 6px 10px;
  border: 1px solid #c9c9c9; border-radius: 10px; background: #f7f7f4; }
.hl-play-page .hl-settings .widget-label { min-width: 0; width: auto; padding-right: 6px; font-size: 15px; }
.hl-play-page .hl-start { height: 34px; font-size: 15px; }
.hl-play-page details.hl-rules-details { margin: 8px 0 8px 0; border: 1px solid #c9c9c9; border-radius: 10px;
  padding: 4px 12px; background: #fdfdfb; font-size: 15px; line-height: 1.45; }
.hl-play-page details.hl-rules-details summary { cursor: pointer; font-weight: 700; padding: 2px 0; }
.hl-play-page .hl-rules-card h3 { display: none; }
.hl-play-page .hl-rules-card ul { margin: 4px 0 4px 0; padding-left: 22px; }
.hl-play-page .hl-page-note { color: #444; font-size: 15px; margin: 0 0 4px 0; }
</style>
"""


def _bot_label(kind: str) -> str:
    return BOT_LABELS.get(kind, kind)


class PlayPage(widgets.VBox):
    """Settings, a rules card and a :class:`PlayTable`: what a student sees on the code-free play page.

    ``preset``, ``players`` and ``bots`` (a kind of :data:`hearts_lab.table.BOT_KINDS`)
    are the settings the page opens with, and ``seed`` the seed of the game's
    deals (the same seed gives the whole class the same cards). The student
    sits at seat 0. ``solver=False`` hides the play table's "solve ♠" button,
    which would show what the bots hold.

    Bad settings are refused with the engine's sentence, shown in
    :attr:`error`, and the game on the table stays as it was:

    >>> page = PlayPage()
    >>> page.new_game(preset="standard", players=9)
    >>> page.error.message
    "players: the 'standard' preset is for 3 to 7 players, not 9."
    >>> page.play_table.rules.players
    4

    CSS classes: ``hl-play-page``; ``hl-settings`` (``hl-setting-preset``,
    ``hl-setting-players``, ``hl-setting-bots``, ``hl-setting-seed``,
    ``hl-start``); ``hl-rules-details`` holding ``hl-rules-card``; the table's own.
    """

    def __init__(
        self,
        preset: PresetName = "standard",
        players: int = 4,
        bots: BotKind = "easy",
        seed: int = 1,
        *,
        solver: bool = False,
    ) -> None:
        check_flag(solver, "solver")
        check_count(seed, "seed", low=0, high=10**9)  # the page's deal-number box holds 0 .. 10**9
        super().__init__()
        self.show_solver = bool(solver)
        self.error = ErrorArea()
        style = {"description_width": "initial"}
        self.preset = widgets.Dropdown(
            options=[(PRESET_LABELS.get(name, name), name) for name in PRESETS], value="standard",
            description="Rule set", style=style, layout=widgets.Layout(width="auto"),
        )
        self.preset.add_class("hl-setting-preset")
        self.players = widgets.Dropdown(
            options=list(PRESET_PLAYERS["standard"]), value=4, description="Players", style=style,
            layout=widgets.Layout(width="auto"),
        )
        self.players.add_class("hl-setting-players")
        self.bots = widgets.Dropdown(
            options=[(_bot_label(kind), kind) for kind in BOT_KINDS], value="easy",
            description="Bots", style=style, layout=widgets.Layout(width="auto"),
        )
        self.bots.add_class("hl-setting-bots")
        self.seed = widgets.BoundedIntText(
            value=1, min=0, max=10**9, description="Deal number", style=style, layout=widgets.Layout(width="160px"),
            tooltip="The same deal number gives everyone the same cards",
        )
        self.seed.add_class("hl-setting-seed")
        self.start = widgets.Button(description="Start a new game", button_style="primary", icon="refresh",
                                    tooltip="Start a new game with these settings", layout=widgets.Layout(width="auto"))
        self.start.add_class("hl-start")
        self.start.on_click(lambda _: self.new_game())
        self.preset.observe(self._on_preset, names="value")
        self.settings = widgets.HBox([self.preset, self.players, self.bots, self.seed, self.start],
                                     layout=widgets.Layout(flex_flow="row wrap"))
        self.settings.add_class("hl-settings")
        self.note = widgets.HTML(
            "<p class='hl-page-note'>You play the bottom seat, the computer the others. Choose the cards to pass and "
            "press <b>Pass</b>, then click a card to play it; a grey card may not be played now, and the line under "
            "your cards says why. Take few points: the <b>lowest</b> total wins. The rules card is below the table.</p>"
        )
        self.rules_card = widgets.HTML()
        self.play_table: PlayTable = PlayTable()  # replaced below by the opening settings' table
        self.table_box = widgets.VBox([self.play_table])
        self.children = [widgets.HTML(PAGE_CSS), self.note, self.settings, self.error, self.table_box, self.rules_card]
        self.add_class("hl-play-page")
        self.new_game(preset=preset, players=players, bots=bots, seed=seed)
        if self.error.message:  # the opening settings are the caller's: a bad one is a programming error
            raise ArgumentError(self.error.message)

    def __repr__(self) -> str:
        rules = self.play_table.rules
        return f"PlayPage({rules.name!r}, players={rules.players}, bots={self.bots.value!r}, seed={self.play_table.seed!r})"

    def _on_preset(self, change: dict[str, Any]) -> None:
        allowed = PRESET_PLAYERS.get(change["new"])
        if allowed is None:
            return
        current = self.players.value
        keep = min(max(current, allowed.start), allowed.stop - 1)
        self.players.options = list(allowed)  # resets the value: set it after
        self.players.value = keep

    def new_game(self, *, preset: PresetName | None = None, players: int | None = None, bots: BotKind | None = None,
                 seed: int | None = None) -> None:
        """Start a new game with the page's settings (or these, which then show in the settings).

        A setting the engine refuses shows its sentence in :attr:`error` and changes nothing.
        """
        preset = self.preset.value if preset is None else preset
        players = self.players.value if players is None else players
        bots = self.bots.value if bots is None else bots
        seed = self.seed.value if seed is None else seed
        try:
            rules = Rules.preset(preset, players=players)
            table = PlayTable(rules, seat=0, seed=seed, bots=bots)
        except ValueError as refusal:  # the ENGINE_ERRORS are ValueErrors, and Table's own checks are ValueErrors naming the field
            self.error.show(str(refusal))
            return
        self.error.clear()
        if not self.show_solver:
            # Not merely hidden: a toggle hidden by CSS can be shown again from the browser's tools,
            # and the solver sees the bots' cards. Left out of the page, it is never rendered.
            table.solve_toggle.disabled = True
            table.actions.children = tuple(w for w in table.actions.children if w is not table.solve_toggle)
            table.children = [w for w in table.children if w is not table.solver_box]
        self.play_table = table
        self.table_box.children = [table]
        self.preset.value = preset  # the players' options follow (_on_preset)
        self.players.value = players
        self.bots.value = bots
        self.seed.value = seed
        self.rules_card.value = (
            "<details class='hl-rules-details' open><summary>Rules card: "
            f"{html.escape(PRESET_NAMES.get(rules.name, rules.name))}, {rules.players} players</summary>"
            f"{rules_card_html(rules)}</details>"
        )
