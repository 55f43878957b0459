"""The hearts-lab command: deals for handouts and whole bot games, and a clear error for bad options."""

from __future__ import annotations

from hearts_lab import Hand, Rules
from hearts_lab.cli import main


def test_deal_prints_every_seat_and_the_kitty(capsys):
    assert main(["deal", "--preset", "cancellation", "--players", "8", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert [line.split(":")[0] for line in out.splitlines() if line.startswith("seat ")] == [f"seat {s}" for s in range(8)]
    assert "kitty" not in out  # 104 = 8 x 13: no kitty
    hand = Hand.deal(Rules.preset("cancellation", players=8), seed=3)
    assert " ".join(map(str, hand.cards(3)[:3])) in out


def test_play_runs_a_game_to_the_target(capsys):
    assert main(["play", "--preset", "standard", "--players", "4", "--seed", "1", "--target", "40"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1].startswith("Game over after") and "Winner" in lines[-1]
    last_scores = [int(x) for x in lines[-2].split()[1:5]]
    assert max(last_scores) >= 40


def test_a_bad_option_names_the_field(capsys):
    assert main(["play", "--preset", "standard", "--players", "9"]) == 2
    assert capsys.readouterr().err.startswith("hearts-lab: players:")
