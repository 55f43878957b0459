"""Scoring a hand into a game: the moon policies of RULES.md §4.

>>> from hearts_lab import Rules
>>> rules = Rules.preset("standard", players=4)
>>> score_hand(rules, (26, 0, 0, 0), shooter=0, scores=(90, 80, 85, 70))
HandScore(deltas=(0, 26, 26, 26), moon='old')
>>> score_hand(rules, (26, 0, 0, 0), shooter=0, scores=(50, 20, 30, 40))
HandScore(deltas=(-26, 0, 0, 0), moon='new')
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from .errors import MoonChoiceRequired
from .rules import Rules

__all__ = ["HandScore", "score_hand", "moon_decision", "game_ends"]


class HandScore(NamedTuple):
    """What a hand adds to each seat's score, and the moon applied (``"old"``, ``"new"`` or None)."""

    deltas: tuple[int, ...]
    moon: str | None


def game_ends(rules: Rules, scores: Sequence[int]) -> bool:
    """Whether the game is over at these scores: some score reached the target and,
    with ``ties="play-on"``, the lowest score is unique (RULES.md §0).

    >>> from hearts_lab import Rules
    >>> game_ends(Rules.preset("standard", players=4), (100, 20, 20, 50))
    True
    >>> game_ends(Rules.preset("standard", players=4, ties="play-on"), (100, 20, 20, 50))
    False
    """
    if max(scores) < rules.target:
        return False
    if rules.ties == "play-on":
        return list(scores).count(min(scores)) == 1
    return True


def _apply(rules: Rules, points: Sequence[int], shooter: int, moon: str) -> tuple[int, ...]:
    # The shooter's moon cards are not counted against them; any other points
    # they took (a J♦ bonus, say) still count.
    moon_points = rules.moon_points
    out = []
    for seat, p in enumerate(points):
        if seat == shooter:
            out.append(p - moon_points - (rules.moon_reward if moon == "new" else 0))
        else:
            out.append(p + (rules.moon_reward if moon == "old" else 0))
    return tuple(out)


def moon_decision(rules: Rules, points: Sequence[int], shooter: int, scores: Sequence[int], choice: str | None = None) -> str:
    """Which moon applies, ``"old"`` or ``"new"``, under ``rules.moon`` (RULES.md §4).

    ``auto``: old if the shooter's score minus the reward is strictly lower than
    every opponent's score (so old leaves the shooter strictly lowest), else new.
    ``avoid-end``: old unless that would end the game.

    >>> from hearts_lab import Rules
    >>> rules = Rules.preset("standard", players=4, moon="avoid-end")
    >>> moon_decision(rules, (26, 0, 0, 0), 0, (90, 80, 85, 70))
    'new'
    """
    policy = rules.moon
    if policy in ("old", "new"):
        return policy
    if policy == "choice":
        if choice is None:
            raise MoonChoiceRequired(
                f"Seat {shooter} shot the moon and the rules (moon='choice') let them choose: "
                "pass moon_choice='old' (+{0} to every other player) or 'new' (-{0} to the shooter).".format(rules.moon_reward)
            )
        return choice
    if policy == "auto":
        mine = scores[shooter] - rules.moon_reward
        others = [scores[s] + points[s] for s in range(len(scores)) if s != shooter]
        return "old" if all(mine < o for o in others) else "new"
    # avoid-end
    after_old = [s + d for s, d in zip(scores, _apply(rules, points, shooter, "old"))]
    return "new" if game_ends(rules, after_old) else "old"


def score_hand(
    rules: Rules,
    points: Sequence[int],
    shooter: int | None,
    scores: Sequence[int],
    moon_choice: str | None = None,
) -> HandScore:
    """The score changes for a finished hand, given the scores before it.

    ``moon_choice`` (``"old"`` or ``"new"``) is required when ``rules.moon`` is
    ``"choice"`` and someone shot the moon, and refused otherwise.
    """
    if moon_choice is not None:
        if moon_choice not in ("old", "new"):
            raise ValueError(f"moon_choice: expected 'old' or 'new', not {moon_choice!r}.")
        if rules.moon != "choice":
            raise ValueError(f"moon_choice: the rules decide the moon themselves (moon={rules.moon!r}); pass no moon_choice.")
    if shooter is None or rules.moon == "off":
        return HandScore(tuple(points), None)
    moon = moon_decision(rules, points, shooter, scores, moon_choice)
    return HandScore(_apply(rules, points, shooter, moon), moon)
