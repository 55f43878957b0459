"""Hearts Lab: an exact rules engine for Hearts, stripped-deck Hearts and Cancellation Hearts."""
from .cards import Card, parse_cards, format_cards
from .errors import IllegalMove, IllegalPass, MoonChoiceRequired, RecordError, RulesError
from .rules import Rules
from .tricks import Trick, resolve_trick, trick_winner
from .hand import Hand, SeatView
