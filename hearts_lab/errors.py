"""The errors Hearts Lab raises. Every one is a ``ValueError`` with a message a student can read."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import CardError

if TYPE_CHECKING:
    from .cards import Card

__all__ = ["CardError", "RulesError", "IllegalMove", "IllegalPass", "RecordError", "MoonChoiceRequired"]


class RulesError(ValueError):
    """An invalid rule set or rule option. ``field`` names the offending option."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class IllegalMove(ValueError):
    """A card that may not be played now.

    The message is one sentence; the fields let a widget or an exercise check
    react without parsing text: ``seat``, ``card``, ``rule`` (a short rule id
    such as ``"follow-suit"``) and ``legal`` (the cards that may be played).
    """

    def __init__(self, message: str, *, seat: int | None, card: Card | None, rule: str, legal: tuple[Card, ...]) -> None:
        super().__init__(message)
        self.seat = seat
        self.card = card
        self.rule = rule
        self.legal = legal


class IllegalPass(IllegalMove):
    """A pass of the wrong size, with cards the seat does not hold, or outside the passing phase."""


class RecordError(ValueError):
    """A hand or game record (JSON) that is malformed, truncated, or breaks the rules.

    ``field`` names the part of the record at fault (e.g. ``"seed"``, ``"plays"``,
    ``"size"``), or None.
    """

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class MoonChoiceRequired(ValueError):
    """The rules say the shooter chooses (``moon="choice"``) and no choice was given."""
