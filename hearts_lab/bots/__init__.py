"""Computer opponents. A bot sees only a :class:`~hearts_lab.hand.SeatView` of its seat.

- :mod:`~hearts_lab.bots.basic`: the bot protocol, :class:`RandomBot`,
  :class:`LowestCardBot`, :class:`HeuristicBot` and the helpers that let bots play.
- :mod:`~hearts_lab.bots.knowledge`: what a seat knows about the cards it
  cannot see, and :func:`sample_worlds` consistent with it.
- :mod:`~hearts_lab.bots.sampling`: :class:`SamplingBot`, the strong bot.
- :mod:`~hearts_lab.bots.registry`: the one list of bot names and levels
  (``"easy"``, ``"medium"``, ``"expert"``).
- :mod:`~hearts_lab.bots.match`: duplicate matches between bots.
- :mod:`~hearts_lab.bots.fusion`: strategy fusion measured exactly (what sampling overrates).

>>> from hearts_lab import Hand, Rules
>>> hand = Hand.deal(Rules.preset("standard", players=4), seed=5)
>>> play_hand(hand, [HeuristicBot(seed=s) for s in range(4)])
>>> hand.phase, sum(hand.points())
('over', 26)
"""

from __future__ import annotations

from .basic import (
    BOT_MOON_POLICY,
    Bot,
    HeuristicBot,
    LowestCardBot,
    MoonChoice,
    RandomBot,
    bot_moon_choice,
    deal_and_play,
    moon_chooser,
    play_game,
    play_hand,
    seat_bots,
)
from .fusion import FusionRow, distinct_worlds, fusion_example, fusion_table
from .knowledge import Knowledge, knowledge, sample_worlds, world_consistent
from .match import Estimate, MatchLine, MatchResult, match, mean_interval
from .registry import ALIASES, BOTS, LEVELS, SITE_LEVEL, BotEntry, bot_names, canonical_name, make_bot
from .sampling import CheatingBot, SamplingBot, distinct_cards, hand_score

__all__ = [
    "Bot", "RandomBot", "LowestCardBot", "HeuristicBot", "MoonChoice", "BOT_MOON_POLICY", "bot_moon_choice", "moon_chooser",
    "seat_bots", "deal_and_play", "play_hand", "play_game",
    "Knowledge", "knowledge", "sample_worlds", "world_consistent",
    "SamplingBot", "CheatingBot", "hand_score", "distinct_cards",
    "BOTS", "ALIASES", "LEVELS", "SITE_LEVEL", "BotEntry", "bot_names", "canonical_name", "make_bot",
    "match", "MatchResult", "MatchLine", "Estimate", "mean_interval",
    "FusionRow", "fusion_table", "fusion_example", "distinct_worlds",
]
