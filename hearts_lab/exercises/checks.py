"""The machinery behind worksheet checks: reading answers, comparing them, reporting.

A worksheet module (``ws1`` ... ``ws6``) defines one check per question with
the :func:`question` decorator. The decorated function receives the student's
answer and either returns (correct) or raises :class:`Wrong` with a targeted
hint. Expected answers are *derived at check time* from the engine,
:mod:`hearts_lab.combinatorics` or :mod:`hearts_lab.simulate`; no answer is
stored in this package.

Hints come in three levels (:func:`hint`): a nudge naming the idea, the
structure of the solution, and the full formula. A wrong answer that matches a
known slip gets the slip's targeted hint; any other wrong answer gets the
nudge (the structure after three tries), never the formula: that is shown only
when the student asks for it with ``hint(question, level=3)``.

>>> @question("demo", "Q1", "Two plus two", hints=("Count on your fingers.", "Start at two, count two more.", "2 + 2"))
... def check_demo(answer):
...     if read_exact(answer) == 5:
...         raise Wrong("One too many: count again.")
...     if read_exact(answer) != 2 + 2:
...         raise Wrong()
>>> check_demo(...).status
'unanswered'
>>> print(check_demo(5))
Q1 ✘ Not quite: One too many: count again.
>>> print(check_demo(7))
Q1 ✘ Not quite: Count on your fingers. (More help: demo.hint("Q1", level=2).)
>>> check_demo(sympy.Integer(4)).status, check_demo(Fraction(8, 2)).status
('correct', 'correct')
>>> print(hint("demo", "Q1", level=3))
Q1, hint 3 of 3: 2 + 2
"""

from __future__ import annotations

import functools
import hashlib
import html
import itertools
import json
import math
import numbers
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Callable, Iterable, Literal, overload

import sympy

from ..arguments import shown as _shown
from ..cards import Card, CardError, format_cards
from ..rules import Rules
from . import sandbox

__all__ = [
    "UNANSWERED",
    "MIME_TYPE",
    "CheckResult",
    "Wrong",
    "question",
    "hint",
    "attempts",
    "results",
    "reset",
    "summary",
    "is_unanswered",
    "read_cards",
    "read_seat",
    "read_seats",
    "read_exact",
    "read_estimate",
    "read_text",
    "same_exact",
    "same_cards",
    "cards_text",
]

#: What an untouched answer cell holds: ``answer = ...  # your answer here``.
UNANSWERED = Ellipsis
#: MIME type of the machine-readable part of a check's output (read by tests).
MIME_TYPE = "application/vnd.hearts-lab.check+json"
#: MIME type of the machine-readable part of a hint's output (the teacher's grading counts the levels asked for).
HINT_MIME_TYPE = "application/vnd.hearts-lab.hint+json"

_MARKS = {"correct": "✔ Correct", "unanswered": "Not answered yet", "incorrect": "✘ Not quite"}
_COLOURS = {"correct": "#1b7f3b", "unanswered": "#555555", "incorrect": "#b3261e"}


@dataclass(frozen=True)
class CheckResult:
    """The outcome of one check: ``status`` is ``correct``, ``unanswered`` or ``incorrect``.

    ``message`` is the sentence shown to the student (a hint when incorrect).

    >>> CheckResult("ws1", "Q2", "correct", "").text
    'Q2 ✔ Correct'
    """

    worksheet: str
    question: str
    status: str
    message: str
    #: The number of this answer among the question's checked answers in this session (0: unanswered).
    attempt: int = field(default=0, compare=False)
    #: The answer as plain data (text, numbers, None; see :func:`recorded`), kept in the stored output.
    answer: Any = field(default=None, compare=False)
    #: What a dealing's, sampling's or simulation's result was made from (:func:`made_of`); None for other answers.
    made: dict[str, Any] | None = field(default=None, compare=False)
    #: The type of an answer :func:`recorded` could not record (``"float"``), kept in the stored output so the
    #: teacher's grading can say what was refused instead of suspecting an edit; ``None`` when it was recorded.
    answer_type: str | None = field(default=None, compare=False)

    @property
    def correct(self) -> bool:
        return self.status == "correct"

    def __bool__(self) -> bool:
        return self.correct

    @property
    def text(self) -> str:
        head = f"{self.question} {_MARKS[self.status]}"
        return f"{head}: {self.message}" if self.message else head

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        colour = _COLOURS[self.status]
        markup = (
            f'<div style="border-left: 4px solid {colour}; padding: 2px 8px; margin: 2px 0">'
            f'<b style="color: {colour}">{html.escape(self.question)} {_MARKS[self.status]}</b>'
            + (f"<br>{html.escape(self.message)}" if self.message else "")
            + "</div>"
        )
        data = {"worksheet": self.worksheet, "question": self.question, "status": self.status,
                "attempt": self.attempt, "answer": self.answer}
        if self.made is not None:
            data["made"] = dict(self.made)
        if self.answer_type is not None:
            data["answer_type"] = self.answer_type
        return {"text/plain": self.text, "text/html": markup, MIME_TYPE: data}


class Wrong(Exception):
    """Raised by a check when the answer is wrong; the argument is the hint shown.

    Without an argument the answer matched no known slip, and the check replies
    with the question's nudge (its structure hint after three wrong tries).
    """

    def __init__(self, hint: str | None = None) -> None:
        super().__init__(hint or "")
        self.hint = hint


#: A wrong answer that matches no known slip gets the level-2 hint from this many wrong tries on.
STRUCTURE_AFTER = 3


#: Every result reported in this Python session, in order (``summary`` reads it).
_RESULTS: list[CheckResult] = []
#: The questions of each worksheet, in order: ``{worksheet: {question: title}}``.
QUESTIONS: dict[str, dict[str, str]] = {}
#: The hint ladder of each question: ``{worksheet: {question: (nudge, structure, formula)}}``.
HINTS: dict[str, dict[str, tuple[str, str, str]]] = {}


def _key(question: Any) -> str:
    """``3``, ``"3"``, ``"q3"`` and ``"Q3"`` all name question Q3."""
    text = str(question).strip().upper()
    return text if text.startswith("Q") else f"Q{text}"


