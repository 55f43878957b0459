"""Duplicate matches: the same deals under every seating, so luck of the cards cancels out.

Every line-up (one bot name or factory per seat) plays every deal in each of
its rotations, so each bot sits in every seat; a baseline line-up (the
``baseline`` bot in every seat) plays the same deals. A bot's figure against
the baseline is *paired*: its score in a seat minus the baseline bot's score
in that seat on that deal (bots in the other seats seeded alike). Intervals
are 95 % normal intervals over deals (the seat-hands of one deal are
averaged first, since they share its cards); moon rates carry Wilson
intervals.

>>> from hearts_lab import Rules
>>> result = match([("lowest", "easy", "easy", "easy")], 4, seed=1)
>>> result.lines["lowest"].seat_hands, result.lines["easy"].seat_hands
(16, 48)
>>> result.lines["easy"].points.n, result.deals
(4, 4)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import sqrt
from statistics import fmean, stdev
from typing import TYPE_CHECKING, Any, Sequence, cast

from ..executors import as_executor
from ..hand import Hand
from ..rules import Rules
from ..stats import wilson_interval, z_for
from .basic import Bot, play_hand
from .registry import canonical_name, make_bot
from .sampling import hand_score

if TYPE_CHECKING:
    from concurrent.futures import Executor

__all__ = ["match", "MatchResult", "MatchLine", "Estimate", "mean_interval"]

BotSpec = Any  # a registry name or a factory taking seed=


@dataclass(frozen=True)
class Estimate:
    """A mean over ``n`` independent values with its confidence interval ``(low, high)``."""

    mean: float
    low: float
    high: float
    n: int

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    def __str__(self) -> str:
        return f"{self.mean:.2f} ± {self.half_width:.2f}"


def mean_interval(values: Sequence[float], confidence: float = 0.95) -> Estimate:
    """The mean of ``values`` and its normal-approximation interval (``z`` × standard error).

    >>> e = mean_interval([1, 2, 3, 4]); e.mean, round(e.low, 3), round(e.high, 3)
    (2.5, 1.235, 3.765)
    """
    n = len(values)
    if n == 0:
        raise ValueError("values: need at least one value for a mean.")
    mean = fmean(values)
    spread = z_for(confidence) * stdev(values) / sqrt(n) if n > 1 else float("inf")
    return Estimate(mean, mean - spread, mean + spread, n)


@dataclass(frozen=True)
class MatchLine:
    """One bot's results over all its seat-hands."""

    bot: str
    seat_hands: int
    points: Estimate  # points per hand (moon applied)
    versus_baseline: Estimate  # paired: this bot's points minus the baseline's in the same seat and deal
    moons: int  # hands it shot the moon
    moons_against: int  # hands another seat shot the moon

    @property
    def moon_rate(self) -> tuple[float, float, float]:
        """The share of its seat-hands in which it shot the moon, with a 95 % Wilson interval."""
        low, high = wilson_interval(self.moons, self.seat_hands)
        return self.moons / self.seat_hands, low, high


