"""Bad input never escapes as a bare Python error (issue 11): each call raises a clear error naming
the field or rule, state unchanged."""

from __future__ import annotations

import pytest

from hearts_lab import Card, CardError, Game, Hand, IllegalMove, IllegalPass, Rules, RulesError, trick_winner
from hearts_lab.bots import RandomBot, play_hand
from hearts_lab.errors import RulesTypeError

STANDARD4 = Rules.preset("standard", players=4)
CANCELLATION6 = Rules.preset("cancellation", players=6)


@pytest.mark.parametrize("bad", [["QS"], {"rank": 12}, ("Q", "S"), 12, None, b"QS", "Q" * 10_000_000])
def test_card_parse_refuses_anything_but_text(bad):
    with pytest.raises(CardError) as info:
        Card.parse(bad)
    assert len(str(info.value)) < 200


@pytest.mark.parametrize("rank, suit", [(2, "X"), (2.0, "C"), (True, "C"), (1, "H"), (15, "S"), (12, "s")])
def test_card_constructor_validates(rank, suit):
    with pytest.raises(CardError):
        Card(rank, suit)


def test_pass_cards_refuses_none_and_changes_nothing():
    hand = Hand.deal(STANDARD4, seed=1)
    before = hand.to_json()
    for bad in (None, 5, Card.parse("2C"), b"2C 3C 4C"):
        with pytest.raises(IllegalPass) as info:
            hand.pass_cards(0, bad)
        assert info.value.rule == "not-a-card"
    with pytest.raises(IllegalPass, match="exactly 3 cards, not 13"):
        hand.pass_cards(0, hand.cards(0))
    assert hand.to_json() == before


@pytest.mark.parametrize("call, field", [
    (lambda: Hand.deal(None), "rules"),
    (lambda: Hand.deal(STANDARD4, dealer="1"), "dealer"),
    (lambda: Hand.deal(STANDARD4, dealer=4), "dealer"),
    (lambda: Hand.deal(STANDARD4, hand_number=-1), "hand_number"),
    (lambda: Hand.deal(STANDARD4, seed=1.5), "seed"),
    (lambda: Hand.deal(STANDARD4, seed=float("nan")), "seed"),
    (lambda: Hand.deal(STANDARD4, seed=[1]), "seed"),
    (lambda: Hand.deal(STANDARD4, seed="x" * 10_000), "seed"),
    (lambda: Hand.deal(STANDARD4, seed=10**100), "seed"),
    (lambda: Rules.preset(["standard"], 4), "preset"),
    (lambda: Rules.preset("standard", "4"), "players"),
    (lambda: Rules.preset("standard", 4, card_points=["omnibus"]), "card_points"),
    (lambda: Game(None), "rules"),
    (lambda: Game(STANDARD4, seed=None), "seed"),
    (lambda: Game(STANDARD4, dealer="1"), "dealer"),
    (lambda: Game(STANDARD4, scores=None if False else 5), "scores"),
    (lambda: Hand.from_cards(STANDARD4, None), "hands"),
    (lambda: Hand.from_cards(STANDARD4, [[["QS"]]] * 4), "hands"),
])
def test_bad_arguments_name_their_field(call, field):
    with pytest.raises(RulesError) as info:
        call()
    assert info.value.field == field, str(info.value)
    assert len(str(info.value)) < 300


def test_not_rules_is_both_a_rules_error_and_a_type_error():
    with pytest.raises(TypeError):
        Hand.deal("standard")
    assert issubclass(RulesTypeError, RulesError) and issubclass(RulesTypeError, ValueError)


def test_undo_and_at_refuse_non_numbers_and_change_nothing():
    hand = Hand.deal(STANDARD4, seed=1, hand_number=3)
    hand.play(hand.legal_moves()[0])
    before = hand.to_json()
    for bad in ("1", 1.5, True, -1, 2, None):
        with pytest.raises(RulesError) as info:
            hand.undo(bad)
        assert info.value.field == "plays"
        with pytest.raises(RulesError) as info:
            hand.at(bad)
        assert info.value.field == "plays"
    assert hand.to_json() == before


@pytest.mark.parametrize("plays, message", [
    ([(0, "QS"), (1, "QS"), (2, "QS"), (3, "QS")], "Q♠ is played 4 times but the one pack holds only 1"),
    ([(0, "QS"), (99, "2C")], "no seat 99"),
    ([(0, "QS"), (0, "2C")], "seat 0 has already played"),
    ([(0, "QS"), (1, "2C"), (2, "3C"), (3, "4C"), (0, "5C")], "at most 4 cards"),
    ([(0, "QS"), ("1", "2C")], "no seat '1'"),
    ([(0, ["Q", "S"])], "is not a card"),
    ([(0,)], "pair"),
    ("QS 2C", "pairs"),
    ([], "at least one card"),
])
def test_trick_winner_checks_the_trick(plays, message):
    with pytest.raises(RulesError, match=message) as info:
        trick_winner(STANDARD4, plays)
    assert info.value.field == "plays"


