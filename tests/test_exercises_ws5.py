"""Worksheet 5 (the capstone): Q4-Q6 take only the two runs Q3 accepted.

The final review's must-fix: Q2 records the seeds and Q3 takes runs with those seeds only, but Q4, Q5 and Q6
took any two runs that simulate again to the answers, so a student could try seed pairs in a spare cell until
the effect looked nice and answer Q4-Q6 from that pair (the teacher's seeds row looked at Q3 only). Now:

- Q4-Q6 refuse every pair but the one Q3 accepted last in this session (Q3 right first; a later correct Q3
  wins, as Q2's latest seeds do for Q3; a new Q2 plan or a new copy forgets the runs), saying why and what to do;
- their slips and nudges work as before on Q3's runs;
- their stored outputs record both runs' seeds, as Q3's does, for the teacher's seeds row
  (tests/test_exercises_classroom.py reads them on the teacher's side).
"""
from __future__ import annotations

import dataclasses

import pytest

from hearts_lab import Rules
from hearts_lab.exercises import checks, ws5
from hearts_lab.simulate import simulate

pytestmark = pytest.mark.usefixtures("exercise_session")  # tests/conftest.py

METRIC = "moon rate"
BASE = Rules.preset("standard", players=4)
HOUSE = dataclasses.replace(BASE, first_trick_points=True)


def _runs(base_seed: int, house_seed: int, hands: int = ws5.MIN_HANDS):
    return simulate(BASE, hands, bots="random", seed=base_seed), simulate(HOUSE, hands, bots="random", seed=house_seed)


def _answered(b, h) -> list[checks.CheckResult]:
    """Q4, Q5 and Q6, each answered right for the runs ``b`` and ``h`` (so that only the runs can be refused)."""
    effect = ws5.metric_value(h, METRIC) - ws5.metric_value(b, METRIC)
    low, high = ws5._interval(b, h, METRIC)
    verdict = "increase" if low > 0 else "decrease" if high < 0 else "no clear effect"
    return [ws5.check_q4(effect, b, h, METRIC), ws5.check_q5((low, high), b, h, METRIC),
            ws5.check_q6(verdict, (low, high), b, h, METRIC)]


def _planned_and_simulated():
    """A generic copy's session in which Q2 recorded the plan (seeds 1 and 2, the fewest hands, random bots) and Q3
    accepted its two runs: the runs."""
    checks.reset("ws5")
    ws5.use_variant(None)
    b, h = _runs(1, 2)
    assert ws5.check_q2(METRIC, "increase", (1, 2), ws5.MIN_HANDS, "random").status == "correct"
    assert ws5.check_q3(b, h, BASE, HOUSE, (1, 2)).status == "correct"
    return b, h


def _seeds_recorded(result: checks.CheckResult) -> tuple[int, int]:
    """The two seeds a check's stored output records (what the teacher's seeds row reads), through JSON."""
    made = result._repr_mimebundle_()[checks.MIME_TYPE]["made"]
    return made["seed"], made["house_seed"]


def test_q4_to_q6_need_q3_right_first_and_then_take_its_runs_only():
    checks.reset("ws5")
    ws5.use_variant(None)
    b, h = _runs(1, 2)
    for result in _answered(b, h):  # no Q3 yet
        assert result.status == "incorrect" and result.message.startswith("First get Q3 right:"), result
        assert _seeds_recorded(result) == (1, 2)
    assert ws5.check_q2(METRIC, "increase", (1, 2), ws5.MIN_HANDS, "random").status == "correct"
    assert ws5.check_q3(b, _runs(1, 7)[1], BASE, HOUSE, (1, 2)).status == "incorrect"
    assert all("First get Q3 right" in r.message for r in _answered(b, h)), "a refused Q3 accepts no runs"
    assert ws5.check_q3(b, h, BASE, HOUSE, (1, 2)).status == "correct"
    for result in _answered(b, h):
        assert result.status == "correct", result
        assert _seeds_recorded(result) == (1, 2)
    # The same runs made again (equal to Q3's) are Q3's runs.
    assert all(r.status == "correct" for r in _answered(*_runs(1, 2)))


