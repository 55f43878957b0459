"""What a rule set deals: deck composition and stripped-deck arithmetic.

Everything here is read off a :class:`~hearts_lab.Rules` value
(``rules.deck()``, ``rules.hand_size``, ``rules.kitty_size``), never from a
table of presets, so the numbers always match the rules being played.

>>> from hearts_lab import Rules
>>> deck = composition(Rules.preset("cancellation", players=7))
>>> deck.cards, deck.pairs, deck.singles, deck.hand_size, deck.kitty_size
(104, 52, 0, 14, 6)
>>> strip_report(Rules.preset("standard", players=6)).remainder
4
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import islice
from math import comb
from typing import Callable, Iterable

import sympy

from ..arguments import ArgumentError, check_count, check_flag, check_names
from ..cards import (
    CLUBS,
    HEARTS,
    POINT_CARDS,
    QUEEN_OF_SPADES,
    SUITS,
    Card,
    full_pack,
    parse_cards,
)
from ..errors import RulesError, check_rules
from ..rules import PRESET_PLAYERS, PresetName, Rules
from ..wording import counted, noun
from .exact import Exact, binom
from .table import Table

__all__ = [
    "Composition",
    "composition",
    "small_deck_rules",
    "StripReport",
    "strip_report",
    "strip_reports",
    "remainder_table",
    "strip_choices",
    "compare_strips",
]


@dataclass(frozen=True)
class Composition:
    """The deck of a rule set, counted the way the formulas need it.

    ``cards`` is the number of physical cards N; ``copies`` maps each card
    to how many copies are in play (1 or 2); ``singles`` and ``pairs`` count
    the card faces present once and twice. ``piles`` lists the sizes dealt:
    one hand per seat, then the kitty.
    """

    copies: tuple[tuple[Card, int], ...]
    players: int
    hand_size: int
    kitty_size: int
    point_values: tuple[tuple[Card, int], ...]

    @property
    def cards(self) -> int:
        """Physical cards N."""
        return sum(n for _, n in self.copies)

    @property
    def singles(self) -> int:
        """Card faces with one copy in the deck."""
        return sum(1 for _, n in self.copies if n == 1)

    @property
    def pairs(self) -> int:
        """Card faces with two (identical) copies in the deck."""
        return sum(1 for _, n in self.copies if n == 2)

    @property
    def piles(self) -> tuple[int, ...]:
        """Sizes of the piles dealt: each seat's hand, then the kitty."""
        return (self.hand_size,) * self.players + (self.kitty_size,)

    def count(self, test: Callable[[Card], bool]) -> int:
        """Physical cards for which ``test(card)`` is true.

        >>> from hearts_lab import Rules
        >>> composition(Rules.preset("cancellation", players=6)).count(lambda c: c.suit == "H")
        26
        """
        return sum(n for card, n in self.copies if test(card))

    def copies_of(self, card: Card) -> int:
        """How many copies of ``card`` are in play (0, 1 or 2)."""
        return dict(self.copies).get(card, 0)

    @property
    def hearts(self) -> int:
        """Physical hearts in the deck."""
        return self.count(lambda c: c.suit == HEARTS)

    @property
    def queens(self) -> int:
        """Copies of the Q♠ in the deck."""
        return self.copies_of(QUEEN_OF_SPADES)

    @property
    def point_cards(self) -> int:
        """Physical cards worth any points (positive or negative) under these rules."""
        values = dict(self.point_values)
        return self.count(lambda c: values.get(c, 0) != 0)

    def suit_size(self, suit: str) -> int:
        """Physical cards of one suit (``"C"``, ``"D"``, ``"H"`` or ``"S"``)."""
        return self.count(lambda c: c.suit == suit)

    @property
    def suit_sizes(self) -> dict[str, int]:
        """Cards per suit, in the order ♣ ♦ ♥ ♠."""
        return {s: self.suit_size(s) for s in SUITS}


def composition(rules: Rules) -> Composition:
    """Count the deck of ``rules``: copies of each card, hand size, kitty size.

    >>> from hearts_lab import Rules
    >>> c = composition(Rules.preset("standard", players=5))
    >>> c.cards, c.hand_size, c.suit_sizes
    (50, 10, {'C': 12, 'D': 12, 'H': 13, 'S': 13})
    """
    check_rules(rules)
    counts = Counter(rules.deck())
    copies = tuple(sorted(counts.items(), key=lambda cn: cn[0].sort_key()))
    return Composition(copies, rules.players, rules.hand_size, rules.kitty_size, rules.card_points)