def hint(worksheet: str, question: Any, level: int = 1) -> str:
    """The hint of ``question`` at ``level``: 1 a nudge, 2 the structure, 3 the full formula.

    Each worksheet module has its own ``hint(question, level=1)`` that fills in the worksheet.
    """
    key = _key(question)
    ladder = HINTS.get(worksheet, {}).get(key)
    if ladder is None:
        known = ", ".join(QUESTIONS.get(worksheet, {})) or "none"
        raise ValueError(f"question: {worksheet} has no question {question!r} (questions: {known}).")
    if isinstance(level, bool) or level not in (1, 2, 3):
        raise ValueError(f"level: 1 (a nudge), 2 (the structure) or 3 (the full formula), not {level!r}.")
    return Hint(key, level, ladder[level - 1], worksheet)


class Hint(str):
    """A hint's text, shown with its question and level (the stored output records which was asked for)."""

    def __new__(cls, key: str, level: int, text: str, worksheet: str = "") -> Hint:
        made = super().__new__(cls, f"{key}, hint {level} of 3: {text}")
        made.level = level  # type: ignore[attr-defined]
        made.key = key  # type: ignore[attr-defined]
        made.worksheet = worksheet  # type: ignore[attr-defined]
        return made

    def __repr__(self) -> str:
        return str(self)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        data = {"worksheet": self.worksheet, "question": self.key, "hint": self.level}  # type: ignore[attr-defined]
        return {"text/plain": str(self), HINT_MIME_TYPE: data}


#: Longest text an answer is recorded with in a check's output.
RECORD_TEXT = 2_000


def recorded(answer: Any) -> Any:
    """An answer as plain data for the check's stored output: what the teacher's grading reads back.

    Cards become one text (``"2♣ Q♠"``), exact numbers ``"p/q"`` text, seats and
    whole numbers stay numbers, a dealing's ``Count`` its hits and a simulation
    result its number of moons; anything else is recorded as ``None``. Nothing
    here is ever evaluated when it is read back.

    >>> recorded(["QS", "2c"]), recorded(Fraction(6, 4)), recorded(3), recorded(None)
    ('2♣ Q♠', '3/2', 3, 'nobody')
    >>> recorded([(1, "3d"), (2, "AS")]), recorded((Card.parse("KS"), Card.parse("2C")))
    ([[1, '3♦'], [2, 'A♠']], '2♣ K♠')
    >>> recorded({3, 1}), recorded((0.25, 0.5)), recorded({2: "QS 2c", 1: "AH"})
    ([1, 3], [0.25, 0.5], [[1, 'A♥'], [2, '2♣ Q♠']])
    """
    try:
        if answer is None:
            return "nobody"  # a seat question's "nobody wins"
        if isinstance(answer, bool):
            return None
        if isinstance(answer, numbers.Integral) and abs(int(answer)) < 10**15:
            return int(answer)
        if isinstance(answer, str):
            return answer[:RECORD_TEXT]
        if isinstance(answer, (tuple, list)) and answer and all(
            isinstance(v, numbers.Integral) and not isinstance(v, bool) for v in answer
        ) and len(answer) <= 20:
            return [int(v) for v in answer]
        if isinstance(answer, (set, frozenset)) and 0 < len(answer) <= 20 and all(
            isinstance(v, numbers.Integral) and not isinstance(v, bool) for v in answer
        ):  # a set of seats
            return sorted(int(v) for v in answer)
        if isinstance(answer, (tuple, list)) and len(answer) == 2 and all(
            isinstance(v, numbers.Real) and not isinstance(v, (bool, numbers.Integral)) and math.isfinite(v) for v in answer
        ):  # an interval (low, high)
            return [float(v) for v in answer]
        if isinstance(answer, dict) and not isinstance(answer, Counter) and 0 < len(answer) <= 20 and all(
            isinstance(k, numbers.Integral) and not isinstance(k, bool) for k in answer
        ):  # each seat's cards: {seat: cards}
            return [[int(seat), cards_text(read_cards(cards).elements())] for seat, cards in sorted(answer.items())]
        if isinstance(answer, (tuple, list)) and 0 < len(answer) <= 20 and all(
            isinstance(e, (tuple, list)) and not isinstance(e, Card) and len(e) == 2 for e in answer
        ):  # plays: (seat, card) pairs (a Card is a tuple too)
            return [[int(seat), cards_text(read_cards(card).elements())] for seat, card in answer]
        if isinstance(answer, (Card, set, frozenset, list, tuple, Counter, dict)):
            text = cards_text(read_cards(answer).elements())
            return text[:RECORD_TEXT]
        # A dealing's Count, a count of sampled worlds or a simulation result: the number it counted, which the
        # teacher's side can verify by dealing, sampling or simulating a student's own copy's size and seed again.
        for attr, size in (("hits", "deals"), ("hits", "worlds"), ("moon_count", "hands")):
            count = getattr(answer, attr, None)
            if isinstance(count, int) and not isinstance(count, bool) and hasattr(answer, size) and hasattr(answer, "seed"):
                return count
        value = exact_value(answer)
        text = str(value)
        return text if len(text) <= RECORD_TEXT else None
    except Exception:  # not a kind of answer that is read back: only its status counts
        return None


def attempts(worksheet: str, question: str) -> int:
    """How many answers (not ``...``) to ``question`` were checked in this session."""
    return sum(1 for r in _RESULTS if r.worksheet == worksheet and r.question == question and r.status != "unanswered")


def _ladder_reply(worksheet: str, key: str) -> str:
    ladder = HINTS.get(worksheet, {}).get(key)
    if ladder is None:
        return "Not this one. Read the question again."
    tries = 1 + sum(1 for r in _RESULTS if r.worksheet == worksheet and r.question == key and r.status == "incorrect")
    level = 2 if tries >= STRUCTURE_AFTER else 1
    more = f'{worksheet}.hint("{key}", level={level + 1})'
    return f"{ladder[level - 1]} (More help: {more}.)"


def _unreadable(answer: Any, context: tuple[Any, ...], error: Exception) -> str:
    """The sentence for an answer a check could not read (the judge raised something other than :class:`Wrong`)."""
    given = ", ".join(type(a).__name__ for a in (answer, *context))
    # The error's own text is left out: it may quote a value the check computed.
    return (
        f"This check could not read what you gave ({given}; it raised {type(error).__name__}). "
        "Give the kind of answer the question asks for (see the question text)."
    )


