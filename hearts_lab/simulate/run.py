"""Run simulations in chunks, locally, on any ``concurrent.futures.Executor`` or on a Dask cluster.

Work is cut into chunks of ``chunk_size`` hands (or games). Chunk ``k`` draws
its random numbers from ``numpy.random.SeedSequence(seed, spawn_key=(stream, k))``
(the ``k``-th child a ``SeedSequence(seed)`` would spawn for that stream), and
the engine path seeds each hand or game from ``(seed, its number)``. So a result
depends on ``seed``, the count and ``chunk_size`` only: never on the executor,
the number of workers or the order in which chunks finish (they are merged in
chunk order).

numpy is imported only by the batch path: without it (in Pyodide, say)
``method="auto"`` plays through the engine, with a progress bar and a note
about the speed.
"""

from __future__ import annotations

import copy
import sys
from collections import Counter
from concurrent.futures import Executor, as_completed
from functools import reduce
from typing import TYPE_CHECKING, Any, Callable, Iterator, Literal, Sequence, Unpack, get_args

from ..arguments import ArgumentError, ArgumentTypeError, check_count, check_option, shown
from ..bots import (
    LowestCardBot,
    RandomBot,
    bot_names,
    canonical_name,
    make_bot,
    moon_chooser,
    play_hand,
    seat_bots,
)
from ..cards import QUEEN_OF_SPADES
from ..errors import RulesError, check_rules
from ..executors import as_executor
from ..game import Game, ask_moon_choice
from ..hand import Hand
from ..rules import PRESET_PLAYERS, PresetName, RuleChanges, Rules
from ..scoring import no_game_ends, score_hand
from .result import GameResult, SimulationResult

if TYPE_CHECKING:
    import numpy as np

    from .batch import BatchOutcome

__all__ = ["simulate", "simulate_games", "simulate_presets", "BOT_NAMES", "METHODS", "Method", "score_batch"]

#: Named bot line-ups (every seat plays that way): the package's one registry, :func:`hearts_lab.bots.bot_names`.
BOT_NAMES = bot_names()
#: ``"auto"`` uses the batch path when it can play the policy and rules, else the engine.
#: How a simulation runs: the numpy batch path, the engine hand by hand, or whichever the bots allow.
Method = Literal["auto", "batch", "engine"]
METHODS: tuple[Method, ...] = get_args(Method)
#: The policies the numpy batch path plays (``hearts_lab.simulate.batch.POLICIES``).
BATCH_POLICIES = ("random", "lowest")
#: Default chunk sizes: batch chunks keep memory bounded (about 21 MB at 4 players); engine chunks keep tasks short.
BATCH_CHUNK = 25_000
ENGINE_CHUNK = 250
#: The largest chunk: a batch chunk holds about 860 bytes per 4-player hand (4 KB at 11 players, two packs) at once.
MAX_CHUNK = 1_000_000
#: The most hands (or games) one call plays: 10**10 random hands take hours on one core.
#: Merge the results of several calls (different seeds) for more.
MAX_COUNT = 10**10
#: A game longer than this many hands is reported as an error (a target that play cannot reach).
MAX_GAME_HANDS = 10_000

_HANDS_STREAM, _GAMES_STREAM = 0, 1
_SLOW_NOTE = (
    "numpy is not available here: simulating through the engine, many times slower than the batch "
    "path (a few thousand random-play hands a second). The same seed draws a different sample than "
    "the batch path does, equally random: figures differ from numpy's within their intervals."
)
_noted = False

Bots = Any  # None | str | Sequence[Bot] | Callable[..., Bot]


def _is_bot(value: object) -> bool:
    """A bot object (not a bot class): it has ``choose_pass`` and ``choose_play``."""
    return (
        not isinstance(value, type)
        and callable(getattr(value, "choose_pass", None))
        and callable(getattr(value, "choose_play", None))
    )


def _is_factory(value: object) -> bool:
    """A bot class or a function that makes a bot."""
    return callable(value) and not _is_bot(value)


def _not_a_bot(what: str, value: object) -> ArgumentTypeError:
    shown = repr(value)
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    return ArgumentTypeError(f"bots: {what} is {shown} ({type(value).__name__}), not a bot: a bot has choose_pass(view) and choose_play(view).")


