"""Worksheet 4 checks: moon odds, exact and estimated.

Exact counts and probabilities (Q1-Q3, Q6) are known to the checks only as
salted digests (see :func:`~hearts_lab.exercises.checks._matches`), like
worksheet 3: the generic copy's in the package, a student's own copy's (their
own table, suit, limit, named cards and threshold) in the key line their
teacher's class wrote into it (:func:`use_variant`). The scores of Q4 and Q5 are computed by the engine when the check
runs: a choice between two moons has too few plausible answers for a digest to
hide (anyone could try them all against it offline in seconds). Estimates are
accepted only as the result of the dealing or simulation the question asks
for: Q7 takes the :class:`~hearts_lab.exercises.sampling.Count` that
``deal_hands(...).count(event)`` returns and deals the same hands again to
verify it; Q8 takes the :class:`~hearts_lab.simulate.SimulationResult` of
``simulate(...)`` and runs the same simulation again. A typed number, or the
exact value, is refused with a sentence saying why.

>>> check_q8(0.01).message
'A typed number cannot show how it was made. Give the result that simulate(...) returned (not its moon_rate), so the check can run your simulation again with its seed.'
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any, cast

import sympy

from ..cards import QUEEN_OF_SPADES, Card
from ..rules import MoonPolicy, Rules
from ..scoring import score_hand
from ..wording import noun
from .checks import (
    HINTS,
    QUESTIONS,
    Recorded,
    Wrong,
    _matches,
    call_count,
    exact_value,
    hint as _hint,
    judge_made,
    look_up,
    question,
    read_key_line,
    read_seats,
    variant_digest as _variant_digest,
)
from .sampling import Count, deal_hands, made_by_call
from .variants import WS4_PRESETS, Ws4Variant, check_seed, moon_scores, ws4_q3_rules, ws4_variant

__all__ = [
    "SCORES_BEFORE",
    "GENERIC",
    "use_variant",
    "question_text",
    "rules_of",
    "slip_names",
    "SHOOTER",
    "Q7_MIN_DEALS",
    "Q8_RULES",
    "Q8_MIN_HANDS",
    "MAX_DEALS",
    "MAX_HANDS",
    "deal_hands",
    "hint",
    "check_q1",
    "check_q2",
    "check_q3",
    "check_q4",
    "check_q5",
    "check_q6",
    "check_q7",
    "check_q8",
]

WS = "ws4"
STANDARD_4 = Rules.preset("standard", players=4)
#: Q4, Q5 of the generic copy; a student's own copy calls use_variant(seed) first (hearts_lab.exercises.variants).
GENERIC = Ws4Variant(q4=((71, 58, 83, 90), 1))
_current = GENERIC
_seed: int | None = None
#: A student's variant: per exact question, the digest of its answer and of each slip (from the key line of
#: the student's copy), or on the teacher's side the canonical values themselves. ``None``: generic.
_key: dict[str, dict[str, str]] | None = None
_key_is_values = False
_grading = False  # the teacher's re-grade: Q7/Q8 read a checks.Recorded count (use_variant(..., grading=True))
#: Q4, Q5: the scores before the hand in which seat :data:`SHOOTER` shoots the moon (target 100).
SCORES_BEFORE, SHOOTER = GENERIC.q4

_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen")
_SUIT = {"S": "spade", "C": "club", "D": "diamond"}
_NAMED = ("A♥", "K♥", "Q♥")  # Q6's named hearts, highest first


def _n(count: int, word: str) -> str:
    """``two spades``, ``one club``, ``no diamond``: a small count in words with its noun."""
    return f"{_WORDS[count]} {noun(count if count else 1, word)}"


def _and(items: list[str]) -> str:
    """``the A♥ and the K♥``, ``the A♥, the K♥ and the Q♥``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _table(players: int) -> Rules:
    return Rules.preset(WS4_PRESETS[players], players=players)


def rules_of(question: Any) -> Rules:
    """The ``Rules`` of the game question ``question`` (Q1-Q3, Q6, Q7) is about in this copy.

    >>> rules_of("Q1").players, rules_of(3).hand_size, rules_of("Q6").players
    (3, 26, 4)
    """
    key = str(question).strip().upper()
    key = key if key.startswith("Q") else f"Q{key}"
    if key in ("Q1", "Q2"):
        return _table(_current.q1[0])
    if key == "Q3":
        return ws4_q3_rules(_current.q3)
    if key in ("Q6", "Q7"):
        return STANDARD_4
    raise ValueError(f"question: Q1-Q3, Q6 or Q7 (Q4, Q5 and Q8 name their rules in the text), not {question!r}.")