def test_a_student_who_tries_other_seed_pairs_for_q4_to_q6_is_refused():
    b, h = _planned_and_simulated()
    for pair in ((1, 7), (3, 2), (3, 4), (2, 1)):
        tried = _runs(*pair)
        for result in _answered(*tried):
            assert result.status == "incorrect", (pair, result)
            assert "Q3 accepted" in result.message and "record their plan in Q2 and check them in Q3 first" in result.message, result
            assert _seeds_recorded(result) == pair, "the record names the runs given, for the teacher's seeds row"
    one = _answered(b, _runs(1, 7)[1])[0].message
    assert one.startswith("house_result is not the run Q3 accepted (house: seed 2, 10,000 hands; you gave: seed 7, "
                          "10,000 hands)."), one
    both = _answered(*_runs(3, 4))[0].message
    assert both.startswith("base_result and house_result are not the runs Q3 accepted (base: seed 1, 10,000 hands; "
                           "house: seed 2, 10,000 hands; you gave base: seed 3, 10,000 hands and house: seed 4, "
                           "10,000 hands)."), both
    # More hands with the planned seeds are other runs too, until Q3 has checked them.
    assert all("not the runs Q3 accepted" in r.message for r in _answered(*_runs(1, 2, hands=12_000)))
    swapped = ws5.check_q4(0.0, h, b, METRIC)
    assert swapped.status == "incorrect" and "other way round" in swapped.message
    assert all(r.status == "correct" for r in _answered(b, h))


def test_the_latest_correct_q3_gives_q4_to_q6_their_runs():
    checks.reset("ws5")
    ws5.use_variant(None)
    first, again = _runs(1, 2), _runs(1, 2)
    assert ws5.check_q2(METRIC, "increase", (1, 2), ws5.MIN_HANDS, "random").status == "correct"
    assert ws5.check_q3(*first, BASE, HOUSE, (1, 2)).status == "correct"
    assert ws5.check_q3(*again, BASE, HOUSE, (1, 2)).status == "correct"
    assert all(r.status == "correct" for r in _answered(*first))
    # A refused Q3 afterwards changes nothing: the latest *correct* Q3 wins.
    assert ws5.check_q3(first[0], _runs(1, 7)[1], BASE, HOUSE, (1, 2)).status == "incorrect"
    assert all(r.status == "correct" for r in _answered(*first))
    # A new plan (generic copy) needs runs of it checked in Q3 first.
    assert ws5.check_q2(METRIC, "increase", (1, 7), ws5.MIN_HANDS, "random").status == "correct"
    for result in _answered(*first):
        assert result.status == "incorrect" and result.message.startswith("Q2 recorded a new plan ('moon rate', predicted "
                                                                          "'increase', seeds 1 (base) and 7 (house)"), result
    new = _runs(1, 7)
    assert ws5.check_q3(*new, BASE, HOUSE, (1, 7)).status == "correct"
    assert all(r.status == "correct" for r in _answered(*new))
    # Another copy forgets the plan and the runs.
    ws5.use_variant(12345)
    ws5.use_variant(None)
    assert ws5.check_q2(METRIC, "increase", (1, 7), ws5.MIN_HANDS, "random").status == "correct"
    assert all("First get Q3 right" in r.message for r in _answered(*new))


def test_a_class_copy_takes_only_its_own_runs_in_q4_to_q6():
    """In a class copy Q2 and Q3 take only the copy's own seeds; now Q4-Q6 do too, through Q3: another student's
    pair, or a pair with one seed changed, is refused, and the records name the seeds given."""
    from hearts_lab.exercises.classroom import Class

    klass = Class("a long class secret, kept off the repo", ["Ada Lovelace", "Alan Turing"])
    ada, alan = (klass.variant(name, "ws5").seeds for name in klass.roster)
    checks.reset("ws5")
    ws5.use_variant(klass.seed("Ada Lovelace", "ws5"))
    assert ws5.check_q2(METRIC, "decrease", ws5.my_seeds(), ws5.MIN_HANDS, "random").status == "correct"
    mine = _runs(*ada)
    assert ws5.check_q3(*mine, BASE, HOUSE, ada).status == "correct"
    for pair in (alan, (ada[0], ada[1] + 1), (ada[0] + 1, ada[1])):
        for result in _answered(*_runs(*pair)):
            assert result.status == "incorrect" and "Q3 accepted" in result.message, (pair, result)
            assert _seeds_recorded(result) == pair
    for result in _answered(*mine):
        assert result.status == "correct", result
        assert _seeds_recorded(result) == ada


