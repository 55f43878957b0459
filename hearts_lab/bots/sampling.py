"""The sampling bot: perfect-information Monte Carlo with rollouts (GIB's method, Sturtevant's for Hearts).

For each decision it deals the cards it cannot see at random, consistently
with what its seat knows (:func:`~hearts_lab.bots.knowledge.sample_worlds`),
plays each legal card in every world and lets a model of the table (by
default :class:`~hearts_lab.bots.basic.HeuristicBot`, moon defence on, in
every seat, itself included) play the hand out. It plays the card with the lowest average score
over the worlds, the moon counted (shooting it scores 0, letting someone
else shoot it costs the whole moon). The same worlds serve every card, so
the comparison between cards is paired.

Its known flaws: its averages are only as good as its model of how every
seat, itself included, will play the rest of the hand; and it reads nothing
from how the others chose their cards beyond what the rules force. Strategy
fusion (Frank & Basin) is the flaw of solving each world as if its cards were
seen (:mod:`~hearts_lab.bots.fusion`); in these rollouts every seat chooses
from what it would see in that world.

>>> from hearts_lab import Hand, Rules
>>> from hearts_lab.bots import HeuristicBot, play_hand
>>> hand = Hand.deal(Rules.preset("standard", players=4), seed=2, hand_number=3)
>>> play_hand(hand, [SamplingBot(seed=1, worlds=4), *(HeuristicBot(seed=s) for s in (1, 2, 3))])
>>> hand.phase, sum(hand.points())
('over', 26)
"""

from __future__ import annotations

import time
from itertools import combinations
from typing import TYPE_CHECKING, Callable, Mapping, Sequence

from ..cards import Card
from ..deal import rng_for
from ..scoring import moon_deltas, score_hand
from .basic import Bot, HeuristicBot, play_hand
from .knowledge import sample_worlds

if TYPE_CHECKING:
    from ..hand import Hand, SeatView

__all__ = ["SamplingBot", "CheatingBot", "hand_score", "distinct_cards"]


def hand_score(hand: Hand, seat: int) -> int:
    """What a finished hand adds to ``seat``'s score, the moon applied as the rules say with every score
    at 0 (under ``moon="choice"`` the shooter takes the old moon, the bots' choice at 0-0).

    >>> from hearts_lab import Hand, Rules
    >>> from hearts_lab.bots import LowestCardBot, play_hand
    >>> hand = Hand.deal(Rules.preset("standard", players=4), seed=3)
    >>> play_hand(hand, [LowestCardBot()] * 4)
    >>> [hand_score(hand, s) for s in range(4)] == list(hand.points())
    True
    """
    rules = hand.rules
    points = hand.points()
    shooter = hand.moon_shooter
    if shooter is None:
        return points[seat]
    if rules.moon == "choice":
        return moon_deltas(rules, points, shooter, "old")[seat]
    return score_hand(rules, points, shooter, (0,) * rules.players).deltas[seat]


def distinct_cards(view: SeatView, legal: Sequence[Card]) -> list[Card]:
    """``legal`` less cards that play alike: with one pack, two cards of a suit with the same value and no
    unplayed card of that suit between them that this seat does not hold (the lower one is kept).

    >>> from hearts_lab import Hand, Rules
    >>> hand = Hand.from_cards(Rules.preset("standard", players=4), ["2C 3C 4C 9C " + "2D 3D 4D 5D 6D 7D 8D 9D 10D",
    ...     "5C 6C 7C 8C 10C JC QC KC AC JD QD KD AD", "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
    ...     "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"], passing=False)
    >>> distinct_cards(hand.view(0), hand.view(0).cards[:4])
    [2♣, 9♣]
    """
    rules = view.rules
    if rules.decks > 1 or len(legal) < 2:
        return list(legal)
    played = set(view.played_cards())
    mine = set(view.cards)
    out: list[Card] = []
    for card in sorted(legal, key=lambda c: c.sort_key()):
        if out:
            prev = out[-1]
            if prev.suit == card.suit and rules.points_of(prev) == rules.points_of(card):
                between = (Card(r, card.suit) for r in range(prev.rank + 1, card.rank))
                if all(c in played or c in mine for c in between):
                    continue
        out.append(card)
    return out


def _defending(seed: int | str) -> Bot:
    return HeuristicBot(seed=seed, moon_defence=True)


