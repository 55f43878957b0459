"""Explorers for the counting and simulation notebooks (03, 07, 09): thin views over the engine.

- :class:`DeckExplorer`: pick a preset and a player count and see the deck it
  deals — the cards stripped, the hand size, the kitty, the suit lengths and
  the number of distinct deals, all read from :class:`~hearts_lab.Rules` and
  :mod:`hearts_lab.combinatorics`. A preset/player pair the rules do not allow
  shows the engine's own message, and the last valid deck stays on view.
- :class:`SimulationExplorer`: simulate hands in growing batches, with a
  progress bar, and watch the running estimate of a rate and its 95 %
  interval narrow as hands accumulate.
- :func:`running_estimate` and :func:`plot_running`: the same experiment
  without widgets, for a seeded figure in a stored notebook.

>>> explorer = DeckExplorer("standard", 6)
>>> explorer.facts["cards in the deck"], explorer.facts["cards each"], explorer.facts["kitty"]
(48, 8, 0)
>>> explorer.players.value = 2            # standard Hearts is for 3 to 7 players
>>> print(explorer.error.message)
players: the 'standard' preset is for 3 to 7 players, not 2. The deck below is still the last one allowed (6 players).
>>> explorer.rules.players                # the last valid rules stay in force
6
"""

from __future__ import annotations

import html
import time
from dataclasses import dataclass
from math import ceil
from typing import Any, Callable, Sequence

import ipywidgets as widgets

from ..arguments import check_count, check_option
from ..cards import SUIT_SYMBOLS, SUITS, full_pack
from ..combinatorics import deal_count, hand_count, strip_report
from ..errors import RulesError
from ..rules import PRESET_PLAYERS, PRESETS, PresetName, Rules
from ..stats import wilson_interval
from ..wording import counted
from ._common import ENGINE_ERRORS, ErrorArea, button

__all__ = [
    "DeckExplorer",
    "SimulationExplorer",
    "RunningPoint",
    "EVENTS",
    "running_estimate",
    "plot_running",
]

_ALL_PLAYERS = sorted({n for counts in PRESET_PLAYERS.values() for n in counts})

EXPLORER_CSS = """
<style>
.hl-explorer { font-family: system-ui, sans-serif; font-size: 14px; max-width: 1000px; }
.hl-explorer table { border-collapse: collapse; margin: 4px 0 8px 0; }
.hl-explorer th, .hl-explorer td { border: 1px solid #ccc; padding: 2px 8px; text-align: left; vertical-align: top; }
.hl-explorer th { background: #f0f0ec; font-weight: 600; }
.hl-explorer .hl-gone { color: #aaa; text-decoration: line-through; }
.hl-explorer .hl-red { color: #c8102e; }
.hl-explorer .hl-deck td { font-size: 15px; letter-spacing: 0.5px; }
.hl-explorer p { margin: 4px 0; line-height: 1.4; }
</style>
"""


def _digits(n: int) -> str:
    """A big count for reading: ``4.833 × 10<sup>31</sup> (32 digits)`` (HTML)."""
    text = str(n)
    if len(text) <= 15:
        return f"{n:,}"
    return f"{text[0]}.{text[1:4]} × 10<sup>{len(text) - 1}</sup> ({len(text)} digits)"


