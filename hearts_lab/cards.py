"""Playing cards: ranks, suits, parsing and printing.

A :class:`Card` is an immutable (rank, suit) pair. With two packs every card
exists twice; the two copies are identical, so they are the same value.

>>> Card.parse("Q♠") == Card.parse("QS") == Card.parse("qs")
True
>>> str(Card.parse("10h")), str(Card.parse("TH"))
('10♥', '10♥')
>>> sorted(parse_cards("A♠ 2♣ 10♥ K♦"))
[2♣, 10♥, K♦, A♠]
"""

from __future__ import annotations

import unicodedata
from typing import Any, Final, Iterable, Literal, NamedTuple, get_args

from .errors import HeartsLabError

__all__ = [
    "Card",
    "Suit",
    "SUITS",
    "RANKS",
    "SUIT_SYMBOLS",
    "SUIT_NAMES",
    "SUIT_SINGULAR",
    "suit_name",
    "CLUBS",
    "DIAMONDS",
    "HEARTS",
    "SPADES",
    "QUEEN_OF_SPADES",
    "POINT_CARDS",
    "parse_cards",
    "format_cards",
    "full_pack",
    "CardError",
]

#: A suit as a card stores it: clubs, diamonds, hearts, spades.
Suit = Literal["C", "D", "H", "S"]
CLUBS: Final = "C"
DIAMONDS: Final = "D"
HEARTS: Final = "H"
SPADES: Final = "S"
#: Suits in display order (the order OpenSpiel uses too).
SUITS: tuple[Suit, ...] = get_args(Suit)
#: Ranks from low to high; 11 = J, 12 = Q, 13 = K, 14 = A.
RANKS: tuple[int, ...] = tuple(range(2, 15))

SUIT_SYMBOLS: dict[Suit, str] = {CLUBS: "♣", DIAMONDS: "♦", HEARTS: "♥", SPADES: "♠"}
#: A suit's name in the plural, as in "no hearts"; :data:`SUIT_SINGULAR` for "a heart".
SUIT_NAMES: dict[Suit, str] = {CLUBS: "clubs", DIAMONDS: "diamonds", HEARTS: "hearts", SPADES: "spades"}
SUIT_SINGULAR: dict[Suit, str] = {CLUBS: "club", DIAMONDS: "diamond", HEARTS: "heart", SPADES: "spade"}
RANK_LABELS = {11: "J", 12: "Q", 13: "K", 14: "A"}
RANK_NAMES = {11: "jack", 12: "queen", 13: "king", 14: "ace"}

_SUIT_FROM_TEXT: dict[str, Suit] = {
    **{s: s for s in SUITS},
    **{sym: s for s, sym in SUIT_SYMBOLS.items()},
    "♧": CLUBS,
    "♢": DIAMONDS,
    "♡": HEARTS,
    "♤": SPADES,
}
_RANK_FROM_TEXT = {
    **{str(r): r for r in range(2, 11)},
    "T": 10,
    "J": 11,
    "Q": 12,
    "K": 13,
    "A": 14,
}


class CardError(HeartsLabError):
    """Text that does not name a card."""


class _CardFields(NamedTuple):
    rank: int
    suit: Suit


class Card(_CardFields):
    """A playing card. ``rank`` is 2..14 (14 = ace); ``suit`` is one of ``C D H S``.

    Cards order by rank, then suit; use :func:`format_cards` or
    :meth:`sort_key` for a hand sorted by suit. There are only 52 card values:
    ``Card(12, "S")`` returns the one Q♠ object, and anything else raises.

    >>> Card(12, "S")
    Q♠
    >>> Card(12, "S") is Card.parse("QS")
    True
    >>> Card.parse("Q♠").is_point_card, Card.parse("5♥").is_point_card
    (True, True)
    >>> Card(2, "X")
    Traceback (most recent call last):
    ...
    hearts_lab.cards.CardError: Card(2, 'X') is not a card: rank must be a whole number 2..14 (14 = ace) and suit one of 'C', 'D', 'H', 'S'.
    """

    __slots__ = ()

    def __new__(cls, rank: int, suit: Suit) -> Card:
        # type() checks: 2.0 == 2 and True == 1 would otherwise find a card.
        card = _BY_FIELDS.get((rank, suit)) if type(rank) is int and type(suit) is str else None
        if card is None:
            raise CardError(
                f"Card({_quote(rank)}, {_quote(suit)}) is not a card: rank must be a whole number 2..14 "
                "(14 = ace) and suit one of 'C', 'D', 'H', 'S'."
            )
        return card

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read a card from text such as ``Q♠``, ``QS``, ``qs``, ``10h`` or ``TH``.

        >>> Card.parse(" 10♦ "), Card.parse("A\u2665\ufe0f")
        (10♦, A♥)
        >>> Card.parse("1x")
        Traceback (most recent call last):
        ...
        hearts_lab.cards.CardError: '1x' is not a card: write a rank (2-10, J, Q, K, A) then a suit (♣ ♦ ♥ ♠ or C D H S), e.g. 'Q♠' or 'QS'.
        """
        if type(text) is Card:
            return text
        if not isinstance(text, str):
            # A list or dict is unhashable and a tuple such as (12, "S") is not text: refuse them all alike.
            raise CardError(f"{_quote(text)} is not a card: expected text such as 'Q♠' or 'QS'.")
        card = _PARSED.get(text)
        if card is not None:
            return card
        card = _PARSED.get(text.strip().upper()) if len(text) < 16 else None
        if card is None and len(text) < 16:
            # An emoji picker writes a suit with a variation selector (U+2665 U+FE0F looks exactly like ♥);
            # NFKC folds full-width letters and digits (Ｑ, １０) to the ones a keyboard gives.
            folded = unicodedata.normalize("NFKC", text.replace("\ufe0f", "").replace("\ufe0e", ""))
            card = _PARSED.get(folded.strip().upper())
        if card is None:
            raise CardError(
                f"{_quote(text)} is not a card: write a rank (2-10, J, Q, K, A) then a suit "
                "(♣ ♦ ♥ ♠ or C D H S), e.g. 'Q♠' or 'QS'."
            )
        return card

    @property
    def label(self) -> str:
        """The rank as printed: ``2``..``10``, ``J``, ``Q``, ``K``, ``A``."""
        return RANK_LABELS.get(self.rank) or str(self.rank)

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♣ ♦ ♥ ♠``."""
        return SUIT_SYMBOLS[self.suit]

    @property
    def ascii(self) -> str:
        """Two-character ASCII form, e.g. ``QS`` or ``TH``.

        >>> Card.parse("10♥").ascii
        'TH'
        """
        return ("T" if self.rank == 10 else self.label) + self.suit

    @property
    def name(self) -> str:
        """Words for a screen reader: ``queen of spades``.

        >>> Card.parse("10h").name
        '10 of hearts'
        """
        return f"{RANK_NAMES.get(self.rank, str(self.rank))} of {SUIT_NAMES[self.suit]}"

    @property
    def is_point_card(self) -> bool:
        """A heart or the Q♠: the cards the first-trick and leading rules restrict."""
        return self in POINT_CARDS

    def sort_key(self) -> tuple[int, int]:
        """Key that sorts by suit (♣ ♦ ♥ ♠) then rank."""
        return (_SUIT_INDEX[self.suit], self.rank)

    @classmethod
    def _make(cls, iterable: Iterable[Any]) -> Card:  # type: ignore[override]  # keeps _replace() inside the 52 cards
        return cls(*iterable)

    def __reduce__(self) -> tuple[type[Card], tuple[int, str]]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __str__(self) -> str:
        return self.label + SUIT_SYMBOLS[self.suit]

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        from .render import card_html, display

        return card_html(self, four_colour=display.four_colour)


