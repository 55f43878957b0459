"""Paper: printable HTML pages of positions, tricks, deal slips and rule tables, and Chromium's print to PDF.

Everything here draws with the card pictures of :mod:`hearts_lab.render` (the
widgets' own), sized for A4 or US Letter and legible in black and white: the
suit symbol is always printed, so colour is never the only clue. Plain strings
from the standard library; :func:`print_pdf` alone needs Playwright and a
Chromium (``make handouts`` installs the first; the second is the system's).

>>> from hearts_lab import Hand, Rules
>>> hand = Hand.deal(Rules.preset("standard", players=4), seed=12)
>>> slips = deal_slips_html(hand)
>>> slips.count("class='hl-slip'"), slips.count('aria-label="queen of spades"')
(5, 2)
"""

from __future__ import annotations

import html
import os
import re
import shutil
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Literal, Mapping, Sequence

from .cards import SUIT_SYMBOLS, Card
from .render import card_html, card_svg, suit_rows_html
from .rules import PRESET_PLAYERS, Rules

if TYPE_CHECKING:
    from .hand import Hand

__all__ = [
    "PAGE_CSS",
    "cards_row_svg",
    "deal_slips_html",
    "page_html",
    "plays_html",
    "position_html",
    "preset_table_html",
    "print_pdf",
    "chromium_path",
    "shown_html",
    "text_with_cards_html",
    "trick_view_html",
]

#: The print style of every page: A4 or Letter (the browser's paper, 14 mm margins), serif text,
#: nothing wider than the page, no box split across pages.
PAGE_CSS = """
html { font-size: 10.5pt; }
body { font-family: Georgia, 'DejaVu Serif', 'Times New Roman', serif; color: #111; margin: 0; line-height: 1.38; }
h1, h2, h3, h4, .hl-sans { font-family: 'DejaVu Sans', Helvetica, Arial, sans-serif; }
h1 { font-size: 1.55em; margin: 0 0 0.3em; }
h2 { font-size: 1.2em; margin: 1.1em 0 0.35em; break-after: avoid; }
h3 { font-size: 1.05em; margin: 0.9em 0 0.3em; break-after: avoid; }
p, li { orphans: 3; widows: 3; }
p, li, td, th, div { overflow-wrap: break-word; }
pre, code { font-family: 'DejaVu Sans Mono', Menlo, Consolas, monospace; font-size: 0.86em; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f3f3f3; border-left: 3px solid #999;
      padding: 0.3em 0.6em; margin: 0.4em 0; }
table { border-collapse: collapse; break-inside: avoid; }
td, th { border: 1px solid #999; padding: 0.15em 0.45em; vertical-align: top; }
blockquote { margin: 0.4em 0 0.4em 0.2em; padding-left: 0.7em; border-left: 3px solid #999; }
img, svg, math { max-width: 100%; }
.hl-keep { break-inside: avoid; }
.hl-figure { break-inside: avoid; margin: 0.5em 0 0.7em; }
.hl-seat-row { display: flex; align-items: center; gap: 0.5em; margin: 2px 0; }
.hl-seat-name { width: 6.2em; flex: none; font-family: 'DejaVu Sans', Arial, sans-serif; font-weight: 700; font-size: 0.92em; }
.hl-turn { outline: 2px solid #111; outline-offset: 1px; border-radius: 3px; }
.hl-suit-gap { display: inline-block; width: 7px; }
.hl-plays { display: flex; flex-wrap: wrap; gap: 2px 10px; margin: 2px 0; }
.hl-play { text-align: center; font-family: 'DejaVu Sans', Arial, sans-serif; font-size: 0.85em; }
.hl-note { font-family: 'DejaVu Sans', Arial, sans-serif; font-size: 0.9em; margin: 2px 0; }
.hl-answer { border: 1.5px solid #333; border-radius: 4px; margin: 0.5em 0 0.9em; padding: 0.25em 0.5em;
             break-inside: avoid; break-before: avoid;
             background-image: repeating-linear-gradient(to bottom, transparent 0, transparent 8.5mm, #bbb 8.5mm, #bbb 8.8mm); }
.hl-answer-label { font-family: 'DejaVu Sans', Arial, sans-serif; font-size: 0.85em; font-weight: 700; background: #fff; }
.hl-header { display: flex; justify-content: space-between; gap: 1em; font-family: 'DejaVu Sans', Arial, sans-serif;
             font-size: 0.9em; border-bottom: 1.5px solid #333; padding-bottom: 0.3em; margin-bottom: 0.8em; }
.hl-key { border-left: 4px solid #555; background: #f6f6f6; padding: 0.2em 0.7em; margin: 0.5em 0 1em; }
.hl-slips { display: grid; grid-template-columns: 1fr 1fr; gap: 4mm; }
.hl-slip { border: 1.5px dashed #333; padding: 3mm 3.5mm; break-inside: avoid; }
.hl-slip h3 { margin: 0 0 1mm; }
.hl-slip-suits { font-family: 'DejaVu Sans', Arial, sans-serif; font-size: 1.55em; font-weight: 700; }
.hl-slip-suits .hl-suit-row { white-space: normal !important; }
.hl-columns { column-count: 2; column-gap: 7mm; }
.hl-columns p { margin: 0 0 0.35em; }
"""


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