def _exact_fields(v: Ws4Variant) -> dict[str, Any]:
    """What the exact questions' texts and hints of variant ``v`` say: only the question's own parameters."""
    players, suit, most, seat = v.q1
    rules = _table(players)
    word = _SUIT[suit]
    stripped = " and ".join(f"the {c}" for c in rules.removed)
    rules3 = ws4_q3_rules(v.q3)
    stripped3 = _and([f"the {c}" for c in rules3.removed]) if rules3.removed else ""
    named, least = v.q6
    hearts = [f"the {c}" for c in _NAMED[:named]]
    return {
        "q1_players": players, "q1_seat": seat, "q1_hand": rules.hand_size, "q1_preset": WS4_PRESETS[players],
        "q1_game": (f"standard Hearts with **{players} players** {stripped} is stripped" if rules.removed
                    else f"`{WS4_PRESETS[players]}` Hearts with **{players} players** nothing is stripped"),
        "q1_stripped": stripped, "q1_deck": len(rules.deck()), "q1_suit": word, "q1_suits": word + "s",
        "q1_limit": f"at most {_n(most, word)}", "q1_k_word": _WORDS[most], "q1_exactly": _n(most, word),
        "q1_cases": _and(["none", *_WORDS[1:most + 1]]).replace(" and ", " or "),
        "q1_fewer": _and(["none", *_WORDS[1:most]]).replace(" and ", " or "),
        "q1_also": "exactly one" if most == 1 else _and(list(_WORDS[1:most + 1])).replace(" and ", " or "),
        "q1_sum": "[" + " + ".join(["C(r, h − 13)", *(f"C(s, {i}) · C(r, h − 13 − {i})" for i in range(1, most + 1))]) + "]",
        "q1_seats": ", ".join(map(str, range(players))),
        "q1_any": "either of the two" if players == 2 else f"any of the {_WORDS[players]}",
        "q3_hand": rules3.hand_size, "q3_title": f"lowest-clubs, 2 players, {len(rules3.deck())} cards",
        "q3_game": ("`lowest-clubs` with **2 players** deals all 52 cards, 26 to each player" if not rules3.removed else
                    f"`lowest-clubs` with **2 players** and a house rule that strips {stripped3}\n"
                    f"(`ws4.rules_of(\"Q3\")`) deals {len(rules3.deck())} cards, {rules3.hand_size} to each player"),
        "q6_named": _and(hearts), "q6_cards": _and(["the Q♠", *hearts]), "q6_cards_but": _and(["the Q♠", *hearts[:-1]]),
        # q6_but and q6_all speak of the named hearts but the last: only where two or more are named (the ace-only slip)
        "q6_last": hearts[-1], "q6_but": _and(hearts[:-1]) if named > 1 else "", "q6_all": "both" if named == 2 else f"all {_WORDS[named]}",
        "q6_are": "is" if named == 1 else "are",
        "q6_least": least, "q6_least_word": _WORDS[least], "q6_least_cap": _WORDS[least].capitalize(),
        "q6_more": _n(least - named, "more heart"), "q6_more_count": least - named, "q6_high": 12 - named,
        "q6_named_count": _WORDS[named], "q6_named_in": " and ".join(f"{c} in h" for c in ("Q♠", *_NAMED[:named])),
    }


def slip_names(v: Ws4Variant) -> dict[str, tuple[str, ...]]:
    """The known slips of each exact question of variant ``v``, in the order its key line lists their digests.

    A slip that the variant cannot produce as its own value is left out: the full pack where nothing is stripped
    (it is the answer), Q6's ace-only slip where only the A♥ is named (it is the no-honours slip).

    >>> slip_names(GENERIC)["Q2"]
    ('one-seat', 'independent-seats', 'no-spade')
    """
    stripped = bool(_table(v.q1[0]).removed)
    return {
        "Q1": ("no-spade", "one-spade", "hearts-only", *(("full-pack",) if stripped else ()), "some-seat"),
        "Q2": ("one-seat", "independent-seats", "no-spade"),
        "Q3": ("no-high-spade-condition", "both", "exactly-one", "complement", "double-count", "queen-allowed"),
        # With the A♥ alone named, leaving out the last named heart is requiring none (the no-honours slip).
        "Q6": (*(("ace-only",) if v.q6[0] > 1 else ()), "no-honours", "exactly-four", "four-others", "no-queen"),
    }


