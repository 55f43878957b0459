"""Per-student variants of worksheets 1, 2, 3 and 4: every variant is a good question.

Over many seeds: the position shows what the question is about, every slip a
hint is written for can be made (the check answers it with that hint), the
answers differ from student to student, and no notebook deals the positions.
The answers are computed here with the engine, as a teacher would.
"""
from __future__ import annotations

import dataclasses
import itertools
import json
import re
from pathlib import Path

import pytest
import text_search

from hearts_lab import Card, Hand, Rules
from hearts_lab.cards import suit_name
from hearts_lab.exercises import checks, variants, ws1, ws2
from hearts_lab.exercises.positions import replay
from hearts_lab.tricks import resolve_trick

REPO = Path(__file__).resolve().parent.parent
WS1_SEEDS = range(1000, 1060)
WS2_SEEDS = range(2000, 2020)


pytestmark = pytest.mark.usefixtures("exercise_session")  # tests/conftest.py


def _stored(result, *, count=None, accepted=True):
    """``result`` as the teacher's grading reads it back from the stored output of its check (checks.Recorded)."""
    return checks.Recorded.read(checks.recorded(result) if count is None else count, accepted, checks.made_of(result))


def _hold(record):
    return replay(ws1.STANDARD, record[0], 3, record[1])


def ws1_answers(v) -> dict[str, object]:
    """Every answer of a worksheet-1 variant, from the engine."""
    seed, number, dealer = v.q1
    q6 = _hold(v.q6)
    return {
        "Q1": Hand.deal(ws1.STANDARD, seed=seed, hand_number=number, dealer=dealer).to_play,
        "Q2": set(_hold(v.q2).legal_moves()),
        "Q3": set(_hold(v.q3).legal_moves()),
        "Q4": set(_hold(v.q4).legal_moves()),
        "Q5": _hold(v.q5).tricks[v.q5[2]].winner,
        "Q6": q6.points()[v.q6[2]],
        "Q7": variants.house_rules(*v.q7).opening_card,
        "Q8": _trick_for(*v.q8),
    }


def _trick_for(leader: int, seat: int, card_text: str) -> list[tuple[int, str]]:
    """A trick that seat wins with the card although a higher card is played: a lower card of its suit led,
    an ace of another suit, and the lowest card of the suit last."""
    card = Card.parse(card_text)
    other = next(s for s in "CDHS" if s != card.suit)
    low = [Card(r, card.suit) for r in range(2, card.rank)]
    cards = {leader: low[-1], seat: card}
    rest = [s for s in ws1.STANDARD.play_order(leader) if s not in cards]
    cards[rest[0]], cards[rest[1]] = Card(14, other), low[0]
    return [(s, str(cards[s])) for s in ws1.STANDARD.play_order(leader)]


def _q6_hand(record):
    return replay(ws2.CANCELLATION_7, record[0], 0, record[2], record[1])


def ws2_answers(v) -> dict[str, object]:
    """Every answer of a worksheet-2 variant, from the engine."""
    r1 = Rules.preset(v.q1[0], players=v.q1[1])
    r2 = Rules.preset(v.q2[0], players=v.q2[1])
    q3 = ws2._passed(replay(ws2.CANCELLATION_7, v.q3[0], v.q3[1]))
    q6 = _q6_hand(v.q6)
    nxt = q6.tricks[v.q6[3] + 1]
    return {
        "Q1": r1.pass_target(v.q1[3], r1.pass_offset(v.q1[2])),
        "Q2": r2.pass_source(v.q2[3], r2.pass_offset(v.q2[2])),
        "Q3": sorted(q3.received(v.q3[2]), key=Card.sort_key),
        "Q4": resolve_trick(ws2.CANCELLATION_6, v.q4).winner,
        "Q5": resolve_trick(ws2.CANCELLATION_6, v.q5).winner,
        "Q6": nxt.leader,
        "Q7": nxt.points,
        "Q8": _q6_hand(v.q8).kitty_holder,
    }


def q6_event(v):
    """Worksheet 4's Q6 event of variant ``v`` (Q7 estimates it): the Q♠, the named top hearts, at least so many hearts."""
    named, least = v.q6
    cards = [Card.parse(c) for c in ("Q♠", "A♥", "K♥", "Q♥")[: named + 1]]
    return lambda h: all(c in h for c in cards) and sum(c.suit == "H" for c in h) >= least


def _says(result, words):
    assert result.status == "incorrect", (result, words)
    assert words in result.message, (words, result.message)