def _policy_name(bots: Bots, players: int) -> str:
    if bots is None:
        return "random"
    if isinstance(bots, str):
        return canonical_name(bots)  # an unknown name raises, listing the names
    if _is_factory(bots):
        return getattr(bots, "__name__", type(bots).__name__)
    try:
        seats = list(bots)
    except TypeError:
        raise ArgumentTypeError(f"bots: expected a name, a bot class or factory, or one bot per seat, not {type(bots).__name__}.") from None
    if len(seats) != players or any(b is None for b in seats):
        raise ArgumentError(f"bots: expected one bot for each of the {players} seats, got {len(seats)} with {sum(b is None for b in seats)} missing.")
    for seat, bot in enumerate(seats):
        if not _is_bot(bot):
            raise _not_a_bot(f"seat {seat}", bot)
    return "+".join(dict.fromkeys(type(b).__name__ for b in seats))


def _numpy_available() -> bool:
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


def _choose_method(rules: Rules, policy: str, method: str, named: bool = True) -> str:
    """``named``: the bots were given by name (or not at all), so the batch path may play that policy.
    A factory or a list of bots is always played by the engine, whatever it is called."""
    check_option(method, METHODS, "method")
    if method == "engine":
        return "engine"
    if policy not in BATCH_POLICIES or not named:
        if method == "batch":
            raise ArgumentError(f"method: the batch path plays {' or '.join(map(repr, BATCH_POLICIES))}, not {policy!r}.")
        return "engine"
    if not _numpy_available():
        if method == "batch":
            raise ArgumentError("method: the batch path needs numpy, which is not installed here; use method='engine' or 'auto'.")
        return "engine"
    from .batch import BatchTables, UnsupportedRule

    try:
        BatchTables.from_rules(rules)
    except UnsupportedRule:
        if method == "batch":
            raise
        return "engine"
    return "batch"


def _check_args(rules: Rules, count: int, what: str, seed: int, chunk_size: int | None, executor: Any) -> Any:
    """Validate the common arguments; returns the executor to use (a Dask client becomes its executor)."""
    check_rules(rules)
    check_count(count, what, low=1, high=MAX_COUNT)
    if chunk_size is not None:
        check_count(chunk_size, "chunk_size", low=1, high=MAX_CHUNK)
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0 or seed.bit_length() > 128:
        raise ArgumentError(f"seed: expected a whole number from 0 to 2**128 - 1, not {shown(seed)}.", "seed")
    return _executor(executor)


def _counted(count: object, what: str, chunk_size: object) -> tuple[int, int | None]:
    """The checked count and chunk size as plain ints (a sympy or numpy integer passed the check but must not
    reach numpy's indexing: ``simulate_games(rules, sympy.Integer(5))`` raised a bare IndexError)."""
    number = check_count(count, what, low=1, high=MAX_COUNT)
    return number, None if chunk_size is None else check_count(chunk_size, "chunk_size", low=1, high=MAX_CHUNK)


#: One executor rule for every long run (hearts_lab.executors).
_executor = as_executor


def _engine_bots(bots: Bots, players: int, seed_text: str) -> list[Any]:
    """The bots for one hand or game; named and factory bots get a fresh seed per seat."""
    if bots is None or bots == "random":
        return seat_bots(RandomBot, players, seed_text)
    if bots == "lowest":
        return [LowestCardBot()] * players
    if isinstance(bots, str):
        name = canonical_name(bots)
        return seat_bots(lambda seed: make_bot(name, seed), players, seed_text)
    if _is_factory(bots):
        made = seat_bots(bots, players, seed_text)
        for seat, bot in enumerate(made):
            if not _is_bot(bot):
                raise _not_a_bot(f"what {getattr(bots, '__name__', 'the factory')} made for seat {seat}", bot)
        return made
    return list(bots)


def _chunks(count: int, size: int) -> Iterator[tuple[int, int, int]]:
    return ((k, start, min(size, count - start)) for k, start in enumerate(range(0, count, size)))


def _rng(seed: int, stream: int, chunk: int) -> np.random.Generator:
    import numpy as np

    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(stream, chunk)))


def _bar(show: bool, total: int, unit: str) -> Any:
    """A ``tqdm.auto`` bar (a widget in a notebook, text in a terminal), or None."""
    if not show:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:  # pragma: no cover - tqdm is a dependency; a bar is not worth failing for
        return None
    if sys.platform == "emscripten":
        # Pyodide has no threads: without this tqdm warns on stderr that its monitor thread failed
        tqdm.monitor_interval = 0
    return tqdm(total=total, unit=f" {unit}", unit_scale=total >= 10_000, desc="simulating", leave=False)