def test_q4_to_q6_refuse_what_is_not_a_run_with_a_sentence():
    b, h = _planned_and_simulated()

    class Equal:  # says it equals anything: the check compares runs of simulate's own type only
        def __eq__(self, other):
            return True

        __hash__ = None

    for given in (Equal(), dataclasses.asdict(b), None):
        result = ws5.check_q4(0.0, given, h, METRIC)
        assert result.status == "incorrect" and "base_result should be what simulate(...) returned" in result.message, result
        assert result.made is None
    subclass = type("Run", (type(b),), {})(**{f.name: getattr(b, f.name) for f in dataclasses.fields(b)})
    assert "should be what simulate(...) returned" in ws5.check_q4(0.0, subclass, h, METRIC).message
    assert "same rules" in ws5.check_q4(0.0, b, b, METRIC).message


# -- review of the plan (rev-cap): hand counts, bots and metric are part of Q2's plan ------------------------------

NO_OP = dataclasses.replace(BASE, target=50)  # a house rule that changes nothing a hand measures


def _made(result: checks.CheckResult) -> dict:
    """A check's stored record as the teacher's side reads it (through its MIME bundle)."""
    return result._repr_mimebundle_()[checks.MIME_TYPE].get("made")


def test_q3_takes_only_runs_of_q2s_plan_hands_and_bots():
    """rev-cap must-fix 1: Q2 recorded only the seeds, and Q3 took any hands from 10,000 to 200,000 with either fast
    bot, each hand count a fresh sample: with the own seeds fixed, trying hand counts found a 'clear effect' of a
    no-op rule for every student. Now Q2 records the whole plan and Q3 takes runs of it only."""
    checks.reset("ws5")
    ws5.use_variant(None)
    recorded = ws5.check_q2(METRIC, "no change", (1, 2), ws5.MIN_HANDS, "random")
    assert recorded.status == "correct" and "10,000 hands each with bots='random'" in recorded.message, recorded
    assert {k: _made(recorded)[k] for k in ws5.PLAN_FIELDS} == {
        "metric": METRIC, "prediction": "no change", "seed": 1, "house_seed": 2, "hands": ws5.MIN_HANDS, "policy": "random"}
    for hands in (ws5.MIN_HANDS + 1, 11_000, 2 * ws5.MIN_HANDS):
        b, h = simulate(BASE, hands, bots="random", seed=1), simulate(NO_OP, hands, bots="random", seed=2)
        refused = ws5.check_q3(b, h, BASE, NO_OP, (1, 2))
        assert refused.status == "incorrect" and refused.message.startswith(
            f"Q2's plan says 10,000 hands for each run, but base_result has {hands:,} and house_result has {hands:,}"), refused
        assert "run Q2's check again with the new plan first" in refused.message
    b, h = simulate(BASE, ws5.MIN_HANDS, bots="random", seed=1), simulate(NO_OP, ws5.MIN_HANDS + 1, bots="random", seed=2)
    assert "house_result has 10,001" in ws5.check_q3(b, h, BASE, NO_OP, (1, 2)).message
    lowest = simulate(BASE, ws5.MIN_HANDS, bots="lowest", seed=1), simulate(NO_OP, ws5.MIN_HANDS, bots="lowest", seed=2)
    refused = ws5.check_q3(*lowest, BASE, NO_OP, (1, 2))
    assert refused.status == "incorrect" and "Q2's plan says bots='random'" in refused.message, refused
    assert not any(r.question == "Q3" and r.correct for r in checks.results("ws5"))
    b, h = simulate(BASE, ws5.MIN_HANDS, bots="random", seed=1), simulate(NO_OP, ws5.MIN_HANDS, bots="random", seed=2)
    assert ws5.check_q3(b, h, BASE, NO_OP, (1, 2)).status == "correct"


def test_q2_refuses_a_plan_it_cannot_keep():
    checks.reset("ws5")
    ws5.use_variant(None)
    for hands, bots, said in ((9_999, "random", "at least 10,000"), (ws5.MAX_HANDS + 1, "random", "more than the check"),
                              (ws5.MAX_ENGINE_HANDS + 1, "heuristic", "more than the check"), (20_000.0, "random", "whole number"),
                              (True, "random", "whole number"), (20_000, "nobody", "one bot's name"), (20_000, ["random"], "one bot's name")):
        result = ws5.check_q2(METRIC, "increase", (1, 2), hands, bots)
        assert result.status == "incorrect" and said in result.message, (hands, bots, result)
    assert ws5.check_q2(METRIC, "increase", (1, 2), ws5.MAX_HANDS, "lowest").status == "correct"