@pytest.mark.parametrize("seed", WS1_SEEDS)
def test_ws1_variant_is_a_good_question(seed):
    v = variants.ws1_variant(seed)
    assert variants.problems("ws1", v) == []
    ws1.use_variant(seed)
    answers = ws1_answers(v)
    for key, answer in answers.items():
        assert getattr(ws1, f"check_{key.lower()}")(answer).status == "correct", key
    # Q1: both seating slips name a wrong seat.
    _, _, dealer = v.q1
    _says(ws1.check_q1(dealer), "dealer does not lead")
    _says(ws1.check_q1((dealer + 1) % 4), "left of the dealer")
    # Q2: the first-trick rule bars a card the seat holds.
    p2 = _hold(v.q2)
    _says(ws1.check_q2(set(p2.cards(p2.to_play))), "first trick")
    # Q3: hearts are not broken, the leader holds one, and other suits to leave out.
    p3 = _hold(v.q3)
    assert not p3.hearts_broken and p3.trick_number >= 3
    _says(ws1.check_q3(set(p3.cards(p3.to_play))), "Hearts are not broken")
    some = {c for c in answers["Q3"] if c.suit == min(c.suit for c in answers["Q3"])}
    left_out = answers["Q3"] - some
    _says(ws1.check_q3(some), "The Q♠ is a spade" if left_out == {Card.parse("Q♠")} else "You left out")
    # Q4: following suit: more than one legal card, and other cards held.
    p4 = _hold(v.q4)
    _says(ws1.check_q4(set(p4.cards(p4.to_play))), "must follow suit")
    _says(ws1.check_q4({max(answers["Q4"], key=lambda c: c.rank)}), "Every card of the led suit")
    # Q5: the leader did not win, and the highest card is off-suit.
    trick = _hold(v.q5).tricks[v.q5[2]]
    _says(ws1.check_q5(trick.leader), "led card does not always win")
    top = max(trick.plays, key=lambda p: p[1].rank)
    _says(ws1.check_q5(top[0]), "never wins")
    # Q6: the seat took the Q♠ and hearts; what it played differs from what it took.
    hand6 = _hold(v.q6)
    hearts = sum(1 for c in hand6.collected(v.q6[2]) if c.suit == "H")
    _says(ws1.check_q6(hearts), "counted the hearts")
    _says(ws1.check_q6(hearts + 1), "13 points, not 1")
    played = hand6.rules.points(c for t in hand6.tricks for s, c in t.plays if s == v.q6[2])
    _says(ws1.check_q6(played), "point cards seat")
    # Q7: the usual opening card is stripped; a higher club and a non-club are slips.
    opening = answers["Q7"]
    _says(ws1.check_q7("2♣"), "stripped")
    _says(ws1.check_q7(Card(opening.rank + 1, "C")), "lower club")
    _says(ws1.check_q7(Card(opening.rank, "H")), "opened with a club")
    # Q8: leading another suit, a higher card of the suit, no higher card: each its own hint.
    leader, seat, card = v.q8
    trick = answers["Q8"]
    suit = Card.parse(card).suit
    off = next(s for s in "CDHS" if s != suit)
    _says(ws1.check_q8([(trick[0][0], f"2{off}")] + trick[1:]), "what must seat")
    higher = [(s, c) if s != trick[2][0] or trick[2][0] == seat else (s, f"A{suit}") for s, c in trick]
    if higher != trick and Card.parse(card).rank < 14:
        _says(ws1.check_q8(higher), f"higher {suit_name(suit, plural=False)}")
    no_higher = [(s, c) if not c.startswith("A") else (s, str(Card(2 if Card.parse(card).rank > 3 else 3, off))) for s, c in trick]
    _says(ws1.check_q8(no_higher), "Also play a card higher")


@pytest.mark.parametrize("seed", WS2_SEEDS)
def test_ws2_variant_is_a_good_question(seed):
    v = variants.ws2_variant(seed)
    ws2.use_variant(seed)
    answers = ws2_answers(v)
    for key, answer in answers.items():
        assert getattr(ws2, f"check_{key.lower()}")(answer).status == "correct", key
    # Q1, Q2: the wrong direction and the hand before or after give hints.
    for check, (preset, players, h, seat), ask, other in (
        (ws2.check_q1, v.q1, "pass_target", "pass_source"), (ws2.check_q2, v.q2, "pass_source", "pass_target")
    ):
        rules = Rules.preset(preset, players=players)
        assert rules.pass_offset(h) != 0 and preset != "standard" or players != 4
        wrong_way = getattr(rules, other)(seat, rules.pass_offset(h))
        assert wrong_way != getattr(rules, ask)(seat, rules.pass_offset(h))
        _says(check(wrong_way), "(s - k)" if ask == "pass_target" else "passes *to*")
        neighbours = {getattr(rules, ask)(seat, rules.pass_offset(n)) for n in (h - 1, h + 1)}
        _says(check(next(iter(neighbours - {wrong_way} or neighbours))), "the hand before or after")
    # Q3: own passes and the wrong direction are both wrong and recognised.
    hand3 = ws2._passed(replay(ws2.CANCELLATION_7, v.q3[0], v.q3[1]))
    _says(ws2.check_q3(hand3.passes[v.q3[2]]), "passed away")
    _says(ws2.check_q3(hand3.passes[hand3.pass_target(v.q3[2])]), "Wrong direction")
    # Q4: a cancelled pair outranks the winner; the leader's card is cancelled.
    result4 = resolve_trick(ws2.CANCELLATION_6, v.q4)
    assert result4.winner is not None and v.q4[0][0] != result4.winner
    _says(ws2.check_q4(v.q4[0][0]), "cancel each other")
    _says(ws2.check_q4(None), "not set aside")
    # Q5: an uncancelled off-suit card exists (the slip "it wins once the led suit cancels").
    led = Card.parse(v.q5[0][1]).suit
    result5 = resolve_trick(ws2.CANCELLATION_6, v.q5)
    off = [s for s, c in v.q5 if Card.parse(c).suit != led and Card.parse(c) not in result5.cancelled]
    _says(ws2.check_q5(off[0]), "never win")
    # Q6, Q7: a set-aside trick, then a trick won with points in the pile.
    hand6 = _q6_hand(v.q6)
    aside, nxt = hand6.tricks[v.q6[3]], hand6.tricks[v.q6[3] + 1]
    assert aside.winner is None and nxt.winner is not None
    _says(ws2.check_q6(ws2.CANCELLATION_7.play_order(aside.leader)[1]), "nobody won")
    _says(ws2.check_q7(ws2.CANCELLATION_7.points(nxt.cards)), "pending pile")
    # Q8: trick 1 set aside, the kitty collected later by someone other than its leader.
    hand8 = _q6_hand(v.q8)
    assert hand8.tricks[0].winner is None
    _says(ws2.check_q8(None), "not lost")
    _says(ws2.check_q8(hand8.tricks[0].leader), "Leading trick 1")


def test_students_get_different_answers():
    """Thirty students: the card answers of worksheet 1 are all different; seat answers vary."""
    rows = [ws1_answers(variants.ws1_variant(seed)) for seed in range(5000, 5030)]
    for key in ("Q2", "Q3", "Q4"):
        sets = [frozenset(r[key]) for r in rows]
        assert len(set(sets)) == len(sets), key
    for key in ("Q1", "Q5", "Q6"):
        assert len({r[key] for r in rows}) >= 3, key
    rows2 = [ws2_answers(variants.ws2_variant(seed)) for seed in range(6000, 6010)]
    assert len({tuple(map(str, r["Q3"])) for r in rows2}) == 10