def test_trick_winner_cancellation_copies():
    assert trick_winner(CANCELLATION6, [(0, "QS"), (1, "QS"), (2, "2S")]) == 2
    with pytest.raises(RulesError, match="2 packs hold only 2"):
        trick_winner(CANCELLATION6, [(0, "QS"), (1, "QS"), (2, "QS")])
    with pytest.raises(RulesError, match="not in the deck"):
        trick_winner(Rules.preset("standard", players=3), [(0, "2D"), (1, "3D")])


def test_game_add_hand_refuses_non_hands():
    game = Game(STANDARD4, seed=1)
    for bad in (None, "hand", 5):
        with pytest.raises(RulesError) as info:
            game.add_hand(bad)
        assert info.value.field == "hand"
    assert game.history == []


def test_play_refuses_junk_cards_with_a_rule():
    hand = Hand.deal(STANDARD4, seed=1, hand_number=3)
    before = hand.to_json()
    for bad in (None, ["2C"], {"c": 1}, 3, "Z" * 1_000_000):
        with pytest.raises(IllegalMove) as info:
            hand.play(bad)
        assert info.value.rule == "not-a-card" and len(str(info.value)) < 300
    assert hand.to_json() == before
    play_hand(hand, [RandomBot(seed=s) for s in range(4)])


def test_more_of_the_same_kind():
    from hearts_lab.deal import deal_cards
    from hearts_lab.scoring import game_ends

    with pytest.raises(RulesError) as info:
        STANDARD4.pass_offset("1")
    assert info.value.field == "hand_number"
    assert STANDARD4.points(["QS", "2H"]) == 14 and STANDARD4.points_of("QS") == 13
    assert STANDARD4.breaks_hearts("QS")
    for bad in (None, "QS", [["QS"]]):
        with pytest.raises(RulesError) as info:
            STANDARD4.points(bad)
        assert info.value.field == "cards"
    with pytest.raises(RulesError) as info:
        Hand.deal(STANDARD4, seed=1).view(99)
    assert info.value.field == "seat"
    for kwargs, field in (({"dealer": "1"}, "dealer"), ({"hand_number": "0"}, "hand_number")):
        with pytest.raises(RulesError) as info:
            deal_cards(STANDARD4, 1, **kwargs)
        assert info.value.field == field
    with pytest.raises(RulesError) as info:
        game_ends(STANDARD4, None)
    assert info.value.field == "scores"


def test_pass_choice_and_record_indent_refuse_junk():
    from hearts_lab import RecordError

    hand = Hand.deal(STANDARD4, seed=1)
    with pytest.raises(RulesError):
        hand.pass_choice([])
    for bad in (1.5, "  ", 10**100, -1):
        with pytest.raises(RecordError) as info:
            hand.to_json(indent=bad)
        assert info.value.field == "indent"
        with pytest.raises(RecordError):
            Game(STANDARD4).to_json(indent=bad)
    assert "\n  " in hand.to_json(indent=2)


# -- issue 20 leftovers: each refusal is the package's error, naming the argument ----------------


@pytest.mark.parametrize("bad", [None, "1/2", [1], object(), True])
def test_as_fraction_names_what_it_got(bad):
    from hearts_lab.arguments import ArgumentError
    from hearts_lab.teach import NotANumber, as_fraction, reveal

    with pytest.raises(NotANumber, match=r"^value: expected a number \(an int, a Fraction") as info:
        as_fraction(bad)
    assert isinstance(info.value, ArgumentError) and isinstance(info.value, TypeError) and info.value.field == "value"
    if bad is not None:  # a student's non-number answer is read as such, once, with its article
        message = reveal(bad, 6).message
        assert message.startswith("That is ") and "a a " not in message and message.count("not a number") == 1