_ONE_PAGE = '<meta name="hl-print" content="one-page">'


def page_html(title: str, body: str, *, css: str = "", lang: str = "en", one_page: bool = False) -> str:
    """A complete, self-contained HTML page for printing: nothing is fetched. ``one_page``: :func:`print_pdf`
    shrinks it (down to 80 %) until it fits one sheet.

    >>> page = page_html("Deal slips", "<p>x</p>")
    >>> page.startswith("<!DOCTYPE html>"), "<title>Deal slips</title>" in page
    (True, True)
    """
    return (
        f'<!DOCTYPE html>\n<html lang="{_esc(lang)}">\n<head>\n<meta charset="utf-8">\n{_ONE_PAGE if one_page else ""}'
        f"<title>{_esc(title)}</title>\n<style>{PAGE_CSS}{css}</style>\n</head>\n<body>\n{body}\n</body>\n</html>\n"
    )


# -- cards, positions and tricks ----------------------------------------------------------

_CARD_TOKEN = re.compile(r"(?<![\w♣♦♥♠])(10|[2-9JQKA])([♣♦♥♠])(?![\w♣♦♥♠])")
_SUIT_OF_SYMBOL = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}


def cards_row_svg(cards: Iterable[Card], *, width: int = 30, four_colour: bool = False) -> str:
    """Cards as small pictures in one row, sorted, with a gap between suits.

    >>> from hearts_lab import parse_cards
    >>> row = cards_row_svg(parse_cards("2C 3C QS"))
    >>> row.count("<svg"), row.count("hl-suit-gap")
    (3, 1)
    >>> cards_row_svg([])
    '<em>no cards</em>'
    """
    ordered = sorted(cards, key=Card.sort_key)
    out: list[str] = []
    for i, card in enumerate(ordered):
        if i and card.suit != ordered[i - 1].suit:
            out.append("<span class='hl-suit-gap'></span>")
        out.append(card_svg(card, width=width, four_colour=four_colour))
    return f"<span class='hl-cards-row' style='white-space:nowrap'>{''.join(out)}</span>" if out else "<em>no cards</em>"


def _as_card(card: Card | str) -> Card:
    return card if isinstance(card, Card) else Card.parse(card)


def plays_html(plays: Sequence[tuple[int, Card | str]], *, leader_note: bool = True, marks: Mapping[int, str] | None = None,
               width: int = 44) -> str:
    """A trick's plays in play order, each card drawn with its seat under it; nothing is marked
    unless ``marks`` (seat -> ``"winner"``/``"cancelled"``) says so, so a question about the trick stays open.

    >>> from hearts_lab import Card
    >>> out = plays_html([(0, Card.parse("7C")), (1, "AS")])
    >>> out.count("<svg"), "seat 0 (led)" in out, "wins" in out
    (2, True, False)
    """
    cells = []
    for i, (seat, card) in enumerate(plays):
        mark = (marks or {}).get(seat, "")
        led = " (led)" if leader_note and i == 0 else ""
        cells.append(f"<div class='hl-play'>{card_svg(_as_card(card), width=width, marked=mark)}<div>seat {seat}{led}</div></div>")
    return f"<div class='hl-plays' role='group' aria-label='the plays, in order'>{''.join(cells)}</div>"


