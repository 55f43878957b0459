"""The deal stepper: replay a hand, or a hand record, card by card or trick by trick.

>>> from hearts_lab import Rules, Hand
>>> from hearts_lab.bots import play_hand, LowestCardBot
>>> hand = Hand.deal(Rules.preset("standard", players=4), seed=3)
>>> play_hand(hand, [LowestCardBot()] * 4)
>>> stepper = DealStepper(hand)
>>> stepper.next_trick.click(); stepper.step
4
>>> stepper.state.tricks[0].reason in stepper.table.value
True
"""

from __future__ import annotations

import html
import os

import ipywidgets as w

from ..arguments import check_count, check_flag
from ..cards import Card
from ..errors import RecordError
from ..hand import Hand
from ..records import MAX_HAND_RECORD, read_record_file
from ..render import (
    cards_html,
    pass_exchange_html,
    seat_table_html,
)
from ._common import ENGINE_ERRORS, ErrorArea, button, four_colour_box
from .solver import SolverPanel

__all__ = ["DealStepper", "load_hand"]


#: What a student reads first when a pasted record is refused: what the box wants.
RECORD_ADVICE = "This text is not a hand record the stepper can replay: paste the whole text that hand.to_json() prints."


def load_hand(source: Hand | str | os.PathLike[str]) -> Hand:
    """A :class:`Hand` from a hand, a JSON record, or the path of a JSON record file.

    A bad record, or a file that cannot be read, raises :class:`~hearts_lab.errors.RecordError`
    (a ``ValueError``); text is taken as a path only when it is a short ``….json`` name.

    >>> load_hand('{"format": "nonsense"}')
    Traceback (most recent call last):
    ...
    hearts_lab.errors.RecordError: Not a hand record: 'format' is 'nonsense', expected 'hearts-lab/hand'.
    >>> load_hand("no/such/file.json")
    Traceback (most recent call last):
    ...
    hearts_lab.errors.RecordError: Cannot read the hand record file 'no/such/file.json': No such file or directory.
    """
    if isinstance(source, Hand):
        return source
    if isinstance(source, os.PathLike):
        return Hand.from_json(read_record_file(source, "hand record", MAX_HAND_RECORD))
    if isinstance(source, str):
        text = source.strip()
        if not text.startswith("{") and text.endswith(".json") and len(text) <= 1024 and "\n" not in text:
            return Hand.from_json(read_record_file(text, "hand record", MAX_HAND_RECORD))
        return Hand.from_json(text)
    raise RecordError(f"source: expected a Hand, a JSON record or a path, not {type(source).__name__}.", "source")


