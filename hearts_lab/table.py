"""A game at a table: one human seat (or none) and bots, every action all-or-nothing.

:class:`Table` is the session a front end drives: the play-table widget, the
``hearts-lab play --seat 0`` command, a test. It owns a :class:`~hearts_lab.Game`
and its current :class:`~hearts_lab.Hand`, lets the bots pass and reply, scores
each hand (asking the human about the moon under ``moon="choice"``), takes back
the human's last move, deals the next hand and starts new games.

Every action returns a :class:`Report`: the sentence a student sees and, when
the action was refused, the engine's error. A refused action changes nothing
(the hand, the game, the bots' random state), and a failure half-way (a bot
that raises, Ctrl-C during the bots' replies) is rolled back the same way. The
table decides no rule itself: legality, turns, passes and scores are the engine's.

>>> table = Table(seed=1)
>>> table.message
'Hand 1: choose 3 cards to pass left (to seat 1), then press Pass.'
>>> table.play("2C").text
'Nobody can play 2♣ now: the cards have not been passed yet.'
>>> report = table.pass_cards(table.hand.cards(0)[-3:])
>>> report.ok, table.hand.phase, table.hand.to_play
(True, 'play', 0)
>>> print(table.play(table.legal_moves()[0]))  # doctest: +ELLIPSIS
Trick 1: ... Your turn: click a card.
>>> table.undo().text.startswith("Took back your")
True
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass
from itertools import islice
from typing import Any, Callable, Iterable, Literal, Sequence

from .arguments import ArgumentError, check_seat, shown
from .bots import (
    BOTS,
    LEVELS,
    Bot,
    Estimate,
    LowestCardBot,
    MoonChoice,
    SamplingBot,
    canonical_name,
    distinct_cards,
    make_bot,
    mean_interval,
    moon_chooser,
    play_hand,
)
from .cards import Card
from .deal import check_seed
from .errors import HeartsLabError, IllegalMove, MoonChoiceRequired, check_rules
from .game import Game, ScoredHand
from .hand import Hand
from .rules import Rules, pass_direction
from .scoring import MOON_CHOICES, check_moon_choice
from .tricks import Trick
from .wording import counted

__all__ = [
    "Table", "Report", "Controls", "TableError", "BotFailed", "BOT_KINDS", "BotKind", "ReportKind", "seat_direction",
    "Hint", "HINT_BOT", "HINT_HONESTY", "LEVELS", "signed_estimate",
]

#: The bots a table can seat by name: the package's one registry (:mod:`hearts_lab.bots.registry`).
BotKind = Literal["random", "lowest", "heuristic", "easy", "medium", "expert"]
BOT_KINDS: dict[str, Callable[[int | str], Bot]] = {name: entry.make for name, entry in BOTS.items()}

#: How a report is shown: ``info`` (what happened), ``good`` (a choice made), ``error`` (refused).
ReportKind = Literal["info", "good", "error"]


#: The registry's bot that answers "what would the expert play?".
HINT_BOT = "expert"

#: What the hint's numbers are, and what sampling cannot tell: shown beside every hint.
HINT_HONESTY = (
    "The expert deals the cards you cannot see at random, keeping to what you know (the voids shown, the cards you "
    "passed), and plays each of your cards out in every deal with its model of the table; the number is your average "
    "score over those deals (lower is better) and ± its 95 % interval from so few deals. It estimates, it does not "
    "prove: after your card, every seat (yours too) is played by its model, which may not play as you or the others "
    "would, and how they played so far tells it nothing beyond the rules."
)


@dataclass(frozen=True)
class Hint:
    """The expert's view of the human's legal cards: each card's average score over the same sampled deals.

    ``values`` has every legal card, ``best`` first (the card the expert bot would play, by its own rule:
    :meth:`hearts_lab.bots.SamplingBot.pick`), the others by average, each with its 95 % interval over the
    ``worlds`` deals; ``versus_best`` each card's paired difference from ``best`` in the same deals;
    ``runner_up`` the best of the cards that do not play alike ``best`` (None when every legal card does).

    >>> est = lambda mean, half: Estimate(mean, mean - half, mean + half, 32)
    >>> tie = Hint(0, 32, {Card.parse("6C"): est(4.23, 1.6), Card.parse("3C"): est(4.26, 1.6)},
    ...            {Card.parse("6C"): est(0, 0), Card.parse("3C"): est(0.03, 0.1)}, Card.parse("6C"), Card.parse("3C"))
    >>> print(tie.text)
    The expert finds no clear difference between 6♣ and 3♣ in these 32 sampled deals: 3♣ scores +0.03 ± 0.10 points against 6♣, an interval that contains 0 (it would play 6♣, 4.2 points on average). An estimate from sampled deals, not a proof.
    >>> clear = Hint(0, 32, tie.values, {**tie.versus_best, Card.parse("3C"): est(1.5, 0.4)}, Card.parse("6C"), Card.parse("3C"))
    >>> print(clear.text)
    The expert would play 6♣: 4.2 points on average over 32 sampled deals; next best 3♣, +1.5 ± 0.4 points against it. An estimate from sampled deals, not a proof.
    """

    seat: int
    worlds: int
    values: dict[Card, Estimate]
    versus_best: dict[Card, Estimate]
    best: Card
    runner_up: Card | None = None

    def gap(self, card: Card) -> str:
        """``card``'s paired difference from ``best``, e.g. ``+1.5 ± 0.4``; two decimals when it is under 0.1."""
        return signed_estimate(self.versus_best[card])

    @property
    def text(self) -> str:
        """One sentence: the expert's card and the runner-up, with the number of deals (for a live region)."""
        best = self.values[self.best]
        other = self.runner_up
        if other is not None and self.versus_best[other].low <= 0:
            text = (
                f"The expert finds no clear difference between {self.best} and {other} in these {self.worlds} sampled "
                f"deals: {other} scores {self.gap(other)} points against {self.best}, an interval that contains 0 "
                f"(it would play {self.best}, {best.mean:.1f} points on average)"
            )
        else:
            text = f"The expert would play {self.best}: {best.mean:.1f} points on average over {self.worlds} sampled deals"
            if other is not None:
                text += f"; next best {other}, {self.gap(other)} points against it"
        return text + ". An estimate from sampled deals, not a proof."

    def __str__(self) -> str:
        return self.text