#: The texts of the exact questions (the worksheet's markdown under each heading), filled in for the variant.
_EXACT_TEXTS = {
    "Q1": (
        "In {q1_game} and each seat gets {q1_hand} cards. What is the\n"
        "probability that **seat {q1_seat}** is dealt all 13 hearts and **{q1_limit}**?"
    ),
    "Q2": (
        "What is the probability that **some** seat ({q1_any}) is dealt all 13 hearts and {q1_limit}?"
    ),
    "Q3": (
        "{q3_game} — enough to be *dealt* the\n"
        "moon. A hand with all 13 hearts but **without** the Q♠ is not a dealt moon, but it can still shoot\n"
        "the moon if it captures the queen, and holding the A♠ or the K♠ helps. How many different {q3_hand}-card\n"
        "hands hold every heart, **not** the Q♠, and **at least one of the A♠ and K♠**?"
    ),
    "Q6": (
        "With 4 players nobody can be *dealt* the moon, but some hands make it tempting: the Q♠ together\n"
        "with the top hearts, which win heart tricks, and more hearts. What is the exact probability\n"
        "that **seat 0** is dealt the **Q♠ and at least {q6_least} hearts, {q6_named} among them**?"
    ),
}
_TITLES = {
    "Q1": "Seat {q1_seat} is dealt every heart and {q1_limit} ({q1_preset}, {q1_players} players)",
    "Q2": "Some seat is dealt every heart and {q1_limit} ({q1_preset}, {q1_players} players)",
    "Q3": "Every heart, no Q♠, but the A♠ or K♠ ({q3_title})",
}
#: The exact questions' hint ladders: level 1 a nudge, 2 the structure in words, 3 the method in symbols whose
#: values the student counts (never a formula that evaluates to the answer: tests/test_exercises_variants.py).
_EXACT_HINTS: dict[str, tuple[str, str, str]] = {
    "Q1": (
        "Which cards must be in seat {q1_seat}'s hand, which are limited, and which are free? Split 'at most {q1_k_word}' into its cases.",
        "The 13 hearts are in the hand. For each allowed number of {q1_suits} ({q1_cases}), choose that many {q1_suits} and fill the rest of the hand from the cards that are neither hearts nor {q1_suits}. Add the counts and divide by all of seat {q1_seat}'s possible hands.",
        "{q1_sum} / C(N, h), where N is the number of cards in this deck, h seat {q1_seat}'s hand size, s the number of {q1_suits} and r the number of cards that are neither hearts nor {q1_suits} (count them with ws4.rules_of(\"Q1\").deck()).",
    ),
    "Q2": (
        "Can two seats both hold every heart?",
        "The events 'seat s holds every heart and {q1_limit}' for s = {q1_seats} are disjoint. What do you do with disjoint events?",
        "{q1_players} × your answer to Q1.",
    ),
    "Q3": (
        "Which cards are fixed, which are forbidden? And 'at least one' is often easiest through its opposite.",
        "The 13 hearts are in the hand and the Q♠ is not: choose the rest of the hand from the cards that are neither. Then subtract the hands among those that hold neither the A♠ nor the K♠.",
        "C(m, h − 13) − C(m − 2, h − 13), where h is the hand size and m the number of cards that are neither a heart nor the Q♠ (the A♠ and K♠ among them).",
    ),
    "Q6": (
        "Which cards are fixed, and what must the rest of the hand hold?",
        "Sum over j, the number of hearts besides {q6_named} (enough for at least {q6_least_word} hearts in all): choose them from the other hearts, and the rest of the hand from the cards that are neither hearts nor the Q♠. Divide by all of seat 0's possible hands.",
        "Σ over j = {q6_more_count}..{q6_high} of C(o, j) · C(m, {q6_high} − j), divided by C(N, 13), where N is the number of cards in the deck, o the number of hearts other than {q6_named}, and m the number of cards that are neither hearts nor the Q♠.",
    ),
    "Q7": (
        "Deal many hands with deal_hands(rules, deals, seed=...) and count with .count(event), where event(hand) says True or False for seat 0's hand.",
        "Write event(hand) to test the conditions of Q6 on one hand: {q6_cards} are in it, and it holds at least {q6_least} hearts.",
        "deal_hands(Rules.preset('standard', players=4), {q7_size}, seed=<your seed>).count(lambda h: {q6_named_in} and (number of hearts in h) >= {q6_least}).",
    ),
}
#: Q8's ladder, in the copy's own terms (its number of hands and seed); level 3 leaves the seed to the student.
_Q8_HINTS = (
    "No formula gives this: simulate whole hands with simulate(rules, hands, bots='random', seed=...).",
    "Make the rules with Rules.preset('standard', players=4, first_trick_points=True), simulate {q8_hint_hands} hands with {q8_hint_seed}, and give the result itself.",
    "result = simulate(Rules.preset('standard', players=4, first_trick_points=True), {q8_size}, bots='random', seed=<your seed>); q8 = result.",
)
#: The exact questions' slip hints, in the question's own terms.
_EXACT_SLIPS: dict[str, dict[str, str]] = {
    "Q1": {
        "no-spade": "That counts the hands with no {q1_suit} at all. At most {q1_exactly} also allows {q1_also}.",
        "one-spade": "That counts the hands with exactly {q1_exactly}. At most {q1_k_word} also allows {q1_fewer}.",
        "hearts-only": "That counts every hand with all 13 hearts, whatever its {q1_suits}. Seat {q1_seat} may hold {q1_limit}.",
        "full-pack": "With {q1_players} players {q1_stripped} is stripped: the deck has {q1_deck} cards, not 52.",
        "some-seat": "That is the chance that *some* seat holds them; the question asks about seat {q1_seat} only.",
    },
    "Q2": {
        "one-seat": "That is the chance for one given seat (Q1). Any of the {q1_players} seats will do here.",
        "independent-seats": "Two seats cannot both hold every heart: the events are disjoint, so their chances simply add.",
        "no-spade": "The seats add up, but at most {q1_exactly} also allows {q1_also} (see Q1).",
    },
    "Q3": {
        "no-high-spade-condition": "That counts every hand with all the hearts and no Q♠. The hand must also hold the A♠ or the K♠ (or both).",
        "both": "That requires both the A♠ and the K♠. At least one of them is enough.",
        "exactly-one": "That counts hands with exactly one of the A♠ and K♠. Hands with both count too.",
        "complement": "That counts the hands with neither the A♠ nor the K♠ - the opposite of what is asked.",
        "double-count": "Fixing the A♠ (or the K♠) and choosing the rest freely counts the hands holding both twice.",
        "queen-allowed": "The Q♠ must not be in the hand: take it out of the cards you choose from.",
    },
    "Q6": {
        "ace-only": "That requires {q6_but} but not {q6_last}: {q6_all} must be in the hand.",
        "no-honours": "That is the chance of the Q♠ and at least {q6_least_word} hearts, with or without {q6_named}.",
        "exactly-four": "That is the chance of *exactly* {q6_least_word} hearts; the question says at least {q6_least_word}.",
        "four-others": "{q6_least_cap} hearts in all, {q6_named} among them: {q6_more} at least, not {q6_least_word}.",
        "no-queen": "That leaves out the Q♠: it must be in the hand too.",
    },
}


