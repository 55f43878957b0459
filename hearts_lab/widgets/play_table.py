"""A table where a student plays whole hands, and a whole game, against the bots.

The widget is a thin view over a :class:`hearts_lab.table.Table`, the session
that owns the game: the table deals, lets the bots pass and reply, scores, takes
moves back and says what happened; the engine behind it decides what is legal
and why a card is not. The widget renders the table, turns clicks into the
table's actions and shows the table's sentence. Nothing here knows a rule of
Hearts, or keeps any state of the game.

Every action is also a method, so a test (or a teacher at the keyboard) can
drive the table without a browser:

>>> table = PlayTable(seed=1)
>>> table.hand.phase, len(table.card_buttons)
('pass', 13)
>>> table.pass_cards(table.hand.cards(0)[-3:])
>>> table.hand.phase, table.hand.to_play
('play', 0)
>>> table.play(table.hand.legal_moves()[0])
>>> table.hand.to_play
0

"solve ♠" opens a :class:`~hearts_lab.widgets.solver.SolverPanel` on the
table's position: with few tricks left, every legal card of the seat to play
with its perfect-information value, solved again after every card. It reads a
copy of the hand and never changes the game:

>>> table.open_solver()
>>> "12 tricks left" in table.solver.note.value, table.hand.to_play
(True, 0)
>>> while len(table.hand.cards(0)) > 4:
...     table.play(table.hand.legal_moves()[0])
>>> sorted(table.solver.table.as_dict()) == sorted(table.hand.legal_moves())
True
"""

from __future__ import annotations

import html
import textwrap
from typing import Any, Callable, Iterable, Sequence

import ipywidgets as widgets

from ..arguments import ArgumentError, check_flag
from ..bots import BOTS, LEVELS, Bot
from ..cards import Card
from ..errors import HeartsLabError, IllegalMove
from ..game import Game, ScoredHand
from ..hand import Hand
from ..render import FOUR_COLOURS, SUIT_COLOURS, card_svg, cards_html
from ..rules import Rules
from ..table import BOT_KINDS, HINT_HONESTY, BotKind, Hint, Report, ReportKind, Table, seat_direction
from ..tricks import Trick
from ..wording import counted
from ._common import four_colour_box
from .solver import SolverPanel

__all__ = ["PlayTable", "seat_direction", "BOT_KINDS", "TABLE_CSS", "KEY_GUARD"]

#: Styles for the table; shipped in the widget, nothing is fetched at run time.
#: Keeps JupyterLab's (and JupyterLite's) command-mode shortcuts out of the table: a key typed with the focus
#: in the table (``m`` in the Opponents menu to pick "medium", ``d d`` or ``x`` on a card) would otherwise also
#: reach the notebook and turn the table's cell into Markdown, delete or cut it, and the game with it. ipywidgets
#: cannot add a listener or an attribute to a widget's element, so a tiny image that fails to load (an empty
#: ``data:`` address) runs one line when the table is drawn: a keydown listener on the table's root that stops
#: the key's propagation. JupyterLab's key bindings are matched on the document as the key bubbles up (it starts
#: with ``bubblingKeydown``), so they never see it; the key still does what it does in the table (Enter or Space
#: press a card, letters type ahead in the menu, Tab moves on). Keys with Ctrl or ⌘ go through (Ctrl+S still
#: saves). Voilà has no notebook shortcuts: there the listener changes nothing.
KEY_GUARD = (
    "<img alt='' src='data:,' style='display:none' onerror=\"(function f(img, tries) {"
    " var root = img.closest('.hl-play-table');"
    " if (!root) { if (tries < 50) setTimeout(function () { f(img, tries + 1); }, 100); return; }"
    " if (root.dataset.hlKeyGuard) return; root.dataset.hlKeyGuard = '1';"
    " root.addEventListener('keydown', function (e) { if (!e.ctrlKey && !e.metaKey) e.stopPropagation(); });"
    " })(this, 0)\">"
)

