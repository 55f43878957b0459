"""Worksheet 1 checks: legal moves and trick winners on real positions.

Every position is rebuilt from a seed and a record of plays (see
:mod:`.positions`); each check asks the engine for the answer at check time.
The public helpers return what the worksheet shows (a picture, the cards, the
plays) and nothing that answers a question: :class:`~.positions.PositionView`
has no ``legal_moves``, :class:`~.positions.TrickView` no points.

>>> check_q1(...).status
'unanswered'
>>> check_q5(1).message
'Seat 1 played A♠, the highest card in the trick - but it is not a club. Only cards of the led suit can win; a card of another suit never wins.'
"""

from __future__ import annotations

from typing import Any

from ..cards import QUEEN_OF_SPADES, SUITS, Card, suit_name
from ..hand import Hand
from ..rules import Rules
from ..tricks import Trick
from .checks import Wrong, cards_text, hint as _hint, question, read_cards, read_seat, same_exact
from .positions import PositionView, TrickView, replay

__all__ = [
    "STANDARD",
    "deal_q1_text",
    "position_q2",
    "position_q3",
    "position_q4",
    "trick_q5",
    "tricks_q6",
    "hint",
    "check_q1",
    "check_q2",
    "check_q3",
    "check_q4",
    "check_q5",
    "check_q6",
    "check_q7",
]

WS = "ws1"
#: Every position of this worksheet is a 4-player standard hand; hand number 3 is a hold hand (no passing).
STANDARD = Rules.preset("standard", players=4)
_HOLD = 3

# Each position: a seed and the record of the bots' plays (see .positions). The views and the checks
# replay a record where they need it: no call without arguments returns a replayed Hand (whose
# attributes, to_play, legal_moves(), winner, points(), would answer a question in one line). The
# records themselves are constants here; a student who reads the source can replay one with the
# engine, which is documented in exercises/README.md.
_Q1_SEED = 2
_Q2 = (42, "2♣")
#: Seed 1, hand 3, played to the end: Q3 stops after 12 cards, Q6 uses the whole hand.
_SEED_1 = (
    "2♣ 6♣ 9♣ 5♣ 2♦ 6♦ J♦ 8♦ 4♣ 7♣ 10♣ 3♣ 4♦ 7♦ A♠ 5♦ 2♠ 7♠ 6♠ 5♠ 8♠ 4♠ Q♠ J♠ J♣ A♣ A♥ 8♣ 3♠ 9♠ "
    "10♠ Q♥ 3♦ K♦ Q♦ J♥ Q♣ 7♥ 10♥ K♥ K♣ A♦ 8♥ 5♥ 3♥ 10♦ 2♥ 4♥ K♠ 9♥ 9♦ 6♥"
)
_Q3 = (1, " ".join(_SEED_1.split()[:12]))
_Q4 = (3, "2♣ 8♣ 6♣ 7♣ 5♠ 3♠ 6♠ 4♠ 4♣ 5♣ 9♣ 3♣ 8♠ K♥ K♠ J♠ 8♦ 5♦")
#: Q5: the sixth trick (index 5) of seed 2's hand 3.
_Q5 = (2, "2♣ 3♣ 4♣ A♣ 3♠ 2♠ 8♠ 7♠ 5♦ 3♦ 4♦ 2♦ 6♣ Q♣ 10♣ J♣ 4♠ 5♠ J♠ K♠ 7♣ A♠ K♣ 8♣", 5)
#: Q6: the seat whose points are asked for.
_Q6_SEAT = 2
#: Q7: the rules whose opening card is asked for.
_Q7_RULES = Rules.preset("standard", players=7)


def hint(question: Any, level: int = 1) -> str:
    """A hint for ``question`` (e.g. ``"Q3"`` or ``3``): level 1 a nudge, 2 the structure, 3 the full method."""
    return _hint(WS, question, level)


def _replayed(record: tuple[Any, ...]) -> Hand:
    """The hand a position record (seed, plays, ...) describes, replayed from its deal."""
    return replay(STANDARD, record[0], _HOLD, record[1])


def deal_q1_text() -> str:
    """Q1's deal as text (hand 3, a hold hand, dealer seat 0), without saying whose turn it is."""
    hand = Hand.deal(STANDARD, seed=_Q1_SEED, hand_number=_HOLD, dealer=0)
    return "\n".join(f"seat {s}: {cards_text(hand.cards(s))}" for s in range(hand.players))


def position_q2() -> PositionView:
    """Q2: part-way through trick 1 (a picture and the cards; the legal moves are the question)."""
    return PositionView(_replayed(_Q2))


