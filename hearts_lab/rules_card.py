"""A rules card: the rules of one ``Rules`` value in a few sentences a student reads at the table.

Every sentence is read off the rules' fields (and the engine's derived facts:
``removed``, ``hand_size``, ``kitty_size``, ``opening_card``, ``pass_direction``),
so the card of a house rule says what that house rule plays. Hands are numbered
from 1 here, as everywhere a person reads; ``Rules.pass_offset(h)`` takes the
engine's hand number ``h`` (from 0). Sections of ``docs/rules.md`` give the
full wording and the rulings.

>>> from hearts_lab import Rules
>>> for line in rules_card(Rules.preset("standard", players=4)):
...     print("-", line)
- Deck: 52 cards, 13 each.
- Passing: 3 cards before each hand (hand 1: to the left; hand 2: to the right; hand 3: across; hand 4: no pass; then the same again).
- Trick 1: whoever holds the 2♣ leads it.
- Follow suit if you can; if you cannot, play any card.
- On trick 1 nobody may play a heart or the Q♠ (unless they hold nothing else).
- The highest card of the suit led wins the trick; a card of another suit never wins. The winner leads next.
- A heart may be led only once a heart or the Q♠ has been played (or when the leader holds nothing but hearts and the Q♠).
- Points (you want few): each heart 1, Q♠ 13.
- Shooting the moon: take every heart and the Q♠ and the others get 26 each instead, or you get −26 (the engine picks the old moon when that leaves you strictly lowest).
- The game ends when someone reaches 100 points; the lowest total wins (a tie for lowest shares the win).
"""

from __future__ import annotations

import html
from collections import Counter

from .cards import HEARTS, Card, full_pack
from .rules import Rules

__all__ = ["rules_card", "rules_card_html"]

_MOON_WAYS = {
    "auto": "the others get {r} each instead, or you get −{r} (the engine picks the old moon when that leaves you strictly lowest)",
    "choice": "you choose: the others get {r} each (old moon), or you get −{r} (new moon)",
    "old": "the others get {r} each instead",
    "new": "you get −{r} instead",
    "avoid-end": "the others get {r} each instead, unless that would end the game; then you get −{r}",
}


def _deck_line(rules: Rules) -> str:
    packs = "" if rules.decks == 1 else f" ({rules.decks} packs, every card twice)"
    cards = f"{len(rules.deck())} cards{packs}"
    if rules.removed:
        shown = " ".join(map(str, rules.removed)) if len(rules.removed) <= 8 else f"{len(rules.removed)} cards"
        cards += f", without {shown}"
    line = f"Deck: {cards}, {rules.hand_size} each."
    if rules.kitty_size:
        taker = "trick 1" if rules.kitty_to == "first-trick" else "the last trick"
        line += f" The {rules.kitty_size} cards left over are the kitty: it goes to whoever collects {taker}."
    return line


def _direction_words(direction: str) -> str:
    """'left' -> 'to the left', '2 to the right' -> '2 seats to the right', 'hold' -> 'no pass'."""
    if direction == "hold":
        return "no pass"
    if direction in ("left", "right"):
        return f"to the {direction}"
    if direction == "across":
        return direction
    count, rest = direction.split(" ", 1)
    return f"{count} seats {rest}"


def _passing_line(rules: Rules) -> str:
    if rules.pass_count == 0 or not any(rules.pass_schedule):
        return "Passing: none."
    names = [f"hand {number}: {_direction_words(rules.pass_direction(offset))}"
             for number, offset in enumerate(rules.pass_schedule, start=1)]
    return f"Passing: {rules.pass_count} cards before each hand ({'; '.join(names)}; then the same again)."


def _opening_line(rules: Rules) -> str:
    if rules.opening_lead == "left-of-dealer":
        line = "Trick 1: the player at the dealer's left leads"
        if not rules.first_lead_points:
            line += ", any card but a heart or the Q♠ (unless they hold nothing else)"
        return line + "."
    card = rules.opening_card
    if rules.opening_lead == "any-club":
        return f"Trick 1: whoever holds the {card} leads a club."
    return f"Trick 1: whoever holds the {card} leads it."