#: The text of each question whose values change with the variant.
TEXTS = {
    **_EXACT_TEXTS,
    "Q4": (
        "Four players, target 100. The scores before the hand are `{q4_before}` and **seat {q4_shooter}** shoots the\n"
        "moon. The *old moon* adds 26 to every other player; the *new moon* subtracts 26 from the shooter.\n"
        "The rule option `moon` decides which ([`docs/rules.md`](../../docs/rules.md#s4) §4):\n"
        "\n"
        "* `auto`: old if the shooter's score minus 26 is strictly lower than every opponent's score, else new;\n"
        "* `avoid-end`: old, unless that would end the game; then new.\n"
        "\n"
        "Give the four scores **after** the hand, as a tuple in seat order.\n"
        "\n"
        "* **Q4**: under `moon=\"auto\"`;\n"
        "* **Q5**: under `moon=\"avoid-end\"`."
    ),
    "Q7": (
        "Now estimate the same probability without any formula, by dealing. `deal_hands(rules, deals, seed=s)`\n"
        "deals `deals` hands of standard 4-player Hearts from a seed{q7_seed}, and\n"
        "`.count(event)` counts the deals in which `event(hand)` is `True` for seat 0's hand (a tuple of\n"
        "cards). Write `event` yourself, deal {q7_deals} hands, and give the `Count` it returns. The\n"
        "check deals the same hands again and confirms your count."
    ),
    "Q8": (
        "Whether somebody shoots the moon depends on the play, so no simple formula gives it. Simulate:\n"
        "`simulate(rules, hands, bots=\"random\", seed=...)` plays `hands` whole hands with players who pass\n"
        "and play at random (legal cards only), and returns a result with `moon_rate` and a 95% interval\n"
        "`moon_interval`.\n"
        "\n"
        "The rules: standard, 4 players, but **points may be played on the first trick**\n"
        "(`Rules.preset(\"standard\", players=4, first_trick_points=True)`). Simulate {q8_hands}\n"
        "hands with {q8_seed} and give the **result itself** (not its `moon_rate`): the check runs\n"
        "your simulation again to confirm it."
    ),
}
_HINTS = {
    "Q4": (
        "Old moon or new moon? Under 'auto' that depends on the shooter's score.",
        "Decide first: the old moon adds 26 to each other player, the new moon takes 26 from the shooter. Then add the changes to the scores before.",
        "Seat {q4_shooter}'s score minus 26 is {q4_lower} every other score, so 'auto' takes the {q4_auto} moon: {q4_auto_effect}.",
    ),
    "Q5": (
        "Would the old moon end the game (target 100)?",
        "Under 'avoid-end' the old moon is taken unless it would push someone to the target; then the new moon.",
        "The old moon would {q5_ends}, so 'avoid-end' takes the {q5_moon} moon: {q5_effect}.",
    ),
}


def _effect(shooter: int, moon: str) -> str:
    others = [s for s in range(STANDARD_4.players) if s != shooter]
    if moon == "old":
        return f"+26 to seats {', '.join(map(str, others[:-1]))} and {others[-1]}"
    return f"-26 to seat {shooter} only"


def _fields(v: Ws4Variant) -> dict[str, Any]:
    before, shooter = v.q4
    auto = "old" if moon_scores(before, shooter, "auto") == moon_scores(before, shooter, "old") else "new"
    old = moon_scores(before, shooter, "old")
    enders = [s for s, score in enumerate(old) if score >= STANDARD_4.target]
    avoid = "old" if moon_scores(before, shooter, "avoid-end") == old else "new"  # the engine decides
    ends = (f"take {noun(len(enders), 'seat')} {' and '.join(map(str, enders))} to 100 or more"
            if enders else "not take anyone to 100")
    q7_seed = " **you choose**" if v.q7 is None else f" (yours: **seed={v.q7[1]}**)"
    q7_deals = f"at least **{Q7_MIN_DEALS:,}**" if v.q7 is None else f"exactly **{v.q7[0]:,}**"
    q8_hands = f"at least **{Q8_MIN_HANDS:,}**" if v.q8 is None else f"exactly **{v.q8[0]:,}**"
    q8_seed = "a seed you choose" if v.q8 is None else f"your own seed, **seed={v.q8[1]}**,"
    return {
        **_exact_fields(v), "q7_size": Q7_MIN_DEALS if v.q7 is None else v.q7[0],
        "q7_seed": q7_seed, "q7_deals": q7_deals, "q8_hands": q8_hands, "q8_seed": q8_seed,
        "q8_size": f"{Q8_MIN_HANDS if v.q8 is None else v.q8[0]:_}",
        "q8_hint_hands": f"at least {Q8_MIN_HANDS:,}" if v.q8 is None else f"exactly {v.q8[0]:,}",
        "q8_hint_seed": "a seed you choose" if v.q8 is None else f"your own seed (seed={v.q8[1]})",
        "q4_before": " ".join(map(str, before)), "q4_shooter": shooter,
        "q4_lower": "lower than" if auto == "old" else "not lower than",
        "q4_auto": auto, "q4_auto_effect": _effect(shooter, auto),
        "q5_ends": ends, "q5_moon": avoid, "q5_effect": _effect(shooter, avoid),
    }


