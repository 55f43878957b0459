"""Teacher-only: the teacher's kit - objectives and time per worksheet, wrong answers of the
engine-checked questions, the capstone rubric, and notes on every prompt of notebooks 01-11.

``tools/make_exercises.py`` turns this into ``exercises/teacher/`` (README.md, answer_keys/,
capstone_rubric.md, notebook_notes.md). Never shipped to students.
``tests/test_exercises_kit.py`` checks that every "Try it" / "Questions" / "Your turn" /
"Things to try" prompt in the notebooks has a note here, and every question a key.
"""
from __future__ import annotations

from sympy import binomial as C, factorial as F

WORKSHEETS = {
    "01_legal_moves": {
        "time": "35-45 min (Q1-Q6 and Q8 after notebook 01, 30-40 min; Q7 after notebook 03, 5 min)",
        "after": "notebook 01 (Q7 after notebook 03)",
        "objectives": [
            "Say who leads trick 1 from a deal (the holder of the opening club), not from the dealer's seat.",
            "List every legal card in a real position: the first-trick rule, following suit, leading before hearts are broken.",
            "Name a trick's winner: the highest card of the led suit, never an off-suit card.",
            "Score a finished hand from its tricks (hearts 1, Q♠ 13, to the trick's winner).",
            "Read a stripped deck to find the opening card.",
            "Build a trick that a given card wins although a higher card is played (the led suit decides).",
        ],
    },
    "02_passing_and_cancellation": {
        "time": "40-50 min (Q1-Q3 after notebook 02, 15-20 min; Q4-Q8 after notebook 04, 25-30 min)",
        "after": "notebooks 02 and 04",
        "objectives": [
            "Compute a pass target and a pass sender with offsets modulo n, hands numbered from 1 (hand h uses the schedule's entry h - 1).",
            "Apply a real pass exchange with two packs (multisets of cards).",
            "Resolve Cancellation Hearts tricks: cancelled pairs cannot win, off-suit cards never win, set-aside tricks.",
            "Follow the pending pile and the kitty through a set-aside trick in a real hand.",
        ],
    },
    "03_counting_deals": {
        "time": "50-60 min",
        "after": "notebooks 03, 07 and 08",
        "objectives": [
            "Count hands with conditions (a fixed card, exactly k cards of a suit) as a product of binomial coefficients.",
            "Count deals of any deck as a multinomial (or a product of binomials), seats distinct, with a kitty as one more pile, and deal two kinds of card separately.",
            "Count physical deals with a condition by building the count in steps (kitty first, then the hands).",
            "Count distinct two-pack hands by splitting on the number of pairs.",
            "Compute two-pack probabilities over physical cards; add the chances of disjoint events; use complements.",
        ],
    },
    "04_moon_odds": {
        "time": "65-75 min (Q1-Q6 after notebook 08, 45-55 min; Q7-Q8 after notebook 09, about 20 min)",
        "after": "notebook 08 (Q7-Q8 after notebook 09)",
        "objectives": [
            "Compute 'one seat' and 'some seat' probabilities exactly and tell them apart.",
            "Count hands with some cards required and some forbidden, and 'at least one' through the complement.",
            "Apply the old and new moon under the 'auto' and 'avoid-end' policies.",
            "Estimate a probability by dealing, with a seed and a sample size, and compare it with the exact value in standard errors.",
            "Estimate a rate that has no formula by simulation, as a reproducible run.",
        ],
    },
    "05_capstone_house_rule": {
        "time": "2 periods (plus the write-up)",
        "after": "notebooks 06 and 09",
        "objectives": [
            "Turn a question about a rule into a measurable metric and a prediction made in advance.",
            "Run a fair experiment planned in advance: two independent simulations, same players, enough hands, the seeds and the number of hands fixed before running.",
            "Report an effect as a difference of two rates with a 95% interval for the difference (rate_difference).",
            "Draw a conclusion the interval supports, including 'no clear effect'.",
        ],
    },
    "06_how_computers_play": {
        "time": "30-40 min",
        "after": "notebook 11",
        "objectives": [
            "Say which seats may still hold a hidden card from what one seat has seen: a suit a seat failed to follow rules it out, a passed card stays with its receiver until played.",
            "Deal a world of the hidden cards that agrees with everything a seat has seen (counts, voids, passed cards): what a sampling bot imagines.",
            "Estimate a chance by sampling worlds, as a reproducible run with its number of worlds and seed, and give its 95% interval.",
            "Explain why a fair race between bots uses duplicate deals, seat rotation and paired differences.",
        ],
    },
}

