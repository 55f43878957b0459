"""Text, HTML and SVG views of cards, tricks, hands and passes. Plain strings: no Jupyter import.

Every card carries a text label (``aria-label``) for screen readers, suits have
strong colours, and ``four_colour=True`` gives each suit its own colour.
Nothing is fetched at run time: the markup is self-contained.

>>> from hearts_lab import Card
>>> 'aria-label="queen of spades"' in card_html(Card.parse("QS"))
True
>>> card_svg(Card.parse("10h")).startswith("<svg")
True
"""

from __future__ import annotations

import html
import math
from itertools import islice
from typing import TYPE_CHECKING, Iterable, Sequence

from .arguments import ArgumentTypeError, check_count, check_flag, check_type
from .cards import SUIT_SYMBOLS, SUITS, Card, format_cards
from .errors import check_rules
from .hand import Hand
from .rules import pass_direction, pass_target
from .tricks import Trick
from .wording import noun

if TYPE_CHECKING:
    from .rules import Rules
    from .tricks import TrickResult

__all__ = [
    "card_html",
    "card_svg",
    "cards_html",
    "suit_rows_html",
    "trick_html",
    "hand_html",
    "hand_text",
    "seat_table_html",
    "offset_name",
    "pass_diagram_svg",
    "pass_cycle_html",
    "pass_exchange_html",
    "cards_seq_html",
    "cards_text_html",
    "SUIT_COLOURS",
    "FOUR_COLOURS",
    "MARKS",
    "display",
]

#: Strong two-colour deck: red hearts and diamonds, near-black clubs and spades.
SUIT_COLOURS = {"C": "#1a1a1a", "D": "#c8102e", "H": "#c8102e", "S": "#1a1a1a"}
#: Four-colour deck, safe for red-green colour blindness: teal clubs, blue diamonds, vermilion hearts, black spades.
#: Every pair of suits stays at least 20 CIEDE2000 apart for normal vision and simulated protanopia
#: and deuteranopia, and each colour has 4.5:1 contrast on white (tests/test_palette.py measures both).
FOUR_COLOURS = {"C": "#0c8484", "D": "#1a2fa8", "H": "#d82c0c", "S": "#1a1a1a"}

#: Card states a view can mark, and the words a screen reader adds for each.
MARKS = {
    "": "",
    "cancelled": ", cancelled",
    "winner": ", wins the trick",
    "received": ", received in the pass",
    "passed": ", passed",
}


class DisplayOptions:
    """How cards, tricks and hands draw themselves when a notebook shows them.

    >>> display.four_colour = True; display.four_colour
    True
    >>> display.four_colour = False
    """

    four_colour: bool = False


#: Set ``display.four_colour = True`` once and every ``Card``, ``Trick`` and
#: ``Hand`` shown in a notebook uses the four-colour deck.
display = DisplayOptions()

_FONT = "system-ui,-apple-system,Segoe UI,Roboto,DejaVu Sans,sans-serif"
_GOLD = "#e0a800"
_TURN = "#2f7de1"


def _cards(cards: object, name: str = "cards") -> list[Card]:
    """Cards to draw: Card values only (text is read by Card.parse before it reaches a view)."""
    if isinstance(cards, (str, bytes, Card)) or not isinstance(cards, Iterable):
        raise ArgumentTypeError(f"{name}: expected a list of Card values, not {type(cards).__name__}.", name)
    listed = list(islice(cards, 1_000))
    for card in listed:
        check_type(card, Card, name, "Card values")
    return listed


def _colours(four_colour: bool) -> dict[str, str]:
    four_colour = check_flag(four_colour, "four_colour")
    return FOUR_COLOURS if four_colour else SUIT_COLOURS


def _check_mark(marked: str) -> None:
    if marked not in MARKS:
        raise ValueError(f"marked: {marked!r} is not one of {', '.join(repr(m) for m in MARKS)}.")


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


# -- single cards ---------------------------------------------------------------