def is_unanswered(answer: Any) -> bool:
    """True for the placeholder ``...`` (also when it sits inside a tuple or list).

    >>> is_unanswered(...), is_unanswered((..., 3)), is_unanswered(None)
    (True, True, False)
    """
    if answer is UNANSWERED:
        return True
    return isinstance(answer, (tuple, list)) and any(a is UNANSWERED for a in answer)


def question(
    worksheet: str, key: str, title: str, *, note: str = "", hints: tuple[str, str, str] | None = None,
    made_by_call: str | None = None, made: Callable[..., dict[str, Any] | None] | None = None,
) -> Callable[[Callable[..., str | None]], Callable[..., CheckResult]]:
    """Turn ``judge(answer, *context)`` into a check returning a :class:`CheckResult`.

    The judge returns normally when the answer is right and raises
    :class:`Wrong` with a hint otherwise. If any argument is ``...`` the
    question is reported as not answered yet without calling the judge.
    ``note`` is appended to a correct result (for example the tolerance an
    estimate was judged with); a judge that returns a sentence instead of
    ``None`` gets that sentence as its correct message (for example what the
    check recorded). ``hints`` is the question's ladder: a nudge,
    the structure, the full formula (see :func:`hint`). ``made_by_call`` marks a question whose answer is an
    estimate checked as the call that made it (:data:`MADE_BY_CALL`, :func:`call_count`): the sentence that
    refuses a typed value. ``made``: what the stored output records the answer was made from, given the check's
    arguments (default: :func:`made_of` of the answer); worksheet 5's Q3 records both runs' seeds.
    """

    def wrap(judge: Callable[..., str | None]) -> Callable[..., CheckResult]:
        QUESTIONS.setdefault(worksheet, {})[key] = title
        if made_by_call is not None:
            MADE_BY_CALL.setdefault(worksheet, {})[key] = made_by_call
        if hints is not None:
            if len(hints) != 3:
                raise ValueError(f"hints: {worksheet} {key} needs three levels (nudge, structure, formula).")
            HINTS.setdefault(worksheet, {})[key] = tuple(hints)  # type: ignore[assignment]

        @functools.wraps(judge)
        def check(answer: Any, *context: Any) -> CheckResult:
            if any(is_unanswered(a) for a in (answer, *context)):
                result = CheckResult(worksheet, key, "unanswered", "replace the ... with your answer, run that cell, then run this check again.")
            else:
                try:
                    said = judge(answer, *context)
                except Wrong as wrong:
                    result = CheckResult(worksheet, key, "incorrect", wrong.hint or _ladder_reply(worksheet, key))
                except Exception as error:  # an answer the judge could not read: a sentence, never a traceback
                    result = CheckResult(worksheet, key, "incorrect", _unreadable(answer, context, error))
                else:
                    result = CheckResult(worksheet, key, "correct", said if isinstance(said, str) else note)
            if result.status != "unanswered":
                kept = recorded(answer)
                try:
                    source = made_of(answer) if made is None else made(answer, *context)
                except Exception:  # an object that is not a result: nothing is recorded of it
                    source = None
                result = replace(result, attempt=attempts(worksheet, key) + 1, answer=kept, made=source,
                                 answer_type=None if kept is not None else type(answer).__name__[:40])
            _RESULTS.append(result)
            return result

        check.worksheet = worksheet  # type: ignore[attr-defined]
        check.key = key  # type: ignore[attr-defined]
        check.title = title  # type: ignore[attr-defined]
        return check

    return wrap


# -- answers that must be the result of the call that made them ----------------------------------

#: The questions whose answer is an estimate checked as the call that made it (a dealing, a sampling or a
#: simulation, run again by the check): ``{worksheet: {question: the sentence refusing a typed value}}``,
#: filled by :func:`question`'s ``made_by_call``. The teacher's grading reads it too.
MADE_BY_CALL: dict[str, dict[str, str]] = {}

#: Why the teacher's re-grade refuses a count whose stored output says the student's own check refused it.
REFUSED_RECORD = (
    "The student's own check refused this answer when it ran (it refuses a typed or computed number and a "
    "dealing, sampling or simulation other than the copy's own), so the number it recorded is not taken as the "
    "result of the call."
)


