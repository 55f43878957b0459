"""Rule sets as data: one frozen :class:`Rules` value holds every option of RULES.md §5.

Presets are plain constructors; a teacher derives a house rule with
``dataclasses.replace``. Every value is checked once, on construction, and a
bad one raises :class:`RulesError` naming the field.

>>> rules = Rules.preset("standard", players=5)
>>> rules.removed, rules.hand_size, rules.pass_count
((2♣, 2♦), 10, 3)
>>> house = dataclasses.replace(rules, target=50, moon="off")
>>> house.target, house.moon
(50, 'off')
>>> dataclasses.replace(rules, moon="sideways")
Traceback (most recent call last):
...
hearts_lab.errors.RulesError: moon: 'sideways' is not one of 'auto', 'old', 'new', 'choice', 'avoid-end', 'off'.
"""

from __future__ import annotations

import dataclasses
from collections import Counter, abc
from dataclasses import dataclass, field
from typing import Any, Iterable, Literal, Mapping, TypedDict, Unpack, get_args

from .cards import (
    CLUBS,
    HEARTS,
    POINT_CARDS,
    Card,
    CardError,
    _quote,
    full_pack,
)
from .errors import RulesError

__all__ = [
    "Rules", "pass_direction", "pass_target", "pass_source", "PRESETS", "PRESET_PLAYERS", "CARD_VALUES", "MAX_CARD_VALUE", "card_values", "RulesError",
    "PresetName", "OpeningLead", "HeartsBrokenBy", "MoonPolicy", "MoonCards", "LastTrickSetAside", "KittyTo",
    "TiePolicy", "CardValuesName", "OPENING_LEADS", "HEARTS_BROKEN_BY", "MOON_POLICIES", "MOON_CARDS",
    "LAST_TRICK_SET_ASIDE", "KITTY_TO", "TIE_POLICIES", "field_help", "RuleChanges",
    "RuleField", "RuleFieldKind", "RULE_FIELD_KINDS", "OPTION_SECTIONS", "INFO", "rule_fields",
]

#: Player counts each preset allows.
PRESET_PLAYERS: dict[PresetName, range] = {
    "standard": range(3, 8),
    "lowest-clubs": range(2, 7),
    "cancellation": range(6, 12),
}

# The options of RULES.md §5 as types; each tuple of allowed values is derived from its type.
PresetName = Literal["standard", "lowest-clubs", "cancellation"]
OpeningLead = Literal["lowest-club", "any-club", "left-of-dealer"]
HeartsBrokenBy = Literal["heart", "heart-or-queen", "nothing"]
MoonPolicy = Literal["auto", "old", "new", "choice", "avoid-end", "off"]
MoonCards = Literal["hearts-and-queens", "all-points"]
LastTrickSetAside = Literal["nobody", "leader"]
KittyTo = Literal["first-trick", "last-trick"]
TiePolicy = Literal["shared", "play-on"]
CardValuesName = Literal["standard", "omnibus", "spot-hearts", "black-maria"]

PRESETS: tuple[PresetName, ...] = get_args(PresetName)

OPENING_LEADS: tuple[OpeningLead, ...] = get_args(OpeningLead)
HEARTS_BROKEN_BY: tuple[HeartsBrokenBy, ...] = get_args(HeartsBrokenBy)
MOON_POLICIES: tuple[MoonPolicy, ...] = get_args(MoonPolicy)
MOON_CARDS: tuple[MoonCards, ...] = get_args(MoonCards)
LAST_TRICK_SET_ASIDE: tuple[LastTrickSetAside, ...] = get_args(LastTrickSetAside)
KITTY_TO: tuple[KittyTo, ...] = get_args(KittyTo)
TIE_POLICIES: tuple[TiePolicy, ...] = get_args(TiePolicy)


def _values(pairs: Iterable[tuple[str | Card, int]]) -> tuple[tuple[Card, int], ...]:
    return tuple(sorted(((Card.parse(c), v) for c, v in pairs), key=lambda cv: cv[0].sort_key()))


#: The largest value (up or down) a card may carry in ``card_points``: far beyond any house rule (the
#: engine plays values past 64 bits exactly; the batch path refuses those), but not a 100-digit number.
MAX_CARD_VALUE = 10**18

_HEARTS_ONE = [(Card(r, HEARTS), 1) for r in range(2, 15)]
#: Named card-value tables a teacher can pick from (RULES.md §5).
CARD_VALUES: dict[CardValuesName, tuple[tuple[Card, int], ...]] = {
    "standard": _values([*_HEARTS_ONE, ("QS", 13)]),
    "omnibus": _values([*_HEARTS_ONE, ("QS", 13), ("JD", -10)]),
    "spot-hearts": _values([*[(Card(r, HEARTS), r) for r in range(2, 15)], ("QS", 13)]),
    "black-maria": _values([*_HEARTS_ONE, ("QS", 13), ("KS", 10), ("AS", 7)]),
}


def card_values(name: str) -> tuple[tuple[Card, int], ...]:
    """A named card-value table: ``standard``, ``omnibus``, ``spot-hearts`` or ``black-maria``.

    >>> dict(card_values("omnibus"))[Card.parse("JD")]
    -10
    """
    for key, table in CARD_VALUES.items():
        if key == name:
            return table
    raise RulesError(f"card_points: {_quote(name)} is not a named table; choose one of {_quoted(CARD_VALUES)}.", "card_points")