def card_html(card: Card, *, four_colour: bool = False, marked: str = "", size: str = "1em") -> str:
    """One card as an inline HTML chip with a text label for screen readers.

    ``marked`` adds a state: ``"cancelled"`` strikes the card through,
    ``"winner"`` rings it in gold, ``"received"`` underlines it in blue,
    ``"passed"`` fades it.

    >>> from hearts_lab import Card
    >>> 'wins the trick' in card_html(Card.parse("KS"), marked="winner")
    True
    """
    card = check_type(card, Card, "card", "a Card")
    _check_mark(marked)
    colour = _colours(four_colour)[card.suit]
    style = (
        f"display:inline-block;min-width:2.1em;padding:0.12em 0.3em;margin:0.1em;"
        f"border:1px solid #9a9a9a;border-radius:0.3em;background:#fff;color:{colour};"
        f"font-weight:700;font-size:{size};line-height:1.25;text-align:center;font-family:{_FONT};"
        "box-shadow:0 1px 1px rgba(0,0,0,0.15);"
    )
    if marked == "cancelled":
        style += "text-decoration:line-through 2px;opacity:0.6;background:#e6e6e6;"
    elif marked == "winner":
        style += f"outline:3px solid {_GOLD};"
    elif marked == "received":
        style += f"border-bottom:3px solid {_TURN};"
    elif marked == "passed":
        style += "opacity:0.4;"
    label = card.name + MARKS[marked]
    css = "hl-card" + (f" hl-{marked}" if marked else "")
    return f'<span class="{css}" role="img" aria-label="{_esc(label)}" style="{style}">{_esc(card)}</span>'


def card_svg(card: Card, *, four_colour: bool = False, marked: str = "", width: int = 60, display_width: str = "") -> str:
    """One card face as an SVG picture (rank in the corners, a big suit pip), labelled for screen readers.

    ``marked="cancelled"`` greys it and crosses it out; ``"winner"`` gives it a thick gold frame.
    ``display_width`` (a CSS length, e.g. ``"5.8cqw"``) draws it at that width instead of ``width`` pixels.

    >>> from hearts_lab import Card
    >>> svg = card_svg(Card.parse("9H"), marked="cancelled")
    >>> 'aria-label="9 of hearts, cancelled"' in svg, "<title>" in svg
    (True, True)
    """
    card = check_type(card, Card, "card", "a Card")
    _check_mark(marked)
    w = int(width)
    h = round(w * 1.4)
    colour = _colours(four_colour)[card.suit]
    label = card.name + MARKS[marked]
    rank = _esc(card.label)
    pip = SUIT_SYMBOLS[card.suit]
    face = "#ececec" if marked == "cancelled" else "#ffffff"
    frame, frame_w = ("#b5b5b5", 1.5)
    if marked == "winner":
        frame, frame_w = (_GOLD, 5)
    elif marked == "received":
        frame, frame_w = (_TURN, 4)
    fs = round(w * 0.3)
    parts = [
        f'<svg class="hl-card hl-card-svg{" hl-" + marked if marked else ""}" xmlns="http://www.w3.org/2000/svg" '
        f'width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img" aria-label="{_esc(label)}" '
        f'style="display:inline-block;vertical-align:middle;margin:2px;max-width:none;flex:none'
        + (f';width:{display_width};height:auto' if display_width else "") + '">',
        f"<title>{_esc(label)}</title>",
        f'<rect x="{frame_w / 2}" y="{frame_w / 2}" width="{w - frame_w}" height="{h - frame_w}" rx="{w * 0.1:.1f}" '
        f'fill="{face}" stroke="{frame}" stroke-width="{frame_w}"/>',
        f'<text x="{w * 0.1:.1f}" y="{fs * 1.05:.1f}" font-family="{_FONT}" font-weight="700" font-size="{fs}" fill="{colour}">{rank}</text>',
        f'<text x="{w * 0.1:.1f}" y="{fs * 2.05:.1f}" font-family="{_FONT}" font-size="{fs}" fill="{colour}">{pip}</text>',
        f'<text x="{w * 0.58:.1f}" y="{h * 0.78:.1f}" text-anchor="middle" font-family="{_FONT}" font-size="{w * 0.62:.0f}" fill="{colour}">{pip}</text>',
    ]
    if marked == "cancelled":
        parts.append(
            f'<line x1="{w * 0.12:.1f}" y1="{h * 0.88:.1f}" x2="{w * 0.88:.1f}" y2="{h * 0.12:.1f}" stroke="#555" stroke-width="{max(2, w // 20)}"/>'
        )
    parts.append("</svg>")
    return "".join(parts)