def _fitting_width(most: int, room: int = 600, largest: int = 34) -> int:
    """The card width (px) that puts ``most`` cards, with gaps between suits, in ``room`` pixels.

    >>> _fitting_width(13), _fitting_width(17), _fitting_width(26)
    (34, 30, 18)
    """
    return max(18, min(largest, (room - 3 * 7) // max(most, 1) - 4))


def position_html(view: Any, *, width: int | None = None) -> str:
    """A position as a worksheet shows it (a :class:`hearts_lab.exercises.positions.PositionView`, or anything
    with the same fields): each seat's cards, the seat to play framed, the trick so far, whether hearts
    are broken. It shows no legal card and no winner.

    >>> from hearts_lab import Rules
    >>> from hearts_lab.exercises.positions import PositionView, replay
    >>> view = PositionView(replay(Rules.preset("standard", players=4), seed=42, hand_number=3, plays="2♣"))
    >>> out = position_html(view)
    >>> out.count("hl-seat-row"), "to play" in out, "hearts not broken" in out
    (4, True, True)
    """
    title = str(view).splitlines()[0]
    if width is None:
        width = _fitting_width(max(len(view.cards(s)) for s in range(view.players)))
    rows = []
    for seat in range(view.players):
        turn = view.to_play == seat
        name = f"Seat {seat}" + ("<br><small>to play</small>" if turn else "")
        rows.append(
            f"<div class='hl-seat-row{' hl-turn' if turn else ''}'><div class='hl-seat-name'>{name}</div>"
            f"<div>{cards_row_svg(view.cards(seat), width=width)}</div></div>"
        )
    trick = (
        plays_html(view.trick, width=width + 8)
        if view.trick
        else "<div class='hl-note'><em>no card played to this trick yet</em></div>"
    )
    state = f"Trick {view.trick_number}; hearts {'broken' if view.hearts_broken else 'not broken'}."
    return (
        f"<div class='hl-figure hl-position'><div class='hl-note'>{_esc(title)}</div>{''.join(rows)}"
        f"<div class='hl-note' style='margin-top:4px'><strong>{_esc(state)}</strong> The trick so far:</div>{trick}</div>"
    )


def trick_view_html(trick: Any, *, width: int = 25) -> str:
    """A finished trick as a worksheet lists it (a :class:`~hearts_lab.exercises.positions.TrickView`):
    its number and leader, the cards in play order, and the engine's sentence, which the worksheet
    prints too (cancelled cards crossed out and the winner framed, as that sentence says).

    >>> from hearts_lab import Rules
    >>> from hearts_lab.exercises.positions import TrickView, replay
    >>> hand = replay(Rules.preset("standard", players=4), seed=2, hand_number=3, plays="2♣ 3♣ 4♣ A♣")
    >>> out = trick_view_html(TrickView(hand.tricks[0]))
    >>> "Trick 1" in out, "wins" in out, out.count("<svg")
    (True, True, 4)
    """
    marks = {seat: "cancelled" for seat, card in trick.plays if card in trick.cancelled}
    if trick.winner is not None:
        marks[trick.winner] = "winner"
    sentence = str(trick).split(": ", 1)[-1]
    sentence = sentence.split(". ", 1)[1] if ". " in sentence else ""
    return (
        f"<div class='hl-keep hl-trick-line' style='display:flex;align-items:center;gap:8px;margin:2px 0;border-bottom:1px solid #ccc'>"
        f"<div class='hl-note' style='width:6.5em;flex:none'><strong>Trick {trick.number}</strong><br>led by seat {trick.leader}</div>"
        f"{plays_html(trick.plays, leader_note=False, marks=marks, width=width)}"
        f"<div class='hl-note' style='flex:1'>{_esc(sentence)}</div></div>"
    )


def text_with_cards_html(text: str) -> str:
    """Printed text with every card in it drawn as a card chip (the widgets' ``card_html``), line by line.

    >>> out = text_with_cards_html("seat 0: 3♣ 10♦\\nhand number 1")
    >>> out.count('class="hl-card"'), "hand number 1" in out
    (2, True)
    """
    lines = []
    for line in text.splitlines():
        pieces, last = [], 0
        for match in _CARD_TOKEN.finditer(line):
            pieces.append(_esc(line[last : match.start()]))
            rank = match.group(1)
            pieces.append(card_html(Card.parse(rank + _SUIT_OF_SYMBOL[match.group(2)])))
            last = match.end()
        pieces.append(_esc(line[last:]))
        lines.append(f"<div class='hl-text-line'>{''.join(pieces) or '&nbsp;'}</div>")
    return f"<div class='hl-figure hl-sans' style='font-size:0.95em'>{''.join(lines)}</div>"


def _is_plays(value: Any) -> bool:
    return (
        isinstance(value, (list, tuple))
        and bool(value)
        and all(isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], int) and isinstance(p[1], (Card, str)) for p in value)
        and all(isinstance(p[1], Card) or _CARD_TOKEN.fullmatch(p[1]) for p in value)
    )


