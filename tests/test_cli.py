"""The hearts-lab command: deals for handouts and whole bot games, and a clear error for bad options."""

from __future__ import annotations

import io
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hearts_lab import Hand, Rules, cli
from hearts_lab.bots import HeuristicBot, play_game
from hearts_lab.cli import main
from hearts_lab.game import Game
from hearts_lab.table import Table

REPO = Path(__file__).resolve().parents[1]


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


# -- issue 11: one direction name, no silent modulo, the table in a terminal, pipes and encodings --


def run_cli(*args: str, stdin: str = "", env: dict[str, str] | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    environment = {**os.environ, "PYTHONPATH": str(REPO), **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "hearts_lab.cli", *args], input=stdin.encode(), capture_output=True, env=environment,
        timeout=timeout, cwd=REPO,
    )


def test_deal_names_the_pass_as_the_engine_does(capsys):
    rules = Rules.preset("lowest-clubs", players=6)
    for hand_number in range(6):
        assert main(["deal", "--preset", "lowest-clubs", "--players", "6", "--hand", str(hand_number + 1)]) == 0
        out = capsys.readouterr().out
        offset = rules.pass_offset(hand_number)
        if offset:
            assert f"pass 3 cards {rules.pass_direction(offset)} (offset {offset})" in out
        else:
            assert "no passing this hand" in out
    assert rules.pass_direction(4) == "2 to the right"  # the case the old command called "4 seats to the left"


