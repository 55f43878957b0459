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
from ..tricks import trick_winner
from .checks import HINTS, Wrong, cards_text, hint as _hint, question, read_cards, read_seat, same_exact
from .positions import PositionView, TrickView, replay
from .variants import Ws1Variant, check_seed, house_rules, ws1_variant

__all__ = [
    "STANDARD",
    "deal_q1_text",
    "position_q2",
    "position_q3",
    "position_q4",
    "trick_q5",
    "tricks_q6",
    "removed_q7",
    "check_q8",
    "GENERIC",
    "use_variant",
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
#: Every position of this worksheet is a 4-player standard hand; the engine's hand_number 3 (hand 4 of a game,
#: as a person counts) is a hold hand (no passing).
STANDARD = Rules.preset("standard", players=4)
_HOLD = 3

# Each position: a seed and the record of the plays (see .positions). The views and the checks
# replay a record where they need it: no call without arguments returns a replayed Hand (whose
# attributes, to_play, legal_moves(), winner, points(), would answer a question in one line). The
# records themselves are data here; a student who reads them can replay one with the engine, which is
# documented in exercises/README.md. A student's own copy calls use_variant(seed) first, which swaps in
# that student's positions and parameters (hearts_lab.exercises.variants).
#: Seed 1, hand 3, played to the end: Q3 stops after 12 cards, Q6 uses the whole hand.
_SEED_1 = (
    "2♣ 6♣ 9♣ 5♣ 2♦ 6♦ J♦ 8♦ 4♣ 7♣ 10♣ 3♣ 4♦ 7♦ A♠ 5♦ 2♠ 7♠ 6♠ 5♠ 8♠ 4♠ Q♠ J♠ J♣ A♣ A♥ 8♣ 3♠ 9♠ "
    "10♠ Q♥ 3♦ K♦ Q♦ J♥ Q♣ 7♥ 10♥ K♥ K♣ A♦ 8♥ 5♥ 3♥ 10♦ 2♥ 4♥ K♠ 9♥ 9♦ 6♥"
)
#: The positions of the generic copy (self-study).
GENERIC = Ws1Variant(
    q1=(2, _HOLD, 0),
    q2=(42, "2♣"),
    q3=(1, " ".join(_SEED_1.split()[:12])),
    q4=(3, "2♣ 8♣ 6♣ 7♣ 5♠ 3♠ 6♠ 4♠ 4♣ 5♣ 9♣ 3♣ 8♠ K♥ K♠ J♠ 8♦ 5♦"),
    q5=(2, "2♣ 3♣ 4♣ A♣ 3♠ 2♠ 8♠ 7♠ 5♦ 3♦ 4♦ 2♦ 6♣ Q♣ 10♣ J♣ 4♠ 5♠ J♠ K♠ 7♣ A♠ K♣ 8♣", 5),
    q6=(1, _SEED_1, 2),
    q7=(6, ("2♣", "3♣", "4♣", "2♦")),
)
_current = GENERIC

#: The hint ladders, with the variant's seats, suits and player count filled in.
_HINTS = {
    "Q2": (
        "Can seat {q2_seat} follow suit? And what is special about the first trick?",
        "Seat {q2_seat} holds no club, so they may discard - except the cards the first-trick rule forbids.",
        "Legal: every card seat {q2_seat} holds except the hearts and the Q♠ (they hold other cards, so the exception does not apply).",
    ),
    "Q3": (
        "Have hearts been broken yet? The last line of the picture says.",
        "Before hearts are broken one suit may not be led (unless the leader holds nothing else); every other card may.",
        "Legal leads: every card seat {q3_seat} holds that is not a heart. The Q♠ is a spade and may be led.",
    ),
    "Q5": (
        "Which suit was led?",
        "Only cards of the led suit can win the trick; compare those and ignore the rest.",
        "The winner is the seat that played the highest {q5_suit} ({q5_suits} were led), whatever else was played.",
    ),
    "Q6": (
        "Which tricks did seat {q6_seat} win, and which cards in them carry points?",
        "Go through the tricks seat {q6_seat} won and add the points of the cards in them: the hearts and the Q♠.",
        "Points = 1 for each heart in the tricks seat {q6_seat} won, plus 13 if the Q♠ is among them.",
    ),
    "Q8": (
        "Which card of the trick can win at all? Think about the suit that is led.",
        "Only a card of the led suit can win, so seat {q8_leader} must lead a {q8_suit} lower than the {q8_card}; the "
        "higher card must come from a player who plays another suit.",
        "For example: seat {q8_leader} leads a low card of the {q8_card}'s suit, seat {q8_seat} plays the {q8_card}, "
        "the other two play a higher card of another suit and any card below the {q8_card}; seats in the order {q8_order}.",
    ),
    "Q7": (
        "Which cards does this deck strip?",
        "The game opens with the lowest club still in the deck after stripping.",
        "Opening card: the lowest club of the deck with {q7_removed} removed; look at which low clubs went.",
    ),
}


#: The text of each question whose values change with the variant ({names} come from the variant).
TEXTS = {
    "Q1": (
        "Here is a fresh deal (hand {q1_hand} of a game, a *hold* hand: nobody passes). The dealer is seat {q1_dealer}, so\n"
        "seat {q1_left} sits on the dealer's left. Which seat leads the first trick? Answer with a seat number."
    ),
    "Q2": (
        "Seat {q2_leader} has led the 2♣ and it is seat {q2_seat}'s turn. Which cards may seat {q2_seat} play? Give **all** of\n"
        "them."
    ),
    "Q3": (
        "Another hand (a different deal), at the start of trick {q3_trick}: seat {q3_seat} is on lead. Which cards may seat\n"
        "{q3_seat} lead? Read the last line of the picture: have hearts been broken?"
    ),
    "Q5": (
        "This is trick {q5_trick} of a hand, as `(seat, card)` pairs in the order they were played; seat {q5_leader}\n"
        "led. Which seat won it?"
    ),
    "Q6": (
        "The hand of Q3, played to the end. How many penalty points did **seat {q6_seat}** collect? Use the tricks\n"
        "listed below (each trick's last sentence says who won it)."
    ),
    "Q7": (
        "A house rule for {q7_players} players strips the {q7_cards} printed below, so that everyone gets\n"
        "{q7_hand_size}. The first trick is opened as usual, by the lowest club in the deck. Which card opens it?"
    ),
    "Q8": (
        "Now build a trick yourself. Standard Hearts, 4 players, later in a hand: hearts have been broken, and\n"
        "**seat {q8_leader}** leads. Write down a whole trick - four `(seat, card)` plays in the order they are\n"
        "played - in which **seat {q8_seat} wins with the {q8_card}**, and in which somebody plays a card\n"
        "*higher* than the {q8_card}. (Any four different cards of one pack will do.)"
    ),
}


def question_text(key: str) -> str:
    """The text of question ``key`` for the current variant (the worksheet's markdown under its heading)."""
    return TEXTS[key].format(**_fields(_current))


def _fields(v: Ws1Variant) -> dict[str, Any]:
    """The values a question's text and hints name, for variant ``v``."""
    q2 = replay(STANDARD, v.q2[0], _HOLD, v.q2[1])
    q3 = replay(STANDARD, v.q3[0], _HOLD, v.q3[1])
    q5 = replay(STANDARD, v.q5[0], _HOLD, v.q5[1]).tricks[v.q5[2]]
    led = q5.plays[0][1].suit
    return {
        "q1_hand": v.q1[1] + 1, "q1_dealer": v.q1[2], "q1_left": STANDARD.play_order(v.q1[2])[1],
        "q2_seat": q2.to_play, "q2_leader": q2.current_trick.leader,
        "q3_seat": q3.to_play, "q3_trick": q3.trick_number + 1,
        "q5_trick": v.q5[2] + 1, "q5_leader": q5.leader,
        "q5_suit": suit_name(led, plural=False), "q5_suits": suit_name(led),
        "q6_seat": v.q6[2],
        "q8_leader": v.q8[0], "q8_seat": v.q8[1], "q8_card": v.q8[2],
        "q8_order": ", ".join(map(str, STANDARD.play_order(v.q8[0]))),
        "q8_suit": suit_name(Card.parse(v.q8[2]).suit, plural=False),
        "q7_players": v.q7[0], "q7_removed": " ".join(v.q7[1]), "q7_count": len(v.q7[1]), "q7_cards": "card" if len(v.q7[1]) == 1 else f"{len(v.q7[1])} cards",
        "q7_hand_size": house_rules(*v.q7).hand_size,
    }


def _ladder(key: str) -> tuple[str, str, str]:
    values = _fields(_current)
    return tuple(text.format(**values) for text in _HINTS[key])  # type: ignore[return-value]


def _register_hints() -> None:
    for key in _HINTS:
        HINTS[WS][key] = _ladder(key)


def use_variant(seed: int | None) -> str:
    """Swap in the positions and parameters of a student's own copy (``None``: the generic copy again).

    Each student's copy of this worksheet calls it first with the seed the teacher's class gave them.

    >>> use_variant(12345)
    'Worksheet 1, variant 12345: your own deals, seats and deck.'
    >>> _ = use_variant(None)
    """
    global _current
    seed = None if seed is None else check_seed(seed)
    _current = GENERIC if seed is None else ws1_variant(seed)
    _register_hints()
    return f"Worksheet 1, variant {seed}: your own deals, seats and deck." if seed is not None else "Worksheet 1: the generic copy."


def hint(question: Any, level: int = 1) -> str:
    """A hint for ``question`` (e.g. ``"Q3"`` or ``3``): level 1 a nudge, 2 the structure, 3 the full method."""
    return _hint(WS, question, level)


def _replayed(record: tuple[Any, ...]) -> Hand:
    """The hand a position record (seed, plays, ...) describes, replayed from its deal."""
    return replay(STANDARD, record[0], _HOLD, record[1])


def _q1_deal(record: tuple[int, int, int]) -> Hand:
    seed, number, dealer = record
    return Hand.deal(STANDARD, seed=seed, hand_number=number, dealer=dealer)


def deal_q1_text() -> str:
    """Q1's deal as text (a hold hand), without saying whose turn it is."""
    hand = _q1_deal(_current.q1)
    return "\n".join(f"seat {s}: {cards_text(hand.cards(s))}" for s in range(hand.players))


def position_q2() -> PositionView:
    """Q2: part-way through trick 1 (a picture and the cards; the legal moves are the question)."""
    return PositionView(_replayed(_current.q2))


def position_q3() -> PositionView:
    """Q3: the start of a trick of another hand."""
    return PositionView(_replayed(_current.q3))


def position_q4() -> PositionView:
    """Q4: the middle of a trick of a third hand."""
    return PositionView(_replayed(_current.q4))


def trick_q5() -> list[tuple[int, Card]]:
    """Q5: the plays of a finished trick, as (seat, card) pairs in play order."""
    return list(_replayed(_current.q5).tricks[_current.q5[2]].plays)


def tricks_q6() -> tuple[TrickView, ...]:
    """Q6: the thirteen tricks of a finished hand (who led, the plays, who won)."""
    return tuple(TrickView(t) for t in _replayed(_current.q6).tricks)


def removed_q7() -> tuple[Card, ...]:
    """Q7: the cards the house-rule deck strips (which card opens is the question)."""
    return tuple(Card.parse(c) for c in _current.q7[1])


def _judge_legal(answer: object, hand: Hand) -> None:
    """Compare a set of cards with ``hand.legal_moves()`` and explain the usual mistakes."""
    got = set(read_cards(answer))
    legal = set(hand.legal_moves())
    seat = hand.to_play
    if seat is None:
        raise ValueError("the hand is over: there is no legal move to judge")
    held = set(hand.cards(seat))
    if got == legal:
        return
    not_held = got - held
    if not_held:
        raise Wrong(f"Seat {seat} does not hold {cards_text(not_held)}. Look again at their cards.")
    if not got:  # no count of the missing cards here: an empty guess must not measure the answer
        raise Wrong(f"That names no card. Give every card seat {seat} may play now.")
    extra = got - legal
    missing = legal - got
    # The engine says why each extra card is illegal; the hint follows its rule.
    reasons = {card: hand.why_illegal(card) for card in sorted(extra, key=lambda c: c.sort_key())}
    broken = {error.rule for error in reasons.values() if error is not None}
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
    hand = _q1_deal(_current.q1)
    seat = read_seat(answer, hand.players)
    if seat == hand.to_play:
        return
    if seat == hand.rules.play_order(hand.dealer)[1]:
        raise Wrong("In standard Hearts the player left of the dealer does not lead: the holder of a particular card does.")
    if seat == hand.dealer:
        raise Wrong("The dealer does not lead either: the holder of a particular card does.")
    raise Wrong()


@question(WS, "Q2", "Legal cards on the first trick", hints=_ladder("Q2"))
def check_q2(answer: object) -> None:
    """The cards the seat to play may play in :func:`position_q2`."""
    _judge_legal(answer, _replayed(_current.q2))


@question(WS, "Q3", "Legal leads before hearts are broken", hints=_ladder("Q3"))
def check_q3(answer: object) -> None:
    """The cards the leader may lead in :func:`position_q3`."""
    _judge_legal(answer, _replayed(_current.q3))


@question(WS, "Q4", "Legal cards when you can follow suit", hints=(
    "Which suit was led, and does the seat to play hold any of it?",
    "A player who holds the led suit must follow suit: those cards are legal, and nothing else.",
    "Legal: every card of the led suit in the hand of the seat to play - all of them, high and low.",
))
def check_q4(answer: object) -> None:
    """The cards the seat to play may play in :func:`position_q4`."""
    _judge_legal(answer, _replayed(_current.q4))


@question(WS, "Q5", "Who won the trick?", hints=_ladder("Q5"))
def check_q5(answer: object) -> None:
    """The seat that won the trick :func:`trick_q5`."""
    trick = _replayed(_current.q5).tricks[_current.q5[2]]
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


@question(WS, "Q6", "Penalty points taken", hints=_ladder("Q6"))
def check_q6(answer: object) -> None:
    """Seat 2's penalty points at the end of the hand :func:`tricks_q6` lists."""
    hand = _replayed(_current.q6)
    seat = _current.q6[2]
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


@question(WS, "Q7", "The opening card of a stripped deck", hints=_ladder("Q7"))
def check_q7(answer: object) -> None:
    """The card that opens trick 1 of the house-rule deck :func:`removed_q7` lists."""
    rules = house_rules(*_current.q7)
    got = read_cards(answer)
    if len(got) != 1:
        raise Wrong("Give one card.")
    (card,) = got
    if card == rules.opening_card:
        return
    if card in rules.removed:
        raise Wrong(f"{card} is stripped from this deck: nobody holds it. Which cards are removed?")
    if card.suit != "C":
        raise Wrong("The first trick is opened with a club.")
    if rules.opening_card is not None and card.rank > rules.opening_card.rank:
        raise Wrong(f"A lower club than {card} is still in the deck: look again at which cards are removed.")
    raise Wrong()


def _read_plays(answer: object) -> list[tuple[int, Card]]:
    """A trick written as ``[(seat, card), ...]`` (cards in any notation)."""
    if isinstance(answer, (str, bytes)) or not hasattr(answer, "__iter__"):
        raise Wrong('Give the trick as a list of (seat, card) pairs in play order, e.g. [(1, "3♦"), (2, "A♠"), ...].')
    plays = []
    for entry in list(answer)[:20]:
        if not isinstance(entry, (tuple, list)) or len(entry) != 2:
            raise Wrong(f"Each play is a pair (seat, card), like (2, \"A♠\"); {entry!r} is not.")
        seat = read_seat(entry[0], STANDARD.players)
        cards = read_cards(entry[1])
        if sum(cards.values()) != 1:
            raise Wrong(f"Each play is one card; {entry[1]!r} is not.")
        plays.append((seat, next(iter(cards))))
    return plays


@question(WS, "Q8", "Build a trick that a given card wins", hints=_ladder("Q8"))
def check_q8(answer: object) -> None:
    """A trick (four plays from the leader, in order) in which the asked seat wins with the asked card."""
    leader, seat, card_text = _current.q8
    card = Card.parse(card_text)
    plays = _read_plays(answer)
    order = STANDARD.play_order(leader)
    if len(plays) != STANDARD.players:
        raise Wrong(f"A trick has one card from each of the {STANDARD.players} seats; you gave {len(plays)}.")
    if tuple(s for s, _ in plays) != order:
        raise Wrong(f"Seat {leader} leads, and the others follow clockwise: the seats play in the order "
                    f"{', '.join(map(str, order))}.")
    cards = [c for _, c in plays]
    if len(set(cards)) != len(cards):
        raise Wrong("A pack holds each card once: the four cards must be different.")
    if dict(plays)[seat] != card:
        raise Wrong(f"Seat {seat} must play the {card}.")
    if not any(c.rank > card.rank for c in cards):
        raise Wrong(f"Also play a card higher than the {card}: the question asks for a trick the {card} wins "
                    "although a higher card is in it.")
    winner = trick_winner(STANDARD, plays)
    if winner == seat:
        return
    led = cards[0]
    if led.suit != card.suit:
        raise Wrong(f"Seat {leader} led a {suit_name(led.suit, plural=False)}, so only {suit_name(led.suit)} can win, "
                    f"and the {card} is not one: what must seat {leader} lead?")
    raise Wrong(f"Seat {winner} wins that trick: a higher {suit_name(card.suit, plural=False)} than the {card} beats it. "
                "A higher card that wins nothing must be of another suit.")
