"""The ``hearts-lab`` command: print deals for paper handouts and play whole games with bots.

>>> main(["deal", "--preset", "standard", "--players", "3", "--seed", "1"])  # doctest: +ELLIPSIS
standard, 3 players: 51 cards (1 pack, without 2♦), 17 each, pass 3 (offsets 1, 2)
Hand 0, seed 1, dealer seat 0; pass 3 cards to the left (offset 1)
seat 0: ...
0
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from .bots import HeuristicBot, RandomBot, play_hand
from .cards import SUITS, format_cards
from .errors import RulesError
from .game import Game
from .hand import Hand
from .rules import PRESETS, Rules

__all__ = ["main"]


def _direction(rules: Rules, offset: int) -> str:
    n = rules.players
    if offset == 0:
        return "hold (no passing)"
    name = {1: "to the left", n - 1: "to the right"}.get(offset)
    if name is None and 2 * offset == n:
        name = "across"
    return f"{name or f'{offset} seats to the left'} (offset {offset})"


def _by_suit(cards: Sequence) -> str:
    parts = []
    for suit in SUITS:
        row = [c for c in cards if c.suit == suit]
        parts.append(format_cards(row) if row else "-")
    return "   ".join(parts)


def _deal(args: argparse.Namespace) -> int:
    rules = Rules.preset(args.preset, players=args.players)
    hand = Hand.deal(rules, seed=args.seed, hand_number=args.hand, dealer=args.dealer % rules.players)
    print(rules.summary())
    passing = f"pass {rules.pass_count} cards {_direction(rules, hand.pass_offset)}" if hand.pass_offset else "no passing this hand"
    print(f"Hand {args.hand}, seed {args.seed}, dealer seat {hand.dealer}; {passing}")
    for seat in range(rules.players):
        print(f"seat {seat}: {_by_suit(hand.cards(seat))}")
    if hand.kitty:
        print(f"kitty (face down): {format_cards(hand.kitty)}")
    return 0


def _play(args: argparse.Namespace) -> int:
    changes = {} if args.target is None else {"target": args.target}
    rules = Rules.preset(args.preset, players=args.players, **changes)
    make = HeuristicBot if args.bots == "heuristic" else RandomBot
    bots = [make(seed=f"{args.seed}/{seat}") for seat in range(rules.players)]
    game = Game(rules, seed=args.seed)
    print(rules.summary() + f"; target {rules.target}; {args.bots} bots")
    header = "hand" + "".join(f"{'seat ' + str(s):>9}" for s in range(rules.players))
    print(header)
    while not game.is_over:
        hand = game.next_hand()
        play_hand(hand, bots)
        scored = game.add_hand(hand)
        note = f"  seat {hand.moon_shooter} shot the moon ({scored.moon})" if scored.moon else ""
        sets = sum(t.set_aside for t in hand.tricks)
        if sets:
            note += f"  {sets} trick(s) set aside"
        print(f"{hand.hand_number:>4}" + "".join(f"{v:>9}" for v in game.scores) + note)
    winners = ", ".join(f"seat {s}" for s in game.winners)
    print(f"Game over after {len(game.history)} hands. Winner{'s' if len(game.winners) > 1 else ''}: {winners} with {min(game.scores)}.")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="hearts-lab", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name, helptext in (("deal", "print a seeded deal"), ("play", "play a whole game with bots and print the scores")):
        p = sub.add_parser(name, help=helptext)
        p.add_argument("--preset", choices=PRESETS, default="standard")
        p.add_argument("--players", type=int, default=4)
        p.add_argument("--seed", type=int, default=1)
    deal = sub.choices["deal"]
    deal.add_argument("--hand", type=int, default=0, help="hand number (decides the pass direction)")
    deal.add_argument("--dealer", type=int, default=0)
    play = sub.choices["play"]
    play.add_argument("--bots", choices=("heuristic", "random"), default="heuristic")
    play.add_argument("--target", type=int, default=None, help="game target (default: the preset's)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        return _deal(args) if args.command == "deal" else _play(args)
    except RulesError as error:
        print(f"hearts-lab: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