def test_no_notebook_deals_a_variant_position():
    """Variant deals use seeds of a million and more; no notebook or student copy names one of them."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted((REPO / "notebooks").glob("*.ipynb")))
    text += "\n".join(p.read_text(encoding="utf-8") for p in sorted((REPO / "exercises" / "student").glob("*.ipynb")))
    big = {int(n) for n in re.findall(r"(?<![\d.])\d{7,10}(?![\d.])", text)}
    for seed in range(3000, 3010):
        v1, v2 = variants.ws1_variant(seed), variants.ws2_variant(seed)
        deals = [v1.q1[0], v1.q2[0], v1.q3[0], v1.q4[0], v1.q5[0], v2.q3[0], v2.q6[0], v2.q8[0]]
        assert min(deals) >= variants.SEED_FLOOR
        assert not big & set(deals)


def test_generic_copy_text_is_the_template_of_the_generic_variant():
    """One source for a question's text: the worksheet source shows TEXTS filled in with the generic values."""
    from hearts_lab.exercises import ws3, ws4, ws5

    for module, name in ((ws1, "01_legal_moves"), (ws2, "02_passing_and_cancellation"), (ws3, "03_counting_deals"),
                         (ws4, "04_moon_odds"), (ws5, "05_capstone_house_rule")):
        module.use_variant(None)
        nb = json.loads((REPO / "exercises" / "source" / f"{name}.ipynb").read_text(encoding="utf-8"))
        bodies = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"]
        for key in module.TEXTS:
            assert any(b.split("\n", 1)[0].startswith(f"## {key}") and b.endswith(module.question_text(key)) for b in bodies), key


def test_use_variant_changes_questions_and_hints_and_none_restores():
    generic = ws1.position_q2().cards(0), checks.HINTS["ws1"]["Q6"]
    ws1.use_variant(77)
    assert str(ws1.position_q2()) != str(ws1.use_variant(None) and ws1.position_q2())
    ws1.use_variant(77)
    seat = variants.ws1_variant(77).q6[2]
    assert f"seat {seat}" in checks.HINTS["ws1"]["Q6"][0]
    ws1.use_variant(None)
    assert (ws1.position_q2().cards(0), checks.HINTS["ws1"]["Q6"]) == generic



@pytest.mark.parametrize("ws", ["ws1", "ws2", "ws3", "ws4", "ws5"])
@pytest.mark.parametrize("bad", [True, 77.0, "77", -1, 2**48, 10**5000, [77]],
                         ids=["bool", "float", "text", "negative", "2**48", "10**5000", "list"])
def test_use_variant_refuses_a_seed_no_class_gives_and_changes_nothing(ws, bad):
    """Every worksheet reads its seed with the one argument helper (variants.check_seed): a truth value, a
    fraction, a text, a negative or a number above the class's 48 bits is refused naming the seed."""
    import importlib

    from hearts_lab.arguments import ArgumentError

    module = importlib.import_module(f"hearts_lab.exercises.{ws}")
    module.use_variant(77)
    before = {key: module.question_text(key) for key in module.TEXTS}, dict(checks.HINTS[ws])
    try:
        with pytest.raises(ArgumentError, match=r"^seed: expected a whole number from 0 to 281,474,976,710,655, not "):
            module.use_variant(bad)
        assert ({key: module.question_text(key) for key in module.TEXTS}, dict(checks.HINTS[ws])) == before
    finally:
        module.use_variant(None)

@pytest.mark.parametrize("seed", range(4000, 4040))
def test_ws4_scores_variant_is_a_good_question(seed):
    """Worksheet 4 Q4 and Q5: the two policies choose different moons, and every slip has its hint."""
    from hearts_lab.exercises import ws4

    before, shooter = variants.ws4_variant(seed).q4
    ws4.use_variant(seed)
    try:
        old, new = (variants.moon_scores(before, shooter, m) for m in ("old", "new"))
        auto, avoid = (variants.moon_scores(before, shooter, m) for m in ("auto", "avoid-end"))
        assert auto != avoid and {auto, avoid} == {old, new} and max(before) < 100
        assert ws4.check_q4(auto).status == ws4.check_q5(avoid).status == "correct"
        _says(ws4.check_q4(avoid), "moon")
        _says(ws4.check_q5(auto), "moon")
        kept = tuple(b + (26 if s == shooter else 0) for s, b in enumerate(before))
        _says(ws4.check_q4(kept), "does not score the 26 points")
        _says(ws4.check_q5(tuple(a - b for a, b in zip(avoid, before))), "*after* the hand")
        assert f"seat {shooter}" in checks.HINTS["ws4"]["Q4"][2] or f"Seat {shooter}" in checks.HINTS["ws4"]["Q4"][2]
    finally:
        ws4.use_variant(None)


# -- worksheet 3: counts on each student's own decks and events ---------------------------

from dataclasses import replace as _replace  # noqa: E402

import sympy  # noqa: E402

from hearts_lab.exercises import ws3  # noqa: E402
from hearts_lab.exercises.classroom import _answer_keys, _ws3_keys, ws3_key_line, ws3_values  # noqa: E402

WS3_SEEDS = range(7000, 7040)


def _ws3_cases():
    """Every parameter set of every question: the generic variant with that one question changed."""
    for field, options in variants.WS3_CHOICES.items():
        for option in options:
            value = (*option, 1) if field in ("q2", "q6") else option
            yield field, option, _replace(ws3.GENERIC, **{field: value})


@pytest.mark.parametrize("field, option, v", list(_ws3_cases()), ids=lambda x: str(x) if not hasattr(x, "q1") else "")
def test_ws3_every_parameter_set_is_a_good_question(field, option, v):
    """The answer differs from every slip and the slips from each other (so each hint can be given and
    none confirms the answer); a count is a positive whole number, a probability lies strictly in (0, 1)."""
    keys = _answer_keys().ws3_variant_keys(v)
    for q in (("Q6", "Q7") if field == "q6" else (field.upper(),)):
        values = [sympy.nsimplify(keys[q].answer)] + [sympy.nsimplify(s.value) for s in keys[q].slips.values()]
        assert len(set(values)) == len(values), (q, option)
        assert list(keys[q].slips) == list(ws3.SLIP_HINTS[q])
        if q in ("Q6", "Q7", "Q8"):
            assert 0 < values[0] < 1, (q, option)
        else:
            assert values[0].is_Integer and values[0] > 0, (q, option)


