"""Each rule fact is decided in one place (issue 11): what a view, a bot or a worksheet reports
is the engine's answer, across every preset and player count.

These are behavioural checks, not greps: each compares what another module shows with the
engine fact it must come from (``Rules.pass_target``/``pass_source``, ``Rules.pass_direction``,
``Trick.winning_card``, ``Rules.points``).
"""

from __future__ import annotations

import re

import pytest

from hearts_lab import Hand, Rules
from hearts_lab.errors import RulesError
from hearts_lab.render import pass_cycle_html, pass_diagram_svg
from hearts_lab.rules import PRESET_PLAYERS, pass_source, pass_target
from hearts_lab.table import seat_direction

ALL_RULES = [(name, n) for name, players in PRESET_PLAYERS.items() for n in players]


def _cycle(rules: Rules) -> range:
    return range(len(rules.pass_schedule) if rules.pass_count else 1)


@pytest.mark.parametrize(("preset", "players"), ALL_RULES)
def test_exchange_moves_cards_where_the_rules_say(preset, players):
    rules = Rules.preset(preset, players=players)
    for h in _cycle(rules):
        hand = Hand.deal(rules, seed=h, hand_number=h)
        offset = hand.pass_offset
        for s in range(players):
            target, source = rules.pass_target(s, offset), rules.pass_source(s, offset)
            assert hand.pass_target(s) == target == pass_target(s, offset, players)
            assert hand.pass_source(s) == source == pass_source(s, offset, players)
            assert rules.pass_target(source, offset) == s
            assert rules.play_order(s)[offset] == target  # offset k: the k-th seat to the left, as play goes
            # The name of the offset is the name of where the target sits, seen from the passer.
            assert seat_direction(s, target, players) == ("you" if offset == 0 else rules.pass_direction(offset))
        if not offset:
            continue
        for s in range(players):
            hand.pass_cards(s, hand.cards(s)[: rules.pass_count])
        for s in range(players):
            source = rules.pass_source(s, offset)
            assert hand.received(s) == hand.passes[source]
            assert set(hand.passes[source]) <= set(hand.cards(s))


@pytest.mark.parametrize(("preset", "players"), ALL_RULES)
def test_pass_cycle_table_shows_the_engines_targets(preset, players):
    rules = Rules.preset(preset, players=players)
    rows = pass_cycle_html(rules).split("<tr")[2:]
    assert len(rows) == len(_cycle(rules))
    for h, row in zip(_cycle(rules), rows):
        hand = Hand.deal(rules, seed=0, hand_number=h)
        assert f"<strong>{rules.pass_direction(hand.pass_offset)}</strong> ({hand.pass_offset})" in row
        shown = [int(t) for t in re.findall(r"&rarr; (\d+)", row)]
        assert shown == ([hand.pass_target(s) for s in range(players)] if hand.pass_offset else [])


@pytest.mark.parametrize("players", range(2, 12))
def test_pass_diagram_draws_one_arrow_per_seat_to_its_target(players):
    rules = Rules.preset("cancellation" if players > 6 else "lowest-clubs", players=players)
    for offset in range(players):
        svg = pass_diagram_svg(players, offset)
        assert rules.pass_direction(offset) in svg
        seats = [(float(x), float(y)) for x, y in re.findall(r'<circle cx="([\d.]+)" cy="([\d.]+)"', svg)]
        arrows = re.findall(r'<line x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="([\d.]+)"', svg)
        assert len(seats) == players and len(arrows) == (players if offset else 0)
        for s, (x1, y1, x2, y2) in enumerate(arrows):
            def nearest(x: str, y: str, seats: list[tuple[float, float]] = seats) -> int:
                return min(range(players), key=lambda t: (seats[t][0] - float(x)) ** 2 + (seats[t][1] - float(y)) ** 2)
            assert (nearest(x1, y1), nearest(x2, y2)) == (s, rules.pass_target(s, offset))


def test_pass_seats_refuse_bad_input_naming_the_field():
    rules = Rules.preset("standard", players=4)
    for call, field in [
        (lambda: rules.pass_target(4, 1), "seat"),
        (lambda: rules.pass_source(-1, 1), "seat"),
        (lambda: rules.pass_target(True, 1), "seat"),
        (lambda: rules.pass_target(0, "1"), "offset"),
        (lambda: rules.pass_source(0, 1.0), "offset"),
        (lambda: pass_target(0, 1, 1), "players"),
    ]:
        with pytest.raises(RulesError) as info:
            call()
        assert info.value.field == field


@pytest.mark.parametrize(("preset", "players"), ALL_RULES)
def test_each_tricks_winning_card_and_points_are_the_engines(preset, players):
    import random

    from hearts_lab.tricks import resolve_trick

    rules = Rules.preset(preset, players=players)
    rng = random.Random(f"{preset}/{players}")
    for h in range(2):
        hand = Hand.deal(rules, seed=h, hand_number=h)
        if hand.phase == "pass":
            for s in range(players):
                hand.pass_cards(s, hand.cards(s)[: rules.pass_count])
        while hand.phase == "play":
            hand.play(rng.choice(hand.legal_moves()))
        for trick in hand.tricks:
            # The engine's turns go round in the order Rules.play_order gives (the views draw from it).
            assert tuple(seat for seat, _ in trick.plays) == rules.play_order(trick.leader)
            result = resolve_trick(rules, trick.plays)
            assert (trick.winner, trick.winning_card, trick.reason) == (result.winner, result.winning_card, result.reason)
            assert trick.points == (rules.points(trick.collected) if trick.collector is not None else 0)
        assert sum(hand.points()) == rules.points(c for s in range(players) for c in hand.collected(s))


def test_worksheet_2_accepts_exactly_the_engines_pass_seats():
    from hearts_lab.exercises import checks, ws2

    for check, (preset, players, h, seat), fact in [
        (ws2.check_q1, ws2.GENERIC.q1, Hand.pass_target),
        (ws2.check_q2, ws2.GENERIC.q2, Hand.pass_source),
    ]:
        engine = fact(Hand.deal(Rules.preset(preset, players=players), seed=0, hand_number=h), seat)
        accepted = [s for s in range(players) if check(s).status == "correct"]
        assert accepted == [engine]
    checks.reset("ws2")  # these trial answers are not a student's attempts


@pytest.mark.parametrize(("preset", "players"), ALL_RULES)
def test_the_opening_card_is_the_one_the_first_leader_holds(preset, players):
    for lead in ("lowest-club", "any-club", "left-of-dealer"):
        rules = Rules.preset(preset, players=players, opening_lead=lead, pass_count=0)
        for seed in range(3):
            hand = Hand.deal(rules, seed=seed, dealer=seed % players)
            if lead == "left-of-dealer":
                assert hand.opening_card is None and hand.to_play == rules.play_order(hand.dealer)[1]
                continue
            clubs = [c for s in range(players) for c in hand.cards(s) if c.suit == "C"]
            assert hand.opening_card == min(clubs)
            assert hand.opening_card in hand.cards(hand.to_play)
            if lead == "lowest-club":
                assert hand.legal_moves() == (hand.opening_card,)