def _ladder(key: str, v: Ws4Variant | None = None) -> tuple[str, str, str]:
    v = _current if v is None else v
    values = _fields(v)
    texts = _HINTS[key] if key in _HINTS else _Q8_HINTS if key == "Q8" else _EXACT_HINTS[key]
    return tuple(text.format(**values) for text in texts)  # type: ignore[return-value]


def question_text(key: str) -> str:
    """The text of question ``key`` for the current variant (the worksheet's markdown under its heading).

    >>> question_text("Q2")
    'What is the probability that **some** seat (any of the three) is dealt all 13 hearts and at most one spade?'
    """
    return TEXTS[key].format(**_fields(_current))


def variant_digest(seed: int, key: str, value: Any) -> str:
    """The salted, slow digest of ``value`` as the answer to ``key`` of variant ``seed`` (16 hex digits)."""
    return _variant_digest(WS, seed, key, value)


def read_key(text: str, v: Ws4Variant) -> dict[str, dict[str, str]]:
    """A student copy's key line for variant ``v`` as ``{Q: {digest: name}}`` (the slips in :func:`slip_names`'s order)."""
    return read_key_line(text, {q: ["answer", *names] for q, names in slip_names(v).items()})


def use_variant(seed: int | None, key: str | None = None, *, values: dict[str, dict[str, str]] | None = None,
                grading: bool = False) -> str:
    """Swap in a student's own questions (``None``: the generic copy): Q1-Q3 and Q6's tables and events,
    Q4 and Q5's scores and shooter, Q7 and Q8's deals and seeds.

    ``key`` is the line the teacher's class wrote into the student's copy: the salted digests of that
    variant's exact answers and slips, so the checks work offline without the answers being written
    anywhere. ``values`` is the teacher's side (the grading): each exact question's canonical answer and
    slips. ``grading``: the teacher's re-grade (:func:`~hearts_lab.exercises.classroom.grade`), where Q7 and
    Q8 also read the count a check's output recorded (a :class:`~.checks.Recorded`), if that check accepted
    it and if what the output says it was made from (rules, size, seed, players) is what the copy asks for.
    On both sides a typed number is refused (:func:`~.checks.call_count`), so it cannot be graded correct. In a
    student's kernel a :class:`Count` built by hand (or changed) is refused before its count is read, and Q8
    takes only a result equal to a fresh run; a determined student who reads the source can still forge the
    call's mark (:func:`~.sampling.made_by_call`) and try counts until one is accepted. The teacher's grade
    reads the answer cell and refuses a count not made by the call the question asks for
    (:func:`~hearts_lab.exercises.classroom.not_made_by_call`).

    >>> use_variant(12345).startswith("Worksheet 4, variant 12345: your own tables and events")
    True
    >>> _ = use_variant(None)
    """
    global _current, _seed, _key, _key_is_values, _grading, SCORES_BEFORE, SHOOTER
    seed = None if seed is None else check_seed(seed)
    chosen = GENERIC if seed is None else ws4_variant(seed)
    parsed = read_key(key, chosen) if key is not None else None  # a bad key line changes nothing
    _current, _seed = chosen, seed
    _key, _key_is_values = (values, True) if values is not None else (parsed, False)
    _grading = bool(grading) and seed is not None
    SCORES_BEFORE, SHOOTER = _current.q4
    fields = _fields(_current)
    for q in ("Q1", "Q2", "Q3", "Q4", "Q5", "Q6", "Q7", "Q8"):
        HINTS[WS][q] = _ladder(q)
    for q, title in _TITLES.items():
        QUESTIONS[WS][q] = title.format(**fields)
    if seed is None:
        return "Worksheet 4: the generic copy."
    return (f"Worksheet 4, variant {seed}: your own tables and events for Q1-Q3 and Q6, your own scores for Q4 and Q5, "
            "your own deals and seeds for Q7 and Q8." + ("" if _key is not None else " (No key line: the checks of Q1-Q3 and Q6 cannot judge.)"))


#: Q7: the estimate must come from at least this many deals.
Q7_MIN_DEALS = 5000
#: Q8: the rules simulated (points allowed on the first trick) and the least number of hands.
Q8_RULES = Rules.preset("standard", players=4, first_trick_points=True)
Q8_MIN_HANDS = 20_000
#: The checks repeat the dealing or simulation, so they take at most ten times what the question asks for
#: (Q7: 50,000 deals, a few seconds; Q8: 200,000 hands, under a second on the batch path); a forged or
#: needlessly large size is refused at once instead of kept busy for minutes.
MAX_DEALS = 10 * Q7_MIN_DEALS
MAX_HANDS = 10 * Q8_MIN_HANDS

#: The targeted hint for each known slip of the generic copy (a student's own copy's are in its own terms:
#: :data:`_EXACT_SLIPS`); the slips themselves are stored as digests only.
SLIP_HINTS: dict[str, dict[str, str]] = {
    **{q: {name: _EXACT_SLIPS[q][name].format(**_fields(GENERIC)) for name in names} for q, names in slip_names(GENERIC).items()},
    "Q4": {
        "new-moon": "That is the new moon (-26 to the shooter). Under 'auto' the shooter takes the old moon when their score minus 26 is strictly lower than every other score.",
        "shooter-scores": "The shooter does not score the 26 points they took: that is what shooting the moon means.",
        "deltas": "Give the scores *after* the hand (the scores before plus the changes), not the changes alone.",
    },
    "Q5": {
        "old-moon": "That is the old moon (+26 to everyone else). Under 'avoid-end' the old moon is refused when it would end the game.",
        "shooter-scores": "The shooter does not score the 26 points they took: that is what shooting the moon means.",
        "deltas": "Give the scores *after* the hand (the scores before plus the changes), not the changes alone.",
    },
}
SLIP_HINTS = {q: SLIP_HINTS[q] for q in ("Q1", "Q2", "Q3", "Q4", "Q5", "Q6")}