TABLE_CSS = """
<style>
.hl-play-table { max-width: 1000px; font-family: system-ui, sans-serif; font-size: 15px; color: #1a1a1a; }
.hl-play-table .hl-header { font-size: 1.05em; margin: 0 0 4px 0; line-height: 1.35; }
.hl-play-table .hl-header b { font-size: 1.12em; }
.hl-play-table .hl-muted { color: #666; font-size: 0.92em; }
.hl-play-table .hl-seats { display: flex; gap: 10px; flex-wrap: wrap; margin-bottom: 6px; }
.hl-play-table .hl-seat { box-sizing: border-box; flex: 1 1 170px; max-width: 260px; border: 2px solid #c9c9c9; border-radius: 10px;
  padding: 4px 10px; background: #f7f7f4; line-height: 1.4; }
.hl-play-table .hl-seat.hl-turn { border-color: #e0a800; background: #fff4cc; }
.hl-play-table .hl-seat-name { font-weight: 700; }
.hl-play-table .hl-seat-bot { color: #666; font-size: 0.82em; }
.hl-play-table .hl-badge { display: inline-block; margin-left: 6px; padding: 0 7px; border-radius: 9px; background: #777;
  color: #fff; font-size: 0.78em; font-weight: 700; vertical-align: 1px; }
.hl-play-table .hl-badge-turn { background: #b07d00; }
.hl-play-table .hl-backs { display: inline-block; vertical-align: middle; width: 15px; height: 21px; margin-right: 5px;
  border-radius: 3px; border: 1px solid #24408e; background: repeating-linear-gradient(45deg, #2a6fdb 0 3px, #5b8ee6 3px 6px); }
.hl-play-table .hl-centre { display: flex; gap: 10px; flex-wrap: wrap; align-items: stretch; margin-bottom: 6px; }
/* two trick boxes side by side down to a 620 px wide table (150 % zoom): the trick and the hand on one screen */
.hl-play-table .hl-trick-box { flex: 1 1 300px; border: 1px solid #c9c9c9; border-radius: 10px; padding: 4px 12px 6px 12px;
  background: #fdfdfb; }
.hl-play-table .hl-box-title { font-weight: 700; color: #444; margin-bottom: 2px; }
.hl-play-table .hl-plays { display: flex; gap: 8px; flex-wrap: wrap; align-items: flex-end; }
.hl-play-table .hl-play { text-align: center; font-size: 0.85em; color: #333; }
.hl-play-table .hl-reason { margin-top: 2px; }
.hl-play-table .hl-slot-card { box-sizing: border-box; width: 50px; height: 70px; margin: 2px; border: 2px dashed #b9b9b9;
  border-radius: 5px; display: flex; align-items: center; justify-content: center; font-size: 0.8em; line-height: 1.1;
  color: #888; text-align: center; }
.hl-play-table .hl-slot-turn .hl-slot-card { border-color: #e0a800; color: #8a6100; background: #fff8db; font-weight: 700; }
.hl-play-table .hl-you-bar { border: 2px solid #2a6fdb; background: #eef4ff; border-radius: 10px; padding: 4px 10px;
  max-width: 976px; line-height: 1.4; }
.hl-play-table .hl-you-bar.hl-turn { border-color: #e0a800; background: #fff4cc; }
.hl-play-table .hl-hand-title { font-weight: 600; }
.hl-play-table .hl-message { min-height: 1.5em; padding: 5px 10px; border-radius: 8px; background: #eef4ff;
  border-left: 5px solid #2a6fdb; margin: 4px 0; font-size: 1.02em; }
.hl-play-table .hl-message.hl-error { background: #fdecea; border-left-color: #c8102e; }
.hl-play-table .hl-message.hl-good { background: #e8f5e9; border-left-color: #137333; }
.hl-play-table .hl-why { color: #5a4500; font-size: 0.95em; margin: 0 0 2px 0; }
.hl-play-table .hl-bot-plays { color: #333; }
.hl-play-table .hl-scoreboard table { border-collapse: collapse; margin-top: 4px; }
.hl-play-table .hl-scoreboard th, .hl-play-table .hl-scoreboard td { border: 1px solid #ccc; padding: 3px 10px; text-align: right; }
.hl-play-table .hl-scoreboard th:first-child, .hl-play-table .hl-scoreboard td:first-child { text-align: left; }
.hl-play-table .hl-scoreboard .hl-you-col { background: #eef4ff; }
.hl-play-table .hl-scoreboard tr.hl-total td { font-weight: 700; border-top: 2px solid #888; }
.hl-play-table .hl-game-over { font-size: 1.15em; margin-top: 6px; color: #137333; }
.hl-play-table .hl-hand-over .hl-game-over { font-size: 1.3em; }
.hl-play-table .hl-moon-preview { margin-top: 4px; padding: 4px 8px; background: #fff4e0; border-radius: 6px; }
.hl-play-table .hl-card-row { flex-wrap: wrap; gap: 4px; margin-top: 2px; padding-top: 8px; }
/* 13 cards on one row down to a 700 px wide table (a projector at 125 %), narrower cards before a second row */
.hl-play-table .hl-card-button { width: clamp(42px, calc(100% / 13 - 8px), 58px) !important; height: 78px !important; border-radius: 8px !important;
  border: 2px solid #888 !important; background: #fff !important; padding: 0 !important; margin: 2px !important;
  box-shadow: 0 1px 2px rgba(0,0,0,0.25); }
.hl-play-table .hl-card-row.hl-cards-17 .hl-card-button { width: clamp(40px, calc(100% / 17 - 8px), 58px) !important; }
.hl-play-table .hl-card-button.hl-legal:hover { transform: translateY(-4px); border-color: #2a6fdb !important; }
.hl-play-table .hl-card-button:focus-visible { outline: 3px solid #1f5fbf !important; outline-offset: 2px; }
.hl-play-table .hl-card-button.hl-illegal, .hl-play-table .hl-card-button:disabled { opacity: 0.38 !important;
  background: #e6e6e6 !important; box-shadow: none; }
.hl-play-table .hl-card-button.mod-active, .hl-play-table .hl-card-button.hl-selected {
  transform: translateY(-8px); border: 3px solid #2a6fdb !important; background: #e3edff !important; }
.hl-play-table .hl-card-button.hl-received { border-color: #137333 !important; border-style: dashed !important; }
.hl-play-table .hl-actions { gap: 6px; flex-wrap: wrap; margin: 4px 0; }
.hl-play-table .hl-actions button { height: 36px; font-size: 0.95em; width: auto; min-width: 120px; padding: 0 14px; }
.hl-play-table .hl-table-solver { border: 1px solid #c9c9c9; border-radius: 10px; padding: 4px 12px 6px 12px; margin: 4px 0;
  background: #fdfdfb; max-width: 976px; }
.hl-play-table .hl-level { width: auto !important; }
.hl-play-table .hl-level select { font-size: 0.95em; height: 36px; }
.hl-play-table .hl-hint { border: 1px solid #c9c9c9; border-radius: 10px; padding: 4px 12px 6px 12px; margin: 4px 0;
  background: #fdfdfb; max-width: 976px; }
.hl-play-table .hl-hint table { border-collapse: collapse; margin: 4px 0; }
.hl-play-table .hl-hint th, .hl-play-table .hl-hint td { border: 1px solid #ccc; padding: 2px 10px; text-align: right; }
.hl-play-table .hl-hint th:first-child, .hl-play-table .hl-hint td:first-child { text-align: left; }
.hl-play-table .hl-hint tr.hl-hint-best td { font-weight: 700; background: #e8f5e9; }
.hl-play-table .hl-hint-honesty { color: #5a4500; background: #fff8db; border-radius: 6px; padding: 3px 8px; margin: 2px 0 4px 0; }
.hl-play-table .hl-solver-honesty { color: #5a4500; background: #fff8db; border-radius: 6px; padding: 3px 8px; margin: 2px 0 4px 0; }
</style>
"""