def test_ws3_generic_keys_are_the_variant_formulas_at_the_generic_parameters():
    """One formula per question: the teacher's variant keys at the generic copy's parameters are its keys."""
    generic = _answer_keys().ws3_variant_keys(ws3.GENERIC)
    for q, key in _answer_keys().WS3.items():
        assert sympy.nsimplify(generic[q].answer) == sympy.nsimplify(key.answer), q
        assert {n: sympy.nsimplify(s.value) for n, s in generic[q].slips.items()} == {
            n: sympy.nsimplify(s.value) for n, s in key.slips.items()}, q


@pytest.mark.parametrize("seed", WS3_SEEDS)
def test_ws3_variant_is_judged_on_the_teachers_side(seed):
    """Graded with the teacher's values: the answer is correct and each slip gets its own hint, in the variant's terms."""
    v = variants.ws3_variant(seed)
    assert variants.problems("ws3", v) == []
    ws3.use_variant(seed, values=ws3_values(seed))
    try:
        for q, key in _ws3_keys(seed).items():
            check = getattr(ws3, f"check_{q.lower()}")
            assert check(key.answer).status == "correct", q
            for name, slip in key.slips.items():
                result = check(slip.value)
                assert result.message == ws3._slip_hint(q, name), (q, name)
                assert "{" not in result.message
        assert "{" not in "".join(ws3.question_text(q) for q in ws3.TEXTS)
        assert all("{" not in h for ladder in checks.HINTS["ws3"].values() for h in ladder)
    finally:
        ws3.use_variant(None)


@pytest.mark.slow  # several seconds: make test runs it, make check leaves it out
def test_ws3_key_line_checks_offline_and_holds_no_answer():
    """A student's copy carries only salted digests: its checks accept the answer and name each slip;
    the line holds no count, and it refuses an edited line; the generic copy is unchanged afterwards."""
    seed = 7100
    line = ws3_key_line(seed)
    keys = _ws3_keys(seed)
    for key in keys.values():
        assert str(sympy.nsimplify(key.answer)).split("/")[0] not in line
    ws3.use_variant(seed, key=line)
    try:
        for q in ("Q1", "Q6"):
            check = getattr(ws3, f"check_{q.lower()}")
            assert check(keys[q].answer).status == "correct"
            name, slip = next(iter(keys[q].slips.items()))
            assert check(slip.value).message == ws3._slip_hint(q, name)
        with pytest.raises(ValueError, match="^key: "):
            ws3.use_variant(seed, key=line.replace("Q8=", "Q9="))
    finally:
        ws3.use_variant(None)
    assert ws3.check_q1(_answer_keys().WS3["Q1"].answer).status == "correct"
    ws3.use_variant(seed)  # no key line: the texts change, the checks say why they cannot judge
    try:
        assert "no key line" in ws3.check_q1(1).message
    finally:
        ws3.use_variant(None)


def test_ws3_answers_differ_between_students():
    """Thirty students: how many distinct answers each question has (the parameter sets bound it)."""
    rows = [_ws3_keys(seed) for seed in range(8000, 8030)]
    for q in ws3.TEXTS:
        distinct = {sympy.nsimplify(r[q].answer) for r in rows}
        assert len(distinct) >= 3, q


def test_no_notebook_prints_a_ws3_variant_answer():
    """No stored output or source of a notebook or student copy holds any variant's answer (every parameter set)."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted((REPO / "notebooks").glob("*.ipynb")))
    text += "\n".join(p.read_text(encoding="utf-8") for p in sorted((REPO / "exercises" / "student").glob("*.ipynb")))
    shown = set(re.findall(r"(?<![\w.])\d{4,}(?![\w.])", text))  # whole numbers, not digits inside a widget id
    for field, option, v in _ws3_cases():
        keys = _answer_keys().ws3_variant_keys(v)
        for q in (("Q6", "Q7") if field == "q6" else (field.upper(),)):
            value = sympy.nsimplify(keys[q].answer)
            for part in (value.p, value.q):
                if part > 999:
                    assert str(part) not in shown, (q, option)


@pytest.mark.parametrize("seed", range(4100, 4103))
def test_ws4_estimates_are_the_students_own_deals_and_simulation(seed):
    """Q7 and Q8 of a student's copy name the number of deals (hands) and the seed: the estimate is theirs,
    checked by dealing (simulating) it again; another size or seed is refused naming the student's own,
    and the count alone - what the check's output records for the teacher - is judged the same way."""
    from hearts_lab.exercises import ws4
    from hearts_lab.exercises.sampling import deal_hands
    from hearts_lab.simulate import simulate

    v = variants.ws4_variant(seed)
    (deals, deal_seed), (hands, sim_seed) = v.q7, v.q8
    assert deal_seed >= variants.SEED_FLOOR and sim_seed >= variants.SEED_FLOOR
    queen = Card.parse("Q♠")
    event = q6_event(v)
    ws4.use_variant(seed)
    try:
        assert f"seed={deal_seed}" in ws4.question_text("Q7") and f"{deals:,}" in ws4.question_text("Q7")
        count = deal_hands(ws4.STANDARD_4, deals, seed=deal_seed).count(event)
        assert ws4.check_q7(count).status == "correct" and checks.recorded(count) == count.hits
        # In the student's kernel a typed count is refused unjudged (else a loop over whole numbers finds it).
        _says(ws4.check_q7(count.hits), "typed number")
        _says(ws4.check_q7(deal_hands(ws4.STANDARD_4, deals, seed=7).count(event)), f"seed {deal_seed}")
        ws4.use_variant(seed, grading=True)  # the teacher's re-grade reads the count a check accepted and recorded
        assert ws4.check_q7(_stored(count)).status == "correct"
        assert ws4.check_q7(_stored(count, count=count.hits + 1)).status == "incorrect"
        _says(ws4.check_q7(count.hits), "typed number")  # a typed count is refused on the teacher's side too
        _says(ws4.check_q7(_stored(count, accepted=False)), "refused this answer")
        named = [Card.parse(c) for c in ("A♥", "K♥", "Q♥")[: v.q6[0]]]
        without_queen = deal_hands(ws4.STANDARD_4, deals, seed=deal_seed).count(lambda h: event(h) or (
            queen not in h and all(c in h for c in named) and sum(c.suit == "H" for c in h) >= v.q6[1]))
        if without_queen.hits != count.hits:
            _says(ws4.check_q7(_stored(without_queen)), "leaves out the Q♠")
        result = simulate(ws4.Q8_RULES, hands, bots="random", seed=sim_seed)
        assert ws4.check_q8(_stored(result)).status == "correct"
        _says(ws4.check_q8(_stored(result, count=result.moon_count + 1)), "not the number of moons")
        _says(ws4.check_q8(result.moon_count), "typed number")
        # What the count was made from is judged too (rev-ws4 #2): the plain rules give the same count here.
        plain = simulate(ws4.STANDARD_4, hands, bots="random", seed=sim_seed)
        _says(ws4.check_q8(_stored(plain, count=result.moon_count)), "plain standard rules")
        _says(ws4.check_q8(_stored(dataclasses.replace(result, policy="lowest"))), "random players")
        _says(ws4.check_q7(checks.Recorded(count.hits, accepted=True)), "not what it was made from")
        ws4.use_variant(seed)
        assert ws4.check_q8(result).status == "correct"
        _says(ws4.check_q8(result.moon_count), "typed number")
        _says(ws4.check_q8(simulate(ws4.Q8_RULES, hands, bots="random", seed=sim_seed + 1)), f"seed {sim_seed}")
    finally:
        ws4.use_variant(None)