def cards_html(cards: Iterable[Card], *, four_colour: bool = False) -> str:
    """A row of cards, sorted by suit then rank.

    >>> from hearts_lab import parse_cards
    >>> cards_html(parse_cards("QS 2C")).count('class="hl-card"')
    2
    >>> cards_html([])
    '<em>none</em>'
    """
    cards = _cards(cards)
    return "".join(card_html(c, four_colour=four_colour) for c in sorted(cards, key=Card.sort_key)) or "<em>none</em>"


def suit_rows_html(cards: Iterable[Card], *, four_colour: bool = False, received: Iterable[Card] = ()) -> str:
    """Cards as four short lines, one per suit (♣ ♦ ♥ ♠), like a bridge diagram.

    Each rank is labelled for screen readers; cards in ``received`` are
    underlined (with two packs, one copy per received card).

    >>> from hearts_lab import parse_cards
    >>> out = suit_rows_html(parse_cards("2C 10C QS"))
    >>> 'aria-label="10 of clubs"' in out, out.count("hl-suit-row")
    (True, 4)
    """
    cards = _cards(cards)
    received = _cards(received, "received")
    colours = _colours(four_colour)
    todo = list(received)
    by_suit: dict[str, list[Card]] = {s: [] for s in SUITS}
    for card in sorted(cards, key=Card.sort_key):
        by_suit[card.suit].append(card)
    lines = []
    for suit in SUITS:
        colour = colours[suit]
        ranks = []
        for card in by_suit[suit]:
            mark = ""
            if card in todo:
                todo.remove(card)
                mark = f";border-bottom:3px solid {_TURN}"
            label = card.name + (MARKS["received"] if mark else "")
            ranks.append(f'<span class="hl-rank" role="img" aria-label="{_esc(label)}" style="margin-right:0.28em{mark}">{_esc(card.label)}</span>')
        body = "".join(ranks) or '<span style="color:#999">&ndash;</span>'
        lines.append(
            f'<div class="hl-suit-row" style="color:{colour};white-space:nowrap;line-height:1.35">'
            f'<span aria-hidden="true" style="display:inline-block;width:1.2em;font-size:1.05em">{SUIT_SYMBOLS[suit]}</span>{body}</div>'
        )
    return "".join(lines)


# -- tricks and hands -----------------------------------------------------------------


def _trick_mark(trick: Trick, seat: int, card: Card) -> str:
    if card in trick.cancelled:
        return "cancelled"
    if trick.complete and seat == trick.winner:
        return "winner"
    return ""


def trick_html(trick: Trick, *, four_colour: bool = False) -> str:
    """A trick: who played what, cancelled cards struck through, the winner outlined, the engine's sentence.

    >>> from hearts_lab import Rules, Hand
    >>> hand = Hand.deal(Rules.preset("standard", players=4), seed=1, hand_number=3)
    >>> for _ in range(4):
    ...     hand.play(hand.legal_moves()[0])
    >>> "wins" in trick_html(hand.tricks[0])
    True
    """
    check_type(trick, Trick, "trick", "a Trick")
    rows = []
    for seat, card in trick.plays:
        lead = " (led)" if seat == trick.leader else ""
        mark = _trick_mark(trick, seat, card)
        rows.append(f"<span style='margin-right:0.6em;white-space:nowrap'>Seat {seat}{lead}: {card_html(card, four_colour=four_colour, marked=mark)}</span>")
    body = "".join(rows) or "<em>no cards yet</em>"
    reason = f"<div class='hl-reason'><strong>{_esc(trick.reason)}</strong></div>" if trick.complete else ""
    return f"<div class='hl-trick'><div>Trick {trick.number + 1}, led by seat {trick.leader}</div><div>{body}</div>{reason}</div>"


def hand_text(hand: Hand) -> str:
    """A plain-text picture of a hand: each seat's cards, the current trick, whose turn it is."""
    check_type(hand, Hand, "hand", "a Hand")
    lines = [f"{hand.rules.summary()}; hand {hand.hand_number + 1}, dealer seat {hand.dealer}"]  # hands from 1, for people
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
    check_type(hand, Hand, "hand", "a Hand")
    points = hand.points()
    rows = []
    for seat in range(hand.players):
        turn = " style='background:#fff4cc;color:#222'" if hand.to_play == seat else ""
        marker = " &larr; to play" if hand.to_play == seat else ""
        rows.append(
            f"<tr{turn}><th style='text-align:left'>Seat {seat}{marker}</th>"
            f"<td style='text-align:left'>{cards_html(hand.cards(seat), four_colour=four_colour)}</td>"
            f"<td>{points[seat]} pts</td></tr>"
        )
    extra = []
    if hand.kitty:
        holder = hand.kitty_holder
        extra.append(f"<div>Kitty ({f'seat {holder}' if holder is not None else 'face down'}): {cards_html(hand.kitty, four_colour=four_colour)}</div>")
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
    title = _esc(f"{hand.rules.summary()} — hand {hand.hand_number + 1}, dealer seat {hand.dealer}")
    return f"<div class='hl-hand'><div><strong>{title}</strong></div><table style='table-layout:auto'>{''.join(rows)}</table>{''.join(extra)}</div>"