def _winning_line(rules: Rules) -> str:
    line = "The highest card of the suit led wins the trick; a card of another suit never wins. The winner leads next."
    if rules.cancellation:
        line += (" Two identical cards in a trick cancel: neither can win, both keep their points. If no uncancelled card of"
                 " the suit led is left, nobody wins the trick: its cards wait for the next trick won")
        line += ("; after the last trick nobody collects them." if rules.last_trick_set_aside == "nobody"
                 else "; after the last trick its leader collects them.")
    return line


def _leading_line(rules: Rules) -> str:
    if rules.hearts_broken_by == "nothing":
        return "Hearts may be led at any time."
    breaker = "a heart or the Q♠" if rules.hearts_broken_by == "heart-or-queen" else "a heart (the Q♠ does not count)"
    return f"A heart may be led only once {breaker} has been played (or when the leader holds nothing but hearts and the Q♠)."


def _value_text(values: dict[Card, int]) -> str:
    hearts = {c: v for c, v in values.items() if c.suit == HEARTS}
    parts = []
    every_heart = [c for c in full_pack() if c.suit == HEARTS]
    if hearts and len(set(hearts.values())) == 1 and len(hearts) == len(every_heart):
        parts.append(f"each heart {next(iter(hearts.values()))}")
        rest = {c: v for c, v in values.items() if c.suit != HEARTS}
    else:
        rest = dict(values)
    parts.extend(f"{card} {value}".replace(" -", " −") for card, value in sorted(rest.items(), key=lambda cv: Card.sort_key(cv[0])))
    return ", ".join(parts)


def _moon_line(rules: Rules) -> str | None:
    if rules.moon == "off":
        return "No shooting the moon: every point counts as taken."
    if rules.moon_cards == "hearts-and-queens":
        queens = Counter(rules.deck())[Card.parse("QS")]
        what = "every heart and the Q♠" if queens == 1 else "every heart and both Q♠"
    else:
        what = "every card worth points"
    way = _MOON_WAYS[rules.moon].format(r=rules.moon_reward)
    return f"Shooting the moon: take {what} and {way}."


def _end_line(rules: Rules) -> str:
    ties = "a tie for lowest shares the win" if rules.ties == "shared" else "a tie for lowest plays on, hand by hand"
    return f"The game ends when someone reaches {rules.target} points; the lowest total wins ({ties})."


def rules_card(rules: Rules) -> tuple[str, ...]:
    """The rules of ``rules``, one sentence per rule, for a student at the table (see the module's example).

    >>> card = rules_card(Rules.preset("cancellation", players=7))
    >>> card[0]
    'Deck: 104 cards (2 packs, every card twice), 14 each. The 6 cards left over are the kitty: it goes to whoever collects trick 1.'
    >>> print(card[2])
    Trick 1: the player at the dealer's left leads, any card but a heart or the Q♠ (unless they hold nothing else).
    """
    lines = [_deck_line(rules), _passing_line(rules), _opening_line(rules), "Follow suit if you can; if you cannot, play any card."]
    if not rules.first_trick_points:
        lines.append("On trick 1 nobody may play a heart or the Q♠ (unless they hold nothing else).")
    lines += [_winning_line(rules), _leading_line(rules)]
    values = dict(rules.card_points)
    lines.append(f"Points (you want few): {_value_text(values)}.")
    moon = _moon_line(rules)
    if moon:
        lines.append(moon)
    lines.append(_end_line(rules))
    return tuple(lines)


def rules_card_html(rules: Rules, *, title: str | None = None) -> str:
    """The rules card as an HTML list under a heading (a ``<section>`` with class ``hl-rules-card``).

    >>> text = rules_card_html(Rules.preset("lowest-clubs", players=3))
    >>> "the Q♠ does not count" in text, text.count("<li>")
    (True, 10)
    """
    heading = title if title is not None else f"Rules card: {rules.name}, {rules.players} players"
    items = "".join(f"<li>{html.escape(line)}</li>" for line in rules_card(rules))
    return (f"<section class='hl-rules-card' aria-label='{html.escape(heading, quote=True)}'>"
            f"<h3 class='hl-rules-card-title'>{html.escape(heading)}</h3><ul>{items}</ul></section>")