def shown_html(value: Any) -> str | None:
    """What a worksheet cell shows, drawn for paper: a position, a finished trick, a trick's plays,
    a row of cards, or text (cards in it drawn as chips). ``None`` for a value with nothing to show.

    >>> from hearts_lab import Card
    >>> shown_html([(0, Card.parse("7C")), (1, Card.parse("AS"))]).count("<svg")
    2
    >>> shown_html((Card.parse("3C"), Card.parse("2D"))).count('class="hl-card"')
    2
    >>> shown_html(None) is None
    True
    """
    if value is None:
        return None
    if hasattr(value, "to_play") and hasattr(value, "trick") and callable(getattr(value, "cards", None)):
        return position_html(value)
    if hasattr(value, "leader") and hasattr(value, "plays") and hasattr(value, "winner"):
        return trick_view_html(value)
    if _is_plays(value):
        return f"<div class='hl-figure'>{plays_html(value)}</div>"
    if isinstance(value, (list, tuple)) and value and all(isinstance(c, Card) for c in value):
        return f"<div class='hl-figure'>{''.join(card_html(c) for c in value)}</div>"
    return text_with_cards_html(value if isinstance(value, str) else repr(value))


# -- deal slips -------------------------------------------------------------------------


def _slip_cards(cards: Sequence[Card]) -> str:
    """A seat's cards as the widgets' seat boxes show them (:func:`hearts_lab.render.suit_rows_html`), large."""
    return f"<div class='hl-slip-suits'>{suit_rows_html(cards)}</div>"


def deal_command(rules: Rules, seed: int | str, hand_number: int, dealer: int) -> str:
    """The command line that prints the same deal (``--hand`` counts from 1, as people do; ``hand_number`` is the engine's).

    >>> deal_command(Rules.preset("standard", players=4), 12, 0, 0)
    'hearts-lab deal --preset standard --players 4 --seed 12 --hand 1 --dealer 0'
    """
    return f"hearts-lab deal --preset {rules.name} --players {rules.players} --seed {seed} --hand {hand_number + 1} --dealer {dealer}"


