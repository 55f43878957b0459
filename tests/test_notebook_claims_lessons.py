"""Claims about lessons, hand numbers and notebooks 00-05 that tests/test_notebook_claims.py does not hold.

* The lesson times: the README's classroom guide, notebook 00's table and the teacher's kit
  (exercises/source/kit.py) give the same minutes for every notebook and worksheet part, and lesson 1
  asks no question that needs notebook 03.
* Hand numbers: every sentence a person reads says "hand 1" for the first hand (docs/rules.md §0.4);
  the worksheets' texts name the engine's 0-based hand_number only as code.
* Sentences of notebooks 04 and 05 and of the kit's notebook notes, recomputed with the engine.
"""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from notebook_text import cells as _cells, markdown as _markdown, stream_output as _stream

from hearts_lab import Card, Rules, resolve_trick
from hearts_lab.cards import full_pack
from hearts_lab.cases import SEQUENCE_CASES, TRICK_CASES

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
DOC = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")


def _kit():
    spec = importlib.util.spec_from_file_location("kit", ROOT / "exercises" / "source" / "kit.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


KIT = _kit()





def _dash(text: str) -> str:
    return text.replace("–", "-")


def _classroom_rows() -> list[list[str]]:
    guide = README[README.index("## A classroom guide"):]
    guide = guide[: guide.index("\n\n", guide.index("| 1. "))]
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in guide.splitlines() if re.match(r"\| \d+\. ", line)]


ROWS = _classroom_rows()


def _notebook_minutes_in_readme() -> dict[str, int]:
    """Notebook number -> the minutes the README's time column gives it."""
    found: dict[str, int] = {}
    for lesson, opened, _worksheet, time, _goals in ROWS:
        numbers = re.findall(r"`(\d\d)_", opened)
        named = dict(re.findall(r"notebook (\d\d) about (\d+) min", time))
        if named:
            found.update({n: int(m) for n, m in named.items()})
        else:
            match = re.search(r"(?:notebook|\d\d) about (\d+) min|: about (\d+) min", time)
            assert match, f"lesson {lesson!r}: no notebook minutes in {time!r}"
            found[numbers[0]] = int(match.group(1) or match.group(2))
    return found


def test_the_classroom_guide_has_ten_lessons_each_with_periods():
    assert [row[0].split(".")[0] for row in ROWS] == [str(n) for n in range(1, 11)]
    for lesson, _opened, _worksheet, time, _goals in ROWS:
        assert re.match(r"(\d(–\d)?) periods?:", time), f"{lesson}: the time does not start with its periods: {time!r}"


def test_notebook_minutes_agree_between_the_readme_and_notebook_00():
    table = _markdown(ROOT / "notebooks" / "00_start_here.ipynb")
    in_00 = {}
    for line in table.splitlines():
        match = re.match(r"\| \[(\d\d) · .*about (\d+) min", line)
        if match:
            in_00[match.group(1)] = int(match.group(2))
    readme = _notebook_minutes_in_readme()
    assert set(in_00) == {f"{n:02d}" for n in range(1, 12)}
    for number, minutes in readme.items():
        assert in_00[number] == minutes, f"notebook {number}: README {minutes} min, notebook 00 {in_00[number]} min"


def test_worksheet_minutes_in_the_readme_are_the_kits():
    """Each worksheet part's minutes in a lesson row appear in the kit's time for that worksheet."""
    for lesson, _opened, worksheet, time, _goals in ROWS:
        sheets = re.findall(r"`(0\d_[a-z_]+)`", worksheet)
        for sheet in sheets:
            kit_time = _dash(KIT.WORKSHEETS[sheet]["time"])
            if len(sheets) == 1:
                parts = re.findall(r"worksheet ((?:about )?\d+(?:–\d+)? min)", time) or re.findall(r"capstone (\d periods)", time)
            else:
                number = str(int(sheet[:2]))
                parts = re.findall(rf"worksheet {number} Q[\dQ–]+(?: and Q\d+)? ((?:about )?\d+(?:–\d+)? min)", time)
            assert parts, f"{lesson}: no minutes for {sheet} in {time!r}"
            for part in parts:
                assert _dash(part) in kit_time, f"{lesson}: README says {part!r} for {sheet}; the kit says {kit_time!r}"


