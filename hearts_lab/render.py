"""Text and HTML views of cards, tricks and hands. Plain strings: no Jupyter import.

>>> from hearts_lab import Card
>>> 'aria-label="queen of spades"' in card_html(Card.parse("QS"))
True
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Iterable

from .cards import Card, format_cards

if TYPE_CHECKING:
    from .hand import Hand
    from .tricks import Trick

__all__ = ["card_html", "cards_html", "trick_html", "hand_html", "hand_text", "SUIT_COLOURS", "FOUR_COLOURS"]

#: Strong two-colour deck: red hearts and diamonds, near-black clubs and spades.
SUIT_COLOURS = {"C": "#1a1a1a", "D": "#c8102e", "H": "#c8102e", "S": "#1a1a1a"}
#: Four-colour deck: green clubs, blue diamonds, red hearts, black spades.
FOUR_COLOURS = {"C": "#137333", "D": "#1a56c4", "H": "#c8102e", "S": "#1a1a1a"}


def _colours(four_colour: bool) -> dict[str, str]:
    return FOUR_COLOURS if four_colour else SUIT_COLOURS


def card_html(card: Card, *, four_colour: bool = False, marked: str = "", size: str = "1em") -> str:
    """One card as an inline HTML chip with a text label for screen readers.

    ``marked`` adds a CSS state: ``"cancelled"`` strikes the card through,
    ``"winner"`` outlines it.
    """
    colour = _colours(four_colour)[card.suit]
    style = (
        f"display:inline-block;min-width:2.4em;padding:0.15em 0.35em;margin:0.1em;"
        f"border:1px solid #888;border-radius:0.3em;background:#fff;color:{colour};"
        f"font-weight:600;font-size:{size};text-align:center;font-family:system-ui,sans-serif;"
    )
    label = card.name
    if marked == "cancelled":
        style += "text-decoration:line-through;opacity:0.55;background:#eee;"
        label += ", cancelled"
    elif marked == "winner":
        style += "outline:3px solid #e0a800;"
        label += ", wins the trick"
    return f'<span class="hl-card" role="img" aria-label="{html.escape(label)}" style="{style}">{html.escape(str(card))}</span>'


def cards_html(cards: Iterable[Card], *, four_colour: bool = False) -> str:
    """A row of cards, sorted by suit then rank."""
    return "".join(card_html(c, four_colour=four_colour) for c in sorted(cards, key=Card.sort_key)) or "<em>none</em>"


def trick_html(trick: Trick, *, four_colour: bool = False) -> str:
    """A trick: who played what, cancelled cards struck through, the winner outlined."""
    rows = []
    for seat, card in trick.plays:
        mark = "cancelled" if card in trick.cancelled else ("winner" if trick.complete and seat == trick.winner else "")
        lead = " (led)" if seat == trick.leader else ""
        rows.append(f"<span style='margin-right:0.6em'>Seat {seat}{lead}: {card_html(card, four_colour=four_colour, marked=mark)}</span>")
    body = "".join(rows) or "<em>no cards yet</em>"
    reason = f"<div><strong>{html.escape(trick.reason)}</strong></div>" if trick.complete else ""
    return f"<div class='hl-trick'><div>Trick {trick.number + 1}, led by seat {trick.leader}</div><div>{body}</div>{reason}</div>"


def hand_text(hand: Hand) -> str:
    """A plain-text picture of a hand: each seat's cards, the current trick, whose turn it is."""
    lines = [f"{hand.rules.summary()}; hand {hand.hand_number}, dealer seat {hand.dealer}"]
    points = hand.points()
    for seat in range(hand.players):
        turn = "  <- to play" if hand.to_play == seat else ""
        lines.append(f"seat {seat}: {format_cards(hand.cards(seat)) or '-'}  ({points[seat]} pts){turn}")
    if hand.kitty:
        holder = hand.kitty_holder
        where = f"taken by seat {holder}" if holder is not None else "face down"
        lines.append(f"kitty: {format_cards(hand.kitty)} ({where})")
    if hand.phase == "pass":
        lines.append(f"passing {hand.rules.pass_count} cards by offset {hand.pass_offset}; waiting for seats {list(hand.waiting_to_pass)}")
    elif hand.phase == "play":
        lines.append(str(hand.current_trick))
        if hand.pending:
            lines.append(f"pending pile: {format_cards(hand.pending)}")
        lines.append(f"hearts {'broken' if hand.hearts_broken else 'not broken'}")
    else:
        lines.append("hand over" + (f"; seat {hand.moon_shooter} shot the moon" if hand.moon_shooter is not None else ""))
    return "\n".join(lines)


def hand_html(hand: Hand, *, four_colour: bool = False) -> str:
    """An HTML table of a hand: every seat's cards and points, the current trick, whose turn it is."""
    points = hand.points()
    rows = []
    for seat in range(hand.players):
        turn = " style='background:#fff4cc'" if hand.to_play == seat else ""
        marker = " &larr; to play" if hand.to_play == seat else ""
        rows.append(
            f"<tr{turn}><th style='text-align:left'>Seat {seat}{marker}</th>"
            f"<td style='text-align:left'>{cards_html(hand.cards(seat), four_colour=four_colour)}</td>"
            f"<td>{points[seat]} pts</td></tr>"
        )
    extra = []
    if hand.kitty:
        holder = hand.kitty_holder
        extra.append(f"<div>Kitty ({'seat %d' % holder if holder is not None else 'face down'}): {cards_html(hand.kitty, four_colour=four_colour)}</div>")
    if hand.phase == "play":
        extra.append(trick_html(hand.current_trick, four_colour=four_colour))
        if hand.pending:
            extra.append(f"<div>Pending pile: {cards_html(hand.pending, four_colour=four_colour)}</div>")
        extra.append(f"<div>Hearts {'broken' if hand.hearts_broken else 'not broken'}</div>")
    elif hand.phase == "pass":
        extra.append(f"<div>Passing {hand.rules.pass_count} cards, offset {hand.pass_offset}</div>")
    else:
        shooter = hand.moon_shooter
        extra.append("<div>Hand over" + (f": seat {shooter} shot the moon" if shooter is not None else "") + "</div>")
    title = html.escape(f"{hand.rules.summary()} — hand {hand.hand_number}, dealer seat {hand.dealer}")
    return f"<div class='hl-hand'><div><strong>{title}</strong></div><table>{''.join(rows)}</table>{''.join(extra)}</div>"