def signed_estimate(estimate: Estimate) -> str:
    """A difference and its half-width, with two decimals when either is under 0.1 (so a small gap is not +0.0).

    >>> signed_estimate(Estimate(0.03, -0.07, 0.13, 32)), signed_estimate(Estimate(1.5, 1.1, 1.9, 32))
    ('+0.03 ± 0.10', '+1.5 ± 0.4')
    >>> signed_estimate(Estimate(0.0, 0.0, 0.0, 32))
    '+0.0 ± 0.0'
    """
    mean, half = estimate.mean, estimate.half_width
    places = 2 if 0 < abs(mean) < 0.1 or 0 < half < 0.1 else 1
    return f"{mean:+.{places}f} ± {half:.{places}f}"


class TableError(HeartsLabError):
    """An action the table refuses (nothing to undo, the game is over, a hand that does not fit ...)."""


class BotFailed(RuntimeError):
    """A bot's own failure at the table: it raised, or chose a pass or card the engine refused.

    Not a refusal of the human's action: ``seat`` is the bot's seat and
    ``error`` (also ``__cause__``) what went wrong.
    """

    def __init__(self, seat: int | None, error: BaseException) -> None:
        where = f"the bot at seat {seat}" if seat is not None else "a bot"
        super().__init__(f"{where} failed: {type(error).__name__}: {error}")
        self.seat = seat
        self.error = error


@dataclass(frozen=True)
class Report:
    """What an action said. ``error`` is the refusal (nothing changed), None when the action was done.

    >>> str(Report("Card played."))
    'Card played.'
    """

    text: str
    kind: ReportKind = "info"
    error: Exception | None = None

    @property
    def ok(self) -> bool:
        """The action was done."""
        return self.error is None

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Controls:
    """How a front end's controls are named in the table's sentences.

    The defaults are the play-table widget's buttons; the command line names
    what to type instead.
    """

    pass_: str = "press Pass"
    play: str = "click a card"
    next_hand: str = "press Next hand"
    new_game: str = "press New game"