@pytest.mark.parametrize("seed", [None, *WS2_SEEDS])
def test_ws2_q7_text_does_not_name_q6s_leader_first(seed):
    """Q7 lists the next trick's cards by seat: in play order its first seat would be Q6's answer."""
    ws2.use_variant(seed)
    text = ws2.question_text("Q6")
    q7 = text.split("**Q7.**", 1)[1]
    seats = [int(s) for s in re.findall(r"seat (\d+) \S+[,)]", q7)]
    assert seats == list(range(7)), q7
    leader = ws2.tricks_q6()[-1].leader  # the set-aside trick's leader leads again: Q6's answer
    assert ws2.check_q6(leader).status == "correct"


def test_ws1_q2_and_q3_say_nothing_about_the_answers_size_to_an_empty_guess():
    for check in (ws1.check_q2, ws1.check_q3):
        result = check("")
        assert result.status == "incorrect"
        assert "names no card" in result.message and "missing" not in result.message
        assert not re.search(r"\d+ (cards?|missing)", result.message)


def test_ws1_q7_text_counts_its_stripped_cards_in_good_english():
    for seed in [None, *WS1_SEEDS]:
        ws1.use_variant(seed)
        text = ws1.question_text("Q7")
        assert not re.search(r"\b1 cards\b", text), text
        count = len(variants.ws1_variant(seed).q7[1]) if seed is not None else len(ws1.GENERIC.q7[1])
        assert ("strips the card printed below" if count == 1 else f"strips the {count} cards printed below") in text


def _as_sympy(formula: str):
    """A hint's formula as sympy, or None where it is not a closed formula (words, Σ, 'your answer')."""
    from sympy.parsing.sympy_parser import parse_expr, standard_transformations

    text = formula.split(", where")[0].split(" = ")[0].rstrip(".")
    text = text.replace("C(", "binomial(").replace("·", "*").replace("×", "*").replace("−", "-").replace("^", "**")
    text = text.replace("[", "(").replace("]", ")")
    try:
        # Single capitals such as N or S are sympy functions: here they are the hint's named quantities.
        return parse_expr(text, local_dict={c: sympy.Symbol(c) for c in "NSQEIO"}, transformations=standard_transformations)
    except Exception:  # noqa: BLE001 - words in the hint: not a formula a student can paste
        return None


def _ws3_hint_variants():
    seen = {}
    for _field, _option, v in _ws3_cases():
        seen[v] = None
    for seed in range(40):
        seen[variants.ws3_variant(seed)] = None
    return list(seen)


@pytest.mark.slow  # several seconds: make test runs it, make check leaves it out
def test_no_ws3_level3_hint_is_the_answer():
    """rev-b #3: a variant's level-3 hint is the method in symbols, so pasting it is not the answer.
    For every parameter set and 40 students' variants: the hint is no closed formula (it keeps a named
    symbol such as N or q, or words) and, where it is one, it does not evaluate to the answer; nor does
    its text hold the answer's digits."""
    for v in _ws3_hint_variants():
        keys = _answer_keys().ws3_variant_keys(v)
        fields = ws3._fields(v)
        for q, ladder in ws3._VARIANT_HINTS.items():
            text = ladder[2].format(**fields)
            answer = sympy.nsimplify(keys[q].answer)
            expr = _as_sympy(text)
            if expr is not None:
                assert expr.free_symbols, (q, v, text)
                assert sympy.nsimplify(expr) != answer, (q, v, text)
            for part in (answer.p, answer.q) if answer.is_Rational else ():
                if part > 99:
                    assert str(part) not in text.replace(",", ""), (q, v, text)


def test_a_pasted_old_style_hint_would_be_caught():
    """The check above can fail: the numbers filled in (as Q3's level 3 once was) is the answer."""
    v = ws3.GENERIC
    n, h = v.q3
    filled = f"52!/(({h}!)^{n} · {52 - n * h}!)."
    assert sympy.nsimplify(_as_sympy(filled)) == sympy.nsimplify(_answer_keys().ws3_variant_keys(v)["Q3"].answer)


def test_no_ws4_level3_hint_is_the_answer():
    """The same for worksheet 4 (one set of counts for every student): its exact questions' level-3
    hints keep named symbols, so none pastes as the answer."""
    from hearts_lab.exercises import ws4  # noqa: F401 - registers the hints

    keys = _answer_keys().WS4
    for q in ("Q1", "Q3", "Q6"):
        text = checks.HINTS["ws4"][q][2]
        expr = _as_sympy(text)
        answer = sympy.nsimplify(keys[q].answer)
        assert expr is None or (expr.free_symbols and sympy.nsimplify(expr) != answer), (q, text)
        assert all(str(part) not in text for part in (answer.p, answer.q) if part > 99), (q, text)