# RULES.md §1.1 and §2.1: which cards each preset strips for each player count.
_STANDARD_REMOVED = {3: "2D", 4: "", 5: "2D 2C", 6: "2D 3D 3C 4C", 7: "2D 3D 3C"}
_LOWEST_CLUBS_REMOVED = {2: "", 3: "2D", 4: "", 5: "2C 3C", 6: "2C 3C 4C 5C"}


def _alternating_schedule(players: int) -> tuple[int, ...]:
    """Offsets 1, n-1, 2, n-2, ... (each opponent once), then a hold hand (RULES.md §2.3)."""
    offsets: list[int] = []
    for k in range(1, players // 2 + 1):
        for offset in (k, players - k):
            if offset not in offsets:
                offsets.append(offset)
    return (*offsets, 0)


def pass_direction(offset: int, players: int) -> str:
    """The name of pass offset ``offset`` among ``players`` seats (see :meth:`Rules.pass_direction`).

    With two players the one other seat is "left", as the rulebook says.

    >>> [pass_direction(k, 4) for k in range(4)]
    ['hold', 'left', 'across', 'right']
    >>> pass_direction(4, 6), pass_direction(1, 2)
    ('2 to the right', 'left')
    """
    if type(players) is not int or players < 2:
        raise RulesError(f"players: expected a whole number of seats, 2 or more, not {_quote(players)}.", "players")
    if type(offset) is not int:
        raise RulesError(f"offset: expected a whole-number seat offset, not {_quote(offset)}.", "offset")
    offset %= players
    if offset == 0:
        return "hold"
    if offset == 1:
        return "left"
    if 2 * offset == players:
        return "across"
    if offset == players - 1:
        return "right"
    if offset < players - offset:
        return f"{offset} to the left"
    return f"{players - offset} to the right"


def _pass_seat(seat: int, offset: int, players: int) -> int:
    """``seat`` moved ``offset`` places clockwise (to the left, the way play moves) round ``players`` seats,
    after checking all three."""
    if type(players) is not int or players < 2:
        raise RulesError(f"players: expected a whole number of seats, 2 or more, not {_quote(players)}.", "players")
    if type(seat) is not int or not 0 <= seat < players:
        raise RulesError(f"seat: there is no seat {_quote(seat)}; seats are 0 to {players - 1}.", "seat")
    if type(offset) is not int:
        raise RulesError(f"offset: expected a whole-number seat offset, not {_quote(offset)}.", "offset")
    return (seat + offset) % players


def pass_target(seat: int, offset: int, players: int) -> int:
    """The seat that receives ``seat``'s cards when cards travel by pass offset ``offset``
    among ``players`` seats (see :meth:`Rules.pass_target`): offset 1 is the left neighbour.

    >>> [pass_target(s, 1, 4) for s in range(4)], pass_target(0, 4, 6)
    ([1, 2, 3, 0], 4)
    """
    return _pass_seat(seat, offset, players)


def pass_source(seat: int, offset: int, players: int) -> int:
    """The seat whose cards ``seat`` receives when cards travel by pass offset ``offset``
    among ``players`` seats (itself on a hold, offset 0); the inverse of :func:`pass_target`.

    >>> [pass_source(s, 1, 4) for s in range(4)], pass_source(4, 4, 6)
    ([3, 0, 1, 2], 0)
    """
    return _pass_seat(seat, -offset if type(offset) is int else offset, players)


def _quoted(options: Iterable[str]) -> str:
    return ", ".join(repr(o) for o in options)


#: How a rule field's value is given: a whole number, True/False, one of named choices, free text,
#: cards, seat offsets, or a table of card values. Views build their control for a field from its kind.
RuleFieldKind = Literal["count", "flag", "choice", "text", "cards", "offsets", "card-values"]
RULE_FIELD_KINDS: tuple[RuleFieldKind, ...] = get_args(RuleFieldKind)

#: The subsections of docs/rules.md §5, in order: each rule field belongs to one (``RuleField.section``).
OPTION_SECTIONS: dict[str, str] = {
    "5.1": "Table and deck",
    "5.2": "Passing",
    "5.3": "Leading and the first trick",
    "5.4": "Card values",
    "5.5": "The moon",
    "5.6": "Cancellation Hearts",
    "5.7": "The game",
}

#: The key of a rule field's :class:`RuleField` in its dataclass metadata (see :func:`rule_fields`).
INFO = "hearts_lab"


@dataclass(frozen=True)
class RuleField:
    """What one :class:`Rules` field is, for people: its kind, allowed values, label and help.

    Each field of :class:`Rules` carries one in its dataclass metadata, and that is the one list of
    rule fields: the engine checks a value against ``low``/``high``/``choices``, the rules lab builds
    its control from the kind, label and help, and ``tools/rules_doc.py`` writes the option tables
    of docs/rules.md §5 from ``section``, ``values``, ``meaning`` and ``value_meanings``.

    >>> rule_fields()["moon"].choices
    ('auto', 'old', 'new', 'choice', 'avoid-end', 'off')
    >>> rule_fields()["target"].low, rule_fields()["target"].high
    (1, 1000000)
    """

    kind: RuleFieldKind
    section: str  # a key of OPTION_SECTIONS
    help: str  # one line, shown beside the field's control
    meaning: str = ""  # the docs' sentence; the help line when empty
    choices: tuple[Any, ...] = ()  # the allowed values of a "choice" field
    value_meanings: tuple[str, ...] = ()  # for a "choice" field: one sentence per choice (docs: a row each)
    low: int | None = None  # a "count" field's least value
    high: int | None = None  # its greatest (None: set by other fields, e.g. the hand size)
    values: str = ""  # how the docs state the allowed values, where the kind alone does not say it well
    labels: tuple[str, ...] = ()  # a "count" field offered as a menu: one label per value from low to high
    example: str = ""  # a value as a person types it (cards, offsets), shown as a placeholder
    label: str = ""  # the control's label; the field name when empty

    def __post_init__(self) -> None:
        if self.kind not in RULE_FIELD_KINDS or self.section not in OPTION_SECTIONS or not self.help:
            raise RulesError(f"RuleField: kind {self.kind!r}, section {self.section!r} and a help line are required.", "metadata")
        if self.value_meanings and len(self.value_meanings) != len(self.choices):
            raise RulesError("RuleField: value_meanings needs one sentence per choice.", "metadata")

    @property
    def values_text(self) -> str:
        """The allowed values in words, as the docs' option table shows them.

        >>> rule_fields()["moon_cards"].values_text, rule_fields()["target"].values_text
        ('`"hearts-and-queens"`, `"all-points"`', '1 to 1 000 000')
        """
        if self.values:
            return self.values
        if self.kind == "flag":
            return "`False` / `True`"
        if self.kind == "choice":
            return ", ".join(f'`"{c}"`' if isinstance(c, str) else f"`{c!r}`" for c in self.choices)
        if self.kind == "count":
            return f"{self.low} to {'' if self.high is None else format(self.high, ',').replace(',', ' ')}".strip()
        return self.example


def _field(kind: RuleFieldKind, section: str, help: str, default: Any = dataclasses.MISSING, **info: Any) -> Any:
    """A :class:`Rules` field with its :class:`RuleField` as metadata."""
    return field(default=default, metadata={INFO: RuleField(kind, section, help, **info)})


def rule_fields(rules_type: type[Rules] | None = None) -> dict[str, RuleField]:
    """Every rule field of ``rules_type`` (:class:`Rules` by default, or a subclass adding house
    options) with its :class:`RuleField`, in the dataclass's order: the one list of rule fields that
    the engine's checks, the rules lab and the docs read. A field without one is refused by name.

    >>> list(rule_fields())[:4]
    ['players', 'name', 'decks', 'removed']
    """
    kind = Rules if rules_type is None else rules_type
    if not (isinstance(kind, type) and issubclass(kind, Rules)):
        raise RulesError(f"rules_type: expected Rules or a subclass of it, not {_quote(kind)}.", "rules_type")
    out: dict[str, RuleField] = {}
    for f in dataclasses.fields(kind):
        if not f.init:
            continue
        info = f.metadata.get(INFO)
        if not isinstance(info, RuleField):
            raise RulesError(f"{f.name}: a rule field needs a RuleField in its metadata (rules.INFO) saying what it is.", f.name)
        out[f.name] = info
    return out


#: What ``card_points`` accepts: (card, value) pairs, a mapping, or a table name from :data:`CARD_VALUES`.
CardPoints = Mapping[Card, int] | Mapping[str, int] | Iterable[tuple[Card | str, int]] | CardValuesName


class RuleChanges(TypedDict, total=False):
    """The fields :meth:`Rules.preset` may change, with the values each takes, so a type checker
    refuses ``Rules.preset("standard", players=4, moon="sideways")`` and an unknown field before it
    runs (the engine refuses both at run time too). Kept equal to the fields of :class:`Rules`
    by ``tests/test_types.py`` (all but ``players`` and ``name``, which are the preset's).
    """

    decks: int
    removed: Iterable[Card | str] | str
    pass_count: int
    pass_schedule: Iterable[int]
    opening_lead: OpeningLead
    first_trick_points: bool
    first_lead_points: bool
    hearts_broken_by: HeartsBrokenBy
    card_points: CardPoints
    moon: MoonPolicy
    moon_reward: int
    moon_cards: MoonCards
    cancellation: bool
    last_trick_set_aside: LastTrickSetAside
    kitty_to: KittyTo
    target: int
    ties: TiePolicy


@dataclass(frozen=True)
class Rules:
    """Every rule option of a Hearts game (RULES.md §5).

    Each field says what it is in its metadata, a :class:`RuleField` (:func:`rule_fields`): its kind,
    allowed values, help line and the sentence docs/rules.md §5 shows, whose option tables
    ``tools/rules_doc.py`` writes from them. ``card_points`` also accepts a mapping or a name from
    :data:`CARD_VALUES`; each value is a whole number from -10**18 to 10**18 (:data:`MAX_CARD_VALUE`).
    """

    players: int = _field("count", "5.1", "seats at the table", low=2, high=52, values="2 to 52 (a preset allows its own range)")
    name: str = _field("text", "5.1", "a label for your variant", "custom", values="any non-empty text")
    decks: int = _field(
        "count", "5.1", "one pack of 52, or two packs shuffled together", 1, low=1, high=2, labels=("1 pack", "2 packs"),
        values="1 or 2", meaning="one pack of 52, or two packs (104 cards, each twice)",
    )
    removed: tuple[Card, ...] = _field(
        "cards", "5.1", "cards stripped from the deck, e.g. 2♦ 2♣", (), example="2♦ 2♣", values='cards, e.g. `("2D", "3D")`',
        meaning="cards stripped before the deal; with two packs a card listed once removes one copy, listed twice both",
    )
    pass_count: int = _field(
        "count", "5.2", "cards each player passes (0 = no passing)", 3, low=0, values="0 to the hand size",
        meaning="cards each player passes; 0 = no passing at all",
    )
    pass_schedule: tuple[int, ...] = _field(
        "offsets", "5.2", "seat offsets hand by hand: 1 left, n−1 right, 0 hold", (1, 3, 2, 0), example="1, 3, 2, 0",
        values="seat offsets 0 to n−1, e.g. `(1, 3, 2, 0)`",
        meaning="the offset of hand h is `pass_schedule[(h − 1) mod len]` (§0.3–0.4); in code `rules.pass_offset(h - 1)` gives it (the engine counts hands from 0)",
    )
    opening_lead: OpeningLead = _field(
        "choice", "5.3", "who leads trick 1 and with what", "lowest-club", choices=OPENING_LEADS, value_meanings=(
            "the holder of the lowest club dealt must lead it (§1.3)",
            "the holder of the lowest club leads trick 1 with any club",
            "the player at the dealer's left leads trick 1 (§3.4)",
        ),
    )
    first_trick_points: bool = _field(
        "flag", "5.3", "may hearts or Q♠ be discarded to trick 1?", False,
        meaning="`False`: a player who cannot follow on trick 1 may not play a heart or a Q♠ unless they hold nothing else (§1.4)",
    )
    first_lead_points: bool = _field(
        "flag", "5.3", "may trick 1 be led with a heart or Q♠ (left-of-dealer)?", False,
        meaning="with `left-of-dealer`: `False` forbids leading a heart or a Q♠ to trick 1 unless the leader holds nothing else (§3.4)",
    )
    hearts_broken_by: HeartsBrokenBy = _field(
        "choice", "5.3", "what must have been played before hearts may be led", "heart-or-queen", choices=HEARTS_BROKEN_BY,
        value_meanings=(
            "only a heart played to an earlier trick breaks hearts (§2.5)",
            "a heart or a Q♠ does (§1.5, §3.5)",
            "hearts may be led at any time",
        ),
    )
    card_points: tuple[tuple[Card, int], ...] = _field(
        "card-values", "5.4", "a named table of card values", CARD_VALUES["standard"],
        values="a table name (below) or your own (card, value) pairs",
        meaning="what each collected card costs; cards not listed cost 0",
    )
    moon: MoonPolicy = _field("choice", "5.5", "how shooting the moon scores", "auto", choices=MOON_POLICIES, meaning="the policy of §4")
    moon_reward: int = _field(
        "count", "5.5", "the moon's 26", 26, low=0, high=10_000, values="0 to 10 000 (default 26)",
        meaning="the points added to the others (old) or taken off the shooter (new)",
    )
    moon_cards: MoonCards = _field(
        "choice", "5.5", "which cards a shooter must collect", "hearts-and-queens", choices=MOON_CARDS, value_meanings=(
            "the shooter must collect every heart and every Q♠ in the deck (§1.8, §3.11)",
            "every card in the deck worth more than 0",
        ),
    )
    cancellation: bool = _field(
        "flag", "5.6", "identical cards in a trick cancel (two packs)", False,
        meaning="identical cards in a trick cancel (§3.6–3.7); meaningful with two packs",
    )
    last_trick_set_aside: LastTrickSetAside = _field(
        "choice", "5.6", "who collects a set-aside last trick", "nobody", choices=LAST_TRICK_SET_ASIDE, value_meanings=(
            "a set-aside last trick and the pending pile go to nobody (§3.9)",
            "they go to the player who led the last trick",
        ),
    )
    kitty_to: KittyTo = _field(
        "choice", "5.6", "which trick carries the kitty", "first-trick", choices=KITTY_TO, value_meanings=(
            "the kitty goes with trick 1's cards (§3.8)",
            "the kitty goes with the last trick's cards",
        ),
    )
    target: int = _field(
        "count", "5.7", "the game ends when a score reaches this", 100, low=1, high=1_000_000,
        meaning="the game ends when a total reaches it (§0.9)",
    )
    ties: TiePolicy = _field(
        "choice", "5.7", "what happens when the lowest score is shared at the end", "shared", choices=TIE_POLICIES,
        values='`"shared"` / `"play-on"`', meaning="what a tie for the lowest total does (§0.10)",
    )
    # Derived once on construction; not part of equality or the record.
    _deck: tuple[Card, ...] = field(default=(), init=False, repr=False, compare=False)
    _values: dict[Card, int] = field(default_factory=dict, init=False, repr=False, compare=False)
    _moon_set: Counter[Card] = field(default_factory=Counter, init=False, repr=False, compare=False)
    _deck_counts: dict[Card, int] = field(default_factory=dict, init=False, repr=False, compare=False)
    _opening: Card | None = field(default=None, init=False, repr=False, compare=False)
    _breakers: frozenset[Card] = field(default=frozenset(), init=False, repr=False, compare=False)

    # -- construction -------------------------------------------------------

    @classmethod
    def preset(cls, name: PresetName, players: int, **changes: Unpack[RuleChanges]) -> Rules:
        """The rules of a preset: ``standard`` (3-7), ``lowest-clubs`` (2-6) or ``cancellation`` (6-11).

        Keyword arguments change fields of the preset.

        >>> Rules.preset("cancellation", players=9).kitty_size
        5
        >>> Rules.preset("standard", players=8)
        Traceback (most recent call last):
        ...
        hearts_lab.errors.RulesError: players: the 'standard' preset is for 3 to 7 players, not 8.
        """
        if not isinstance(name, str) or name not in PRESET_PLAYERS:
            raise RulesError(f"preset: {_quote(name)} is not a preset; choose one of {_quoted(PRESETS)}.", "preset")
        allowed = PRESET_PLAYERS[name]
        if not isinstance(players, int) or isinstance(players, bool) or players not in allowed:
            raise RulesError(
                f"players: the {_quote(name)} preset is for {allowed.start} to {allowed.stop - 1} players, not {_quote(players)}.",
                "players",
            )
        if name == "standard":
            base = cls(
                players=players,
                name=name,
                removed=tuple(Card.parse(c) for c in _STANDARD_REMOVED[players].split()),
                pass_schedule=(1, 3, 2, 0) if players == 4 else (1, players - 1),
            )
        elif name == "lowest-clubs":
            base = cls(
                players=players,
                name=name,
                removed=tuple(Card.parse(c) for c in _LOWEST_CLUBS_REMOVED[players].split()),
                pass_count=4 if players == 3 else 3,
                pass_schedule=_alternating_schedule(players),
                hearts_broken_by="heart",
            )
        else:
            base = cls(
                players=players,
                name=name,
                decks=2,
                pass_schedule=(1, players - 1),
                opening_lead="left-of-dealer",
                first_trick_points=True,
                cancellation=True,
                target=150,
            )
        unknown = sorted(set(changes) - {f.name for f in dataclasses.fields(cls) if f.init})
        if unknown:
            raise RulesError(f"{unknown[0]}: not a rule field.", unknown[0])
        # __post_init__ turns the texts and mappings RuleChanges allows into the fields' own types.
        return dataclasses.replace(base, **changes) if changes else base  # type: ignore[arg-type]

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        self._check_int("players")
        self._check_int("decks")
        if not isinstance(self.name, str) or not self.name:
            raise RulesError(f"name: expected a non-empty label, not {_quote(self.name)}.", "name")
        set_(self, "removed", tuple(sorted(self._card_tuple("removed", self.removed), key=Card.sort_key)))
        available = Counter(full_pack() * self.decks)
        for card, count in Counter(self.removed).items():
            if count > available[card]:
                raise RulesError(
                    f"removed: {card} is removed {count} times but the deck has {available[card]}.", "removed"
                )
        pack = [c for c in full_pack() if c not in self.removed]
        if self.decks == 1:
            deck = tuple(pack)
        else:
            # With two packs a card listed once in `removed` strips one copy.
            once = Counter(self.removed)
            deck = tuple(c for c in full_pack() for _ in range(2 - once[c]))
        set_(self, "_deck", deck)
        set_(self, "_deck_counts", dict(Counter(deck)))
        if len(deck) < self.players:
            raise RulesError(
                f"players: {self.players} players need at least {self.players} cards, the deck has {len(deck)}.",
                "players",
            )
        self._check_int("pass_count", high=self.hand_size)
        schedule = self.pass_schedule
        if isinstance(schedule, int) or not isinstance(schedule, Iterable):
            raise RulesError(f"pass_schedule: expected a sequence of seat offsets, not {_quote(schedule)}.", "pass_schedule")
        schedule = tuple(schedule)
        if not schedule:
            raise RulesError("pass_schedule: needs at least one offset; use (0,) for no passing.", "pass_schedule")
        for offset in schedule:
            if not isinstance(offset, int) or isinstance(offset, bool) or not 0 <= offset < self.players:
                raise RulesError(
                    f"pass_schedule: {_quote(offset)} is not a seat offset from 0 to {self.players - 1}.", "pass_schedule"
                )
        set_(self, "pass_schedule", schedule)
        self._check_choice("opening_lead")
        if self.opening_lead != "left-of-dealer" and not any(c.suit == CLUBS for c in deck):
            raise RulesError("opening_lead: the deck has no club to open with; use 'left-of-dealer'.", "opening_lead")
        if self.opening_lead != "left-of-dealer":
            set_(self, "_opening", min(c for c in deck if c.suit == CLUBS))
        self._check_bool("first_trick_points")
        self._check_bool("first_lead_points")
        self._check_choice("hearts_broken_by")
        if self.hearts_broken_by == "heart":
            set_(self, "_breakers", frozenset(c for c in full_pack() if c.suit == HEARTS))
        else:
            set_(self, "_breakers", POINT_CARDS)
        set_(self, "card_points", self._points_tuple(self.card_points))
        set_(self, "_values", dict(self.card_points))
        self._check_choice("moon")
        self._check_int("moon_reward")
        self._check_choice("moon_cards")
        if self.moon_cards == "hearts-and-queens":
            set_(self, "_moon_set", Counter(c for c in deck if c in POINT_CARDS))
        else:
            set_(self, "_moon_set", Counter(c for c in deck if self._values.get(c, 0) > 0))
        if self.moon != "off" and not self._moon_set:
            raise RulesError("moon_cards: no card in the deck counts toward the moon; set moon='off'.", "moon_cards")
        self._check_bool("cancellation")
        self._check_choice("last_trick_set_aside")
        self._check_choice("kitty_to")
        self._check_int("target")
        self._check_choice("ties")

    @staticmethod
    def _info(name: str) -> RuleField:
        info: RuleField = Rules.__dataclass_fields__[name].metadata[INFO]
        return info

    def _check_int(self, name: str, high: int | None = None) -> None:
        """A whole number from the field's ``low`` to its ``high`` (or ``high`` given here, where other fields set it)."""
        info = self._info(name)
        low, high = info.low if info.low is not None else 0, high if high is not None else info.high
        assert high is not None, name  # every count field has a bound, in its metadata or from its caller
        value = getattr(self, name)
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise RulesError(f"{name}: expected a whole number from {low} to {high}, not {_quote(value)}.", name)

    def _check_bool(self, name: str) -> None:
        value = getattr(self, name)
        if not isinstance(value, bool):
            raise RulesError(f"{name}: expected True or False, not {_quote(value)}.", name)

    def _check_choice(self, name: str) -> None:
        """One of the field's ``choices`` (its Literal type's values)."""
        options = self._info(name).choices
        value = getattr(self, name)
        if type(value) is not str or value not in options:  # `in` on a numpy array would not answer True or False
            raise RulesError(f"{name}: {_quote(value)} is not one of {_quoted(options)}.", name)

    @staticmethod
    def _card_tuple(name: str, cards: object) -> tuple[Card, ...]:
        if isinstance(cards, str):
            cards = cards.replace(",", " ").split()
        if not isinstance(cards, abc.Iterable):
            raise RulesError(f"{name}: expected cards, not {_quote(cards)}.", name)
        try:
            return tuple(Card.parse(c) for c in cards)
        except (CardError, TypeError) as error:
            raise RulesError(f"{name}: {error}", name) from None

    @staticmethod
    def _points_tuple(points: object) -> tuple[tuple[Card, int], ...]:
        if isinstance(points, str):
            return card_values(points)
        items = points.items() if isinstance(points, Mapping) else points
        if not isinstance(items, abc.Iterable):
            raise RulesError(f"card_points: expected (card, value) pairs or a table name, not {_quote(points)}.", "card_points")
        try:
            pairs = [(Card.parse(c), v) for c, v in items]
        except (CardError, TypeError, ValueError) as error:
            raise RulesError(f"card_points: expected (card, value) pairs: {error}", "card_points") from None
        for card, value in pairs:
            if not isinstance(value, int) or isinstance(value, bool) or not -MAX_CARD_VALUE <= value <= MAX_CARD_VALUE:
                raise RulesError(
                    f"card_points: the value of {card} must be a whole number from {-MAX_CARD_VALUE:,} to {MAX_CARD_VALUE:,}, "
                    f"not {_quote(value)}.", "card_points",
                )
        if len({c for c, _ in pairs}) != len(pairs):
            raise RulesError("card_points: a card is given two values.", "card_points")
        return tuple(sorted(((c, v) for c, v in pairs if v), key=lambda cv: cv[0].sort_key()))

    # -- derived facts ------------------------------------------------------

    def deck(self) -> tuple[Card, ...]:
        """Every card in play, both copies with two packs, by suit then rank.

        >>> len(Rules.preset("cancellation", players=8).deck())
        104
        """
        return self._deck

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat."""
        return len(self._deck) // self.players

    @property
    def kitty_size(self) -> int:
        """Cards left over after an even deal; they form the kitty."""
        return len(self._deck) % self.players

    def pass_offset(self, hand_number: int) -> int:
        """The seat offset cards travel by in hand ``hand_number`` (0 = hold).

        >>> [Rules.preset("standard", players=4).pass_offset(h) for h in range(5)]
        [1, 3, 2, 0, 1]
        """
        if type(hand_number) is not int or hand_number < 0:
            raise RulesError(f"hand_number: expected a whole number 0 or more, not {_quote(hand_number)}.", "hand_number")
        if self.pass_count == 0:
            return 0
        return self.pass_schedule[hand_number % len(self.pass_schedule)]

    def points_of(self, card: Card | str) -> int:
        """Penalty points a collected card (a Card or text such as ``QS``) is worth.

        >>> Rules.preset("standard", players=4).points_of("QS")
        13
        """
        return self._values.get(card if type(card) is Card else Card.parse(card), 0)

    def points(self, cards: Iterable[Card | str]) -> int:
        """The penalty points of a pile of cards: the one sum every module uses.

        >>> from hearts_lab.cards import parse_cards
        >>> Rules.preset("standard", players=4).points(parse_cards("QS 2H 3H 2C"))
        15
        >>> Rules.preset("standard", players=4, card_points="omnibus").points(parse_cards("JD QS"))
        3
        """
        if isinstance(cards, (str, bytes)) or not isinstance(cards, abc.Iterable):
            raise RulesError(f"cards: expected a collection of cards, not {_quote(cards)}.", "cards")
        values = self._values
        try:
            return sum([values.get(c if type(c) is Card else Card.parse(c), 0) for c in cards])
        except CardError as error:
            raise RulesError(f"cards: {error}", "cards") from None

    @property
    def total_points(self) -> int:
        """Points in the whole deck: 26 with one pack, 52 with two (standard values)."""
        return self.points(self._deck)

    @property
    def moon_card_set(self) -> Counter[Card]:
        """Which cards (with multiplicity) a shooter must collect (option ``moon_cards``).

        A copy: changing it changes nothing here.
        """
        return Counter(self._moon_set)

    @property
    def moon_card_count(self) -> int:
        """How many cards a shooter must collect: 14 with one pack (13 hearts and the Q♠), 28 with two.

        >>> Rules.preset("cancellation", players=8).moon_card_count
        28
        """
        return sum(self._moon_set.values())

    @property
    def moon_points(self) -> int:
        """The points the moon cards carry, which a shooter does not score (RULES.md §4): 26 or 52 by default.

        >>> Rules.preset("standard", players=4).moon_points, Rules.preset("standard", players=4, card_points="spot-hearts").moon_points
        (26, 117)
        """
        values = self._values
        return sum(values.get(c, 0) * k for c, k in self._moon_set.items())

    @property
    def kitty_trick(self) -> int | None:
        """Index of the trick that carries the kitty (``kitty_to``), or None when there is no kitty (RULES.md §3.8).

        >>> Rules.preset("cancellation", players=7).kitty_trick, Rules.preset("cancellation", players=8).kitty_trick
        (0, None)
        >>> Rules.preset("cancellation", players=7, kitty_to="last-trick").kitty_trick
        13
        """
        if not self.kitty_size:
            return None
        return 0 if self.kitty_to == "first-trick" else self.hand_size - 1

    def pass_direction(self, offset: int) -> str:
        """The one name of a pass offset: ``left``, ``right``, ``across``, ``hold``, or the
        nearest way round, ``2 to the left`` / ``2 to the right`` (RULES.md §0).

        >>> rules = Rules.preset("lowest-clubs", players=6)
        >>> [rules.pass_direction(k) for k in range(6)]
        ['hold', 'left', '2 to the left', 'across', '2 to the right', 'right']
        >>> rules.pass_direction(rules.pass_offset(4))
        'across'
        """
        return pass_direction(offset, self.players)

    def pass_target(self, seat: int, offset: int) -> int:
        """The one rule of where passed cards go: the seat that receives ``seat``'s cards when they
        travel by pass offset ``offset`` (offset 1 is the left neighbour, the next seat clockwise).

        >>> rules = Rules.preset("standard", players=4)
        >>> [rules.pass_target(0, rules.pass_offset(h)) for h in range(4)]
        [1, 3, 2, 0]
        """
        return _pass_seat(seat, offset, self.players)

    def pass_source(self, seat: int, offset: int) -> int:
        """The seat whose cards ``seat`` receives when cards travel by pass offset ``offset``
        (itself on a hold hand): the inverse of :meth:`pass_target`.

        >>> rules = Rules.preset("lowest-clubs", players=6)
        >>> rules.pass_source(0, 2), rules.pass_target(rules.pass_source(0, 2), 2)
        (4, 0)
        """
        return _pass_seat(seat, -offset if type(offset) is int else offset, self.players)

    def play_order(self, first: int) -> tuple[int, ...]:
        """Every seat once, in the order they play a trick ``first`` leads: clockwise, to the left
        (the way the deal and the turn move, RULES.md §0). ``play_order(s)[k]`` is ``pass_target(s, k)``.

        >>> Rules.preset("standard", players=4).play_order(2)
        (2, 3, 0, 1)
        """
        start = _pass_seat(first, 0, self.players)
        return tuple(_pass_seat(start, k, self.players) for k in range(self.players))

    @property
    def opening_card(self) -> Card | None:
        """The lowest club in the deck, which opens trick 1 (None with ``left-of-dealer``)."""
        return self._opening

    @property
    def opening_lead_text(self) -> str:
        """Who leads trick 1 and with what, in words: the one sentence views show (RULES.md §1.3).

        >>> Rules.preset("standard", players=4).opening_lead_text
        'the 2♣, by its holder'
        >>> Rules.preset("standard", players=4, opening_lead="any-club").opening_lead_text
        'any club, by the holder of the 2♣'
        >>> Rules.preset("cancellation", players=7).opening_lead_text
        'any card but a heart or Q♠ (unless they hold nothing else), by the player left of the dealer'
        """
        card = self.opening_card
        lowest = f"the {card}" if not self.kitty_size else f"the {card} (or, if it lies in the kitty, the lowest club dealt)"
        if self.opening_lead == "lowest-club":
            return f"{lowest}, by its holder"
        if self.opening_lead == "any-club":
            return f"any club, by the holder of {lowest}"
        if not self.first_lead_points:
            return "any card but a heart or Q♠ (unless they hold nothing else), by the player left of the dealer"
        if self.hearts_broken_by == "nothing":
            return "any card, by the player left of the dealer"
        return "any card but a heart (unless they hold nothing but hearts and Q♠), by the player left of the dealer"

    @property
    def kitty_text(self) -> str:
        """Where the kitty goes, in words ("" without a kitty; RULES.md §3.8).

        >>> Rules.preset("cancellation", players=7, kitty_to="last-trick").kitty_text
        'face down; it goes with the cards of the last trick (trick 14)'
        """
        trick = self.kitty_trick
        if trick is None:
            return ""
        which = "trick 1" if trick == 0 else f"the last trick (trick {trick + 1})"
        return f"face down; it goes with the cards of {which}"

    @property
    def passes_cards(self) -> bool:
        """Whether any hand of these rules passes cards (``pass_count`` above 0 and some offset not a hold).

        >>> Rules.preset("standard", players=4).passes_cards, Rules.preset("standard", players=4, pass_count=0).passes_cards
        (True, False)
        """
        return self.pass_count > 0 and any(self.pass_schedule)

    @property
    def pass_cycle(self) -> int:
        """Hands before the pass schedule repeats (1 when no hand passes).

        >>> Rules.preset("standard", players=4).pass_cycle, Rules.preset("standard", players=5).pass_cycle
        (4, 2)
        """
        return len(self.pass_schedule) if self.passes_cards else 1

    def breaks_hearts(self, card: Card | str) -> bool:
        """Whether playing ``card`` to a trick breaks hearts under these rules."""
        return (card if type(card) is Card else Card.parse(card)) in self._breakers

    # -- records ------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data; :meth:`from_dict` reads it back.

        >>> Rules.from_dict(Rules.preset("lowest-clubs", players=3).to_dict()) == Rules.preset("lowest-clubs", players=3)
        True
        """
        data: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            if not f.init:
                continue
            value = getattr(self, f.name)
            if f.name == "removed":
                value = [str(c) for c in value]
            elif f.name == "card_points":
                value = {str(c): v for c, v in value}
            elif f.name == "pass_schedule":
                value = list(value)
            data[f.name] = value
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rules from :meth:`to_dict` data; unknown or missing fields raise :class:`RulesError`."""
        if not isinstance(data, Mapping):
            raise RulesError(f"rules: expected an object of rule fields, not {type(data).__name__}.", "rules")
        known = {f.name for f in dataclasses.fields(cls) if f.init}
        unknown = sorted((k for k in data if k not in known), key=repr)
        if unknown and not isinstance(unknown[0], str):
            raise RulesError(f"rules: a field name must be text, not {_quote(unknown[0])}.", "rules")
        if unknown:
            raise RulesError(f"{unknown[0]}: not a rule field.", unknown[0])
        if "players" not in data:
            raise RulesError("players: missing.", "players")
        kwargs = dict(data)
        if isinstance(kwargs.get("pass_schedule"), list):
            kwargs["pass_schedule"] = tuple(kwargs["pass_schedule"])
        return cls(**kwargs)

    def changes_from(self, other: Rules) -> dict[str, tuple[Any, Any]]:
        """Fields whose values differ: ``{field: (other's value, this value)}``.

        >>> base = Rules.preset("standard", players=4)
        >>> dataclasses.replace(base, target=50).changes_from(base)
        {'target': (100, 50)}
        """
        diff = {}
        for f in dataclasses.fields(self):
            if f.compare and f.name != "name" and getattr(self, f.name) != getattr(other, f.name):
                diff[f.name] = (getattr(other, f.name), getattr(self, f.name))
        return diff

    def summary(self) -> str:
        """One line describing the deck and deal.

        >>> Rules.preset("cancellation", players=7).summary()
        'cancellation, 7 players: 104 cards (2 packs), 14 each, kitty 6, pass 3 (offsets 1, 6)'
        """
        packs = "1 pack" if self.decks == 1 else f"{self.decks} packs"
        if len(self.removed) > 6:
            removed = f", {len(self.removed)} cards removed"
        else:
            removed = f", without {' '.join(map(str, self.removed))}" if self.removed else ""
        kitty = f", kitty {self.kitty_size}" if self.kitty_size else ""
        passing = (
            f"pass {self.pass_count} (offsets {', '.join(map(str, self.pass_schedule))})"
            if self.pass_count and any(self.pass_schedule)
            else "no passing"
        )
        return (
            f"{self.name}, {self.players} players: {len(self._deck)} cards ({packs}{removed}), "
            f"{self.hand_size} each{kitty}, {passing}"
        )



def field_help() -> dict[str, str]:
    """Each rule field's one-line description (:attr:`RuleField.help` of :func:`rule_fields`),
    the line the rules lab shows beside the field's control.

    >>> field_help()["kitty_to"]
    'which trick carries the kitty'
    >>> list(field_help()) == [f.name for f in dataclasses.fields(Rules) if f.init]
    True
    """
    return {name: info.help for name, info in rule_fields().items()}
