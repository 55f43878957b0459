"""Worksheet 1 checks: legal moves and trick winners on real positions.

Every position is rebuilt from a seed (see :mod:`.positions`); each check asks
the engine for the answer at check time.

>>> check_q1(...).status
'unanswered'
>>> check_q5(1).message
'Seat 1 played A♠, the highest card in the trick - but it is not a club. Only cards of the led suit can win; a card of another suit never wins.'
"""

from __future__ import annotations

from ..cards import QUEEN_OF_SPADES, Card
from ..hand import Hand
from ..rules import Rules
from ..tricks import Trick
from .checks import Wrong, cards_text, question, read_cards, read_seat, same_exact
from .positions import replay

__all__ = [
    "STANDARD",
    "deal_q1",
    "position_q2",
    "position_q3",
    "position_q4",
    "trick_q5",
    "hand_q6",
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

# Each position: a seed and the record of the bots' plays (see .positions).
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


def deal_q1() -> Hand:
    """Q1: a fresh deal (hand 3, a hold hand, dealer seat 0), before any card is played."""
    return Hand.deal(STANDARD, seed=_Q1_SEED, hand_number=_HOLD, dealer=0)


def deal_q1_text() -> str:
    """Q1's deal as text, without saying whose turn it is."""
    hand = deal_q1()
    return "\n".join(f"seat {s}: {cards_text(hand.cards(s))}" for s in range(hand.players))


def position_q2() -> Hand:
    """Q2: part-way through trick 1."""
    return replay(STANDARD, _Q2[0], _HOLD, _Q2[1])


def position_q3() -> Hand:
    """Q3: the start of a later trick."""
    return replay(STANDARD, _Q3[0], _HOLD, _Q3[1])


def position_q4() -> Hand:
    """Q4: the middle of a trick, later in the hand."""
    return replay(STANDARD, _Q4[0], _HOLD, _Q4[1])


def _trick_q5() -> Trick:
    seed, plays, index = _Q5
    return replay(STANDARD, seed, _HOLD, plays).tricks[index]


def trick_q5() -> list[tuple[int, Card]]:
    """Q5: the plays of a finished trick, as (seat, card) pairs in play order."""
    return list(_trick_q5().plays)


def hand_q6() -> Hand:
    """Q6: a finished hand."""
    return replay(STANDARD, 1, _HOLD, _SEED_1)


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
    if QUEEN_OF_SPADES in missing:
        raise Wrong("The Q♠ is a spade, not a heart: it may be led at any time.")
    raise Wrong(f"The leader may lead more cards than that ({len(missing)} missing).")


@question(WS, "Q1", "Who leads the first trick?")
def check_q1(answer: object) -> None:
    """Who leads trick 1 of :func:`deal_q1`'s deal: a seat number."""
    hand = deal_q1()
    seat = read_seat(answer, hand.players)
    if seat == hand.to_play:
        return
    if seat == (hand.dealer + 1) % hand.players:
        raise Wrong("In standard Hearts the player left of the dealer does not lead: the holder of the lowest club does.")
    raise Wrong(f"Find the lowest club in the deck ({STANDARD.opening_card} with 4 players): its holder leads it.")


@question(WS, "Q2", "Legal cards on the first trick")
def check_q2(answer: object) -> None:
    """The cards the seat to play may play in :func:`position_q2`."""
    _judge_legal(answer, position_q2())


@question(WS, "Q3", "Legal leads before hearts are broken")
def check_q3(answer: object) -> None:
    """The cards the leader may lead in :func:`position_q3`."""
    _judge_legal(answer, position_q3())


@question(WS, "Q4", "Legal cards when you can follow suit")
def check_q4(answer: object) -> None:
    """The cards the seat to play may play in :func:`position_q4`."""
    _judge_legal(answer, position_q4())


@question(WS, "Q5", "Who won the trick?")
def check_q5(answer: object) -> None:
    """The seat that won the trick :func:`trick_q5`."""
    trick = _trick_q5()
    plays = list(trick.plays)
    seat = read_seat(answer, STANDARD.players)
    if seat == trick.winner:
        return
    card = trick.card_of(seat)
    led_seat, led_card = plays[0]
    if card is not None and card.suit != led_card.suit and all(card.rank >= c.rank for c in trick.cards):
        raise Wrong(
            f"Seat {seat} played {card}, the highest card in the trick - but it is not a {_suit_word(led_card)}. "
            "Only cards of the led suit can win; a card of another suit never wins."
        )
    if seat == led_seat:
        raise Wrong("The led card does not always win: the highest card of the led suit does.")
    raise Wrong("Compare only the cards of the led suit; the highest of them wins.")


@question(WS, "Q6", "Penalty points taken")
def check_q6(answer: object) -> None:
    """Seat 2's penalty points at the end of :func:`hand_q6`."""
    hand = hand_q6()
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
    raise Wrong(f"Add up the cards seat {seat} collected in the tricks they won: each heart 1, the Q♠ 13.")


@question(WS, "Q7", "The opening card with five players (lowest-clubs)")
def check_q7(answer: object) -> None:
    """The card that opens trick 1 in ``lowest-clubs`` with 5 players."""
    rules = Rules.preset("lowest-clubs", players=5)
    got = read_cards(answer)
    if len(got) != 1:
        raise Wrong("Give one card.")
    (card,) = got
    if card == rules.opening_card:
        return
    if card in rules.removed:
        raise Wrong(f"{card} is stripped from the deck with 5 players: nobody holds it. Which clubs are removed?")
    if card.suit != "C":
        raise Wrong("The first trick is opened with a club.")
    raise Wrong("The opening card is the lowest club still in the deck after stripping.")


def _suit_word(card: Card) -> str:
    return {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}[card.suit]
