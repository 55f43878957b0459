"""Run simulations in chunks, locally or on any ``concurrent.futures.Executor``.

Work is cut into chunks of ``chunk_size`` hands (or games). Chunk ``k`` draws
its random numbers from ``numpy.random.SeedSequence(seed, spawn_key=(stream, k))``
(the ``k``-th child a ``SeedSequence(seed)`` would spawn for that stream), and
the engine path seeds each hand or game from ``(seed, its number)``. So a result
depends on ``seed``, the count and ``chunk_size`` only: never on the executor,
the number of workers or the order in which chunks finish (they are merged in
chunk order).
"""

from __future__ import annotations

import copy
import dataclasses
from concurrent.futures import Executor, as_completed
from functools import reduce
from typing import Any, Callable, Sequence

import numpy as np

from ..bots import HeuristicBot, LowestCardBot, RandomBot, play_game, play_hand, seat_bots
from ..cards import QUEEN_OF_SPADES
from ..game import Game
from ..hand import Hand
from ..rules import PRESET_PLAYERS, Rules
from .batch import POLICIES, BatchOutcome, BatchTables, UnsupportedRule, play, random_deals
from .progress import Progress
from .result import GameResult, SimulationResult

__all__ = ["simulate", "simulate_games", "simulate_presets", "BOT_NAMES", "METHODS", "score_batch"]

#: Named bot line-ups: every seat plays that way.
BOT_NAMES = ("random", "lowest", "heuristic")
#: ``"auto"`` uses the batch path when it can play the policy and rules, else the engine.
METHODS = ("auto", "batch", "engine")
#: Default chunk sizes: batch chunks keep memory bounded (a few MB each); engine chunks keep tasks short.
BATCH_CHUNK = 25_000
ENGINE_CHUNK = 250
#: A game longer than this many hands is reported as an error (a target that random play cannot reach).
MAX_GAME_HANDS = 10_000

_HANDS_STREAM, _GAMES_STREAM = 0, 1

Bots = Any  # None | str | Sequence[Bot] | Callable[..., Bot]


def _policy_name(bots: Bots, players: int) -> str:
    if bots is None:
        return "random"
    if isinstance(bots, str):
        if bots not in BOT_NAMES:
            raise ValueError(f"bots: {bots!r} is not one of {', '.join(map(repr, BOT_NAMES))}; or pass bot objects.")
        return bots
    if callable(bots):
        return getattr(bots, "__name__", type(bots).__name__)
    try:
        seats = list(bots)
    except TypeError:
        raise TypeError(f"bots: expected a name, a bot class or factory, or one bot per seat, not {bots!r}.") from None
    if len(seats) != players or any(b is None for b in seats):
        raise ValueError(f"bots: expected one bot for each of the {players} seats, got {seats!r}.")
    return "+".join(dict.fromkeys(type(b).__name__ for b in seats))


def _choose_method(rules: Rules, policy: str, method: str) -> str:
    if method not in METHODS:
        raise ValueError(f"method: {method!r} is not one of {', '.join(map(repr, METHODS))}.")
    if method == "engine":
        return "engine"
    if policy not in POLICIES:
        if method == "batch":
            raise ValueError(f"method: the batch path plays {' or '.join(map(repr, POLICIES))}, not {policy!r}.")
        return "engine"
    try:
        BatchTables.from_rules(rules)
    except UnsupportedRule:
        if method == "batch":
            raise
        return "engine"
    return "batch"


def _check_args(rules: Rules, count: int, what: str, seed: int, chunk_size: int | None) -> None:
    if not isinstance(rules, Rules):
        raise TypeError(f"rules: expected a Rules value, not {type(rules).__name__}.")
    for name, value in ((what, count), ("chunk_size", chunk_size)):
        if value is None and name == "chunk_size":
            continue
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ValueError(f"{name}: expected a positive whole number, not {value!r}.")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError(f"seed: expected a whole number 0 or more, not {seed!r}.")


def _engine_bots(bots: Bots, players: int, seed_text: str) -> list[Any]:
    """The bots for one hand or game; named and factory bots get a fresh seed per seat."""
    if bots is None or bots == "random":
        return seat_bots(RandomBot, players, seed_text)
    if bots == "lowest":
        return [LowestCardBot()] * players
    if bots == "heuristic":
        return seat_bots(HeuristicBot, players, seed_text)
    if callable(bots):
        return seat_bots(bots, players, seed_text)
    return list(bots)


def _chunks(count: int, size: int) -> list[tuple[int, int, int]]:
    return [(k, start, min(size, count - start)) for k, start in enumerate(range(0, count, size))]


