"""Worksheet 6 (how computers play): its variants, its checks' right and wrong answers, and its grading.

Every right answer here is computed from the engine (``knowledge``, ``sample_worlds``, ``wilson_interval``)
for the variant in use, never typed in; each wrong answer is the slip its hint is written for.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from hearts_lab import Card
from hearts_lab.bots import knowledge, sample_worlds
from hearts_lab.exercises import checks, ws6
from hearts_lab.exercises.classroom import Class, grade
from hearts_lab.exercises.sampling import mark_made
from hearts_lab.exercises.variants import SEED_FLOOR, WS6_REASONS, problems, ws6_position, ws6_variant
from hearts_lab.stats import wilson_interval

SECRET = "correct horse battery staple, 2026"
ROSTER = ["Ada Lovelace", "Alan Turing", "Grace Hopper"]
QS = Card.parse("QS")
SEEDS = [11, 12345, 987654321, 2**40 + 3] + list(range(100, 130))


pytestmark = pytest.mark.usefixtures("exercise_session")  # tests/conftest.py


def _position(record):
    hand = ws6_position(record[:4])
    return hand, hand.to_play, knowledge(hand.view(hand.to_play))


def answers(v) -> dict[str, object]:
    """The right answer to every question of variant ``v`` (the generic copy's when ``v.q3_sample`` is None)."""
    hand, seat, info = _position(v.q1)
    world = sample_worlds(hand.view(seat), 1, rng=0)[0]
    k, seed = v.q3_sample or (200, 7)
    asked = v.q3[4]
    view = ws6_position(v.q3[:4]).view(_position(v.q3)[1])
    hits = ws6.WorldCount(k, seed, sum(QS in w.cards(asked) for w in sample_worlds(view, k, rng=seed)))
    mark_made(hits)  # counted here as sample_q3(k, seed).count(...) counts it, so marked as its result
    return {
        "Q1": sorted(info.holders(Card.parse(v.q1[4]))),
        "Q2": {s: " ".join(map(str, world.cards(s))) for s in range(4) if s != seat},
        "Q3": hits,
        "Q4": wilson_interval(hits.hits, hits.worlds),
        "Q5": "abcd"[v.q5[1].index(0)],
    }


def test_every_variant_is_a_good_question_and_students_differ():
    variants = [ws6_variant(seed) for seed in SEEDS]
    assert all(problems("ws6", v) == [] for v in variants)
    assert min(min(v.q1[0], v.q3[0]) for v in variants) >= SEED_FLOOR
    assert len({v.q1 for v in variants}) == len({v.q3 for v in variants}) == len(variants)
    assert len({v.q3_sample for v in variants}) == len(variants)
    assert {v.q5[0] for v in variants} == set(range(len(WS6_REASONS)))
    letters = [answers_q5(v) for v in variants]
    assert len(set(letters)) == 4, "the right letter differs between students"
    # The right set of seats for Q1 is never simply every other seat (a void always rules one out).
    for v in variants[:10]:
        _, seat, info = _position(v.q1)
        assert 1 <= len(info.holders(Card.parse(v.q1[4]))) < 3


def answers_q5(v) -> str:
    return "abcd"[v.q5[1].index(0)]


def test_a_variant_names_its_own_numbers_and_none_restores_the_generic_copy():
    v = ws6_variant(12345)
    ws6.use_variant(12345)
    k, seed = v.q3_sample
    assert f"exactly **{k}** worlds" in ws6.question_text("Q3") and f"seed={seed}" in ws6.question_text("Q3")
    assert WS6_REASONS[v.q5[0]][0] in ws6.question_text("Q5")
    assert f"ws6.sample_q3({k}, {seed})" in checks.HINTS["ws6"]["Q3"][1]
    ws6.use_variant(None)
    assert "a seed you choose" in ws6.question_text("Q3")


@pytest.mark.parametrize("seed", [None, 12345, 101])
def test_right_answers_are_correct(seed):
    ws6.use_variant(seed)
    v = ws6.GENERIC if seed is None else ws6_variant(seed)
    right = answers(v)
    for key, value in right.items():
        check = getattr(ws6, f"check_{key.lower()}")
        result = check(value, right["Q3"]) if key == "Q4" else check(value)
        assert result.status == "correct", (key, result.message)


@pytest.mark.parametrize("seed", [None, 12345, 104])
def test_q1_slips_get_their_hints(seed):
    ws6.use_variant(seed)
    v = ws6.GENERIC if seed is None else ws6_variant(seed)
    hand, me, info = _position(v.q1)
    card = Card.parse(v.q1[4])
    right = set(info.holders(card))
    others = {s for s in range(4) if s != me}
    assert "failed to follow" not in ws6.check_q1(sorted(right)).message
    assert "Has every seat followed suit" in ws6.check_q1(sorted(others)).message
    assert f"You are seat {me}" in ws6.check_q1(sorted(right | {me})).message
    if len(right) > 1:
        assert "You left out a seat" in ws6.check_q1([min(right)]).message
    assert "as a list" in ws6.check_q1("1, 3").message
    assert ws6.check_q1(list(range(10**5))).status == "incorrect"
    assert ws6.check_q1(...).status == "unanswered"


def test_q2_accepts_any_consistent_world_and_names_what_disagrees():
    v = ws6.GENERIC
    hand, me, info = _position(v.q1)
    worlds = sample_worlds(hand.view(me), 5, rng=3)
    for world in worlds:  # five different right answers
        assert ws6.check_q2({s: list(world.cards(s)) for s in range(4) if s != me}).status == "correct"
    world = {s: list(worlds[0].cards(s)) for s in range(4) if s != me}
    as_pairs = [[s, " ".join(map(str, cards))] for s, cards in world.items()]
    assert ws6.check_q2(as_pairs).status == "correct"  # what a check records, read back on the teacher's side
    receiver = next(s for s in range(4) if info.pinned[s])
    pinned = info.pinned[receiver][0]
    other = next(s for s in world if s != receiver)
    swapped = {s: list(c) for s, c in world.items()}
    swapped[receiver].remove(pinned)
    swapped[receiver].append(swapped[other].pop())
    swapped[other].append(pinned)
    message = ws6.check_q2(swapped).message
    assert f"You passed the {pinned} to seat {receiver}" in message or "failed to follow" in message, message
    void_seat = next(s for s in range(4) if info.voids[s])
    suit = sorted(info.voids[void_seat])[0]
    donor = next(s for s in world if s != void_seat and any(c.suit == suit and c not in info.pinned[s] for c in world[s]))
    moved = {s: list(c) for s, c in world.items()}
    card = next(c for c in moved[donor] if c.suit == suit and c not in info.pinned[donor])
    back = next(c for c in moved[void_seat] if c not in info.pinned[void_seat])
    moved[donor].remove(card), moved[void_seat].remove(back)
    moved[void_seat].append(card), moved[donor].append(back)
    assert f"Seat {void_seat} failed to follow" in ws6.check_q2(moved).message
    short = {s: list(c) for s, c in world.items()}
    extra = short[other].pop()
    assert "placed nowhere" in ws6.check_q2(short).message
    short[receiver if receiver != other else next(s for s in world if s != other)].append(extra)
    assert "holds" in ws6.check_q2(short).message and "you gave it" in ws6.check_q2(short).message
    mine = {s: list(c) for s, c in world.items()}
    mine[other][0] = hand.cards(me)[0]
    assert "in your own hand" in ws6.check_q2(mine).message
    played = {s: list(c) for s, c in world.items()}
    played[other][0] = hand.history[0]
    assert "played already" in ws6.check_q2(played).message
    assert "seat" in ws6.check_q2({s: c for s, c in list(world.items())[:2]}).message
    assert f"You are seat {me}" in ws6.check_q2({**world, me: list(hand.cards(me))}).message
    for hostile in ("2♣ " * 10**5, {10**30: "2♣"}, [[1, "2♣"]] * 10**6, {1: object()}, 3.5):
        assert ws6.check_q2(hostile).status == "incorrect"


def test_q3_is_verified_by_sampling_again_and_refuses_a_typed_number():
    asked = ws6.GENERIC.q3[4]
    count = ws6.sample_q3(200, 7).count(lambda w: QS in w.cards(asked))
    assert ws6.check_q3(count).status == "correct"
    assert "typed number" in ws6.check_q3(count.hits).message
    assert "typed number" in ws6.check_q3(str(count.hits)).message
    assert "does *not* hold" in ws6.check_q3(ws6.sample_q3(200, 7).count(lambda w: QS not in w.cards(asked))).message
    others = [s for s in range(4) if s not in (asked, ws6.position_q3().seat)]
    wrong_seat = [ws6.sample_q3(200, 7).count(lambda w, s=s: QS in w.cards(s)) for s in others]
    assert any("another seat" in ws6.check_q3(c).message for c in wrong_seat if c.hits != count.hits)
    assert "at least 200" in ws6.check_q3(ws6.sample_q3(50, 7).count(lambda w: QS in w.cards(asked))).message
    forged = ws6.WorldCount(200, 7, count.hits + 1)
    assert ws6.check_q3(forged).status == "incorrect"
    assert "built by hand" in ws6.check_q3(forged).message
    huge = ws6.WorldCount(10**9, 7, 5)
    mark_made(huge)  # the call's mark forged too: still refused at once by its size
    assert "at most" in ws6.check_q3(huge).message
    with pytest.raises(ValueError, match="worlds"):
        ws6.sample_q3(10**9, 1)
    # A student's own copy: its own size and seed only; in grading, the recorded count alone.
    v = ws6_variant(12345)
    ws6.use_variant(12345)
    k, seed = v.q3_sample
    own = ws6.sample_q3(k, seed).count(lambda w: QS in w.cards(v.q3[4]))
    assert ws6.check_q3(own).status == "correct"
    assert f"exactly {k} worlds with seed {seed}" in ws6.check_q3(count).message
    assert "typed number" in ws6.check_q3(own.hits).message  # a typed count cannot be tried in the student's kernel
    ws6.use_variant(12345, grading=True)  # the teacher's re-grade: the count a check accepted and recorded
    assert ws6.check_q3(checks.Recorded(own.hits, accepted=True, size=k, seed=seed)).status == "correct"
    assert ws6.check_q3(checks.Recorded(own.hits + 1, accepted=True, size=k, seed=seed)).status == "incorrect"
    # the stored output must say what the count was made from, and it must be the copy's own worlds (rev-ws6 #7):
    # a count of other worlds that happens to equal the copy's is not the copy's count
    assert "not what it was made from" in ws6.check_q3(checks.Recorded(own.hits, accepted=True)).message
    other = checks.Recorded(own.hits, accepted=True, size=k, seed=seed + 1)
    assert f"exactly {k} worlds with seed {seed}" in ws6.check_q3(other).message
    assert "typed number" in ws6.check_q3(own.hits).message  # a typed count is refused on the teacher's side too
    assert "refused this answer" in ws6.check_q3(checks.Recorded(own.hits, accepted=False)).message
    assert checks.recorded(own) == own.hits


def test_q4_accepts_the_interval_and_names_each_slip():
    asked = ws6.GENERIC.q3[4]
    count = ws6.sample_q3(240, 3).count(lambda w: QS in w.cards(asked))
    low, high = wilson_interval(count.hits, count.worlds)
    p, n = count.value, count.worlds
    se = (p * (1 - p) / n) ** 0.5
    assert ws6.check_q4((low, high), count).status == "correct"
    assert ws6.check_q4((round(low, 3), round(high, 3)), count).status == "correct"
    assert ws6.check_q4((p - 1.96 * se, p + 1.96 * se), count).status == "correct"
    assert "fractions" in ws6.check_q4((100 * low, 100 * high), count).message
    assert "number of worlds" in ws6.check_q4((n * low, n * high), count).message
    assert "one standard error" in ws6.check_q4((p - se, p + se), count).message
    assert "low end first" in ws6.check_q4((high, low), count).message
    assert "Q3's WorldCount" in ws6.check_q4((low, high)).message
    assert ws6.check_q4("0.3 0.4", count).status == "incorrect"
    assert checks.recorded((low, high)) == [low, high]


@pytest.mark.parametrize("seed", [None, 12345])
def test_q4_after_a_wrong_q3_says_fix_q3_first(seed):
    """rev-ws6 #2: Q4 is judged on the right count of the worlds. After a wrong Q3 the student's interval is
    built around a share the check does not judge, so it says to fix Q3 first (never "does not contain your
    share"); a right interval is still right; the teacher's grade (no count given) judges the same way."""
    ws6.use_variant(seed)
    v = ws6.GENERIC if seed is None else ws6_variant(seed)
    asked = v.q3[4]
    k, s = v.q3_sample or (200, 7)
    right = ws6.sample_q3(k, s).count(lambda w: QS in w.cards(asked))
    wrong = ws6.sample_q3(k, s).count(lambda w: QS not in w.cards(asked))  # Q3's slip: the event the wrong way round
    assert ws6.check_q3(wrong).status == "incorrect"
    p, n = wrong.value, wrong.worlds
    se = (p * (1 - p) / n) ** 0.5
    for interval in (wilson_interval(wrong.hits, n), (p - se, p + se), (0.1, 0.2)):
        result = ws6.check_q4(interval, wrong)
        assert result.status == "incorrect" and result.message.startswith("Your Q3 count is not right yet: fix Q3 first")
        assert "does not contain" not in result.message
    assert ws6.check_q4(wilson_interval(right.hits, n), wrong).status == "correct"  # judged on the right count
    assert ws6.check_q4(wilson_interval(right.hits, n), right).status == "correct"
    assert "one standard error" in ws6.check_q4((right.value - se, right.value + se), right).message
    if seed is not None:
        ws6.use_variant(seed, grading=True)  # the teacher's re-grade calls check_q4(recorded interval) alone
        assert ws6.check_q4(wilson_interval(wrong.hits, n)).status == "incorrect"
        assert ws6.check_q4(wilson_interval(right.hits, n)).status == "correct"


def test_q5_the_longest_reason_is_not_the_answer():
    """rev-ws6 #8: the right reason was the longest in every race (181 vs 93/82/65 characters ...), so "pick the
    longest" answered Q5 unread. Every reason now says why in a sentence of about the same length, and in every
    race a wrong one is at least as long as the right one."""
    for _question, (right, *wrong) in WS6_REASONS:
        assert max(map(len, wrong)) >= len(right)
        assert all(0.85 * len(right) <= len(w) <= 1.15 * len(right) for w in wrong), [len(right), *map(len, wrong)]
        assert all(", so " in w or ": " in w for w in wrong)  # a mechanism, as the right reason gives


def test_q5_each_wrong_reason_says_why():
    for seed in SEEDS[:12]:
        ws6.use_variant(seed)
        v = ws6_variant(seed)
        right = answers_q5(v)
        assert ws6.check_q5(right).status == "correct" and ws6.check_q5(f"({right.upper()})").status == "correct"
        messages = {ws6.check_q5(letter).message for letter in "abcd" if letter != right}
        assert len(messages) == 3 and all(messages)
        assert ws6.check_q5("e").status == ws6.check_q5(7).status == "incorrect"
        # The reasons as printed: each one once, the right one at its letter.
        shown = ws6.reasons_q5()
        assert f"({right}) {WS6_REASONS[v.q5[0]][1][0]}" in shown


def test_no_public_helper_hands_out_a_hand_or_the_knowledge():
    from hearts_lab.hand import Hand

    picture = ws6.position_q1()
    assert not any(hasattr(picture, a) for a in ("legal_moves", "voids", "holders", "unseen", "_hand", "pinned"))
    for name in ws6.__all__:
        value = getattr(ws6, name)
        if callable(value) and not isinstance(value, type):
            try:
                made = value()
            except TypeError:
                continue
            assert not isinstance(made, Hand), name
    # The picture shows what the seat sees: its own cards, and of the others only the cards it passed them.
    hand = ws6_position(ws6.GENERIC.q1[:4])
    lines = str(picture).splitlines()
    assert f"Your cards: {checks.cards_text(hand.cards(picture.seat))}" in lines
    shown = {c for line in lines if not line.startswith("  Trick") for c in hand.rules.deck() if str(c) in line.split(":", 1)[-1].split()}
    hidden = {c for s in range(4) if s != picture.seat for c in hand.cards(s)}
    assert shown & hidden <= set(picture.passed), shown & hidden


def test_each_copy_shows_its_own_question_texts_and_the_generic_source_the_generic_ones():
    def texts(nb: dict) -> str:
        return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")

    source = json.loads((Path(__file__).resolve().parents[1] / "exercises" / "source" / "06_how_computers_play.ipynb")
                        .read_text(encoding="utf-8"))
    for key in ws6.TEXTS:
        assert f"## {key}." in texts(source) and ws6.question_text(key) in texts(source), key
    klass = Class(SECRET, ROSTER)
    own = klass.copy("Alan Turing", "ws6")
    seed = klass.seed("Alan Turing", "ws6")
    code = "\n".join("".join(c["source"]) for c in own["cells"] if c["cell_type"] == "code")
    assert f"ws6.use_variant({seed})" in code and "student='Alan Turing'" in code
    assert own["metadata"]["hearts_lab"] == {"worksheet": "ws6", "student": "Alan Turing", "variant": seed}
    ws6.use_variant(seed)
    assert all(ws6.question_text(key) in texts(own) for key in ws6.TEXTS)


def test_no_module_level_predicate_answers_q3():
    """Writing the event is the skill: no function of the worksheet module is Q3's event."""
    worlds = ws6.sample_q3(200, 7)
    sample = worlds.hands()[:3]
    for name, value in vars(ws6).items():
        if not callable(value) or isinstance(value, type) or name.startswith("check_"):
            continue
        try:
            if not all(isinstance(value(w), bool) for w in sample):
                continue
        except Exception:
            continue  # not a predicate on one world
        assert ws6.check_q3(worlds.count(value)).status != "correct", f"ws6.{name} is Q3's event"


# -- grading on the teacher's side -------------------------------------------------------------------


def _copy(klass, student, values, *, outputs=True, stored_as=None):
    """``student``'s copy with ``values`` typed into the answer cells and each check's output stored."""
    seed = klass.seed(stored_as or student, "ws6")
    nb = klass.copy(student, "ws6")
    ws6.use_variant(seed)
    checks.reset("ws6")
    for cell in nb["cells"]:
        text = "".join(cell["source"])
        for key, value in values.items():
            name = key.lower()
            if cell["cell_type"] == "code" and text.startswith(f"{name} = ..."):
                cell["source"] = value if isinstance(value, str) and value.startswith(f"{name} =") else f"{name} = {value!r}"
            if cell["cell_type"] == "code" and text.startswith(f"ws6.check_{name}(") and outputs:
                answer = values[key] if not isinstance(values[key], str) or not values[key].startswith(name) else None
                if answer is None:
                    continue
                result = ws6.check_q4(answer, values.get("Q3")) if key == "Q4" else getattr(ws6, f"check_{name}")(answer)
                cell["outputs"] = [{"output_type": "execute_result", "metadata": {}, "execution_count": 1,
                                    "data": result._repr_mimebundle_()}]
    ws6.use_variant(None)
    return nb


def _save(folder: Path, name: str, nb) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")


def _rows(grades, student):
    return {r["question"]: r for r in grades.rows() if r["student"] == student and r["worksheet"] == "ws6"}


def test_right_wrong_copied_and_hostile_submissions_are_graded_on_each_students_variant(tmp_path):
    klass = Class(SECRET, ROSTER)
    ada = answers(klass.variant("Ada Lovelace", "ws6"))
    typed = {"Q1": ada["Q1"], "Q2": ada["Q2"], "Q4": tuple(ada["Q4"]), "Q5": ada["Q5"]}
    # Ada types Q1, Q2, Q4, Q5 and computes Q3 (its check records the count).
    ada_nb = _copy(klass, "Ada Lovelace", {**typed, "Q3": ada["Q3"]})
    for cell in ada_nb["cells"]:
        if "".join(cell["source"]).startswith("q3 = "):
            cell["source"] = "q3 = ws6.sample_q3(k, seed).count(holds_queen)"
    _save(tmp_path, "ada.ipynb", ada_nb)
    # Alan hands in Ada's answers, typed into his own copy.
    _save(tmp_path, "alan.ipynb", _copy(klass, "Alan Turing", typed, outputs=False))
    # Grace's answers are hostile: huge, formula-like, code that must never run.
    marker = tmp_path / "ran"
    hostile = {"Q1": f"q1 = __import__('pathlib').Path({str(marker)!r}).touch()", "Q2": {1: "=HYPERLINK(\"x\")"},
               "Q4": "q4 = (1e308 * 10, 0)", "Q5": "=cmd|' /C calc'!A0"}
    _save(tmp_path, "grace.ipynb", _copy(klass, "Grace Hopper", hostile, outputs=False))
    grades = grade(tmp_path, SECRET, roster=ROSTER)
    assert not marker.exists(), "the grader ran a student's code"
    rows = _rows(grades, "Ada Lovelace")
    assert [rows[q]["correct"] for q in ("Q1", "Q2", "Q3", "Q4", "Q5")] == ["correct"] * 5, rows
    alan = _rows(grades, "Alan Turing")
    alans_own = answers(klass.variant("Alan Turing", "ws6"))
    for q in ("Q1", "Q2", "Q5"):
        same = (set(map(str, alans_own[q])) == set(map(str, ada[q]))) if q != "Q2" else False
        assert alan[q]["correct"] == ("correct" if same else "incorrect"), (q, alan[q])
    grace = _rows(grades, "Grace Hopper")
    assert all(grace[q]["correct"] in ("incorrect", "unreadable") for q in ("Q1", "Q2", "Q4", "Q5")), grace
    import csv

    with grades.to_csv(tmp_path / "grades.csv").open(encoding="utf-8", newline="") as handle:
        cells = [cell for row in csv.reader(handle) for cell in row]
    assert not any(cell.startswith(("=", "+", "@")) for cell in cells)