@pytest.mark.parametrize("hands", [2**65, 10**5000, 2**64 - 1, 20_000.5, "20000"],
                         ids=["2**65", "10**5000", "2**64-1", "20000.5", "text"])
@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_q2_says_how_many_hands_it_takes(hands, bots):
    """Follow-up finding 6: hands = 2**65 was refused as 'Give hands as a whole number ..., not 36893488147419103232':
    it is a whole number, and the message did not say how many hands the check takes. A whole number too large is
    'more than the check will run again', any refusal names the range for the bots planned, and a number of
    thousands of digits is not written out."""
    checks.reset("ws5")
    ws5.use_variant(None)
    most = ws5.MAX_HANDS if bots == "random" else ws5.MAX_ENGINE_HANDS
    said = ws5.check_q2(METRIC, "increase", (1, 2), hands, bots).message
    assert f"{ws5.MIN_HANDS:,} to {most:,}" in said and f"bots={bots!r}" in said, said
    if isinstance(hands, int):
        assert "whole number" not in said and "more than the check will run again" in said, said
    else:
        assert said.startswith("Give hands as a whole number of hands for each run"), said
    assert len(said) < 200, said


def test_q4_to_q6_take_only_q2s_metric():
    """rev-cap must-fix 1: Q4-Q6 accepted any metric, not the one Q2 recorded before the runs."""
    b, h = _planned_and_simulated()
    other = "unclaimed rate"
    low, high = ws5._interval(b, h, other)
    for result in (ws5.check_q4(ws5.metric_value(h, other) - ws5.metric_value(b, other), b, h, other),
                   ws5.check_q5((low, high), b, h, other), ws5.check_q6("no clear effect", (low, high), b, h, other)):
        assert result.status == "incorrect" and result.message.startswith(
            "Q2's plan measures 'moon rate', not 'unclaimed rate':"), result
        assert _made(result)["metric"] == other, "the record names the metric given, for the teacher's side"
    assert all(r.status == "correct" and _made(r)["metric"] == METRIC for r in _answered(b, h))


def test_hunting_hand_counts_through_the_checks_shows_in_q2s_record():
    """rev-cap must-fix 1 (hands_hunt2.py): a student who plans again and again with other hand counts until Q5's
    interval leaves 0 must check each plan in Q2 first, and Q2's stored output then lists the earlier plans and that
    Q3 had accepted runs of them (the teacher's Q2 row notes it: tests/test_exercises_classroom.py)."""
    checks.reset("ws5")
    ws5.use_variant(None)
    seeds = (1, 2)
    for tries, hands in enumerate(range(ws5.MIN_HANDS, ws5.MIN_HANDS + 4), 1):
        plan = ws5.check_q2(METRIC, "no change", seeds, hands, "random")
        assert plan.status == "correct"
        assert _made(plan)["plan"] == tries and len(_made(plan)["earlier"]) == min(tries - 1, ws5.EARLIER_SHOWN)
        if tries > 1:
            assert all(e["looked"] is True for e in _made(plan)["earlier"]), _made(plan)
            assert f"This is plan {tries} of this session" in plan.message and "Q3 had accepted runs of an earlier plan" in plan.message
        b, h = simulate(BASE, hands, bots="random", seed=seeds[0]), simulate(NO_OP, hands, bots="random", seed=seeds[1])
        assert ws5.check_q3(b, h, BASE, NO_OP, seeds).status == "correct"
    # The same plan checked again is not a new plan.
    again = ws5.check_q2(METRIC, "no change", seeds, hands, "random")
    assert _made(again)["plan"] == tries and f"This is plan {tries} of this session" in again.message
    # A plan recorded but never looked at (Q3 not accepted) is earlier, not looked (in a fresh kernel).
    checks.reset("ws5")
    _fresh_kernel()
    ws5.check_q2(METRIC, "no change", seeds, 20_000, "random")
    second = ws5.check_q2(METRIC, "no change", seeds, 30_000, "random")
    assert _made(second)["earlier"][0]["looked"] is False and "Q3 had accepted" not in second.message
    assert second.message.endswith("This is plan 2 of this session. The notebook keeps with this output, as data not shown "
                                   "on screen, how many plans you recorded since the kernel started and up to 5 of your "
                                   "latest earlier plans: say why you changed your plan in your write-up.")
    assert (_made(second)["plans"], _made(second)["looked_then_replanned"], _made(second)["last_looked"]) == (2, 0, None)


