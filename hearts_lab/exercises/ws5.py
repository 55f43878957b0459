"""Worksheet 5 checks: the capstone - design a house rule and measure its effect.

The capstone is open-ended, so the checks verify *structure and consistency*
rather than one number: the house rule is a valid :class:`Rules` variant of a
preset, both rule sets were simulated with enough hands and independent
seeds, the reported effect and its 95% interval follow from the simulation
results (the interval is :func:`hearts_lab.stats.rate_difference`, Newcombe's
interval for two independent rates, matched to within
:data:`INTERVAL_TOLERANCE` of its half-width, so that an interval built from
one rate's variance only is caught), and the conclusion agrees with the
student's own interval, which must itself be right. Q2 records the whole
plan before any simulation (metric, prediction, the two seeds, the number of
hands and the players: :class:`Plan`, kept in its stored output with the
session's earlier plans), Q3 accepts only runs of that plan, and Q4-Q6 only
the two runs Q3 accepted last in the session and the plan's metric (their
stored outputs record both runs' seeds and the metric, as Q3's records the
runs, for the teacher's side). In a class copy the seeds are drawn for the
student from the class secret (:func:`use_variant`, :func:`my_seeds`), so they
cannot be shopped for. Otherwise the checks see only what they are given: one
plan chosen before looking shows an "effect" at 95% for about 1 rule in 20
that has none, but trying seeds, hand counts or players in a spare cell until
one does finds one for almost any rule and leaves no trace; trying them
through the checks shows in Q2's stored output (how many plans the kernel
recorded, and a plan changed after Q3 accepted runs of an earlier one, even
after :func:`~hearts_lab.exercises.checks.reset`; a kernel restart forgets it).

>>> import dataclasses
>>> base = Rules.preset("standard", players=4)
>>> check_q1(base, dataclasses.replace(base, name="mine")).message
'Your house rule only changes the name. Change a rule field, e.g. dataclasses.replace(base, first_trick_points=True).'
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Set as AbstractSet
from dataclasses import dataclass
from typing import Any, Callable

from ..arguments import shown as _shown
from ..bots.registry import bot_names
from ..rules import PRESETS, Rules
from ..stats import RateDifference, rate_difference, wilson_interval
from .checks import Wrong, hint as _hint, made_of, question, read_estimate, read_text, results, rules_record
from .variants import Ws5Variant, check_seed, ws5_variant

__all__ = [
    "METRICS",
    "MIN_HANDS",
    "MAX_HANDS",
    "MAX_ENGINE_HANDS",
    "HEURISTIC_SECONDS",
    "PREDICTIONS",
    "CONCLUSIONS",
    "INTERVAL_TOLERANCE",
    "REPLAYABLE_BOTS",
    "PLAN_BOTS",
    "MAX_SEED",
    "metric_count",
    "metric_value",
    "engine_plays",
    "judge_effect",
    "judge_interval",
    "TEXTS",
    "hint",
    "use_variant",
    "my_seeds",
    "question_text",
    "q3_runs",
    "check_q1",
    "check_q2",
    "check_q3",
    "check_q4",
    "check_q5",
    "check_q6",
]

WS = "ws5"

#: What a student may measure: each is a share of hands, read from a :class:`~hearts_lab.simulate.SimulationResult`.
METRICS: dict[str, Callable[[Any], int]] = {
    "moon rate": lambda r: r.moon_count,
    "unclaimed rate": lambda r: r.unclaimed_hands,
    "set-aside rate": lambda r: r.set_aside_hands,
}
PREDICTIONS = ("increase", "decrease", "no change")
CONCLUSIONS = ("increase", "decrease", "no clear effect")
#: Each rule set must be simulated for at least this many hands.
MIN_HANDS = 10_000
#: The check runs each simulation again, so it takes at most twenty times what the question asks for
#: (200,000 hands: under 3 s of CPU for the batch path's random or lowest players, 4 to 6 players) ...
MAX_HANDS = 20 * MIN_HANDS
#: ... and at most twice that for players only the engine plays (the heuristic bot: :data:`HEURISTIC_SECONDS`, so
#: under a minute a run at the rulebooks' tables, about 70 s for 2 players with two packs; the sampling bots far more):
#: a forged or needlessly large run is refused at once.
#: Figures: benchmarks/capstone_players.py.
MAX_ENGINE_HANDS = 2 * MIN_HANDS
#: Seconds of CPU per 10,000 hands of the heuristic players, (fewest, most) over every preset and player count, by the
#: number of packs: one of 52 cards, or two (Cancellation Hearts), which matters more than the players.
#: Measured with CPython 3.11 on the 2-core development machine (``benchmarks/capstone_players.py --every-table``:
#: 5.7 to 9.7 s, 12.6 to 16.9 s at load 0.4 to 0.9); JupyterLite's Pyodide took 1.7 to 2.1 times as long (under Node,
#: same machine), and a slower computer takes longer: Q2's text says so.
HEURISTIC_SECONDS = {1: (5, 10), 2: (12, 18)}
#: The players a plan may name: the fast ones the worksheet names (the sampling bots, 'medium' and 'expert', take one
#: to several seconds of CPU a hand, hours for 10,000 hands, and the check runs each run again; 'easy' is as fast as
#: 'heuristic' but not named by the worksheet).
PLAN_BOTS = ("random", "lowest", "heuristic")
#: A seed is a whole number from 0 to this (a class copy's are far below it): a larger one is refused before
#: anything is recorded (a number of thousands of digits cannot even be written to the stored output).
MAX_SEED = 2**64 - 1
#: Each end of the reported interval must lie within this fraction of the correct half-width of that end.
INTERVAL_TOLERANCE = 0.10
_Z95 = 1.959963984540054


#: The variant in use: ``None`` in the generic copy (the student chooses the seeds), else a class copy's.
_current: Ws5Variant | None = None

_METRIC_AND_PREDICTION = (
    "Choose a **metric** — one of `\"moon rate\"`, `\"unclaimed rate\"`, `\"set-aside rate\"` (each is the share\n"
    "of hands in which it happens) — and write your **prediction** *before* you simulate:\n"
    "`\"increase\"`, `\"decrease\"` or `\"no change\"`.\n\n"
)
_HANDS_AND_BOTS = (
    "The number of **hands** of each run, `hands`: at least 10,000 (`hands = 20_000` is plenty).\n"
    "The players, `bots`: `\"random\"` and `\"lowest\"` are fast (well under a second of computing per\n"
    "10,000 hands; the check accepts up to 200,000 hands with them), `\"heuristic\"` plays through the\n"
    "engine, slower: 10,000 hands take {one[0]} to {one[1]} seconds of computing with one pack of cards and {two[0]} to {two[1]}\n"
    "with two packs (Cancellation Hearts) at the rulebooks' tables on a fast computer (other tables can take\n"
    "longer), twice that or more in JupyterLite or on a slow one; the check accepts up to 20,000 hands with it. The check takes no other players: the sampling\n"
    "bots take seconds a hand, hours for a run.\n\n"
).format(one=HEURISTIC_SECONDS[1], two=HEURISTIC_SECONDS[2])
#: Q2's stored output lists at most this many earlier plans of the session.
EARLIER_SHOWN = 5
#: Where the plans are kept, in the words of every message that points to them: Q2's output shows the plan (and, from
#: the second, its number); the rest is its stored record (:func:`_plan_made`), which the teacher's grading reads.
_KEPT = "the notebook keeps a record of your plans with Q2's output, as data not shown on screen"
_CHANGED_PLAN = (
    "If you change your plan (more hands, say), run this check again with the new plan, then Q3, Q4, Q5\n"
    "and Q6, and say why in your write-up. Q2's output shows your plan (and, from the second, its number);\n"
    "the notebook also keeps with it, as data not shown on screen, how many plans you recorded since the\n"
    f"kernel started, whether Q3 had accepted runs of an earlier one, and up to {EARLIER_SHOWN} of your latest\n"
    "earlier plans."
)
#: The text of each question that differs between the generic copy and a class copy.
TEXTS = {
    "Q2": (
        _METRIC_AND_PREDICTION
        + "Fix the rest of your **plan** for Q3 now too. The two **seeds**, as `seeds = (base seed, house seed)`:\n"
        "two different whole numbers.\n" + _HANDS_AND_BOTS
        + "The check records the whole plan: Q3 takes runs of this plan only, and Q4-Q6 its metric. For a rule\n"
        "that changes nothing, about 1 plan in 20 chosen in advance shows an \"effect\" at 95%, so trying seeds,\n"
        "hand counts or bots until one does would find an \"effect\" for almost any rule. The checks see only\n"
        "what you give them, not runs made in other cells, so choosing the plan before you look is up to you.\n"
        + _CHANGED_PLAN
    ),
}
_Q2_CLASS = (
    _METRIC_AND_PREDICTION
    + "Fix the rest of your **plan** for Q3 now too. Your copy draws the two **seeds** for you:\n"
    "`seeds = ws5.my_seeds()` gives them, {base} for base and {house} for house; everyone in the class\n"
    "has their own pair, and Q2 and Q3 take no other.\n" + _HANDS_AND_BOTS
    + "The check records the whole plan: Q3 takes runs of this plan only, and Q4-Q6 only the two runs Q3\n"
    "accepted and the plan's metric. For a rule that changes nothing, about 1 plan in 20 shows an \"effect\"\n"
    "at 95%, so trying hand counts or bots until one does would find one for almost any rule. The checks\n"
    "cannot see runs made in other cells, or whether you simulated before writing your prediction: write\n"
    "your plan, and your prediction's reason, before you run anything.\n" + _CHANGED_PLAN
)


def question_text(key: str) -> str:
    """The text of question ``key`` for this copy (the worksheet's markdown under its heading).

    >>> question_text("Q2").startswith("Choose a **metric**")
    True
    """
    if key == "Q2" and _current is not None:
        base, house = _current.seeds
        return _Q2_CLASS.format(base=base, house=house)
    return TEXTS[key]


def use_variant(seed: int | None) -> str:
    """Swap in a student's own copy: its two seeds, drawn from ``seed`` (``None``: the generic copy, own seeds).

    Each student's copy of this worksheet calls it first with the seed the teacher's class gave them. Another
    copy forgets the plan and runs recorded before (Q2 and Q3 are checked again with its seeds); the same copy
    again (the imports cell run a second time) keeps them.

    >>> use_variant(12345)
    'Worksheet 5, variant 12345: your own two seeds for Q2 and Q3 (ws5.my_seeds()).'
    >>> _ = use_variant(None)
    """
    global _current
    seed = None if seed is None else check_seed(seed)
    wanted = None if seed is None else ws5_variant(seed)
    kept = wanted == _current and bool(_PLANS)
    if not kept:
        _PLANS.clear()
        _ACCEPTED_RUNS.clear()
    _current = wanted
    again = " Your plan (Q2) and the runs Q3 accepted are kept." if kept else ""
    return (f"Worksheet 5, variant {seed}: your own two seeds for Q2 and Q3 (ws5.my_seeds()).{again}" if seed is not None
            else f"Worksheet 5: the generic copy (you choose your seeds).{again}")


def my_seeds() -> tuple[int, int]:
    """Your copy's two seeds, ``(base seed, house seed)``: drawn for you in a class copy.

    >>> _ = use_variant(12345)
    >>> my_seeds() == ws5_variant(12345).seeds
    True
    >>> _ = use_variant(None)
    >>> my_seeds()
    Traceback (most recent call last):
    ...
    ValueError: This is the generic copy: choose your own two seeds, e.g. seeds = (11, 12). A class copy draws them for you.
    """
    if _current is None:
        raise ValueError("This is the generic copy: choose your own two seeds, e.g. seeds = (11, 12). A class copy draws them for you.")
    return _current.seeds


def hint(question: Any, level: int = 1) -> str:
    """A hint for ``question`` (e.g. ``"Q5"`` or ``5``): level 1 a nudge, 2 the structure, 3 the full method."""
    return _hint(WS, question, level)


def metric_count(result: Any, metric: str) -> int:
    """How many of ``result``'s hands ``metric`` (one of :data:`METRICS`) counts."""
    return METRICS[metric](result)


def metric_value(result: Any, metric: str) -> float:
    """The share of ``result``'s hands counted by ``metric`` (one of :data:`METRICS`)."""
    share: float = METRICS[metric](result) / result.hands
    return share


def engine_plays(rules: Rules, bots: str, method: str = "auto") -> bool:
    """Whether :func:`~hearts_lab.simulate.simulate` plays ``rules`` with ``bots`` through the engine (seconds per
    thousand hands: :data:`HEURISTIC_SECONDS`) rather than the numpy batch path (a fraction of a second per
    10,000), with ``method`` as a result records it (``"batch"``, ``"engine"``) or ``"auto"``.

    >>> four = Rules.preset("standard", players=4)
    >>> engine_plays(four, "random"), engine_plays(four, "heuristic"), engine_plays(four, "random", "engine")
    (False, True, True)
    """
    from ..simulate.run import _choose_method

    return _choose_method(rules, bots, method) == "engine"


def _read_rules(value: object, name: str) -> Rules:
    if not isinstance(value, Rules):
        raise Wrong(f"{name} should be a Rules value (Rules.preset(...) or dataclasses.replace(...)), not {type(value).__name__}.")
    return value


@dataclass(frozen=True)
class Plan:
    """What Q2's check recorded before any simulation: the metric, the prediction, the two seeds
    ``(base seed, house seed)``, the number of hands of each run and the players (``bots``, a bot's name).

    >>> plan = Plan("moon rate", "increase", (11, 12), 20_000, "random")
    >>> plan.shown()
    "'moon rate', predicted 'increase', seeds 11 (base) and 12 (house), 20,000 hands each with bots='random'"
    >>> plan.record()["hands"], plan.record()["house_seed"]
    (20000, 12)
    """

    metric: str
    prediction: str
    seeds: tuple[int, int]
    hands: int
    bots: str

    def shown(self) -> str:
        base_seed, house_seed = self.seeds
        return (f"{self.metric!r}, predicted {self.prediction!r}, seeds {base_seed} (base) and {house_seed} (house), "
                f"{self.hands:,} hands each with bots={self.bots!r}")

    def record(self) -> dict[str, Any]:
        """The plan as plain data, for Q2's stored output (keys as a run's record: ``seed``, ``house_seed``,
        ``hands``, ``policy``)."""
        return {"metric": self.metric, "prediction": self.prediction, "seed": self.seeds[0],
                "house_seed": self.seeds[1], "hands": self.hands, "policy": self.bots}


#: The plans Q2 recorded in this session, latest last: Q3 accepts runs of the latest only.
_PLANS: list[Plan] = []
#: The two runs Q3 accepted last in this session and the plan they were run for, ``(base run, house run, plan)``,
#: as the check simulated them again: Q4-Q6 take these only, while that plan is the latest (:func:`q3_runs`).
_ACCEPTED_RUNS: list[tuple[Any, Any, Plan]] = []


@dataclass
class _Session:
    """What Q2 and Q3 did since the kernel started, kept apart from the checks' results: neither
    :func:`~hearts_lab.exercises.checks.reset` nor another copy's :func:`use_variant` clears it (a kernel restart
    does). Q2's stored output records it (``plans``, ``looked_then_replanned``, ``last_looked``), so that the
    teacher's side sees how many plans there were and a plan changed after a look, however many came after."""

    #: The distinct plans Q2's check recorded (a plan checked again unchanged is the same plan).
    plans: int = 0
    #: How many times a new plan came after Q3 had accepted runs of the plan before it.
    looked_then_replanned: int = 0
    #: The latest plan of which Q3 had accepted runs before a new plan came (its :meth:`Plan.record`).
    last_looked: dict[str, Any] | None = None
    #: The latest plan Q2 recorded, and whether Q3 has accepted runs of it.
    latest: Plan | None = None
    looked: bool = False

    def planned(self, plan: Plan) -> None:
        if plan == self.latest:
            return
        if self.latest is not None and self.looked:
            self.looked_then_replanned += 1
            self.last_looked = self.latest.record()
        self.plans += 1
        self.latest, self.looked = plan, False

    def accepted(self, plan: Plan) -> None:
        if plan == self.latest:
            self.looked = True

    def record(self) -> dict[str, Any]:
        return {"plans": self.plans, "looked_then_replanned": self.looked_then_replanned,
                "last_looked": None if self.last_looked is None else dict(self.last_looked)}


_SESSION = _Session()
#: The fields of a plan's record (:meth:`Plan.record`) that make it that plan.
PLAN_FIELDS = ("metric", "prediction", "seed", "house_seed", "hands", "policy")


@question(WS, "Q1", "A house rule", hints=(
    "Start from a preset and change one thing about how the game is played.",
    "base = Rules.preset(name, players=n); house = dataclasses.replace(base, <field>=<new value>), same number of players.",
    "For example: house = dataclasses.replace(base, first_trick_points=True). base.changes_from(...) lists what changed.",
))
def check_q1(base: object, house: object) -> None:
    """``base`` is a preset's rules; ``house`` changes at least one rule field of it, same players."""
    base = _read_rules(base, "base")
    house = _read_rules(house, "house")
    if base.name not in PRESETS:
        raise Wrong(f"Start from a preset: base = Rules.preset(name, players=n) with name one of {', '.join(PRESETS)}.")
    if house.players != base.players:
        raise Wrong(
            "Keep the same number of players, so that the comparison is about your rule and not about the table size."
        )
    changes = house.changes_from(base)
    if not changes:
        if house.name != base.name:
            raise Wrong("Your house rule only changes the name. Change a rule field, e.g. dataclasses.replace(base, first_trick_points=True).")
        raise Wrong("house is the same as base. Derive it with dataclasses.replace(base, <field>=<new value>).")


def _seeds_example() -> str:
    """What to write for the seeds: the copy's own in a class copy (Q2 takes no others there), else an example pair."""
    return "seeds = ws5.my_seeds() (your copy's own)" if _current is not None else "e.g. seeds = (11, 12)"


def _read_seeds(seeds: object) -> tuple[int, int]:
    """``(base seed, house seed)``; a set or dict is refused, naming it: a set has no order ({12, 11} lists 11 first),
    and the check takes the seeds as a pair in order, not by name.

    >>> _read_seeds({12, 11})
    Traceback (most recent call last):
    ...
    hearts_lab.exercises.checks.Wrong: seeds is a set, which has no order, so it cannot say which seed is base and which is house: give seeds as a pair in order, (base seed, house seed), e.g. seeds = (11, 12).
    """
    if isinstance(seeds, (AbstractSet, Mapping)):
        why = ("a set, which has no order, so it cannot say which seed is base and which is house" if isinstance(seeds, AbstractSet)
               else "a dict, and the check takes the seeds as a pair in order, not by name")
        raise Wrong(f"seeds is {why}: give seeds as a pair in order, (base seed, house seed), {_seeds_example()}.")
    if isinstance(seeds, (str, bytes)) or not isinstance(seeds, Collection) or len(seeds) != 2:
        raise Wrong(f"Give seeds as a pair (base seed, house seed), {_seeds_example()}.")
    base_seed, house_seed = seeds
    for s in (base_seed, house_seed):
        if isinstance(s, bool) or not isinstance(s, int) or s < 0:
            raise Wrong(f"A seed is a whole number 0 or more, not {_shown(s)}.")
        if s > MAX_SEED:
            raise Wrong(f"A seed is a whole number from 0 to {MAX_SEED:,} (2**64 - 1): choose a smaller one, {_seeds_example()}.")
    if base_seed == house_seed:
        raise Wrong("Choose two different seeds: the same seed replays the same deals, so the runs would not be independent.")
    return base_seed, house_seed


def _read_hands(hands: object, bots: str) -> int:
    from ..simulate.run import BATCH_POLICIES

    most = MAX_HANDS if bots in BATCH_POLICIES else MAX_ENGINE_HANDS
    if isinstance(hands, bool) or not isinstance(hands, int):
        raise Wrong(f"Give hands as a whole number of hands for each run, from {MIN_HANDS:,} to {most:,} with bots={bots!r} "
                    f"(e.g. hands = 20_000), not {_shown(hands)}.")
    if hands < MIN_HANDS:
        raise Wrong(f"Plan at least {MIN_HANDS:,} hands for each run, so that the interval is narrow enough to say something.")
    if hands > most:
        many = f"{hands:,} hands is" if hands.bit_length() <= 64 else "That many hands is"  # not thousands of digits
        raise Wrong(f"{many} more than the check will run again with bots={bots!r}: plan {MIN_HANDS:,} to {most:,} hands "
                    "(hands = 20_000 is plenty).")
    return hands


def _read_bots(bots: object) -> str:
    from ..bots.registry import canonical_name

    try:
        name = canonical_name(bots)
    except Exception:
        raise Wrong(f"Give bots as one bot's name, one of {', '.join(repr(b) for b in PLAN_BOTS)} "
                    f"(e.g. bots = \"random\"), not {_shown(bots)}.") from None
    if name not in PLAN_BOTS:
        raise Wrong(_FAST_BOTS)
    return name


_FAST_BOTS = (f"Give bots as one of {', '.join(repr(b) for b in PLAN_BOTS)}, the players this worksheet names: the "
              f"sampling bots ('medium', 'expert') take one to several seconds a hand, hours for {MIN_HANDS:,} hands, "
              "and the check runs each run again.")


def _read_plan(metric: object, prediction: object, seeds: object, hands: object, bots: object) -> Plan:
    metric = read_text(metric, METRICS)
    prediction = read_text(prediction, PREDICTIONS)
    seeds = _read_seeds(seeds)
    players = _read_bots(bots)
    return Plan(metric, prediction, seeds, _read_hands(hands, players), players)


def _plan_history() -> list[list[Any]]:
    """The session's distinct plans as Q2's correct results recorded them, in order: ``[record, looked]`` each, where
    ``looked`` says that Q3's check accepted runs while that plan was the latest (a plan checked again unchanged
    is the same plan). Read from the checks' results, so that :func:`~hearts_lab.exercises.checks.reset` forgets it."""
    history: list[list[Any]] = []
    for r in results(WS):
        if r.question == "Q2" and r.status == "correct" and isinstance(r.made, dict):
            plan = {k: r.made.get(k) for k in PLAN_FIELDS}
            if not history or history[-1][0] != plan:
                history.append([plan, False])
        elif r.question == "Q3" and r.status == "correct" and history:
            history[-1][1] = True
    return history


def _plan_made(metric: object, prediction: object, seeds: object, hands: object, bots: object) -> dict[str, Any] | None:
    """Q2's stored record: the plan given (:meth:`Plan.record`; ``None`` if it cannot be read), its number among the
    distinct plans of the checks' results (``plan``) and the last :data:`EARLIER_SHOWN` earlier ones (``earlier``,
    each with ``looked``: Q3 had accepted runs of it), and what the kernel's session counted however many plans came
    and whatever :func:`~hearts_lab.exercises.checks.reset` cleared (:class:`_Session`: ``plans``,
    ``looked_then_replanned``, ``last_looked``), so that the teacher's side sees a plan changed after a look.

    >>> from hearts_lab.exercises.checks import reset
    >>> reset("ws5"); _ = use_variant(None)
    >>> _plan_made("moon rate", "increase", (1, 2), 20_000, "random")["plan"]
    1
    """
    try:
        plan = _read_plan(metric, prediction, seeds, hands, bots).record()
    except Wrong:
        return None
    history = _plan_history()  # this check's own result is not among them yet
    if history and history[-1][0] == plan:
        history = history[:-1]
    earlier = [{**record, "looked": looked} for record, looked in history[-EARLIER_SHOWN:]]
    return {**plan, "plan": len(history) + 1, "earlier": earlier, **_SESSION.record()}


@question(WS, "Q2", "What will you measure, what do you predict, and how will you simulate?", made=_plan_made, hints=(
    "Pick what your rule should change and say which way before you look; then fix how Q3 will simulate: "
    "the seeds, the number of hands and the players.",
    f"metric is one of {', '.join(repr(m) for m in METRICS)}; prediction one of {', '.join(repr(p) for p in PREDICTIONS)}; "
    "seeds a pair of different whole numbers (in a class copy, seeds = ws5.my_seeds()); "
    f"hands a whole number from {MIN_HANDS:,}; bots a bot's name.",
    "Any honest prediction counts. A sound plan for the rest: seeds = (11, 12) (in a class copy, seeds = ws5.my_seeds()), "
    "hands = 20_000, bots = \"random\". Write it all down before you simulate: Q3 takes runs of this plan only.",
))
def check_q2(metric: object, prediction: object, seeds: object, hands: object, bots: object) -> str:
    """Q2's plan: a metric from :data:`METRICS`, a prediction from :data:`PREDICTIONS` (any honest prediction
    counts), the two seeds Q3 will use, ``(base seed, house seed)`` (in a class copy, the copy's own:
    :func:`my_seeds`), the number of hands of each run and the players (``bots``). The check records the plan;
    it cannot know whether anything was simulated before.

    >>> from hearts_lab.exercises.checks import reset
    >>> reset("ws5"); _ = use_variant(None)
    >>> check_q2("moon rate", "decrease", (11, 12), 20_000, "random").message.split(" Q3 takes")[0]
    "Recorded your plan: 'moon rate', predicted 'decrease', seeds 11 (base) and 12 (house), 20,000 hands each with bots='random'."
    >>> print(check_q2("moon rate", "decrease", (11, 12), 40_000, "random").message.split(". ", 2)[2])  # doctest: +ELLIPSIS
    This is plan ... of this session. The notebook keeps with this output, as data not shown on screen, how many plans you recorded since the kernel started... and up to 5 of your latest earlier plans: say why you changed your plan in your write-up.
    >>> reset("ws5")
    """
    plan = _read_plan(metric, prediction, seeds, hands, bots)
    if _current is not None and plan.seeds != _current.seeds:
        raise Wrong(f"Your copy draws your seeds for you: seeds = ws5.my_seeds(), that is {_current.seeds}. "
                    "Every student has their own pair, so that nobody can try pairs until one shows an effect.")
    history = _plan_history()
    if history and history[-1][0] == plan.record():
        history = history[:-1]
    own = " (your copy's own seeds)" if _current is not None else ""
    said = f"Recorded your plan: {plan.shown()}{own}. Q3 takes runs of this plan only."
    after = _Session(_SESSION.plans, _SESSION.looked_then_replanned, _SESSION.last_looked, _SESSION.latest, _SESSION.looked)
    after.planned(plan)
    number = max(len(history) + 1, after.plans)
    if number > 1:
        looked = after.looked_then_replanned > 0 or any(seen for _, seen in history)
        said += (f" This is plan {number:,} of this session. The notebook keeps with this output, as data not shown on "
                 "screen, how many plans you recorded since the kernel started"
                 + (", that Q3 had accepted runs of an earlier plan," if looked else "")
                 + f" and up to {EARLIER_SHOWN} of your latest earlier plans: say why you changed your plan in your write-up.")
    # kept only once the message is made: a plan that cannot be shown is not recorded
    _SESSION.planned(plan)
    if not _PLANS or _PLANS[-1] != plan:
        _PLANS.append(plan)
    return said


#: The players a check can simulate again by name (a result's ``policy``).
REPLAYABLE_BOTS = bot_names()  # every named bot is seeded, so a check can replay it
#: Runs already repeated in this session: ``(rules, hands, seed, policy, method) -> result``.
_REPEATED: dict[tuple[Any, ...], Any] = {}


def _read_result(value: object, name: str) -> Any:
    """``value`` verified by running the same simulation again (a made-up or edited result is refused): the check's
    own run, equal to ``value``."""
    from ..arguments import check_option
    from ..simulate import SimulationResult, simulate
    from ..simulate.run import BATCH_POLICIES, METHODS

    if not isinstance(value, SimulationResult):
        raise Wrong(f"{name} should be what simulate(...) returned, not {type(value).__name__}.")
    if not isinstance(value.rules, Rules) or isinstance(value.seed, bool) or not isinstance(value.seed, int):
        raise Wrong(f"{name} should be one simulate(...) run with one seed, unchanged (not several merged runs).")
    if value.policy not in PLAN_BOTS:
        raise Wrong(f"Simulate with bots= one of {', '.join(repr(b) for b in PLAN_BOTS)}, so the check can run {name} again "
                    "with its seed in reasonable time (the players Q2's plan takes).")
    if isinstance(value.hands, bool) or not isinstance(value.hands, int) or value.hands < 1:
        raise Wrong(f"{name} should be what simulate(...) returned, unchanged.")
    if any(sum(seat.values()) != value.hands for seat in value.points):
        raise Wrong(f"{name}'s counts do not add up to its {value.hands:,} hands: give the result simulate(...) returned, unchanged.")
    most = MAX_HANDS if value.policy in BATCH_POLICIES else MAX_ENGINE_HANDS
    if value.hands > most:
        raise Wrong(f"{name} has {value.hands:,} hands, more than the check will run again with {value.policy!r} players; "
                    f"{MIN_HANDS:,} to {most:,} is plenty.")
    key = (value.rules, value.hands, value.seed, value.policy, value.method)
    if key not in _REPEATED:
        method = check_option(value.method, METHODS, "method")  # a result's own record of its method
        _REPEATED[key] = simulate(value.rules, value.hands, bots=value.policy, seed=value.seed, method=method)
    if _REPEATED[key] != value:
        raise Wrong(f"{name} does not match a fresh run with the same rules, hands, players and seed. Give the result simulate(...) returned, unchanged.")
    return _REPEATED[key]


def _both_runs(base_result: object, house_result: object, *context: object) -> dict[str, Any] | None:
    """Q3's stored record (and Q4-Q6's, :func:`_runs_given`): what the base run was made from
    (:func:`~hearts_lab.exercises.checks.made_of`) and the house run's seed (``house_seed``), so the teacher's seeds
    row checks both seeds against the copy's own pair (the kernel's ``_current`` can be changed in ways the
    teacher's reader does not follow; the runs' seeds cannot).

    >>> from hearts_lab.simulate import simulate
    >>> four = Rules.preset("standard", players=4)
    >>> made = _both_runs(simulate(four, 2, bots="random", seed=3), simulate(four, 2, bots="random", seed=4))
    >>> made["seed"], made["house_seed"]
    (3, 4)
    """
    made = made_of(base_result)
    house_seed = getattr(house_result, "seed", None)
    if made is None or not isinstance(house_seed, int) or isinstance(house_seed, bool):
        return made
    made = {**made, "house_seed": int(house_seed)}
    house = made_of(house_result) or {}
    for name, key in (("rules", "house_rules"), ("method", "house_method")):
        if name in house:
            made[key] = house[name]
    return made


def _runs_and_rules(base_result: object, house_result: object, *context: object) -> dict[str, Any] | None:
    """Q3's stored record: the runs (:func:`_both_runs`) and the two rule sets themselves, ``rules_records``
    (``{"base": ..., "house": ...}``, each :func:`~hearts_lab.exercises.checks.rules_record`, or ``None`` for rules
    too long to keep), so that the teacher's side can simulate the plan again (its re-run row) and check them
    against the fingerprints beside them (``rules``, ``house_rules``).

    >>> from hearts_lab.simulate import simulate
    >>> four = Rules.preset("standard", players=4)
    >>> made = _runs_and_rules(simulate(four, 2, bots="random", seed=3), simulate(four, 2, bots="random", seed=4))
    >>> Rules.from_dict(made["rules_records"]["house"]) == four, made["house_rules"] == made["rules"]
    (True, True)
    """
    made = _both_runs(base_result, house_result)
    if made is None:
        return None
    records = {}
    for label, run in (("base", base_result), ("house", house_result)):
        rules = getattr(run, "rules", None)
        records[label] = rules_record(rules) if isinstance(rules, Rules) else None
    return {**made, "rules_records": records}


@question(WS, "Q3", "Simulate both rule sets", made=_runs_and_rules, hints=(
    "Two simulations: one with base, one with house, as Q2 planned them (its seeds, hands and bots).",
    "simulate(base, hands, bots=bots, seed=seeds[0]) and simulate(house, hands, bots=bots, seed=seeds[1]), with the "
    "hands, bots and seeds of Q2's plan.",
    "base_result = simulate(base, hands, bots=bots, seed=seeds[0]); house_result = simulate(house, hands, bots=bots, seed=seeds[1]).",
))
def check_q3(base_result: object, house_result: object, base: object, house: object, seeds: object) -> None:
    """Both results come from :func:`~hearts_lab.simulate.simulate` on ``base`` and ``house``, fairly, as Q2's
    plan says: with its ``seeds``, its number of hands (the same for both) and its players."""
    planned = _read_seeds(seeds)
    if not _PLANS or not any(r.question == "Q2" and r.status == "correct" for r in results(WS)):
        raise Wrong("Run Q2's check first: it records your plan (metric, prediction, seeds, hands and bots) before you simulate.")
    plan = _PLANS[-1]
    if planned != plan.seeds:
        raise Wrong(f"Q2's plan has the seeds {plan.seeds}, not {planned}: simulate with those"
                    + (" (your copy's own)." if _current is not None else
                       ", or, if you changed your plan, run Q2's check again with the new plan and say why in your write-up."))
    b = _read_result(base_result, "base_result")
    h = _read_result(house_result, "house_result")
    if b.rules != base:
        raise Wrong("base_result was not simulated with your base rules: pass base to simulate().")
    if h.rules != house:
        raise Wrong("house_result was not simulated with your house rules: pass house to simulate().")
    _different_rules(b, h)
    for name, r in (("base_result", b), ("house_result", h)):
        if r.hands < MIN_HANDS:
            raise Wrong(f"{name} has {r.hands:,} hands; simulate at least {MIN_HANDS:,} so the interval is narrow enough to say something.")
    if b.policy != h.policy:
        raise Wrong(f"Use the same players for both ({b.policy!r} vs {h.policy!r}); otherwise you measure the bots, not the rule.")
    if b.seed == h.seed:
        raise Wrong(
            "Use different seeds for the two runs: the interval in Q5 assumes two independent samples, and the same "
            "seed replays the same deals."
        )
    if (b.seed, h.seed) != planned:
        raise Wrong(f"Your runs use the seeds {b.seed} (base) and {h.seed} (house), but Q2 recorded {planned[0]} and {planned[1]}: "
                    "simulate with those.")
    new_plan = f"To change it (more hands, say), run Q2's check again with the new plan first ({_KEPT}), then Q3, Q4, Q5 and Q6."
    if b.policy != plan.bots:
        raise Wrong(f"Your runs use bots={b.policy!r}, but Q2's plan says bots={plan.bots!r}: simulate with those. {new_plan}")
    wrong = [f"{name} has {r.hands:,}" for name, r in (("base_result", b), ("house_result", h)) if r.hands != plan.hands]
    if wrong:
        raise Wrong(f"Q2's plan says {plan.hands:,} hands for each run, but {' and '.join(wrong)}: simulate with "
                    f"hands={plan.hands:_}. {new_plan}")
    _ACCEPTED_RUNS[:] = [(b, h, plan)]  # the latest accepted pair is the one Q4-Q6 take
    _SESSION.accepted(plan)


def _with_metric(made: dict[str, Any] | None, metric: object) -> dict[str, Any] | None:
    """A Q4-Q6 record with the metric given (read as the checks read it), for the teacher's side to compare with
    Q2's plan."""
    if made is None:
        return None
    try:
        return {**made, "metric": read_text(metric, METRICS)}
    except Wrong:
        return made


def _runs_given(answer: object, base_result: object, house_result: object, metric: object = None,
                *context: object) -> dict[str, Any] | None:
    """Q4's and Q5's stored record: the runs given (:func:`_both_runs`), which the teacher's seeds row checks as
    Q3's, and the metric given."""
    return _with_metric(_both_runs(base_result, house_result), metric)


def _effect_given(effect: object, base_result: object, house_result: object, metric: object = None,
                  *context: object) -> dict[str, Any] | None:
    """Q4's stored record: :func:`_runs_given`, and the effect given (``effect``, a float: the stored answer keeps no
    float), which the teacher's re-run row compares with the effect of its own runs (:func:`judge_effect`)."""
    made = _runs_given(effect, base_result, house_result, metric)
    try:
        value = read_estimate(effect)
    except Wrong:
        return made
    return made if made is None else {**made, "effect": value}


def _interval_given(interval: object, base_result: object, house_result: object, metric: object = None,
                    *context: object) -> dict[str, Any] | None:
    """Q5's stored record: :func:`_runs_given`, and the interval given as the check reads it (``interval``: two
    floats, ``[low, high]``), which the teacher's re-run row compares with its own runs' (:func:`judge_interval`). The
    stored answer keeps a pair only when both ends are non-integral floats: a numpy array, an end ``0`` or a text
    ``"1/4"`` would leave the row nothing to compare.

    >>> from hearts_lab.simulate import simulate
    >>> four = Rules.preset("standard", players=4)
    >>> b, h = simulate(four, 2, bots="random", seed=3), simulate(four, 2, bots="random", seed=4)
    >>> _interval_given((0, "1/4"), b, h, "moon rate")["interval"]
    [0.0, 0.25]
    """
    made = _runs_given(interval, base_result, house_result, metric)
    try:
        low, high = _read_pair(interval)
    except Wrong:
        return made
    return made if made is None else {**made, "interval": [low, high]}


def _runs_given_q6(conclusion: object, interval: object, base_result: object, house_result: object,
                   metric: object = None, *context: object) -> dict[str, Any] | None:
    """Q6's stored record: the runs given (:func:`_both_runs`), which the teacher's seeds row checks as Q3's, and
    the metric given."""
    return _with_metric(_both_runs(base_result, house_result), metric)


def _described(run: Any) -> str:
    seed, hands = getattr(run, "seed", None), getattr(run, "hands", None)
    hands_shown = f"{hands:,}" if isinstance(hands, int) and not isinstance(hands, bool) else _shown(hands)
    return f"seed {_shown(seed)}, {hands_shown} hands"


def q3_runs(base_result: object, house_result: object, metric: str | None = None) -> tuple[Any, Any]:
    """The two runs Q3's check accepted last in this session, if ``base_result`` and ``house_result`` are those
    runs (equal to them) and Q2's plan is still the one they were run for (and ``metric``, if given, is its
    metric); else :class:`~hearts_lab.exercises.checks.Wrong` saying why. Q4, Q5 and Q6 take no other runs and
    no other metric, so that the effect is measured as planned in Q2, not on runs or a metric tried until it
    shows one. A new Q2 plan, recorded after Q3 accepted the runs, needs runs of that plan checked in Q3.

    >>> from hearts_lab.exercises.checks import reset
    >>> from hearts_lab.simulate import simulate
    >>> reset("ws5"); _ = use_variant(None)
    >>> four = Rules.preset("standard", players=4)
    >>> house = Rules.preset("standard", players=4, first_trick_points=True)
    >>> b, h = simulate(four, MIN_HANDS, bots="random", seed=1), simulate(house, MIN_HANDS, bots="random", seed=2)
    >>> q3_runs(b, h)
    Traceback (most recent call last):
    ...
    hearts_lab.exercises.checks.Wrong: First get Q3 right: Q4, Q5 and Q6 take only the two runs its check accepted (base_result and house_result, simulated as Q2 planned).
    >>> _ = check_q2("moon rate", "increase", (1, 2), MIN_HANDS, "random"), check_q3(b, h, four, house, (1, 2))
    >>> q3_runs(b, h) == (b, h)
    True
    >>> q3_runs(b, simulate(house, MIN_HANDS, bots="random", seed=7))
    Traceback (most recent call last):
    ...
    hearts_lab.exercises.checks.Wrong: house_result is not the run Q3 accepted (house: seed 2, 10,000 hands; you gave: seed 7, 10,000 hands). Q4, Q5 and Q6 take Q3's two runs only, so that the effect is measured on the runs planned in Q2: give base_result and house_result as Q3 checked them. For new runs (more hands, say), record their plan in Q2 and check them in Q3 first.
    >>> q3_runs(b, h, "unclaimed rate")
    Traceback (most recent call last):
    ...
    hearts_lab.exercises.checks.Wrong: Q2's plan measures 'moon rate', not 'unclaimed rate': Q4, Q5 and Q6 take the metric you chose before simulating. To measure another, record a new plan in Q2 (the notebook keeps a record of your plans with Q2's output, as data not shown on screen), then check Q3 again.
    >>> reset("ws5"); _ = use_variant(None)
    """
    from ..simulate import SimulationResult

    for value, name in ((base_result, "base_result"), (house_result, "house_result")):
        if type(value) is not SimulationResult:  # exactly: equality is then the dataclass's, field by field
            raise Wrong(f"{name} should be what simulate(...) returned, not {type(value).__name__}.")
    _different_rules(base_result, house_result)
    if not _ACCEPTED_RUNS or not any(r.question == "Q3" and r.status == "correct" for r in results(WS)):
        raise Wrong("First get Q3 right: Q4, Q5 and Q6 take only the two runs its check accepted (base_result and "
                    "house_result, simulated as Q2 planned).")
    b, h, plan = _ACCEPTED_RUNS[-1]
    if _PLANS and _PLANS[-1] != plan:
        raise Wrong(f"Q2 recorded a new plan ({_PLANS[-1].shown()}) after Q3 accepted your runs: simulate as it says "
                    "and check those runs in Q3 first.")
    if b == base_result and h == house_result:
        if metric is not None and metric != plan.metric:
            raise Wrong(f"Q2's plan measures {plan.metric!r}, not {metric!r}: Q4, Q5 and Q6 take the metric you chose "
                        f"before simulating. To measure another, record a new plan in Q2 ({_KEPT}), then check Q3 again.")
        return b, h
    if b == house_result and h == base_result:
        raise Wrong("Those are Q3's two runs the other way round: base_result is the run of base, house_result the run of house.")
    other = [(name, run, given, label) for name, given, run, label in (("base_result", base_result, b, "base"),
                                                                         ("house_result", house_result, h, "house"))
             if run != given]
    names = " and ".join(name for name, _, _, _ in other)
    runs = "; ".join(f"{label}: {_described(run)}" for _, run, _, label in other)
    gave = (f"you gave: {_described(other[0][2])}" if len(other) == 1 else
            "you gave " + " and ".join(f"{label}: {_described(given)}" for _, _, given, label in other))
    raise Wrong(f"{names} {'is not the run' if len(other) == 1 else 'are not the runs'} Q3 accepted ({runs}; {gave}). Q4, Q5 and Q6 take Q3's two runs only, so that the effect is measured on the runs planned in "
                "Q2: give base_result and house_result as Q3 checked them. For new runs (more hands, say), record their plan "
                "in Q2 and check them in Q3 first.")


def _different_rules(base_result: Any, house_result: Any) -> None:
    """Refuse two runs of the same rules: comparing base with itself measures no house rule."""
    if base_result.rules == house_result.rules:
        raise Wrong("Both results simulate the same rules. Simulate base for base_result and your house rule for house_result.")


def _read_pair(interval: object) -> tuple[float, float]:
    """``(low, high)``; rate_difference's whole result (difference, low, high) is refused, saying what to take
    (rev-ws4 #9: its first two numbers are the difference and the low end, not an interval)."""
    if isinstance(interval, RateDifference):
        raise Wrong("That is rate_difference's whole result: the difference, then the two ends. Give the interval as its "
                    "two ends, (d.low, d.high), where d is what rate_difference returned.")
    if isinstance(interval, (str, bytes)) or not isinstance(interval, Collection) or len(interval) != 2:
        raise Wrong("Give the interval as a pair (low, high).")
    low, high = (read_estimate(v) for v in interval)
    if low > high:
        raise Wrong("Write the interval low end first: (low, high).")
    return low, high


def _counts(result: Any, metric: str) -> tuple[int, int]:
    return METRICS[metric](result), result.hands


def _effect(base_result: Any, house_result: Any, metric: str) -> float:
    return metric_value(house_result, metric) - metric_value(base_result, metric)


def judge_effect(effect: object, base_result: Any, house_result: Any, metric: str) -> None:
    """Whether ``effect`` is ``metric`` under the house run minus under the base run: returns, or raises
    :class:`~hearts_lab.exercises.checks.Wrong` naming the slip. Q4's check and the teacher's re-run row
    (:mod:`~hearts_lab.exercises.classroom`) both judge with it, on the student's runs and the teacher's own.

    >>> from hearts_lab.simulate import simulate
    >>> four = Rules.preset("standard", players=4)
    >>> b, h = simulate(four, 2_000, seed=1), simulate(four, 2_000, seed=2)
    >>> judge_effect(metric_value(h, "moon rate") - metric_value(b, "moon rate"), b, h, "moon rate")
    >>> judge_effect(metric_value(b, "moon rate") - metric_value(h, "moon rate") + 0.5, b, h, "moon rate")
    Traceback (most recent call last):
    ...
    hearts_lab.exercises.checks.Wrong
    """
    value = read_estimate(effect)
    want = _effect(base_result, house_result, metric)
    if math.isclose(value, want, abs_tol=1e-9):
        return
    if math.isclose(value, -want, abs_tol=1e-9) and want != 0:
        raise Wrong("Wrong sign: the effect is house minus base (positive when your rule increases the metric).")
    counts = METRICS[metric](house_result) - METRICS[metric](base_result)
    if math.isclose(value, counts, abs_tol=1e-9):
        raise Wrong("That is a difference of counts. Divide each count by its number of hands first: compare rates.")
    if math.isclose(value, 100 * want, abs_tol=1e-6):
        raise Wrong("Give the difference of the two rates as a fraction, not in percentage points.")
    if math.isclose(value, metric_value(house_result, metric), abs_tol=1e-9) or math.isclose(value, metric_value(base_result, metric), abs_tol=1e-9):
        raise Wrong("That is one run's rate. The effect is the difference: house minus base.")
    raise Wrong()


@question(WS, "Q4", "The effect", made=_effect_given, hints=(
    "The effect compares two rates, not two counts.",
    "Rate = count / hands for each run (metric_value does it); the effect is house minus base.",
    "effect = ws5.metric_value(house_result, metric) - ws5.metric_value(base_result, metric).",
))
def check_q4(effect: object, base_result: object, house_result: object, metric: object) -> None:
    """``effect`` = the metric under ``house`` minus the metric under ``base``, from the two results Q3 accepted
    (:func:`q3_runs`)."""
    metric = read_text(metric, METRICS)
    base_result, house_result = q3_runs(base_result, house_result, metric)
    judge_effect(effect, base_result, house_result, metric)


def _interval(base_result: Any, house_result: Any, metric: str) -> tuple[float, float]:
    """The 95% interval for house - base: :func:`hearts_lab.stats.rate_difference` (Newcombe, independent samples)."""
    (xb, nb), (xh, nh) = _counts(base_result, metric), _counts(house_result, metric)
    d = rate_difference(xh, nh, xb, nb)
    return d.low, d.high


def _close(got: tuple[float, float], want: tuple[float, float], centre: float) -> bool:
    """Each end within :data:`INTERVAL_TOLERANCE` of the correct half-width on its side."""
    (low, high), (want_low, want_high) = got, want
    tol_low = INTERVAL_TOLERANCE * max(centre - want_low, 1e-12)
    tol_high = INTERVAL_TOLERANCE * max(want_high - centre, 1e-12)
    return abs(low - want_low) <= tol_low and abs(high - want_high) <= tol_high


def judge_interval(interval: object, base_result: Any, house_result: Any, metric: str) -> tuple[float, float]:
    """``interval`` as ``(low, high)`` if each end lies within :data:`INTERVAL_TOLERANCE` of the half-width of
    :func:`hearts_lab.stats.rate_difference`'s interval for house minus base (:func:`_close`), else
    :class:`~hearts_lab.exercises.checks.Wrong` naming the slip. Q5's and Q6's checks and the teacher's re-run row
    (:mod:`~hearts_lab.exercises.classroom`) all judge with it.

    >>> from hearts_lab.simulate import simulate
    >>> four = Rules.preset("standard", players=4)
    >>> b, h = simulate(four, 2_000, seed=1), simulate(four, 2_000, seed=2)
    >>> judge_interval(_interval(b, h, "moon rate"), b, h, "moon rate") == _interval(b, h, "moon rate")
    True
    """
    low, high = _read_pair(interval)
    effect = _effect(base_result, house_result, metric)
    want = _interval(base_result, house_result, metric)
    if _close((low, high), want, effect):
        return low, high
    (xb, nb), (xh, nh) = _counts(base_result, metric), _counts(house_result, metric)
    pb, ph = xb / nb, xh / nh
    var_b, var_h = pb * (1 - pb) / nb, ph * (1 - ph) / nh
    slips = [
        ((-want[1], -want[0]), "That interval is for base - house. The effect is house - base: swap the two runs in rate_difference."),
        (wilson_interval(xh, nh), "That is the interval for the house rate alone. The effect is a difference of two uncertain rates: use rate_difference(house count, house hands, base count, base hands)."),
        (wilson_interval(xb, nb), "That is the interval for the base rate alone. Use rate_difference for the difference of the two rates."),
        ((effect - _Z95 * math.sqrt(var_h), effect + _Z95 * math.sqrt(var_h)), "Both rates are uncertain, but your interval has only one of their variances: it is too narrow. Use rate_difference, which combines both."),
        ((effect - _Z95 * math.sqrt(var_b), effect + _Z95 * math.sqrt(var_b)), "Both rates are uncertain, but your interval has only one of their variances: it is too narrow. Use rate_difference, which combines both."),
        ((effect - _Z95 * (var_b + var_h), effect + _Z95 * (var_b + var_h)), "Take the square root of the summed variances before multiplying by 1.96 - or use rate_difference."),
        ((100 * want[0], 100 * want[1]), "Give the interval as fractions, not in percentage points."),
    ]
    for candidate, text in slips:
        if _close((low, high), candidate, (candidate[0] + candidate[1]) / 2):
            raise Wrong(text)
    if not low <= effect <= high:
        raise Wrong("Your interval does not contain your effect: it should be around house - base.")
    if min(xb, xh) == 0 and _close((low, high), (effect - _Z95 * math.sqrt(var_b + var_h), effect + _Z95 * math.sqrt(var_b + var_h)), effect):
        raise Wrong("With a count of 0 the normal approximation (effect ± 1.96·SE) fails: one rate looks certain when it is not. Use rate_difference.")
    raise Wrong()


@question(WS, "Q5", "A 95% interval for the effect", made=_interval_given, note=f"each end within {INTERVAL_TOLERANCE:.0%} of the half-width of rate_difference's interval", hints=(
    "Both rates are estimates, so their difference is uncertain too - more than either rate alone.",
    "rate_difference(successes_a, trials_a, successes_b, trials_b) gives a - b with a 95% interval for two independent samples; a is house, b is base.",
    "d = rate_difference(ws5.metric_count(house_result, metric), house_result.hands, ws5.metric_count(base_result, metric), base_result.hands); interval = (d.low, d.high).",
))
def check_q5(interval: object, base_result: object, house_result: object, metric: object) -> None:
    """(low, high): a 95% interval for the effect, close to :func:`hearts_lab.stats.rate_difference`'s, from the two
    results Q3 accepted (:func:`q3_runs`)."""
    metric = read_text(metric, METRICS)
    base_result, house_result = q3_runs(base_result, house_result, metric)
    judge_interval(interval, base_result, house_result, metric)


@question(WS, "Q6", "What do you conclude?", made=_runs_given_q6, hints=(
    "Where does 0 lie compared with your interval?",
    "Claim an increase only if the whole interval lies above 0, a decrease only if it lies below 0; otherwise the data cannot tell.",
    "'increase' if low > 0, 'decrease' if high < 0, else 'no clear effect'.",
))
def check_q6(conclusion: object, interval: object, base_result: object, house_result: object, metric: object) -> None:
    """``increase``/``decrease`` only if the student's (correct) interval lies above/below 0, else ``no clear effect``;
    the interval is judged on the two results Q3 accepted (:func:`q3_runs`)."""
    said = read_text(conclusion, CONCLUSIONS)
    metric = read_text(metric, METRICS)
    base_result, house_result = q3_runs(base_result, house_result, metric)
    try:
        low, high = judge_interval(interval, base_result, house_result, metric)
    except Wrong:
        raise Wrong("First get your interval right (Q5): a conclusion can only be as good as the interval it reads.") from None
    want = "increase" if low > 0 else "decrease" if high < 0 else "no clear effect"
    if said == want:
        return
    if want == "no clear effect":
        raise Wrong(
            "Your interval contains 0: the data are consistent with no effect at all. Say 'no clear effect'. "
            "Simulating more hands because this run showed none, until one does, is the shopping Q2 warns about: "
            "a larger run belongs in a new plan decided in advance, reported whatever it shows."
        )
    if said == "no clear effect":
        raise Wrong("Your whole interval lies on one side of 0: the data do show an effect. Which way?")
    raise Wrong(f"Your whole interval lies {'above' if low > 0 else 'below'} 0: which way does that move the metric?")