@dataclass(frozen=True)
class MatchResult:
    """What :func:`match` measured; ``rows`` holds every seat-hand as
    ``(deal, line-up, rotation, seat, bot, score, baseline score, shot the moon, moon against)``."""

    rules: Rules
    deals: int
    baseline: str
    lines: dict[str, MatchLine]
    rows: tuple[tuple[int, int, int, int, str, int, int, bool, bool], ...] = field(repr=False)

    def combined(self, *others: MatchResult) -> MatchResult:
        """This result and ``others`` (same rules and baseline, different deals) as one.

        >>> a, b = match([("lowest",) * 4], 1, seed=3), match([("lowest",) * 4], 1, seed=3, start=1)
        >>> both = a.combined(b); both.deals, both.lines["lowest"].points.n
        (2, 2)
        """
        for other in others:
            if other.rules != self.rules or other.baseline != self.baseline:
                raise ValueError("combined: every result must have the same rules and baseline.")
        rows = self.rows + tuple(row for other in others for row in other.rows)
        if len({row[0] for row in rows}) != self.deals + sum(o.deals for o in others):
            raise ValueError("combined: the results share deals; play them with different start= values.")
        return MatchResult(self.rules, self.deals + sum(o.deals for o in others), self.baseline, _lines(rows), rows)

    def difference(self, bot: str, other: str) -> Estimate:
        """``bot``'s points per hand minus ``other``'s on the same deals, paired by deal: on each deal the
        mean of ``bot``'s seat-hands minus the mean of ``other``'s (each sat in every seat), with its 95 %
        interval over the deals. Negative: ``bot`` took fewer points.

        >>> result = match([("lowest", "easy", "easy", "easy"), ("random", "easy", "easy", "easy")], 3, seed=2)
        >>> d = result.difference("lowest", "random")
        >>> d.n, round(d.mean, 9) == round(result.lines["lowest"].versus_baseline.mean - result.lines["random"].versus_baseline.mean, 9)
        (3, True)
        """
        per_deal: dict[str, dict[int, list[int]]] = {bot: {}, other: {}}
        for number, _, _, _, name, score, *_ in self.rows:
            if name in per_deal:
                per_deal[name].setdefault(number, []).append(score)
        for name in (bot, other):
            if not per_deal[name]:
                raise ValueError(f"difference: no bot named {name!r} played in this match; it has {', '.join(self.lines)}.")
        if per_deal[bot].keys() != per_deal[other].keys():
            raise ValueError(f"difference: {bot!r} and {other!r} did not play the same deals.")
        return mean_interval([fmean(per_deal[bot][n]) - fmean(per_deal[other][n]) for n in per_deal[bot]])

    def __str__(self) -> str:
        out = [f"{self.deals} deals, {self.rules.name} {self.rules.players} players; baseline {self.baseline!r} in the same seat"]
        for line in self.lines.values():
            rate, low, high = line.moon_rate
            out.append(
                f"  {line.bot:>10}: {line.seat_hands} seat-hands, {line.points} points/hand, "
                f"{line.versus_baseline} vs baseline, moons {rate:.1%} ({low:.1%}-{high:.1%}), against {line.moons_against}"
            )
        return "\n".join(out)


def _name(spec: BotSpec) -> str:
    if isinstance(spec, str):
        return canonical_name(spec)
    return getattr(spec, "__name__", type(spec).__name__)


def _make(spec: BotSpec, seed: str) -> Bot:
    return make_bot(spec, seed) if isinstance(spec, str) else spec(seed=seed)


def _play(rules: Rules, deal: Hand, specs: Sequence[BotSpec], seed: str) -> Hand:
    hand = deal.copy()
    play_hand(hand, [_make(spec, f"{seed}/{s}") for s, spec in enumerate(specs)])
    return hand


def _deal(rules: Rules, seed: int | str, number: int) -> Hand:
    return Hand.deal(rules, seed=f"{seed}/match", hand_number=number)


def _play_deals(
    rules: Rules, lineups: Sequence[Sequence[BotSpec]], baseline: BotSpec, seed: int | str, numbers: Sequence[int],
    given: Sequence[Hand] | None,
) -> list[tuple[int, int, int, int, str, int, int, bool, bool]]:
    """The rows of :class:`MatchResult` for some deals (one executor task)."""
    n = rules.players
    rows = []
    for i, number in enumerate(numbers):
        deal = given[i] if given is not None else _deal(rules, seed, number)
        base = _play(rules, deal, [baseline] * n, f"{seed}/{number}")
        base_scores = [hand_score(base, s) for s in range(n)]
        for li, lineup in enumerate(lineups):
            for rotation in range(n):
                specs = [lineup[(s - rotation) % n] for s in range(n)]
                hand = _play(rules, deal, specs, f"{seed}/{number}")
                shooter = hand.moon_shooter
                for s in range(n):
                    rows.append((
                        number, li, rotation, s, _name(specs[s]), hand_score(hand, s), base_scores[s],
                        shooter == s, shooter is not None and shooter != s,
                    ))
    return rows


