"""A rules laboratory: change any rule option and see what it does to the deck, the deal and a hand.

Every control maps to one field of :class:`~hearts_lab.Rules`. On every change
the lab rebuilds the rules with ``dataclasses.replace`` on the chosen preset;
the engine validates them, and a :class:`~hearts_lab.RulesError` is shown
naming the field while the last valid rules stay in force. Then it shows the
deck and deal facts, the pass schedule, the changes from the preset, and one
seeded hand played by bots under the chosen rules beside the same seed under
the preset.

>>> lab = RulesLab()
>>> lab.controls["target"].value = 50
>>> lab.rules.target, lab.rules.changes_from(lab.preset_rules)
(50, {'target': (100, 50)})
>>> lab.controls["pass_schedule"].value = "1, 7"
>>> lab.error_field, lab.rules.pass_schedule
('pass_schedule', (1, 3, 2, 0))
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import html
from typing import Any, Callable

import ipywidgets as widgets

from ..arguments import check_count, check_option
from ..bots import Bot, canonical_name, deal_and_play, make_bot, moon_chooser, seat_bots
from ..cards import Card, CardError
from ..errors import RulesError
from ..game import ask_moon_choice
from ..hand import Hand
from ..render import cards_html
from ..rules import (
    CARD_VALUES,
    OPTION_SECTIONS,
    PRESET_PLAYERS,
    PRESETS,
    PresetName,
    RuleField,
    Rules,
    rule_fields,
)
from ..scoring import HandScore, score_hand
from ..wording import counted

__all__ = ["RulesLab", "LAB_BOTS", "FIELD_HELP", "LAB_HELP", "LAB_CSS"]

#: Deterministic bots the lab can play its sample hand with.
#: The lab's sample-hand bots, by the class names it shows, made by the package's registry.
LAB_BOTS: dict[str, Callable[..., Bot]] = {
    label: functools.partial(make_bot, canonical_name(label)) for label in ("HeuristicBot", "LowestCardBot")
}

#: The lab's controls that are not rule fields, with their help lines.
LAB_HELP: dict[str, str] = {
    "preset": "the rulebook to start from",
    "card_point_changes": "extra values on top, e.g. J♦=-10 K♠=10",
    "seed": "the deal of the sample hand",
    "bot": "who plays the sample hand",
}

#: One line per control, shown beside it: each rule field's from its metadata (rules.rule_fields),
#: and the lab's own controls'.
FIELD_HELP: dict[str, str] = {
    "preset": LAB_HELP["preset"],
    **{name: info.help for name, info in rule_fields().items()},
    **{name: text for name, text in LAB_HELP.items() if name != "preset"},
}

#: The largest player count any preset allows: the top of the lab's players control.
_MOST_PLAYERS = max(r.stop - 1 for r in PRESET_PLAYERS.values())
_FEWEST_PLAYERS = min(r.start for r in PRESET_PLAYERS.values())

LAB_CSS = """
<style>
.hl-rules-lab { font-family: system-ui, sans-serif; font-size: 14px; max-width: 1280px; }
.hl-rules-lab .hl-lab-group { border: 1px solid #d0d0d0; border-radius: 8px; padding: 2px 6px 4px 6px; background: #fafaf7; }
.hl-rules-lab .hl-lab-controls { margin-right: 12px; }
.hl-rules-lab .hl-lab-results h4:first-child { margin-top: 4px; }
.hl-rules-lab .hl-group-title { font-weight: 700; color: #333; margin: 2px 0; }
.hl-rules-lab .hl-help { color: #666; font-size: 0.85em; margin: -2px 0 4px 0; line-height: 1.2; }
.hl-rules-lab .hl-invalid input, .hl-rules-lab .hl-invalid select { border: 2px solid #c8102e !important; background: #fdecea; }
.hl-rules-lab .hl-lab-error { padding: 6px 10px; border-radius: 8px; background: #fdecea; border-left: 5px solid #c8102e;
  margin: 4px 0; }
.hl-rules-lab .hl-lab-ok { padding: 6px 10px; border-radius: 8px; background: #e8f5e9; border-left: 5px solid #137333; margin: 4px 0; }
.hl-rules-lab table { border-collapse: collapse; margin: 4px 0 8px 0; }
.hl-rules-lab th, .hl-rules-lab td { border: 1px solid #ccc; padding: 2px 8px; text-align: left; vertical-align: top; }
.hl-rules-lab th { background: #f0f0ec; }
.hl-rules-lab td.hl-num { text-align: right; }
.hl-rules-lab .hl-compare { display: flex; gap: 16px; flex-wrap: wrap; }
.hl-rules-lab .hl-compare > div { flex: 1 1 260px; }
.hl-rules-lab .hl-compare ul { margin: 2px 0; padding-left: 18px; }
.hl-rules-lab h4 { margin: 10px 0 2px 0; }
</style>
"""


def _offsets_text(schedule: tuple[int, ...]) -> str:
    return ", ".join(map(str, schedule))


def _parse_offsets(text: str) -> tuple[Any, ...]:
    """Split ``"1, 3, 2, 0"`` into numbers; anything else is handed to the engine to reject by name."""
    items = text.replace(",", " ").split()
    out: list[Any] = []
    for item in items:
        try:
            out.append(int(item))
        except ValueError:
            out.append(item)
    return tuple(out)


def _parse_point_changes(text: str) -> dict[Card, int]:
    """Read ``"J♦=-10 K♠=10"`` into card values; errors name the ``card_points`` field."""
    changes: dict[Card, int] = {}
    for item in text.replace(",", " ").split():
        card_text, sep, value_text = item.partition("=")
        if not sep:
            raise RulesError(f"card_points: {item!r} should look like J♦=-10 (a card, '=', a whole number).", "card_points")
        try:
            card = Card.parse(card_text)
            value = int(value_text)
        except CardError as error:
            raise RulesError(f"card_points: {error}", "card_points") from None
        except ValueError:
            raise RulesError(f"card_points: the value of {card_text} must be a whole number, not {value_text!r}.", "card_points") from None
        changes[card] = value
    return changes


def _value_text(kind: str, value: Any) -> str:
    """A field's value as the changes table shows it, by the field's kind."""
    if kind == "cards":
        return " ".join(map(str, value)) or "none"
    if kind == "card-values":
        return ", ".join(f"{c}={v}" for c, v in value)
    if kind == "offsets":
        return _offsets_text(value)
    return str(value)


def _control(name: str, info: RuleField) -> widgets.Widget:
    """The control of one rule field, built from its metadata (kind, allowed values, label)."""
    label = info.label or name
    if info.kind == "flag":
        return widgets.Checkbox(description=label, indent=False)
    if info.kind == "choice":
        return widgets.Dropdown(options=list(info.choices), description=label)
    if info.kind == "card-values":
        return widgets.Dropdown(options=list(CARD_VALUES), description=label)
    if info.kind == "count" and info.labels:
        low = info.low or 0
        return widgets.Dropdown(options=[(text, low + k) for k, text in enumerate(info.labels)], description=label)
    if info.kind == "count":
        # A bound other fields set (the hand size) is left to the engine, which names it when it refuses.
        return widgets.BoundedIntText(min=info.low or 0, max=info.high if info.high is not None else 52, description=label)
    placeholder = f"e.g. {info.example}" if info.example else ""
    return widgets.Text(description=label, placeholder=placeholder, continuous_update=False)


def _to_control(info: RuleField, value: Any) -> Any:
    """A rule value as its control holds it."""
    if info.kind == "cards":
        return " ".join(map(str, value))
    if info.kind == "offsets":
        return _offsets_text(value)
    return value


def _from_control(info: RuleField, value: Any, preset_value: Any) -> Any:
    """A control's value as the rule field takes it (the engine checks it); empty text keeps the preset's."""
    if info.kind == "offsets":
        return _parse_offsets(value)
    if info.kind == "text":
        return value.strip() or preset_value
    return value


class RulesLab(widgets.VBox):
    """Controls for every :class:`~hearts_lab.Rules` field and what the chosen rules do.

    ``controls`` maps each field name (plus ``preset``, ``card_point_changes``,
    ``seed`` and ``bot``) to its widget; set a control's ``.value`` and the lab
    updates. The controls are built from the fields' metadata (:func:`~hearts_lab.rules.rule_fields`):
    a flag is a checkbox, a choice a menu of its values, a count a number box within its bounds,
    and the controls are grouped by the section of docs/rules.md §5 that explains them. So a
    field added to :class:`~hearts_lab.Rules` (or to a subclass given as ``rules_type``) appears here
    with no change to the lab. ``rules`` is the last valid rule set; ``preset_rules`` the preset it
    is compared with; ``error``/``error_field`` describe a rejected change.
    The lab is an ``ipywidgets.VBox``: make it the last line of a cell.

    CSS classes: ``hl-rules-lab`` on the lab, ``hl-field-<field-name>`` on each
    control (``hl-invalid`` on a rejected one), ``hl-lab-ok``/``hl-lab-error``
    for the status line, ``hl-facts``, ``hl-schedule``, ``hl-changes``,
    ``hl-points`` for the tables, ``hl-reset`` for the reset button.
    """

    def __init__(
        self, preset: PresetName = "standard", players: int = 4, seed: int = 1, bot: str = "HeuristicBot", *,
        rules_type: type[Rules] = Rules,
    ) -> None:
        check_option(bot, tuple(LAB_BOTS), "bot")  # the lab's own bots; Rules.preset checks preset and players
        check_count(seed, "seed", low=0, high=10**9)
        self.fields = rule_fields(rules_type)  # every field's metadata; refuses a type that is not Rules or a subclass
        self.rules_type = rules_type
        super().__init__()
        self.preset_rules = rules_type.preset(preset, players=players)
        self.rules = self.preset_rules
        self.error = ""
        self.error_field: str | None = None
        self.note = ""
        self._loading = False
        c: dict[str, widgets.Widget] = {}
        style = {"description_width": "140px"}

        def add(name: str, widget: widgets.Widget) -> None:
            widget.layout = widgets.Layout(width="300px")
            widget.style = style
            # The help shows on hover (the notebook explains every option): a field's from its metadata.
            widget.tooltip = self.fields[name].help if name in self.fields else LAB_HELP.get(name, "")
            widget.add_class(f"hl-field-{name.replace('_', '-')}")
            c[name] = widget

        add("preset", widgets.Dropdown(options=list(PRESETS), value=preset, description="preset"))
        add("players", widgets.BoundedIntText(value=players, min=_FEWEST_PLAYERS, max=_MOST_PLAYERS, description="players"))
        for name, info in self.fields.items():
            if name != "players":  # the preset's player count, above
                add(name, _control(name, info))
            if info.kind == "card-values":
                add("card_point_changes", widgets.Text(description="+ values", placeholder="e.g. J♦=-10", continuous_update=False))
        add("seed", widgets.BoundedIntText(value=seed, min=0, max=10**9, description="seed"))
        add("bot", widgets.Dropdown(options=list(LAB_BOTS), value=bot, description="bots"))
        self.controls = c

        self.reset_button = widgets.Button(description="Reset to preset", icon="undo")
        self.reset_button.add_class("hl-reset")
        self.reset_button.on_click(lambda _: self.reset())
        self.status_html = widgets.HTML()
        self.facts_html = widgets.HTML()
        self.schedule_html = widgets.HTML()
        self.changes_html = widgets.HTML()
        self.compare_html = widgets.HTML()

        # Two columns, read row by row: one group per section of docs/rules.md §5, then the sample hand.
        groups = [(title, [n for n in c if n in self.fields and self.fields[n].section == key]) for key, title in OPTION_SECTIONS.items()]
        groups[0][1].insert(0, "preset")
        for _, names in groups:
            if "card_points" in names:
                names.insert(names.index("card_points") + 1, "card_point_changes")
        groups.append(("Sample hand", ["seed", "bot"]))
        boxes = []
        for title, names in groups:
            items: list[widgets.Widget] = [widgets.HTML(f"<div class='hl-group-title'>{html.escape(title)}</div>")]
            items.extend(c[name] for name in names)
            if title == "Sample hand":
                items.append(self.reset_button)
            box = widgets.VBox(items)
            box.add_class("hl-lab-group")
            boxes.append(box)
        grid = widgets.GridBox(boxes, layout=widgets.Layout(grid_template_columns="repeat(2, 318px)", grid_gap="6px"))
        grid.add_class("hl-lab-controls")
        results = widgets.VBox(
            [self.status_html, self.facts_html, self.schedule_html, self.changes_html, self.compare_html],
            layout=widgets.Layout(flex="1 1 440px", min_width="440px", max_width="660px"),
        )
        results.add_class("hl-lab-results")
        self.children = [
            widgets.HTML(LAB_CSS),
            widgets.HBox([grid, results], layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start", grid_gap="10px")),
        ]
        self.add_class("hl-rules-lab")

        self._load(self.preset_rules)
        for name, widget in c.items():
            handler = self._on_preset if name in ("preset", "players") else self._on_change
            widget.observe(handler, names="value")
        self._show()

    # -- display ---------------------------------------------------------------------

    def __repr__(self) -> str:
        return f"<RulesLab {self.rules.summary()}>"

    # -- building the rules ----------------------------------------------------------------

    def _load(self, rules: Rules) -> None:
        """Put ``rules`` into the controls without triggering a rebuild."""
        c = self.controls
        self._loading = True
        try:
            for name, info in self.fields.items():
                if name == "players":
                    continue
                if info.kind != "card-values":
                    c[name].value = _to_control(info, getattr(rules, name))
                    continue
                named = [k for k, v in CARD_VALUES.items() if v == rules.card_points]
                if named:
                    c[name].value = named[0]
                    c["card_point_changes"].value = ""
                else:
                    base = dict(CARD_VALUES["standard"])
                    c[name].value = "standard"
                    diff = {card: v for card, v in rules.card_points if base.get(card) != v}
                    diff.update({card: 0 for card in base if card not in dict(rules.card_points)})
                    c["card_point_changes"].value = " ".join(f"{card}={v}" for card, v in diff.items())
        finally:
            self._loading = False

    def _from_controls(self) -> Rules:
        """Rules from the controls: ``dataclasses.replace`` on the chosen preset (raises RulesError)."""
        c = self.controls
        base = self.rules_type.preset(c["preset"].value, players=c["players"].value)
        changes: dict[str, Any] = {}
        for name, info in self.fields.items():
            if name == "players":
                continue
            if info.kind == "card-values":
                points = dict(CARD_VALUES[c[name].value])
                points.update(_parse_point_changes(c["card_point_changes"].value))
                changes[name] = tuple(points.items())
            else:
                changes[name] = _from_control(info, c[name].value, getattr(base, name))
        return dataclasses.replace(base, **changes)

    def _on_preset(self, change: dict[str, Any]) -> None:
        if self._loading:
            return
        c = self.controls
        note = ""
        preset = c["preset"].value
        allowed = PRESET_PLAYERS.get(preset)
        if change.get("owner") is c["preset"] and allowed is not None and c["players"].value not in allowed:
            # A new preset with a player count it does not allow: move to the nearest it does.
            players = min(max(c["players"].value, allowed.start), allowed.stop - 1)
            note = f"The {preset} preset is for {allowed.start} to {allowed.stop - 1} players, so players is now {players}."
            self._loading = True
            try:
                c["players"].value = players
            finally:
                self._loading = False
        self._load_preset(note)

    def _load_preset(self, note: str = "") -> None:
        """Every control to the chosen preset's values (the engine's error shown if it refuses them)."""
        c = self.controls
        try:
            base = self.rules_type.preset(c["preset"].value, players=c["players"].value)
        except RulesError as error:
            self._reject(error)
            return
        self.preset_rules = base
        self._load(base)
        self._accept(base, note)

    def _on_change(self, change: dict[str, Any]) -> None:
        if self._loading:
            return
        try:
            rules = self._from_controls()
        except RulesError as error:
            self._reject(error)
            return
        except Exception as error:  # pragma: no cover - never let a bad value break the lab
            self._reject(RulesError(f"{type(error).__name__}: {error}"))
            return
        self._accept(rules)

    def _reject(self, error: RulesError) -> None:
        self.error = str(error)
        self.error_field = error.field
        for name, widget in self.controls.items():
            bad = name == error.field or (error.field == "card_points" and name == "card_point_changes")
            (widget.add_class if bad else widget.remove_class)("hl-invalid")
        self._show()

    def _accept(self, rules: Rules, note: str = "") -> None:
        self.rules = rules
        self.note = note
        with contextlib.suppress(RulesError):  # pragma: no cover - the preset was just built successfully
            self.preset_rules = self.rules_type.preset(self.controls["preset"].value, players=self.controls["players"].value)
        self.error = ""
        self.error_field = None
        for widget in self.controls.values():
            widget.remove_class("hl-invalid")
        self._show()

    def reset(self) -> None:
        """Put every control back to the chosen preset's values."""
        self._load_preset()

    # -- what the rules do ------------------------------------------------------------------

    def play_sample(self, rules: Rules) -> Hand:
        """One hand dealt with the lab's seed and played out by the lab's bots under ``rules``."""
        return deal_and_play(rules, self.controls["seed"].value, LAB_BOTS[self.controls["bot"].value])

    def _show(self) -> None:
        rules = self.rules
        if self.error:
            field = self.error_field or "rules"
            self.status_html.value = (
                f"<div class='hl-lab-error' role='alert'><b>Problem with {html.escape(field)}:</b> {html.escape(self.error)}"
                "<br>Still showing the last valid rules.</div>"
            )
        else:
            note = f"<br>{html.escape(self.note)}" if self.note else ""
            self.status_html.value = f"<div class='hl-lab-ok' role='status'><b>Rules:</b> {html.escape(rules.summary())}{note}</div>"
        self.facts_html.value = self.facts(rules)
        self.schedule_html.value = self.schedule(rules)
        self.changes_html.value = self.changes(rules)
        self.compare_html.value = self.comparison(rules)

    @staticmethod
    def facts(rules: Rules) -> str:
        """Deck size, hand size, kitty, points and opening card as an HTML table."""
        rows = [
            ("Deck", f"{counted(len(rules.deck()), 'card')} ({counted(rules.decks, 'pack')})"),
            ("Removed", " ".join(map(str, rules.removed)) or "none"),
            ("Hand size", f"{rules.hand_size} cards each ({rules.hand_size} tricks)"),
            ("Kitty", counted(rules.kitty_size, 'card')),
            *([("The kitty", rules.kitty_text)] if rules.kitty_size else []),
            ("Points in the deck", str(rules.total_points)),
            ("Opening lead", rules.opening_lead_text),
            ("Moon needs", f"{rules.moon_card_count} cards" if rules.moon != "off" else "no moon"),
        ]
        body = "".join(f"<tr><th>{k}</th><td>{html.escape(v)}</td></tr>" for k, v in rows)
        return f"<h4>The deck and the deal</h4><table class='hl-facts'>{body}</table>"

    @staticmethod
    def schedule(rules: Rules) -> str:
        """The pass offset of each hand through one cycle of the schedule, hands numbered from 1.

        >>> print(RulesLab.schedule(Rules.preset("standard", players=4)))  # doctest: +NORMALIZE_WHITESPACE
        <h4>Pass schedule: 3 cards, repeating every 4 hands</h4><table class='hl-schedule'><tr><th>hand</th><td class='hl-num'>1</td><td class='hl-num'>2</td><td class='hl-num'>3</td><td class='hl-num'>4</td></tr><tr><th>pass (offset)</th><td>left (1)</td><td>right (3)</td><td>across (2)</td><td>hold (0)</td></tr></table>
        """
        if not rules.passes_cards:
            return "<h4>Pass schedule</h4><div>No passing: every hand is played as dealt.</div>"
        n = rules.pass_cycle
        hands = range(max(n, 4))  # the engine's hand numbers, from 0; shown from 1, as people count hands
        heads = "".join(f"<td class='hl-num'>{h + 1}</td>" for h in hands)
        cells = []
        for h in hands:
            offset = rules.pass_offset(h)
            where = rules.pass_direction(offset)
            cells.append(f"<td>{html.escape(where)} ({offset})</td>")
        return (
            f"<h4>Pass schedule: {rules.pass_count} cards, repeating every {counted(n, 'hand')}</h4>"
            f"<table class='hl-schedule'><tr><th>hand</th>{heads}</tr><tr><th>pass (offset)</th>{''.join(cells)}</tr></table>"
        )

    def changes(self, rules: Rules) -> str:
        """The fields that differ from the preset, as an HTML table."""
        diff = rules.changes_from(self.preset_rules)
        if not diff:
            return f"<h4>Changes from the {html.escape(self.preset_rules.name)} preset</h4><div>None: these are the preset's rules.</div>"
        body = "".join(
            f"<tr><th>{html.escape(f)}</th><td>{html.escape(_value_text(self.fields[f].kind, old))}</td>"
            f"<td>{html.escape(_value_text(self.fields[f].kind, new))}</td></tr>"
            for f, (old, new) in diff.items()
        )
        return (
            f"<h4>Changes from the {html.escape(self.preset_rules.name)} preset</h4>"
            f"<table class='hl-changes'><tr><th>field</th><th>preset</th><th>yours</th></tr>{body}</table>"
        )

    def comparison(self, rules: Rules) -> str:
        """The sample hand under ``rules`` beside the same seed under the preset, as HTML."""
        seed = self.controls["seed"].value
        bot = self.controls["bot"].value
        preset = self.preset_rules
        try:
            mine, theirs = self.play_sample(rules), self.play_sample(preset)
        except ValueError as error:  # pragma: no cover - valid rules always play out; show, never crash
            return f"<h4>One hand, seed {seed}</h4><div class='hl-lab-error' role='alert'>{html.escape(str(error))}</div>"
        mine_score, theirs_score = self._score(mine), self._score(theirs)
        rows = "".join(
            f"<tr><th>seat {s}</th><td class='hl-num'>{mine.points()[s]}</td><td class='hl-num'>{mine_score.deltas[s]:+d}</td>"
            f"<td class='hl-num'>{theirs.points()[s]}</td><td class='hl-num'>{theirs_score.deltas[s]:+d}</td></tr>"
            for s in range(rules.players)
        )
        same = (
            "<div class='hl-muted'>Your rules are the preset's, so both columns show the same hand.</div>"
            if not rules.changes_from(preset) else ""
        )
        notes = (
            f"<div class='hl-compare'><div class='hl-mine'><b>Your rules</b>{self._notes(mine, mine_score)}</div>"
            f"<div class='hl-preset'><b>The {html.escape(preset.name)} preset</b>{self._notes(theirs, theirs_score)}</div></div>"
        )
        return (
            f"<h4>One hand, seed {seed}, played by {html.escape(bot)}s: your rules beside the {html.escape(preset.name)} preset</h4>"
            "<table class='hl-points'><tr><th rowspan='2'>seat</th><th colspan='2'>your rules</th>"
            f"<th colspan='2'>{html.escape(preset.name)} preset</th></tr>"
            "<tr><th>points taken</th><th>score change</th><th>points taken</th><th>score change</th></tr>"
            f"{rows}</table>{same}{notes}"
        )

    def _score(self, hand: Hand) -> HandScore:
        """The hand's score changes from a 0-0 start; under ``moon="choice"`` the shooting seat's bot
        answers through the one moon-choice path (:func:`hearts_lab.game.ask_moon_choice`)."""
        rules, shooter, start, points = hand.rules, hand.moon_shooter, (0,) * hand.rules.players, hand.points()
        bots = seat_bots(LAB_BOTS[self.controls["bot"].value], rules.players, self.controls["seed"].value)
        return score_hand(rules, points, shooter, start, ask_moon_choice(rules, points, shooter, start, moon_chooser(bots)))

    @staticmethod
    def _notes(hand: Hand, result: HandScore) -> str:
        rules = hand.rules
        shooter = hand.moon_shooter
        notes = []
        if shooter is not None:
            how = f"scored as the {result.moon} moon" + (" (the shooting bot's choice)" if rules.moon == "choice" else "")
            notes.append(f"Moon: seat {shooter} shot the moon, {how}.")
        else:
            notes.append("Moon: nobody shot the moon." if rules.moon != "off" else "Moon: off.")
        aside = [t for t in hand.tricks if t.set_aside]
        if aside:
            items = "".join(f"<li>Trick {t.number + 1}: {html.escape(t.reason)}</li>" for t in aside)
            notes.append(f"Set aside: {counted(len(aside), 'trick')}<ul>{items}</ul>")
        elif rules.cancellation:
            notes.append("Set aside: no trick.")
        if hand.unclaimed:
            lost = rules.points(hand.unclaimed)
            notes.append(f"Unclaimed: {cards_html(hand.unclaimed)} ({counted(lost, 'point')} score for nobody).")
        if hand.kitty:
            holder = hand.kitty_holder
            notes.append(f"Kitty {cards_html(hand.kitty)}: " + (f"taken by seat {holder}." if holder is not None else "nobody took it."))
        return "".join(f"<div>{n}</div>" for n in notes)