def test_lesson_1_asks_no_question_that_needs_notebook_03():
    lesson1 = ROWS[0]
    assert "`01_legal_moves` Q1–Q6 and Q8" in lesson1[2]
    assert "Q7" not in lesson1[2]
    assert "03" not in lesson1[1]
    assert "Q7 after notebook 03" in KIT.WORKSHEETS["01_legal_moves"]["after"]
    source = _markdown(ROOT / "exercises" / "source" / "01_legal_moves.ipynb")
    assert "## Q7. Stripped decks change the opening card (after notebook 03)" in source
    assert "notebook 01 (Q7 after notebook 03)" in _markdown(ROOT / "notebooks" / "00_start_here.ipynb")
    # Q7 asks for a stripped deck's opening card: notebook 03 teaches it ("the lowest club left"), 01 never strips.
    assert "lowest club left" in _markdown(ROOT / "notebooks" / "03_stripped_decks.ipynb")
    assert "strip" not in _markdown(ROOT / "notebooks" / "01_rules_tour.ipynb")


def test_notebook_05_says_its_own_minutes_and_the_game_length_it_shows():
    path = ROOT / "notebooks" / "05_play_against_bots.ipynb"
    text = _markdown(path)
    assert "about\n45 minutes" in text
    row = next(r for r in ROWS if "05_play_against_bots" in r[1])
    assert row[3].startswith("1 period: about 45 min (10 min on the bots, then 30–35 min of play")
    assert "10 minutes to read how the bots work and watch their hand, then\n30–35 minutes of play" in text
    rows = [line for line in _stream(path, "print(game.score_table())").splitlines() if re.match(r"\s+\d+\s", line)]
    assert len(rows) == 15 and "the bots'\ngame below takes 15" in text
    assert "you will have played a whole" not in text


# -- hand numbers -------------------------------------------------------------------------------


def test_the_rules_document_numbers_hands_from_one_once_and_names_the_api():
    section = DOC[DOC.index('<a id="s0.4"></a>'): DOC.index('<a id="s0.5"></a>')]
    assert "numbered from 1" in section and "`Hand.deal(rules, hand_number=0)` is hand 1" in section
    assert "h = 0, 1, 2" not in DOC
    rules = Rules.preset("standard", players=4)
    # "with four players, hand 1 passes left and hand 4 holds"
    assert rules.pass_offset(1 - 1) == 1 and rules.pass_offset(4 - 1) == 0


@pytest.mark.parametrize("sheet", ["01_legal_moves", "02_passing_and_cancellation"])
def test_worksheets_never_tell_a_person_that_hands_start_at_zero(sheet):
    for folder in ("source", "student"):
        text = (ROOT / "exercises" / folder / f"{sheet}.ipynb").read_text(encoding="utf-8")
        assert "start at 0" not in text and "start at **0**" not in text and "hand number **" not in text
        assert "hand number 3" not in text and "hand number 1," not in text
    key = (ROOT / "exercises" / "teacher" / "answer_keys" / f"{sheet}.md").read_text(encoding="utf-8")
    assert "start at 0" not in key and "from 0." not in key


