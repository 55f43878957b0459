"""Scoring a hand into a game: the moon policies of RULES.md §4.

>>> from hearts_lab import Rules
>>> rules = Rules.preset("standard", players=4)
>>> score_hand(rules, (26, 0, 0, 0), shooter=0, scores=(90, 80, 85, 70))
HandScore(deltas=(0, 26, 26, 26), moon='old')
>>> score_hand(rules, (26, 0, 0, 0), shooter=0, scores=(50, 20, 30, 40))
HandScore(deltas=(-26, 0, 0, 0), moon='new')
"""

from __future__ import annotations

from typing import Literal, NamedTuple, Sequence, get_args

from .cards import _quote
from .errors import MoonChoiceRequired, RulesError, check_rules
from .rules import Rules

__all__ = [
    "MoonChoice", "MOON_CHOICES", "check_moon_choice", "HandScore", "score_hand", "moon_decision", "auto_moon", "moon_deltas", "game_ends", "no_game_ends"]


#: The two moons (RULES.md §4): +reward to every other player, or -reward to the shooter.
MoonChoice = Literal["old", "new"]
MOON_CHOICES: tuple[MoonChoice, ...] = get_args(MoonChoice)


class HandScore(NamedTuple):
    """What a hand adds to each seat's score, and the moon applied (``"old"``, ``"new"`` or None)."""

    deltas: tuple[int, ...]
    moon: MoonChoice | None


def game_ends(rules: Rules, scores: Sequence[int]) -> bool:
    """Whether the game is over at these scores: some score reached the target and,
    with ``ties="play-on"``, the lowest score is unique (RULES.md §0).

    >>> from hearts_lab import Rules
    >>> game_ends(Rules.preset("standard", players=4), (100, 20, 20, 50))
    True
    >>> game_ends(Rules.preset("standard", players=4, ties="play-on"), (100, 20, 20, 50))
    False
    """
    check_rules(rules)
    if isinstance(scores, (str, bytes)) or not isinstance(scores, Sequence) or len(scores) != rules.players or any(type(s) is not int for s in scores):
        raise RulesError(f"scores: expected {rules.players} whole numbers, not {_quote(scores)}.", "scores")
    if max(scores) < rules.target:
        return False
    if rules.ties == "play-on":
        return list(scores).count(min(scores)) == 1
    return True


def no_game_ends(rules: Rules) -> str | None:
    """Why no game can ever end under ``rules`` (no hand can bring a score to the target), or None if one can.

    Scores rise only through points taken in a hand that is not a moon, or through
    an old moon (``+moon_reward`` to the others). If no card is worth points, or
    the only card worth points is the whole moon set (whoever takes it shoots the
    moon, every hand), only moons can raise a score, and none does if ``moon`` is
    ``"new"`` or ``"off"`` (or ``moon_reward`` is 0); under ``"avoid-end"`` the old
    moon is taken only when it does not end the game. Either way no game ends.

    >>> from hearts_lab import Rules
    >>> one = Rules.preset("standard", players=4, card_points=(("QS", 13),), moon_cards="all-points", moon="new")
    >>> print(no_game_ends(one))
    the only card worth points (Q♠) is the whole moon set, so every hand is a moon, and under moon='new' no moon raises a score to the target: no game could end.
    >>> no_game_ends(Rules.preset("standard", players=4)) is None
    True
    """
    check_rules(rules)
    if rules.moon in ("old", "choice", "auto") and rules.moon_reward > 0:
        return None  # an old moon adds the reward to the others: their scores can reach the target
    positive = [card for card in rules.deck() if rules.points_of(card) > 0]
    moon = f"under moon={rules.moon!r}" + (f" with moon_reward={rules.moon_reward}" if rules.moon_reward == 0 else "")
    never = f"{moon} no moon raises a score to the target: no game could end."
    if not positive:
        return f"no card is worth points, and {never}"
    if rules.moon != "off" and len(positive) == 1 and sum(rules.moon_card_set.values()) == 1 and positive[0] in rules.moon_card_set:
        return f"the only card worth points ({positive[0]}) is the whole moon set, so every hand is a moon, and {never}"
    return None


def _check_numbers(rules: Rules, values: object, name: str) -> None:
    n = rules.players
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or len(values) != n or any(type(v) is not int for v in values):
        raise RulesError(f"{name}: expected {n} whole numbers, one per seat, not {_quote(values)}.", name)


def _check_shooter(rules: Rules, shooter: object) -> None:
    if type(shooter) is not int or not 0 <= shooter < rules.players:
        raise RulesError(f"shooter: expected a seat from 0 to {rules.players - 1}, not {_quote(shooter)}.", "shooter")


def moon_deltas(rules: Rules, points: Sequence[int], shooter: int, moon: MoonChoice) -> tuple[int, ...]:
    """What a moon hand adds to each score under the ``"old"`` or ``"new"`` moon (RULES.md §4).

    The shooter's moon cards (:attr:`Rules.moon_points`) are not counted against
    them; any other points they took (a K♠ in black-maria, a J♦ bonus in
    omnibus) still count.

    >>> from hearts_lab import Rules
    >>> maria = Rules.preset("standard", players=4, card_points="black-maria")
    >>> moon_deltas(maria, (43, 0, 0, 0), 0, "old"), moon_deltas(maria, (43, 0, 0, 0), 0, "new")
    ((17, 26, 26, 26), (-9, 0, 0, 0))
    """
    check_rules(rules)
    _check_numbers(rules, points, "points")
    _check_shooter(rules, shooter)
    if type(moon) is not str or moon not in ("old", "new"):  # "sideways" would score a moon hand as no moon at all
        raise RulesError(f"moon: expected 'old' or 'new', not {_quote(moon)}.", "moon")
    moon_points = rules.moon_points
    out = []
    for seat, p in enumerate(points):
        if seat == shooter:
            out.append(p - moon_points - (rules.moon_reward if moon == "new" else 0))
        else:
            out.append(p + (rules.moon_reward if moon == "old" else 0))
    return tuple(out)


