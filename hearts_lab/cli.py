"""The ``hearts-lab`` command: print deals for paper handouts, watch bots play a game, or play one yourself.

``hearts-lab deal`` prints a seeded deal; ``hearts-lab play`` lets the bots
play a whole game and prints the scores; ``hearts-lab play --seat 0`` seats
you at the table (the same :class:`hearts_lab.table.Table` the notebook's play
table drives): type cards to pass and play, ``undo``, ``help`` or ``quit``.

Output falls back to letters (``QS``) where the terminal cannot print suit
symbols; a closed pipe (``| head``), end of input and Ctrl-C end it quietly.

>>> main(["deal", "--preset", "standard", "--players", "3", "--seed", "1"])  # doctest: +ELLIPSIS
standard, 3 players: 51 cards (1 pack, without 2♦), 17 each, pass 3 (offsets 1, 2)
Hand 1, seed 1, dealer seat 0; pass 3 cards left (offset 1)
seat 0: ...
0
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path
from typing import Sequence, TextIO

from .bots.registry import bot_names
from .cards import SUIT_SYMBOLS, SUITS, Card, format_cards
from .errors import HeartsLabError
from .hand import Hand
from .rules import MOON_POLICIES, PRESETS, Rules
from .table import HINT_HONESTY, Controls, Hint, Report, Table
from .wording import counted, noun

__all__ = ["main", "build_parser"]

#: What the table's sentences call the controls, in a terminal.
CONTROLS = Controls(pass_="type them", play="type a card", next_hand="press Enter for the next hand", new_game="start hearts-lab again")

HELP = (
    "Type cards as rank then suit: QS or Q♠, 10H or TH, 2c. Passing: all the cards on one line (QS KS AS).\n"
    "Commands: undo (take back your last card or your pass), hint (what would the expert play?),\n"
    "level easy|medium|expert (the bots' strength from now on), help, quit. At the end of a hand press Enter."
)

_SUIT_LETTER = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}
_CARD_TEXT = re.compile("(10|[2-9JQKA])([" + "".join(_SUIT_LETTER) + "])")
_TWICE = re.compile(r"(?<![\w'])('?[\w ]{1,12}'?) or \1(?![\w'])")  # "QS or QS" once the symbols are letters
_PLAIN = str.maketrans({"−": "-", "·": "-", "…": "...", "—": "-", "–": "-", "→": "->", "’": "'", "×": "x"})


_RED, _BOLD, _RESET = "\x1b[31m", "\x1b[1m", "\x1b[0m"
_RED_CARD = re.compile(r"(?<![\w\x1b])(?:10|[2-9JQKA])(?:[♥♦]|[HD](?![a-z]))")
_HEADING = re.compile(r"^(Trick \d+(?: of \d+)?|Hand \d+|Your cards|Legal)(?=[:( ])")


def wants_colour(out: TextIO, environ: dict[str, str] | None = None) -> bool:
    """Colour for ``out``: a terminal (not a pipe or a file), not ``TERM=dumb``, and no ``NO_COLOR``
    (https://no-color.org: set to anything but the empty string, it turns colour off).

    >>> import io
    >>> wants_colour(io.StringIO(), {})
    False
    >>> class Tty(io.StringIO):
    ...     def isatty(self): return True
    >>> wants_colour(Tty(), {"TERM": "xterm"}), wants_colour(Tty(), {"TERM": "xterm", "NO_COLOR": "1"})
    (True, False)
    >>> wants_colour(Tty(), {"TERM": "dumb"}), wants_colour(Tty(), {"TERM": "xterm", "NO_COLOR": ""})
    (False, True)
    """
    env = os.environ if environ is None else environ
    if env.get("NO_COLOR", "") != "":
        return False
    if env.get("TERM") == "dumb":
        return False
    isatty = getattr(out, "isatty", None)
    return bool(isatty and isatty())


def paint(text: str) -> str:
    r"""``text`` with red hearts and diamonds (as symbols or letters) and a bold heading, in ANSI colours.

    >>> paint("Trick 2: seat 1 Q♥, you 10♣")
    '\x1b[1mTrick 2\x1b[0m: seat 1 \x1b[31mQ♥\x1b[0m, you 10♣'
    >>> paint("Legal: 2D 5C")
    '\x1b[1mLegal\x1b[0m: \x1b[31m2D\x1b[0m 5C'
    """
    text = _RED_CARD.sub(lambda m: f"{_RED}{m.group(0)}{_RESET}", text)
    return _HEADING.sub(lambda m: f"{_BOLD}{m.group(0)}{_RESET}", text)


class Console:
    """Prints text the output can encode: suit symbols become letters (``Q♠`` -> ``QS``) when it cannot.

    >>> import io
    >>> out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    >>> console = Console(out)
    >>> console.plain, console.text("Seat 2 cannot play Q♠ · 10♥ — (−26)")
    (True, 'Seat 2 cannot play QS - 10H - (-26)')
    >>> console.text("a suit (♣ ♦ ♥ ♠ or C D H S), e.g. 'Q♠' or 'QS'")
    "a suit (C D H S), e.g. 'QS'"
    """

    def __init__(self, out: TextIO | None = None, colour: bool | None = None) -> None:
        self.out = out if out is not None else sys.stdout
        encoding = getattr(self.out, "encoding", None) or "utf-8"
        try:
            "".join(SUIT_SYMBOLS.values()).encode(encoding)
            self.plain = False
        except (UnicodeEncodeError, LookupError):
            self.plain = True
        self._encoding = encoding
        #: Red hearts and diamonds, bold headings: only on a terminal that shows colour (see :func:`wants_colour`).
        self.colour = wants_colour(self.out) if colour is None else colour

    def text(self, text: str) -> str:
        """``text`` as it will be printed."""
        if not self.plain:
            return text
        text = _CARD_TEXT.sub(lambda m: m.group(1) + _SUIT_LETTER[m.group(2)], text)
        text = text.translate(_PLAIN).replace("♣", "C").replace("♦", "D").replace("♥", "H").replace("♠", "S")
        text = _TWICE.sub(r"\1", text)
        try:
            return text.encode(self._encoding, "replace").decode(self._encoding)
        except LookupError:
            return text.encode("ascii", "replace").decode("ascii")

    def say(self, text: str = "") -> None:
        shown = self.text(text)
        print(paint(shown) if self.colour else shown, file=self.out, flush=True)

    def ask(self, prompt: str) -> str:
        """One line of input (EOFError at the end of input); echoed when the input is not a terminal."""
        self.out.write(self.text(prompt))
        self.out.flush()
        line = sys.stdin.readline() if sys.stdin is not None else ""  # a closed stdin (`<&-`) is the end of input
        if not line:
            self.out.write("\n")
            raise EOFError
        if sys.stdin is not None and not sys.stdin.isatty():
            self.out.write(self.text(line if line.endswith("\n") else line + "\n"))
        return line.strip()


def _by_suit(cards: Sequence[Card]) -> str:
    parts = []
    for suit in SUITS:
        row = [c for c in cards if c.suit == suit]
        parts.append(format_cards(row) if row else "-")
    return "   ".join(parts)


def _rules(args: argparse.Namespace) -> Rules:
    changes = {} if getattr(args, "target", None) is None else {"target": args.target}
    if getattr(args, "moon", None) is not None:
        changes["moon"] = args.moon
    return Rules.preset(args.preset, players=args.players, **changes)


def _deal(args: argparse.Namespace, console: Console) -> int:
    if args.slips is not None and args.slips.suffix.lower() not in (".html", ".pdf"):
        raise ValueError(f"--slips: the file must end in .html or .pdf, not {args.slips.name!r}.")
    rules = _rules(args)
    if args.hand < 1:
        raise ValueError(f"--hand: hands are numbered from 1 (the game's first hand), not {args.hand}.")
    # People number hands from 1; the engine's hand_number counts from 0.
    hand = Hand.deal(rules, seed=args.seed, hand_number=args.hand - 1, dealer=args.dealer)  # a bad dealer is refused, by name
    console.say(rules.summary())
    offset = hand.pass_offset
    passing = f"pass {rules.pass_count} cards {rules.pass_direction(offset)} (offset {offset})" if offset else "no passing this hand"
    console.say(f"Hand {args.hand}, seed {args.seed}, dealer seat {hand.dealer}; {passing}")
    for seat in range(rules.players):
        console.say(f"seat {seat}: {_by_suit(hand.cards(seat))}")
    if hand.kitty:
        console.say(f"kitty (face down): {format_cards(hand.kitty)}")
    if args.slips is not None:
        return _slips(hand, args, console)
    return 0


def _slips(hand: Hand, args: argparse.Namespace, console: Console) -> int:
    """Write the deal's slips (:func:`hearts_lab.paper.deal_slips_html`) as HTML or PDF."""
    from . import paper

    target: Path = args.slips
    page = paper.page_html(f"Deal slips: {hand.rules.summary()}, seed {args.seed}", paper.deal_slips_html(hand, seed=args.seed))
    if target.suffix.lower() == ".html":
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(page, encoding="utf-8")
    else:
        try:
            paper.print_pdf({target: page})
        except RuntimeError as error:  # no Playwright or no Chromium: the message says which
            print(f"hearts-lab: --slips: {error}.", file=sys.stderr)
            return 2
    console.say(f"wrote the deal slips to {target}")
    return 0


def _watch(table: Table, console: Console, bots: str) -> int:
    """The bots play the whole game; one line of scores per hand."""
    rules, game = table.rules, table.game
    console.say(rules.summary() + f"; target {rules.target}; {bots} bots")
    console.say("hand" + "".join(f"{'seat ' + str(s):>9}" for s in range(rules.players)))
    while True:
        hand, scored = table.hand, table.scored
        assert scored is not None, table.message
        note = f"  seat {hand.moon_shooter} shot the moon ({scored.moon})" if scored.moon else ""
        sets = sum(t.set_aside for t in hand.tricks)
        if sets:
            note += f"  {sets} trick(s) set aside"
        console.say(f"{hand.hand_number + 1:>4}" + "".join(f"{v:>9}" for v in scored.scores_after) + note)
        if game.is_over:
            break
        report = table.next_hand()
        if not report.ok:
            console.say(report.text)
            return 1
    winners = ", ".join(f"seat {s}" for s in game.winners)
    console.say(f"Game over after {counted(len(game.history), 'hand')}. {noun(len(game.winners), 'Winner')}: {winners} with {min(game.scores)}.")
    return 0


def _show_state(table: Table, console: Console) -> None:
    """What the human needs before typing: the trick so far, their cards, and what is legal."""
    hand, seat = table.hand, table.seat
    assert seat is not None
    if table.my_turn:
        trick = hand.current_trick
        broken = "hearts broken" if hand.hearts_broken else "hearts not broken"
        if trick.plays:
            played = ", ".join(f"seat {s} {c}" for s, c in trick.plays)
            console.say(f"Trick {trick.number + 1} of {table.rules.hand_size} ({broken}): {played}, you?")
        else:
            console.say(f"Trick {trick.number + 1} of {table.rules.hand_size} ({broken}): you lead.")
    if table.my_turn or table.passing:
        console.say(f"Your cards: {_by_suit(hand.cards(seat))}")
    if table.my_turn:
        console.say(f"Legal: {format_cards(table.legal_moves())}")


def _trick_lines(table: Table, finished_before: int) -> list[str]:
    """Each trick finished since ``finished_before`` tricks, every card in play order: the cards
    the bots played after yours come after "then".

    >>> table = Table(None, seat=0, seed=1, controls=CONTROLS)
    >>> _ = table.pass_cards(table.hand.cards(0)[-3:])
    >>> _ = table.play("3C")
    >>> _trick_lines(table, 0)
    ['Trick 1: seat 2 2♣, seat 3 8♣, you 3♣, then seat 1 5♣.']
    """
    lines = []
    for trick in table.hand.tricks[finished_before:]:
        parts, after_you = [], False
        for seat, card in trick.plays:
            if seat == table.seat:
                parts.append(f"you {card}")
                after_you = True
            else:
                parts.append(("then " if after_you and parts[-1].startswith("you ") else "") + f"seat {seat} {card}")
        lines.append(f"Trick {trick.number + 1}: {', '.join(parts)}.")
    return lines


def hint_lines(hint: Hint) -> list[str]:
    """The expert's hint as the terminal prints it: one line per legal card, best first, then the honest note.

    >>> table = Table(None, seat=0, seed=1, controls=CONTROLS)
    >>> _ = table.pass_cards(table.hand.cards(0)[-3:])
    >>> print("\\n".join(hint_lines(table.hint())[:3]))  # doctest: +ELLIPSIS
    The expert's average points over 32 sampled deals (lower is better):
      ...  ... ± ...  (its choice)
      ...  ... ± ...  (... ± ... against ...)
    """
    lines = [f"The expert's average points over {hint.worlds} sampled deals (lower is better):"]
    for card, value in hint.values.items():
        note = "(its choice)" if card == hint.best else f"({hint.gap(card)} against {hint.best})"
        lines.append(f"  {str(card):>3}  {value.mean:5.1f} ± {value.half_width:.1f}  {note}")
    lines.append(HINT_HONESTY)
    return lines


def _prompt(table: Table) -> str:
    if table.passing:
        return f"pass {table.rules.pass_count}> "
    if table.my_turn:
        return "play> "
    if table.moon_pending:
        return "moon (old/new)> "
    return "Enter: next hand> "


def _sit(table: Table, console: Console, bots: str) -> int:
    """The human plays at ``table`` through the terminal until the game ends or the input does."""
    rules = table.rules
    if hasattr(sys.stdin, "reconfigure"):
        sys.stdin.reconfigure(errors="replace")  # a symbol the terminal's encoding lacks reads as '?': not a card
    console.say(rules.summary() + f"; target {rules.target}; {bots} bots; you are seat {table.seat}")
    console.say(HELP)
    console.say()
    console.say(table.message)
    while True:
        if table.game.is_over and table.scored is not None:
            console.say(table.game.score_table())
            return 0
        _show_state(table, console)
        line = console.ask(_prompt(table))
        word = line.lower()
        if word in ("quit", "q", "exit"):
            console.say("Bye.")
            return 0
        if word in ("help", "?", "h"):
            console.say(HELP)
            continue
        if word == "hint":
            try:
                lines = hint_lines(table.hint())
            except HeartsLabError as error:
                lines = [str(error)]
            for text in lines:
                console.say(text)
            continue
        if word == "level" or word.startswith("level "):
            report = table.set_level(line.split(None, 1)[1].strip() if " " in line.strip() else "")
            console.say(report.text)
            continue
        if word == "undo":
            report = table.undo()
        elif table.moon_pending and word in ("old", "new"):
            report = table.choose_moon(word)
        elif table.passing:
            report = table.pass_cards(line)
        elif table.my_turn:
            finished = len(table.hand.tricks)
            report = table.play(line)
            if report.ok:  # the rest of the trick, as the bots played it, before the table's sentence
                lines = _trick_lines(table, finished)
                for text in lines:
                    console.say(text)
                heading = lines[-1].split(":", 1)[0] + ": " if lines else ""
                if heading and report.text.startswith(heading):  # the sentence names the same trick
                    report = Report("  " + report.text[len(heading):], report.kind, report.error)
        elif table.scored is not None:
            if word and word not in ("next", "n"):
                console.say("The hand is over: press Enter for the next hand, or type undo or quit.")
                continue
            report = table.next_hand()
        else:  # the moon is pending and the answer was neither old nor new
            report = table.choose_moon(line)
        console.say(report.text)
        if report.ok and table.scored is not None:
            console.say(table.game.score_table())


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="hearts-lab", description=(__doc__ or "").splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    helps = (("deal", "print a seeded deal"),
             ("play", "let the bots play a whole game and print the scores, or sit at seat N with --seat N"))
    for name, helptext in helps:
        p = sub.add_parser(name, help=helptext)
        p.add_argument("--preset", choices=PRESETS, default="standard")
        p.add_argument("--players", type=int, default=4)
        p.add_argument("--seed", type=int, default=1)
        p.add_argument("--dealer", type=int, default=0, help="the dealing seat (0 to players-1)")
    deal = sub.choices["deal"]
    deal.add_argument("--hand", type=int, default=1, help="which hand of the game, from 1 (decides the pass direction)")
    deal.add_argument("--slips", metavar="FILE", type=Path, default=None,
                      help="write deal slips to print, one per seat: FILE.html, or FILE.pdf (needs Playwright and Chromium)")
    play = sub.choices["play"]
    play.add_argument("--seat", type=int, default=None, help="play yourself at this seat (default: the bots play every seat)")
    play.add_argument("--bots", choices=bot_names(), default="easy",
                      help="the bots' level: easy (the default), medium or expert (or heuristic, random, lowest)")
    play.add_argument("--target", type=int, default=None, help="game target (default: the preset's)")
    play.add_argument("--moon", choices=MOON_POLICIES, default=None, help="moon policy (default: the preset's; 'choice' asks you)")
    # The teacher's class (hearts_lab.exercises.classroom): each student's own worksheet copies, and grading.
    klass = sub.add_parser("class", help="a teacher's class: write each student's own worksheet copies, grade a folder of them, "
                           "or print one student's own questions and answers")
    klass.add_argument("action", choices=("copies", "grade", "key"))
    klass.add_argument("folder", type=Path, help="copies: where to write them; grade: the handed-in notebooks; "
                       "key: the student's name (in quotes), as on the roster")
    klass.add_argument("--secret-file", type=Path, required=True, help="a file holding the class secret (keep it off the repository)")
    klass.add_argument("--roster", type=Path, default=None, help="a file with one student name a line (required for copies)")
    klass.add_argument("--worksheets", nargs="+", default=None, help="copies, key: which worksheets (default: ws1 to ws6)")
    klass.add_argument("--csv", type=Path, default=None, help="grade: also write the class table to this CSV file")
    klass.add_argument("--rerun", choices=("fast", "all"), default="fast",
                       help="grade: which capstone plans to simulate again: 'fast' (bots 'random' or 'lowest', the default) "
                            "or 'all' (also plans the engine plays, e.g. 'heuristic': about 15 s of CPU for 2 x 10,000 hands "
                            "of 4 players, about 140 s for 2 x 20,000 hands of 2 players with two packs; a plan estimated above 150 s is not re-run)")
    return parser


def _run(args: argparse.Namespace, console: Console) -> int:
    if args.command == "class":
        from .exercises.classroom import command  # sympy and the worksheets load only for this command

        return command(args)
    if args.command == "deal":
        try:
            return _deal(args, console)
        except ValueError as error:
            print(f"hearts-lab: {error}", file=sys.stderr)
            return 2
    try:
        table = Table(_rules(args), seat=args.seat, seed=args.seed, bots=args.bots, dealer=args.dealer, controls=CONTROLS)
    except ValueError as error:  # a bad option: RulesError, or the table's own check, each naming the field
        print(f"hearts-lab: {error}", file=sys.stderr)
        return 2
    return _watch(table, console, args.bots) if table.seat is None else _sit(table, console, args.bots)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 done, 2 bad option, 74 no standard output, 130 Ctrl-C, 141 closed pipe)."""
    if sys.stdout is None:  # started with standard output closed (`hearts-lab deal >&-`): nowhere to write
        if sys.stderr is not None:
            print("hearts-lab: standard output is closed; there is nowhere to write.", file=sys.stderr)
        return 74  # EX_IOERR
    if sys.stderr is None:
        # Started with standard error closed (`2>&-`): errors go to standard output, the one place
        # left. Otherwise print(file=None) and argparse would drop the reason and keep only the usage.
        sys.stderr = sys.stdout
        try:
            return main(argv)
        finally:
            sys.stderr = None
    try:
        try:
            args = build_parser().parse_args(argv)
            console = Console()
            try:
                return _run(args, console)
            except EOFError:
                console.say("Bye.")
                return 0
        finally:
            if sys.stdout is not None:
                sys.stdout.flush()  # a closed pipe shows here, inside the handler below, not at interpreter exit
    except KeyboardInterrupt:
        if sys.stderr is not None:
            print("\nhearts-lab: interrupted.", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (`hearts-lab play | head -1`): stop quietly, and keep Python's
        # final flush from complaining about the closed pipe.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