def test_worksheet_2_texts_show_hand_numbers_from_one_with_the_same_answers():
    from hearts_lab.exercises import ws1, ws2

    preset, players, number, seat = ws2.GENERIC.q1
    assert f"In hand **{number + 1}** of the game" in ws2.question_text("Q1")
    rules = Rules.preset(preset, players=players)
    assert ws2.check_q1(rules.pass_target(seat, rules.pass_offset(number))).status == "correct"
    # The slip "the hand before or after" names the person's hand number and the schedule entry.
    slip = ws2.check_q1(rules.pass_target(seat, rules.pass_offset(number + 1))).message
    assert f"hand {number + 1} uses schedule[{number} mod" in slip
    _, _, number2, _ = ws2.GENERIC.q2
    assert f"In hand **{number2 + 1}** of the game" in ws2.question_text("Q2")
    assert f"hand **{ws2.GENERIC.q3[1] + 1}** of a game" in ws2.question_text("Q3")
    assert f"(hand {ws1.GENERIC.q1[1] + 1} of a game, a *hold* hand" in ws1.question_text("Q1")
    assert Rules.preset("standard", players=4).pass_offset(ws1.GENERIC.q1[1]) == 0


# -- notebook 04 -------------------------------------------------------------------------------


def test_04_a_set_aside_last_trick_rules_out_the_moon_only_with_a_point_card():
    path = ROOT / "notebooks" / "04_cancellation_hearts.ipynb"
    text = _markdown(path)
    assert "which also rules out the moon" not in text
    case = SEQUENCE_CASES["unclaimed"]()
    hand = case.hand
    hearts = [c for c in hand.unclaimed if c.suit == "H"]
    assert len(hearts) == 2 and "This unclaimed trick holds two hearts" in text
    assert hand.moon_shooter is None
    out = _stream(path, 'print("unclaimed cards:"')
    assert "unclaimed cards: " + " ".join(map(str, hand.unclaimed)) in out
    assert f"total {sum(hand.points())} of {hand.rules.total_points}" in out
    assert "when it (or the pile under it) holds a heart or a Q♠, nobody can shoot the moon" in text


def test_04_single_changes_of_the_rulebook_trick_counted_as_the_kit_says():
    rules = Rules.preset("cancellation", players=6)
    plays = TRICK_CASES["rulebook"].plays()
    per_place = []
    for index in range(len(plays)):
        works = 0
        for card in full_pack():
            if card == plays[index][1]:
                continue
            changed = list(plays)
            changed[index] = (plays[index][0], card)
            cards = [c for _, c in changed]
            if any(cards.count(c) > 2 for c in cards):   # two packs: two copies of a card at most
                continue
            works += resolve_trick(rules, changed).winner is not None
        per_place.append(works)
    assert per_place == [50, 12, 12, 50]
    note = next(v for k, v in KIT.NOTEBOOK_NOTES.items() if k[0] == "04" and k[1].startswith("**Try these.**"))
    assert "124 single changes work" in note and "50 + 12 + 12 + 50 = 124" in note and sum(per_place) == 124


# -- the kit's other notes -------------------------------------------------------------------------


def test_kit_omnibus_note_counts_the_point_cards_of_two_packs():
    rules = Rules.preset("cancellation", players=7, card_points="omnibus")
    with_points = sum(1 for c in rules.deck() if rules.points_of(c) != 0)
    assert (with_points, len(rules.deck()) - with_points) == (30, 74)
    note = next(v for k, v in KIT.NOTEBOOK_NOTES.items() if k[0] == "08" and k[1].startswith("**Try it yourself.**"))
    assert "30 point cards (26 hearts, two Q♠, two J♦) and 74" in note and "78 point cards" not in note
    assert rules.points_of(Card.parse("JD")) == -10


def test_kit_notes_make_no_claim_about_students_that_nothing_measures():
    notes = " ".join(KIT.NOTEBOOK_NOTES.values())
    assert "Most students find" not in notes
    assert "a careful player takes few points" not in notes