def deal_slips_html(hand: Hand, *, seed: int | str | None = None, source: str = "") -> str:
    """One slip per seat with that seat's cards (by suit, high to low), a slip for the kitty if there is
    one, and a dealer's slip listing every seat, so a class can deal the hand with real packs and check
    it against the notebook. ``seed`` is printed (and the command that reproduces the deal) when given;
    ``source`` says where the deal is used, e.g. ``"notebook 01"``. Returns the page's body.

    >>> from hearts_lab import Hand, Rules
    >>> hand = Hand.deal(Rules.preset("cancellation", players=7), seed=72)
    >>> out = deal_slips_html(hand, seed=72, source="notebook 04")
    >>> out.count("class='hl-slip'"), "Kitty" in out, "two packs" in out
    (9, True, True)
    """
    rules = hand.rules
    n = rules.players
    packs = "two packs shuffled together (every card twice)" if rules.decks == 2 else "one pack"
    removed = f" without {' '.join(map(str, rules.removed))}" if rules.removed else ""
    where = f" · {_esc(source)}" if source else ""
    seed_text = f"seed {_esc(seed)} · " if seed is not None else ""
    offset = hand.pass_offset if rules.pass_count else 0
    opening = (f"The holder of the {rules.opening_card} leads it to trick 1" if rules.opening_card is not None
               else f"Seat {(hand.dealer + 1) % n}, at the dealer's left, leads trick 1")
    about = (f"<div class='hl-note' style='font-size:0.8em'>{_esc(rules.name)} · {n} players · {seed_text}"
             f"hand {hand.hand_number + 1} · dealer seat {hand.dealer}</div>")
    slips = []
    for seat in range(n):
        cards = hand.cards(seat)
        passing = (f"Pass {rules.pass_count} cards {rules.pass_direction(offset)}, to seat {(seat + offset) % n}."
                   if offset else "No passing this hand.")
        slips.append(
            f"<div class='hl-slip'><h3>Seat {seat} <span style='font-weight:400;font-size:0.8em'>· {len(cards)} cards · "
            f"seat {(seat + 1) % n} on your left</span></h3>{about}"
            f"<div style='margin-top:1mm'>{_slip_cards(cards)}</div>"
            f"<div class='hl-note' style='margin-top:1mm'>{_esc(passing)}</div></div>"
        )
    if hand.kitty:
        slips.append(
            f"<div class='hl-slip'><h3>Kitty <span style='font-weight:400;font-size:0.8em'>· {len(hand.kitty)} cards, face down "
            f"in the middle</span></h3>{about}<div style='margin-top:1mm'>{_slip_cards(hand.kitty)}</div></div>"
        )

    def row(name: str, held: Sequence[Card]) -> str:
        chips = " ".join(card_html(c, size="0.85em") for c in sorted(held, key=Card.sort_key))
        return f"<tr><th style='text-align:left;white-space:nowrap'>{name}</th><td>{chips}</td></tr>"

    check = "".join(row(f"seat {s}", hand.cards(s)) for s in range(n)) + (row("kitty", hand.kitty) if hand.kitty else "")
    command = (f"<br>The same deal on a computer: <code style='white-space:nowrap'>"
               f"{_esc(deal_command(rules, seed, hand.hand_number, hand.dealer))}</code>") if seed is not None else ""
    slips.append(
        f"<div class='hl-slip' style='grid-column:1/-1'><h3>Dealer's check <span style='font-weight:400;font-size:0.8em'>· "
        f"every seat</span></h3>{about}<table style='margin-top:1mm;font-family:DejaVu Sans,Arial,sans-serif;font-size:0.85em'>"
        f"{check}</table></div>"
    )
    return (
        f"<h1>Deal slips</h1><p class='hl-note'>{_esc(rules.summary())}; {seed_text}hand {hand.hand_number + 1} "
        f"of the game{where}.<br>Take {packs}{_esc(removed)}. Cut along the dashed lines and give each player "
        f"their slip; each takes their cards from the pack. {_esc(opening)}.{command}</p>"
        f"<div class='hl-slips'>{''.join(slips)}</div>"
    )


# -- the table of a preset's decks ---------------------------------------------------------


def preset_table_html(preset: str) -> str:
    """For every player count of ``preset``, from the engine: the cards removed, the cards each, the kitty,
    the cards passed, the pass directions and the opening card.

    >>> out = preset_table_html("standard")
    >>> out.count("<tr>"), "2♦ 3♦ 3♣ 4♣" in out.replace('</span><span', '</span> <span') or "3♣" in out
    (6, True)
    """
    if preset not in PRESET_PLAYERS:
        raise ValueError(f"preset: {preset!r} is not one of {', '.join(PRESET_PLAYERS)}.")
    kitty = any(Rules.preset(preset, players=n).kitty_size for n in PRESET_PLAYERS[preset])
    head = ["players", "cards removed", "cards each"] + (["kitty"] if kitty else []) + ["pass", "directions, hand after hand", "opens"]
    rows = ["<tr>" + "".join(f"<th>{h}</th>" for h in head) + "</tr>"]
    for n in PRESET_PLAYERS[preset]:
        rules = Rules.preset(preset, players=n)
        removed = "".join(card_html(c, size="0.9em") for c in sorted(rules.removed, key=Card.sort_key)) or "none"
        directions = ", ".join(rules.pass_direction(k) for k in rules.pass_schedule)
        opening = card_html(rules.opening_card, size="0.9em") if rules.opening_card is not None else "left of dealer"
        cells = [str(n), removed, str(rules.hand_size)] + ([str(rules.kitty_size)] if kitty else [])
        cells += [str(rules.pass_count), _esc(directions), opening]
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    return f"<table class='hl-preset-table hl-sans' style='font-size:0.9em'>{''.join(rows)}</table>"