def position_q3() -> PositionView:
    """Q3: the start of trick 4 of another hand."""
    return PositionView(_replayed(_Q3))


def position_q4() -> PositionView:
    """Q4: the middle of a trick, later in a third hand."""
    return PositionView(_replayed(_Q4))


def trick_q5() -> list[tuple[int, Card]]:
    """Q5: the plays of a finished trick, as (seat, card) pairs in play order."""
    return list(_replayed(_Q5).tricks[_Q5[2]].plays)


def tricks_q6() -> tuple[TrickView, ...]:
    """Q6: the thirteen tricks of a finished hand (who led, the plays, who won)."""
    return tuple(TrickView(t) for t in _replayed((1, _SEED_1)).tricks)


def _judge_legal(answer: object, hand: Hand) -> None:
    """Compare a set of cards with ``hand.legal_moves()`` and explain the usual mistakes."""
    got = set(read_cards(answer))
    legal = set(hand.legal_moves())
    seat = hand.to_play
    held = set(hand.cards(seat))
    if got == legal:
        return
    not_held = got - held
    if not_held:
        raise Wrong(f"Seat {seat} does not hold {cards_text(not_held)}. Look again at their cards.")
    extra = got - legal
    missing = legal - got
    # The engine says why each extra card is illegal; the hint follows its rule.
    reasons = {card: hand.why_illegal(card) for card in sorted(extra, key=lambda c: c.sort_key())}
    broken = {error.rule for error in reasons.values()}
    if "follow-suit" in broken:
        raise Wrong("A player who holds a card of the led suit must follow suit: no other card is legal.")
    if "first-trick-points" in broken:
        raise Wrong(
            "This is the first trick: a player who cannot follow suit may not discard a heart or the Q♠ "
            "(unless that is all they hold)."
        )
    if "hearts-not-broken" in broken:
        raise Wrong("Hearts are not broken yet (no heart or Q♠ has been played to an earlier trick), so a heart may not be led.")
    if extra:
        raise Wrong(f"Some of those cards are not legal here. The engine says: {next(iter(reasons.values()))}")
    if hand.current_trick.plays:
        if all(c.suit == hand.current_trick.led_suit for c in legal):
            raise Wrong("Every card of the led suit is legal, not only the high or low ones: list them all.")
        raise Wrong(
            f"Seat {seat} cannot follow suit, so they may discard any card the rules allow; you left some out "
            f"({len(missing)} missing)."
        )
    # The leader: name what is missing, suit by suit, so that the hint fits the answer given.
    suits = sorted({c.suit for c in missing}, key=SUITS.index)
    if missing == {QUEEN_OF_SPADES}:
        raise Wrong("The Q♠ is a spade, not a heart: it may be led at any time.")
    names = [f"the {suit_name(s)}" for s in suits]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    queen = " (the Q♠ is a spade: it may be led too)" if QUEEN_OF_SPADES in missing else ""
    raise Wrong(
        f"You left out {listed}{queen}. Before hearts are broken only hearts are barred from the lead; "
        f"every other card seat {seat} holds may be led."
    )


@question(WS, "Q1", "Who leads the first trick?", hints=(
    "In standard Hearts the first lead is not decided by where the dealer sits.",
    "The holder of one particular card leads it to trick 1. Which card opens the game with four players?",
    "The holder of the lowest club in the deck leads trick 1. With four players nothing is stripped: find the 2♣.",
))
def check_q1(answer: object) -> None:
    """Who leads trick 1 of :func:`deal_q1`'s deal: a seat number."""
    hand = Hand.deal(STANDARD, seed=_Q1_SEED, hand_number=_HOLD, dealer=0)
    seat = read_seat(answer, hand.players)
    if seat == hand.to_play:
        return
    if seat == hand.rules.play_order(hand.dealer)[1]:
        raise Wrong("In standard Hearts the player left of the dealer does not lead: the holder of a particular card does.")
    if seat == hand.dealer:
        raise Wrong("The dealer does not lead either: the holder of a particular card does.")
    raise Wrong()


@question(WS, "Q2", "Legal cards on the first trick", hints=(
    "Can seat 0 follow suit? And what is special about the first trick?",
    "Seat 0 holds no club, so they may discard - except the cards the first-trick rule forbids.",
    "Legal: every card seat 0 holds except the hearts and the Q♠ (they hold other cards, so the exception does not apply).",
))
def check_q2(answer: object) -> None:
    """The cards the seat to play may play in :func:`position_q2`."""
    _judge_legal(answer, _replayed(_Q2))