def _rng(seed: int, stream: int, chunk: int) -> np.random.Generator:
    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(stream, chunk)))


def _run(task: Callable[..., Any], args: tuple, chunks: list[tuple[int, int, int]], executor: Executor | None,
         progress: bool, total: int, unit: str) -> Any:
    results: list[Any] = [None] * len(chunks)
    with Progress(total, unit, enabled=progress) as bar:
        if executor is None:
            for k, start, size in chunks:
                results[k] = task(*args, k, start, size)
                bar.advance(size)
        else:
            futures = {executor.submit(task, *args, k, start, size): (k, size) for k, start, size in chunks}
            for future in as_completed(futures):
                k, size = futures[future]
                results[k] = future.result()
                bar.advance(size)
    return reduce(lambda a, b: a.merge(b), results)


# -- hands ---------------------------------------------------------------------------


def _histogram(values: np.ndarray) -> dict[int, int]:
    keys, counts = np.unique(values, return_counts=True)
    return {int(k): int(c) for k, c in zip(keys, counts)}


def _hands_result(rules: Rules, policy: str, method: str, seed: int, out: BatchOutcome) -> SimulationResult:
    n, count = rules.players, len(out)
    queens = tuple(int(q) for q in out.queens.sum(axis=0))
    copies = rules.deck().count(QUEEN_OF_SPADES)
    return SimulationResult(
        rules=rules,
        policy=policy,
        method=method,
        seed=seed,
        hands=count,
        moons=tuple(int((out.shooter == s).sum()) for s in range(n)),
        points=tuple(_histogram(out.points[:, s]) for s in range(n)),
        queens=queens,
        queens_unclaimed=copies * count - sum(queens),
        set_aside=_histogram(out.set_aside),
        unclaimed=_histogram(out.unclaimed),
        kitty=tuple(int((out.kitty_holder == s).sum()) for s in range(n)),
        kitty_unclaimed=int((out.kitty_holder < 0).sum()) if rules.kitty_size else 0,
    )


def _engine_hands(rules: Rules, bots: Bots, seed: int, start: int, size: int) -> BatchOutcome:
    n = rules.players
    points = np.zeros((size, n), dtype=np.int32)
    shooter = np.full(size, -1, dtype=np.int8)
    queens = np.zeros((size, n), dtype=np.int8)
    set_aside = np.zeros(size, dtype=np.int8)
    unclaimed = np.zeros(size, dtype=np.int32)
    kitty_holder = np.full(size, -1, dtype=np.int8)
    shared = None if bots is None or isinstance(bots, str) or callable(bots) else copy.deepcopy(list(bots))
    for j, number in enumerate(range(start, start + size)):
        hand = Hand.deal(rules, seed=seed, hand_number=number, dealer=0)
        play_hand(hand, shared if shared is not None else _engine_bots(bots, n, f"{seed}/{number}"))
        points[j] = hand.points()
        if hand.moon_shooter is not None:
            shooter[j] = hand.moon_shooter
        queens[j] = [hand.collected(s).count(QUEEN_OF_SPADES) for s in range(n)]
        set_aside[j] = sum(t.set_aside for t in hand.tricks)
        unclaimed[j] = sum(rules.points_of(c) for c in hand.unclaimed)
        if hand.kitty_holder is not None:
            kitty_holder[j] = hand.kitty_holder
    return BatchOutcome(points, shooter, queens, set_aside, unclaimed, kitty_holder)


def _hands_chunk(rules: Rules, policy: str, method: str, bots: Bots, seed: int, k: int, start: int, size: int) -> SimulationResult:
    if method == "batch":
        rng = _rng(seed, _HANDS_STREAM, k)
        tables = BatchTables.from_rules(rules)
        out = play(tables, random_deals(tables, size, rng, first_hand=start), policy, rng)
    else:
        out = _engine_hands(rules, bots, seed, start, size)
    return _hands_result(rules, policy, method, seed, out)