def hint(question: Any, level: int = 1) -> str:
    """A hint for ``question`` (e.g. ``"Q6"`` or ``6``): level 1 a nudge, 2 the structure, 3 the method in symbols."""
    return _hint(WS, question, level)


def _find(key: str, value: Any) -> str | None:
    """``"answer"``, a slip's name, or None: against the generic digests or the current variant's key."""
    if _seed is None:
        return _matches(WS, key, value)
    if _key is None:
        raise Wrong("This copy has no key line for its variant, so the check cannot judge: use the ws4.use_variant(...) "
                    "line your copy came with.")
    return look_up(_key, WS, _seed, key, value, by_value=_key_is_values)


def _slip_hint(key: str, name: str) -> str:
    if _seed is None:
        return SLIP_HINTS[key][name]
    return _EXACT_SLIPS[key][name].format(**_fields(_current))


def _judge(key: str, value: Any) -> None:
    found = _find(key, value)
    if found == "answer":
        return
    if found is not None:
        raise Wrong(_slip_hint(key, found))
    raise Wrong()


def _probability(answer: object) -> sympy.Rational:
    value = exact_value(answer)
    if not 0 <= value <= 1:
        raise Wrong(f"{value} is not a probability: it must lie between 0 and 1.")
    return value


@question(WS, "Q1", _TITLES["Q1"].format(**_fields(GENERIC)), hints=_ladder("Q1", GENERIC))
def check_q1(answer: object) -> None:
    """Q1: a probability (see the worksheet)."""
    _judge("Q1", _probability(answer))


@question(WS, "Q2", _TITLES["Q2"].format(**_fields(GENERIC)), hints=_ladder("Q2", GENERIC))
def check_q2(answer: object) -> None:
    """Q2: a probability (see the worksheet)."""
    _judge("Q2", _probability(answer))


@question(WS, "Q3", _TITLES["Q3"].format(**_fields(GENERIC)), hints=_ladder("Q3", GENERIC))
def check_q3(answer: object) -> None:
    """Q3: a count of hands (see the worksheet)."""
    value = exact_value(answer)
    found = _find("Q3", value)
    if found == "answer":
        return
    if found is not None:
        raise Wrong(_slip_hint("Q3", found))
    if value < 0 or not value.is_Integer:
        raise Wrong("A count of hands is a whole number.")
    raise Wrong()


#: The other moon's slip, which only a student's own copy can meet (the generic copy's Q4 is an old moon, Q5 a new one).
_OTHER_MOON = {
    "Q4": {"old-moon": "That is the old moon (+26 to everyone else). Under 'auto' the old moon is taken only when the "
                       "shooter's score minus 26 is strictly lower than every other score."},
    "Q5": {"new-moon": "That is the new moon (-26 to the shooter). Under 'avoid-end' the old moon is taken unless it "
                       "would end the game."},
}


def _judge_scores(key: str, answer: object, policy: MoonPolicy) -> None:
    """Q4, Q5: the engine scores the hand at check time. No digest is stored for these two: a choice
    between the old and the new moon has a handful of plausible answers, which anyone could try
    against a stored digest offline in seconds; this check counts the answers it judges, but only since the
    kernel last started (a restart starts the count again)."""
    got = read_seats(answer, STANDARD_4.players, STANDARD_4.players)
    points = tuple(STANDARD_4.total_points if s == SHOOTER else 0 for s in range(STANDARD_4.players))

    def after(moon: MoonPolicy) -> tuple[int, ...]:
        rules = dataclasses.replace(STANDARD_4, moon=moon)
        return tuple(b + d for b, d in zip(SCORES_BEFORE, score_hand(rules, points, SHOOTER, SCORES_BEFORE).deltas))

    if got == after(policy):
        return
    other: MoonPolicy = "new" if after(policy) == after("old") else "old"
    if got == after(other):
        slip = "new-moon" if other == "new" else "old-moon"
        raise Wrong(SLIP_HINTS[key].get(slip) or _OTHER_MOON[key][slip])
    if got == tuple(b + (points[s]) for s, b in enumerate(SCORES_BEFORE)):
        raise Wrong(SLIP_HINTS[key]["shooter-scores"])
    if got in {tuple(a - b for a, b in zip(after(m), SCORES_BEFORE)) for m in ("old", "new")}:
        raise Wrong(SLIP_HINTS[key]["deltas"])
    raise Wrong()


@question(WS, "Q4", "Scores after a moon, moon='auto'", hints=_ladder("Q4"))
def check_q4(answer: object) -> None:
    """Q4: four scores (see the worksheet)."""
    _judge_scores("Q4", answer, "auto")


@question(WS, "Q5", "Scores after a moon, moon='avoid-end'", hints=_ladder("Q5"))
def check_q5(answer: object) -> None:
    """Q5: four scores (see the worksheet)."""
    _judge_scores("Q5", answer, "avoid-end")