class SamplingBot(Bot):
    """The strong bot: samples ``worlds`` deals of the unseen cards and plays each legal card out in each.

    - ``seed``: the bot is repeatable: the same position and seed give the same card.
    - ``worlds``: worlds sampled per decision (the default is tuned for play).
    - ``time_limit``: optional cap in seconds of CPU time per decision; the bot
      stops sampling new worlds once it is spent (at least one world is always
      played). A cap makes choices depend on the machine's speed, so leave it
      None where repeatability matters.
    - ``model``: makes the bot that plays each seat in the rollouts, given a seed
      (default: HeuristicBot with its moon defence).
    - ``pass_worlds``: deals sampled to choose the pass among a few candidate
      sets (0: pass as :class:`HeuristicBot` does); ``time_limit`` caps it at
      four times the limit.

    >>> from hearts_lab import Hand, Rules
    >>> hand = Hand.deal(Rules.preset("standard", players=4), seed=7, hand_number=3)
    >>> hand.play("2C"); hand.play("3C")
    >>> view = hand.view(hand.to_play)
    >>> SamplingBot(seed=3, worlds=6).choose_play(view) == SamplingBot(seed=3, worlds=6).choose_play(view)
    True
    """

    def __init__(
        self,
        seed: int | str = 0,
        worlds: int = 32,
        time_limit: float | None = None,
        model: Callable[..., Bot] | None = None,
        pass_worlds: int = 16,
    ) -> None:
        if type(worlds) is not int or not 1 <= worlds <= 10_000:
            raise ValueError(f"worlds: expected a whole number from 1 to 10,000, not {worlds!r:.40}.")
        if time_limit is not None and (isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or not time_limit > 0):
            raise ValueError(f"time_limit: expected a number of seconds above 0, or None, not {time_limit!r:.40}.")
        if type(pass_worlds) is not int or not 0 <= pass_worlds <= 10_000:
            raise ValueError(f"pass_worlds: expected a whole number from 0 to 10,000, not {pass_worlds!r:.40}.")
        self.seed = seed
        self.worlds = worlds
        self.time_limit = time_limit
        self.pass_worlds = pass_worlds
        self.model = model or _defending
        self._fallback = HeuristicBot(seed=seed, moon_defence=True)
        self._table: list[Bot] = [self.model(seed=f"{seed}/model/{s}") for s in range(11)]
        #: Statistics of the last decision: the worlds played, each candidate's mean score and its score in each world.
        self.last: dict[Card, float] = {}
        self.last_worlds = 0
        self.last_scores: dict[Card, list[int]] = {}

    def _rng_for(self, view: SeatView, purpose: str) -> object:
        return rng_for(f"{self.seed}/{view.seat}/{len(view.played_cards())}/{view.phase}", view.hand_number, purpose)

    def _worlds(self, view: SeatView, k: int, rng: object) -> list[Hand]:
        """The deals this bot plays its candidates out in: ``k`` sampled worlds."""
        return sample_worlds(view, k, rng)  # type: ignore[arg-type]

    def _rollout(self, world: Hand, first: Card | None = None) -> Hand:
        hand = world.copy()
        if first is not None:
            hand.play(first)
        play_hand(hand, self._table[: hand.players])
        return hand

    # -- passing ------------------------------------------------------------------

    def choose_pass(self, view: SeatView) -> list[Card]:
        """The heuristic's pass, or (with ``pass_worlds``) the best of the sets drawn from the heuristic's
        ``pass_count + 2`` most dangerous cards, each played out in ``pass_worlds`` sampled deals."""
        order = self._fallback.pass_order(view)
        count = view.rules.pass_count
        preferred = tuple(order[-count:])
        if not self.pass_worlds or view.phase != "pass":
            return list(preferred)
        sets: list[tuple[Card, ...]] = [preferred, *(c for c in combinations(order[-(count + 2) :], count) if c != preferred)]
        seat = view.seat
        totals = dict.fromkeys(sets, 0)
        start = time.process_time()
        for world in self._worlds(view, self.pass_worlds, self._rng_for(view, "passing")):
            for chosen in sets:
                hand = world.copy()
                hand.pass_cards(seat, chosen)
                play_hand(hand, self._table[: hand.players])
                totals[chosen] += hand_score(hand, seat)
            if self.time_limit is not None and time.process_time() - start > 4 * self.time_limit:
                break
        best = min(sets, key=lambda c: (totals[c], c != preferred))
        return list(best)

    # -- playing ------------------------------------------------------------------

    def _totals(self, view: SeatView, candidates: Sequence[Card]) -> tuple[dict[Card, int], int]:
        """Each candidate's total score over the sampled worlds, and how many worlds were played."""
        rng = self._rng_for(view, "sampling")
        start = time.process_time()
        seat = view.seat
        totals = dict.fromkeys(candidates, 0)
        scores: dict[Card, list[int]] = {card: [] for card in candidates}
        played = 0
        for world in self._worlds(view, self.worlds, rng):
            for card in candidates:
                score = hand_score(self._rollout(world, card), seat)
                totals[card] += score
                scores[card].append(score)
            played += 1
            if self.time_limit is not None and time.process_time() - start > self.time_limit:
                break
        self.last_worlds = played
        self.last = {c: t / played for c, t in totals.items()}
        self.last_scores = scores
        return totals, played

    def evaluate(self, view: SeatView) -> dict[Card, float]:
        """For each legal card of the seat to play, its average score over the sampled worlds (lower is
        better; cards that play alike share one value). Reads the view only: the hand is unchanged.
        :attr:`last_worlds` says how many worlds were played and :attr:`last_scores` holds each card's
        score in every world, in the same order of worlds (so two cards can be compared world by world).

        >>> from hearts_lab import Hand, Rules
        >>> hand = Hand.deal(Rules.preset("standard", players=4), seed=7, hand_number=3)
        >>> hand.play("2C"); hand.play("3C")
        >>> before = hand.to_json()
        >>> bot = SamplingBot(seed=1, worlds=5)
        >>> values = bot.evaluate(hand.view(hand.to_play))
        >>> sorted(values) == sorted(hand.legal_moves()), bot.last_worlds, hand.to_json() == before
        (True, 5, True)
        """
        legal = view.legal_moves()
        if not legal:
            raise ValueError(f"view: it is not seat {view.seat}'s turn to play, so it has no card to evaluate.")
        candidates = distinct_cards(view, legal)
        totals, played = self._totals(view, candidates)
        self.last_scores = {card: self.last_scores[_stand_in(candidates, card)] for card in legal}
        return {card: totals[_stand_in(candidates, card)] / played for card in legal}

    def choose_play(self, view: SeatView) -> Card:
        legal = view.legal_moves()
        if len(legal) == 1:
            return legal[0]
        candidates = distinct_cards(view, legal)
        totals = self._totals(view, candidates)[0] if len(candidates) > 1 else {}
        return self.pick(view, totals)

    def pick(self, view: SeatView, values: Mapping[Card, float]) -> Card:
        """The card :meth:`choose_play` plays when the legal cards score ``values`` (totals or averages over
        the same worlds, lower is better; every card of :func:`distinct_cards` needs one, e.g. from
        :meth:`evaluate`). The one tie-break: the heuristic's own choice (or the card standing for it), then
        the lower card. Reads the view only.

        >>> from hearts_lab import Hand, Rules
        >>> hand = Hand.deal(Rules.preset("standard", players=4), seed=7, hand_number=3)
        >>> hand.play("2C"); hand.play("3C")
        >>> view = hand.view(hand.to_play)
        >>> bot = SamplingBot(seed=3, worlds=6)
        >>> bot.pick(view, bot.evaluate(view)) == SamplingBot(seed=3, worlds=6).choose_play(view)
        True
        """
        legal = view.legal_moves()
        if len(legal) == 1:
            return legal[0]
        preferred = self._fallback.choose_play(view)
        candidates = distinct_cards(view, legal)
        if len(candidates) == 1:
            return preferred if preferred in legal and candidates[0].suit == preferred.suit else candidates[0]
        stand_in = _stand_in(candidates, preferred)
        return min(candidates, key=lambda c: (values[c], c != stand_in, c.sort_key()))