class DeckExplorer(widgets.VBox):
    """Pick a preset and a player count; see the stripped deck, hand size, kitty and deal count.

    ``rules`` is the rule set on view; ``facts`` the numbers shown, as plain
    values (``"distinct deals"`` is an exact int). ``error`` is the message
    area: a preset/player pair the engine refuses shows its ``RulesError``.

    >>> e = DeckExplorer()
    >>> e.preset.value = "cancellation"       # 4 players is not a cancellation table: moves to 6
    >>> e.rules.players, e.facts["kitty"], e.facts["cards each"]
    (6, 2, 17)
    """

    def __init__(self, preset: PresetName = "standard", players: int = 4) -> None:
        check_option(preset, tuple(PRESETS), "preset")
        players = check_count(players, "players", low=2, high=52)
        Rules.preset(preset, players=players)  # a player count the preset does not allow: its RulesError, now
        self.preset = widgets.Dropdown(options=list(PRESETS), value=preset, description="rules",
                                       layout=widgets.Layout(width="260px"))
        self.players = widgets.Dropdown(options=_ALL_PLAYERS, value=players, description="players",
                                        layout=widgets.Layout(width="180px"))
        self.preset.add_class("hl-deck-preset")
        self.players.add_class("hl-deck-players")
        self.error = ErrorArea()
        self.view = widgets.HTML()
        self.view.add_class("hl-deck-view")
        self.rules: Rules = Rules.preset(preset, players=players)
        self.facts: dict[str, Any] = {}
        self._moving = False
        super().__init__([widgets.HTML(EXPLORER_CSS), widgets.HBox([self.preset, self.players]), self.error, self.view])
        self.add_class("hl-explorer")
        self.add_class("hl-deck-explorer")
        self.preset.observe(self._preset_changed, names="value")
        self.players.observe(self._players_changed, names="value")
        self._show(self.rules)

    def __repr__(self) -> str:
        return f"DeckExplorer (interactive: run the notebook to use it) for {self.rules.name}, {self.rules.players} players"

    # -- events ---------------------------------------------------------------

    def _preset_changed(self, change: dict[str, Any]) -> None:
        allowed = PRESET_PLAYERS[change["new"]]
        if self.players.value not in allowed:
            # a new preset starts at its smallest table; the engine would refuse the old count
            self._moving = True
            try:
                self.players.value = allowed[0]
            finally:
                self._moving = False
        self._update()

    def _players_changed(self, change: dict[str, Any]) -> None:
        if not self._moving:
            self._update()

    def _update(self) -> None:
        try:
            rules = Rules.preset(self.preset.value, players=self.players.value)
        except ENGINE_ERRORS as error:
            self.error.show(f"{error} The deck below is still the last one allowed ({self.rules.players} players).")
            return
        self.error.clear()
        self._show(rules)

    # -- view -----------------------------------------------------------------

    def _show(self, rules: Rules) -> None:
        report = strip_report(rules)
        deals = deal_count(rules)
        hands = hand_count(rules)
        deck = rules.deck()
        self.rules = rules
        self.facts = {
            "cards in the deck": len(deck),
            "packs": rules.decks,
            "removed": tuple(rules.removed),
            "cards each": rules.hand_size,
            "kitty": rules.kitty_size,
            "left over": report.remainder,
            "suit lengths": {s: report.suit_sizes[s] for s in SUITS},
            "opening card": rules.opening_card,
            "distinct deals": int(deals.value),
            "deal formula": deals.text,
            "hands for one seat": int(hands.value),
        }
        self.view.value = self._html(rules, report, deals.text)

    def _html(self, rules: Rules, report: Any, formula: str) -> str:
        f = self.facts
        removed = set(rules.removed)
        rows = []
        for suit in SUITS:
            red = suit in ("D", "H")
            cells = []
            for card in (c for c in full_pack() if c.suit == suit):
                label = html.escape(str(card))
                if card in removed:
                    cells.append(f"<span class='hl-gone' title='removed'>{label}</span>")
                else:
                    cells.append(f"<span class='{'hl-red' if red else ''}'>{label}</span>")
            copies = " (× 2: two packs)" if rules.decks == 2 else ""
            rows.append(f"<tr><th>{SUIT_SYMBOLS[suit]} {f['suit lengths'][suit]}</th><td>{' '.join(cells)}{copies}</td></tr>")
        removed_text = " ".join(map(str, rules.removed)) or "nothing"
        kitty_note = f" cards, {rules.kitty_text}" if rules.kitty_size else ""
        opening = rules.opening_lead_text
        return (
            f"<p><b>{html.escape(rules.summary())}</b></p>"
            f"<p>{html.escape(report.explain())}</p>"
            f"<table class='hl-deck'>{''.join(rows)}</table>"
            "<table class='hl-deck-facts'>"
            f"<tr><th>cards in the deck</th><td>{f['cards in the deck']} ({counted(rules.decks, 'pack')})</td></tr>"
            f"<tr><th>removed</th><td>{html.escape(removed_text)}</td></tr>"
            f"<tr><th>cards each</th><td>{f['cards each']}</td></tr>"
            f"<tr><th>kitty</th><td>{f['kitty']}{kitty_note}</td></tr>"
            f"<tr><th>trick 1 is led with</th><td>{html.escape(opening)}</td></tr>"
            f"<tr><th>distinct deals</th><td>{html.escape(formula)} = {_digits(f['distinct deals'])}</td></tr>"
            "</table>"
        )