def moon_decision(
    rules: Rules, points: Sequence[int], shooter: int, scores: Sequence[int], choice: str | None = None
) -> MoonChoice:
    """Which moon applies, ``"old"`` or ``"new"``, under ``rules.moon`` (RULES.md §4).

    ``auto``: see :func:`auto_moon` (old if it leaves the shooter strictly lowest, counting
    every point taken this hand, moon cards aside), else new.
    ``avoid-end``: old unless that would end the game.

    >>> from hearts_lab import Rules
    >>> rules = Rules.preset("standard", players=4, moon="avoid-end")
    >>> moon_decision(rules, (26, 0, 0, 0), 0, (90, 80, 85, 70))
    'new'
    """
    policy = rules.moon
    if policy == "old" or policy == "new":
        return policy
    if policy == "choice":
        if choice is None:
            raise MoonChoiceRequired(
                f"Seat {shooter} shot the moon and the rules (moon='choice') let them choose: "
                "pass moon_choice='old' (+{0} to every other player) or 'new' (-{0} to the shooter).".format(rules.moon_reward)
            )
        if choice == "old":
            return "old"
        if choice == "new":
            return "new"
        raise RulesError(f"moon_choice: expected 'old' or 'new', not {_quote(choice)}.", "moon_choice")
    if policy == "auto":
        return auto_moon(rules, points, shooter, scores)
    # avoid-end
    after_old = [s + d for s, d in zip(scores, moon_deltas(rules, points, shooter, "old"))]
    return "new" if game_ends(rules, after_old) else "old"


def auto_moon(rules: Rules, points: Sequence[int], shooter: int, scores: Sequence[int]) -> MoonChoice:
    """The ``auto`` moon (RULES.md §4): ``"old"`` if, with the old moon applied to this hand's
    points, the shooter's total would be strictly lower than every opponent's total; else ``"new"``.

    Every point each player took this hand counts, the shooter's moon cards aside
    (:func:`moon_deltas`). Under standard values that is "the shooter's score minus 26
    strictly below every opponent's score". This is the one statement of the rule: the
    batch scorer (``hearts_lab.simulate``) mirrors it array-wise and is tested against it.

    Black Maria (K♠ 10, A♠ 7): the shooter also took K♠ and A♠, 43 points in all. Old
    would give 97 against seat 1's 86 and end the game with seat 1 winning, so auto says new:

    >>> from hearts_lab import Rules
    >>> maria = Rules.preset("standard", players=4, card_points="black-maria")
    >>> auto_moon(maria, (43, 0, 0, 0), 0, (80, 60, 90, 90))
    'new'

    Omnibus (J♦ -10): the shooter's J♦ makes the old moon 70 against 76, 116, 116, so auto says old:

    >>> omnibus = Rules.preset("standard", players=4, card_points="omnibus")
    >>> auto_moon(omnibus, (16, 0, 0, 0), 0, (80, 50, 90, 90))
    'old'
    """
    deltas = moon_deltas(rules, points, shooter, "old")  # checks the rules, the points and the shooter
    _check_numbers(rules, scores, "scores")
    mine = scores[shooter] + deltas[shooter]
    return "old" if all(mine < s + d for seat, (s, d) in enumerate(zip(scores, deltas)) if seat != shooter) else "new"


def check_moon_choice(value: object) -> MoonChoice | None:
    """``value`` as a moon choice (``"old"``, ``"new"`` or None), for text from a person or a record;
    anything else is refused with the engine's sentence.

    >>> check_moon_choice("new"), check_moon_choice(None)
    ('new', None)
    >>> check_moon_choice("newer")
    Traceback (most recent call last):
    ...
    hearts_lab.errors.RulesError: moon_choice: expected 'old' or 'new', not 'newer'.
    """
    if value is None:
        return None
    for choice in MOON_CHOICES:
        if type(value) is str and value == choice:
            return choice
    raise RulesError(f"moon_choice: expected 'old' or 'new', not {_quote(value)}.", "moon_choice")


def score_hand(
    rules: Rules,
    points: Sequence[int],
    shooter: int | None,
    scores: Sequence[int],
    moon_choice: MoonChoice | None = None,
) -> HandScore:
    """The score changes for a finished hand, given the scores before it.

    ``moon_choice`` (``"old"`` or ``"new"``) is required when ``rules.moon`` is
    ``"choice"`` and someone shot the moon, and refused otherwise.
    """
    check_rules(rules)
    _check_numbers(rules, points, "points")
    _check_numbers(rules, scores, "scores")
    if shooter is not None:
        _check_shooter(rules, shooter)
    if moon_choice is not None:
        check_moon_choice(moon_choice)  # an untyped caller's text
        if rules.moon != "choice":
            raise RulesError(
                f"moon_choice: the rules decide the moon themselves (moon={rules.moon!r}); pass no moon_choice.", "moon_choice"
            )
        if shooter is None:
            raise RulesError("moon_choice: nobody shot the moon this hand, so there is nothing to choose; pass no moon_choice.", "moon_choice")
    if shooter is None or rules.moon == "off":
        return HandScore(tuple(points), None)
    moon = moon_decision(rules, points, shooter, scores, moon_choice)
    return HandScore(moon_deltas(rules, points, shooter, moon), moon)