@pytest.mark.parametrize(
    "plays, message",
    [
        ("junk", "plays: expected (seat, card) pairs"),
        (5, "plays: expected (seat, card) pairs"),
        (None, "plays: expected (seat, card) pairs"),
        ([1, 2, 3, 4, 5, 6], "plays: expected (seat, card) pairs, e.g. [(2, '10S'), (3, '9H')], not 1 among them"),
        ([(0, "ZZ")] * 6, "plays: 'ZZ' is not a card"),
        ([(9, "4S")] * 6, "plays: expected a seat from 0 to 5, not 9"),
        ([(True, "4S")] * 6, "plays: expected a seat from 0 to 5, not True"),
        ([(0, "4S")] * 6, "plays: seat 0 plays twice"),
    ],
)
def test_as_second_trick_refuses_junk_by_name(plays, message):
    from hearts_lab.arguments import ArgumentError
    from hearts_lab.cases import as_second_trick

    with pytest.raises(ArgumentError) as info:
        as_second_trick(CANCELLATION6, plays)
    assert str(info.value).startswith(message) and info.value.field == "plays"
    with pytest.raises(RulesTypeError):
        as_second_trick("junk", [(0, "4S")])
    assert as_second_trick(CANCELLATION6, [(2, "10S"), (3, "9H"), (4, "9H"), (5, "10S"), (0, "4S"), (1, "4S")]) is not None


def test_render_refuses_a_trick_that_is_not_one_and_a_highlight_that_is_not_a_hand():
    from hearts_lab.arguments import ArgumentError, ArgumentTypeError
    from hearts_lab.render import pass_cycle_html, seat_table_html

    hand = Hand.deal(STANDARD4, seed=1)
    for bad in (True, 1, "x"):
        with pytest.raises(ArgumentTypeError, match="^trick: expected a Trick") as info:
            seat_table_html(hand, trick=bad)
        assert info.value.field == "trick"
    with pytest.raises(ArgumentError, match="^received: expected True or False"):
        seat_table_html(hand, received="yes")
    assert "hl-table" in seat_table_html(hand, trick=hand.current_trick)
    for bad in ("x", True, 1.0, -1):
        with pytest.raises(ArgumentError, match="^highlight: expected a whole number of at least 0") as info:
            pass_cycle_html(STANDARD4, highlight=bad)
        assert info.value.field == "highlight"
    shaded = pass_cycle_html(STANDARD4, highlight=5)  # hand 6 is the second hand of the cycle again
    assert shaded.count("background:#fff4cc") == 1 and shaded.index("background:#fff4cc") > shaded.index("1, 5, 9")


def test_deal_generators_refuse_bad_arguments_when_called_not_at_first_next():
    from hearts_lab.arguments import ArgumentError
    from hearts_lab.combinatorics import small_deck_rules
    from hearts_lab.combinatorics.odds import CountingError
    from hearts_lab.combinatorics.sampling import enumerate_deals, sample_deals

    with pytest.raises(ArgumentError, match="^deals: "):
        sample_deals(STANDARD4, -1)  # no next() needed
    with pytest.raises(RulesError, match="^seed: "):
        sample_deals(STANDARD4, 3, seed=float("nan"))
    with pytest.raises(RulesTypeError):
        sample_deals("standard", 3)
    with pytest.raises(ArgumentError, match="^limit: "):
        enumerate_deals(small_deck_rules("AH AH 2C", players=2), limit=float("nan"))
    with pytest.raises(CountingError, match="^limit: "):
        enumerate_deals(STANDARD4)
    assert len(list(sample_deals(STANDARD4, 3))) == 3 and len(list(enumerate_deals(small_deck_rules("AH AH 2C", players=2)))) == 6


@pytest.mark.parametrize("text", ["1_000", " 50 ", "-3"])
def test_a_count_written_as_text_is_told_to_drop_the_quotes(text):
    from hearts_lab.arguments import ArgumentError
    from hearts_lab.simulate import simulate

    with pytest.raises(ArgumentError, match=rf"^hands: expected a whole number from 1 to [\d,]+, not the text {text!r}; write the number without quotes\.$"):
        simulate(STANDARD4, text)
    with pytest.raises(ArgumentError, match=r"not 'many'\.$"):  # text that is no number keeps the plain message
        simulate(STANDARD4, "many")


@pytest.mark.parametrize("args, says", [
    (["deal", "--players", "99"], "hearts-lab: players: the 'standard' preset is for 3 to 7 players, not 99."),
    (["deal", "--bogus"], "hearts-lab: error: unrecognized arguments: --bogus"),
    (["class", "grade", ".", "--secret-file", "/nonexistent/secret"], "hearts-lab class: --secret-file: cannot read '/nonexistent/secret': No such file or directory."),
])
def test_the_cli_with_standard_error_closed_says_why_on_standard_output(args, says):
    import os
    import subprocess
    import sys
    from pathlib import Path

    repo = Path(__file__).resolve().parents[1]
    command = " ".join([f"'{sys.executable}'", "-m", "hearts_lab.cli", *args]) + " 2>&-"
    result = subprocess.run(["bash", "-c", command], capture_output=True, env={**os.environ, "PYTHONPATH": str(repo)},
                            cwd=repo, timeout=120, stdin=subprocess.DEVNULL)
    assert result.returncode == 2
    assert says in result.stdout.decode().splitlines() and b"Traceback" not in result.stdout
