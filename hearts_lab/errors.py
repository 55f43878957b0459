"""The errors Hearts Lab raises. Every one is a ``ValueError`` with a message a student can read."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, get_args

if TYPE_CHECKING:
    from .cards import Card, CardError

__all__ = ["HeartsLabError", "MoveRule", "MOVE_RULES", "CardError", "RulesError", "RulesTypeError", "check_rules", "IllegalMove", "IllegalPass", "RecordError", "MoonChoiceRequired"]


class HeartsLabError(ValueError):
    """The base class of every error Hearts Lab raises about its input: a ``ValueError`` whose message a student can read.

    Catch it to tell the package's refusals (a bad card, an illegal move, a
    malformed record, an unreadable answer ...) from a bug in your own code.

    >>> from hearts_lab import Card
    >>> try:
    ...     Card.parse("1x")
    ... except HeartsLabError as error:
    ...     print(type(error).__name__)
    CardError
    """


def __getattr__(name: str) -> Any:
    # CardError lives with the cards (cards.py imports this module for the base class).
    if name == "CardError":
        from .cards import CardError

        return CardError
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class RulesError(HeartsLabError):
    """An invalid rule set or rule option. ``field`` names the offending option."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class RulesTypeError(RulesError, TypeError):
    """Something other than a :class:`~hearts_lab.rules.Rules` value where rules are needed.

    Both a ``RulesError`` (so widgets show it) and a ``TypeError`` (what it is).
    """

    def __init__(self, value: object) -> None:
        super().__init__(f"rules: expected a Rules value, not {type(value).__name__}.", "rules")


def check_rules(value: object) -> None:
    """Raise :class:`RulesTypeError` unless ``value`` is a :class:`~hearts_lab.rules.Rules`."""
    if type(value).__name__ == "Rules" and type(value).__module__ == "hearts_lab.rules":
        return  # the common case, without importing rules here (it imports this module)
    from .rules import Rules

    if not isinstance(value, Rules):
        raise RulesTypeError(value)


#: The rules an :class:`IllegalMove` (or :class:`IllegalPass`) names in ``rule``.
MoveRule = Literal[
    "follow-suit", "first-trick-points", "opening-lead", "hearts-not-broken", "not-in-hand",
    "not-a-card", "phase", "turn", "seat", "pass-phase", "pass-count", "repeated-card",
]
MOVE_RULES: tuple[MoveRule, ...] = get_args(MoveRule)


class IllegalMove(HeartsLabError):
    """A card that may not be played now.

    The message is one sentence; the fields let a widget or an exercise check
    react without parsing text: ``seat``, ``card``, ``rule`` (a short rule id
    such as ``"follow-suit"``) and ``legal`` (the cards that may be played).
    ``to_you`` is the same refusal said to the player at ``seat`` ("You cannot
    play 4♦: you hold a club ..."), where the engine has one, else None.
    """

    def __init__(
        self, message: str, *, seat: int | None, card: Card | None, rule: MoveRule, legal: tuple[Card, ...],
        to_you: str | None = None,
    ) -> None:
        super().__init__(message)
        self.seat = seat
        self.card = card
        self.rule = rule
        self.legal = legal
        self.to_you = to_you


class IllegalPass(IllegalMove):
    """A pass of the wrong size, with cards the seat does not hold, or outside the passing phase."""


class RecordError(HeartsLabError):
    """A hand or game record (JSON) that is malformed, truncated, or breaks the rules.

    ``field`` names the part of the record at fault (e.g. ``"seed"``, ``"plays"``,
    ``"size"``), or None.
    """

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class MoonChoiceRequired(HeartsLabError):
    """The rules say the shooter chooses (``moon="choice"``) and no choice was given."""