def _fresh_kernel() -> None:
    """What a kernel restart does to ws5's own count of plans (which reset() does not clear)."""
    vars(ws5._SESSION).update(vars(ws5._Session()))


def test_the_default_plan_of_the_hints_passes_unchanged():
    """The honest path stays easy: the hints' plan (hands = 20_000, bots = "random") and Q3's hint-3 code pass."""
    checks.reset("ws5")
    ws5.use_variant(None)
    assert 'hands = 20_000, bots = "random"' in ws5.hint("Q2", level=3)
    assert "simulate(base, hands, bots=bots, seed=seeds[0])" in ws5.hint("Q3", level=3)
    seeds, hands, bots = (11, 12), 20_000, "random"
    assert ws5.check_q2(METRIC, "increase", seeds, hands, bots).status == "correct"
    base_result = simulate(BASE, hands, bots=bots, seed=seeds[0])
    house_result = simulate(HOUSE, hands, bots=bots, seed=seeds[1])
    assert ws5.check_q3(base_result, house_result, BASE, HOUSE, seeds).status == "correct"
    assert all(r.status == "correct" for r in _answered(base_result, house_result))


def test_q6_says_that_more_hands_is_a_new_plan():
    """Q6's 'simulate more hands' advice pointed to simulating again, which Q3 now refuses without a new plan; then
    (final browser review, should-fix 2) it invited optional stopping - more hands after a null result, until one
    shows an effect - which Q2 warns against: it now says a larger run is a new plan decided in advance."""
    checks.reset("ws5")
    ws5.use_variant(None)
    b, h = simulate(BASE, ws5.MIN_HANDS, bots="random", seed=1), simulate(NO_OP, ws5.MIN_HANDS, bots="random", seed=2)
    assert ws5.check_q2(METRIC, "no change", (1, 2), ws5.MIN_HANDS, "random").status == "correct"
    assert ws5.check_q3(b, h, BASE, NO_OP, (1, 2)).status == "correct"
    low, high = ws5._interval(b, h, METRIC)
    assert low < 0 < high, "a no-op rule with these seeds shows no effect"
    said = ws5.check_q6("increase", (low, high), b, h, METRIC).message
    assert "a new plan decided in advance, reported whatever it shows" in said, said
    assert "plan more hands" not in said and "to narrow the interval" not in said, said


def test_running_the_imports_cell_again_keeps_the_plan_and_runs():
    """rev-cap should-fix 4 (rerun_imports.py): the imports cell holds ws5.use_variant(N); running it again cleared
    the plan and runs, and Q4-Q6 said 'First get Q3 right' while Q3 showed ✔."""
    from hearts_lab.exercises.classroom import Class

    klass = Class("a long class secret, kept off the repo", ["Student 0"])
    own = klass.seed("Student 0", "ws5")
    checks.reset("ws5")
    ws5.use_variant(own)
    seeds = ws5.my_seeds()
    assert ws5.check_q2(METRIC, "increase", seeds, ws5.MIN_HANDS, "random").status == "correct"
    mine = _runs(*seeds)
    assert ws5.check_q3(*mine, BASE, HOUSE, seeds).status == "correct"
    said = ws5.use_variant(own)  # the imports cell run again
    assert said.endswith("Your plan (Q2) and the runs Q3 accepted are kept."), said
    assert all(r.status == "correct" for r in _answered(*mine))
    ws5.use_variant(own + 1)  # another copy forgets them
    ws5.use_variant(own)
    assert all("First get Q3 right" in r.message for r in _answered(*mine))
    assert not ws5.use_variant(own).endswith("kept."), "nothing to keep: no plan recorded since"


# -- rev-cap2 (re-review of the capstone's plan history): /tmp/rev-cap2-findings ---------------------------