def _pts(points: int) -> str:
    """``1 pt``, ``0 pts``, ``-26 pts``."""
    return f"{points} pt" if abs(points) == 1 else f"{points} pts"


class PlayTable(widgets.VBox):
    """Play Hearts against bots: one seat is the student's, the others are bots.

    ``rules`` default to standard Hearts for 4 players; ``seat`` is the
    student's seat; ``seed`` fixes every deal of the game; ``bots`` is a name
    from the bot registry (the level ``"easy"``, the default: the heuristic
    bot with its moon defence; ``"medium"``, ``"expert"``; ``"heuristic"``,
    ``"random"``) or a list of bot
    objects (the student's entry is ignored); ``four_colour`` draws a
    four-colour deck. The "Opponents" menu (:attr:`level_menu`,
    :meth:`set_level`) changes the bots' level during the game, and "what
    would the expert play?" (:meth:`show_hint`) shows the expert's average
    points for each legal card without changing anything in the game.

    The table is an ``ipywidgets.VBox``: make it the last line of a cell.
    Everything a click does is also a method: :meth:`play`, :meth:`pass_cards`,
    :meth:`choose_moon`, :meth:`next_hand`, :meth:`undo`, :meth:`new_game`;
    :meth:`open_solver` and :meth:`close_solver` show and hide the
    perfect-information panel :attr:`solver` (the "solve ♠" toggle).
    Errors are never raised from these; they appear in :attr:`message`, and a
    failed action changes nothing. The session itself is :attr:`table`, a
    :class:`hearts_lab.table.Table`.

    CSS classes (for styling and browser tests): ``hl-play-table`` on the
    table; ``hl-seat`` per bot (``hl-turn`` on the seat to play);
    ``hl-current-trick``, ``hl-last-trick``, ``hl-hand-over``; ``hl-you-bar``;
    ``hl-card-button`` on each card with ``hl-legal``/``hl-illegal``,
    ``hl-selected``, ``hl-received``; ``hl-why`` (the engine's reasons);
    ``hl-pass-button``, ``hl-moon-old``, ``hl-moon-new``, ``hl-next-hand``,
    ``hl-undo``, ``hl-new-game``, ``hl-four-colour``, ``hl-table-solve`` (the
    "solve ♠" toggle) and ``hl-table-solver`` (its panel, with
    ``hl-solver-honesty`` and the panel's own classes); ``hl-message`` (its
    ``data-version`` grows by one per update and is set last); ``hl-scoreboard``.
    """

    def __init__(
        self,
        rules: Rules | None = None,
        seat: int = 0,
        seed: int | str = 1,
        bots: BotKind | Sequence[Bot | None] = "easy",
        four_colour: bool = False,
    ) -> None:
        super().__init__()
        if seat is None:
            raise ArgumentError("seat: the play table needs the student's seat (a whole number), not None.", "seat")
        check_flag(four_colour, "four_colour")
        #: The session: the game, the hand, the bots, and the sentence of the last action.
        self.table = Table(rules, seat=seat, seed=seed, bots=bots)
        self.four_colour = bool(four_colour)
        self.card_buttons: list[widgets.Button | widgets.ToggleButton] = []
        self._button_pool: dict[tuple[Card, int], widgets.Button] = {}
        self._toggle_pool: dict[tuple[Card, int], widgets.ToggleButton] = {}
        self._button_cards: list[Card] = []
        self._version = 0
        self._bot_plays = ""  # "Seat 1 (left) played 7♣. ..." for the message after an action

        # -- the widgets ----------------------------------------------------------
        self._style = widgets.HTML(TABLE_CSS + KEY_GUARD)
        self.header = widgets.HTML()
        self.header.add_class("hl-header")
        self.seats_html = widgets.HTML()
        self.centre_html = widgets.HTML()
        self.hand_title = widgets.HTML()
        self.card_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.card_row.add_class("hl-card-row")
        self.why_html = widgets.HTML()
        self.why_html.add_class("hl-why")
        self.pass_button = widgets.Button(description="Pass", button_style="primary", icon="share")
        self.pass_button.add_class("hl-pass-button")
        self.pass_button.on_click(lambda _: self._from_click(self.pass_selected))
        self.moon_old_button = widgets.Button(description="old: +26 to everyone else", button_style="warning")
        self.moon_old_button.add_class("hl-moon-old")
        self.moon_old_button.on_click(lambda _: self._from_click(self.choose_moon, "old"))
        self.moon_new_button = widgets.Button(description="new: −26 to me", button_style="warning")
        self.moon_new_button.add_class("hl-moon-new")
        self.moon_new_button.on_click(lambda _: self._from_click(self.choose_moon, "new"))
        self.next_button = widgets.Button(description="Next hand", button_style="success", icon="forward")
        self.next_button.add_class("hl-next-hand")
        self.next_button.on_click(lambda _: self._from_click(self.next_hand))
        self.undo_button = widgets.Button(description="Undo my last move", icon="undo")
        self.undo_button.add_class("hl-undo")
        self.undo_button.on_click(lambda _: self._from_click(self.undo))
        self.new_game_button = widgets.Button(description="New game", icon="refresh")
        self.new_game_button.add_class("hl-new-game")
        self.new_game_button.on_click(lambda _: self._from_click(self.new_game))
        self.four_colour_box = four_colour_box(self.four_colour)
        self.four_colour_box.layout.margin = "6px 0 0 12px"
        self.four_colour_box.observe(self._on_four_colour, names="value")
        # "solve ♠": the deal stepper's solver panel, on the table's position (hearts_lab.widgets.solver).
        self.solve_toggle = widgets.ToggleButton(
            value=False, description="solve ♠",
            tooltip="Solve from here: every legal card's value with all hands face up, the bots' included",
        )
        self.solve_toggle.add_class("hl-table-solve")
        self.solve_toggle.observe(self._on_solve_toggle, names="value")
        #: The perfect-information panel, hidden until "solve ♠" is pressed: the stepper's, with the same budget.
        self.solver = SolverPanel(four_colour=self.four_colour)
        self.solver_honesty = widgets.HTML(
            "<div class='hl-solver-honesty'><b>Perfect information:</b> the solver looks at every hand, the bots' included, "
            "so its values give away what they hold; it only reads the game and changes nothing in it.</div>"
        )
        # The opponents' level, from the registry; a table seated with bot objects shows "your bots".
        level = self.table.level
        options: list[tuple[str, str | None]] = [
            (textwrap.shorten(f"{name}: {BOTS[name].description}", 70, placeholder=" …"), name) for name in LEVELS
        ]
        if level not in LEVELS:
            options.insert(0, (level or "your bots", level))
        self.level_menu = widgets.Dropdown(options=options, value=level, description="Opponents:",
                                           style={"description_width": "initial"})
        self.level_menu.add_class("hl-level")
        self.level_menu.observe(self._on_level, names="value")
        self.hint_button = widgets.Button(
            description="What would the expert play?", icon="lightbulb-o",
            tooltip="The expert's average points for each of your legal cards over its sampled deals; changes nothing",
        )
        self.hint_button.add_class("hl-hint-button")
        self.hint_button.on_click(lambda _: self.show_hint())
        #: The last hint (None until asked, and again after any move).
        self.hint: Hint | None = None
        self.hint_html = widgets.HTML()
        self.hint_html.add_class("hl-hint")
        self.hint_html.layout.display = "none"
        self._announce_kind: ReportKind = "info"
        self._announce = ""  # a sentence for the live region in place of the table's (the hint's)
        self.solver_box = widgets.VBox([self.solver_honesty, self.solver])
        self.solver_box.add_class("hl-table-solver")
        self.solver_box.layout.display = "none"
        self.actions = widgets.HBox(
            [self.pass_button, self.moon_old_button, self.moon_new_button, self.next_button, self.undo_button, self.new_game_button,
             self.hint_button, self.solve_toggle, self.level_menu, self.four_colour_box],
            layout=widgets.Layout(flex_flow="row wrap"),
        )
        self.actions.add_class("hl-actions")
        self.message_html = widgets.HTML()
        self.scoreboard_html = widgets.HTML()
        self.scoreboard_html.add_class("hl-scoreboard")
        self.children = [
            self._style, self.header, self.seats_html, self.centre_html, self.hand_title,
            self.card_row, self.why_html, self.actions, self.message_html, self.hint_html, self.solver_box, self.scoreboard_html,
        ]
        self.add_class("hl-play-table")
        self._render()

    # -- the session, read through -------------------------------------------------------

    rules = property(lambda self: self.table.rules, doc="The table's rules.")
    seat = property(lambda self: self.table.seat, doc="The student's seat.")
    seed = property(lambda self: self.table.seed, doc="The seed of the current game's deals.")
    bots = property(lambda self: self.table.bots, doc="One bot per seat; None at the student's.")

    @property
    def game(self) -> Game:
        return self.table.game

    @property
    def hand(self) -> Hand:
        return self.table.hand

    @property
    def scored(self) -> ScoredHand | None:
        """The current hand's score once it is scored (None before)."""
        return self.table.scored

    @property
    def moon_pending(self) -> bool:
        """The student shot the moon under ``moon="choice"`` and has not chosen yet."""
        return self.table.moon_pending

    def __repr__(self) -> str:
        return f"<PlayTable seat {self.seat}: {self.hand!r}; scores {list(self.game.scores)}>"

    @property
    def message(self) -> str:
        """The last message shown to the student (plain text): the table's, or the hint's sentence."""
        return self._announce or self.table.message

    @property
    def selected(self) -> tuple[Card, ...]:
        """Cards currently selected to pass."""
        return tuple(
            card for card, button in zip(self._button_cards, self.card_buttons)
            if isinstance(button, widgets.ToggleButton) and button.value
        )

    # -- actions: the table acts, the widget shows the result --------------------------------

    def _plays_so_far(self) -> tuple[Hand, list[tuple[int, Card]]]:
        hand = self.hand
        return hand, [*(p for t in hand.tricks for p in t.plays), *hand.current_trick.plays]

    def _bots_sentence(self, plays: Sequence[tuple[int, Card]], start: int) -> str:
        """The bots' cards among ``plays[start:]``: ``Seat 1 played 5♣ (trick 1). Seat 3 led 3♦ (trick 2).``"""
        n, me = self.rules.players, self.seat
        return " ".join(
            f"{self.table.who(seat).capitalize()} {'led' if index % n == 0 else 'played'} {card} (trick {index // n + 1})."
            for index, (seat, card) in enumerate(plays) if index >= start and seat != me
        )

    def _act(self, action: Callable[..., Report], *args: Any) -> None:
        """Run one of the table's actions and show it, with the cards the bots played in reply."""
        before, plays_before = self._plays_so_far()
        report = action(*args)
        hand, plays = self._plays_so_far()
        start = 0 if hand is not before else len(plays_before)
        self._bot_plays = self._bots_sentence(plays, start) if report.ok else ""
        if action in (self.table.next_hand, self.table.new_game, self.table.load_hand) and report.ok:
            self.close_solver()  # a new deal: the old answer means nothing; the student opens it again
        if report.ok:
            self._clear_hint()  # the position moved on (or the opponents changed): the old values are stale
        self._announce = ""
        self._render()

    def play(self, card: Card | str) -> None:
        """Play ``card`` from the student's hand; the bots then reply until the student's next turn.

        An illegal card shows the engine's reason and changes nothing.
        """
        self._act(self.table.play, card)

    def pass_cards(self, cards: Iterable[Card | str] | str) -> None:
        """Pass ``cards`` (exactly ``rules.pass_count`` of the student's cards)."""
        self._act(self.table.pass_cards, cards)

    def pass_selected(self) -> None:
        """Pass the cards selected with the toggle buttons (the "Pass" button)."""
        self.pass_cards(self.selected)

    def choose_moon(self, choice: str) -> None:
        """The student shot the moon under ``moon="choice"``: score it ``"old"`` or ``"new"``."""
        self._act(self.table.choose_moon, choice)

    def next_hand(self) -> None:
        """Deal the game's next hand (after the current one is scored)."""
        self._act(self.table.next_hand)

    def undo(self) -> None:
        """Take back the student's last move (a card, or the pass) and the bots' replies to it."""
        self._act(self.table.undo)

    def load_hand(self, hand: Hand) -> None:
        """Play a prepared hand (e.g. from :meth:`Hand.from_cards`) as the game's next hand.

        Its rules must be the table's and its ``hand_number`` the game's next; the
        current hand, unless already scored, is dropped.
        """
        self._act(self.table.load_hand, hand)

    def new_game(self) -> None:
        """Start a fresh game with the next seed."""
        self._act(self.table.new_game)

    # -- the opponents' level and the expert's hint ---------------------------------------------

    def set_level(self, level: str) -> None:
        """Seat bots of another level (a registry name: ``"easy"``, ``"medium"``, ``"expert"`` ...) from the
        next bot move on; the hand and the scores stay. An unknown name shows the table's refusal."""
        self._act(self.table.set_level, level)
        self._sync_level_menu()

    def _on_level(self, change: dict[str, Any]) -> None:
        if change["new"] is None:  # "your bots" cannot be chosen back once replaced: show what sits there
            self._sync_level_menu()
        elif change["new"] != self.table.level:
            self.set_level(change["new"])

    def _sync_level_menu(self) -> None:
        level = self.table.level
        if self.level_menu.value != level and level in {value for _, value in self.level_menu.options}:
            self.level_menu.value = level

    def show_hint(self) -> None:
        """"What would the expert play?": every legal card's average points over the expert's sampled deals,
        in :attr:`hint_html` and (one sentence) in the message, the table's live region. The game, the bots
        and what Undo takes back are unchanged; when it is not the student's turn the message says why.

        >>> table = PlayTable(seed=1)
        >>> table.pass_cards(table.hand.cards(0)[-3:])
        >>> record = table.hand.to_json()
        >>> table.show_hint()
        >>> table.message.startswith("The expert"), table.hand.to_json() == record
        (True, True)
        """
        try:
            hint = self.table.hint()
        except HeartsLabError as error:
            self._clear_hint()
            self._announce = str(error)
            self._announce_kind = "error"
        else:
            self.hint = hint
            self.hint_html.value = self._hint_table(hint)
            self.hint_html.layout.display = None
            self._announce = hint.text
            self._announce_kind = "info"
        self._render_message()

    def _clear_hint(self) -> None:
        self.hint = None
        self.hint_html.value = ""
        self.hint_html.layout.display = "none"

    def _hint_table(self, hint: Hint) -> str:
        rows = []
        for card, value in hint.values.items():
            against = "its choice" if card == hint.best else hint.gap(card)
            css = " class='hl-hint-best'" if card == hint.best else ""
            rows.append(
                f"<tr{css}><td>{cards_html([card], four_colour=self.four_colour)}</td><td>{value.mean:.1f} ± {value.half_width:.1f}</td>"
                f"<td>{html.escape(against)}</td></tr>"
            )
        return (
            f"<div class='hl-box-title'>What would the expert play? Your average points over {hint.worlds} sampled deals</div>"
            f"<table><thead><tr><th>Card</th><th>Average points (95 %)</th><th>Against {html.escape(str(hint.best))}</th></tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table><div class='hl-hint-honesty'>{html.escape(HINT_HONESTY)}</div>"
        )

    # -- "solve ♠": perfect-information values of the table's position -------------------------

    @property
    def solver_open(self) -> bool:
        """The solver panel is shown (and solves again after every card)."""
        return bool(self.solve_toggle.value)

    def open_solver(self) -> None:
        """Show the solver panel and solve the table's position (if few enough tricks are left).

        The panel gets a copy of the hand and the game's scores: the game, the bots
        and what Undo takes back stay exactly as they were.
        """
        if self.solve_toggle.value:
            self._refresh_solver()
        else:
            self.solve_toggle.value = True  # the observer shows the panel and solves

    def close_solver(self) -> None:
        """Hide the solver panel and forget its answer."""
        self.solve_toggle.value = False
        self._hide_solver()

    def _on_solve_toggle(self, change: dict[str, Any]) -> None:
        if change["new"]:
            self.solver_box.layout.display = None
            self._refresh_solver()
        else:
            self._hide_solver()

    def _hide_solver(self) -> None:
        self.solver_box.layout.display = "none"
        self.solver.set_hand(None)

    def _refresh_solver(self) -> None:
        """Put the table's position into the open panel and solve it; an error shows in the panel, never raised."""
        if not self.solve_toggle.value:
            return
        panel = self.solver
        panel.four_colour = self.four_colour
        try:
            panel.set_hand(self.hand.copy(), self.game.scores)  # a copy: the search cannot touch the game
            if not panel.unavailable():
                panel.solve()
        except (Exception, KeyboardInterrupt) as error:  # the game is untouched: say why there is no answer
            panel.table, panel.moons, panel.result.value = None, (), ""
            if isinstance(error, KeyboardInterrupt):
                text = "The solver was interrupted: no answer for this position (the game is unchanged)."
            elif isinstance(error, ValueError):  # the engine's errors (RulesError, IllegalMove, ...) are ValueErrors
                text = str(error)
            else:
                text = f"The solver failed: {type(error).__name__}: {error}"
            panel.error.show(text)

    def illegal_move(self, card: Card | str) -> IllegalMove | None:
        """The engine's :class:`IllegalMove` for playing ``card`` now, or None if it is legal (nothing changes)."""
        return self.table.why_illegal(card)

    def reason_for(self, card: Card | str) -> str:
        """The engine's sentence for why the student may not play ``card`` now ("" if it is legal)."""
        error = self.illegal_move(card)
        return self.table.refusal(error) if error is not None else ""

    def game_over_sentence(self) -> str:
        """``"Game over, winners: ..."`` (empty while the game goes on)."""
        return self.table.game_over_sentence()

    # -- rendering ---------------------------------------------------------------------------

    def _render(self) -> None:
        self._render_header()
        self._render_seats()
        self._render_centre()
        self._render_cards()
        self._render_actions()
        self._refresh_solver()
        self.scoreboard_html.value = self.scoreboard()
        self._render_message()

    def _render_message(self) -> None:
        # The message goes last; its data-version tells a browser test that this update has fully arrived.
        self._version += 1
        report = self.table.report
        if self._announce:  # the hint's sentence (or why there is none): the table's report is unchanged
            report = Report(self._announce, self._announce_kind)
        kind = {"error": " hl-error", "good": " hl-good"}.get(report.kind, "")
        role = "alert" if report.kind == "error" else "status"
        # The message is the table's live region: screen readers read out each bot's card, the trick's
        # winner and every engine sentence (role "alert" for a refusal, "status" otherwise).
        bots = f"<span class='hl-bot-plays'>{html.escape(self._bot_plays)}</span> " if self._bot_plays and not self._announce else ""
        self.message_html.value = (
            f"<div class='hl-message{kind}' role='{role}' aria-live='{'assertive' if role == 'alert' else 'polite'}' "
            f"aria-atomic='true' data-version='{self._version}'>{bots}{html.escape(report.text.strip())}</div>"
        )

    def _render_header(self) -> None:
        hand, rules = self.hand, self.rules
        if hand.pass_offset:
            target = hand.pass_target(self.seat)
            passing = f"pass {rules.pass_count} {seat_direction(self.seat, target, rules.players)}"
        else:
            passing = "hold hand (no passing)"
        broken = ""
        if hand.phase == "play":
            broken = " · hearts broken" if hand.hearts_broken else " · hearts not broken yet"
        self.header.value = (
            f"<b>Hand {hand.hand_number + 1}</b> · {html.escape(passing)}{broken} · game to {rules.target}, lowest score wins"
            f"<br><span class='hl-muted'>{html.escape(rules.summary())}</span>"
        )

    def _seat_box(self, seat: int, points: Sequence[int]) -> str:
        """A bot's box: where it sits, its card count (never its cards), its points."""
        hand, n = self.hand, self.rules.players
        to_play = hand.to_play == seat
        count = len(hand.cards(seat))
        badges = ""
        if seat == hand.dealer:
            badges += "<span class='hl-badge'>dealer</span>"
        if to_play:
            badges += "<span class='hl-badge hl-badge-turn'>to play</span>"
        return (
            f"<div class='hl-seat{' hl-turn' if to_play else ''}' data-seat='{seat}' role='group' aria-label='seat {seat}'>"
            f"<div><span class='hl-seat-name'>Seat {seat} · {html.escape(seat_direction(self.seat, seat, n))}</span>{badges}</div>"
            f"<div class='hl-seat-line'><span class='hl-backs' aria-hidden='true'></span>"
            f"<span class='hl-count'>{counted(count, 'card')}</span> · this hand <b>{_pts(points[seat])}</b>"
            f" · game <b>{_pts(self.game.scores[seat])}</b></div>"
            f"<div class='hl-seat-bot'>{html.escape(self._bot_name(seat))}</div>"
            "</div>"
        )

    def _bot_name(self, seat: int) -> str:
        """``expert bot`` at a table of a registry level, else the bot's class name."""
        level = self.table.level
        return f"{level} bot" if level is not None else type(self.bots[seat]).__name__

    def _you_bar(self, title: str) -> str:
        """The student's own line above their cards: seat, points, score, and what to do."""
        hand = self.hand
        turn = self.table.my_turn or self.table.passing
        dealer = " · dealer" if hand.dealer == self.seat else ""
        return (
            f"<div class='hl-you-bar{' hl-turn' if turn else ''}' data-seat='{self.seat}'>"
            f"<span class='hl-seat-name'>You · seat {self.seat}</span>{dealer} · this hand <b>{_pts(hand.points()[self.seat])}</b>"
            f" · game <b>{_pts(self.game.scores[self.seat])}</b> — <span class='hl-hand-title'>{title}</span></div>"
        )

    def _render_seats(self) -> None:
        points = self.hand.points()
        order = self.rules.play_order(self.seat)[1:]  # left neighbour first, as seen from the student's chair
        self.seats_html.value = (
            f"<div class='hl-seats' aria-label='seats'>{''.join(self._seat_box(s, points) for s in order)}</div>"
        )

    def _render_centre(self) -> None:
        hand, fc, table = self.hand, self.four_colour, self.table
        boxes = []
        if hand.phase == "play":
            current = hand.current_trick
            body = self._plays_html(current)
            boxes.append(
                f"<div class='hl-trick-box hl-current-trick'><div class='hl-box-title'>Trick {current.number + 1} "
                f"of {self.rules.hand_size}</div>{body}</div>"
            )
        elif hand.phase == "pass":
            target = hand.pass_target(self.seat)
            boxes.append(
                "<div class='hl-trick-box hl-current-trick'><div class='hl-box-title'>Passing</div>"
                f"<div>Choose {self.rules.pass_count} cards to pass {html.escape(seat_direction(self.seat, target, self.rules.players))} "
                f"(to seat {target}). The bots have chosen theirs.</div></div>"
            )
        else:
            points = hand.points()
            shooter = hand.moon_shooter
            moon = f"<div><b>{html.escape(table.who(shooter).capitalize())} shot the moon!</b></div>" if shooter is not None else ""
            rows = " · ".join(f"{html.escape(table.who(s).capitalize())} {points[s]}" for s in range(self.rules.players))
            title = "Hand over"
            if self.game.is_over:
                title = f"<span class='hl-game-over'>{html.escape(self.game_over_sentence())}</span>"
            choice = ""
            preview = table.moon_preview()
            if preview:
                choice = (
                    "<div class='hl-moon-preview'>Scores after <b>old</b>: " + ", ".join(map(str, preview["old"]))
                    + "<br>Scores after <b>new</b>: " + ", ".join(map(str, preview["new"])) + "</div>"
                )
            boxes.append(
                f"<div class='hl-trick-box hl-hand-over'><div class='hl-box-title'>{title}</div>{moon}"
                f"<div>Points this hand: {rows}</div>{choice}</div>"
            )
        if hand.tricks:
            last = hand.tricks[-1]
            clause = html.escape(table.collect_clause(last).strip())
            boxes.append(
                f"<div class='hl-trick-box hl-last-trick'><div class='hl-box-title'>Last trick (trick {last.number + 1})</div>"
                f"{self._plays_html(last)}<div class='hl-reason'><b>{html.escape(last.reason)}</b> {clause}</div></div>"
            )
        extra = []
        if hand.pending:
            extra.append(f"Set-aside pile waiting for the next winner: {cards_html(hand.pending, four_colour=fc)}")
        if hand.kitty:
            holder = hand.kitty_holder
            extra.append(
                f"Kitty: {len(hand.kitty)} cards, " + ("face down" if holder is None else f"taken by {html.escape(table.who(holder))}")
            )
        tail = f"<div class='hl-muted'>{'<br>'.join(extra)}</div>" if extra else ""
        self.centre_html.value = f"<div class='hl-centre'>{''.join(boxes)}</div>{tail}"

    def _plays_html(self, trick: Trick) -> str:
        """The cards of a trick as SVG card faces, each labelled with who played it; empty slots for seats still to play."""
        items = []
        n = self.rules.players
        who = self.table.who
        for seat, card in trick.plays:
            mark = "cancelled" if card in trick.cancelled else ("winner" if trick.complete and seat == trick.winner else "")
            label = who(seat).capitalize() + (" led" if seat == trick.leader else "")
            items.append(
                f"<div class='hl-play' data-seat='{seat}'>{card_svg(card, four_colour=self.four_colour, marked=mark, width=50)}"
                f"<div class='hl-play-who'>{html.escape(label)}</div></div>"
            )
        if not trick.complete:
            order = self.rules.play_order(trick.leader)
            for k in range(len(trick.plays), n):
                seat = order[k]
                now = " hl-slot-turn" if k == len(trick.plays) else ""
                label = "your card" if seat == self.seat else "…"
                items.append(
                    f"<div class='hl-play hl-slot{now}' data-seat='{seat}'><div class='hl-slot-card'>{label}</div>"
                    f"<div class='hl-play-who'>{html.escape(who(seat).capitalize())}</div></div>"
                )
        return f"<div class='hl-plays'>{''.join(items)}</div>"

    _STATE_CLASSES = ("hl-legal", "hl-illegal", "hl-received", "hl-selected", "hl-suit-C", "hl-suit-D", "hl-suit-H", "hl-suit-S")

    def _card_widget(self, kind: type, card: Card, copy: int) -> Any:
        """The one button that ever shows this card (``copy`` tells two-pack twins apart).

        A button is never reused for another card, so a late click (a double
        click, a slow network) can only ever mean the card it showed.
        """
        pool: dict[tuple[Card, int], Any] = self._toggle_pool if kind is widgets.ToggleButton else self._button_pool
        key = (card, copy)
        if key not in pool:
            button = kind(description=str(card))
            button.add_class("hl-card-button")
            button.style.font_weight = "bold"
            button.style.font_size = "21px"
            if kind is widgets.ToggleButton:
                button.observe(self._on_toggle, names="value")
            else:
                button.on_click(lambda _, c=card: self._from_click(self._clicked, c))
            pool[key] = button
        return pool[key]

    def _from_click(self, action: Callable[..., None], *args: Any) -> None:
        """Run a button's action, then put the keyboard focus where the student goes next.

        The button pressed may be gone (a played card, the Pass button); without this the
        focus would fall to the page and a keyboard player would start again from the top.
        Only clicks move the focus: a method called from a cell leaves it in the notebook.
        """
        action(*args)
        self._focus_next()

    def _focus_next(self) -> None:
        table = self.table
        legal = [b for b, c in zip(self.card_buttons, self._button_cards) if table.passing or c in set(table.legal_moves())]
        if table.moon_pending:
            target = self.moon_old_button
        elif self.game.is_over:
            target = self.new_game_button
        elif table.scored is not None:
            target = self.next_button
        elif legal:
            target = legal[0]
        else:
            target = self.undo_button if table.can_undo else None
        if target is not None:
            target.focus()

    def _clicked(self, card: Card) -> None:
        """A card button was clicked. A stale click on a card already played is ignored."""
        if card in self.hand.cards(self.seat):
            self.play(card)

    def _render_cards(self) -> None:
        hand, table = self.hand, self.table
        keep = list(self.selected)  # a refused pass keeps the student's selection
        cards = list(hand.cards(self.seat))
        colours = FOUR_COLOURS if self.four_colour else SUIT_COLOURS
        received = list(table.received)
        passing = table.passing
        my_turn = table.my_turn
        legal = set(table.legal_moves())
        reasons: dict[str, tuple[str, list[str]]] = {}
        kind = widgets.ToggleButton if passing else widgets.Button
        buttons = [self._card_widget(kind, card, cards[:i].count(card)) for i, card in enumerate(cards)]
        marked = list(received)
        for card, button in zip(cards, buttons):
            with button.hold_sync():
                for css in self._STATE_CLASSES:
                    if css in button._dom_classes:
                        button.remove_class(css)
                button.description = str(card)
                button.style.text_color = colours[card.suit]
                button.add_class(f"hl-suit-{card.suit}")
                if card in marked:
                    marked.remove(card)
                    button.add_class("hl-received")
                if passing:
                    on = card in keep
                    if on:
                        keep.remove(card)
                        button.add_class("hl-selected")
                    button.value = on
                    button.tooltip = f"{card.name}: click to select it for passing"
                elif card in legal:
                    button.disabled = False
                    button.add_class("hl-legal")
                    button.tooltip = f"{card.name}: click to play it"
                else:
                    button.disabled = True
                    button.add_class("hl-illegal")
                    button.tooltip = card.name
                    if my_turn:
                        error = table.why_illegal(card)
                        if error is not None:
                            reason = table.refusal(error)
                            button.tooltip = f"{card.name}: {reason}"
                            reasons.setdefault(error.rule, (reason, []))[1].append(str(card))
        self.card_buttons = list(buttons)
        self._button_cards = cards
        if list(self.card_row.children) != buttons:
            self.card_row.children = buttons
        # Up to 17 cards (3 players, one pack) still fit one row: narrower buttons from 14 cards on.
        if 13 < len(buttons) <= 17:
            self.card_row.add_class("hl-cards-17")
        else:
            self.card_row.remove_class("hl-cards-17")
        if passing:
            self._on_toggle({})
        else:
            if hand.phase == "over":
                title = "Your cards: all played."
            elif my_turn:
                title = "Your cards: click one to play it. Grey cards may not be played now."
            else:
                title = "Your cards"
            if received and hand.phase == "play":
                title += f" Dashed frame: received from seat {table.pass_source()}."
            self.hand_title.value = self._you_bar(title)
        # Shown, not only in the tooltip: a disabled button takes no focus, so a keyboard never reaches its tooltip.
        self.why_html.value = "<br>".join(
            f"Why some cards are grey ({html.escape(' '.join(grey))}): {html.escape(reason)}" for reason, grey in reasons.values()
        )

    def _on_toggle(self, change: dict[str, Any]) -> None:
        if not self.table.passing:
            return  # a late toggle after the pass: nothing to update
        count = len(self.selected)
        need = self.rules.pass_count
        target = self.hand.pass_target(self.seat)
        self.hand_title.value = self._you_bar(
            f"Select {need} cards to pass {seat_direction(self.seat, target, self.rules.players)} (to seat {target}): "
            f"<span class='hl-selected-count'>{count} of {need}</span> selected."
        )
        for button in self.card_buttons:
            if isinstance(button, widgets.ToggleButton):
                if button.value:
                    button.add_class("hl-selected")
                else:
                    button.remove_class("hl-selected")
        self.pass_button.description = self._pass_label(count, need)

    @staticmethod
    def _pass_label(count: int, need: int) -> str:
        if count == need:
            return f"Pass these {need}"
        return f"Pass ({count} of {need} selected)"

    def _on_four_colour(self, change: dict[str, Any]) -> None:
        self.four_colour = bool(change["new"])
        self._render()

    def _render_actions(self) -> None:
        table = self.table
        passing = table.passing
        self._display(self.pass_button, passing)
        if passing:
            count, need = len(self.selected), self.rules.pass_count
            self.pass_button.description = self._pass_label(count, need)
        self._display(self.moon_old_button, table.moon_pending)
        self._display(self.moon_new_button, table.moon_pending)
        reward = self.rules.moon_reward
        self.moon_old_button.description = f"old: +{reward} to everyone else"
        self.moon_new_button.description = f"new: −{reward} to me"
        self._display(self.next_button, table.scored is not None and not self.game.is_over)
        self._display(self.new_game_button, self.game.is_over)
        self.undo_button.disabled = not table.can_undo
        self.hint_button.disabled = not table.my_turn

    @staticmethod
    def _display(button: widgets.Button, visible: bool) -> None:
        button.layout.display = None if visible else "none"

    def scoreboard(self) -> str:
        """The game so far as an HTML table: each hand's points and the running scores."""
        n = self.rules.players
        heads = "".join(
            f"<th class='{'hl-you-col' if s == self.seat else ''}'>{f'You (seat {s})' if s == self.seat else f'Seat {s}'}</th>"
            for s in range(n)
        )
        rows = []
        for scored in self.game.history:
            h = scored.hand
            direction = self.rules.pass_direction(h.pass_offset)
            cells = "".join(
                f"<td class='{'hl-you-col' if s == self.seat else ''}'>{d:+d} → {after}</td>"
                for s, (d, after) in enumerate(zip(scored.deltas, scored.scores_after))
            )
            moon = f" · moon ({scored.moon})" if scored.moon else ""
            rows.append(f"<tr><td>Hand {h.hand_number + 1} ({html.escape(direction)}){moon}</td>{cells}</tr>")
        totals = "".join(f"<td class='{'hl-you-col' if s == self.seat else ''}'>{v}</td>" for s, v in enumerate(self.game.scores))
        rows.append(f"<tr class='hl-total'><td>Total</td>{totals}</tr>")
        over = self.game_over_sentence()
        status = f"<div class='hl-game-over'><b>{html.escape(over)}</b></div>" if over else ""
        return (
            f"<div class='hl-box-title'>Scoreboard (game to {self.rules.target}; lowest score wins)</div>"
            f"<table><thead><tr><th>Hand</th>{heads}</tr></thead><tbody>{''.join(rows)}</tbody></table>{status}"
        )