@pytest.mark.parametrize("command", ["deal", "play"])
def test_a_dealer_out_of_range_is_refused_not_wrapped(command, capsys):
    assert main([command, "--dealer", "99"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("hearts-lab: dealer:") and "99" in err
    assert main([command, "--dealer", "-1"]) == 2
    assert main(["deal", "--preset", "cancellation", "--players", "6", "--dealer", "5"]) == 0
    assert "dealer seat 5" in capsys.readouterr().out


def test_a_bad_seat_is_refused(capsys):
    assert main(["play", "--seat", "4"]) == 2
    assert capsys.readouterr().err.startswith("hearts-lab: seat: expected a seat from 0 to 3")


def test_the_bots_game_is_the_same_game_as_play_game(capsys):
    # The default opponents are the "easy" level: HeuristicBot with its moon defence.
    assert cli.build_parser().parse_args(["play"]).bots == "easy"
    assert main(["play", "--seed", "5", "--target", "60", "--dealer", "2"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    game = play_game(Game(Rules.preset("standard", players=4, target=60), seed=5, dealer=2),
                     [HeuristicBot(seed=f"5/{s}", moon_defence=True) for s in range(4)])
    rows = [line for line in lines if line[:4].strip().isdigit()]
    assert len(rows) == len(game.history)
    assert [int(x) for x in rows[-1].split()[1:5]] == list(game.scores)


def scripted_game(rules: Rules, seed: int, seat: int) -> tuple[list[str], Table]:
    """The lines a player types to play a whole game (first legal card, lowest cards passed, one slip and one undo)."""
    table = Table(rules, seat=seat, seed=seed, controls=cli.CONTROLS)
    lines: list[str] = []
    slipped = False
    while not (table.game.is_over and table.scored is not None):
        if table.passing:
            line = " ".join(c.ascii for c in table.hand.cards(seat)[:rules.pass_count])
            report = table.pass_cards(line)
        elif table.my_turn:
            if not slipped and len(table.legal_moves()) < len(table.hand.cards(seat)):
                slipped = True
                illegal = next(c for c in table.hand.cards(seat) if c not in table.legal_moves())
                lines.append(str(illegal))
                assert not table.play(illegal).ok
                lines.append(str(table.legal_moves()[0]))
                assert table.play(table.legal_moves()[0]).ok
                line = "undo"
                report = table.undo()
            else:
                line = str(table.legal_moves()[-1])
                report = table.play(line)
        elif table.moon_pending:
            line = "old"
            report = table.choose_moon(line)
        else:
            line = ""
            report = table.next_hand()
        assert report.ok, report.text
        lines.append(line)
    return lines, table


@pytest.mark.parametrize("preset, players, target, seat", [("standard", 4, 40, 1), ("cancellation", 11, 60, 5)])
def test_a_whole_game_typed_at_the_terminal(preset, players, target, seat, monkeypatch, capsys):
    rules = Rules.preset(preset, players=players, target=target)
    lines, expected = scripted_game(rules, seed=3, seat=seat)
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    argv = ["play", "--preset", preset, "--players", str(players), "--seat", str(seat), "--seed", "3", "--target", str(target)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert f"you are seat {seat}" in out and "then type them." in out
    assert "Took back your " in out and " cannot play " in out  # the slip shows the engine's sentence
    assert expected.game_over_sentence() in out
    assert out.rstrip().endswith(expected.game.score_table())


def test_the_moon_choice_at_the_terminal(monkeypatch, capsys):
    from engine_helpers import moon_deal

    rules = Rules.preset("standard", players=4, moon="choice")
    table = Table(rules, seat=0, seed=1, controls=cli.CONTROLS)
    table.load_hand(moon_deal(rules))
    twin = Table(rules, seat=0, seed=1, controls=cli.CONTROLS)
    twin.load_hand(moon_deal(rules))
    lines = []
    while twin.my_turn:
        lines.append(str(twin.legal_moves()[0]))
        twin.play(lines[-1])
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines + ["sideways", "new", "quit"]) + "\n"))
    assert cli._sit(table, cli.Console(), "heuristic") == 0
    out = capsys.readouterr().out
    assert "You shot the moon! Choose how it scores" in out and "moon (old/new)> " in out
    assert "moon_choice: expected 'old' or 'new'" in out
    assert "You chose the new moon." in out and table.game.scores == (-26, 0, 0, 0)
    assert out.rstrip().endswith("Bye.")


def test_end_of_input_ends_quietly():
    result = run_cli("play", "--seat", "0", stdin="")
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode().rstrip().endswith("Bye.") and not result.stderr


def test_a_closed_pipe_ends_without_a_traceback():
    command = f"'{sys.executable}' -m hearts_lab.cli play --target 2000 | head -1; echo \"status ${{PIPESTATUS[0]}}\""
    result = subprocess.run(["bash", "-c", command], capture_output=True, env={**os.environ, "PYTHONPATH": str(REPO)},
                            cwd=REPO, timeout=120)
    out = result.stdout.decode().splitlines()
    assert out[0].startswith("standard, 4 players") and out[-1] == "status 141"
    assert result.stderr == b"", result.stderr.decode()


def test_an_ascii_terminal_gets_letters():
    result = run_cli("play", "--seat", "0", "--seed", "3", stdin="Q♠ 9S AS\nQS 9S AS\nquit\n", env={"PYTHONIOENCODING": "ascii"})
    assert result.returncode == 0 and not result.stderr, result.stderr.decode()
    out = result.stdout.decode("ascii")  # every byte is ASCII
    assert "Your cards: 3C 9C JC   JD AD   2H 6H QH KH   6S 9S QS AS" in out
    assert "'Q???' is not a card: write a rank (2-10, J, Q, K, A) then a suit (C D H S), e.g. 'QS'." in out
    assert "You passed 9S QS AS to seat 1" in out
    deal = run_cli("deal", "--players", "3", env={"PYTHONIOENCODING": "ascii"})
    assert deal.returncode == 0 and "without 2D" in deal.stdout.decode("ascii")


def test_ctrl_c_at_the_prompt_ends_quietly():
    environment = {**os.environ, "PYTHONPATH": str(REPO)}
    # A shell's background job inherits SIGINT ignored, and Python then never raises KeyboardInterrupt:
    # give the child the default disposition, as a terminal would.
    proc = subprocess.Popen([sys.executable, "-m", "hearts_lab.cli", "play", "--seat", "0"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment, cwd=REPO,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    seen = b""
    deadline = time.monotonic() + 60
    while b"pass 3> " not in seen and time.monotonic() < deadline:
        seen += os.read(proc.stdout.fileno(), 4096)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130
    assert err.decode().strip() == "hearts-lab: interrupted."


# -- issue 16: the rest of the trick after your card, colour, hands numbered from 1 -----------------


def test_after_each_card_the_rest_of_the_trick_is_shown(monkeypatch, capsys):
    """Every trick of a whole hand typed at the terminal is printed with every card in play order."""
    rules = Rules.preset("standard", players=4)
    expected = Table(rules, seat=2, seed=6, controls=cli.CONTROLS)
    lines = [" ".join(map(str, expected.hand.cards(2)[:3]))]
    expected.pass_cards(lines[0])
    while expected.scored is None:
        card = expected.legal_moves()[-1]
        lines.append(str(card))
        assert expected.play(card).ok
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\nquit\n"))
    assert main(["play", "--seat", "2", "--seed", "6"]) == 0
    out = capsys.readouterr().out.splitlines()
    for trick in expected.hand.tricks:
        names = [("you " if seat == 2 else f"seat {seat} ") + str(card) for seat, card in trick.plays]
        mine = [seat for seat, _ in trick.plays].index(2)
        if mine + 1 < len(names):
            names[mine + 1] = "then " + names[mine + 1]
        line = f"Trick {trick.number + 1}: {', '.join(names)}."
        assert line in out, line
        after = out[out.index(line) + 1]
        assert after.startswith("  ") and trick.reason.split(":")[0] in after  # the table's sentence about it follows
    assert len([line for line in out if re.match(r"Trick \d+: .*\byou ", line)]) == len(expected.hand.tricks) == 13


class _Terminal(io.StringIO):
    encoding = "utf-8"

    def isatty(self) -> bool:
        return True


def test_colour_on_a_terminal_and_never_with_no_color(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    screen = _Terminal()
    cli.Console(screen).say("Trick 3: seat 1 Q♥, you 10♣, then seat 2 K♦.")
    shown = screen.getvalue()
    assert "\x1b[31mQ♥\x1b[0m" in shown and "\x1b[31mK♦\x1b[0m" in shown and "\x1b[31m10♣" not in shown
    monkeypatch.setenv("NO_COLOR", "1")
    screen = _Terminal()
    cli.Console(screen).say("Trick 3: seat 1 Q♥")
    assert "\x1b" not in screen.getvalue()


def test_a_pipe_gets_no_colour_codes():
    result = run_cli("play", "--seat", "0", stdin="quit\n", env={"NO_COLOR": "", "TERM": "xterm"})
    assert result.returncode == 0
    assert b"\x1b" not in result.stdout and b"Hand 1:" in result.stdout


def test_hands_are_numbered_from_1_for_people(capsys):
    assert main(["deal", "--hand", "1"]) == 0
    first = capsys.readouterr().out
    assert "Hand 1, seed 1" in first and "pass 3 cards left" in first
    assert main(["deal", "--hand", "4"]) == 0
    assert "Hand 4, seed 1" in capsys.readouterr().out and Rules.preset("standard", players=4).pass_offset(3) == 0
    assert main(["deal", "--hand", "0"]) == 2
    assert capsys.readouterr().err.startswith("hearts-lab: --hand: hands are numbered from 1")
    assert main(["play", "--seed", "1", "--target", "30"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[2].split()[0] == "1"   # the first hand's row of scores