def rules_fingerprint(rules: Rules) -> str:
    """16 hex digits of SHA-256 of ``rules``' record (:meth:`~hearts_lab.rules.Rules.to_dict`): equal rules have
    equal fingerprints, rules that differ in any field (the name included, as for ``==``) do not.

    >>> four = Rules.preset("standard", players=4)
    >>> rules_fingerprint(four) == rules_fingerprint(Rules.preset("standard", players=4)), len(rules_fingerprint(four))
    (True, 16)
    >>> rules_fingerprint(four) == rules_fingerprint(Rules.preset("standard", players=4, first_trick_points=True))
    False
    """
    text = json.dumps(rules.to_dict(), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


#: The longest rules record (:func:`rules_record`) a check's stored output keeps, in characters of JSON: every
#: preset's is under 700 at any player count, a house rule's a few more; only a name of thousands of characters
#: makes one longer, and then the output keeps the rules' fingerprint alone.
MAX_RULES_RECORD = 4_096


def rules_record(rules: Rules) -> dict[str, Any] | None:
    """``rules`` as plain data for a check's stored output (:meth:`~hearts_lab.rules.Rules.to_dict`), so that the
    teacher's side can simulate them again (:func:`read_rules_record`); ``None`` where its JSON is longer than
    :data:`MAX_RULES_RECORD` (a name of thousands of characters), so that the stored output stays small.

    >>> four = Rules.preset("standard", players=4)
    >>> rules_record(four)["players"], rules_record(replace(four, name="x" * 5_000))
    (4, None)
    """
    data = rules.to_dict()
    return data if len(json.dumps(data, ensure_ascii=False)) <= MAX_RULES_RECORD else None


def read_rules_record(data: Any, name: str) -> Rules:
    """On the teacher's side, the rules a stored output's record holds (:func:`rules_record`; from a handed-in file,
    so hostile): within the limits of any record (:func:`hearts_lab.records.load_json`: at most
    :data:`MAX_RULES_RECORD` characters of JSON, no deep nesting, no NaN, no number of thousands of digits) and
    valid by the engine's own rules (:meth:`~hearts_lab.rules.Rules.from_dict`); else ``ValueError`` naming ``name``
    and the field. The caller compares them with the fingerprint recorded beside them (:func:`rules_fingerprint`).

    >>> four = Rules.preset("standard", players=4)
    >>> read_rules_record(rules_record(four), "base") == four
    True
    >>> read_rules_record({**rules_record(four), "players": 10**9}, "base")
    Traceback (most recent call last):
    ...
    ValueError: base: players: expected a whole number from 2 to 52, not 1000000000.
    >>> read_rules_record({**rules_record(four), "jokers": 2}, "house")
    Traceback (most recent call last):
    ...
    ValueError: house: jokers: not a rule field.
    """
    from ..errors import RecordError, RulesError
    from ..records import load_json

    if not isinstance(data, dict):
        raise ValueError(f"{name}: an object of rule fields, not {type(data).__name__}.")
    try:
        text = json.dumps(data, ensure_ascii=False)  # once more as text: the limits of every record apply
    except (ValueError, TypeError, RecursionError):
        raise ValueError(f"{name}: not plain data (nested too deep?).") from None
    try:
        rules = Rules.from_dict(load_json(text, "rules record", MAX_RULES_RECORD))  # type: ignore[arg-type]
    except (RecordError, RulesError) as error:
        raise ValueError(f"{name}: {error}") from None
    except (TypeError, ValueError) as error:
        raise ValueError(f"{name}: not a rules record ({type(error).__name__}).") from None
    return rules


#: The size fields of a result: a dealing's deals, a sampling's worlds, a simulation's hands.
SIZES = ("deals", "worlds", "hands")


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def made_of(answer: Any) -> dict[str, Any] | None:
    """What a dealing's ``Count``, a count of sampled worlds or a simulation result was made from, for the
    check's stored output: its size (``deals``, ``worlds`` or ``hands``), its seed, its rules' fingerprint
    (:func:`rules_fingerprint`) and its players and method where it has them. The teacher's grading judges all
    of it (:class:`Recorded`), not only the number counted: random players' moons barely change with the
    rules, so a count alone can match a run of the wrong rules. Any other answer: ``None``.

    >>> from hearts_lab.exercises.sampling import deal_hands
    >>> four = Rules.preset("standard", players=4)
    >>> made = made_of(deal_hands(four, 10, seed=3).count(lambda hand: True))
    >>> made == {"deals": 10, "seed": 3, "rules": rules_fingerprint(four)}, made_of(7)
    (True, None)
    """
    try:
        seed: Any = getattr(answer, "seed", None)
        size = next(((name, getattr(answer, name)) for name in SIZES if _is_whole(getattr(answer, name, None))), None)
        if size is None or not _is_whole(seed) or not (hasattr(answer, "hits") or hasattr(answer, "moon_count")):
            return None
        made: dict[str, Any] = {size[0]: int(size[1]), "seed": int(seed)}
        rules = getattr(answer, "rules", None)
        if isinstance(rules, Rules):
            made["rules"] = rules_fingerprint(rules)
        for name in ("policy", "method"):
            value = getattr(answer, name, None)
            if isinstance(value, str):
                made[name] = value[:40]
        return made
    except Exception:  # an object that is not a result: nothing is recorded of it
        return None


@dataclass(frozen=True, eq=False)
class RulesPrint:
    """Rules known only by their fingerprint (a check's stored output): equal to the :class:`Rules` it was made from.

    >>> four = Rules.preset("standard", players=4)
    >>> RulesPrint(rules_fingerprint(four)) == four, RulesPrint(rules_fingerprint(four)) != four
    (True, False)
    """

    fingerprint: str

    def __eq__(self, other: object) -> bool:
        if isinstance(other, RulesPrint):
            return self.fingerprint == other.fingerprint
        if isinstance(other, Rules):
            return self.fingerprint == rules_fingerprint(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.fingerprint)


@dataclass(frozen=True)
class Recorded:
    """On the teacher's side, the answer to a :data:`MADE_BY_CALL` question as a check's stored output recorded it.

    ``count`` is the number the recorded call counted; ``accepted`` says whether the student's own check
    judged it correct; ``size``, ``seed``, ``rules``, ``policy`` and ``method`` are what the result was made
    from (:func:`made_of`; ``None`` where the output records none), each judged by the worksheet's check
    as in the student's kernel. Only :func:`~hearts_lab.exercises.classroom.grade` makes one
    (:meth:`read`), for an answer cell that is not a literal (the value was computed in the notebook).
    """

    count: Any
    accepted: bool
    size: int | None = None
    seed: int | None = None
    rules: RulesPrint | None = None
    policy: str | None = None
    method: str | None = None

    @classmethod
    def read(cls, count: Any, accepted: bool, made: Any) -> Recorded:
        """A stored output's count, verdict and ``made`` record (from a handed-in file: hostile); ``made`` absent
        (``None``) gives a record that names nothing it was made from. Anything :func:`made_of` does not
        write raises ``ValueError`` naming the field.

        >>> Recorded.read(39, True, {"deals": 8000, "seed": 5, "rules": "0123456789abcdef"}).size
        8000
        >>> Recorded.read(39, True, {"deals": 8000, "seed": "5"})
        Traceback (most recent call last):
        ...
        ValueError: made.seed: a whole number, not str.
        """
        if made is None:
            return cls(count, accepted)
        if not isinstance(made, dict) or not set(made) <= {*SIZES, "seed", "rules", "policy", "method"}:
            raise ValueError("made: not the record a check writes (a size, the seed, the rules, the players, the method).")
        sizes = [name for name in SIZES if name in made]
        if len(sizes) != 1:
            raise ValueError("made: one size (deals, worlds or hands).")
        for name in (sizes[0], "seed"):
            if not _is_whole(made.get(name)) or made[name] < 0:
                raise ValueError(f"made.{name}: a whole number, not {type(made.get(name)).__name__}.")
        for name in ("rules", "policy", "method"):
            if name in made and (not isinstance(made[name], str) or not 0 < len(made[name]) <= 40):
                raise ValueError(f"made.{name}: a short text, not {type(made[name]).__name__}.")
        rules = made.get("rules")
        return cls(count, accepted, made[sizes[0]], made["seed"], RulesPrint(rules) if rules is not None else None,
                   made.get("policy"), made.get("method"))


def judge_made(answer: Recorded, own: tuple[int, int] | None, size: str, ask: str, *, rules: bool = True) -> None:
    """On the teacher's side, what a recorded count says it was made from: it must name its ``size`` (``"deals"``,
    ``"worlds"``, ``"hands"``), its seed and (``rules``) its rules, and the size and seed must be the copy's ``own``;
    else :class:`Wrong`, with ``ask`` (what the copy asks for) where they differ. Each check then judges the rest
    (the rules, the players) and the count itself.

    >>> judge_made(Recorded(39, True, 8000, 5), (8000, 5), "deals", "Deal 8,000 from seed 5.", rules=False)
    >>> judge_made(Recorded(39, True, 8000, 6), (8000, 5), "deals", "Deal 8,000 from seed 5.", rules=False)
    Traceback (most recent call last):
    ...
    hearts_lab.exercises.checks.Wrong: Deal 8,000 from seed 5.
    """
    if answer.size is None or answer.seed is None or (rules and answer.rules is None):
        named = f"the rules, the {size} and the seed" if rules else f"the {size} and the seed"
        raise Wrong(f"The stored output records the count but not what it was made from ({named}), so it cannot be "
                    "verified.")
    if own is not None and (answer.size, answer.seed) != own:
        raise Wrong(ask)


def _typed(answer: Any) -> bool:
    """A number or a text of any kind (typed, or computed from a result), or an exact result of a formula."""
    return isinstance(answer, (numbers.Number, str, bytes, sympy.Basic)) or _is_exact_result(answer)


def call_count(worksheet: str, key: str, answer: Any, result: type | None, attr: str, *, grading: bool) -> int | None:
    """The one rule, on both sides, for a :data:`MADE_BY_CALL` question: is ``answer`` the result of the call, or typed?

    * The call's result (an instance of ``result``; with ``result=None`` anything that has ``attr``): the whole
      number it counted (its ``attr``), for the check to verify by running the same call again.
    * A typed value is refused with the question's own sentence (raises :class:`Wrong`): in the student's
      kernel any number or text, typed or computed (``count.hits`` is a number, not the call's result); on the
      teacher's side a literal read from the answer cell, which the grading passes on as the plain value it is.
    * On the teacher's side only (``grading``), a :class:`Recorded` count: its number if the student's own check
      accepted it, else refused with :data:`REFUSED_RECORD` (that check refuses typed values but records their
      number all the same).
    * Anything else: ``None`` (the check says what it expected).

    >>> @question("demo", "Q9", "Count by dealing", made_by_call="A typed number cannot show how it was made.")
    ... def check_demo_count(answer):
    ...     if call_count("demo", "Q9", answer, None, "hits", grading=False) != 7:
    ...         raise Wrong("Count again.")
    >>> class Dealt:
    ...     hits = 7
    >>> check_demo_count(Dealt()).status, check_demo_count(7).message, check_demo_count("7").message
    ('correct', 'A typed number cannot show how it was made.', 'A typed number cannot show how it was made.')
    >>> call_count("demo", "Q9", Recorded(7, accepted=True), None, "hits", grading=True)
    7
    """
    refusal = MADE_BY_CALL[worksheet][key]
    count: Any
    if isinstance(answer, Recorded):
        if not grading:  # only the teacher's re-grade reads a stored output's count
            raise Wrong(refusal)
        if not answer.accepted:
            raise Wrong(REFUSED_RECORD)
        if isinstance(answer.count, bool) or not isinstance(answer.count, numbers.Integral):
            raise Wrong("The stored output records no whole number as the count (edited?).")
        count = answer.count
    elif _typed(answer):
        raise Wrong(refusal)
    elif result is not None and not isinstance(answer, result):
        return None
    else:
        count = getattr(answer, attr, None)
    if isinstance(count, bool) or not isinstance(count, numbers.Integral):
        return None
    return int(count)


def reset(worksheet: str | None = None) -> None:
    """Forget this session's results (of one worksheet, or all): statuses, attempts and the hint ladder start again."""
    _RESULTS[:] = [r for r in _RESULTS if worksheet is not None and r.worksheet != worksheet]


def results(worksheet: str | None = None) -> list[CheckResult]:
    """The results reported so far in this session (optionally for one worksheet)."""
    return [r for r in _RESULTS if worksheet is None or r.worksheet == worksheet]


class Summary:
    """The latest status of every question of a worksheet, as a table."""

    def __init__(self, worksheet: str) -> None:
        latest = {r.question: r.status for r in results(worksheet)}
        self.rows = [(key, title, latest.get(key, "unanswered")) for key, title in QUESTIONS.get(worksheet, {}).items()]

    @property
    def done(self) -> int:
        return sum(status == "correct" for _, _, status in self.rows)

    def __repr__(self) -> str:
        lines = [f"{key:4} {_MARKS[status]:17} {title}" for key, title, status in self.rows]
        lines.append(f"{self.done} of {len(self.rows)} correct")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        rows = "".join(
            f'<tr><td>{html.escape(k)}</td><td style="color: {_COLOURS[s]}">{_MARKS[s]}</td>'
            f"<td style=\"text-align: left\">{html.escape(t)}</td></tr>"
            for k, t, s in self.rows
        )
        return f"<table>{rows}</table><p>{self.done} of {len(self.rows)} correct</p>"


def summary(worksheet: str) -> Summary:
    """A table of every question of ``worksheet`` with its latest status in this session."""
    return Summary(worksheet)


# -- reading answers -----------------------------------------------------------
#
# Every reader takes anything a student (or a submission file) can hold, and
# either returns the value or raises :class:`Wrong` with a sentence; no other
# error escapes, and nothing is evaluated before its size is known: numbers,
# text and sympy objects are read by :mod:`hearts_lab.exercises.sandbox`
# (an interpreter of a few operations, not ``eval``), containers are read up
# to a bounded length, and a value is quoted back at most 60 characters long
# (:func:`hearts_lab.arguments.shown`).

#: The most digits an answer (or any number on the way to it) may have.
MAX_DIGITS = 10_000
#: The longest text answer read.
MAX_TEXT = sandbox.MAX_TEXT
#: The most terms a Sum may have.
MAX_TERMS = sandbox.MAX_TERMS
#: The most entries a list of cards or numbers may have (two packs hold 104 cards).
MAX_ENTRIES = 1_000


def _bounded(answer: Iterable[Any], most: int, what: str) -> list[Any]:
    """The entries of ``answer``, refusing more than ``most`` without reading the rest."""
    try:
        values = list(itertools.islice(answer, most + 1))
    except Exception:
        raise Wrong(f"Could not read the entries of {_shown(answer)}; give {what}.") from None
    if len(values) > most:
        raise Wrong(f"That has more than {most:,} entries; give {what}.")
    return values


def read_cards(answer: Any) -> Counter[Card]:
    """Cards in any notation: ``"Q♠ 2c"``, ``["QS", "2C"]``, a set of :class:`Card`, one card.

    Returns a multiset (a ``Counter``) so order and container do not matter.

    >>> read_cards("qs, 10h") == read_cards({Card.parse("TH"), Card.parse("Q♠")})
    True
    >>> read_cards(7)
    Traceback (most recent call last):
    ...
    hearts_lab.exercises.checks.Wrong: Give cards as text such as "Q♠ 10♥" or a list like ["QS", "TH"], not 7.
    """
    if isinstance(answer, Card):
        return Counter([answer])
    if isinstance(answer, dict):
        answer = list(answer)
    if isinstance(answer, str):
        if len(answer) > 4 * MAX_ENTRIES:
            raise Wrong(f"That text is {len(answer):,} characters long; give at most {MAX_ENTRIES:,} cards.")
        entries: list[Any] = answer.replace(",", " ").split()
    elif isinstance(answer, Iterable) and not isinstance(answer, (bytes, bytearray, numbers.Number)):
        entries = _bounded(answer, MAX_ENTRIES, 'cards such as ["QS", "TH"]')
    else:
        raise Wrong(f'Give cards as text such as "Q♠ 10♥" or a list like ["QS", "TH"], not {_shown(answer)}.')
    cards = []
    for entry in entries[: MAX_ENTRIES + 1]:
        if isinstance(entry, Card):
            cards.append(entry)
            continue
        if not isinstance(entry, str):
            raise Wrong(f"Some entry is not a card: {_shown(entry)} (write each card as text such as 'QS').")
        try:
            cards.append(Card.parse(entry))
        except CardError as error:
            raise Wrong(f"Some entry is not a card: {error}") from None
    if len(cards) > MAX_ENTRIES:
        raise Wrong(f"That names more than {MAX_ENTRIES:,} cards.")
    return Counter(cards)


def same_cards(answer: Any, expected: Iterable[Card], *, distinct: bool = True) -> bool:
    """Whether ``answer`` names the same cards as ``expected`` (as sets when ``distinct``)."""
    got = read_cards(answer)
    want = Counter(expected)
    if distinct:
        return set(got) == set(want)
    return got == want


_NOBODY = {"nobody", "none", "no one", "noone", "set aside", "set-aside"}
_WHOLE = re.compile(r"\s{0,20}[+-]?[0-9]{1,20}\s{0,20}")


def _whole_number(value: Any) -> int | None:
    """An int from an int, a numpy or sympy integer, or short text of ASCII digits; None otherwise (never bool)."""
    if isinstance(value, str):
        return int(value) if _WHOLE.fullmatch(value) else None
    if isinstance(value, bool) or not isinstance(value, (numbers.Integral, sympy.Integer)):
        return None
    return int(value)


@overload
def read_seat(answer: Any, players: int, *, allow_nobody: Literal[False] = False) -> int: ...
@overload
def read_seat(answer: Any, players: int, *, allow_nobody: bool) -> int | None: ...
def read_seat(answer: Any, players: int, *, allow_nobody: bool = False) -> int | None:
    """A seat number 0..players-1 (an int, a numpy or sympy integer, or text "3").

    With ``allow_nobody``, ``None`` or the text ``"nobody"`` mean no seat.

    >>> read_seat(sympy.Integer(2), 4), read_seat("nobody", 6, allow_nobody=True)
    (2, None)
    """
    if allow_nobody and (answer is None or (isinstance(answer, str) and len(answer) < 40 and answer.strip().lower() in _NOBODY)):
        return None
    seat = _whole_number(answer)
    if seat is None:
        extra = ' (or None / "nobody" if nobody does)' if allow_nobody else ""
        raise Wrong(f"Give a seat number from 0 to {players - 1}{extra}, not {_shown(answer)}.")
    if not 0 <= seat < players:
        raise Wrong(f"Seats are numbered 0 to {players - 1}; {_shown(seat)} is not a seat.")
    return seat


def read_seats(answer: Any, players: int, length: int) -> tuple[int, ...]:
    """A tuple of ``length`` whole numbers (for example every seat's score).

    >>> read_seats([26, 0, "26", 26], 4, 4)
    (26, 0, 26, 26)
    """
    if isinstance(answer, (str, bytes, bytearray, dict)) or not isinstance(answer, Iterable):
        raise Wrong(f"Give {length} whole numbers in seat order, e.g. a tuple (a, b, ...), not {_shown(answer)}.")
    values = _bounded(answer, length, f"{length} whole numbers in seat order")
    if len(values) != length:
        raise Wrong(f"Give exactly {length} numbers, one per seat in seat order; you gave {len(values)}.")
    out = []
    for v in values:
        number = _whole_number(v)
        if number is None or number.bit_length() > 64:
            raise Wrong(f"Every entry should be a whole number; {_shown(v)} is not.")
        out.append(number)
    return tuple(out)


def _sandboxed(read: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Run a sandbox reader, turning its refusal into the check's :class:`Wrong`."""
    try:
        return read(*args, **kwargs)
    except sandbox.Unreadable as error:
        raise Wrong(str(error)) from None


def _exact_number(value: int | Fraction) -> sympy.Rational:
    if isinstance(value, Fraction):
        return sympy.Rational(value.numerator, value.denominator)
    return sympy.Integer(value)


def read_exact(answer: Any) -> sympy.Rational:
    """An exact number: int, :class:`~fractions.Fraction`, a sympy expression, or text sympy reads.

    Floats are refused with a hint: exact questions need exact answers. Text
    and sympy expressions are read in :mod:`~hearts_lab.exercises.sandbox`
    (nothing is run; absurd sizes are refused before they are computed) and
    come back as a sympy ``Integer`` or ``Rational``.

    >>> read_exact(Fraction(1, 3)) == sympy.Rational(1, 3)
    True
    >>> read_exact("binomial(4, 2)")
    6
    >>> read_exact(0.5)
    Traceback (most recent call last):
    ...
    hearts_lab.exercises.checks.Wrong: This question wants an exact answer: an int, a Fraction or a sympy expression such as sympy.binomial(52, 13), not the float 0.5.
    """
    if isinstance(answer, bool):
        raise Wrong(f"Give a number, not {answer!r}.")
    if _is_exact_result(answer):
        answer = answer.value
    if isinstance(answer, float) or (hasattr(answer, "dtype") and getattr(answer.dtype, "kind", "") == "f"):
        raise Wrong(
            "This question wants an exact answer: an int, a Fraction or a sympy expression "
            f"such as sympy.binomial(52, 13), not the float {_shown(answer)}."
        )
    if isinstance(answer, Fraction):
        value: int | Fraction = answer
    elif isinstance(answer, numbers.Integral):
        value = int(answer)
    elif isinstance(answer, sympy.Basic):
        if not isinstance(answer, sympy.Expr):  # an Interval, an Eq, a FiniteSet ...: not a number
            raise Wrong(f"Give an exact number (an int, a Fraction or a sympy expression), not the {type(answer).__name__} {_shown(answer)}.")
        return _exact_number(_sandboxed(sandbox.read_sympy, answer))
    elif isinstance(answer, str):
        return _exact_number(_sandboxed(sandbox.read_text, answer))
    else:
        raise Wrong(f"Give an exact number (an int, a Fraction or a sympy expression), not {_shown(answer)}.")
    bits = value.numerator.bit_length() + value.denominator.bit_length()
    if bits > sandbox.MAX_BITS:
        raise Wrong(sandbox._TOO_LARGE.format(what=f"about {bits * 0.30103:,.0f} digits"))
    return _exact_number(value)


def _is_exact_result(answer: Any) -> bool:
    """A :class:`hearts_lab.combinatorics.Exact` (or anything with an exact sympy ``value`` and a ``formula``)."""
    return isinstance(getattr(answer, "value", None), sympy.Rational) and hasattr(answer, "formula")


def _is_estimate(answer: Any) -> bool:
    """A :class:`hearts_lab.combinatorics.Estimate` or a simulation estimate: a float ``value`` with ``low``/``high``."""
    return isinstance(getattr(answer, "value", None), float) and hasattr(answer, "low") and hasattr(answer, "high")


def same_exact(answer: Any, expected: Any) -> bool:
    """Exact equality of two numbers in any exact form (the answer is read by :func:`read_exact`).

    >>> same_exact(sympy.factorial(4) / sympy.factorial(2), 12), same_exact(Fraction(1, 2), sympy.Rational(2, 4))
    (True, True)
    """
    a = read_exact(answer)
    b = sympy.sympify(expected)  # the check's own value, not the student's
    return bool(a == b) or bool(sympy.simplify(a - b) == 0)


def read_estimate(answer: Any) -> float:
    """A number as a float (floats, ints, Fractions, sympy numbers and text such as ``"0.25"`` or ``"1/4"``).

    >>> read_estimate(Fraction(1, 4)), read_estimate(sympy.Rational(1, 2)), read_estimate("3/8")
    (0.25, 0.5, 0.375)
    """
    if isinstance(answer, bool):
        raise Wrong(f"Give a number, not {answer!r}.")
    if _is_exact_result(answer) or _is_estimate(answer):
        answer = answer.value
    try:
        if isinstance(answer, sympy.Basic):
            value = float(_sandboxed(sandbox.read_sympy, answer, allow_float=True))
        elif isinstance(answer, str):
            value = float(_sandboxed(sandbox.read_text, answer, allow_float=True))
        elif isinstance(answer, (numbers.Real, Fraction)) or hasattr(answer, "__float__"):
            value = float(answer)
        else:
            raise TypeError
    except OverflowError:
        raise Wrong(sandbox._TOO_LARGE.format(what="a number beyond a float")) from None
    except (TypeError, ValueError):
        raise Wrong(f"Give a single number (e.g. 0.123), not {_shown(answer)}.") from None
    if math.isnan(value) or math.isinf(value):
        raise Wrong(f"{value} is not an estimate: check for a division by zero.")
    return value


def read_text(answer: Any, options: Iterable[str]) -> str:
    """One of a few words, case and spacing ignored.

    >>> read_text(" No clear effect", ["increase", "decrease", "no clear effect"])
    'no clear effect'
    """
    options = list(options)
    if not isinstance(answer, str) or len(answer) > 200:
        raise Wrong(f"Answer with one of {', '.join(repr(o) for o in options)}, not {_shown(answer)}.")
    cleaned = " ".join(answer.strip().lower().replace("_", " ").replace("-", " ").split())
    for option in options:
        if cleaned == " ".join(option.lower().replace("-", " ").split()):
            return option
    raise Wrong(f"Answer with one of {', '.join(repr(o) for o in options)}, not {_shown(answer)}.")


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as text for a hint (sorted)."""
    return format_cards(cards)


# -- stored answers: salted digests ---------------------------------------------
#
# Where a question says "count it yourself" its answer is not derived by a
# public call at check time, and not written anywhere a student can read: the
# package keeps a salted SHA-256 digest of the exact answer and of each known
# slip (hearts_lab/exercises/_digests.py, generated from answer keys that are
# not part of the package). A check hashes the
# student's value the same way and compares digests. Some answers are a single
# binomial coefficient, and every C(n, k) with n <= 104 can be tried against a
# fast digest in a twentieth of a second, so the digest is deliberately slow
# (DIGEST_ROUNDS of SHA-256, about 0.1 s a try); the salt (worksheet and
# question) keeps a digest from matching any other question's. Answers with a
# handful of plausible values (worksheet 4's scores after a moon) get no digest:
# the engine derives them when the check runs, so only the check can be asked;
# it counts the answers it judges, but only since the kernel last started.


def canonical(value: Any) -> str:
    """The one text form a digest is taken of: ``p/q`` for an exact number, sorted cards, ``(a,b)``, ``{a,b}``.

    >>> canonical(sympy.Rational(6, 4)), canonical(Fraction(8, 2)), canonical((1, 2)), canonical({3, 2})
    ('3/2', '4', '(1,2)', '{2,3}')
    """
    if isinstance(value, (set, frozenset)):
        return "{" + ",".join(canonical(v) for v in sorted(value)) + "}"
    if isinstance(value, tuple):
        return "(" + ",".join(canonical(v) for v in value) + ")"
    if isinstance(value, Counter):
        return " ".join(c.ascii for c in sorted(value.elements(), key=lambda c: c.sort_key()))
    if isinstance(value, Fraction):
        value = sympy.Rational(value.numerator, value.denominator)
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        value = sympy.Integer(int(value))
    if isinstance(value, sympy.Rational):
        return str(value)
    raise TypeError(f"no canonical form for {value!r}")


#: SHA-256 rounds per digest (about 0.1 s): enough that trying every C(n, k) with n up to 104 against a
#: digest takes many minutes instead of a twentieth of a second (one round recovered two answers so).
DIGEST_ROUNDS = 150_000


#: The longest canonical text an answer is judged by (the longest answer or slip in the keys has 125 characters).
MAX_ANSWER_TEXT = 1000


def digest(worksheet: str, key: str, value: Any) -> str:
    """The salted, deliberately slow digest of ``value`` as an answer to ``worksheet`` ``key``.

    Iterated SHA-256 (plain :mod:`hashlib`, so it runs in JupyterLite too): each
    try costs about 0.1 s, so candidates cannot be tried by the thousand in seconds.
    """
    text = f"hearts-lab|{worksheet}|{key}|{canonical(value)}".encode()
    state = hashlib.sha256(text).digest()
    for _ in range(DIGEST_ROUNDS):
        state = hashlib.sha256(state + text).digest()
    return state.hex()[:32]


def variant_digest(worksheet: str, seed: int, key: str, value: Any) -> str:
    """The salted, slow digest of ``value`` as the answer to ``key`` of ``worksheet``'s variant ``seed`` (16 hex digits)."""
    return digest(f"{worksheet}/{seed}", key, value)[:16]


def look_up(table: dict[str, dict[str, str]], worksheet: str, seed: int, key: str, value: Any, *,
            by_value: bool) -> str | None:
    """What ``value`` is in a variant's key ``table`` (``{Q: {digest or value: name}}``): ``"answer"``, a slip's
    name, or None. ``by_value``: the table holds canonical values (the teacher's side), not digests.

    >>> look_up({"Q1": {"3/4": "answer"}}, "ws3", 7, "Q1", Fraction(3, 4), by_value=True)
    'answer'
    >>> look_up({"Q1": {"3/4": "answer"}}, "ws3", 7, "Q1", 10**2000, by_value=True) is None
    True
    """
    try:
        text = canonical(value)
    except TypeError:
        return None
    if len(text) > MAX_ANSWER_TEXT:  # no answer is this long: not worth seconds of hashing
        return None
    return table[key].get(text if by_value else variant_digest(worksheet, seed, key, value))


def _matches(worksheet: str, key: str, value: Any) -> str | None:
    """Module-private: only a recorded check calls it (every answer it judges counts as an attempt).

    ``"answer"`` if ``value`` is the answer, the slip's name if it is a known slip, else ``None``."""
    from ._digests import DIGESTS

    entry = DIGESTS[worksheet][key]
    try:
        # The digest's cost grows with the text (each round hashes it again): no answer here is longer, so a
        # 4,000-digit number is "not the answer" at once instead of seconds of hashing on the teacher's side.
        if len(canonical(value)) > MAX_ANSWER_TEXT:
            return None
        mine = digest(worksheet, key, value)
    except TypeError:
        return None
    if mine == entry["answer"]:
        return "answer"
    slip: str | None = entry["slips"].get(mine)
    return slip


_KEY_PART = re.compile(r"Q[1-8]=[0-9a-f]{16}(,[0-9a-f]{16}){0,8}")


def read_key_line(text: Any, names: dict[str, list[str]]) -> dict[str, dict[str, str]]:
    """A student copy's key line (``"Q1=<answer>,<slip>,...;Q2=..."``, 16 hex digits a digest) as ``{Q: {digest: name}}``.

    ``names`` gives, per question, the names of its digests in order (``"answer"`` first, then the slips);
    anything else is refused naming the key, and nothing is changed.

    >>> read_key_line("Q1=" + ",".join(["0" * 16, "1" * 16]), {"Q1": ["answer", "slip"]})
    {'Q1': {'0000000000000000': 'answer', '1111111111111111': 'slip'}}
    """
    if not isinstance(text, str) or len(text) > 4000:
        raise ValueError("key: the key line of your own copy (text), as your teacher wrote it into your copy.")
    out: dict[str, dict[str, str]] = {}
    for part in text.split(";"):
        if not _KEY_PART.fullmatch(part) or part.split("=")[0] not in names:
            raise ValueError("key: this is not the key line your teacher wrote into your copy; keep that line as it is.")
        q, digests = part.split("=")
        values = digests.split(",")
        if len(values) != len(names[q]):
            raise ValueError(f"key: {q} needs {len(names[q])} digests, not {len(values)}.")
        out[q] = dict(zip(values, names[q]))
    if set(out) != set(names):
        raise ValueError(f"key: every question {', '.join(names)} needs its digests.")
    return out


def exact_value(answer: Any) -> sympy.Rational:
    """An exact answer evaluated to a sympy Rational (floats refused, see :func:`read_exact`).

    >>> exact_value("binomial(4, 2) / 4"), exact_value(Fraction(1, 3))
    (3/2, 1/3)
    """
    return read_exact(answer)  # the sandbox reads only rationals: an irrational answer is refused with why