def small_deck_rules(cards: str | Iterable[Card | str], players: int, **changes: object) -> Rules:
    """Rules that deal exactly ``cards`` (a card listed twice is in play twice) to ``players`` seats.

    Made for exercises on decks small enough to list every deal. Passing is
    off; the opening lead is the lowest club if there is one, otherwise left
    of dealer; the moon is off when the deck holds no heart or Q♠.
    ``changes`` override any field.

    >>> r = small_deck_rules("QS QS AH 2C 3C", players=2)
    >>> r.decks, len(r.deck()), r.hand_size, r.kitty_size
    (2, 5, 2, 1)
    """
    wanted = Counter(parse_cards(cards))
    if not wanted:
        raise RulesError("cards: the deck needs at least one card.", "cards")
    decks = max(wanted.values())
    if decks > 2:
        card = next(c for c, n in wanted.items() if n > 2)
        raise RulesError(f"cards: {card} is listed {wanted[card]} times; at most two packs are supported.", "cards")
    removed = [card for card in full_pack() for _ in range(decks - wanted[card])]
    fields: dict[str, object] = {
        "players": players,
        "name": "small deck",
        "decks": decks,
        "removed": tuple(removed),
        "pass_count": 0,
        "pass_schedule": (0,),
        "opening_lead": "lowest-club" if any(c.suit == CLUBS for c in wanted) else "left-of-dealer",
        "first_trick_points": True,
    }
    if not any(c in POINT_CARDS for c in wanted):
        fields["moon"] = "off"
    fields.update(changes)
    return Rules(**fields)  # type: ignore[arg-type]


@dataclass(frozen=True)
class StripReport:
    """Why a rule set deals the deck it deals.

    ``pack_size`` is 52 per pack; ``remainder`` is ``pack_size mod players``,
    the number of cards that cannot be dealt evenly. A one-pack rulebook
    strips that many cards; Cancellation Hearts puts them in a kitty instead.
    """

    rules: Rules
    pack_size: int
    remainder: int
    removed: tuple[Card, ...]
    deck_size: int
    hand_size: int
    kitty_size: int
    keeps_all_hearts: bool
    keeps_queen: bool
    opening_card: Card | None
    suit_sizes: dict[str, int]

    @property
    def even(self) -> bool:
        """Every card is dealt and every seat gets the same number."""
        return self.kitty_size == 0

    def explain(self) -> str:
        """A few sentences a student can read.

        >>> from hearts_lab import Rules
        >>> print(strip_report(Rules.preset("standard", players=5)).explain())
        52 cards for 5 players: 52 = 5 × 10 + 2, so 2 cards are left over. The rules remove 2♣ 2♦; 50 cards remain, 10 each. Every heart and the Q♠ stay, so a hand still carries 26 points. Trick 1 opens with the 3♣, the lowest club left.
        """
        r = self.rules
        n = r.players
        q, rem = divmod(self.pack_size, n)
        packs = f"{self.pack_size} cards" + (f" ({r.decks} packs)" if r.decks > 1 else "")
        parts = [f"{packs} for {n} players: {self.pack_size} = {n} × {q} + {rem}, so "
                 f"{counted(rem, 'card')} {noun(rem, 'is', 'are')} left over."]
        if rem == 0 and not self.removed:
            parts[0] = f"{packs} for {n} players: {self.pack_size} = {n} × {q}, so the deal comes out even."
        if self.removed:
            parts.append(
                f"The rules remove {' '.join(map(str, self.removed))}; {self.deck_size} cards remain, {self.hand_size} each."
            )
        else:
            parts.append(f"Nothing is removed; {self.hand_size} each.")
        if self.kitty_size:
            parts.append(f"The {self.kitty_size} leftover cards go face down as a kitty.")
        if self.keeps_all_hearts and self.keeps_queen:
            pts = r.total_points
            if r.decks == 1:
                parts.append(f"Every heart and the Q♠ stay, so a hand still carries {pts} points.")
            else:
                parts.append(f"Every heart and both Q♠ stay: {pts} points are dealt in every hand.")
        else:
            parts.append("Some point cards are removed, so a hand carries fewer points.")
        if self.opening_card is not None:
            lowest = "the lowest club" if self.opening_card.rank == 2 else "the lowest club left"
            parts.append(f"Trick 1 opens with the {self.opening_card}, {lowest}.")
        return " ".join(parts)


def strip_report(rules: Rules) -> StripReport:
    """The stripped-deck arithmetic of ``rules``.

    >>> from hearts_lab import Rules
    >>> rep = strip_report(Rules.preset("lowest-clubs", players=6))
    >>> rep.remainder, rep.removed, rep.opening_card, rep.suit_sizes["C"]
    (4, (2♣, 3♣, 4♣, 5♣), 6♣, 9)
    """
    check_rules(rules)
    pack_size = 52 * rules.decks
    deck = Counter(rules.deck())
    full = Counter(full_pack() * rules.decks)
    hearts_kept = all(deck[c] == full[c] for c in full if c.suit == HEARTS)
    queen_kept = deck[QUEEN_OF_SPADES] == full[QUEEN_OF_SPADES]
    return StripReport(
        rules=rules,
        pack_size=pack_size,
        remainder=pack_size % rules.players,
        removed=rules.removed,
        deck_size=len(rules.deck()),
        hand_size=rules.hand_size,
        kitty_size=rules.kitty_size,
        keeps_all_hearts=hearts_kept,
        keeps_queen=queen_kept,
        opening_card=rules.opening_card,
        suit_sizes=composition(rules).suit_sizes,
    )