def seat_direction(seat: int, other: int, players: int) -> str:
    """Where ``other`` sits seen from ``seat``: ``you``, or the engine's name for that pass offset
    (:meth:`Rules.pass_direction`).

    Offset 1 is the left neighbour (cards passed by offset 1 go left).

    >>> [seat_direction(0, s, 4) for s in range(4)]
    ['you', 'left', 'across', 'right']
    >>> seat_direction(0, 2, 5), seat_direction(0, 3, 5)
    ('2 to the left', '2 to the right')
    """
    offset = (other - seat) % players
    return "you" if offset == 0 else pass_direction(offset, players)


def _bots_for(kind: str | Sequence[Bot | None], players: int, seat: int | None, seed: int | str) -> list[Bot | None]:
    """One bot per seat (None at the human's): by kind name, or checked from a list."""
    if isinstance(kind, str):
        make_bot(kind)  # an unknown name raises here, naming the choices
        return [None if s == seat else make_bot(kind, f"{seed}/{s}") for s in range(players)]
    try:
        bots: list[Bot | None] = list(islice(kind, players + 1))
    except TypeError:
        raise ArgumentError(f"bots: expected a bot name ({', '.join(map(repr, BOT_KINDS))}) or a list of bots, not {shown(kind)}.", "bots") from None
    if len(bots) != players:
        raise ArgumentError(f"bots: expected one bot per seat ({players}), got {len(bots)}.", "bots")
    if seat is not None:
        bots[seat] = None
    for s, bot in enumerate(bots):
        if s != seat and not (callable(getattr(bot, "choose_play", None)) and callable(getattr(bot, "choose_pass", None))):
            raise ArgumentError(f"bots: seat {s} needs a bot (an object with choose_pass and choose_play), not {shown(bot)}.", "bots")
    return bots


def _pts(points: int) -> str:
    """``1 pt``, ``0 pts``, ``-26 pts``."""
    return f"{points} pt" if abs(points) == 1 else f"{points} pts"


@dataclass
class _Snapshot:
    fields: dict[str, Any]
    hand: Hand
    record: dict[str, Any]
    game: Game
    game_hands: int
    game_scores: tuple[int, ...]
    rngs: list[tuple[random.Random, Any]]