#: Wrong answers of the questions whose check derives the answer from the engine or the student's run.
KEY_NOTES = {
    "ws1": {
        "Q1": {"seat 1 (left of the dealer)": "uses the Cancellation Hearts opening (left of dealer) in standard Hearts",
               "seat 0 (the dealer)": "thinks the dealer starts",
               "another seat": "has not located the 2♣"},
        "Q2": {"every card of seat 0": "forgets the first-trick rule (no hearts, no Q♠ on trick 1)",
               "with the Q♠": "knows hearts are barred on trick 1 but not the Q♠",
               "only some of the discards": "thinks a discard must be of a particular suit"},
        "Q3": {"the clubs only": "thinks the leader must lead the suit of the last trick (there is no such rule)",
               "without the Q♠": "treats the Q♠ as a heart",
               "with hearts": "does not know that hearts may not be led before they are broken"},
        "Q4": {"only the highest diamond": "confuses legal with wise: every card of the led suit is legal",
               "every card held": "forgets that a player who can follow suit must",
               "a card seat 3 does not hold": "misread the picture (the check names the card)"},
        "Q5": {"seat 0 (the leader)": "thinks the led card always wins",
               "seat 1 (the A♠)": "thinks the highest card wins whatever its suit (trumps)",
               "seat 3": "compared the clubs wrongly"},
        "Q6": {"the hearts only": "forgot the Q♠ (13)",
               "hearts + 1": "counted the Q♠ as 1 point",
               "the points seat 2 played": "thinks you keep the cards you play; the trick's winner takes them"},
        "Q7": {"2♣, 3♣ or 4♣": "answered a stripped card (the usual opening card is gone)",
               "6♣ or higher": "skipped a club that is still in the deck",
               "a heart or diamond": "forgot that a club opens"},
        "Q8": {"a trick led in another suit": "thinks the highest card (or a card of its own suit) can win whatever is led",
               "a higher diamond in the trick": "forgot that a higher card of the led suit beats the 9♦",
               "no card higher than the 9♦": "built the easy trick: the question asks for a higher card that cannot win",
               "seats out of order": "does not know that play goes clockwise from the leader"},
    },
    "ws2": {
        "Q1": {"the target of hand 3 or 5": "used the schedule entry of the hand before or after (off by one: hand 1 uses the first entry)",
               "(2 - k) mod 5": "subtracted the offset (sent the cards the wrong way)",
               "another seat": "has not used the schedule"},
        "Q2": {"where seat 5's cards go": "answered the opposite direction (sender vs receiver)",
               "off by one hand": "used the schedule entry of the hand before or after (hand 1 uses the first entry)",
               "another seat": "has not set up (s + k) mod 6 = 5"},
        "Q3": {"seat 2's own passed cards": "confused passed and received",
               "the cards of the seat seat 2 passes to": "wrong direction",
               "two cards": "forgot that a copy can appear twice (two packs)"},
        "Q4": {"a seat with a cancelled K♠ or 9♠": "thinks identical cards still win",
               "None": "thinks any cancellation sets the trick aside",
               "seat 5 (the 2♥)": "lets an off-suit card win"},
        "Q5": {"seat 2 (A♣)": "lets an off-suit card win once the led suit is cancelled",
               "seat 0 or 1 (J♦)": "lets the leader's cancelled card win",
               "seat 3 or 4 (5♥)": "lets a cancelled off-suit card win"},
        "Q6": {"the seat after the leader": "passes the lead to the left when nobody wins",
               "a seat that played off-suit": "thinks the 'highest' off-suit card leads",
               "the seat that played the highest spade": "treats the set-aside trick as won"},
        "Q7": {"trick 7's points only": "forgot the pending pile", "without cancelled cards": "thinks cancelled cards lose their points",
               "the pile's points only": "forgot the trick that was won"},
        "Q8": {"None": "thinks the kitty is lost when trick 1 is set aside",
               "the leader of trick 1": "thinks leading trick 1 earns the kitty",
               "the winner of trick 3": "lost track of the pending pile: it goes to the next trick anybody wins"},
    },
    "ws4": {
        "Q4": {"(a decision with few plausible answers)": "no digest is stored for Q4 and Q5: the engine scores the hand when the check runs. A choice between the old and the new moon has a handful of plausible answers (each seat +0 or +26, the shooter -26, 0 or +26), so a stored digest could be searched offline in seconds, and the library's score_hand computes the scores by design (scoring is the engine's job). This cannot be closed; through the check every try is counted. Ask for the reason in class: which moon, and why"},
        "Q7": {"a typed number (e.g. the estimate's value)": "refused: a number cannot show how it was made",
               "the exact value from Q6": "refused with the same sentence as any typed number (so Q7 cannot be used to test Q6 answers)",
               "fewer than 5,000 deals": "refused: too uncertain",
               "the Q♠ and 4 hearts without the A♥ or the K♥ (or exactly 4)": "the event was coded wrongly; the check names which (a student's own copy: their own Q6 event, named cards and threshold)"},
        "Q8": {"a typed rate (e.g. 0.011 or notebook 09's 1.110%)": "refused: the check must rerun the simulation",
               "a run of the plain standard rules": "forgot the rule change (first_trick_points=True)",
               "bots='lowest' or fewer than 20,000 hands": "refused with the reason",
               "an edited or merged result": "refused: it does not match a fresh run with its seed"},
    },
    "ws5": {
        "Q1": {"only the name changed": "a rule change needs a rule field", "another player count": "compares table sizes, not rules",
               "house equal to base": "no change at all"},
        "Q2": {"a metric not in the list": "must be one of moon / unclaimed / set-aside rate",
               "a prediction not in the list": "must be increase / decrease / no change",
               "a prediction written after simulating": "not checkable by code: ask for it in the write-up (rubric)",
               "no seeds, one seed, or the same seed twice": "refused: Q2 records two different seeds with the prediction",
               "no number of hands or bots, fewer than 10,000 hands, a bot other than random, lowest or heuristic (the sampling bots take seconds a hand), or an absurd seed": "refused with a sentence: Q2 records the whole plan (metric, prediction, seeds, hands, bots) before anything is simulated",
               "in a class copy, seeds other than the copy's own": "refused: the copy draws them (ws5.my_seeds()), so there are none to try"},
        "Q3": {"the same seed twice": "the same deals replayed: not independent samples (a paired design needs a paired analysis)",
               "fewer than 10,000 hands": "too few for a useful interval", "different bots": "measures the bots, not the rule",
               "runs with other seeds than Q2 recorded": "refused: for a rule with no effect about 1 pair of seeds in 20 chosen in advance shows one at 95%, so trying pairs until one does ends in a 'finding' for almost any rule. In a class copy the seeds are drawn for the student; in the generic copy a changed plan is a new Q2 check: Q2's stored output shows the latest plans and how many the kernel recorded (a restart starts the count again), and runs made in a spare cell leave no trace",
               "runs with another number of hands or other bots than Q2 planned": "refused: each hand count or set of players is a new sample, so trying them until one shows an 'effect' is the same as trying seed pairs. More hands is a new plan: Q2's check again, then Q3-Q6; Q2's stored output lists the latest earlier plans and counts the plans the kernel recorded and those changed after Q3 had accepted runs (the class table notes either on Q2's row)"},
        "Q4": {"base - house": "wrong sign", "a difference of counts": "compare rates, not counts",
               "percentage points": "give a fraction", "one run's rate": "the effect is a difference",
               "runs other than the two Q3 accepted": "refused, in Q5 and Q6 too: the effect is measured on the runs planned in Q2, not on a pair tried until it shows one; new runs (more hands, say) need a new plan in Q2, then Q3's check",
               "another metric than Q2's plan": "refused, in Q5 and Q6 too: the metric is the one chosen before simulating; measuring another needs a new plan in Q2, which Q2's stored output counts",
               "Q3's runs given the other way round": "refused with 'the other way round'; the class table notes it on the row, not as other seeds"},
        "Q5": {"effect ± 1.96·sqrt(p(1-p)/n) for one run": "the one-variance mistake: the interval is too narrow (about 30% when the two rates are similar; with one rate at 0, the other run's variance alone is nearly the whole width)",
               "the house run's own interval": "an interval for one rate, not for the difference",
               "base - house": "reversed", "without the square root": "variances added but not rooted"},
        "Q6": {"'increase' with an interval containing 0": "claims an effect the data do not show",
               "a conclusion from a made-up interval": "refused: the interval must match the runs",
               "'no clear effect' with an interval wholly on one side of 0": "too cautious: the data do show an effect",
               "an effect for a rule that changes nothing": "at 95% about 1 in 20 such rules shows an 'effect' even with the seeds fixed in advance; the honest follow-up is a new plan recorded in Q2 (more hands, fixed in advance; new seeds only in the generic copy, as a class copy takes its own pair only), reported with the first result whatever it shows"},
    },
    "ws6": {
        "Q1": {"every other seat": "ignores the void a seat showed by failing to follow suit",
               "a list with seat 2 itself": "forgets that a seat sees its own cards",
               "a seat left out": "rules a seat out by what seems likely, not by what the rules force",
               "(note)": "the engine's knowledge(view).holders(card) decides; a student who replays the position from its record can ask it, which exercises/README.md says - the teacher's grade is what counts"},
        "Q2": {"a card given to a seat that showed a void": "the check names the seat and the suit it failed to follow",
               "the passed card given to another seat": "forgot that a passed card stays with its receiver until it is played",
               "too many or too few cards for a seat": "the check names the seat's count now",
               "a card seat 2 holds or a card already played": "has not worked out which cards are unseen",
               "(note)": "any consistent world is right: the engine builds it (Hand.from_position plays every card of the hand again) and world_consistent confirms it, so two students' right answers differ and a neighbour's world is for another position"},
        "Q3": {"a typed number": "refused: a number cannot show how it was made",
               "the worlds in which seat 0 does not hold the Q♠": "the event was written the wrong way round",
               "another seat's count": "the event names the wrong seat",
               "another number of worlds or another seed (a student's own copy)": "refused with the copy's own numbers"},
        "Q4": {"the interval in percent": "give fractions",
               "an interval for the number of worlds": "divide by the number of worlds",
               "the share ± one standard error": "a 95% interval is about 1.96 standard errors each side",
               "an interval around a wrong Q3 count": "Q4 is judged on the right count of the copy's worlds: the check says to fix Q3 first, and the grade marks such an interval wrong too (the same rule on both sides)"},
        "Q5": {"a reason that says the race is fair, that 200 hands are too few, or that the bots learn as they play": "the luck of the deal is what duplicate deals remove",
               "a reason about the lead of seat 0, seat numbers or a wider interval": "rotation is about each seat's own share of a deal",
               "a reason that pairs need no interval, count the deals won or make the difference always negative": "pairing removes much of the luck, not all of it",
               "(note)": "each copy draws one of three races and shuffles its four reasons, so a neighbour's letter is the right one for about one pair of students in four; the reasons are the same for everyone, so ask for the reason in words in class; every reason, right or wrong, says why in a sentence of about the same length, so the longest is not the right one"},
    },
}