# -- the table: seats around an oval --------------------------------------------------

_TABLE_WIDTH = 1000


def _seat_angle(seat: int, players: int) -> float:
    """Seat 0 at the bottom, the others clockwise (to its left on screen, then over the top)."""
    return math.pi / 2 + 2 * math.pi * seat / players


def _badge(text: str, colour: str, css: str) -> str:
    return (
        f"<span class='{css}' style='display:inline-block;margin-left:0.3em;padding:0 0.4em;border-radius:0.7em;"
        f"background:{colour};color:#fff;font-size:0.8em;font-weight:700'>{_esc(text)}</span>"
    )


def seat_table_html(
    hand: Hand,
    *,
    four_colour: bool = False,
    trick: Trick | None = None,
    received: bool = False,
    caption: str = "",
) -> str:
    """Every seat's cards around an oval table, the trick in the middle (readable for 2 to 11 seats).

    ``trick`` is the trick to draw in the middle (default: the current trick,
    or the last finished one while the next has no cards yet). The seat to
    play is framed in blue, the leader and the winner are badged, cancelled
    cards are crossed out and the winning card framed in gold. ``received``
    underlines the cards each seat got in the pass. ``caption`` is drawn in
    the middle of the table above the engine's sentence.

    >>> from hearts_lab import Rules, Hand
    >>> hand = Hand.deal(Rules.preset("cancellation", players=11), seed=4)
    >>> out = seat_table_html(hand)
    >>> out.count("aria-label='seat "), "hl-table" in out
    (11, True)
    """
    check_type(hand, Hand, "hand", "a Hand")
    if trick is not None:
        check_type(trick, Trick, "trick", "a Trick (one of hand.tricks, or hand.current_trick) or None")
    four_colour, received = check_flag(four_colour, "four_colour"), check_flag(received, "received")
    check_type(caption, str, "caption", "text")
    n = hand.players
    if trick is None:
        trick = hand.current_trick
        if not trick.plays and hand.tricks:
            trick = hand.tricks[-1]
    width = _TABLE_WIDTH
    height = 450 if n <= 4 else 560 if n <= 7 else 620
    cx, cy = width / 2, height / 2
    card_w = 50 if n <= 4 else 58 if n <= 8 else 52
    # Seat boxes around the outer ellipse, played cards on an inner one: low enough that the top
    # cards clear the top seats' boxes (about 120 px tall; from 5 seats on they sit beside the
    # cards, badges widen them), high enough to leave the middle for the caption.
    rx, ry = cx - 105, cy - 68
    irx, iry = rx * 0.52, min(ry * 0.5, ry - (64 if n <= 4 else 76) - card_w * 0.7)
    points = hand.points()
    plays = dict(trick.plays) if trick is not None else {}
    winner = trick.winner if trick is not None and trick.complete else None
    u = _table_unit
    out = [
        # The table is drawn for 1000 px and scales to the width it has (up to 1000 px): every length
        # is in cqw, hundredths of the box's width, so nothing is clipped on a narrow screen.
        f"<div class='hl-table-box' style='container-type:inline-size;width:100%;max-width:{width}px'>"
        f"<div class='hl-table' role='group' aria-label='card table, {n} seats' "
        f"style='position:relative;width:100cqw;height:{u(height)};margin:{u(4)} 0;font-family:{_FONT};font-size:{u(15)}'>",
        f"<div aria-hidden='true' style='position:absolute;box-sizing:border-box;left:{u(cx - rx * 0.8)};top:{u(cy - ry * 0.78)};"
        f"width:{u(rx * 1.6)};height:{u(ry * 1.56)};border-radius:50%;background:radial-gradient(#2e8b57,#1d6b41);"
        f"border:{u(6)} solid #6b4a2b;box-shadow:inset 0 0 {u(18)} rgba(0,0,0,0.35)'></div>",
    ]
    for seat in range(n):
        a = _seat_angle(seat, n)
        x, y = cx + rx * math.cos(a), cy + ry * math.sin(a)
        to_play = hand.to_play == seat
        badges = []
        if seat == hand.dealer:
            badges.append(_badge("dealer", "#666", "hl-dealer"))
        if trick is not None and trick.plays and seat == trick.leader:
            badges.append(_badge("led", "#8a5a00", "hl-led"))
        if winner is not None and seat == winner:
            badges.append(_badge("won", "#8a6100", "hl-won"))
        if to_play:
            badges.append(_badge("to play", "#1f5fbf", "hl-to-play"))
        border = f"3px solid {_TURN}" if to_play else (f"3px solid {_GOLD}" if seat == winner else "1px solid #8c8c8c")
        got = hand.received(seat) if received else None
        css = "hl-seat" + (" hl-seat-turn" if to_play else "")
        out.append(
            f"<div class='{css}' data-seat='{seat}' role='group' aria-label='seat {seat}' "
            f"style='position:absolute;left:{u(x)};top:{u(y)};transform:translate(-50%,-50%);"
            f"background:#fdfdf8;color:#222;border:{border};border-radius:{u(8)};padding:{u(4)} {u(8)};min-width:{u(132)};"
            "box-shadow:0 2px 5px rgba(0,0,0,0.25)'>"
            f"<div style='font-weight:700;white-space:nowrap;margin-bottom:{u(2)}'>Seat {seat}"
            f"<span style='font-weight:400;color:#444'> · {points[seat]} {noun(points[seat], 'pt')}</span>{''.join(badges)}</div>"
            f"{suit_rows_html(hand.cards(seat), four_colour=four_colour, received=got or ())}</div>"
        )
        if seat in plays:
            card = plays[seat]
            ix, iy = cx + irx * math.cos(a), cy + iry * math.sin(a)
            mark = _trick_mark(trick, seat, card)
            out.append(
                f"<div class='hl-played' data-seat='{seat}' role='group' aria-label='seat {seat} played' style='position:absolute;left:{u(ix)};top:{u(iy)};"
                f"transform:translate(-50%,-50%)'>{card_svg(card, four_colour=four_colour, marked=mark, width=card_w, display_width=u(card_w))}</div>"
            )
    middle = []
    if caption:
        middle.append(f"<div style='font-weight:700'>{_esc(caption)}</div>")
    if trick is not None and trick.complete:
        middle.append(f"<div class='hl-reason' style='font-weight:700;color:#ffe680;font-size:1.1em'>{_esc(trick.reason)}</div>")
    if middle:
        out.append(
            f"<div class='hl-table-middle' style='position:absolute;left:{u(cx)};top:{u(cy)};transform:translate(-50%,-50%);"
            f"width:max-content;max-width:{u(irx * 1.25)};text-align:center;color:#fff;text-shadow:0 1px 2px #000'>{''.join(middle)}</div>"
        )
    out.append("</div></div>")
    return "".join(out)