@question(WS, "Q6", "A moon-shaped hand, exactly", hints=_ladder("Q6", GENERIC))
def check_q6(answer: object) -> None:
    """Q6: a probability (see the worksheet)."""
    _judge("Q6", _probability(answer))


# -- estimates -------------------------------------------------------------------------


def _hearts(hand: tuple[Card, ...]) -> int:
    return sum(1 for c in hand if c.suit == "H")


#: Q7's and Q8's sentences for a typed value (the same on the teacher's side: :func:`~.checks.call_count`).
#: The same sentence for every number, Q6's exact value included: saying "that is Q6's value" would let a
#: student test Q6 answers at Q7 without an attempt at Q6 being counted.
_TYPED_Q7 = ("A typed number (or the exact value of Q6) cannot show how it was made. Give the Count that "
             "deal_hands(...).count(...) returned, so the check can deal your hands again with its seed.")
_TYPED_Q8 = ("A typed number cannot show how it was made. Give the result that simulate(...) returned (not its "
             "moon_rate), so the check can run your simulation again with its seed.")


@question(WS, "Q7", "A moon-shaped hand, estimated by dealing", note="your deals were dealt again and the count matches",
          hints=_ladder("Q7", GENERIC), made_by_call=_TYPED_Q7)
def check_q7(answer: Any) -> None:
    """Q7: the :class:`Count` from dealing (see the worksheet); it is verified by dealing the same hands again.

    A student's own copy names the number of deals and the seed; there the number of hits (what the
    check's output records) is judged by dealing them again. On the teacher's side it counts only as the
    count a check accepted (:func:`~.checks.call_count`: a typed number is refused on both sides), made,
    as the output records (:func:`~.checks.made_of`), from the copy's deals and seed and the standard rules.
    """
    if isinstance(answer, Count) and not made_by_call(answer):  # before its count is read: nothing to try
        raise Wrong("This Count was not returned by deal_hands(...).count(...) (it was built by hand or changed), so "
                    "the check cannot take its count: give what the call returned.")
    own = _current.q7
    ask = "" if own is None else (f"Your copy asks for exactly {own[0]:,} deals from seed {own[1]}: "
                                  f"deal_hands(rules, {own[0]}, seed={own[1]}).")
    if _grading and isinstance(answer, Recorded) and (answer.accepted or answer.size is not None):
        judge_made(answer, own, "deals", ask)
        if answer.rules != STANDARD_4:
            raise Wrong("Deal standard 4-player Hearts: Rules.preset('standard', players=4).")
    if own is not None and isinstance(answer, Count) and (answer.deals, answer.seed) != own:
        raise Wrong(ask)
    hits = call_count(WS, "Q7", answer, Count, "hits", grading=_grading)
    if own is not None and hits is not None and getattr(answer, "rules", STANDARD_4) == STANDARD_4:
        _judge_hits(hits, _own_hands(*own))
        return
    if not isinstance(answer, Count):
        raise Wrong(f"Give the Count that deal_hands(...).count(...) returned, not {type(answer).__name__}: only it records the seed and the number of deals.")
    if answer.rules != STANDARD_4:
        raise Wrong("Deal standard 4-player Hearts: Rules.preset('standard', players=4).")
    if isinstance(answer.deals, bool) or not isinstance(answer.deals, int) or isinstance(answer.seed, bool) or not isinstance(answer.seed, int):
        raise Wrong("Give the Count that deal_hands(...).count(...) returned, unchanged.")
    if answer.deals < Q7_MIN_DEALS:
        raise Wrong(f"Deal at least {Q7_MIN_DEALS:,} hands; {answer.deals:,} leave the estimate too uncertain.")
    if answer.deals > MAX_DEALS:
        raise Wrong(f"The check deals your hands again, so it takes at most {MAX_DEALS:,} deals; {Q7_MIN_DEALS:,} are enough.")
    _judge_hits(answer.hits, list(deal_hands(answer.rules, answer.deals, seed=answer.seed).hands()))


@functools.lru_cache(maxsize=4)
def _own_hands(deals: int, seed: int) -> list[tuple[Card, ...]]:
    """A copy's own Q7 deals, dealt once per session (grading a class re-judges the same copy's deals)."""
    return list(deal_hands(STANDARD_4, deals, seed=seed).hands())


@functools.lru_cache(maxsize=16)
def _own_result(hands: int, seed: int, method: str) -> Any:
    """A copy's own Q8 simulation as ``method`` plays it, run once per session."""
    from ..simulate import simulate
    from ..simulate.run import Method

    return simulate(Q8_RULES, hands, bots="random", seed=seed, method=cast(Method, method))


@functools.lru_cache(maxsize=256)
def _own_moons(hands: int, seed: int) -> int:
    """The moons of a copy's own Q8 simulation, run once per session."""
    from ..simulate import simulate

    return simulate(Q8_RULES, hands, bots="random", seed=seed).moon_count