RUBRIC = [
    ("The rule", "The house rule is one clear change, stated in a sentence and in code (changes_from).",
     "A rule change is stated but vague, or several changes are mixed without saying why.",
     "No real rule change, or the rule is not described."),
    ("Prediction", "A prediction with a reason from how the game is played, in the student's own words.",
     "A prediction without a reason.", "No prediction, or one the write-up itself shows was read off the results."),
    ("Experiment", "Two independent runs as Q2 planned them (different seeds: in a class copy the copy's own, ws5.my_seeds(); the planned number of hands, ≥ 10,000, and bots for both); the write-up reports every run and every plan the student made, and why a plan changed; the choice of bots is discussed.",
     "Sound runs, but the choice of bots or sample size is not discussed.",
     "Same seed, different bots, too few hands, seeds other than the class copy's own (its use_variant line was changed: the class table's seeds row says so), or a plan changed after looking at the results without saying why (the class table's Q2 row notes a plan recorded after Q3 had accepted runs of an earlier one, and more mildly any plan after the first, as the kernel counted them since it last started)."),
    ("Effect and interval", "The effect as house − base, a 95% interval from rate_difference, both reported with units (share of hands).",
     "Effect and interval right but reported loosely (percent vs fraction mixed, no interval in the write-up).",
     "Counts compared instead of rates, or an interval for one rate only."),
    ("Conclusion", "The conclusion follows from the interval (including 'no clear effect'); says what the interval means and what would narrow it.",
     "The conclusion matches the interval but is not explained.", "Claims an effect the interval does not support, or compares overlapping intervals."),
    ("Reflection", "Discusses whether the result would hold for human or heuristic players, and whether they would play the rule.",
     "Some reflection.", "None."),
]