def simulate(
    rules: Rules,
    hands: int,
    *,
    bots: Bots = None,
    seed: int = 0,
    executor: Executor | None = None,
    method: str = "auto",
    chunk_size: int | None = None,
    progress: bool = False,
) -> SimulationResult:
    """Play ``hands`` whole hands under ``rules`` and count what happened.

    ``bots``: None or ``"random"`` (uniformly random passes and legal plays),
    ``"lowest"`` (:class:`~hearts_lab.bots.LowestCardBot`), ``"heuristic"``
    (:class:`~hearts_lab.bots.HeuristicBot`), a bot class or factory (called
    per hand and seat, with ``seed=`` if it takes one), or one bot object per
    seat (copied afresh for each chunk). ``"random"`` and ``"lowest"`` use the
    numpy batch path unless ``method="engine"``; anything else, or a rule
    option the batch path does not implement, plays through the engine.

    Hand ``i`` is dealt by seat 0 with hand number ``i``, so the pass direction
    cycles through the schedule as in a game. ``executor`` may be any
    ``concurrent.futures.Executor`` (a ``ProcessPoolExecutor``, or
    ``dask.distributed.Client(...).get_executor()``); the result is the same
    whatever the executor. ``progress=True`` shows a bar in a notebook.

    >>> result = simulate(Rules.preset("lowest-clubs", players=2), 20_000, seed=7)
    >>> result.method, result.hands, result.moon_count > 0
    ('batch', 20000, True)
    >>> low, high = result.moon_interval; low < result.moon_rate < high
    True
    >>> simulate(Rules.preset("standard", players=4), 20, bots="heuristic").method
    'engine'
    """
    _check_args(rules, hands, "hands", seed, chunk_size)
    policy = _policy_name(bots, rules.players)
    chosen = _choose_method(rules, policy, method)
    size = chunk_size or (BATCH_CHUNK if chosen == "batch" else ENGINE_CHUNK)
    return _run(_hands_chunk, (rules, policy, chosen, bots, seed), _chunks(hands, size), executor, progress, hands, "hands")


def simulate_presets(
    hands: int,
    *,
    presets: Sequence[str] | None = None,
    bots: Bots = None,
    seed: int = 0,
    executor: Executor | None = None,
    method: str = "auto",
    progress: bool = False,
    **changes: Any,
) -> list[SimulationResult]:
    """:func:`simulate` for every preset (or those named) and every player count it allows.

    Keyword ``changes`` alter every rule set alike (e.g. ``moon_cards="all-points"``).

    >>> [(r.rules.name, r.players) for r in simulate_presets(100, presets=["lowest-clubs"])][:2]
    [('lowest-clubs', 2), ('lowest-clubs', 3)]
    """
    names = list(PRESET_PLAYERS) if presets is None else list(presets)
    results = []
    for name in names:
        if name not in PRESET_PLAYERS:
            raise ValueError(f"presets: {name!r} is not a preset; choose from {', '.join(map(repr, PRESET_PLAYERS))}.")
        for players in PRESET_PLAYERS[name]:
            rules = Rules.preset(name, players=players, **changes)
            results.append(simulate(rules, hands, bots=bots, seed=seed, executor=executor, method=method, progress=progress))
    return results


# -- games ---------------------------------------------------------------------------


def score_batch(rules: Rules, points: np.ndarray, shooter: np.ndarray, scores: np.ndarray) -> np.ndarray:
    """What each hand adds to each score, for many hands at once (RULES.md §4).

    The same as :func:`hearts_lab.scoring.score_hand` hand by hand; with
    ``moon="choice"`` the shooter takes the *new* moon, as
    :func:`~hearts_lab.bots.play_game` does by default.

    >>> rules = Rules.preset("standard", players=4)
    >>> score_batch(rules, np.array([[26, 0, 0, 0], [26, 0, 0, 0]]), np.array([0, 0]),
    ...             np.array([[90, 80, 85, 70], [50, 20, 30, 40]])).tolist()
    [[0, 26, 26, 26], [-26, 0, 0, 0]]
    """
    deltas = points.astype(np.int64).copy()
    hit = np.flatnonzero(shooter >= 0)
    if rules.moon == "off" or hit.size == 0:
        return deltas
    who = shooter[hit].astype(np.int64)
    took, before = deltas[hit], scores[hit].astype(np.int64)
    at = np.arange(hit.size)
    reward = rules.moon_reward
    moon_points = sum(rules.points_of(c) * k for c, k in rules.moon_card_set.items())
    policy = "new" if rules.moon == "choice" else rules.moon
    if policy == "old":
        old = np.ones(hit.size, dtype=bool)
    elif policy == "new":
        old = np.zeros(hit.size, dtype=bool)
    elif policy == "auto":
        others = before + took
        others[at, who] = np.iinfo(np.int64).max
        old = (before[at, who] - reward) < others.min(axis=1)
    else:  # avoid-end: old unless that would end the game
        after_old = before + took + reward
        after_old[at, who] = before[at, who] + took[at, who] - moon_points
        old = ~_games_over(rules, after_old)
    changed = took + np.where(old, reward, 0)[:, None]
    changed[at, who] = took[at, who] - moon_points - np.where(old, 0, reward)
    deltas[hit] = changed
    return deltas