def test_ws3_counts_in_titles_and_texts_agree_in_number():
    """rev-b #4: 'exactly 1 point cards' never appears; a count of one takes the singular."""
    from hearts_lab.exercises.ws3 import _TITLES, TEXTS

    for v in _ws3_hint_variants():
        fields = ws3._fields(v)
        for text in [*_TITLES.values(), *TEXTS.values()]:
            shown = text.format(**fields)
            assert not re.search(r"\b(1|one) (point |other )?(cards|clubs|hearts)\b", shown), shown
    one = _replace(ws3.GENERIC, q4=(9, 1))
    assert "kitty holds exactly one point card (" in _TITLES["Q4"].format(**ws3._fields(one))
    two = _replace(ws3.GENERIC, q4=(9, 2))
    assert "kitty holds exactly two point cards (" in _TITLES["Q4"].format(**ws3._fields(two))


# -- worksheet 4's exact questions: each student's own table, suit, named cards and threshold ---------------

from hearts_lab.exercises import ws4  # noqa: E402
from hearts_lab.exercises.classroom import _variant_keys, key_line, variant_values  # noqa: E402

WS4_SEEDS = range(9000, 9040)
_WS4_ASKED = {"q1": ("Q1", "Q2"), "q3": ("Q3",), "q6": ("Q6",)}


def _ws4_cases():
    """Every vetted parameter set of every exact question: the generic variant with that one question changed."""
    for field, options in variants.WS4_CHOICES.items():
        for option in options:
            value = (*option, option[0] - 1) if field == "q1" else option  # the last seat of the table
            yield field, option, _replace(ws4.GENERIC, **{field: value})


@pytest.mark.parametrize("field, option, v", list(_ws4_cases()), ids=lambda x: str(x) if not hasattr(x, "q1") else "")
def test_ws4_every_parameter_set_is_a_good_question(field, option, v):
    """The answer differs from every slip and the slips from each other (so each hint can be given and none
    confirms the answer); the slips are the ones the copy's key line lists; a probability lies strictly in
    (0, 1), a count is a positive whole number; and problems() finds nothing."""
    assert variants.problems("ws4", v) == []
    keys = _answer_keys().ws4_variant_keys(v)
    for q in _WS4_ASKED[field]:
        values = [sympy.nsimplify(keys[q].answer)] + [sympy.nsimplify(s.value) for s in keys[q].slips.values()]
        assert len(set(values)) == len(values), (q, option)
        assert tuple(keys[q].slips) == ws4.slip_names(v)[q]
        if q == "Q3":
            assert values[0].is_Integer and values[0] > 0, (q, option)
        else:
            assert 0 < values[0] < 1, (q, option)


def test_ws4_problems_names_an_unvetted_parameter_set():
    """problems() can fail: a limit of four cards or 4 stripped cards (two slips equal there) is named."""
    bad = _replace(ws4.GENERIC, q1=(3, "S", 4, 0), q3=4)
    assert variants.problems("ws4", bad) == ["Q1: (3, 'S', 4) is not one of the vetted parameters",
                                             "Q3: 4 is not one of the vetted parameters"]
    keys = _answer_keys().ws4_variant_keys(_replace(ws4.GENERIC, q3=4))
    assert keys["Q3"].slips["exactly-one"].value == keys["Q3"].slips["complement"].value  # why 4 is not vetted


def test_ws4_generic_keys_are_the_variant_formulas_at_the_generic_parameters():
    """One formula per question: the teacher's variant keys at the generic copy's parameters are its keys."""
    generic = _answer_keys().ws4_variant_keys(ws4.GENERIC)
    for q, key in generic.items():
        published = _answer_keys().WS4[q]
        assert sympy.nsimplify(key.answer) == sympy.nsimplify(published.answer), q
        assert {n: sympy.nsimplify(s.value) for n, s in key.slips.items()} == {
            n: sympy.nsimplify(s.value) for n, s in published.slips.items()}, q


@pytest.mark.parametrize("seed", WS4_SEEDS)
def test_ws4_variant_is_judged_on_the_teachers_side(seed):
    """Graded with the teacher's values: each exact answer is correct and each slip gets its own hint, in the
    variant's terms; the texts, titles and hints name the variant's own table, suit, seat and cards."""
    v = variants.ws4_variant(seed)
    assert variants.problems("ws4", v) == []
    ws4.use_variant(seed, values=variant_values("ws4", seed))
    try:
        for q, key in _variant_keys("ws4", seed).items():
            check = getattr(ws4, f"check_{q.lower()}")
            assert check(key.answer).status == "correct", q
            for name, slip in key.slips.items():
                result = check(slip.value)
                assert result.status == "incorrect" and result.message == ws4._slip_hint(q, name), (q, name)
                assert "{" not in result.message
            assert check(key.answer * 2 if q == "Q3" else key.answer / 2).status == "incorrect"
        players, suit, most, seat = v.q1
        assert f"**seat {seat}**" in ws4.question_text("Q1") and f"**{players} players**" in ws4.question_text("Q1")
        assert ws4.rules_of("Q1").players == players and ws4.rules_of("Q3") == variants.ws4_q3_rules(v.q3)
        assert f"{ws4.rules_of('Q3').hand_size}-card" in ws4.question_text("Q3")
        assert f"at least {v.q6[1]} hearts" in ws4.question_text("Q6")
        assert ("the Q♥" in ws4.question_text("Q6")) == (v.q6[0] == 3)
        assert f"Seat {seat} is dealt" in checks.QUESTIONS["ws4"]["Q1"] and f"seat {seat}'s" in checks.HINTS["ws4"]["Q1"][0]
        assert "{" not in "".join(ws4.question_text(q) for q in ws4.TEXTS)
        assert all("{" not in h for ladder in checks.HINTS["ws4"].values() for h in ladder)
    finally:
        ws4.use_variant(None)


@pytest.mark.slow  # several seconds: make test runs it, make check leaves it out
def test_ws4_key_line_checks_offline_and_holds_no_answer():
    """A student's copy carries only salted digests: its checks accept the answer and name each slip; the line
    holds no count, an edited line is refused and changes nothing; without a key line the checks say why."""
    seed = 9100
    line = key_line("ws4", seed)
    keys = _variant_keys("ws4", seed)
    for key in keys.values():
        assert str(sympy.nsimplify(key.answer)).split("/")[0] not in line
    ws4.use_variant(seed, key=line)
    try:
        for q in ("Q1", "Q6"):
            check = getattr(ws4, f"check_{q.lower()}")
            assert check(keys[q].answer).status == "correct"
            name, slip = next(iter(keys[q].slips.items()))
            assert check(slip.value).message == ws4._slip_hint(q, name)
        with pytest.raises(ValueError, match="^key: "):
            ws4.use_variant(seed, key=line.replace("Q6=", "Q5="))
        assert ws4.check_q3(keys["Q3"].answer).status == "correct"  # the refused line left the copy as it was
    finally:
        ws4.use_variant(None)
    assert ws4.check_q1(_answer_keys().WS4["Q1"].answer).status == "correct"
    ws4.use_variant(seed)
    try:
        assert "no key line" in ws4.check_q1(sympy.Rational(1, 3)).message
    finally:
        ws4.use_variant(None)