# -- printing -----------------------------------------------------------------------------

_CHROMIUM_CANDIDATES = (
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
    r"C:\Program Files\Google\Chrome\Application\chrome.exe",
)


def chromium_path() -> str | None:
    """The Chromium or Chrome to print with: ``$HEARTS_LAB_CHROMIUM``, else the first one installed."""
    chosen = os.environ.get("HEARTS_LAB_CHROMIUM")
    if chosen:
        return chosen
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        found = shutil.which(name)
        if found:
            return found
    return next((p for p in _CHROMIUM_CANDIDATES if Path(p).exists()), None)


def _pdf_pages(data: bytes) -> int:
    """The number of pages of a PDF Chromium wrote (its page objects)."""
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", data))


def print_pdf(pages: Mapping[Path, str], *, paper: Literal["A4", "Letter"] = "A4") -> list[Path]:
    """Print each HTML page (path of the PDF to write -> the page's HTML) to PDF with one headless Chromium.

    Raises ``RuntimeError`` naming what is missing when Playwright or a Chromium is not there; a page
    that is wider than the paper is refused by name (its content would be cut).
    """
    if paper not in ("A4", "Letter"):
        raise ValueError(f"paper: {paper!r} is not 'A4' or 'Letter'.")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as error:
        raise RuntimeError("printing to PDF needs Playwright: pip install 'hearts-lab[handouts]' (or write .html and print from a browser)") from error
    executable = chromium_path()
    if executable is None:
        raise RuntimeError("printing to PDF needs Chromium or Chrome: install it, or set HEARTS_LAB_CHROMIUM to its path")
    written = []
    args = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=args)
        try:
            page = browser.new_page()
            for target, text in pages.items():
                page.set_content(text, wait_until="load")
                page.emulate_media(media="print")
                # The printable width of the paper in CSS pixels (210 mm or 8.5 in, less 2 x 14 mm margins).
                printable = (210 if paper == "A4" else 215.9) - 28
                page.set_viewport_size({"width": round(printable / 25.4 * 96), "height": 1000})
                overflow = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
                if overflow > 1:
                    raise RuntimeError(f"{target.name}: the page is {overflow} px wider than the paper; its content would be cut")
                Path(target).parent.mkdir(parents=True, exist_ok=True)
                title = _esc(page.title())
                footer = (f"<div style='font-size:7pt;font-family:sans-serif;color:#444;width:100%;padding:0 14mm;"
                          f"display:flex;justify-content:space-between'><span>{title}</span>"
                          "<span>page <span class='pageNumber'></span> of <span class='totalPages'></span></span></div>")

                def printed(scale: float, footer: str = footer) -> bytes:
                    return page.pdf(format=paper, print_background=True, display_header_footer=True, scale=scale,
                                    header_template="<div></div>", footer_template=footer,
                                    margin={"top": "14mm", "bottom": "16mm", "left": "14mm", "right": "14mm"})

                scale = 1.0
                data = printed(scale)
                while _ONE_PAGE in text and _pdf_pages(data) > 1 and scale > 0.8:
                    scale = round(scale - 0.02, 2)
                    data = printed(scale)
                if _ONE_PAGE in text and _pdf_pages(data) > 1:
                    raise RuntimeError(f"{target.name}: does not fit one page even at 80 %")
                Path(target).write_bytes(data)
                written.append(Path(target))
        finally:
            browser.close()
    return written