# -- running estimates ------------------------------------------------------------

#: What the simulation explorer can count, each read off a merged SimulationResult.
EVENTS: dict[str, Callable[[Any], int]] = {
    "a moon is shot": lambda result: result.moon_count,
    "seat 0 takes no points": lambda result: result.points[0].get(0, 0),
    "seat 0 takes the Q♠": lambda result: result.queens[0],
}


@dataclass(frozen=True)
class RunningPoint:
    """The estimate after ``hands`` hands: ``hits`` of them had the event; 95 % Wilson interval."""

    hands: int
    hits: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.hits / self.hands

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2


def _checkpoints(hands: int, steps: int, first: int) -> list[int]:
    """Cumulative totals growing geometrically from ``first`` to ``hands``."""
    first = min(first, hands)
    if steps <= 1 or first == hands:
        return [hands]
    ratio = (hands / first) ** (1 / (steps - 1))
    points = sorted({min(hands, ceil(first * ratio**k)) for k in range(steps)} | {hands})
    return points


def running_estimate(
    rules: Rules,
    hands: int,
    *,
    event: str = "a moon is shot",
    seed: int = 0,
    steps: int = 20,
    first: int = 200,
    bots: str = "random",
    on_step: Callable[[RunningPoint], None] | None = None,
) -> list[RunningPoint]:
    """Simulate ``hands`` hands in ``steps`` growing batches; the estimate of ``event`` after each.

    Batch ``k`` is an independent run, ``simulate(rules, size, seed=seed * 1000 + k)``,
    and the counts accumulate, so the last point is an estimate from all the
    hands. ``event`` is a key of :data:`EVENTS`. ``on_step`` is called with
    each new point (the explorer uses it to move its progress bar and plot).

    >>> from hearts_lab import Rules
    >>> points = running_estimate(Rules.preset("standard", players=4), 4000, event="seat 0 takes the Q♠", seed=1, steps=4)
    >>> [p.hands for p in points]
    [200, 543, 1474, 4000]
    >>> points[-1].half_width < points[0].half_width
    True
    """
    from ..simulate import simulate  # numpy is needed only here

    if event not in EVENTS:
        raise ValueError(f"event: expected one of {', '.join(map(repr, EVENTS))}, not {event!r}.")
    if not isinstance(hands, int) or isinstance(hands, bool) or hands < 1:
        raise ValueError(f"hands: expected a positive whole number, not {hands!r}.")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError(f"seed: expected a whole number 0 or more, not {seed!r}.")
    count = EVENTS[event]
    points: list[RunningPoint] = []
    done = hits = 0
    for k, total in enumerate(_checkpoints(hands, steps, first)):
        batch = simulate(rules, total - done, bots=bots, seed=seed * 1000 + k)
        done, hits = total, hits + count(batch)
        low, high = wilson_interval(hits, done)
        point = RunningPoint(done, hits, low, high)
        points.append(point)
        if on_step is not None:
            on_step(point)
    return points


def _hands_label(x: float, _pos: object = None) -> str:
    """Tick labels for hand counts: 500, 2k, 200k, 1M.

    >>> [_hands_label(x) for x in (500, 2_000, 200_000, 1_000_000)]
    ['500', '2k', '200k', '1M']
    """
    if x >= 1_000_000:
        return f"{x / 1_000_000:g}M"
    if x >= 1_000:
        return f"{x / 1_000:g}k"
    return f"{x:g}"