def test_ws4_exact_answers_differ_between_students():
    """Thirty students: most pairs have different answers to each exact question (the parameter sets bound it)."""
    rows = [_variant_keys("ws4", seed) for seed in range(8000, 8030)]
    for q in ("Q1", "Q2", "Q3", "Q6"):
        values = [sympy.nsimplify(r[q].answer) for r in rows]
        shared = sum(a == b for a, b in itertools.combinations(values, 2)) / (30 * 29 / 2)
        assert len(set(values)) >= 4 and shared < 0.35, (q, len(set(values)), shared)


def test_no_notebook_prints_a_ws4_variant_answer():
    """No stored output or source of a notebook or student copy holds any variant's exact answer (every parameter
    set): neither the count nor a probability's numerator or denominator, nor its value to four digits."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted((REPO / "notebooks").glob("*.ipynb")))
    text += "\n".join(p.read_text(encoding="utf-8") for p in sorted((REPO / "exercises" / "student").glob("*.ipynb")))
    shown = set(re.findall(r"(?<![\w.])\d{4,}(?![\w.])", text))
    for field, option, v in _ws4_cases():
        keys = _answer_keys().ws4_variant_keys(v)
        for q in _WS4_ASKED[field]:
            value = sympy.nsimplify(keys[q].answer)
            for part in (value.p, value.q):
                if part > 999:
                    assert str(part) not in shown, (q, option)
            if q != "Q3":
                assert not _printed(f"{float(value):.4g}", text) and not _printed(f"{float(value):.3g}", text), (q, option)
                if value > sympy.Rational(1, 10_000):
                    assert f"{float(value):.3%}" not in text and f"{float(value):.2%}" not in text, (q, option)


def _printed(number: str, text: str) -> bool:
    """Whether ``text`` shows ``number`` (``0.048``) as a number: also ``0.04800``, not ``0.04856`` or ``10.048``.

    >>> _printed("0.048", "p = 0.04800"), _printed("0.048", "0.04856 and 10.048")
    (True, False)
    """
    return text_search.found(re.compile(rf"(?<![\d.]){re.escape(number)}(?!0*[1-9])"), number, text)


@pytest.mark.parametrize("seed", [9203, 9207])
def test_ws4_q7_counts_the_students_own_q6_event(seed):
    """Q7 estimates Q6's event, so a copy whose Q6 names other hearts or another threshold is judged by that
    event: the copy's own event is right, the generic copy's event is not, and the hint names the copy's cards."""
    from hearts_lab.exercises.sampling import deal_hands

    v = variants.ws4_variant(seed)
    named, least = v.q6
    assert v.q6 != ws4.GENERIC.q6
    deals, deal_seed = v.q7
    top = [Card.parse(c) for c in ("A♥", "K♥", "Q♥")[:named]]
    queen = Card.parse("Q♠")
    hearts = lambda h: sum(c.suit == "H" for c in h)  # noqa: E731
    own = deal_hands(ws4.STANDARD_4, deals, seed=deal_seed).count(
        lambda h: queen in h and all(c in h for c in top) and hearts(h) >= least)
    generic = deal_hands(ws4.STANDARD_4, deals, seed=deal_seed).count(
        lambda h: queen in h and all(c in h for c in top[:2]) and hearts(h) >= 4)
    no_queen = deal_hands(ws4.STANDARD_4, deals, seed=deal_seed).count(lambda h: all(c in h for c in top) and hearts(h) >= least)
    assert own.hits != generic.hits
    ws4.use_variant(seed)
    try:
        assert ws4.check_q7(own).status == "correct"
        assert ws4.check_q7(generic).status == "incorrect"
        if no_queen.hits != own.hits:
            _says(ws4.check_q7(no_queen), "leaves out the Q♠")
        assert f"at least {least} hearts" in checks.HINTS["ws4"]["Q7"][1]
        assert ("Q♥ in h" in checks.HINTS["ws4"]["Q7"][2]) == (named == 3)
        ws4.use_variant(seed, grading=True)  # the teacher's re-grade: the recorded count, against the copy's event
        assert ws4.check_q7(_stored(own)).status == "correct"
        assert ws4.check_q7(_stored(generic)).status == "incorrect"
    finally:
        ws4.use_variant(None)


def test_ws4_q8_hints_follow_the_copy():
    """rev-ws4 #11: a class copy's Q8 asks for exactly its own number of hands from its own seed, so its hints
    say so (the generic "at least 20,000 hands with a seed you choose" would be refused by the copy's check);
    level 3 still leaves the seed to the student, and the generic copy's ladder comes back with use_variant(None)."""
    generic = checks.HINTS["ws4"]["Q8"]
    assert "at least 20,000 hands with a seed you choose" in generic[1] and "20_000" in generic[2]
    seed = 142637869615923
    hands, own_seed = variants.ws4_variant(seed).q8
    ws4.use_variant(seed)
    try:
        level1, level2, level3 = checks.HINTS["ws4"]["Q8"]
        assert f"exactly {hands:,} hands" in level2 and f"seed={own_seed}" in level2 and "you choose" not in level2
        assert f"{hands:_}" in level3 and "20_000" not in level3 and str(own_seed) not in level3
        assert level3 == ws4._ladder("Q8")[2] and ws4.hint("Q8", 2).endswith(level2)
    finally:
        ws4.use_variant(None)
    assert checks.HINTS["ws4"]["Q8"] == generic