def _table_unit(px: float) -> str:
    """A length of the 1000-px table drawing in cqw (1 cqw is a hundredth of the table box's width)."""
    return f"{px * 100 / _TABLE_WIDTH:.2f}cqw"


# -- passing --------------------------------------------------------------------------------


def offset_name(offset: int, players: int) -> str:
    """The engine's name for a pass offset (:func:`hearts_lab.rules.pass_direction`): ``left``, ``right``, ``across``, ``hold`` or ``2 to the left``.

    >>> [offset_name(k, 4) for k in range(4)]
    ['hold', 'left', 'across', 'right']
    >>> offset_name(2, 6), offset_name(4, 6)
    ('2 to the left', '2 to the right')
    """
    return pass_direction(offset, players)


def pass_diagram_svg(players: int, offset: int, *, size: int = 320, title: str = "") -> str:
    """Seats on a circle (seat 0 at the bottom, clockwise) with an arrow from each seat to the seat it passes to.

    >>> svg = pass_diagram_svg(4, 1)
    >>> svg.count("<line"), 'aria-label="pass diagram, 4 seats: left' in svg
    (4, True)
    >>> pass_diagram_svg(4, 0).count("<line")
    0
    """
    if not isinstance(players, int) or players < 2:
        raise ValueError(f"players: expected a whole number of seats, 2 or more, not {players!r}.")
    offset %= players
    name = offset_name(offset, players)
    heading = title or f"{players} players: {name}"
    label = f"pass diagram, {players} seats: {name}" + ("" if not offset else f", each seat passes to the seat {offset} places clockwise")
    c = size / 2
    r = size / 2 - 34
    seat_r = max(13, min(22, 130 / players))
    pos = [(c + r * math.cos(_seat_angle(s, players)), c + 14 + r * math.sin(_seat_angle(s, players))) for s in range(players)]
    colour = "#2f7de1"
    mid = f"hl-arrow-{players}-{offset}"
    parts = [
        f'<svg class="hl-pass-diagram" xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size + 14}" '
        f'viewBox="0 0 {size} {size + 14}" role="img" aria-label="{_esc(label)}" style="font-family:{_FONT}">',
        f"<title>{_esc(label)}</title>",
        f'<rect width="{size}" height="{size + 14}" rx="8" fill="#ffffff"/>',
        f'<defs><marker id="{mid}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
        f'<path d="M0,0 L10,5 L0,10 z" fill="{colour}"/></marker></defs>',
        f'<text x="{c}" y="18" text-anchor="middle" font-size="16" font-weight="700" fill="#222">{_esc(heading)}</text>',
        f'<ellipse cx="{c}" cy="{c + 14}" rx="{r * 0.62:.1f}" ry="{r * 0.62:.1f}" fill="#e8f3ec" stroke="#b9d6c3"/>',
    ]
    if offset:
        for s in range(players):
            (x1, y1), (x2, y2) = pos[s], pos[pass_target(s, offset, players)]
            d = math.hypot(x2 - x1, y2 - y1)
            ux, uy = (x2 - x1) / d, (y2 - y1) / d
            # Offset each arrow sideways a little so that s->t and t->s (across) do not overlap.
            sx, sy = -uy * 4, ux * 4
            a = (x1 + ux * (seat_r + 2) + sx, y1 + uy * (seat_r + 2) + sy)
            b = (x2 - ux * (seat_r + 3) + sx, y2 - uy * (seat_r + 3) + sy)
            parts.append(
                f'<line x1="{a[0]:.1f}" y1="{a[1]:.1f}" x2="{b[0]:.1f}" y2="{b[1]:.1f}" stroke="{colour}" '
                f'stroke-width="2.5" marker-end="url(#{mid})"/>'
            )
    else:
        parts.append(f'<text x="{c}" y="{c + 20}" text-anchor="middle" font-size="{max(11, size // 20)}" font-weight="700" fill="#555">hold: no pass</text>')
    for s, (x, y) in enumerate(pos):
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{seat_r:.1f}" fill="#fdfdf8" stroke="#333" stroke-width="2"/>'
            f'<text x="{x:.1f}" y="{y + 5:.1f}" text-anchor="middle" font-size="{min(16, seat_r):.0f}" font-weight="700" fill="#222">{s}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def pass_cycle_html(rules: Rules, *, highlight: int | None = None) -> str:
    """A table of the whole pass cycle: for each hand of the schedule, where each seat's cards go.

    ``highlight`` is an engine hand number (from 0) whose row is shaded; the rows name hands
    from 1, as people count them.

    >>> from hearts_lab import Rules
    >>> out = pass_cycle_html(Rules.preset("standard", players=4))
    >>> out.count("<tr"), "across" in out
    (5, True)
    """
    check_rules(rules)
    if highlight is not None:
        highlight = check_count(highlight, "highlight", low=0)  # an engine hand number, from 0
    n = rules.players
    cycle = rules.pass_cycle
    head = "".join(f"<th style='padding:2px 8px'>seat {s}</th>" for s in range(n))
    rows = [f"<tr><th style='padding:2px 8px;text-align:left'>hand</th><th style='padding:2px 8px;text-align:left'>pass</th>{head}</tr>"]
    for h in range(cycle):
        offset = rules.pass_offset(h)
        shade = " style='background:#fff4cc;color:#222'" if highlight is not None and highlight % cycle == h else ""
        cells = "".join(
            f"<td style='padding:2px 8px;text-align:center'>{'&ndash;' if not offset else f'&rarr; {rules.pass_target(s, offset)}'}</td>"
            for s in range(n)
        )
        hands = f"{h + 1}, {h + 1 + cycle}, {h + 1 + 2 * cycle}, …" if cycle > 1 else "every hand"  # hands from 1
        rows.append(f"<tr{shade}><td style='padding:2px 8px'>{hands}</td><td style='padding:2px 8px'><strong>{_esc(offset_name(offset, n))}</strong> ({offset})</td>{cells}</tr>")
    return f"<table class='hl-pass-cycle' style='border-collapse:collapse;table-layout:auto;font-family:{_FONT}'>{''.join(rows)}</table>"