def plot_running(points: Sequence[RunningPoint], ax: Any = None, *, title: str = "", total: int | None = None) -> Any:
    """The running estimate (line) and its 95 % interval (band) against hands played, log scale; returns the axes.

    ``total``: the hands planned, so that the x-axis spans the whole run while it is still going.
    """
    from ..plotting import pyplot, ticker  # matplotlib, or a plain SVG drawing where it is missing

    FuncFormatter, LogLocator, NullFormatter, PercentFormatter = (
        ticker(name) for name in ("FuncFormatter", "LogLocator", "NullFormatter", "PercentFormatter"))
    if ax is None:
        _, ax = pyplot().subplots(figsize=(7, 3.5), layout="constrained")
    xs = [p.hands for p in points]
    ax.fill_between(xs, [p.low for p in points], [p.high for p in points], alpha=0.25, label="95% interval")
    ax.plot(xs, [p.rate for p in points], marker=".", label="estimate so far")
    if points:
        last = points[-1]
        ax.axhline(last.rate, color="grey", lw=0.8, ls="--")
        ax.annotate(f"{last.rate:.2%} ± {last.half_width:.2%}", (last.hands, last.rate), xytext=(-10, 12),
                    textcoords="offset points", ha="right", fontsize=9)
    ax.set_xscale("log")
    if points:
        ax.set_xlim(points[0].hands * 0.9, max(total or 0, points[-1].hands) * 1.1)
    low_x, high_x = ax.get_xlim()
    wide = high_x / low_x > 300  # more than about two and a half decades: label the powers of ten only
    ax.xaxis.set_major_locator(LogLocator(base=10, subs=(1.0,) if wide else (1.0, 2.0, 5.0)))
    ax.xaxis.set_major_formatter(FuncFormatter(_hands_label))
    ax.xaxis.set_minor_formatter(NullFormatter())
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_xlabel("hands played so far (log scale)")
    ax.set_ylabel("share of hands")
    if title:
        ax.set_title(title, fontsize=10)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="upper right")
    return ax