def _stand_in(candidates: Sequence[Card], card: Card) -> Card:
    """The card of :func:`distinct_cards` that stands for ``card`` (the lowest of the cards playing alike)."""
    return next((c for c in reversed(candidates) if c.suit == card.suit and c.rank <= card.rank), card)


class CheatingBot(SamplingBot):
    """A yardstick, not an opponent: the sampling bot playing out the one true deal, every hand face up.

    It plays as :class:`SamplingBot` does (the same rollouts, the same model of
    the table) except that its single "world" is the real hand, read through the
    view it is given, for its cards and for its pass (the candidate passes are
    played out in the real deal): what the sampling bot gains by seeing the
    cards, the value of the information it lacks for this method.

    ``pass_worlds=0`` makes it pass as :class:`HeuristicBot` does, as a
    ``SamplingBot(pass_worlds=0)`` does: raced against such a sampler, the two
    bots then differ only in what they see while they play (1, the default: the
    candidate passes are played out in the real deal).

    >>> from hearts_lab import Hand, Rules
    >>> from hearts_lab.bots import HeuristicBot, play_hand
    >>> hand = Hand.deal(Rules.preset("standard", players=4), seed=2, hand_number=3)
    >>> play_hand(hand, [CheatingBot(seed=1), *(HeuristicBot(seed=s) for s in (1, 2, 3))])
    >>> hand.phase, sum(hand.points())
    ('over', 26)
    >>> fresh = Hand.deal(Rules.preset("standard", players=4), seed=2, hand_number=3)
    >>> CheatingBot(seed=1, pass_worlds=0).choose_pass(fresh.view(0)) == HeuristicBot(seed=1).choose_pass(fresh.view(0))
    True
    """

    def __init__(
        self, seed: int | str = 0, time_limit: float | None = None, model: Callable[..., Bot] | None = None, pass_worlds: int = 1,
    ) -> None:
        if pass_worlds not in (0, 1) or type(pass_worlds) is not int:
            raise ValueError(f"pass_worlds: expected 0 (the heuristic's pass) or 1 (passes played out in the real deal), "
                             f"not {pass_worlds!r:.40}.")
        super().__init__(seed=seed, worlds=1, time_limit=time_limit, model=model, pass_worlds=pass_worlds)

    def _worlds(self, view: SeatView, k: int, rng: object) -> list[Hand]:
        return [view._hand.copy()]  # the peek that makes it a cheat: the real hand behind the view