class Table:
    """One game at a table: ``seat`` is the human's (None: the bots play every seat).

    ``rules`` default to standard Hearts for 4 players; ``seed`` fixes every
    deal of the game; ``bots`` is a bot name from the package's registry
    (the level ``"easy"``, the default: the heuristic bot with its moon
    defence; ``"medium"``, ``"expert"``; ``"heuristic"``, ``"random"``; see :func:`hearts_lab.bots.bot_names`) or a
    list of bot objects, one per seat (the human's entry is ignored);
    ``dealer`` deals the first hand; ``controls`` names the front end's
    controls in the sentences.

    Actions: :meth:`pass_cards`, :meth:`play`, :meth:`choose_moon`,
    :meth:`undo`, :meth:`next_hand`, :meth:`new_game`, :meth:`load_hand`. Each
    returns a :class:`Report` and records it in :attr:`report`; none raises for
    a refused action.

    >>> table = Table(Rules.preset("standard", players=4, target=30), seat=None, seed=2)
    >>> table.hand.phase, len(table.game.history)
    ('over', 1)
    >>> while not table.game.is_over:
    ...     _ = table.next_hand()
    >>> table.game_over_sentence().startswith("Game over, winners: seat")
    True
    """

    def __init__(
        self,
        rules: Rules | None = None,
        seat: int | None = 0,
        seed: int | str = 1,
        bots: BotKind | Sequence[Bot | None] = "easy",
        *,
        dealer: int = 0,
        controls: Controls | None = None,
    ) -> None:
        rules = Rules.preset("standard", players=4) if rules is None else rules
        check_rules(rules)
        seat = check_seat(seat, rules.players, allow_none=True)
        check_seed(seed)  # before the bots are seeded from its text
        # One action at a time: a second thread's action waits for the first to finish (an RLock, so an
        # action may call another), and no reader sees a half-done action's table through the actions.
        self._lock = threading.RLock()
        self.rules = rules
        self.seat = seat
        self.seed = seed
        self.controls = controls if controls is not None else Controls()
        self._bot_kind: str | Sequence[Bot | None] = bots  # a registry name (aliases too, see set_level) or the bots
        self.bots: list[Bot | None] = _bots_for(bots, rules.players, seat, seed)
        self.game = Game(rules, seed=seed, dealer=dealer)  # validates seed and dealer, naming the field
        self.hand: Hand = self.game.next_hand()
        #: The scored hand once the current hand is over and scored (None before).
        self.scored: ScoredHand | None = None
        #: The human shot the moon under ``moon="choice"`` and has not chosen yet.
        self.moon_pending = False
        #: The cards the human received in this hand's pass, until they play a card.
        self.received: tuple[Card, ...] = ()
        self.report = Report("")
        self._hint_bot: SamplingBot | None = None
        self.report = self._act(self._start_hand)
        if self.report.error is not None:  # a bot that fails on the very first deal: no table
            raise self.report.error

    # -- reading the table -------------------------------------------------------------

    def __repr__(self) -> str:
        who = "no human seat" if self.seat is None else f"seat {self.seat}"
        return f"<Table {who}: {self.hand!r}; scores {list(self.game.scores)}>"

    @property
    def message(self) -> str:
        """The sentence of the last action (what a student sees)."""
        return self.report.text

    @property
    def message_kind(self) -> ReportKind:
        return self.report.kind

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def my_turn(self) -> bool:
        """It is the human's turn to play a card."""
        return self.seat is not None and self.hand.phase == "play" and self.hand.to_play == self.seat

    @property
    def passing(self) -> bool:
        """The human has cards to pass."""
        return self.seat is not None and self.hand.phase == "pass" and self.seat in self.hand.waiting_to_pass

    def legal_moves(self) -> tuple[Card, ...]:
        """The cards the human may play now (the engine's answer; empty when it is not their turn)."""
        return self.hand.legal_moves() if self.my_turn else ()

    @property
    def level(self) -> str | None:
        """The registry name of the bots at the table (``"easy"``, ``"expert"`` ...), None for a list of bot objects."""
        return canonical_name(self._bot_kind) if isinstance(self._bot_kind, str) else None

    def hint(self) -> Hint:
        """What would the expert play? Each of the human's legal cards with the expert's average score
        over its sampled deals (:meth:`hearts_lab.bots.SamplingBot.evaluate`). A question, not an action:
        it reads a copy of the hand and changes nothing (the hand, the game, the bots' random state, the
        message); asked when it is not the human's turn it raises :class:`TableError`.

        >>> table = Table(seed=1)
        >>> _ = table.pass_cards(table.hand.cards(0)[-3:])
        >>> record = table.hand.to_json()
        >>> hint = table.hint()
        >>> sorted(hint.values) == sorted(table.legal_moves()), hint.worlds, table.hand.to_json() == record
        (True, 32, True)
        """
        with self._lock:
            if not self.my_turn:
                raise TableError("The expert's hint is for your turn to play a card: " + (
                    "pass your cards first." if self.passing else "it is not your turn."
                ))
            seat = self.seat
            assert seat is not None
            if self._hint_bot is None:
                bot = make_bot(HINT_BOT, f"{self.seed}/hint")
                assert isinstance(bot, SamplingBot)
                self._hint_bot = bot
            bot = self._hint_bot
            view = self.hand.copy().view(seat)  # a copy: nothing the search does can reach the game
            means = bot.evaluate(view)
            scores = bot.last_scores
            best = bot.pick(view, means)  # the bot's own choice and tie-break, not a restatement of them
            distinct = distinct_cards(view, view.legal_moves())
        order = [best, *sorted((c for c in means if c != best), key=lambda c: (means[c], c.sort_key()))]
        runner_up = next((c for c in order[1:] if c in distinct), None) if best in distinct else None
        values = {c: mean_interval(scores[c]) for c in order}
        versus = {c: mean_interval([a - b for a, b in zip(scores[c], scores[best])]) for c in order}
        return Hint(seat, bot.last_worlds, values, versus, best, runner_up)

    def why_illegal(self, card: Card | str) -> IllegalMove | None:
        """The engine's :class:`IllegalMove` for the human playing ``card`` now, or None if they may (nothing changes)."""
        return self.hand.why_illegal(card, self.seat)

    def refusal(self, error: BaseException) -> str:
        """A refusal as the human reads it: the engine's sentence, said to "you" when it is about the human's
        seat and the engine has that wording (:attr:`~hearts_lab.errors.IllegalMove.to_you`).

        >>> table = Table(seed=1)
        >>> _ = table.pass_cards(table.hand.cards(0)[-3:])
        >>> grey = next(c for c in table.hand.cards(0) if c not in table.legal_moves())
        >>> str(table.why_illegal(grey)).startswith("Seat 0 cannot play"), table.refusal(table.why_illegal(grey))[:16]
        (True, 'You cannot play ')
        """
        if isinstance(error, IllegalMove) and error.to_you and self.seat is not None and error.seat == self.seat:
            return error.to_you
        return str(error)

    @property
    def can_undo(self) -> bool:
        """The human has a card or a pass in this hand to take back."""
        if self.seat is None:
            return False
        hand = self.hand
        if any(s == self.seat for s, _ in hand.current_trick.plays) or any(
            s == self.seat for t in hand.tricks for s, _ in t.plays
        ):
            return True
        return hand.passes is not None and bool(hand.pass_offset)

    def moon_preview(self) -> dict[MoonChoice, tuple[int, ...]]:
        """The game scores after each moon choice, while the human is asked to choose (else empty)."""
        if not self.moon_pending:
            return {}
        out: dict[MoonChoice, tuple[int, ...]] = {}
        for choice in MOON_CHOICES:
            deltas = self.game.preview(self.hand, choice).deltas
            out[choice] = tuple(s + d for s, d in zip(self.game.scores, deltas))
        return out

    def who(self, seat: int) -> str:
        """``you`` for the human's seat, ``seat N`` for the others."""
        index = check_seat(seat, self.players)
        return "you" if index == self.seat else f"seat {index}"

    def direction(self, seat: int) -> str:
        """Where ``seat`` sits seen from the human (from seat 0 when nobody sits)."""
        index: int = check_seat(seat, self.players)  # type: ignore[assignment]  # allow_none is False: an int
        return seat_direction(self.seat or 0, index, self.players)

    def pass_source(self) -> int:
        """The seat the human receives cards from this hand."""
        return self.hand.pass_source(self.seat or 0)

    # -- sentences ---------------------------------------------------------------------------

    def turn_sentence(self) -> str:
        """``Your turn: click a card.`` when it is the human's turn, else empty."""
        return f"Your turn: {self.controls.play}." if self.my_turn else ""

    def collect_clause(self, trick: Trick) -> str:
        """Who collected a finished trick's cards and their points (leading space), e.g. `` Seat 2 takes 3 points.``"""
        if trick.collector is None:
            return " The cards wait for the next trick's winner." if trick.pending else " Nobody collects them."
        points = trick.points
        who = self.who(trick.collector).capitalize()
        extra = len(trick.collected) - len(trick.plays)
        with_extra = f" (with {counted(extra, 'set-aside or kitty card')})" if extra > 0 else ""
        verb = "take" if trick.collector == self.seat else "takes"
        return f" {who} {verb} {counted(points, 'point')}{with_extra}."

    def trick_sentence(self, first_new: int) -> str:
        """One sentence per trick finished since trick index ``first_new``, then whose turn it is."""
        out = [f"Trick {t.number + 1}: {t.reason}{self.collect_clause(t)}" for t in self.hand.tricks[first_new:]]
        turn = self.turn_sentence()
        return " ".join(out + ([turn] if turn else [])) or "Card played."

    def game_over_sentence(self) -> str:
        """``Game over, winners: ...`` (empty while the game goes on)."""
        if not self.game.is_over:
            return ""
        names = ", ".join(f"you (seat {s})" if s == self.seat else f"seat {s}" for s in self.game.winners)
        return f"Game over, winners: {names}."

    def hand_over_sentence(self) -> str:
        """What a scored hand did to the score, and what comes next."""
        game = self.game
        if self.seat is None:
            text = "Hand over. Scores: " + ", ".join(map(str, game.scores)) + "."
        else:
            text = f"Hand over: your score is now {game.scores[self.seat]}."
        if self.scored is not None and self.scored.moon:
            text = f"Moon ({self.scored.moon}) applied. " + text
        if game.is_over:
            return text + " " + self.game_over_sentence()
        return text + f" {self.controls.next_hand[:1].upper()}{self.controls.next_hand[1:]}."

    def pass_sentence(self) -> str:
        """What the human is asked to pass, e.g. ``choose 3 cards to pass left (to seat 1)``."""
        assert self.seat is not None
        target = self.hand.pass_target(self.seat)
        return f"choose {self.rules.pass_count} cards to pass {self.direction(target)} (to seat {target})"

    # -- actions -------------------------------------------------------------------------------

    def play(self, card: Card | str) -> Report:
        """Play ``card`` from the human's hand; the bots then reply up to the human's next turn.

        An illegal card reports the engine's sentence and changes nothing.
        """
        return self._act(lambda: self._play(card))

    def pass_cards(self, cards: Iterable[Card | str] | str) -> Report:
        """Pass ``cards`` (exactly ``rules.pass_count`` of the human's cards); the bots have chosen theirs."""
        return self._act(lambda: self._pass(cards))

    def choose_moon(self, choice: str) -> Report:
        """The human shot the moon under ``moon="choice"``: score it ``"old"`` or ``"new"``."""
        return self._act(lambda: self._choose_moon(choice))

    def undo(self) -> Report:
        """Take back the human's last move in this hand (a card, or the pass) and the bots' replies to it.

        A hand already scored is unscored first.
        """
        return self._act(self._undo)

    def next_hand(self) -> Report:
        """Deal the game's next hand (once the current one is scored); the bots pass and play up to the human."""
        return self._act(self._next_hand)

    def new_game(self, seed: int | str | None = None) -> Report:
        """Start a fresh game with ``seed`` (default: the next seed) and fresh bots of the same kind."""
        return self._act(lambda: self._new_game(seed))

    def set_level(self, level: str) -> Report:
        """Seat bots of another kind from the registry (e.g. ``"easy"``, ``"medium"``, ``"expert"``) in every
        bot seat; they take over from the next bot move, the hand and the scores stay as they are.

        >>> table = Table(seed=1)
        >>> print(table.set_level("expert"))
        Your opponents are now expert bots: samples 32 deals of the unseen cards and plays each card out in each.
        >>> table.level, table.set_level("grandmaster").ok, table.level
        ('expert', False, 'expert')
        """
        return self._act(lambda: self._set_level(level))

    def load_hand(self, hand: Hand) -> Report:
        """Play a copy of a prepared hand (e.g. from :meth:`Hand.from_cards`) as the game's next hand.

        Its rules must be the table's, its ``hand_number`` the game's next, and the
        game must be able to score it (the engine's checks: its dealer, its seed).
        The current hand, unless already scored, is dropped.
        """
        return self._act(lambda: self._load_hand(hand))

    # -- the transaction around every action -------------------------------------------------

    def _snapshot(self) -> _Snapshot:
        rngs = []
        for bot in self.bots:
            rng = getattr(bot, "rng", None)
            if isinstance(rng, random.Random):
                rngs.append((rng, rng.getstate()))
        return _Snapshot(
            dict(self.__dict__), self.hand, self.hand.to_dict(), self.game, len(self.game.history), self.game.scores, rngs
        )

    def _restore(self, snap: _Snapshot) -> None:
        self.__dict__.clear()
        self.__dict__.update(snap.fields)
        if snap.hand.to_dict() != snap.record:
            self.hand = Hand.from_dict(snap.record)
        game = snap.game
        if len(game.history) != snap.game_hands or game.scores != snap.game_scores:
            self.game = self._replayed(game, game.history[: snap.game_hands])
        for rng, state in snap.rngs:
            rng.setstate(state)

    def _act(self, action: Callable[[], Report | str]) -> Report:
        """Run ``action``; on any error put everything back as it was and report the error.

        Actions are serialised: one thread's action runs to the end (or is rolled back) before another's starts.
        """
        with self._lock:
            snap = self._snapshot()
            try:
                result = action()
            except Exception as error:
                self._restore(snap)
                if isinstance(error, HeartsLabError):  # a refusal: the engine's (IllegalMove, ...) or the table's
                    report = Report(self.refusal(error), "error", error)
                elif isinstance(error, BotFailed):  # a bot's own bug, or a bot's illegal choice
                    report = Report(f"Something went wrong and nothing was changed: {error}", "error", error)
                else:  # a bug elsewhere: keep the table usable
                    report = Report(f"Something went wrong and nothing was changed: {type(error).__name__}: {error}", "error", error)
            except BaseException:  # Ctrl-C half-way through the bots' replies: undo, then let it stop the program
                self._restore(snap)
                raise
            else:
                report = result if isinstance(result, Report) else Report(result.strip())
            self.report = report
            return report

    def _replayed(self, game: Game, history: Sequence[ScoredHand]) -> Game:
        fresh = Game(game.rules, seed=game.seed, scores=game.starting_scores, dealer=game.first_dealer)
        for scored in history:
            fresh.add_hand(scored.hand, scored.moon_choice)
        return fresh

    # -- what the actions do ----------------------------------------------------------

    def _no_seat(self) -> TableError:
        return TableError("Nobody sits at this table: the bots pass and play every card.")

    def _bots_move(self) -> None:
        try:
            play_hand(self.hand, self.bots)
        except Exception as error:  # whatever a bot raised, or the engine's refusal of a bot's choice
            hand = self.hand
            if hand.phase == "pass":
                seat = next((s for s in hand.waiting_to_pass if self.bots[s] is not None), None)
            else:
                seat = hand.to_play
            raise BotFailed(seat, error) from error

    def _start_hand(self) -> str:
        self.scored = None
        self.moon_pending = False
        self.received = ()
        self._bots_move()  # the bots choose their passes, or play up to the human's turn (or the end)
        number = self.hand.hand_number + 1
        if self.seat is None:
            text = f"Hand {number}: the bots played it."
        elif self.hand.phase == "pass":
            text = f"Hand {number}: {self.pass_sentence()}, then {self.controls.pass_}."
        else:
            text = f"Hand {number}: a hold hand, nobody passes. {self.turn_sentence()}"
        return text + self._after_moves()

    def _play(self, card: Card | str) -> str:
        if self.seat is None:
            raise self._no_seat()
        hand = self.hand
        if self.moon_pending:
            raise IllegalMove("The hand is over: choose how your moon scores (old or new).", seat=self.seat, card=None,
                              rule="phase", legal=())
        if self.scored is not None:
            raise IllegalMove(f"The hand is over: {self.controls.next_hand} to deal the next one.", seat=self.seat,
                              card=None, rule="phase", legal=())
        before = len(hand.tricks)
        hand.play(card, seat=self.seat)  # the engine decides the card and the turn; a refusal changes nothing
        self.received = ()
        self._bots_move()
        return self.trick_sentence(before) + self._after_moves()

    def _pass(self, cards: Iterable[Card | str] | str) -> str:
        if self.seat is None:
            raise self._no_seat()
        hand = self.hand
        hand.pass_cards(self.seat, cards)  # IllegalPass with the engine's sentence when wrong
        if hand.phase != "play" or hand.passes is None:
            return "Your pass is chosen; the others are still choosing."
        self.received = hand.received(self.seat) or ()
        source = self.pass_source()
        note = (
            f"You passed {' '.join(map(str, hand.passes[self.seat]))} to seat {hand.pass_target(self.seat)} and received "
            f"{' '.join(map(str, self.received))} from seat {source} ({self.direction(source)})."
        )
        self._bots_move()
        return f"{note} {self.turn_sentence()}" + self._after_moves()

    def _after_moves(self) -> str:
        """Score the hand if it just ended (asking the human about the moon when the rules say so); the sentence."""
        hand = self.hand
        if hand.phase != "over" or self.scored is not None or self.moon_pending:
            return ""
        shooter = hand.moon_shooter
        text = ""
        if self.rules.moon == "choice" and shooter is not None:
            if shooter == self.seat:
                self.moon_pending = True
                reward = self.rules.moon_reward
                return (
                    f" You shot the moon! Choose how it scores: old (+{reward} to everyone else) or new (−{reward} to you)."
                )
            bots_choose = moon_chooser(self.bots)

            def choose(rules: Rules, points: Sequence[int], seat: int, scores: Sequence[int]) -> MoonChoice:
                try:
                    return bots_choose(rules, points, seat, scores)
                except Exception as error:  # the bot's own failure, not an engine refusal
                    raise BotFailed(seat, error) from error

            self.scored = self.game.score(hand, choose)  # the one moon-choice path; the game is unchanged if it raises
            text = f" Seat {shooter} shot the moon and chose the {self.scored.moon} moon."
        else:
            self.scored = self.game.score(hand)
        return text + " " + self.hand_over_sentence()

    def _choose_moon(self, choice: str) -> Report:
        if not self.moon_pending:
            raise MoonChoiceRequired("There is no moon to choose: nobody is waiting for a moon choice.")
        self.scored = self.game.score(self.hand, check_moon_choice(choice))  # the engine's check of the text
        self.moon_pending = False
        return Report(f"You chose the {choice} moon. " + self.hand_over_sentence(), "good")

    def _next_hand(self) -> str:
        if self.game.is_over:
            raise TableError(f"The game is over: {self.controls.new_game} to play again.")
        if self.scored is None:
            raise TableError("Finish this hand first" + (" and choose how your moon scores." if self.moon_pending else "."))
        self.hand = self.game.next_hand()
        return self._start_hand()

    def _new_game(self, seed: int | str | None) -> str:
        if seed is None:
            seed = self.seed + 1 if isinstance(self.seed, int) else f"{self.seed}+"
        game = Game(self.rules, seed=seed, dealer=self.game.first_dealer)  # checks the seed
        self.seed = seed
        self.bots = _bots_for(self._bot_kind, self.players, self.seat, seed)
        self._hint_bot = None
        self.game = game
        self.hand = game.next_hand()
        return f"New game (seed {seed}). " + self._start_hand()

    def _set_level(self, level: str) -> Report:
        name = canonical_name(level)  # an unknown name is refused, listing the names
        self.bots = _bots_for(name, self.players, self.seat, self.seed)
        self._bot_kind = name
        return Report(f"Your opponents are now {name} bots: {BOTS[name].description}.", "good")

    def _load_hand(self, hand: Hand) -> str:
        if not isinstance(hand, Hand):
            raise TableError(f"load_hand: expected a Hand (from Hand.deal or Hand.from_cards), not {type(hand).__name__}.")
        if hand.rules != self.rules:
            raise TableError("load_hand: the hand's rules differ from the table's rules.")
        if self.game.is_over:
            raise TableError("load_hand: the game is over.")
        if hand.hand_number != self.game.hand_number:
            raise TableError(f"load_hand: the game's next hand is number {self.game.hand_number}, not {hand.hand_number}.")
        # Would the game score this hand once it is played (its dealer, its seed and deal)? The engine
        # answers for a copy played out by bots, so a hand that can never be scored is refused now,
        # not at its last card.
        trial = hand.copy()
        play_hand(trial, [LowestCardBot() for _ in range(self.players)])
        choice: MoonChoice | None = "old" if self.rules.moon == "choice" and trial.moon_shooter is not None else None
        try:
            self.game.preview(trial, choice)
        except ValueError as error:
            raise TableError(f"load_hand: the game cannot score this hand: {error}") from None
        self.hand = hand.copy()
        return self._start_hand()

    def _undo(self) -> str:
        if self.seat is None:
            raise self._no_seat()
        hand = self.hand
        plays = [p for t in hand.tricks for p in t.plays] + list(hand.current_trick.plays)
        mine = [i for i, (s, _) in enumerate(plays) if s == self.seat]
        if mine:
            back = len(plays) - mine[-1]
            taken = plays[mine[-1]][1]
            if self.scored is not None:
                self.game = self._replayed(self.game, self.game.history[:-1])
            self.scored = None
            self.moon_pending = False
            hand.undo(back)
            others = back - 1
            after = "" if not others else " and the card played after it" if others == 1 else f" and the {others} cards played after it"
            return f"Took back your {taken}{after}. {self.turn_sentence()}"
        if hand.passes is not None and hand.pass_offset:
            fresh = Hand(
                self.rules, [hand.dealt(s) for s in range(self.players)], hand.kitty,
                hand_number=hand.hand_number, dealer=hand.dealer, seed=hand.seed,
            )
            for s in range(self.players):
                if s != self.seat:
                    fresh.pass_cards(s, hand.passes[s])  # the bots keep their choices
            self.hand = fresh
            self.received = ()
            return f"Took back your pass: choose {self.rules.pass_count} cards again."
        raise TableError("Nothing to undo: you have not passed or played a card in this hand yet.")