_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}

#: The 52 distinct cards, ordered by suit then rank. These are the only Card objects.
_PACK: tuple[Card, ...] = tuple(tuple.__new__(Card, (r, s)) for s in SUITS for r in RANKS)
_BY_FIELDS: dict[tuple[int, Suit], Card] = {(c.rank, c.suit): c for c in _PACK}
#: Position of each card in :data:`_PACK` (suit then rank): a fast sort key.
CARD_INDEX: dict[Card, int] = {c: i for i, c in enumerate(_PACK)}

_PARSED: dict[str, Card] = {}
for _card in _PACK:
    for _suit_text, _suit in _SUIT_FROM_TEXT.items():
        if _suit != _card.suit:
            continue
        for _rank_text, _rank in _RANK_FROM_TEXT.items():
            if _rank == _card.rank:
                _PARSED[_rank_text + _suit_text] = _card
                _PARSED[_rank_text + _suit_text.lower()] = _card
del _card, _suit_text, _suit, _rank_text, _rank

QUEEN_OF_SPADES = Card(12, SPADES)
#: The hearts and the Q♠: the cards the first-trick, leading and moon rules speak of.
POINT_CARDS: frozenset[Card] = frozenset(c for c in _PACK if c.suit == HEARTS) | {QUEEN_OF_SPADES}


def suit_name(suit: Suit, plural: bool = True) -> str:
    """The one English name of a suit (``C D H S``): ``clubs`` or, with ``plural=False``, ``club``.

    >>> suit_name("H"), suit_name("S", plural=False)
    ('hearts', 'spade')
    """
    try:
        return (SUIT_NAMES if plural else SUIT_SINGULAR)[suit]
    except (KeyError, TypeError):
        raise CardError(f"{_quote(suit)} is not a suit: expected one of C, D, H, S.") from None


def _quote(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters, so an error never quotes megabytes of input.

    >>> len(_quote("x" * 10_000_000)), _quote("QS")
    (40, "'QS'")
    """
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__ must not hide the real error
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def full_pack() -> tuple[Card, ...]:
    """The 52 cards of one pack, by suit (♣ ♦ ♥ ♠) then rank.

    >>> len(full_pack()), full_pack()[0], full_pack()[-1]
    (52, 2♣, A♠)
    """
    return _PACK


def parse_cards(cards: str | Iterable[str | Card]) -> list[Card]:
    """Read several cards: a string separated by spaces or commas, or an iterable.

    >>> parse_cards("2♣, QS 10h")
    [2♣, Q♠, 10♥]
    """
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    elif isinstance(cards, (bytes, bytearray, Card)) or not isinstance(cards, Iterable):
        raise CardError(f"Expected cards as text such as 'Q♠ 10♥' or a list of cards, not {_quote(cards)}.")
    return [Card.parse(c) for c in cards]


def format_cards(cards: Iterable[Card], sort: bool = True) -> str:
    """Cards as text, sorted by suit then rank unless ``sort`` is false.

    >>> format_cards(parse_cards("QS 2C 5H 3C"))
    '2♣ 3♣ 5♥ Q♠'
    """
    if isinstance(cards, (str, bytes, Card)) or not isinstance(cards, Iterable):
        raise CardError(f"Expected a list of cards, not {_quote(cards)}.")
    cards = list(cards)
    for card in cards:
        if type(card) is not Card:
            raise CardError(f"{_quote(card)} is not a Card (use Card.parse or parse_cards to read text).")
    if sort:
        cards.sort(key=Card.sort_key)
    return " ".join(map(str, cards))