def _look(seeds: tuple[int, int], hands: int) -> None:
    """Q2's plan with ``hands``, then Q3 accepting runs of it (a look at the results)."""
    assert ws5.check_q2(METRIC, "no change", seeds, hands, "random").status == "correct"
    b, h = simulate(BASE, hands, bots="random", seed=seeds[0]), simulate(NO_OP, hands, bots="random", seed=seeds[1])
    assert ws5.check_q3(b, h, BASE, NO_OP, seeds).status == "correct"


def test_a_look_pushed_out_of_the_shown_plans_is_still_in_q2s_record():
    """rev-cap2 must-fix 1 (kernel_runs2.py throwaway5; plan_history_gaps.py case a'): five more Q2 calls pushed the
    looked plan out of the EARLIER_SHOWN listed, and nothing said a look had come first. Q2's record now carries the
    kernel's own counts, read on the teacher's side (tests/test_exercises_classroom.py)."""
    checks.reset("ws5")
    ws5.use_variant(None)
    seeds = (1, 2)
    _look(seeds, 20_000)
    for i in range(ws5.EARLIER_SHOWN):  # throwaway plans, never looked at
        assert ws5.check_q2(METRIC, PREDICTIONS[i % 2], seeds, 20_000, "random").status == "correct"
    final = ws5.check_q2(METRIC, "no change", seeds, 40_000, "random")
    made = _made(final)
    assert not any(e["looked"] for e in made["earlier"]), "the look is no longer among the plans shown"
    assert made["plans"] == ws5.EARLIER_SHOWN + 2 and made["looked_then_replanned"] == 1
    assert made["last_looked"]["hands"] == 20_000 and made["last_looked"]["prediction"] == "no change"
    assert f"This is plan {ws5.EARLIER_SHOWN + 2} of this session" in final.message
    assert "Q3 had accepted runs of an earlier plan" in final.message


PREDICTIONS = ("increase", "decrease")


def test_reset_does_not_clear_the_kernels_count_of_plans():
    """rev-cap2 should-fix 2 (kernel_runs2.py reset_replan; plan_history_gaps.py case b): reset("ws5") and
    checks._RESULTS.clear() wiped the plan history without a trace; the kernel's own count survives both."""
    from hearts_lab.exercises import reset

    checks.reset("ws5")
    ws5.use_variant(None)
    seeds = (1, 2)
    _look(seeds, 20_000)
    reset("ws5")
    checks._RESULTS.clear()
    final = ws5.check_q2(METRIC, "no change", seeds, 40_000, "random")
    made = _made(final)
    assert made["plan"] == 1 and made["earlier"] == [], "the results' history is gone, as reset() says"
    assert (made["plans"], made["looked_then_replanned"]) == (2, 1), made
    assert "This is plan 2 of this session" in final.message and "Q3 had accepted runs" in final.message


@pytest.mark.parametrize("bots", ["medium", "expert", "easy", "SamplingBot"])
def test_q2_and_q3_refuse_the_slow_bots(bots, monkeypatch):
    """rev-cap2 should-fix 4 (slow_bots.py): Q2 accepted bots="medium"/"expert" with 10,000 hands, hours of CPU,
    and Q3 ran each run again. Q2 refuses them with a sentence naming the fast ones; Q3 refuses such runs before
    simulating anything again."""
    checks.reset("ws5")
    ws5.use_variant(None)
    kept, counted = list(ws5._PLANS), ws5._SESSION.plans
    result = ws5.check_q2(METRIC, "increase", (1, 2), ws5.MIN_HANDS, bots)
    assert result.status == "incorrect" and result.message.startswith(
        "Give bots as one of 'random', 'lowest', 'heuristic', the players this worksheet names: the sampling bots"), result.message
    assert ws5._PLANS == kept and ws5._SESSION.plans == counted, "nothing recorded"
    assert ws5.check_q2(METRIC, "increase", (1, 2), ws5.MIN_HANDS, "random").status == "correct"
    from hearts_lab import simulate as simulate_module

    b, h = _runs(1, 2, 4)
    slow_b, slow_h = dataclasses.replace(b, policy="expert"), dataclasses.replace(h, policy="expert")
    monkeypatch.setattr(simulate_module, "simulate", lambda *a, **k: pytest.fail("Q3 simulated a slow bot's run again"))
    said = ws5.check_q3(slow_b, slow_h, BASE, HOUSE, (1, 2))
    assert said.status == "incorrect" and "bots= one of 'random', 'lowest', 'heuristic'" in said.message, said.message