def cards_text_html(cards: Iterable[Card], *, four_colour: bool = False, marked: str = "") -> str:
    """Cards as coloured text, as the table's seat boxes write them (no chips: one line of text high).

    Each card is labelled for screen readers; ``marked="received"`` underlines it in blue.

    >>> from hearts_lab import parse_cards
    >>> out = cards_text_html(parse_cards("QS 10H"), marked="received")
    >>> 'aria-label="queen of spades, received in the pass"' in out, out.count("hl-card-text")
    (True, 2)
    """
    cards = _cards(cards)
    _check_mark(marked)
    colours = _colours(four_colour)
    line = f";border-bottom:3px solid {_TURN}" if marked == "received" else ""
    return " ".join(
        f'<span class="hl-card-text" role="img" aria-label="{_esc(card.name + MARKS[marked])}" '
        f'style="color:{colours[card.suit]};font-weight:700;white-space:nowrap{line}">{_esc(card)}</span>'
        for card in cards
    ) or "<em>none</em>"


def pass_exchange_html(hand: Hand, *, four_colour: bool = False, compact: bool = False) -> str:
    """After the exchange: each seat, what it passed to whom and what it received from whom.

    ``compact`` writes the cards as coloured text (:func:`cards_text_html`) instead of card chips.

    >>> from hearts_lab import Rules, Hand
    >>> hand = Hand.deal(Rules.preset("standard", players=4), seed=2)
    >>> for s in range(4):
    ...     hand.pass_cards(s, hand.cards(s)[:3])
    >>> pass_exchange_html(hand).count("<tr")
    5
    """
    check_type(hand, Hand, "hand", "a Hand")
    n = hand.players
    if hand.passes is None:
        return "<div class='hl-exchange'><em>No exchange yet.</em></div>"
    pad = "1px 8px" if compact else "2px 8px"
    rows = [f"<tr><th style='text-align:left;padding:{pad}'>seat</th><th style='text-align:left;padding:{pad}'>passed</th>"
            f"<th style='text-align:left;padding:{pad}'>received</th></tr>"]
    for s in range(n):
        target = hand.pass_target(s)
        source = hand.pass_source(s)
        got = hand.received(s) or ()
        if compact:
            passed = cards_text_html(sorted(hand.passes[s], key=Card.sort_key), four_colour=four_colour)
            received = cards_text_html(sorted(got, key=Card.sort_key), four_colour=four_colour, marked="received")
        else:
            passed = cards_html(hand.passes[s], four_colour=four_colour)
            received = "".join(card_html(c, four_colour=four_colour, marked="received") for c in got)
        rows.append(
            f"<tr><th style='text-align:left;padding:{pad}'>Seat {s}</th>"
            f"<td style='padding:{pad}'>{passed} &rarr; seat {target}</td>"
            f"<td style='padding:{pad}'>{received} from seat {source}</td></tr>"
        )
    return f"<table class='hl-exchange' style='border-collapse:collapse;table-layout:auto;font-family:{_FONT}'>{''.join(rows)}</table>"