def test_no_ws4_variant_level3_hint_is_the_answer():
    """rev-b #3 for every parameter set of worksheet 4: the level-3 hint keeps named symbols (or words), so
    pasting it is not the answer, and holds none of the answer's digits; level 2 is words (rev-c #2: no count
    of the method's pieces, such as '11 other hearts' or '38 cards')."""
    for field, option, v in _ws4_cases():
        keys = _answer_keys().ws4_variant_keys(v)
        for q in _WS4_ASKED[field]:
            level2, level3 = ws4._ladder(q, v)[1:]
            answer = sympy.nsimplify(keys[q].answer)
            expr = _as_sympy(level3)
            assert expr is None or (expr.free_symbols and sympy.nsimplify(expr) != answer), (q, option, level3)
            assert all(str(part) not in level3.replace(",", "") for part in (answer.p, answer.q) if part > 99), (q, option)
            assert not re.search(r"\b(1[0-2]|[2-9]\d) (other )?(hearts|cards|spades|clubs|diamonds)\b", level2), (q, option, level2)


# -- no level-3 hint pastes as the answer, in any graded worksheet (rev-ws6 #3) -----------------------------------


def _pasteable(text: str, defined: set[str]) -> str | None:
    """The piece of a hint that pastes as an answer: Python that runs with only names the student's notebook
    defines and gives a value (an expression) or an answer name (``q3 = ...``), if any.

    A hint is cut at ``;`` and after each ``: ``; a piece pastes when it parses, calls something, and its every
    free name is a builtin, an import of the worksheet's notebook or one of its answer names (q1, q2, ...).
    A step that binds a helper name (``worlds = ws6.sample_q3(200, 17)``) is a step, not the answer."""
    import ast
    import builtins

    pieces = {text}
    for part in text.split(";"):
        pieces.add(part)
        cuts = part.split(": ")
        pieces.update(": ".join(cuts[i:]) for i in range(1, len(cuts)))
    for piece in pieces:
        code = piece.strip().rstrip(".").strip()
        try:
            tree = ast.parse(code)
        except SyntaxError:
            continue
        bound = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        bound |= {a.arg for n in ast.walk(tree) if isinstance(n, ast.Lambda) for a in n.args.args}
        free = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)} - bound
        answer = (len(tree.body) == 1 and isinstance(tree.body[0], ast.Expr)) or any(re.fullmatch(r"q\d+", name) for name in bound)
        if answer and any(isinstance(n, ast.Call) for n in ast.walk(tree)) and free <= defined | set(dir(builtins)):
            return code
    return None


def _notebook_names(stem: str) -> set[str]:
    """Every name the student copy's code cells import or assign (the answer names q1, q2, ... among them)."""
    import ast

    nb = json.loads(next((REPO / "exercises" / "student").glob(f"{stem}_*.ipynb")).read_text(encoding="utf-8"))
    names: set[str] = set()
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        try:
            tree = ast.parse("".join(cell["source"]).replace("await ", ""))
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names |= {(a.asname or a.name).split(".")[0] for a in node.names}
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
    return names


_GRADED_STEMS = {"ws1": "01", "ws2": "02", "ws3": "03", "ws4": "04", "ws6": "06"}


@pytest.mark.parametrize("worksheet", sorted(_GRADED_STEMS))
def test_no_level3_hint_pastes_as_the_answer(worksheet):
    """411d201 set "no level-3 hint pastes as the answer" for worksheet 4; rev-ws6 #3 found two in worksheet 6
    (``q3 = ws6.sample_q3(200, <seed>).count(lambda w: ...)`` and ``q4 = wilson_interval(q3.hits, q3.worlds)``).
    In every graded worksheet, the generic copy and 8 students' copies: no level-3 hint holds a piece of
    Python that runs with only the notebook's own names. Level 3 is the method, in words and symbols."""
    import importlib

    module = importlib.import_module(f"hearts_lab.exercises.{worksheet}")
    defined = _notebook_names(_GRADED_STEMS[worksheet])
    assert {"q1", "q2"} <= defined and worksheet in defined
    seeds = [None, *(variants.SEED_FLOOR + 7919 * i for i in range(8))]
    try:
        for seed in seeds:
            module.use_variant(seed)
            for key, ladder in checks.HINTS[worksheet].items():
                found = _pasteable(ladder[2], defined)
                assert found is None, (worksheet, seed, key, found)
    finally:
        module.use_variant(None)


def test_a_pasteable_hint_would_be_caught():
    """The check above can fail: worksheet 6's old level-3 hints (in a student's copy) are found."""
    defined = _notebook_names("06")
    assert _pasteable('q3 = ws6.sample_q3(200, 1771520654).count(lambda w: Card.parse("QS") in w.cards(3)).', defined)
    assert _pasteable("q4 = wilson_interval(q3.hits, q3.worlds).", defined)
    assert _pasteable("Count them: ws6.sample_q3(200, 17).count(lambda w: Card.parse('QS') in w.cards(0))", defined)
    assert not _pasteable("worlds = ws6.sample_q3(200, 17); worlds.count(event) counts the worlds", defined)


def test_one_clean_up_puts_every_worksheet_back_on_its_generic_copy_and_the_results_back():
    """The exercise tests share one clean-up (tests/exercise_session.py, the conftest fixture ``exercise_session``):
    after it, every imported worksheet asks its generic questions again and the checks' results are as before,
    even when the body failed; no exercise test file keeps a clean-up of its own (each once named only the
    worksheets it remembered)."""
    from exercise_session import restored

    from hearts_lab.exercises import ws3, ws4, ws5, ws6

    modules = (ws1, ws2, ws3, ws4, ws5, ws6)
    generic = [{key: m.question_text(key) for key in m.TEXTS} for m in modules]
    results = list(checks._RESULTS)
    with pytest.raises(RuntimeError), restored():
        for m in modules:
            m.use_variant(4242)
        ws1.check_q1(0)
        assert [{key: m.question_text(key) for key in m.TEXTS} for m in modules] != generic
        raise RuntimeError("a failing test body")
    assert [{key: m.question_text(key) for key in m.TEXTS} for m in modules] == generic
    assert checks._RESULTS == results
    copy = "checks._RESULTS[:] = " + "saved"  # (split, so that this file does not match itself)
    own = [p.name for p in (REPO / "tests").glob("test_*.py") if copy in p.read_text(encoding="utf-8")]
    assert own == []