def _judge_hits(hits: int, hands: list[tuple[Card, ...]]) -> None:
    # The event is written inline, not as a module-level predicate: writing it is the skill, so a
    # predicate here would answer Q7 in one call (deal_hands(...).count(ws4._event)). It is the
    # copy's own Q6 event: the Q♠, the named top hearts and at least so many hearts.
    named, least = _current.q6
    top = [Card.parse(c) for c in _NAMED[:named]]

    def hits_of(cards: list[Card], at_least: int, exactly: bool = False) -> int:
        return sum(1 for h in hands if all(c in h for c in cards) and (_hearts(h) == at_least if exactly else _hearts(h) >= at_least))

    if hits == hits_of([QUEEN_OF_SPADES, *top], least):
        return
    f = _fields(_current)
    slips: tuple[tuple[list[Card], int, bool, str], ...] = (
        *(() if named == 1 else (  # with the A♥ alone, leaving it out is the next slip
            ([QUEEN_OF_SPADES, *top[:-1]], least, False, f"Your count matches {f['q6_cards_but']} and at least {least} hearts without requiring {f['q6_last']}."),)),
        ([QUEEN_OF_SPADES], least, False, f"Your count matches the Q♠ and at least {least} hearts without requiring {f['q6_named']}."),
        ([QUEEN_OF_SPADES, *top], least, True, f"Your count matches exactly {least} hearts; count hands with at least {least}."),
        ([QUEEN_OF_SPADES, *top], least + named, False, f"Your count matches at least {least + named} hearts; {f['q6_named']} {f['q6_are']} {f['q6_named_count']} of the {f['q6_least_word']}."),
        (top, least, False, "Your count leaves out the Q♠: it must be in the hand too."),
    )
    for cards, at_least, exactly, text in slips:
        if hits == hits_of(cards, at_least, exactly):
            raise Wrong(text)
    raise Wrong()


def _q8_setup(rules: Any, policy: Any) -> None:
    """Q8's rules and players, on both sides (the teacher's knows the rules by their fingerprint)."""
    if rules != Q8_RULES:
        if rules == STANDARD_4:
            raise Wrong("Those are the plain standard rules. This question allows points on the first trick: first_trick_points=True.")
        raise Wrong("Simulate the rules of the question: Rules.preset('standard', players=4, first_trick_points=True).")
    if policy != "random":
        raise Wrong("Use random players: simulate(..., bots='random').")


@question(WS, "Q8", "How often do random players shoot the moon when points may fall on trick 1?", note="your simulation was run again with its seed and matches",
          hints=_ladder("Q8", GENERIC), made_by_call=_TYPED_Q8)
def check_q8(answer: Any) -> None:
    """Q8: the :class:`~hearts_lab.simulate.SimulationResult` (see the worksheet); it is verified by running it again.

    A student's own copy names the number of hands and the seed; there the number of moons (what the
    check's output records) is judged by running it again. On the teacher's side it counts only as the
    count a check accepted (:func:`~.checks.call_count`: a typed number is refused on both sides), made,
    as the output records (:func:`~.checks.made_of`), from the copy's hands and seed, the question's rules
    and random players: random players' moons barely change with the rules (seed 2111882994, 20,000 hands:
    181 moons with points allowed on trick 1 and 181 without), so the count alone cannot tell them apart.
    """
    from ..simulate import SimulationResult

    if hasattr(answer, "moon_count") and not isinstance(answer, SimulationResult):
        raise Wrong(f"Give the result that simulate(...) returned, not {type(answer).__name__}.")
    own = _current.q8
    ask = "" if own is None else (f"Your copy asks for exactly {own[0]:,} hands from seed {own[1]}: "
                                  f"simulate(rules, {own[0]}, bots='random', seed={own[1]}).")
    if _grading and isinstance(answer, Recorded) and (answer.accepted or answer.size is not None):
        judge_made(answer, own, "hands", ask)
        _q8_setup(answer.rules, answer.policy)
    if own is not None and hasattr(answer, "moon_count") and (getattr(answer, "hands", None), getattr(answer, "seed", None)) != own:
        raise Wrong(ask)
    moons = call_count(WS, "Q8", answer, None, "moon_count", grading=_grading)
    if (own is not None and moons is not None and getattr(answer, "rules", Q8_RULES) == Q8_RULES
            and getattr(answer, "policy", "random") == "random"):
        # The whole result must be the fresh run's (a changed one, dataclasses.replace(..., moons=...), is not):
        # one sentence for any difference, so a count cannot be tried number by number.
        if (answer != _own_result(*own, answer.method)) if isinstance(answer, SimulationResult) else moons != _own_moons(*own):
            raise Wrong("That is not the number of moons in your simulation: simulate the rules of the question with "
                        "your hands and seed, random players, and give the result.")
        return
    if not all(hasattr(answer, a) for a in ("rules", "hands", "seed", "policy", "moon_count")):
        raise Wrong(f"Give the result that simulate(...) returned, not {type(answer).__name__}.")
    _q8_setup(answer.rules, answer.policy)
    if not isinstance(answer.seed, int):
        raise Wrong("Give one simulation run with one seed, not several merged runs.")
    if isinstance(answer.hands, bool) or not isinstance(answer.hands, int):
        raise Wrong("Give the result that simulate(...) returned, unchanged.")
    if answer.hands < Q8_MIN_HANDS:
        raise Wrong(f"Simulate at least {Q8_MIN_HANDS:,} hands; {answer.hands:,} give too wide an interval for a rate near 1%.")
    if answer.hands > MAX_HANDS:
        raise Wrong(f"The check runs your simulation again, so it takes at most {MAX_HANDS:,} hands; {Q8_MIN_HANDS:,} are enough.")
    from ..simulate import simulate

    again = simulate(answer.rules, answer.hands, bots="random", seed=answer.seed, method=getattr(answer, "method", "auto"))
    if again != answer:
        raise Wrong("This result does not match a fresh run with the same rules, hands and seed. Give the result simulate(...) returned, unchanged.")
