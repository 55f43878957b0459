"""Records refuse every tampering (issue 11): each a RecordError naming the field, nothing half-loaded."""

from __future__ import annotations

import json
import tracemalloc

import pytest

from hearts_lab import Game, Hand, RecordError, Rules, RulesError
from hearts_lab.bots import HeuristicBot, RandomBot, play_game, play_hand
from hearts_lab.records import MAX_GAME_RECORD, MAX_HAND_RECORD

STANDARD4 = Rules.preset("standard", players=4)


def record(**changes) -> dict:
    hand = Hand.deal(STANDARD4, seed=7, hand_number=1, dealer=1)
    play_hand(hand, [RandomBot(seed=s) for s in range(4)])
    data = json.loads(hand.to_json())
    data.update(changes)
    return data


def refused(data, field: str | None = None) -> RecordError:
    text = data if isinstance(data, (str, bytes)) else json.dumps(data)
    with pytest.raises(RecordError) as info:
        Hand.from_json(text)
    if field is not None:
        assert info.value.field == field, (info.value.field, str(info.value))
    assert len(str(info.value)) < 400
    return info.value


def test_a_clean_record_loads():
    data = record()
    assert Hand.from_json(json.dumps(data)).to_dict() == data


@pytest.mark.parametrize("text", ["[" * 100_000, '{"a":' * 50_000, "[" * 9 + "]" * 9])
def test_deep_nesting_is_refused_without_recursion(text):
    refused(text, "nesting")
    with pytest.raises(RecordError):
        Game.from_json(text)


def test_a_card_written_as_a_list():
    data = record()
    data["deal"][0][0] = ["Q", "S"]
    assert "deal[0]" in str(refused(data, "deal[0]"))
    data = record()
    data["plays"][3] = {"card": "QS"}
    refused(data, "plays")


@pytest.mark.parametrize(
    "change, field",
    [
        ({"comment": "hello"}, "comment"),
        ({"passing": "no"}, "passing"),
        ({"passing": 0}, "passing"),
        ({"version": True}, "version"),
        ({"version": 1.0}, "version"),
        ({"seed": {"a": 1}}, "seed"),
        ({"seed": [7]}, "seed"),
        ({"seed": 7.0}, "seed"),
        ({"seed": True}, "seed"),
        ({"seed": "x" * 10_000}, "seed"),
        ({"seed": 8}, "deal"),
        ({"dealer": 2}, "deal"),
        ({"dealer": "1"}, "dealer"),
        ({"hand_number": 1.5}, "hand_number"),
        ({"hand_number": 2}, "deal"),
    ],
)
def test_tampered_fields(change, field):
    refused(record(**change), field)


def test_nan_and_giant_numbers():
    text = json.dumps(record())
    refused(text.replace('"seed": 7', '"seed": NaN'), "json")
    refused(text.replace('"seed": 7', '"seed": Infinity'), "json")
    refused(text.replace('"seed": 7', '"seed": ' + "9" * 5000), "json")
    refused(text.replace('"seed": 7', '"seed": ' + "9" * 80), "seed")  # parses, but more than 256 bits


def test_a_huge_record_is_refused_before_parsing():
    seat = json.dumps(["2♣"] * 5_200_000)
    text = '{"format": "hearts-lab/hand", "version": 1, "deal": [' + seat + "]}"
    assert len(text.encode()) > 30 * 1024 * 1024
    tracemalloc.start()
    try:
        error = refused(text, "size")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 5 * 1024 * 1024, peak  # nothing parsed, nothing copied
    assert f"{MAX_HAND_RECORD:,}" in str(error)
    with pytest.raises(RecordError) as info:
        Game.from_json(text.encode())
    assert info.value.field == "size" and len(text) > MAX_GAME_RECORD


def test_a_large_seat_list_within_the_size_limit_is_refused_by_count():
    data = record()
    data["deal"][0] = ["2♣"] * 20_000
    refused(data, "deal[0]")


def game_record() -> dict:
    game = Game(Rules.preset("standard", players=4, target=40), seed=5, dealer=1)
    play_game(game, [HeuristicBot(seed=s) for s in range(4)])
    return json.loads(game.to_json())


def test_game_records_refuse_tampering():
    data = game_record()
    assert Game.from_json(json.dumps(data)).to_dict() == data
    for change, field in [({"comment": 1}, "comment"), ({"version": True}, "format"), ({"seed": 1.5}, "seed"),
                          ({"dealer": "1"}, "dealer"), ({"scores": "0000"}, "scores")]:
        with pytest.raises(RecordError) as info:
            Game.from_json(json.dumps({**data, **change}))
        assert info.value.field == field, (change, info.value.field, str(info.value))
    # A hand dealt with another seed (its cards and seed consistent with each other) does not fit the game.
    other = Game(data_rules := Rules.from_dict(data["rules"]), seed=6, dealer=1).next_hand()
    play_hand(other, [RandomBot(seed=s) for s in range(4)])
    bad = json.loads(json.dumps(data))
    bad["hands"][0]["hand"] = json.loads(other.to_json())
    with pytest.raises(RecordError) as info:
        Game.from_json(json.dumps(bad))
    assert info.value.field == "seed" and "hands[0]" in str(info.value)
    bad = json.loads(json.dumps(data))
    bad["hands"][0]["extra"] = 1
    with pytest.raises(RecordError):
        Game.from_json(json.dumps(bad))
    assert data_rules.players == 4


def test_add_hand_refuses_another_seed_or_dealer_and_changes_nothing():
    game = Game(STANDARD4, seed=5, dealer=2)
    for hand in (Hand.deal(STANDARD4, seed=6, hand_number=0, dealer=2), Hand.deal(STANDARD4, seed=5, hand_number=0, dealer=0)):
        play_hand(hand, [RandomBot(seed=s) for s in range(4)])
        with pytest.raises(RulesError) as info:
            game.add_hand(hand)
        assert info.value.field in ("seed", "dealer")
        assert game.history == [] and game.scores == (0, 0, 0, 0)
    with pytest.raises(RulesError) as info:
        game.add_hand(None)
    assert info.value.field == "hand"
    good = game.next_hand()
    play_hand(good, [RandomBot(seed=s) for s in range(4)])
    game.add_hand(good)
    assert len(game.history) == 1


def test_stepper_record_box_never_reads_files(tmp_path):
    pytest.importorskip("ipywidgets")
    from hearts_lab.widgets.stepper import DealStepper, load_hand

    hand = Hand.deal(STANDARD4, seed=7)
    stepper = DealStepper(hand)
    before = stepper.hand.to_json()
    for text in ["x" * 5000 + ".json", "/etc/passwd.json", str(tmp_path) + ".json", "[" * 100_000]:
        stepper.record.value = text
        stepper.load_button.click()  # must not raise into the kernel
        assert stepper.record_error.message and stepper.hand.to_json() == before
    binary = tmp_path / "bad.json"
    binary.write_bytes(b"\xff\xfe\x00")
    folder = tmp_path / "folder.json"
    folder.mkdir()
    for path in (binary, folder, str(binary), str(folder), "x" * 5000 + ".json"):
        with pytest.raises(RecordError):
            load_hand(path)
    good = tmp_path / "good.json"
    good.write_text(hand.to_json(), encoding="utf-8")
    assert load_hand(good).to_json() == hand.to_json()
    stepper.load(str(good))
    assert not stepper.error.message