def cards_seq_html(cards: Sequence[Card], *, four_colour: bool = False) -> str:
    """Cards in the given order (not sorted), e.g. a pile as it grew.

    >>> from hearts_lab import parse_cards
    >>> cards_seq_html(parse_cards("QS 2C")).index("Q♠") < cards_seq_html(parse_cards("QS 2C")).index("2♣")
    True
    """
    cards = _cards(cards)
    return "".join(card_html(c, four_colour=four_colour) for c in cards) or "<em>none</em>"



def resolved_trick_html(plays: Sequence[tuple[int, Card]], result: TrickResult, *, four_colour: bool = False, width: int = 66) -> str:
    """A decided trick drawn big: each seat's card in play order (cancelled crossed out, the winner framed) and the engine's sentence.

    >>> from hearts_lab import Rules, resolve_trick, Card
    >>> plays = [(0, Card.parse("10S")), (1, Card.parse("9H")), (2, Card.parse("9H")), (3, Card.parse("10S"))]
    >>> out = resolved_trick_html(plays, resolve_trick(Rules.preset("cancellation", players=6), plays))
    >>> out.count(', cancelled"'), "Set aside" in out
    (4, True)
    """
    leader = plays[0][0] if plays else None
    cells = []
    for seat, card in plays:
        mark = "cancelled" if card in result.cancelled else ("winner" if seat == result.winner else "")
        label = f"seat {seat}" + (" · led" if seat == leader else "")
        note = {"cancelled": "cancelled", "winner": "wins", "": "&nbsp;"}[mark]
        colour = {"cancelled": "#777", "winner": "#8a6100", "": "#333"}[mark]
        cells.append(
            f"<div class='hl-trick-play' data-seat='{seat}' style='display:inline-block;text-align:center;margin:4px 6px;font-size:15px'>"
            f"<div style='font-weight:700'>{label}</div>{card_svg(card, four_colour=four_colour, marked=mark, width=width)}"
            f"<div style='color:{colour};font-weight:700'>{note}</div></div>"
        )
    colour = "#8a6100" if result.winner is not None else "#a40000"
    return (
        f"<div class='hl-resolved-trick' style='font-family:{_FONT}'>"
        f"<div role='group' aria-label='the trick, in play order' style='margin-top:8px'>{''.join(cells)}</div>"
        f"<div class='hl-reason' style='font-size:19px;font-weight:700;color:{colour};margin:4px 6px'>{_esc(result.reason)}</div></div>"
    )