def _run(task: Callable[..., Any], args: tuple[Any, ...], count: int, size: int, executor: Executor | None,
         progress: bool, unit: str) -> Any:
    chunks = _chunks(count, size)
    results: dict[int, Any] = {}
    bar = _bar(progress, count, unit)
    try:
        if executor is None:
            for k, start, n in chunks:
                results[k] = task(*args, k, start, n)
                if bar is not None:
                    bar.update(n)
        else:
            futures = {executor.submit(task, *args, k, start, n): (k, n) for k, start, n in chunks}
            for future in as_completed(futures):
                k, n = futures[future]
                results[k] = future.result()
                if bar is not None:
                    bar.update(n)
    finally:
        if bar is not None:
            bar.close()
    return reduce(lambda a, b: a.merge(b), (results[k] for k in sorted(results)))


def _note_engine_fallback(chosen: str, policy: str, method: str) -> bool:
    """Print the one-line note when numpy's absence sends batch-able work to the engine; True if so."""
    global _noted
    if chosen != "engine" or method != "auto" or policy not in BATCH_POLICIES or _numpy_available():
        return False
    if not _noted:
        print(_SLOW_NOTE, file=sys.stderr)
        _noted = True
    return True


# -- hands ---------------------------------------------------------------------------


def _hands_result(rules: Rules, policy: str, method: str, seed: int, points: list[tuple[int, ...]], shooter: list[int],
                  queens: list[tuple[int, ...]], set_aside: list[int], unclaimed: list[int], kitty_holder: list[int]) -> SimulationResult:
    """Count the outcomes of some hands (one entry per hand; -1 for no shooter or no kitty holder)."""
    n, count = rules.players, len(shooter)
    moons, kitties = Counter(shooter), Counter(kitty_holder)
    seat_queens = tuple(sum(q[s] for q in queens) for s in range(n))
    copies = rules.deck().count(QUEEN_OF_SPADES)
    return SimulationResult(
        rules=rules,
        policy=policy,
        method=method,
        seed=seed,
        hands=count,
        moons=tuple(moons[s] for s in range(n)),
        points=tuple(dict(sorted(Counter(p[s] for p in points).items())) for s in range(n)),
        queens=seat_queens,
        queens_unclaimed=copies * count - sum(seat_queens),
        set_aside=dict(sorted(Counter(set_aside).items())),
        unclaimed=dict(sorted(Counter(unclaimed).items())),
        kitty=tuple(kitties[s] for s in range(n)),
        kitty_unclaimed=kitties[-1] if rules.kitty_size else 0,
    )


def _histograms(values: np.ndarray) -> list[dict[int, int]]:
    """``{value: count}`` for each column of ``values[H, k]``, in increasing order of value."""
    import numpy as np

    values = np.asarray(values, dtype=np.int64)
    low, high = int(values.min()), int(values.max())
    if high - low >= 1 << 16:  # spread out (house values): sort
        return [{int(v): int(c) for v, c in zip(*np.unique(column, return_counts=True))} for column in values.T]
    width = high - low + 1
    columns = values.shape[1]
    counts = np.bincount((values - low + width * np.arange(columns)).ravel(), minlength=width * columns).reshape(columns, width)
    return [{low + int(v): int(row[v]) for v in np.flatnonzero(row)} for row in counts]


def _batch_result(rules: Rules, policy: str, seed: int, out: BatchOutcome) -> SimulationResult:
    import numpy as np

    n, count = rules.players, len(out)
    queens = tuple(int(q) for q in out.queens.sum(axis=0))
    copies = rules.deck().count(QUEEN_OF_SPADES)
    moons = np.bincount(out.shooter.astype(np.int64) + 1, minlength=n + 1)  # [no moon, seat 0, seat 1, ...]
    kitties = np.bincount(out.kitty_holder.astype(np.int64) + 1, minlength=n + 1)
    set_aside, unclaimed = _histograms(np.stack([out.set_aside, out.unclaimed], axis=1))
    return SimulationResult(
        rules=rules,
        policy=policy,
        method="batch",
        seed=seed,
        hands=count,
        moons=tuple(int(m) for m in moons[1:]),
        points=tuple(_histograms(out.points)),
        queens=queens,
        queens_unclaimed=copies * count - sum(queens),
        set_aside=set_aside,
        unclaimed=unclaimed,
        kitty=tuple(int(k) for k in kitties[1:]),
        kitty_unclaimed=int(kitties[0]) if rules.kitty_size else 0,
    )