#: The questions whose answer many pairs of students still share in a class of their own copies: what copying a
#: classmate's answer can carry. Measured by ``benchmarks/classroom.py`` (30 students, its default secret): the share
#: of the 435 pairs with the same answer, and the number of distinct answers in the class; every question not listed
#: is shared by under SHARED_FLOOR of pairs (ws1 Q8 and ws6 Q2 are built by the student: many right answers).
#: ``tests/test_exercises_kit.py`` measures them again.
SHARED_FLOOR = 0.10
SHARED_ANSWERS: dict[tuple[str, str], tuple[float, int, str]] = {
    ("ws1", "Q1"): (0.239, 4, "a seat: who leads trick 1"),
    ("ws1", "Q5"): (0.237, 4, "a seat: who won the trick"),
    ("ws1", "Q6"): (0.147, 9, "a number of points"),
    ("ws1", "Q7"): (0.402, 4, "a card: the opening club of a stripped deck"),
    ("ws2", "Q1"): (0.186, 7, "a seat: where the cards go"),
    ("ws2", "Q2"): (0.154, 6, "a seat: who passes to the seat"),
    ("ws2", "Q4"): (0.221, 6, "a seat: who won the trick"),
    ("ws2", "Q5"): (0.303, 7, "a seat, or set aside"),
    ("ws2", "Q6"): (0.143, 7, "a seat: who leads after the set-aside trick"),
    ("ws2", "Q8"): (0.195, 6, "a seat: who holds the kitty"),
    ("ws3", "Q2"): (0.154, 6, "a count (6 parameter sets)"),
    ("ws3", "Q3"): (0.147, 6, "a count (6 parameter sets)"),
    ("ws3", "Q8"): (0.198, 5, "a probability (8 parameter sets)"),
    ("ws4", "Q1"): (0.124, 8, "a probability (18 parameter sets, 9 distinct values)"),
    ("ws4", "Q2"): (0.124, 8, "a probability (Q1's parameter sets)"),
    ("ws4", "Q3"): (0.198, 5, "a count (5 decks)"),
    ("ws6", "Q1"): (0.170, 9, "a set of seats"),
    ("ws6", "Q5"): (0.248, 4, "a letter: one of four reasons"),
}


