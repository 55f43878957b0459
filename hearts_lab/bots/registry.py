"""The one list of bot names: the play table, ``simulate``, the rules lab, the worksheets and the CLI read it.

Levels name strength: ``"easy"`` is :class:`~hearts_lab.bots.basic.HeuristicBot`
with its moon defence on, ``"medium"`` and ``"expert"`` are
:class:`~hearts_lab.bots.sampling.SamplingBot` with few and with many sampled
worlds. ``"heuristic"`` is the HeuristicBot that seeded notebooks and
worksheets have always used (no moon defence); class names
(``"HeuristicBot"``, ...) are aliases of the entries.

>>> bot_names()
('random', 'lowest', 'heuristic', 'easy', 'medium', 'expert')
>>> canonical_name("HeuristicBot"), make_bot("easy", seed=1).moon_defence
('heuristic', True)
>>> make_bot("grandmaster")
Traceback (most recent call last):
...
hearts_lab.arguments.ArgumentError: bots: 'grandmaster' is not a bot name; choose one of 'random', 'lowest', 'heuristic', 'easy', 'medium', 'expert' (or an alias: 'HeuristicBot', 'RandomBot', 'LowestCardBot', 'SamplingBot').
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..arguments import ArgumentError, shown
from .basic import Bot, HeuristicBot, LowestCardBot, RandomBot
from .sampling import SamplingBot

__all__ = ["BotEntry", "BOTS", "ALIASES", "LEVELS", "SITE_LEVEL", "bot_names", "canonical_name", "make_bot"]


@dataclass(frozen=True)
class BotEntry:
    """One named bot: how to make it from a seed, and one line saying what it is."""

    name: str
    make: Callable[[int | str], Bot]
    description: str


#: The worlds the two sampling levels sample per decision (``"medium"`` stays under a second a move in the browser).
MEDIUM_WORLDS = 8
EXPERT_WORLDS = 32

BOTS: dict[str, BotEntry] = {
    entry.name: entry
    for entry in (
        BotEntry("random", lambda seed: RandomBot(seed=seed), "passes and plays uniformly at random among legal cards"),
        BotEntry("lowest", lambda seed: LowestCardBot(), "passes its highest cards and plays its lowest legal card"),
        BotEntry("heuristic", lambda seed: HeuristicBot(seed=seed), "rules of thumb: ducks, dumps the Q♠, tries the moon with a strong hand"),
        BotEntry("easy", lambda seed: HeuristicBot(seed=seed, moon_defence=True), "the heuristic bot, defending against a moon too"),
        BotEntry(
            "medium", lambda seed: SamplingBot(seed=seed, worlds=MEDIUM_WORLDS, pass_worlds=4),
            f"samples {MEDIUM_WORLDS} deals of the unseen cards and plays each card out in each",
        ),
        BotEntry(
            "expert", lambda seed: SamplingBot(seed=seed, worlds=EXPERT_WORLDS),
            f"samples {EXPERT_WORLDS} deals of the unseen cards and plays each card out in each",
        ),
    )
}
#: The difficulty levels a student picks from, weakest first.
LEVELS = ("easy", "medium", "expert")
#: The level for the browser (JupyterLite, Pyodide): its card choice stays well under a second there
#: (benchmarks/bots.py pyodide: median 22 ms, 95th percentile 77 ms, max 145 ms of CPU on the development machine).
SITE_LEVEL = "medium"
#: Older names, kept working.
ALIASES = {
    "HeuristicBot": "heuristic",
    "RandomBot": "random",
    "LowestCardBot": "lowest",
    "SamplingBot": "expert",
}


def bot_names() -> tuple[str, ...]:
    """Every bot name, weakest first (aliases aside)."""
    return tuple(BOTS)


def canonical_name(name: object) -> str:
    """The registry name for ``name`` (an alias gives its entry's name); an ArgumentError lists the names."""
    if isinstance(name, str):
        if name in BOTS:
            return name
        if name in ALIASES:
            return ALIASES[name]
    raise ArgumentError(
        f"bots: {shown(name, 40)} is not a bot name; choose one of {', '.join(map(repr, BOTS))} "
        f"(or an alias: {', '.join(map(repr, ALIASES))}).",
        "bots",
    )


def make_bot(name: str, seed: int | str = 0) -> Bot:
    """A new bot of the named kind, seeded with ``seed``.

    >>> make_bot("expert", seed=3).worlds
    32
    """
    return BOTS[canonical_name(name)].make(seed)