def _engine_hands(rules: Rules, policy: str, bots: Bots, seed: int, start: int, size: int) -> SimulationResult:
    n = rules.players
    points, shooter, queens, set_aside, unclaimed, kitty_holder = [], [], [], [], [], []
    shared = None if bots is None or isinstance(bots, str) or _is_factory(bots) else copy.deepcopy(list(bots))
    for number in range(start, start + size):
        hand = Hand.deal(rules, seed=seed, hand_number=number, dealer=0)
        play_hand(hand, shared if shared is not None else _engine_bots(bots, n, f"{seed}/{number}"))
        points.append(hand.points())
        shooter.append(-1 if hand.moon_shooter is None else hand.moon_shooter)
        queens.append(tuple(hand.collected(s).count(QUEEN_OF_SPADES) for s in range(n)))
        set_aside.append(sum(t.set_aside for t in hand.tricks))
        unclaimed.append(rules.points(hand.unclaimed))
        kitty_holder.append(-1 if hand.kitty_holder is None else hand.kitty_holder)
    return _hands_result(rules, policy, "engine", seed, points, shooter, queens, set_aside, unclaimed, kitty_holder)


def _hands_chunk(rules: Rules, policy: str, method: str, bots: Bots, seed: int, k: int, start: int, size: int) -> SimulationResult:
    if method == "batch":
        from .batch import BatchTables, play, random_deals

        rng = _rng(seed, _HANDS_STREAM, k)
        tables = BatchTables.from_rules(rules)
        return _batch_result(rules, policy, seed, play(tables, random_deals(tables, size, rng, first_hand=start), policy, rng))
    return _engine_hands(rules, policy, bots, seed, start, size)


def _prepare(rules: Rules, count: int, what: str, bots: Bots, seed: int, executor: Any, method: str,
             chunk_size: int | None, progress: bool | None) -> tuple[str, str, Executor | None, bool]:
    """Check everything before any work: the policy name, the method, the executor, whether to show a bar."""
    executor = _check_args(rules, count, what, seed, chunk_size, executor)
    if progress is not None and not isinstance(progress, bool):
        raise ArgumentTypeError(f"progress: expected True, False or None, not {type(progress).__name__}.")
    policy = _policy_name(bots, rules.players)
    chosen = _choose_method(rules, policy, method, named=bots is None or isinstance(bots, str))
    if chosen == "engine":
        _engine_bots(bots, rules.players, "check")  # a factory that makes no bot fails here, before any work
    fallback = _note_engine_fallback(chosen, policy, method)
    return policy, chosen, executor, bool(progress) if progress is not None else fallback


def simulate(
    rules: Rules,
    hands: int,
    *,
    bots: Bots = None,
    seed: int = 0,
    executor: Any = None,
    method: Method = "auto",
    chunk_size: int | None = None,
    progress: bool | None = None,
) -> SimulationResult:
    """Play ``hands`` whole hands under ``rules`` and count what happened.

    ``bots``: None or ``"random"`` (uniformly random passes and legal plays),
    ``"lowest"`` (:class:`~hearts_lab.bots.LowestCardBot`), ``"heuristic"``
    (:class:`~hearts_lab.bots.HeuristicBot`), any other name of the bot
    registry (:data:`BOT_NAMES`: the levels ``"easy"``, ``"medium"``,
    ``"expert"``), a bot class or factory (called
    per hand and seat, with ``seed=`` if it takes one), or one bot object per
    seat (copied afresh for each chunk). ``"random"`` and ``"lowest"`` use the
    numpy batch path unless ``method="engine"``; anything else, or a rule
    option the batch path does not implement, plays through the engine (so
    does everything where numpy is not installed, with a note saying so).

    Hand ``i`` is dealt by seat 0 with hand number ``i``, so the pass direction
    cycles through the schedule as in a game. ``executor`` may be any
    ``concurrent.futures.Executor`` (a ``ProcessPoolExecutor``,
    ``client.get_executor()``) or a ``dask.distributed.Client``; the result is
    the same whatever the executor. ``progress=True`` shows a ``tqdm`` bar (a
    widget in a notebook, text in a terminal); by default a bar shows only when
    the engine stands in for a missing numpy.

    >>> result = simulate(Rules.preset("lowest-clubs", players=2), 20_000, seed=7)
    >>> result.method, result.hands, result.moon_count > 0
    ('batch', 20000, True)
    >>> low, high = result.moon_interval; low < result.moon_rate < high
    True
    >>> simulate(Rules.preset("standard", players=4), 20, bots="heuristic").method
    'engine'
    """
    policy, chosen, executor, show = _prepare(rules, hands, "hands", bots, seed, executor, method, chunk_size, progress)
    hands, chunk_size = _counted(hands, "hands", chunk_size)
    size = chunk_size or (BATCH_CHUNK if chosen == "batch" else ENGINE_CHUNK)
    result: SimulationResult = _run(_hands_chunk, (rules, policy, chosen, bots, seed), hands, size, executor, show, "hands")
    return result