#: What the hand-in can and cannot show, printed under the rubric.
RUBRIC_EVIDENCE = (
    "What the hand-in cannot show: the checks record the plan Q2 was given and count the checks run since the "
    "kernel last started; they cannot see simulations run in another cell or before a restart, so a recorded plan "
    "is not evidence that the prediction came first or that nothing else was tried. Grade the reasoning, not the "
    "record. Q2 records the whole plan (metric, prediction, the two seeds, the number of hands and the bots) with "
    "the latest earlier plans (up to five) and the kernel's counts of plans and of plans changed after Q3 had accepted runs of "
    "the one before (`reset` does not clear the counts; a kernel restart does); Q3 takes runs of the "
    "latest plan only, and Q4-Q6 only the two runs Q3's check accepted and the plan's metric. In a class copy the "
    "seeds are the student's own, drawn from the class secret (`Class(secret, roster).variant(name, \"ws5\").seeds`), "
    "and Q2 and Q3 take no others. The rule, and a plan tried in a spare cell before or after Q2 (or an interval "
    "computed by hand before a new plan), can still be chosen after looking: none of it reaches a check. `grade(folder, secret)` (or `hearts-lab class grade`) reads the capstone notebooks too, without "
    "marks. Its *seeds* row reads the notebook's lines and the stored outputs of Q3-Q6, and nothing else. It says "
    "*NOT the class copy's own* for an edited `use_variant` line (another variant), a `seeds = ...` line naming "
    "other seeds, or a stored output of Q3-Q6 naming other runs' seeds; and *not verified* (missing evidence, not "
    "evidence of other seeds) for no Q3 output or an older one naming the base seed only, a Q4-Q6 output of a "
    "judged answer naming no seeds, or seeds it cannot read, no `seeds = ...` line or one it cannot read, a "
    "`use_variant` call it cannot follow, a cell that reaches by name into `ws5`'s variant or the plan and runs "
    "its checks keep (`ws5._current`, `ws5._ACCEPTED_RUNS`, `ws5._REPEATED`), or anything dynamic anywhere in "
    "the notebook (a syntax error, an unparsed magic, `exec`, `getattr`, a `__dunder__` name). It cannot see "
    "what the kernel did through other names: runs faked by replacing the simulator's random numbers through an "
    "alias (`rnd = numpy.random`, then `rnd.default_rng = ...`) or a patch (`unittest.mock.patch`), results "
    "relabelled with the own seeds and put where the checks keep them through a name built at run time, a "
    "cell deleted before handing in, or a kernel restart (which starts Q2's counts again); such a notebook reads as an honest one, and the stored outputs are the "
    "student's to edit too. So *the class copy's own* means that the file shows nothing against it, not that the "
    "runs were checked. Its *re-run* row checks the values Q4's and Q5's checks recorded against your own re-run "
    "(not what the notebook's cells, printed lines or write-up say now): it simulates the student's plan again on your side "
    "(the rules Q3's stored output records, checked against their fingerprints; the hands and bots of the runs "
    "Q3's check accepted and the metric Q4's check recorded (else Q5's, else Q2's plan's); the seeds from your secret, never from the notebook), shows your effect and 95% interval first in "
    "*why* (\"teacher's re-run: ...\"), and says *recorded values agree* or *recorded values do NOT agree* for the "
    "effect Q4's check recorded and the interval Q5's check recorded, by the checks' own tolerance (*not verified* "
    "where either recorded none or a value it cannot read). A plain `effect = <number>` or `interval = (<low>, <high>)` "
    "line (the last at the top level of a cell) holding another value than its check recorded (edited after checking) "
    "is flagged on the row; other forms (an annotation, inside an `if`, computed, `+=`) are not read, and the numbers "
    "in the write-up and printed lines are yours to compare with the row. The *why* names the rules it re-ran (`house = base with first_trick_points=True`, the "
    "engine's `house.changes_from(base)`): compare them with Q1 and the write-up, since a `house` redefined before Q3 "
    "makes the effect another rule's. The rules' fingerprint is an unkeyed hash: it catches careless edits, not "
    "rules edited with a recomputed fingerprint. *not re-run* comes with a note saying why: a notebook "
    "checked with an older hearts_lab (Q3 records no rules: re-run it by hand with `simulate`, the seeds from "
    "`Class(secret, roster).variant(name, \"ws5\").seeds`), rules too long to record (a long name), rules it cannot read or that do not match their "
    "fingerprint (edited?), no plan it can read, a name not on the roster, a re-run the simulator refused (\"the re-run "
    "could not be made (...)\"), or a plan the engine plays (bots "
    "'heuristic', or rules or a recorded method the fast batch path does not take: about 15 s of CPU for 2 x 10,000 "
    "hands of 4 heuristic players, about 140 s for the largest plan, 2 x 20,000 hands of 2 players with two packs, measured on a 2-core "
    "machine), which `grade(folder, secret, rerun=\"all\")` (or `hearts-lab class grade --rerun all`) re-runs too, "
    "unless its cost, estimated first from the cards played, is over 150 s of CPU: then the note gives the estimate "
    "and the code to re-run it yourself. By default one `grade` call's re-runs stop after 60 s of CPU, and the "
    "rest say so (`rerun=\"all\"` re-runs them). The reason for the seeds row's "
    "verdict is in the *why* column. The question rows note, on Q2's row, a plan recorded after Q3 had accepted runs "
    "of an earlier one (a plan changed after a look, ask why: read from the kernel's count, however many plans came "
    "after) or else any plan after the first (ask why the plan changed), and a cell that resets ws5's recorded checks by "
    "name (`reset(\"ws5\")`, `reset()`, an import of the checks' `reset`, `checks._RESULTS`), which can shorten Q2's "
    "stored list of plans but not the kernel's counts, and cannot change the seeds (so the seeds row does not read it), "
    "and counts in Q2's stored output that could not be read, are missing or contradict each other (edited? a "
    "contradiction is noted, not read); "
    "they also note runs of another plan than Q2's stored one "
    "(Q3's row), other runs than Q3's or another metric than the plan's (Q4-Q6's rows), and the own runs given "
    "the other way round (an honest slip the check refused, not other seeds). Each check's stored verdict is "
    "listed as *recorded correct*, *recorded incorrect* or *unanswered*, as the student's kernel wrote it "
    "(blank, with the note \"no check output\", where there is none).")