@pytest.mark.parametrize("seeds", [(10**5000, 12), (11, 2**64), (-(10**5000), 12)])
def test_q2_refuses_an_absurd_seed_before_recording_anything(seeds):
    """rev-cap2 nit 5 (huge_seed_kernel.py): a seed of more than 4,300 digits crashed Q2's cell (its stored record
    could not be written) after the plan was kept. It is refused with a sentence, nothing kept."""
    checks.reset("ws5")
    ws5.use_variant(None)
    kept, counted = list(ws5._PLANS), ws5._SESSION.plans
    result = ws5.check_q2(METRIC, "increase", seeds, ws5.MIN_HANDS, "random")
    assert result.status == "incorrect" and result.message.startswith("A seed is a whole number"), result.message
    assert len(result.message) < 200
    assert ws5._PLANS == kept and ws5._SESSION.plans == counted
    import json

    json.dumps(result._repr_mimebundle_())  # the stored output can be written
    huge_hands = ws5.check_q2(METRIC, "increase", (1, 2), 10**5000, "random")
    assert huge_hands.status == "incorrect" and len(huge_hands.message) < 300 and ws5._PLANS == kept


def test_the_plan_texts_say_what_q2s_output_shows():
    """rev-cap2 nit 6: 'your hand-in shows each plan' and 'the hand-in file shows the plans recorded since the kernel
    last started' ignored the EARLIER_SHOWN limit (and the generic copy's results JSON carries no plans)."""
    texts = [ws5.TEXTS["Q2"], ws5._Q2_CLASS, ws5.q3_runs.__doc__ or ""]
    for text in texts:
        assert "hand-in shows" not in text and "hand-in file shows" not in text
    # Follow-up finding 3: "this notebook's Q2 output records the latest plans" did not say that the earlier plans are
    # data kept in the notebook, not shown on screen.
    for text in (ws5.TEXTS["Q2"], ws5._Q2_CLASS):
        flat = " ".join(text.split())
        assert "Q2 output records the latest plans" not in flat
        assert ("Q2's output shows your plan (and, from the second, its number); the notebook also keeps with it, as data "
                "not shown on screen, how many plans you recorded since the kernel started, whether Q3 had accepted runs "
                f"of an earlier one, and up to {ws5.EARLIER_SHOWN} of your latest earlier plans.") in flat, flat


def test_what_q2s_text_says_is_kept_is_kept_and_not_shown():
    """Follow-up finding 3: what Q2's texts say of its output is true. The output a student sees shows the plan and its
    number, not the earlier plans; the notebook's stored record keeps the count of plans, whether Q3 had accepted runs
    of an earlier one, and up to EARLIER_SHOWN earlier plans. The messages that point to Q2 say it the same way."""
    checks.reset("ws5")
    ws5.use_variant(None)
    _look((1, 2), 20_000)
    for hands in (30_000, 40_000):
        latest = ws5.check_q2(METRIC, "no change", (1, 2), hands, "random")
    bundle = latest._repr_mimebundle_()
    seen = bundle["text/plain"] + bundle["text/html"]
    assert "40,000 hands" in seen and "This is plan 3 of this session" in seen, seen
    assert "20,000 hands" not in seen and "30,000 hands" not in seen, "the earlier plans are not shown"
    made = _made(latest)
    assert [e["hands"] for e in made["earlier"]] == [20_000, 30_000] and made["earlier"][0]["looked"] is True
    assert (made["plans"], made["looked_then_replanned"]) == (3, 1)
    assert "as data not shown on screen" in latest.message and "that Q3 had accepted runs of an earlier plan" in latest.message
    refused_q3 = ws5.check_q3(*_runs(1, 2, hands=20_000), BASE, HOUSE, (1, 2)).message
    planned = _runs(1, 2, hands=40_000)
    assert ws5.check_q3(*planned, BASE, HOUSE, (1, 2)).status == "correct"
    for refused in (refused_q3, ws5.check_q4(0.0, *planned, "unclaimed rate").message):
        assert "(the notebook keeps a record of your plans with Q2's output, as data not shown on screen)" in refused, refused