@question(WS, "Q3", "Legal leads before hearts are broken", hints=(
    "Have hearts been broken yet? The last line of the picture says.",
    "Before hearts are broken one suit may not be led (unless the leader holds nothing else); every other card may.",
    "Legal leads: every card seat 2 holds that is not a heart. The Q♠ is a spade and may be led.",
))
def check_q3(answer: object) -> None:
    """The cards the leader may lead in :func:`position_q3`."""
    _judge_legal(answer, _replayed(_Q3))


@question(WS, "Q4", "Legal cards when you can follow suit", hints=(
    "Which suit was led, and does the seat to play hold any of it?",
    "A player who holds the led suit must follow suit: those cards are legal, and nothing else.",
    "Legal: every card of the led suit in the hand of the seat to play - all of them, high and low.",
))
def check_q4(answer: object) -> None:
    """The cards the seat to play may play in :func:`position_q4`."""
    _judge_legal(answer, _replayed(_Q4))


@question(WS, "Q5", "Who won the trick?", hints=(
    "Which suit was led?",
    "Only cards of the led suit can win the trick; compare those and ignore the rest.",
    "The winner is the seat that played the highest club (clubs were led), whatever else was played.",
))
def check_q5(answer: object) -> None:
    """The seat that won the trick :func:`trick_q5`."""
    trick = _replayed(_Q5).tricks[_Q5[2]]
    plays = list(trick.plays)
    seat = read_seat(answer, STANDARD.players)
    if seat == trick.winner:
        return
    card = trick.card_of(seat)
    led_seat, led_card = plays[0]
    if card is not None and card.suit != led_card.suit and all(card.rank >= c.rank for c in trick.cards):
        raise Wrong(
            f"Seat {seat} played {card}, the highest card in the trick - but it is not a {suit_name(led_card.suit, plural=False)}. "
            "Only cards of the led suit can win; a card of another suit never wins."
        )
    if seat == led_seat:
        raise Wrong("The led card does not always win: the highest card of the led suit does.")
    if card is not None and card.suit == led_card.suit:
        raise Wrong(f"Seat {seat}'s {card} followed suit, but another card of the led suit is higher.")
    raise Wrong()


@question(WS, "Q6", "Penalty points taken", hints=(
    "Which tricks did seat 2 win, and which cards in them carry points?",
    "Go through the tricks seat 2 won and add the points of the cards in them: the hearts and the Q♠.",
    "Points = 1 for each heart in the tricks seat 2 won, plus 13 if the Q♠ is among them.",
))
def check_q6(answer: object) -> None:
    """Seat 2's penalty points at the end of the hand :func:`tricks_q6` lists."""
    hand = _replayed((1, _SEED_1))
    seat = _Q6_SEAT
    expected = hand.points()[seat]
    if same_exact(answer, expected):
        return
    collected = hand.collected(seat)
    hearts = sum(1 for c in collected if c.suit == "H")
    if same_exact(answer, hearts):
        raise Wrong(f"You counted the hearts. Did seat {seat} also take the Q♠? It is worth 13 points.")
    if QUEEN_OF_SPADES in collected and same_exact(answer, hearts + 1):
        raise Wrong("The Q♠ is worth 13 points, not 1.")
    played = [c for t in hand.tricks for s, c in t.plays if s == seat]
    played_points = hand.rules.points(played)
    if played_points != expected and same_exact(answer, played_points):
        raise Wrong(f"You counted the point cards seat {seat} played. Points go to whoever wins the trick: count the cards in the tricks seat {seat} won.")
    raise Wrong()


@question(WS, "Q7", "The opening card with seven players (standard)", hints=(
    "Which cards does the standard rulebook strip with seven players?",
    "The game opens with the lowest club still in the deck after stripping.",
    "Opening card: the lowest club of Rules.preset('standard', players=7).deck(); look at .removed to see which low cards went.",
))
def check_q7(answer: object) -> None:
    """The card that opens trick 1 in ``standard`` with 7 players."""
    rules = _Q7_RULES
    got = read_cards(answer)
    if len(got) != 1:
        raise Wrong("Give one card.")
    (card,) = got
    if card == rules.opening_card:
        return
    if card in rules.removed:
        raise Wrong(f"{card} is stripped from the deck with 7 players: nobody holds it. Which cards are removed?")
    if card.suit != "C":
        raise Wrong("The first trick is opened with a club.")
    if card.rank > rules.opening_card.rank:
        raise Wrong(f"A lower club than {card} is still in the deck: look at which cards .removed lists.")
    raise Wrong()