def simulate_presets(
    hands: int,
    *,
    presets: Sequence[PresetName] | None = None,
    bots: Bots = None,
    seed: int = 0,
    executor: Any = None,
    method: Method = "auto",
    progress: bool | None = None,
    **changes: Unpack[RuleChanges],
) -> list[SimulationResult]:
    """:func:`simulate` for every preset (or those named) and every player count it allows.

    Keyword ``changes`` alter every rule set alike (e.g. ``moon_cards="all-points"``).

    >>> [(r.rules.name, r.players) for r in simulate_presets(100, presets=["lowest-clubs"])][:2]
    [('lowest-clubs', 2), ('lowest-clubs', 3)]
    """
    names = list(PRESET_PLAYERS) if presets is None else list(presets)
    for name in names:
        if name not in PRESET_PLAYERS:
            raise ArgumentError(f"presets: {name!r} is not a preset; choose from {', '.join(map(repr, PRESET_PLAYERS))}.")
    all_rules = [Rules.preset(name, players=players, **changes) for name in names for players in PRESET_PLAYERS[name]]
    return [simulate(rules, hands, bots=bots, seed=seed, executor=executor, method=method, progress=progress) for rules in all_rules]


# -- games ---------------------------------------------------------------------------


def score_batch(rules: Rules, points: np.ndarray, shooter: np.ndarray, scores: np.ndarray) -> np.ndarray:
    """What each hand adds to each score, for many hands at once (RULES.md §4).

    Hands without a moon add their points; each moon hand is scored by the
    engine itself (:func:`hearts_lab.scoring.score_hand`), so the ``auto`` and
    ``avoid-end`` decisions are the engine's. With ``moon="choice"`` the
    shooter answers through the one moon-choice path (:func:`hearts_lab.game.ask_moon_choice`,
    which :meth:`Game.score <hearts_lab.game.Game.score>` uses) with the bots' chooser
    (:func:`hearts_lab.bots.moon_chooser`), as :func:`~hearts_lab.bots.play_game` does.

    >>> import numpy as np
    >>> rules = Rules.preset("standard", players=4)
    >>> score_batch(rules, np.array([[26, 0, 0, 0], [26, 0, 0, 0]]), np.array([0, 0]),
    ...             np.array([[90, 80, 85, 70], [50, 20, 30, 40]])).tolist()
    [[0, 26, 26, 26], [-26, 0, 0, 0]]
    """
    import numpy as np

    deltas = np.array(points, dtype=np.int64)
    if rules.moon == "off":
        return deltas
    # The batch policies play as RandomBot and LowestCardBot, which share the one bot moon policy.
    chooser = moon_chooser([LowestCardBot()] * rules.players)
    for i in np.flatnonzero(np.asarray(shooter) >= 0).tolist():
        who = int(shooter[i])
        took, before = tuple(deltas[i].tolist()), tuple(int(s) for s in scores[i])
        deltas[i] = score_hand(rules, took, who, before, ask_moon_choice(rules, took, who, before, chooser)).deltas
    return deltas


def _games_result(rules: Rules, policy: str, method: str, seed: int, lengths: list[int], scores: list[tuple[int, ...]],
                  hands: int, moons: int) -> GameResult:
    lows = [min(s) for s in scores]
    winners = [[seat for seat, v in enumerate(s) if v == low] for s, low in zip(scores, lows)]
    wins = Counter(seat for w in winners for seat in w)
    return GameResult(
        rules=rules,
        policy=policy,
        method=method,
        seed=seed,
        games=len(lengths),
        hands=hands,
        moons=moons,
        lengths=dict(sorted(Counter(lengths).items())),
        winning_scores=dict(sorted(Counter(lows).items())),
        wins=tuple(wins[s] for s in range(rules.players)),
        shared=sum(len(w) > 1 for w in winners),
    )