def match(
    lineups: Sequence[Sequence[BotSpec]],
    deals: int | Sequence[Hand],
    seed: int | str = 0,
    *,
    rules: Rules | None = None,
    baseline: BotSpec = "easy",
    executor: Executor | Any = None,
    chunk_size: int = 10,
    start: int = 0,
) -> MatchResult:
    """Play duplicate deals: each line-up in each rotation on every deal, and the baseline line-up too.

    ``lineups``: line-ups of one bot per seat, each a registry name
    (:func:`~hearts_lab.bots.registry.bot_names`) or a factory called with
    ``seed=``. ``deals``: how many deals to play (deal ``i`` is hand number
    ``i``, so the pass direction cycles) or the fresh hands themselves.
    ``rules`` default to standard with 4 players (the hands' own rules when
    hands are given). ``executor``: any ``concurrent.futures.Executor`` or a
    ``dask.distributed.Client``, as for :func:`hearts_lab.simulate.simulate`;
    factories must then be picklable. The result does not depend on it.
    ``start`` numbers the deals from there, so runs over ``start=0, 100, ...``
    play different deals and :meth:`MatchResult.combined` merges them.

    >>> result = match([("random", "easy", "easy", "easy")], 2, seed=5)
    >>> line = result.lines["random"]
    >>> line.seat_hands, line.versus_baseline.n, line.versus_baseline.mean > 0
    (8, 2, True)
    """
    given: list[Hand] | None = None
    if isinstance(deals, int) and not isinstance(deals, bool):
        if not 1 <= deals <= 1_000_000:
            raise ValueError(f"deals: expected a whole number of deals from 1 to 1,000,000, not {deals!r}.")
        count = deals
    else:
        given = list(cast("Sequence[Hand]", deals))
        if not given or not all(isinstance(h, Hand) for h in given):
            raise ValueError("deals: expected a number of deals or a non-empty list of fresh Hands.")
        if any(h.history or h.passes or h.pass_choice(s) for h in given for s in range(h.players)):
            raise ValueError("deals: every given hand must be fresh (nothing passed or played yet).")
        count = len(given)
        rules = rules or given[0].rules
        if any(h.rules != rules for h in given):
            raise ValueError("deals: every given hand must have the same rules.")
    rules = rules or Rules.preset("standard", players=4)
    lineups = [tuple(lineup) for lineup in lineups]
    if not lineups:
        raise ValueError("lineups: expected at least one line-up.")
    for li, lineup in enumerate(lineups):
        if len(lineup) != rules.players:
            raise ValueError(f"lineups[{li}]: {len(lineup)} bots for {rules.players} seats.")
        for spec in lineup:
            _name(spec)  # a bad name fails here, before any play
    baseline_name = _name(baseline)
    if type(chunk_size) is not int or chunk_size < 1:
        raise ValueError(f"chunk_size: expected a whole number of deals, 1 or more, not {chunk_size!r:.40}.")
    if type(start) is not int or start < 0:
        raise ValueError(f"start: expected a whole number of deals, 0 or more, not {start!r:.40}.")
    numbers = list(range(start, start + count)) if given is None else list(range(count))
    chunks = [numbers[i : i + chunk_size] for i in range(0, count, chunk_size)]
    rows: list[tuple[int, int, int, int, str, int, int, bool, bool]] = []
    if executor is None:
        for chunk in chunks:
            rows += _play_deals(rules, lineups, baseline, seed, chunk, [given[i] for i in chunk] if given is not None else None)
    else:
        pool = as_executor(executor)
        assert pool is not None
        futures = [
            pool.submit(_play_deals, rules, lineups, baseline, seed, chunk, [given[i] for i in chunk] if given is not None else None)
            for chunk in chunks
        ]
        for future in futures:  # merged in chunk order: the result does not depend on the executor
            rows += future.result()
    return MatchResult(rules, count, baseline_name, _lines(rows), tuple(rows))


def _lines(rows: Sequence[tuple[int, int, int, int, str, int, int, bool, bool]]) -> dict[str, MatchLine]:
    by_bot: dict[str, dict[int, list[tuple[int, int]]]] = {}
    moons: dict[str, list[int]] = {}
    for number, _, _, _, bot, score, base, shot, against in rows:
        by_bot.setdefault(bot, {}).setdefault(number, []).append((score, base))
        tally = moons.setdefault(bot, [0, 0])
        tally[0] += shot
        tally[1] += against
    lines = {}
    for bot, per_deal in by_bot.items():
        points = [fmean(s for s, _ in pairs) for pairs in per_deal.values()]
        diffs = [fmean(s - b for s, b in pairs) for pairs in per_deal.values()]
        lines[bot] = MatchLine(
            bot, sum(len(p) for p in per_deal.values()), mean_interval(points), mean_interval(diffs), moons[bot][0], moons[bot][1]
        )
    return lines