def _f(value) -> str:
    return f"{value} ≈ {float(value):.4g}"


# Notes on every prompt in notebooks 01-11, keyed by (notebook number, the prompt line's first 40 characters).
NOTEBOOK_NOTES: dict[tuple[str, str], str] = {
    ("01", "**Try it.** Step to the trick that broke h", "20cbdac24035"): (
        "The stepper replays the same engine record as the prose above, so the trick numbers agree. With another "
        "seed the rules stay and the story changes: ask students to predict, before stepping, who will take the Q♠ "
        "and which trick will break hearts, then check."),
    ("02", "**Questions to explore.**", "a629f40d474b"): (
        "1. Standard with five players passes left, then right (schedule (1, 4)): there is no hold hand. A hold hand "
        "lets every player play the cards they were dealt; some tables like the breather. "
        "2. Lowest-clubs with five players: schedule (1, 4, 2, 3, 0); '2 to the right' is offset 3, used in hand 4 "
        "(then 9, 14, ...; the engine's hand_number 3, 8, 13). "
        "3. In a hold hand the engine refuses: 'Seat 0 cannot pass now: this is a hold hand, nobody passes.' and "
        "nothing changes. "
        "4. Open: good discussion of passing high spades and hearts vs keeping a void."),
    ("03", "**Questions.**", "c2ff7d052f53"): (
        "1. The 2♦ and 3♦ carry no points and rarely win a trick, so removing them barely changes play; the 2♥ is a "
        "point card: removing it would leave 25 points and change the moon. "
        "2. The 6♣ opens (2♣-5♣ are stripped). Every hand then has 8 cards - the same size, not equal strength: "
        "'equal' could mean the same expected points or the same chance of a void, and a 9-card club suit makes "
        "club voids likelier. "
        "3. For 3 and 4 players the two one-pack rulebooks deal the same deck. The number of distinct deals depends "
        "only on how many cards there are and how many each seat gets, not on which cards were removed. "
        "4. Seven players: a kitty of 6 (104 = 7·14 + 6); eight players: none (104 = 8·13). "
        "5. For example remove 2♦ and 3♦: Rules.preset('standard', players=5, removed=('2D', '3D')).opening_card is the 2♣."),
    ("04", "**Try these.**", "14d260e2ab65"): (
        "1. The rulebook trick 10♠ 9♥ 9♥ 10♠: 124 single changes work (the engine, trying each of the 51 other faces "
        "in each of the four places, a third copy excluded). Changing either 10♠ works for all 50 faces that are not "
        "10♠ or 9♥ (two packs hold only two copies of each): the other 10♠ is then uncancelled, or the new card leads "
        "a suit whose highest uncancelled card wins. Changing a 9♥ works only if it becomes a spade other than the "
        "10♠: 12 faces each. 50 + 12 + 12 + 50 = 124. "
        "2. Yes: e.g. 2♠ led, then K♠ K♠ A♠ A♠ and two off-suit cards - every higher spade cancels and the 2♠ wins. "
        "3. Yes: a led 9♠ 9♠ pair cancels and the other four cards are off-suit and all different: no spade survives, "
        "the trick is set aside with only two cards cancelled."),
    ("04", "**Questions.** Which trick of this hand h", "50e527318981"): (
        "Seed 72, seven players: trick 1 has the most cancelled pairs (3). Seat 0 collects the most points (19). "
        "The kitty (3♣ 4♦ 9♦ Q♥ 3♠ 10♠) goes with trick 1's cards to seat 4 and holds 1 point (the Q♥)."),
    ("05", "## Your turn: the play table", "ccd9491dff53"): (
        "A guided first game. Watch for: students learning the first-trick and follow-suit rules from the grey "
        "cards' reasons; the pass (exactly three cards); Undo to compare two plays. With moon='choice' a shooter "
        "chooses old or new moon - discuss which is better from the scores. The 'solve ♠' button shows every "
        "hand, the bots' included: fine for studying endings, but ask students to play a first hand without it. "
        "The Opponents menu changes the bots' level from their next card; 'What would the expert play?' gives "
        "averages over sampled deals, not the right answer - ask students to play first and compare afterwards."),
    ("05", "## Things to try", "63e574862247"): (
        "1. Expect 'must follow suit' most often, then the first-trick and hearts-not-broken rules; let the class "
        "tally. 2. Expect avoiding points to feel easier than shooting the moon against the easy bots, which also "
        "defend against a moon: a moon needs every heart and the Q♠, and one card lost to a bot spoils it. 3. Let "
        "students predict first (random bots should be the easiest, the expert bots the hardest), then collect their "
        "own averages over a few hands and discuss the spread: a handful of hands is a very small sample, so two "
        "averages a few points apart may show no real difference."),
    ("06", "## Things to try", "edb7ba5db15d"): (
        "1. Five players without removing cards: 52 = 5·10 + 2, so the two leftover cards become a kitty of 2 (hand "
        "size 10). 2. The engine refuses: 'pass_schedule: 9 is not a seat offset from 0 to 3.' 3. spot-hearts: each "
        "heart is worth its rank, 117 points in the deck; the moon still needs the same 14 cards (every heart and the "
        "Q♠). 4. With last_trick_set_aside='leader' the leader of the set-aside last trick collects it and the pile. "
        "5. Open; ask for the changes-from-preset table in the write-up."),
    ("07", "**✏️ Your turn.** With 7 players, $52 = 7", "5f52eb9e7b16"): f"C(38, 3) = {C(38, 3)}.",
    ("07", "**✏️ Your turn.** Six players must lose 4", "3830390d9259"): f"C(37, 4) = {C(37, 4)} (the 2♣ stays, so 37 candidates).",
    ("07", "**✏️ Your turn.** Six players, standard r", "8f92145dfc8d"): f"C(37, 8)/C(48, 8) = {_f(C(37, 8) / C(48, 8))}.",
    ("07", "**✏️ Your turn: the real pack, counted a ", "d3e6654b81ac"): f"C(52, 13)·C(39, 13)·C(26, 13) = {C(52, 13) * C(39, 13) * C(26, 13)} = 52!/(13!)^4.",
    ("07", "**✏️ Your turn: hands for one seat.** You", "c51c72672d58"): f"C(52, 13) = {C(52, 13)}.",
    ("07", "**✏️ Your turn: physical deals.** Tell th", "da8f4237b4ea"): f"104!/((17!)^6 · 2!) = {float(F(104) / (F(17) ** 6 * F(2))):.6e} (exactly {F(104) / (F(17) ** 6 * F(2))}).",
    ("07", "**✏️ Your turn: distinct hands for one se", "79c5a14ba9eb"): f"Σ over d = 0..8 of C(52, d)·C(52 - d, 17 - 2d) = {sum(C(52, d) * C(52 - d, 17 - 2 * d) for d in range(9))}.",
    ("07", "**✏️ Your turn: a house rule.** Every fun", "d879f9d08ac7"): (
        "Fewer deals with 11 each (fewer cards to arrange). The ratio (52!/(13!)^4) / (44!/(11!)^4) = "
        f"(52!/44!) / (13·12)^4 = {_f((F(52) / F(13) ** 4) / (F(44) / F(11) ** 4))}."),
    ("08", "**✏️ Your turn.** Write the probability a", "23f6820e868e"): f"C(39, 13)/C(52, 13) = {_f(C(39, 13) / C(52, 13))}.",
    ("08", "**✏️ Your turn.** Write the inclusion–exc", "331ec265690a"): (
        "4·C(39, 13)/C(52, 13) - 6·C(39, 26)/C(52, 26) + 4·C(39, 39)/C(52, 39) = "
        f"{_f(4 * C(39, 13) / C(52, 13) - 6 * C(39, 26) / C(52, 26) + 4 * C(39, 39) / C(52, 39))}."),
    ("08", "**✏️ Your turn.** Put the pieces together", "5a3df7d5748d"): f"(4·C(39, 13) - 6·C(26, 13) + 4)/C(52, 13) = {_f((4 * C(39, 13) - 6 * C(26, 13) + 4) / C(52, 13))}.",
    ("08", "**✏️ Your turn.** Four players, $k = 3$. ", "6c35811458a5"): f"Σ over i = 3..12 of C(13, i)·C(38, 12 - i) / C(52, 13) = {_f(sum(C(13, i) * C(38, 12 - i) for i in range(3, 13)) / C(52, 13))}.",
    ("08", "**✏️ Your turn.** A two-player house gam", "5f166fb66436"): f"50 cards, 25 each: C(36, 11)/C(50, 25) = {_f(C(36, 11) / C(50, 25))}.",
    ("08", "**✏️ Your turn.** Seven players: the kitt", "96d85cc8625d"): f"1 - C(76, 6)/C(104, 6) = {_f(1 - C(76, 6) / C(104, 6))}.",
    ("08", "**✏️ Your turn: both Q♠.** Seven players,", "a86ea0345da7"): f"C(102, 12)/C(104, 14) = {_f(C(102, 12) / C(104, 14))}.",
    ("08", "**Try it yourself.** Change a rule and re", "36a8c6cd8bed"): (
        "Under omnibus the J♦ (-10) counts as a point card, so 30 point cards (26 hearts, two Q♠, two J♦) and 74 "
        "without: "
        f"1 - C(74, 6)/C(104, 6) = {_f(1 - C(74, 6) / C(104, 6))} (up from {float(1 - C(76, 6) / C(104, 6)):.4g}). "
        "Ask whether a card worth -10 'holds points' - a good definitional discussion."),
    ("10", "## Your turn", "f0c093871699"): (
        "1. Once the shooter can force the moon, every one of its winning cards keeps that value after a card is "
        "played: the best card may change with the position, but the forced result does not. Every defence card "
        "shows the same value because, against perfect play, the moon happens whatever the others do - that is "
        "what 'forced' means; a difference between defence cards would mean some defence could stop it. "
        "2. Open: students usually pick the card that is safest for the trick in hand; the solver looks to the end "
        "of the hand - a good discussion of greedy versus look-ahead play. "
        "3. For the full deal of section 2 (seed 66, hand 4 of a game: hand_number=3): seats 0, 2 and 3 are refuted at once (1 position, "
        "any budget); seat 1 needs 180 positions, so max_nodes below 180 gives 'unknown within the budget' and 180 "
        "or more gives 'the other seats can stop seat 1's moon'. A budget never turns into a wrong answer, only "
        "into 'unknown'."),
    ("11", "## Your turn", "8915c0331997"): (
        "1. In section 3's cell (`sample_worlds(hand.view(0), 40, rng=3)`) 3♥ averages 13.20 ± 8.37 points over 10 "
        "worlds, 14.43 ± 4.02 over 40 and 12.26 ± 1.98 over 160: the ± halves for every fourfold number of worlds "
        "(1/√n, as the race of section 1), and the average itself moves inside the wider intervals. 5♥ and 6♥ stay "
        "3.00 ± 0.00 at every size: each world gives them 3, so there is no spread to measure. The averages choose the "
        "same card at every size: win the trick with the 5♥ or 6♥ rather than duck with the 3♥. In the real deal "
        "that choice costs 3 points where the duck costs 0 (section 3 shows both): reasonable with what seat 0 can "
        "see, not the best card of the real deal. "
        "2. With `worlds=16` in `sampler` (seed 5, the same 12 deals) the sampler takes -2.44 ± 1.75 points per hand "
        "against easy (48 seat-hands), an interval of -4.19 to -0.69 that excludes 0, where 4 worlds gave -1.15 ± 3.18. "
        "The cost: about 18 s of CPU for the sampler's race alone against about 5 s with 4 worlds on the development "
        "machine, so roughly four times the time for four times the worlds. Worth saying: more worlds make each "
        "choice better; a tighter interval from the same 12 deals is partly that and partly chance, and the honest "
        "way to shrink the ± further is more deals (four times the deals halves it). "
        "3. Open. The expert's table lists each legal card with its average and ±; two cards whose difference is "
        "inside the ± are a tie for the expert, not a preference. Where the expert and the student disagree by more "
        "than that, ask what the expert cannot know (the hidden hands) and whether its model of the table could be "
        "wrong (section 5): it plays each sampled world out with the easy bot in every seat, the student's included, "
        "so its averages are only as good as that guess at how the student and the others would play. Section 4's "
        "strategy fusion is the flaw of the solver-based sampler of sections 3 and 4, which plays each world as if "
        "it saw it; the table's expert chooses its later cards in the rollouts from what a seat would see."),
    ("09", "### ✏️ Your turn: a simulation with the ", "548dae314779"): (
        "A loop over hand_number 0..my_hands-1 (hands 1 to my_hands of a game): deal, let four RandomBots (one seed per hand and seat) play, and "
        "count the hands with hand.points()[0] == 0. Check the student's count with the notebook's next cell; the "
        "teaching point is that the loop *is* a simulation, and that its Wilson interval says how far 2,000 hands "
        "can be trusted. Common slips: reusing one bot seed for every hand (the same play again and again), "
        "counting points == 0 for any seat, forgetting the hand number (every hand the same pass direction)."),
    ("09", "## 9 · Your turn: does a house rule chan", "10e7e3608da7"): (
        "Predictions first, then read the interval for the difference (rate_difference), not the two separate "
        "intervals. With the cell's settings (random players, 20,000 hands per run, seeds 11 for the house rule "
        "and 12 for the base) every interval for the difference contains 0: pass_count=0 +0.13 percentage points "
        "(95% -0.07 to +0.33), first_trick_points=True +0.01 (-0.19 to +0.21), hearts_broken_by='nothing' -0.03 "
        "(-0.22 to +0.17). Such runs resolve differences of about ±0.2 percentage points only; stats.hands_needed "
        "says how many hands a narrower interval needs. In Cancellation Hearts with 8 players moons are so rare "
        "that even 200,000 hands give few (17 with the base rules and seed 12, 20 with last_trick_set_aside="
        "'leader' and seed 11): a good discussion of what a 'no clear effect' means (absence of evidence, not "
        "evidence of absence). Worksheet 5 is this experiment done carefully."),
}