def test_kit_note_on_notebook_09_house_rules_quotes_the_runs_it_describes():
    import ast
    import dataclasses

    from hearts_lab.simulate import simulate
    from hearts_lab.stats import rate_difference

    note = next(v for k, v in KIT.NOTEBOOK_NOTES.items() if k[0] == "09" and k[1].startswith("## 9 · Your turn"))
    base = Rules.preset("standard", players=4)
    before = simulate(base, 20_000, seed=12)
    quoted = {"pass_count=0": ("+0.13", "-0.07", "+0.33"), "first_trick_points=True": ("+0.01", "-0.19", "+0.21"),
              "hearts_broken_by='nothing'": ("-0.03", "-0.22", "+0.17")}
    for change, (effect, low, high) in quoted.items():
        field, value = change.split("=")
        house = dataclasses.replace(base, **{field: ast.literal_eval(value)})   # the note's own spelling of the change
        after = simulate(house, 20_000, seed=11)
        d = rate_difference(after.moon_count, after.hands, before.moon_count, before.hands)
        assert not d.excludes_zero(), change
        assert (f"{d.difference * 100:+.2f}", f"{d.low * 100:+.2f}", f"{d.high * 100:+.2f}") == (effect, low, high)
        assert f"{change} {effect}" in note and f"({low} to {high})" in note.replace("95% ", "")


def test_kit_note_on_notebook_10_budget_is_the_solvers():
    from hearts_lab import Hand
    from hearts_lab.solve import can_force_moon

    note = next(v for k, v in KIT.NOTEBOOK_NOTES.items() if k[0] == "10" and k[1].startswith("## Your turn"))
    assert "(seed 66, hand 4 of a game: hand_number=3)" in note and "seat 1 needs 180 positions" in note
    full = Hand.deal(Rules.preset("standard", players=4), seed=66, hand_number=3)
    assert [can_force_moon(full, seat).nodes for seat in range(4)] == [1, 180, 1, 1]
    assert can_force_moon(full, 1, max_nodes=180).forced is False
    short = can_force_moon(full, 1, max_nodes=179)
    assert short.forced is None, short


# -- the student side points only at the student side ------------------------------------------------------------

STUDENT_TEXTS = sorted([*(ROOT / "notebooks").glob("*.ipynb"), *(ROOT / "exercises" / "student").glob("*.ipynb"),
                        *(ROOT / "docs").glob("*.md"), ROOT / "README.md", ROOT / "exercises" / "README.md",
                        ROOT / "tools" / "student_dist.py"])


@pytest.mark.parametrize("path", STUDENT_TEXTS, ids=[p.relative_to(ROOT).as_posix() for p in STUDENT_TEXTS])
def test_student_links_open_the_student_branch(path):
    """Every Binder or Voilà link a student can follow opens the branch 'student' (no keys in it), and nothing a
    student reads links the main repository, which holds the keys (README's 'What students get')."""
    text = path.read_text(encoding="utf-8")
    for link in re.findall(r"https://mybinder\.org/v2/gh/[^\s)\"'\\]+", text):
        assert link.startswith("https://mybinder.org/v2/gh/hearts-lab/hearts-lab/student?"), (path.name, link)
    if path.name != "README.md" or path.parent != ROOT:     # the teachers' README names the project page
        assert "github.com/hearts-lab/hearts-lab" not in text, path.name


def test_readme_minutes_are_each_notebooks_own():
    """A notebook that states its own length ("About 50 minutes ...") and the README's lesson table agree."""
    readme = _notebook_minutes_in_readme()
    stated = {}
    for path in sorted((ROOT / "notebooks").glob("[01][0-9]_*.ipynb")):
        head = " ".join("".join(c["source"]) for c in _cells(path)[:2] if c["cell_type"] == "markdown")
        match = re.search(r"[Aa]bout\s+(\d+)\s+minutes", head)
        if match:
            stated[path.name[:2]] = int(match.group(1))
    assert {"06", "10"} <= set(stated), stated
    for number, minutes in stated.items():
        assert readme[number] == minutes, f"notebook {number} says about {minutes} min, the README {readme[number]} min"
    assert "notebook 06 about 50 min (35 without its optional part)" in ROWS[7][3]
    assert "about 45 min (30 without its optional section 3)" in ROWS[8][3]


