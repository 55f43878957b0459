"""A game: hands dealt in turn and scored until someone reaches the target.

>>> from hearts_lab import Rules
>>> from hearts_lab.bots import RandomBot, play_hand
>>> game = Game(Rules.preset("standard", players=4, target=50), seed=1)
>>> while not game.is_over:
...     hand = game.next_hand()
...     play_hand(hand, [RandomBot(seed=s) for s in range(4)])
...     _ = game.add_hand(hand)
>>> game.is_over, len(game.winners) >= 1, max(game.scores) >= 50
(True, True, True)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from itertools import islice
from typing import Callable, Iterable, Sequence, TypeAlias

from .cards import _quote
from .deal import check_seed
from .errors import RecordError, RulesError, check_rules
from .hand import Hand
from .records import MAX_GAME_RECORD, MAX_RECORD_HANDS, JSONObject, check_fields, check_indent, load_json
from .rules import Rules
from .scoring import HandScore, MoonChoice, check_moon_choice, game_ends, no_game_ends, score_hand

__all__ = ["Game", "ScoredHand", "GAME_FORMAT", "MoonChooser", "ask_moon_choice"]

#: Who answers the moon choice: called with (rules, points, shooter, scores before the hand).
MoonChooser: TypeAlias = Callable[[Rules, Sequence[int], int, Sequence[int]], MoonChoice]


def ask_moon_choice(
    rules: Rules, points: Sequence[int], shooter: int | None, scores: Sequence[int], chooser: MoonChooser | MoonChoice | None
) -> MoonChoice | None:
    """The one moon-choice path: ``chooser``'s answer when the rules leave the moon to the
    shooter (``moon="choice"``) and someone shot, else None (the rules decide). :meth:`Game.score`
    asks through it, and so does the batch path's scoring (:func:`hearts_lab.simulate.score_batch`),
    which has no :class:`Game` per hand.

    ``chooser`` is ``"old"``/``"new"`` (passed on as it is, for the engine to check) or a callable
    ``(rules, points, shooter, scores)``.

    >>> from hearts_lab import Rules
    >>> choice = Rules.preset("standard", players=4, moon="choice")
    >>> ask_moon_choice(choice, (26, 0, 0, 0), 0, (0, 0, 0, 0), lambda *_: "new")
    'new'
    >>> ask_moon_choice(Rules.preset("standard", players=4), (26, 0, 0, 0), 0, (0, 0, 0, 0), lambda *_: "new") is None
    True
    """
    if rules.moon != "choice" or shooter is None or chooser is None:
        return None
    return chooser(rules, points, shooter, scores) if callable(chooser) else chooser

GAME_FORMAT = "hearts-lab/game"
GAME_VERSION = 1


@dataclass(frozen=True)
class ScoredHand:
    """A finished hand with what it added to each score and the moon applied."""

    hand: Hand
    deltas: tuple[int, ...]
    moon: MoonChoice | None
    moon_choice: MoonChoice | None
    scores_after: tuple[int, ...]


class Game:
    """Hands in order, from ``hand_number`` 0, dealt with ``seed``; the dealer moves left each hand."""

    def __init__(self, rules: Rules, seed: int | str = 1, scores: Sequence[int] | None = None, dealer: int = 0) -> None:
        check_rules(rules)
        never = no_game_ends(rules)
        if never is not None:  # refused before any hand is played, not after thousands
            raise RulesError(f"card_points: {never}", "card_points")
        n = rules.players
        if scores is None:
            scores = (0,) * n
        if isinstance(scores, (str, bytes)) or not isinstance(scores, Iterable):
            raise RulesError(f"scores: expected {n} whole numbers, got {_quote(scores)}.", "scores")
        scores = tuple(islice(scores, n + 1))
        if len(scores) != n or not all(type(s) is int and abs(s) < 10**15 for s in scores):
            raise RulesError(f"scores: expected {n} whole numbers, got {_quote(scores)}.", "scores")
        check_seed(seed)
        if type(dealer) is not int or not 0 <= dealer < n:
            raise RulesError(f"dealer: expected a seat from 0 to {n - 1}, not {_quote(dealer)}.", "dealer")
        self.rules = rules
        self.seed = seed
        self.first_dealer = dealer
        self.starting_scores = scores
        self.history: list[ScoredHand] = []

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's score now: the last scored hand's, or the starting scores (so the history alone decides it)."""
        return self.history[-1].scores_after if self.history else self.starting_scores

    @property
    def hand_number(self) -> int:
        """The number of the next hand to deal (0 for the first)."""
        return len(self.history)

    @property
    def dealer(self) -> int:
        """The dealer of the next hand."""
        return (self.first_dealer + self.hand_number) % self.rules.players

    def next_hand(self) -> Hand:
        """Deal the next hand; it is the same deal as ``Hand.deal(rules, seed, hand_number, dealer)``."""
        if self.is_over:
            raise ValueError("The game is over: no more hands are dealt.")
        return Hand.deal(self.rules, seed=self.seed, hand_number=self.hand_number, dealer=self.dealer)

    def preview(self, hand: Hand, moon_choice: MoonChoice | None = None) -> HandScore:
        """What adding ``hand`` would do to the scores, without adding it."""
        self._check(hand)
        return score_hand(self.rules, hand.points(), hand.moon_shooter, self.scores, moon_choice)

    def _check(self, hand: Hand) -> None:
        if not isinstance(hand, Hand):
            raise RulesError(f"hand: expected a finished Hand, not {_quote(hand)}.", "hand")
        if self.is_over:
            raise ValueError("The game is over: no more hands can be added.")
        if hand.rules != self.rules:
            raise RulesError("hand: it was played under different rules from the game's.", "rules")
        if hand.phase != "over":
            raise RulesError(f"hand: hand {hand.hand_number} is not over yet ({hand.phase}); finish it before adding it.", "phase")
        if hand.hand_number != self.hand_number:
            raise RulesError(f"hand_number: the game expects hand number {self.hand_number}, not {hand.hand_number}.", "hand_number")
        if hand.dealer != self.dealer:
            raise RulesError(f"dealer: seat {self.dealer} deals hand {self.hand_number} of this game, not seat {hand.dealer}.", "dealer")
        if hand.seed is not None and (hand.seed != self.seed or type(hand.seed) is not type(self.seed)):
            raise RulesError(
                f"seed: this hand was dealt with seed {_quote(hand.seed)}, the game deals with seed {_quote(self.seed)}.", "seed"
            )
        if not hand._dealt_by_seed():
            raise RulesError(f"seed: these are not the cards seed {_quote(hand.seed)} deals for this hand.", "seed")

    def add_hand(self, hand: Hand, moon_choice: MoonChoice | None = None) -> ScoredHand:
        """Score a finished hand. With ``moon="choice"`` the shooter's ``moon_choice`` is required.

        Any error leaves the game unchanged.
        """
        result = self.preview(hand, moon_choice)
        scores = tuple(s + d for s, d in zip(self.scores, result.deltas))
        # A copy: undoing the caller's hand later must not change the game's history.
        # A given moon_choice was checked to be "old" or "new", and it is the moon applied.
        choice = result.moon if moon_choice is not None else None
        scored = ScoredHand(hand.copy(), result.deltas, result.moon, choice, scores)
        # Everything that can fail (or be interrupted) has run: one append changes the history and the scores.
        self.history.append(scored)
        return scored

    def score(self, hand: Hand, chooser: MoonChooser | MoonChoice | None = None) -> ScoredHand:
        """Score a finished hand, asking ``chooser`` how the moon scores only when the rules leave
        it to the shooter (``moon="choice"``) and someone shot: the one moon-choice path of the
        package (bots, the table, simulate and the rules lab score through it).

        ``chooser`` is ``"old"``/``"new"``, or a callable ``(rules, points, shooter, scores)``
        returning one (a bot's :meth:`~hearts_lab.bots.Bot.choose_moon` has this signature).
        Under any other moon rule it is never asked. Any error leaves the game unchanged.

        >>> from hearts_lab import Rules
        >>> from hearts_lab.bots import LowestCardBot, play_hand
        >>> game = Game(Rules.preset("standard", players=4, moon="choice"), seed=1)
        >>> hand = game.next_hand(); play_hand(hand, [LowestCardBot()] * 4)
        >>> game.score(hand, lambda rules, points, shooter, scores: "new").deltas == hand.points()
        True
        """
        self._check(hand)
        # A text answer (or anything not callable) goes to the engine as it is, which checks it.
        return self.add_hand(hand, ask_moon_choice(self.rules, hand.points(), hand.moon_shooter, self.scores, chooser))

    @property
    def is_over(self) -> bool:
        """Some score reached the target (and, with ``ties="play-on"``, the lowest score is unique)."""
        return game_ends(self.rules, self.scores)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats on the lowest score once the game is over (ties share); empty before."""
        if not self.is_over:
            return ()
        low = min(self.scores)
        return tuple(s for s, v in enumerate(self.scores) if v == low)

    # -- records ----------------------------------------------------------------

    def to_dict(self) -> JSONObject:
        return {
            "format": GAME_FORMAT,
            "version": GAME_VERSION,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "dealer": self.first_dealer,
            "scores": list(self.starting_scores),
            "hands": [{"hand": h.hand.to_dict(), "moon_choice": h.moon_choice} for h in self.history],
        }

    def to_json(self, indent: int | None = None) -> str:
        """The whole game as JSON; :meth:`from_json` replays every hand and score."""
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=check_indent(indent))

    @classmethod
    def from_dict(cls, data: object) -> Game:
        """Replay a game record from :meth:`to_dict`; anything wrong raises :class:`RecordError` naming the field.

        >>> Game.from_dict({"format": "hearts-lab/game", "version": 1, "rules": {}, "seed": 1, "dealer": 0,
        ...                 "scores": [0, 0, 0, 0], "hands": [], "comment": "hi"})
        Traceback (most recent call last):
        ...
        hearts_lab.errors.RecordError: 'comment': not a field of a game record.
        """
        if not isinstance(data, dict):
            raise RecordError(f"A game record must be a JSON object, not {type(data).__name__}.", "record")
        version = data.get("version")
        if data.get("format") != GAME_FORMAT or type(version) is not int or version != GAME_VERSION:
            raise RecordError(f"Not a version {GAME_VERSION} game record ('format' must be {GAME_FORMAT!r}).", "format")
        check_fields(data, ("format", "version", "rules", "seed", "dealer", "scores", "hands"), (), "game record")
        try:
            rules = Rules.from_dict(data["rules"])
        except (RulesError, TypeError) as error:
            raise RecordError(f"The game record's rules are invalid: {error}", "rules") from None
        if not isinstance(data["scores"], list):
            raise RecordError(f"scores: expected a list of {rules.players} whole numbers.", "scores")
        try:
            game = cls(rules, data["seed"], data["scores"], data["dealer"])
        except RulesError as error:
            raise RecordError(f"The game record's settings are invalid: {error}", error.field) from None
        if not isinstance(data["hands"], list):
            raise RecordError("hands: expected a list of hand records.", "hands")
        if len(data["hands"]) > MAX_RECORD_HANDS:  # before any replay: each hand costs a replay
            raise RecordError(f"hands: a game record holds at most {MAX_RECORD_HANDS:,} hands, not {len(data['hands']):,}.", "hands")
        for i, entry in enumerate(data["hands"]):
            if not isinstance(entry, dict) or "hand" not in entry:
                raise RecordError(f"hands[{i}]: expected an object with a 'hand' record.", "hands")
            try:
                check_fields(entry, ("hand",), ("moon_choice",), "game record's hand entry")
                hand = Hand.from_dict(entry["hand"])
            except RecordError as error:
                raise RecordError(f"hands[{i}]: {error}", error.field) from None
            try:
                game.add_hand(hand, check_moon_choice(entry.get("moon_choice")))
            except ValueError as error:
                raise RecordError(f"hands[{i}] does not fit the game: {error}", getattr(error, "field", None) or "hands") from None
        return game

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Read a game record; anything malformed, oversized or inconsistent raises :class:`RecordError`
        (size and nesting are checked before parsing)."""
        return cls.from_dict(load_json(text, "game record", MAX_GAME_RECORD))

    def __repr__(self) -> str:
        state = f"over, winners {list(self.winners)}" if self.is_over else f"next hand {self.hand_number}"
        return f"<Game {self.rules.name} {self.rules.players}p scores {list(self.scores)}: {state}>"

    def score_table(self) -> str:
        """Scores hand by hand as text.

        >>> from hearts_lab import Rules
        >>> print(Game(Rules.preset("standard", players=3)).score_table())
        hand  seat 0  seat 1  seat 2
        """
        n = self.rules.players
        lines = ["hand" + "".join(f"  seat {s}" for s in range(n))]
        for h in self.history:
            moon = f"  (moon: {h.moon})" if h.moon else ""
            lines.append(f"{h.hand.hand_number + 1:>4}" + "".join(f"{v:>8}" for v in h.scores_after) + moon)  # hands from 1, for people
        return "\n".join(lines)
