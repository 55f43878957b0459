"""Hearts Lab: an exact rules engine for Hearts, stripped-deck Hearts and Cancellation Hearts.

>>> from hearts_lab import Rules, Hand
>>> hand = Hand.deal(Rules.preset("standard", players=4), seed=7)
>>> hand.phase
'pass'
"""

from .cards import Card, format_cards, parse_cards
from .errors import CardError, HeartsLabError, IllegalMove, IllegalPass, MoonChoiceRequired, RecordError, RulesError
from .game import Game
from .hand import Hand, SeatView
from .rules import Rules
from .scoring import score_hand
from .tricks import Trick, resolve_trick, trick_winner

__all__ = [
    "Card",
    "CardError",
    "HeartsLabError",
    "Game",
    "Hand",
    "IllegalMove",
    "IllegalPass",
    "MoonChoiceRequired",
    "RecordError",
    "Rules",
    "RulesError",
    "SeatView",
    "Trick",
    "format_cards",
    "parse_cards",
    "resolve_trick",
    "score_hand",
    "trick_winner",
]

__version__ = "0.1.0"