def strip_reports(preset: PresetName) -> tuple[StripReport, ...]:
    """One :class:`StripReport` per player count the preset allows.

    >>> [r.rules.players for r in strip_reports("cancellation")]
    [6, 7, 8, 9, 10, 11]
    """
    if not isinstance(preset, str):
        raise ArgumentError(f"preset: expected a preset name, one of {', '.join(map(repr, PRESET_PLAYERS))}.", "preset")
    (preset,) = check_names(preset, tuple(PRESET_PLAYERS), "preset")
    return tuple(strip_report(Rules.preset(preset, players=n)) for n in PRESET_PLAYERS[preset])


def _entries(values: object, most: int = 1_000) -> list[object]:
    if isinstance(values, (str, bytes, dict)) or not isinstance(values, Iterable):
        raise ArgumentError(f"players: expected player counts, not {type(values).__name__}.", "players")
    listed = list(islice(values, most + 1))
    if len(listed) > most:
        raise ArgumentError(f"players: at most {most:,} player counts.", "players")
    return listed


def remainder_table(players: Iterable[int] = range(2, 14)) -> Table:
    """``52 = n × q + r`` and ``104 = n × q + r`` for each player count n: r cards do not deal evenly.

    >>> print(remainder_table([3, 4, 5]))
    players  one pack: each  left over  two packs: each  left over
    -------  --------------  ---------  ---------------  ---------
          3              17          1               34          2
          4              13          0               26          0
          5              10          2               20          4
    """
    rows = [(n, 52 // n, 52 % n, 104 // n, 104 % n) for n in (check_count(p, "players", low=1, high=10_000) for p in _entries(players))]
    return Table(("players", "one pack: each", "left over", "two packs: each", "left over"), rows)


def strip_choices(rules: Rules, keep_opening_club: bool = False) -> Exact:
    """Ways a rulebook could choose the ``52 mod n`` cards to strip without touching a heart or the Q♠.

    Only the non-point cards of the full pack may go (38 of them with
    standard values); ``keep_opening_club`` also keeps the 2♣.

    >>> from hearts_lab import Rules
    >>> print(strip_choices(Rules.preset("standard", players=6)))
    ways to choose 4 cards to strip, keeping every heart and the Q♠: C(38, 4) = 73815
    """
    check_rules(rules)
    remainder = (52 * rules.decks) % rules.players
    pack = full_pack()
    candidates = [c for c in pack if c.suit != HEARTS and c != QUEEN_OF_SPADES]
    keeping = "every heart and the Q♠"
    if check_flag(keep_opening_club, "keep_opening_club"):
        candidates = [c for c in candidates if c != min(c for c in pack if c.suit == CLUBS)]
        keeping = "every heart, the Q♠ and the 2♣"
    return Exact(
        sympy.Integer(comb(len(candidates), remainder)),
        binom(len(candidates), remainder),
        f"ways to choose {counted(remainder, 'card')} to strip, keeping {keeping}",
    )


def compare_strips(first: PresetName = "standard", second: PresetName = "lowest-clubs") -> Table:
    """The two one-pack rulebooks side by side for the player counts both allow.

    >>> table = compare_strips()
    >>> table.rows[2][:3]
    (5, (2♣, 2♦), (2♣, 3♣))
    """
    rows = []
    check_names((first, second), tuple(PRESET_PLAYERS), "preset")
    for n in PRESET_PLAYERS[first]:
        if n not in PRESET_PLAYERS[second]:
            continue
        a, b = strip_report(Rules.preset(first, players=n)), strip_report(Rules.preset(second, players=n))
        rows.append(
            (
                n,
                a.removed,
                b.removed,
                str(a.opening_card),
                str(b.opening_card),
                _lengths(a.suit_sizes),
                _lengths(b.suit_sizes),
                a.removed == b.removed,
            )
        )
    return Table(
        ("players", f"{first} removes", f"{second} removes", f"{first} opens", f"{second} opens",
         f"{first} ♣ ♦ ♥ ♠", f"{second} ♣ ♦ ♥ ♠", "same?"),
        rows,
    )


def _lengths(sizes: dict[str, int]) -> str:
    return " ".join(str(sizes[s]) for s in SUITS)