def test_no_worksheet_is_set_before_a_notebook_it_needs():
    """A worksheet's lesson in the README comes no earlier than every notebook the kit says it follows."""
    lesson_of_notebook: dict[str, int] = {}
    for i, (_lesson, opened, _worksheet, _time, _goals) in enumerate(ROWS, start=1):
        for number in re.findall(r"`(\d\d)_", opened):
            lesson_of_notebook.setdefault(number, i)
    for i, (lesson, _opened, worksheet, _time, _goals) in enumerate(ROWS, start=1):
        for sheet, questions in re.findall(r"`(0\d_[a-z_]+)`((?: Q\d+(?:–Q\d+)?(?: and Q\d+)?)?)", worksheet):
            # a part of a worksheet ("Q4–Q8") follows the notebook the kit names for that part, else the whole's
            parts = dict(re.findall(r"(Q\d+(?:-Q\d+)?(?: and Q\d+)?) after notebook (\d\d)", KIT.WORKSHEETS[sheet]["time"]))
            part = parts.get(_dash(questions.strip()))
            needed = [part] if part else re.findall(r"\b(\d\d)\b", KIT.WORKSHEETS[sheet]["after"])
            assert needed, f"{lesson}: no notebooks for {sheet}{questions}"
            for number in needed:
                assert lesson_of_notebook[number] <= i, f"{lesson}: {sheet}{questions} needs notebook {number} (lesson {lesson_of_notebook[number]})"
    assert "notebooks 03, 07, 08" in _markdown(ROOT / "notebooks" / "00_start_here.ipynb")
    assert KIT.WORKSHEETS["03_counting_deals"]["after"] == "notebooks 03, 07 and 08"


def test_kit_note_11_worlds_figures_are_the_engines():
    """The kit's note on notebook 11's first 'Your turn' question: section 3's averages over 10, 40 and 160 worlds."""
    from hearts_lab import Hand
    from hearts_lab.bots import HeuristicBot, mean_interval, sample_worlds
    from hearts_lab.solve import best_moves

    note = next(v for (nb, _start, _fp), v in KIT.NOTEBOOK_NOTES.items() if nb == "11")
    hand = Hand.deal(Rules.preset("standard", players=4), seed=21, hand_number=3)
    bots = [HeuristicBot(seed=f"21/{seat}") for seat in range(4)]
    while not (hand.to_play == 0 and len(hand.cards(0)) <= 4):
        hand.play(bots[hand.to_play].choose_play(hand.view(hand.to_play)))
    shown = {}
    for n in (10, 40, 160):
        tables = [best_moves(w).as_dict() for w in sample_worlds(hand.view(0), n, rng=3)]
        shown[n] = {str(card): str(mean_interval([t[card] for t in tables])) for card in hand.legal_moves()}
        assert shown[n]["5♥"] == shown[n]["6♥"] == "3.00 ± 0.00"
        # "The averages choose the same card at every size: win the trick with the 5♥ or 6♥ rather than duck"
        chosen = min(hand.legal_moves(), key=lambda c: (sum(t[c] for t in tables), c.sort_key()))
        assert str(chosen) in ("5♥", "6♥"), n
    # "In the real deal that choice costs 3 points where the duck costs 0" (rev-c #6: the note said "never 3♥")
    real = {str(card): points for card, points in best_moves(hand).as_dict().items()}
    assert (real["5♥"], real["6♥"], real["3♥"]) == (3, 3, 0)
    assert "In the real deal that choice costs 3 points where the duck costs 0" in note and "never 3♥" not in note
    assert (f"3♥ averages {shown[10]['3♥']} points over 10 worlds, {shown[40]['3♥']} over 40 and "
            f"{shown[160]['3♥']} over 160") in note