def _games_over(rules: Rules, scores: np.ndarray) -> np.ndarray:
    """Row by row, :func:`hearts_lab.scoring.game_ends`: the target reached and, with
    ``ties="play-on"``, a unique lowest score."""
    over = scores.max(axis=1) >= rules.target
    if rules.ties == "play-on":
        over &= (scores == scores.min(axis=1)[:, None]).sum(axis=1) == 1
    return over


def _games_result(rules: Rules, policy: str, method: str, seed: int, lengths: np.ndarray, scores: np.ndarray,
                  hands: int, moons: int) -> GameResult:
    low = scores.min(axis=1)
    winners = scores == low[:, None]
    return GameResult(
        rules=rules,
        policy=policy,
        method=method,
        seed=seed,
        games=len(lengths),
        hands=hands,
        moons=moons,
        lengths=_histogram(lengths),
        winning_scores=_histogram(low),
        wins=tuple(int(w) for w in winners.sum(axis=0)),
        shared=int((winners.sum(axis=1) > 1).sum()),
    )


def _batch_games(rules: Rules, policy: str, seed: int, k: int, size: int) -> tuple[np.ndarray, np.ndarray, int, int]:
    tables = BatchTables.from_rules(rules)
    rng = _rng(seed, _GAMES_STREAM, k)
    n = rules.players
    scores = np.zeros((size, n), dtype=np.int64)
    lengths = np.zeros(size, dtype=np.int64)
    active = np.arange(size)
    hands = moons = 0
    number = 0
    while active.size:
        if number >= MAX_GAME_HANDS:
            raise RuntimeError(f"target: games with target {rules.target} did not end within {MAX_GAME_HANDS} hands.")
        deals = random_deals(tables, active.size, rng, dealer=number % n)
        deals = dataclasses.replace(deals, hand_numbers=np.full(active.size, number, dtype=np.int64))
        out = play(tables, deals, policy, rng)
        scores[active] += score_batch(rules, out.points, out.shooter, scores[active])
        hands += active.size
        moons += int((out.shooter >= 0).sum())
        over = _games_over(rules, scores[active])
        number += 1
        lengths[active[over]] = number
        active = active[~over]
    return lengths, scores, hands, moons


def _engine_games(rules: Rules, bots: Bots, seed: int, start: int, size: int) -> tuple[np.ndarray, np.ndarray, int, int]:
    n = rules.players
    scores = np.zeros((size, n), dtype=np.int64)
    lengths = np.zeros(size, dtype=np.int64)
    hands = moons = 0
    shared = None if bots is None or isinstance(bots, str) or callable(bots) else copy.deepcopy(list(bots))
    for j, number in enumerate(range(start, start + size)):
        game = Game(rules, seed=f"{seed}/{number}")
        play_game(game, shared if shared is not None else _engine_bots(bots, n, f"{seed}/game/{number}"))
        scores[j] = game.scores
        lengths[j] = len(game.history)
        hands += len(game.history)
        moons += sum(h.hand.moon_shooter is not None for h in game.history)
    return lengths, scores, hands, moons


def _games_chunk(rules: Rules, policy: str, method: str, bots: Bots, seed: int, k: int, start: int, size: int) -> GameResult:
    if method == "batch":
        lengths, scores, hands, moons = _batch_games(rules, policy, seed, k, size)
    else:
        lengths, scores, hands, moons = _engine_games(rules, bots, seed, start, size)
    return _games_result(rules, policy, method, seed, lengths, scores, hands, moons)


def simulate_games(
    rules: Rules,
    games: int,
    *,
    bots: Bots = None,
    seed: int = 0,
    executor: Executor | None = None,
    method: str = "auto",
    chunk_size: int | None = None,
    progress: bool = False,
) -> GameResult:
    """Play ``games`` whole games to ``rules.target``: game lengths, winners' scores, wins per seat.

    Arguments as for :func:`simulate`. Seat 0 deals the first hand and the deal
    moves left, as in :class:`~hearts_lab.game.Game`; moons are scored by the
    ``moon`` policy (``"choice"`` takes the new moon).

    >>> result = simulate_games(Rules.preset("standard", players=4), 500, seed=1)
    >>> result.games, result.method, sum(result.wins) >= 500
    (500, 'batch', True)
    """
    _check_args(rules, games, "games", seed, chunk_size)
    policy = _policy_name(bots, rules.players)
    chosen = _choose_method(rules, policy, method)
    size = chunk_size or (BATCH_CHUNK // 10 if chosen == "batch" else max(1, ENGINE_CHUNK // 20))
    return _run(_games_chunk, (rules, policy, chosen, bots, seed), _chunks(games, size), executor, progress, games, "games")