class SimulationExplorer(widgets.VBox):
    """Run a simulation in growing batches and watch its estimate and 95 % interval settle.

    Choose the rules, what to count, how many hands and a seed, then press
    *Run*. The progress bar moves batch by batch and the plot redraws; the
    line under it gives the final estimate, its interval and how many hands
    halving the interval would take (four times as many: the width shrinks
    like 1/√n).
    ``points`` holds the last run. An engine refusal (rules, seed) shows its
    message and runs nothing.

    >>> s = SimulationExplorer(hands=2_000, steps=3)
    >>> s.event.value = "seat 0 takes the Q♠"
    >>> s.run(); [p.hands for p in s.points]
    [200, 633, 2000]
    >>> s.players.value = 12; s.run(); s.error.message
    "players: the 'standard' preset is for 3 to 7 players, not 12."
    """

    HAND_CHOICES = (2_000, 10_000, 50_000, 200_000)

    def __init__(self, preset: str = "standard", players: int = 4, hands: int = 50_000, seed: int = 0,
                 event: str = "a moon is shot", steps: int = 20) -> None:
        check_option(preset, tuple(PRESETS), "preset")
        players = check_count(players, "players", low=2, high=52)
        hands = check_count(hands, "hands", low=1, high=max(self.HAND_CHOICES))
        seed = check_count(seed, "seed", low=0, high=10**6)
        check_option(event, tuple(EVENTS), "event")
        check_count(steps, "steps", low=1, high=1_000)
        choices = sorted(set(self.HAND_CHOICES) | {hands})
        self.preset = widgets.Dropdown(options=list(PRESETS), value=preset, description="rules", layout=widgets.Layout(width="240px"))
        self.players = widgets.Dropdown(options=_ALL_PLAYERS + [12], value=players, description="players",
                                        layout=widgets.Layout(width="160px"))
        self.event = widgets.Dropdown(options=list(EVENTS), value=event, description="count", layout=widgets.Layout(width="280px"))
        self.hands = widgets.Dropdown(options=[(f"{n:,}", n) for n in choices], value=hands, description="hands",
                                      layout=widgets.Layout(width="180px"))
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**6, description="seed", layout=widgets.Layout(width="160px"))
        self.run_button = button("Run", "hl-sim-run", tooltip="simulate the hands and plot the running estimate", style="primary")
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description="hands", layout=widgets.Layout(width="420px"))
        self.status = widgets.HTML()
        self.status.add_class("hl-sim-status")
        self.error = ErrorArea()
        self.plot_area = widgets.Image(format="png", layout=widgets.Layout(width="700px"))
        self.plot_area.add_class("hl-sim-plot")
        self.steps = steps
        self.points: list[RunningPoint] = []
        self.run_button.on_click(lambda _: self.run())
        self.preset.observe(self._preset_changed, names="value")
        super().__init__([
            widgets.HTML(EXPLORER_CSS),
            widgets.HBox([self.preset, self.players, self.event]),
            widgets.HBox([self.hands, self.seed, self.run_button]),
            self.progress,
            self.error,
            self.plot_area,
            self.status,
        ])
        self.add_class("hl-explorer")
        self.add_class("hl-sim-explorer")
        self.status.value = "<p>Press <b>Run</b>: the plot shows the estimate after each batch of hands.</p>"

    def __repr__(self) -> str:
        return "SimulationExplorer (an interactive widget: run the notebook to use it)"

    def _preset_changed(self, change: dict[str, Any]) -> None:
        allowed = PRESET_PLAYERS[change["new"]]
        if self.players.value not in allowed:
            self.players.value = allowed[0]

    def run(self) -> None:
        """Simulate with the chosen settings, updating the bar and the plot after each batch."""
        try:
            rules = Rules.preset(self.preset.value, players=self.players.value)
        except RulesError as error:
            self.error.show(str(error))
            return
        self.error.clear()
        total = self.hands.value
        self.progress.max = total
        self.progress.value = 0
        seen: list[RunningPoint] = []
        last_draw = [0.0]

        def step(point: RunningPoint) -> None:
            seen.append(point)
            self.progress.value = point.hands
            # redraw at most about three times a second, and always at the end
            if point.hands == total or time.monotonic() - last_draw[0] > 0.3:
                self._draw(seen, rules, total)
                last_draw[0] = time.monotonic()

        try:
            self.points = running_estimate(rules, total, event=self.event.value, seed=self.seed.value,
                                           steps=self.steps, on_step=step)
        except ValueError as error:  # the ENGINE_ERRORS, and the estimator's own checks
            self.error.show(str(error))
            return
        last = self.points[-1]
        half = last.half_width
        # the width shrinks like 1/√n: half the width takes four times the hands (the same rule as
        # hearts_lab.stats.hands_needed, applied to this run's own interval so the two numbers agree)
        tail = (f" Halving that interval (± {half / 2:.3%}) would take four times as many hands: "
                f"about {4 * last.hands:,}." if 0 < last.rate < 1 else "")
        self.status.value = (
            f"<p><b>{last.hits:,} of {last.hands:,} hands</b> ({html.escape(self.event.value)}): "
            f"{last.rate:.3%}, 95% interval {last.low:.3%} to {last.high:.3%} (± {half:.3%}).{tail}</p>"
        )

    def _draw(self, points: Sequence[RunningPoint], rules: Rules, total: int) -> None:
        import io

        title = f"{rules.name}, {rules.players} players, random play: {self.event.value}"
        try:
            from matplotlib.figure import Figure
        except ImportError:  # JupyterLite offline: the same chart as plain SVG
            from ..plotting import FallbackAxes

            ax = FallbackAxes(7, 3.2)
            plot_running(points, ax, total=total, title=title)
            self.plot_area.format = "svg+xml"
            self.plot_area.value = ax.svg().encode("utf-8")
            return
        fig = Figure(figsize=(7, 3.2), dpi=100)
        fig.subplots_adjust(left=0.11, right=0.97, top=0.9, bottom=0.16)
        plot_running(points, fig.add_subplot(), total=total,
                     title=f"{rules.name}, {rules.players} players, random play: {self.event.value}")
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png")
        self.plot_area.value = buffer.getvalue()