def ledger_html(hand: Hand, tricks: Iterable[int] | None = None, *, focus: int | None = None, four_colour: bool = False) -> str:
    """A table of finished tricks: the cards in play order, the engine's sentence, and what happened next
    (who collected how many cards, the pending pile, the kitty, who leads next). ``focus`` shades one trick.

    >>> from hearts_lab.cases import kitty_with_trick_one
    >>> out = ledger_html(kitty_with_trick_one().hand, range(2))
    >>> "the kitty included" in out, out.count("<tr")
    (True, 3)
    """
    check_type(hand, Hand, "hand", "a Hand")
    chosen = range(len(hand.tricks)) if tricks is None else tricks
    rows = ["<tr style='background:#f0f0f0;color:#222'><th>trick</th><th>cards, in play order</th><th>the engine says</th><th>then</th></tr>"]
    for i in chosen:
        trick = hand.tricks[i]
        cards = "".join(
            f"<span style='white-space:nowrap;margin-right:4px'><small>{seat}:</small>"
            f"{card_svg(card, four_colour=four_colour, marked=_trick_mark(trick, seat, card), width=34)}</span>"
            for seat, card in trick.plays
        )
        last = trick.number == hand.rules.hand_size - 1
        if trick.collector is not None:
            then = f"Seat {trick.collector} collects {len(trick.collected)} cards{' (the kitty included)' if trick.took_kitty else ''}."
        elif last:
            unclaimed = hand.unclaimed
            then = f"Last trick set aside: {len(unclaimed)} cards ({hand.rules.points(unclaimed)} points) go to nobody."
        else:
            kitty = " (the kitty included)" if trick.kitty_pending else ""
            then = f"Set aside. Pending pile: {len(trick.pending)} cards{kitty}."
        if not last:
            then += f" Seat {trick.next_leader} leads next."
        shade = " style='background:#fff8db;color:#222'" if i == focus else ""
        rows.append(
            f"<tr{shade}><td style='text-align:center;font-weight:700'>{i + 1}<br><small>led by {trick.leader}</small></td>"
            f"<td style='white-space:nowrap;text-align:left'>{cards}</td>"
            f"<td style='text-align:left;min-width:14em'><strong>{_esc(trick.reason)}</strong></td>"
            f"<td style='text-align:left;min-width:12em'>{_esc(then)}</td></tr>"
        )
    kitty = f"<div style='margin-top:4px'>Kitty: {cards_html(hand.kitty, four_colour=four_colour)}</div>" if hand.kitty else ""
    return (
        f"<div class='hl-ledger-box' style='font-family:{_FONT}'><table class='hl-ledger' style='border-collapse:collapse;table-layout:auto;font-size:15px;margin-top:6px' "
        f"cellpadding='6' border='1'>{''.join(rows)}</table>{kitty}</div>"
    )