def test_a_class_copys_seed_messages_point_to_its_own_seeds():
    """Review helper-25, nit 4: in a class copy Q2 takes only the copy's own seeds, so a refusal of the seeds' form
    points to ws5.my_seeds(), not to an example pair Q2 would then refuse; a dict is refused for what it is."""
    checks.reset("ws5")
    ws5.use_variant(2026)
    try:
        for seeds in ({1, 2}, {"base": 1, "house": 2}, (1,), (1, 2**64)):
            said = ws5.check_q2(METRIC, "increase", seeds, ws5.MIN_HANDS, "random").message
            assert said.endswith("seeds = ws5.my_seeds() (your copy's own).") and "(11, 12)" not in said, said
        said = ws5.check_q2(METRIC, "increase", {"base": 1, "house": 2}, ws5.MIN_HANDS, "random").message
        assert "a pair in order, not by name" in said and "cannot say which seed is base" not in said, said
    finally:
        ws5.use_variant(None)
        checks.reset("ws5")


@pytest.mark.parametrize("seeds", [{12, 11}, frozenset({1, 2}), {11: "base", 12: "house"}, {"base": 11, "house": 12}],
                         ids=["set", "frozenset", "dict", "dict-by-name"])
def test_seeds_without_an_order_are_refused_naming_seeds(seeds):
    """Follow-up finding 8: Q2 read seeds = {12, 11} as base 11 and house 12 (a set iterates in its own order) and a
    dict by its keys. Both are refused in Q2 and Q3, naming seeds and what to give instead; nothing is recorded."""
    checks.reset("ws5")
    ws5.use_variant(None)
    kept, counted = list(ws5._PLANS), ws5._SESSION.plans
    said = ws5.check_q2(METRIC, "increase", seeds, ws5.MIN_HANDS, "random")
    assert said.status == "incorrect" and said.message.startswith("seeds is a "), said.message
    assert "give seeds as a pair in order, (base seed, house seed), e.g. seeds = (11, 12)." in said.message
    assert ws5._PLANS == kept and ws5._SESSION.plans == counted, "nothing recorded"
    assert ws5.check_q2(METRIC, "increase", (11, 12), ws5.MIN_HANDS, "random").status == "correct"
    refused = ws5.check_q3(*_runs(11, 12), BASE, HOUSE, seeds)
    assert refused.status == "incorrect" and refused.message == said.message, refused.message


def test_q3_records_both_rule_sets_for_the_teachers_re_run_and_q4_the_effect():
    """The teacher's side re-runs the plan (tests/test_exercises_classroom_rerun.py): Q3's stored output holds the
    base and house rules themselves, which read back (as hostile input) to the rules simulated and match the
    fingerprints beside them; Q4's holds the effect given (its answer, a float, is not recorded)."""
    b, h = _planned_and_simulated()
    made = _made(ws5.check_q3(b, h, BASE, HOUSE, (1, 2)))
    records = made["rules_records"]
    assert checks.read_rules_record(records["base"], "base") == BASE
    assert checks.read_rules_record(records["house"], "house") == HOUSE
    assert (made["rules"], made["house_rules"]) == (checks.rules_fingerprint(BASE), checks.rules_fingerprint(HOUSE))
    assert made["house_method"] == h.method
    effect = ws5.metric_value(h, METRIC) - ws5.metric_value(b, METRIC)
    assert _made(ws5.check_q4(effect, b, h, METRIC))["effect"] == effect


def test_q3s_stored_output_stays_small_whatever_the_rules_name():
    """A house rule named with a megabyte of text is simulated and checked as any other, but its stored output keeps
    the fingerprint alone (checks.MAX_RULES_RECORD), not the megabyte."""
    import json

    house = dataclasses.replace(HOUSE, name="x" * 1_000_000)
    checks.reset("ws5")
    ws5.use_variant(None)
    ws5.check_q2(METRIC, "increase", (11, 12), ws5.MIN_HANDS, "random")
    b = simulate(BASE, ws5.MIN_HANDS, bots="random", seed=11)
    h = simulate(house, ws5.MIN_HANDS, bots="random", seed=12)
    result = ws5.check_q3(b, h, BASE, house, (11, 12))
    assert result.correct, result.message
    assert result.made["rules_records"]["house"] is None and result.made["rules_records"]["base"] is not None
    assert len(json.dumps(result._repr_mimebundle_()[checks.MIME_TYPE])) < 3 * checks.MAX_RULES_RECORD
