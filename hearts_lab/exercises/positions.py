"""Real positions for worksheet questions, rebuilt from seeds by the engine.

A position is a hand dealt with :meth:`Hand.deal` and played by
:class:`~hearts_lab.bots.HeuristicBot` players, stopped after some number of
plays. The same seed gives the same position on every machine, so a question
can name it and its check can ask the engine about it.

>>> from hearts_lab import Rules
>>> hand = played_hand(Rules.preset("standard", players=4), seed=1, hand_number=3)
>>> hand.phase, len(hand.history)
('over', 52)
>>> position(Rules.preset("standard", players=4), seed=1, hand_number=3, plays=5).trick_number
1
"""

from __future__ import annotations

import functools

from ..bots import HeuristicBot, play_hand
from ..hand import Hand
from ..rules import Rules

__all__ = ["played_hand", "position", "table_bots"]


def table_bots(players: int, seed: int | str) -> list[HeuristicBot]:
    """One seeded heuristic bot per seat: the players of every worksheet position."""
    return [HeuristicBot(f"{seed}/{seat}") for seat in range(players)]


@functools.lru_cache(maxsize=64)
def _played(rules: Rules, seed: int | str, hand_number: int) -> Hand:
    hand = Hand.deal(rules, seed=seed, hand_number=hand_number)
    play_hand(hand, table_bots(rules.players, seed))
    return hand


def played_hand(rules: Rules, seed: int | str, hand_number: int = 0) -> Hand:
    """The whole hand ``(rules, seed, hand_number)`` played out by the worksheet bots (a fresh copy)."""
    return _played(rules, seed, hand_number).copy()


def position(rules: Rules, seed: int | str, hand_number: int, plays: int) -> Hand:
    """The played hand stopped after its first ``plays`` cards (passes included)."""
    return _played(rules, seed, hand_number).at(plays)