def _too_long(rules: Rules) -> RuntimeError:
    return RuntimeError(f"target: games with target {rules.target} did not end within {MAX_GAME_HANDS:,} hands.")


def _batch_games(rules: Rules, policy: str, seed: int, k: int, size: int) -> GameResult:
    import dataclasses

    import numpy as np

    from .batch import BatchTables, games_over, play, random_deals

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
            raise _too_long(rules)
        deals = random_deals(tables, active.size, rng, dealer=number % n)
        deals = dataclasses.replace(deals, hand_numbers=np.full(active.size, number, dtype=np.int64))
        out = play(tables, deals, policy, rng)
        scores[active] += score_batch(rules, out.points, out.shooter, scores[active])
        hands += active.size
        moons += int((out.shooter >= 0).sum())
        over = games_over(rules, scores[active])
        number += 1
        lengths[active[over]] = number
        active = active[~over]
    return _games_result(rules, policy, "batch", seed, lengths.tolist(), [tuple(s) for s in scores.tolist()], hands, moons)


def _engine_games(rules: Rules, policy: str, bots: Bots, seed: int, start: int, size: int) -> GameResult:
    n = rules.players
    lengths, scores = [], []
    hands = moons = 0
    shared = None if bots is None or isinstance(bots, str) or _is_factory(bots) else copy.deepcopy(list(bots))
    for number in range(start, start + size):
        game = Game(rules, seed=f"{seed}/{number}")
        players = shared if shared is not None else _engine_bots(bots, n, f"{seed}/game/{number}")
        while not game.is_over:  # play_game, with a bound on the length
            if len(game.history) >= MAX_GAME_HANDS:
                raise _too_long(rules)
            hand = game.next_hand()
            play_hand(hand, players)
            game.score(hand, moon_chooser(players))
        scores.append(tuple(game.scores))
        lengths.append(len(game.history))
        hands += len(game.history)
        moons += sum(h.hand.moon_shooter is not None for h in game.history)
    return _games_result(rules, policy, "engine", seed, lengths, scores, hands, moons)


def _games_chunk(rules: Rules, policy: str, method: str, bots: Bots, seed: int, k: int, start: int, size: int) -> GameResult:
    if method == "batch":
        return _batch_games(rules, policy, seed, k, size)
    return _engine_games(rules, policy, bots, seed, start, size)


def _check_games_can_end(rules: Rules) -> None:
    """Refuse rules under which no score can ever rise (the engine decides: :func:`~hearts_lab.scoring.no_game_ends`)."""
    never = no_game_ends(rules)
    if never is not None:
        raise RulesError(f"card_points: {never}", "card_points")


def simulate_games(
    rules: Rules,
    games: int,
    *,
    bots: Bots = None,
    seed: int = 0,
    executor: Any = None,
    method: Method = "auto",
    chunk_size: int | None = None,
    progress: bool | None = None,
) -> GameResult:
    """Play ``games`` whole games to ``rules.target``: game lengths, winners' scores, wins per seat.

    Arguments as for :func:`simulate`. Seat 0 deals the first hand and the deal
    moves left, as in :class:`~hearts_lab.game.Game`; moons are scored by the
    ``moon`` policy (under ``"choice"`` the shooter's bot answers with
    :meth:`~hearts_lab.bots.Bot.choose_moon`). Rules under which no score can
    rise are refused; a game longer than 10,000 hands raises ``RuntimeError``.

    >>> result = simulate_games(Rules.preset("standard", players=4), 500, seed=1)
    >>> result.games, result.method, sum(result.wins) >= 500
    (500, 'batch', True)
    """
    check_rules(rules)
    _check_games_can_end(rules)  # before anything else: not after 10,000 hands of a game that cannot end
    policy, chosen, executor, show = _prepare(rules, games, "games", bots, seed, executor, method, chunk_size, progress)
    games, chunk_size = _counted(games, "games", chunk_size)
    size = chunk_size or (BATCH_CHUNK // 10 if chosen == "batch" else max(1, ENGINE_CHUNK // 20))
    result: GameResult = _run(_games_chunk, (rules, policy, chosen, bots, seed), games, size, executor, show, "games")
    return result