class DealStepper(w.VBox):
    """Replays a hand card by card (◀/▶, or the "cards played" box) or trick by trick (◀◀ trick / trick ▶▶).

    Step ``k`` shows the hand after its first ``k`` cards (``hand.at(k)``);
    step 0 is the table after the deal and the pass, with each seat's
    received cards underlined and the exchange listed. Every seat's cards
    sit around the table; the trick in the middle shows who led, cancelled
    cards crossed out, the winning card framed, and the engine's sentence
    saying who won and why; each seat's box shows its points so far. Below:
    the pending pile, the kitty, whether hearts are broken, and at the end
    each seat's points.

    ``source`` is a :class:`Hand`, a JSON hand record, or a path to one; a
    record can also be pasted into the "Load a hand record" box. The stepper
    replays a copy: playing on (or undoing) the original hand later does not
    change what it shows; call :meth:`load` again for that.
    """

    def __init__(self, source: Hand | str | os.PathLike[str], *, step: int = 0, four_colour: bool = False) -> None:
        check_count(step, "step", low=0, high=10_000)
        check_flag(four_colour, "four_colour")
        self.hand: Hand = load_hand(source).copy()
        self._cache: dict[int, Hand] = {}
        self.first = button("« first", "hl-step-first", tooltip="Back to the deal")
        self.prev_trick = button("◀◀ trick", "hl-step-prev-trick", tooltip="Back to the end of the previous trick")
        self.back = button("◀ card", "hl-step-back", tooltip="One card back")
        self.next = button("card ▶", "hl-step-next", tooltip="One card forward", style="primary")
        self.next_trick = button("trick ▶▶", "hl-step-next-trick", tooltip="Forward to the end of this trick", style="primary")
        self.last = button("last »", "hl-step-last", tooltip="To the end of the record")
        # A labelled number box rather than a slider: ipywidgets' slider handle has no accessible name
        # (axe-core: aria-input-field-name), while the box's label names it; arrow keys step it.
        # It keeps the attribute name `slider` (and CSS class) that notebooks and tests use.
        self.slider = w.BoundedIntText(
            value=0, min=0, max=0, description="cards played", continuous_update=True,
            style={"description_width": "initial"}, layout=w.Layout(width="170px"),
        )
        self.slider.add_class("hl-step-slider")
        self.four_colour = four_colour_box(four_colour)
        self.status = w.HTML()
        self.status.add_class("hl-step-status")
        self.table = w.HTML()
        self.table.add_class("hl-step-table")
        self.info = w.HTML()
        self.info.add_class("hl-step-info")
        self.error = ErrorArea()
        self.record = w.Textarea(placeholder="Paste a hand record (JSON), e.g. from hand.to_json()", layout=w.Layout(width="98%", height="90px"))
        self.record.add_class("hl-record-text")
        self.load_button = button("Load record", "hl-record-load", tooltip="Replay the pasted hand record")
        # A refused record is reported under "Load record", where the student is looking.
        self.record_error = ErrorArea()
        self.record_error.add_class("hl-record-error")
        loader = w.VBox([self.record, self.load_button, self.record_error])
        self.loader = w.Accordion(children=[loader], titles=("Load a hand record (JSON)",), selected_index=None)
        self.loader.add_class("hl-record-loader")

        self.first.on_click(lambda _: self.go(0))
        self.last.on_click(lambda _: self.go(self.plays))
        self.back.on_click(lambda _: self.go(self.step - 1))
        self.next.on_click(lambda _: self.go(self.step + 1))
        self.prev_trick.on_click(lambda _: self.go(self._trick_boundary(-1)))
        self.next_trick.on_click(lambda _: self.go(self._trick_boundary(+1)))
        # The box holds a pasted record, never a file name: only the record text is read.
        self.load_button.on_click(lambda _: self.load_record(self.record.value))
        self.slider.observe(lambda change: self._show(), names="value")
        self.four_colour.observe(lambda change: self._show(), names="value")

        # "solve ♠": perfect-information values from the position shown (hearts_lab.widgets.solver).
        self.solve = button("solve ♠", "hl-step-solve", tooltip="Solve from here: every legal card's value with all hands face up")
        self.solver = SolverPanel()
        self.solver.layout.display = "none"
        self.solve.on_click(lambda _: self.open_solver())
        controls = w.HBox(
            [self.first, self.prev_trick, self.back, self.next, self.next_trick, self.last, self.slider, self.four_colour, self.solve],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        super().__init__([controls, self.status, self.error, self.table, self.info, self.solver, self.loader])
        self.add_class("hl-stepper")
        self._reset(step)

    # -- state ----------------------------------------------------------------------

    @property
    def plays(self) -> int:
        """How many cards the record holds."""
        return len(self.hand.history)

    @property
    def step(self) -> int:
        """Cards played at the step shown."""
        step: int = self.slider.value
        return step

    @property
    def state(self) -> Hand:
        """The hand after ``step`` cards (a copy; the record itself is never changed)."""
        k = self.step
        if k not in self._cache:
            if len(self._cache) > 64:
                self._cache.clear()
            self._cache[k] = self.hand.at(k)
        return self._cache[k]

    def go(self, step: int) -> None:
        """Show the hand after ``step`` cards (clamped to the record)."""
        self.slider.value = max(0, min(self.plays, step))

    def load_record(self, text: str) -> None:
        """Replay a pasted JSON record (the record box). A bad record keeps the current hand and says, under
        the button, what to paste and what the engine found wrong."""
        try:
            hand = Hand.from_json(text).copy()
        except ENGINE_ERRORS as error:
            self.record_error.show(f"{RECORD_ADVICE} The engine says: {error}")
            return
        self.record_error.clear()
        self.hand = hand
        self._reset(0)

    def load(self, source: Hand | str | os.PathLike[str]) -> None:
        """Replay another hand or record. A bad record shows the engine's message and keeps the current hand."""
        with self.error.catching():
            self.hand = load_hand(source).copy()
            self._reset(0)

    def _reset(self, step: int) -> None:
        self._cache = {}
        with self.slider.hold_trait_notifications():
            self.slider.max = self.plays
            self.slider.value = max(0, min(self.plays, step))
        self._show()

    def _trick_boundary(self, direction: int) -> int:
        """The next (or previous) step at which a trick is complete."""
        n = self.hand.players
        k = self.step
        if direction > 0:
            return min(self.plays, (k // n + 1) * n)
        return max(0, ((k - 1) // n) * n) if k > 0 else 0

    # -- drawing --------------------------------------------------------------------------

    def _last_play(self, state: Hand) -> tuple[int, Card] | None:
        if state.current_trick.plays:
            return state.current_trick.plays[-1]
        if state.tricks:
            return state.tricks[-1].plays[-1]
        return None

    def _show(self) -> None:
        state = self.state
        k = self.step
        four = self.four_colour.value
        for b in (self.first, self.back, self.prev_trick):
            b.disabled = k == 0
        for b in (self.next, self.next_trick, self.last):
            b.disabled = k == self.plays
        rules = state.rules
        head = f"{rules.summary()} · hand {state.hand_number + 1}, dealer seat {state.dealer}"
        trick_done = bool(state.tricks) and not state.current_trick.plays and k > 0
        if k == 0:
            if state.phase == "pass":
                what = f"The deal. Passing {rules.pass_count} cards {rules.pass_direction(state.pass_offset)}; waiting for seats {', '.join(map(str, state.waiting_to_pass))}."
            elif state.passes is not None:
                what = f"After the deal and the pass ({rules.pass_direction(state.pass_offset)}): received cards are underlined in blue. Seat {state.to_play} leads trick 1."
            else:
                what = f"After the deal (no pass this hand). Seat {state.to_play} leads trick 1."
        else:
            last = self._last_play(state)
            assert last is not None, "k > 0: a card has been played"
            seat, card = last
            trick = state.tricks[-1] if trick_done else state.current_trick
            what = f"Trick {trick.number + 1}: seat {seat} played {card}."
            if trick_done:
                what += f" {trick.reason}"
                if trick.collector is not None:
                    what += f" Seat {trick.collector} collects {len(trick.collected)} cards."
                elif state.phase == "over":
                    what += " Nobody collects it."
                else:
                    what += f" It waits on the pending pile ({len(state.pending)} cards)."
            if state.phase == "play":
                what += f" Seat {state.to_play} to play."
        self.status.value = (
            f"<div style='font-size:15px;line-height:1.4'><div style='color:#444'>{html.escape(head)}</div>"
            f"<div><strong>Card {k} of {self.plays}.</strong> {html.escape(what)}</div></div>"
        )
        caption = ""
        if state.phase != "pass":
            shown = state.tricks[-1] if trick_done else state.current_trick
            caption = f"Trick {shown.number + 1} of {rules.hand_size}" + (f" · led by seat {shown.leader}" if shown.plays else "")
        self.table.value = seat_table_html(state, four_colour=four, received=(k == 0 and state.passes is not None), caption=caption)
        self.info.value = self._info_html(state, four)
        if self.solver.layout.display != "none":
            self.solver.four_colour = four
            self.solver.set_hand(state)

    def open_solver(self) -> None:
        """Show the solver panel for the position shown and solve it (if it has few enough tricks left)."""
        self.solver.layout.display = None
        self.solver.four_colour = self.four_colour.value
        self.solver.set_hand(self.state)
        self.solver.solve()

    def _info_html(self, state: Hand, four: bool) -> str:
        rows: list[tuple[str, str]] = []
        k = self.step
        if k == 0 and state.passes is not None:
            rows.append(("The pass", pass_exchange_html(state, four_colour=four, compact=True)))
        # The trick itself is drawn in the middle of the table (each card labelled with its seat) and told in the status line.
        if state.rules.cancellation or state.pending:
            rows.append(("Pending pile", cards_html(state.pending, four_colour=four) if state.pending else "<em>empty</em>"))
        if state.kitty:
            if state.kitty_holder is not None:
                where = f"collected by seat {state.kitty_holder}"
            elif state.phase == "over":
                where = "unclaimed: nobody collected it"
            else:
                where = f"face down, goes with trick {(state.rules.kitty_trick or 0) + 1}"
            rows.append(("Kitty", f"{cards_html(state.kitty, four_colour=four)} <span>({html.escape(where)})</span>"))
        points = state.points()
        if state.phase == "over":  # during the hand each seat's box on the table shows its points
            pts = " · ".join(f"seat {s}: <strong>{p}</strong>" for s, p in enumerate(points))
            rows.append(("Points", pts))
        if state.phase != "pass":
            rows.append(("Hearts", "broken" if state.hearts_broken else "not broken yet"))
        if state.phase == "over":
            end = f"Hand over. {sum(points)} points collected"
            if state.unclaimed:
                lost = state.rules.points(state.unclaimed)
                end += f"; unclaimed, scoring for nobody: {cards_html(state.unclaimed, four_colour=four)} ({lost} points)"
            shooter = state.moon_shooter
            end += f". Seat {shooter} shot the moon!" if shooter is not None else "."
            rows.append(("Result", end))
        # The pass as a table, the other facts flowing beside it: the stepper fits one 1280x800 screen.
        passing = "".join(
            f"<div style='flex:0 1 auto;min-width:0;display:flex;gap:10px'><strong style='padding-top:4px'>{html.escape(name)}</strong>{value}</div>"
            for name, value in rows if name == "The pass"
        )
        facts = "".join(
            f"<span style='display:inline-block;margin:0 1.4em 2px 0'><strong>{html.escape(name)}:</strong> {value}</span>"
            for name, value in rows if name != "The pass"
        )
        return (
            "<div class='hl-step-facts' style='font-size:15px;line-height:1.5;display:flex;flex-wrap:wrap;gap:4px 28px;align-items:flex-start'>"
            f"{passing}<div style='flex:1 1 150px;min-width:150px'>{facts}</div></div>"
        )

    def _repr_html_(self) -> str:  # a static picture for stored notebooks and GitHub
        solved = self.solver.result.value if self.solver.layout.display != "none" else ""
        shown: str = self.status.value + self.table.value + self.info.value + solved
        return shown
