"""Worksheet 3 checks: counting stripped decks and deals with sympy.

The questions say "count it yourself", so no public call computes their
answers: the check evaluates the student's exact value and compares its salted
digest with the stored digest of the answer and of each known slip (see
:func:`~hearts_lab.exercises.checks._matches`). A known slip gets its targeted
hint; anything else gets the question's nudge. The formula is shown only on
request: ``hint("Q4", level=3)``.

>>> check_q1(...).status
'unanswered'
>>> check_q1(0.5).message
'This question wants an exact answer: an int, a Fraction or a sympy expression such as sympy.binomial(52, 13), not the float 0.5.'
"""

from __future__ import annotations

from typing import Any

from ..rules import Rules
from ..wording import noun
from .checks import (
    HINTS,
    QUESTIONS,
    Wrong,
    _matches,
    exact_value,
    hint as _hint,
    look_up,
    question,
    read_key_line,
    variant_digest as _variant_digest,
)
from .variants import Ws3Variant, check_seed, ws3_variant

__all__ = ["GENERIC", "use_variant", "rules_of", "question_text", "hint", "check_q1", "check_q2", "check_q3", "check_q4", "check_q5", "check_q6", "check_q7", "check_q8"]

WS = "ws3"
#: The generic copy's questions (self-study); a student's own copy calls use_variant(seed, key=...) first.
GENERIC = Ws3Variant(q1=(5, 2), q2=(1, 6, 2, 0), q3=(3, 16), q4=(9, 1), q5=(8, 1), q6=(9, 1, 0), q8=(9, 2))
_current = GENERIC
_seed: int | None = None
#: A student's variant: per question, the digest of its answer and of each slip (from the key line of
#: the student's copy), or on the teacher's side the canonical values themselves. ``None``: generic.
_key: dict[str, dict[str, str]] | None = None
_key_is_values = False

#: The targeted hint for each known slip (the slips themselves are stored as digests only).
SLIP_HINTS: dict[str, dict[str, str]] = {
    "Q1": {
        "ignore-clubs": "That counts every hand with the 3♣. The question also says exactly two other clubs.",
        "three-clubs": "That counts hands with three clubs, any three. The 3♣ must be one of them.",
        "at-least": "That counts hands with two *or more* other clubs. The question says exactly two: the rest of the hand holds no club.",
        "full-pack": "With 5 players the 2♣ and the 2♦ are stripped: how many clubs, and how many other cards, are left?",
        "rest-from-all": "After the 3♣ and two other clubs, the rest of the hand may hold no more clubs: choose it from the cards that are not clubs.",
    },
    "Q2": {
        "every-deal": "That counts every deal. The question wants only the deals in which the hearts fall 6, 2, 2, 2.",
        "seats-alike": "Seats 1, 2 and 3 are different people: giving seat 1's cards to seat 2 is a different deal, so do not divide by 3!.",
        "some-seat": "The question names the seat that holds six hearts: seat 0. Do not multiply by the choice of seat.",
        "hearts-only": "That deals the hearts only. The other 36 cards must be dealt too, into the room left in each hand.",
        "one-hand": "That counts seat 0's hands. A deal fixes all four hands.",
    },
    "Q3": {
        "kitty-unsorted": "The 4 kitty cards form a pile too: the order they lie in does not matter.",
        "seats-alike": "The seats are different people: do not divide by the orders of the seats.",
        "seventeen": "That deals 17 cards to each seat and leaves 1 over, as a 3-player game does (its Rules object strips the 2♦). This house rule deals 16 each and 4 to the kitty.",
        "no-kitty-choice": "That deals 48 cards to the seats. Which 4 cards form the kitty is part of the deal too.",
        "one-hand": "That is the number of hands for one seat. A deal fixes all three hands and the kitty.",
    },
    "Q4": {
        "every-deal": "That counts every physical deal. The question wants only the deals whose kitty holds exactly one point card.",
        "kitty-only": "That counts the kitties. Each kitty comes with many ways to deal the other 99 cards.",
        "queens-forgotten": "How many point cards are there with two packs? Both Q♠ count, not only the hearts.",
        "at-most-one": "That includes kitties with no point card. The question says exactly one.",
        "no-point": "That counts kitties with no point card at all. The question wants exactly one.",
    },
    "Q5": {
        "all-heartless": "That counts every hand without a heart. The question wants those that also hold at least one Q♠.",
        "physical": "That tells the two copies of each card apart. Two hands that differ only in which copy they hold look identical: count each hand once.",
        "one-queen": "That counts hands with exactly one Q♠. A hand can hold both copies.",
        "fixed-queen": "Fixing one Q♠ and choosing 12 more from all 39 faces lets a hand hold the Q♠ three times (or counts the two-Q♠ hands wrongly). Split by how many Q♠ the hand holds.",
        "one-copy": "That allows each card at most once, but a hand can hold both copies of a card.",
    },
    "Q6": {
        "ignore-queens": "That is the chance of both A♥ alone. The hand must also hold exactly one Q♠.",
        "one-copy": "There are two Q♠, two different physical cards: either one can be the one seat 0 holds.",
        "at-least-one": "That includes hands with both Q♠. The question says exactly one.",
        "distinct-hands": "You divided counts of distinct hands, but distinct hands are not equally likely with two packs (a hand with a pair can be dealt in fewer ways). Count over the 104 physical cards instead.",
        "some-seat": "That is the chance that *some* seat holds them. The question names one seat: seat 0.",
    },
    "Q7": {
        "one-seat": "That is the chance for a given seat (Q6). Here any of the 9 seats will do.",
        "independent-seats": "The 9 events are not independent - they are disjoint: two seats cannot both hold both A♥. For disjoint events the probabilities add.",
        "ignore-queens": "The seats add up correctly, but the hand must also hold exactly one Q♠ (see Q6).",
        "one-copy": "The seats add up correctly, but look again at Q6: either of the two Q♠ can be the one held.",
    },
    "Q8": {
        "queen-only": "That is the chance of at least one Q♠, with or without a heart. The kitty must hold a heart too.",
        "any-point": "That is the chance of any point card in the kitty. The question wants at least one Q♠ *and* at least one heart.",
        "no-overlap": "Kitties with neither a Q♠ nor a heart were subtracted twice - once as 'no Q♠', once as 'no heart'. Add them back once.",
        "independent": "In a 5-card kitty 'a Q♠' and 'a heart' are not independent: the cards compete for the same five places. Use the complement instead.",
        "one-each": "That counts exactly one Q♠ and exactly one heart. At least one of each includes kitties with more.",
    },
}


_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen")


def _n(count: int, word: str) -> str:
    """``two clubs``, ``one club``: a small count in words with its noun."""
    return f"{_WORDS[count]} {noun(count, word)}"


def _fields(v: Ws3Variant) -> dict[str, Any]:
    """What the texts of variant ``v`` say: only the question's own parameters, never a count it asks for."""
    n1, k1 = v.q1
    r1 = Rules.preset("standard", players=n1)
    strip, a2, b2, s2 = v.q2
    cards2 = 52 - 4 * strip
    n3, h3 = v.q3
    r3 = Rules.preset("standard", players=n3)
    leftover3 = 52 - n3 * r3.hand_size - len(r3.removed)
    stripped3 = " and ".join(f"the {c}" for c in r3.removed)
    preset3 = (f"strips {stripped3} and deals {r3.hand_size} each" if r3.removed else f"deals {r3.hand_size} each")
    preset3 += f" and leaves a kitty of {leftover3}" if leftover3 else " with no kitty"
    n4, j4 = v.q4
    r4 = Rules.preset("cancellation", players=n4)
    n5, voids5 = v.q5
    n6, queens6, seat6 = v.q6
    r6 = Rules.preset("cancellation", players=n6)
    r8 = Rules.preset("cancellation", players=v.q8[0])
    queen8 = v.q8[1] == 2
    return {
        "q1_players": n1, "q1_hand": r1.hand_size, "q1_opening": str(r1.opening_card), "q1_k": k1,
        "q1_stripped": _n(len(r1.removed), "card"), "q1_clubs": _n(k1, "other club"), "q1_k1": k1 + 1,
        "q2_ranks": "2s" if strip == 1 else "2s and the four 3s", "q2_cards": cards2, "q2_hearts": 13 - strip,
        "q2_each": cards2 // 4, "q2_seat": s2,
        "q2_holds": "hold no heart" if a2 == 0 else f"hold exactly {_n(a2, 'heart')}", "q2_a": a2, "q2_b": b2,
        "q2_others": f"exactly {_WORDS[b2]}", "q2_other_seats": ", ".join(str(s) for s in range(4) if s != s2),
        "q3_players": n3, "q3_players_word": _WORDS[n3], "q3_hand": h3, "q3_kitty": 52 - n3 * h3, "q3_preset": preset3,
        "q3_preset_hand": r3.hand_size,
        "q4_players": n4, "q4_hand": r4.hand_size, "q4_kitty": r4.kitty_size, "q4_j": j4,
        "q4_points": _n(j4, "point card"),
        "q5_players": n5, "q5_hand": Rules.preset("cancellation", players=n5).hand_size,
        "q5_void": "a heart" if voids5 == 1 else "a heart or a diamond", "q5_none": "no heart" if voids5 == 1 else "no heart and no diamond", "q5_suits": "hearts" if voids5 == 1 else "hearts and diamonds",
        "q6_players": n6, "q6_hand": r6.hand_size, "q6_seat": seat6,
        "q6_kitty": f"a kitty of {r6.kitty_size}" if r6.kitty_size else "no kitty",
        "q6_queens": "**exactly one** Q♠" if queens6 == 1 else "**both** Q♠",
        "q6_one_copy": (f"There are two Q♠, two different physical cards: either one can be the one seat {seat6} holds." if queens6 == 1
                        else "Both Q♠ are in the hand: there is one way to choose both copies, C(2, 2) = 1, not 2."), "q6_queens_plain": "exactly one Q♠" if queens6 == 1 else "both Q♠",
        "q8_players": v.q8[0], "q8_kitty": r8.kitty_size, "q8_copies": v.q8[1],
        "q8_card": "Q♠" if queen8 else "black queen (a Q♠ or a Q♣)", "q8_short": "Q♠" if queen8 else "black queen",
        "q8_points": "any point card" if queen8 else "a black queen or a heart",
    }


#: The text of each question (the worksheet's markdown under its heading), filled in for the variant.
TEXTS = {
    "Q1": (
        "Standard Hearts with {q1_players} players strips {q1_stripped} and deals {q1_hand} to each seat; the {q1_opening} opens the game.\n"
        "How many different hands can seat 0 be dealt **that contain the {q1_opening} and exactly {q1_clubs}**\n"
        "(and no more clubs)? `ws3.rules_of(\"Q1\")` is this game's `Rules`."
    ),
    "Q2": (
        "Some tables play four-handed without the four {q2_ranks}, to speed the game up: {q2_cards} cards ({q2_hearts} of them hearts),\n"
        "{q2_each} to each seat. In how many different deals does **seat {q2_seat} {q2_holds} and each other seat\n"
        "{q2_others}**? A deal says which {q2_each} cards each of the four (different) seats gets."
    ),
    "Q3": (
        "A house rule for {q3_players_word} players: strip nothing, deal **{q3_hand}** cards to each seat and put the **{q3_kitty}** cards\n"
        "left over face down as a kitty (a `Rules` object with {q3_players} players {q3_preset} — not this game).\n"
        "How many different deals are there, counting which cards go to each seat *and* which go to the kitty?"
    ),
    "Q4": (
        "Cancellation Hearts with {q4_players} players deals {q4_hand} cards to each seat and leaves a kitty of {q4_kitty}. Tell all\n"
        "104 physical cards apart (imagine the two packs have different backs). In how many deals does the\n"
        "kitty hold **exactly {q4_points}** (a heart or a Q♠)? Count which cards go to each seat and to the kitty."
    ),
    "Q5": (
        "Cancellation Hearts with {q5_players} players deals {q5_hand} cards each from two packs. A player cannot tell the two\n"
        "copies of a card apart. How many *distinct* hands **without {q5_void}** hold **at least one Q♠**?\n"
        "(A hand may contain both copies of a card.)"
    ),
    "Q6": (
        "Cancellation Hearts with **{q6_players} players** ({q6_hand} cards each, {q6_kitty}). What is the probability that\n"
        "**seat {q6_seat}** is dealt **both** aces of hearts and {q6_queens}? Remember which cards are equally likely."
    ),
    "Q7": (
        "Same game as Q6. What is the probability that **some** seat (any of the {q6_players}) is dealt both aces of hearts and {q6_queens_plain}?"
    ),
    "Q8": (
        "In {q8_players}-player Cancellation Hearts the {q8_kitty}-card kitty goes to whoever collects trick 1. What is the\n"
        "probability that the kitty holds **at least one {q8_card} and at least one heart**?"
    ),
}

#: A variant's hint ladders: the ideas and the method in the question's own terms. The generic copy's
#: ladders (in the @question decorators) give the numbers; a variant's level 3 is the method in
#: symbols, each named in the question's own terms but not filled in, so that no level-3 hint is a
#: formula that evaluates to the variant's answer (tests/test_exercises_variants.py checks every one).
_VARIANT_HINTS = {
    "Q1": (
        "Split the hand into parts: the {q1_opening}, the other clubs, and the cards that are not clubs. How many of each?",
        "The {q1_opening} is fixed. Choose exactly {q1_k} of the other clubs, and the rest of the hand from the cards that are not clubs. Multiply.",
        "C(c − 1, {q1_k}) · C(N − c, {q1_hand} − 1 − {q1_k}), where N is the number of cards in this deck and c the number of clubs in it (the {q1_opening} among them): count both with ws3.rules_of(\"Q1\").deck().",
    ),
    "Q2": (
        "Deal the hearts and the other cards separately: where must the {q2_hearts} hearts go, and how many other cards does each seat still need?",
        "Deal the {q2_hearts} hearts: {q2_a} to seat {q2_seat} and {q2_b} to each other seat (a multinomial). Then deal the other cards into the room left in each hand. Multiply.",
        "H!/(a!·(b!)^3) × M!/((h − a)!·((h − b)!)^3), where H is the number of hearts in this deck and M the number of its cards that are not hearts, h the hand size, a the hearts seat {q2_seat} holds and b the hearts each other seat holds.",
    ),
    "Q3": (
        "{q3_players_word} hands and a kitty: how many piles, and how big is each?",
        "Deal the 52 cards into piles - {q3_players} named hands of {q3_hand} and a kitty of {q3_kitty}. Order inside a pile does not matter. (Or: choose the kitty first, then deal the rest.)",
        "N!/((h!)^p · k!) = C(N, k) · (N − k)!/(h!)^p, where N, p, h and k are this deal's deck size, number of players, hand size and kitty size.",
    ),
    "Q4": (
        "Split the deal in two steps: first the kitty, then everything else.",
        "Choose the kitty: {q4_j} of the physical point cards and the rest of the kitty from the cards without points. Then deal the remaining cards into {q4_players} hands of {q4_hand}. Multiply.",
        "C(P, {q4_j}) · C(104 − P, {q4_kitty} − {q4_j}) · (104 − {q4_kitty})!/({q4_hand}!)^{q4_players}, where P is the number of physical point cards (count the hearts and the Q♠ of both packs).",
    ),
    "Q5": (
        "Two packs: can a hand hold both copies of a card? Do the copies look different? Split by how many Q♠ the hand holds.",
        "A hand without {q5_suits} and with a Q♠ holds one or two of them. In each case count the rest as distinct hands from the other faces that are not {q5_suits}, splitting on d, the number of faces held twice. (Or: all such hands minus those without a Q♠.)",
        "H(f, {q5_hand}) − H(f − 1, {q5_hand}), where f is the number of faces (kinds of card) that are not {q5_suits} and H(f, s) = Σ over d of C(f, d) · C(f − d, s − 2d) counts distinct s-card hands from f faces.",
    ),
    "Q6": (
        "Which hands are equally likely when two packs are shuffled: distinct hands or sets of physical cards? And the two Q♠ are two different physical cards.",
        "Count over the 104 physical cards: seat {q6_seat}'s {q6_hand} cards are one of C(104, {q6_hand}) equally likely sets. Count those with both A♥, {q6_queens_plain}, and the rest from the other physical cards.",
        "C(2, 2) · C(2, q) · C(100, {q6_hand} − 2 − q) / C(104, {q6_hand}), where q is the number of Q♠ the question asks for.",
    ),
    "Q7": (
        "Can two seats both hold both A♥?",
        "The events 'seat s holds both A♥ and {q6_queens_plain}' cannot happen together for two seats: they are disjoint. What do you do with disjoint events?",
        "{q6_players} × your answer to Q6.",
    ),
    "Q8": (
        "'At least one' is often easiest through its opposite. Here there are two conditions: which kitties fail?",
        "A kitty fails if it has no {q8_short} or no heart. Find P(no {q8_short}), P(no heart) and P(neither) by counting kitties over the 104 physical cards, combine them by inclusion-exclusion, and take the complement.",
        "1 - [C(104 − q, {q8_kitty}) + C(104 − 26, {q8_kitty}) - C(104 − 26 − q, {q8_kitty})] / C(104, {q8_kitty}), where q is the number of physical cards that are a {q8_short}.",
    ),
}

#: A variant's slip hints, in the question's own terms (the generic copy's are in :data:`SLIP_HINTS`).
_VARIANT_SLIP_HINTS: dict[str, dict[str, str]] = {
    "Q1": {
        "ignore-clubs": "That counts every hand with the {q1_opening}. The question also says exactly {q1_clubs}.",
        "three-clubs": "That counts hands with {q1_k1} clubs, any {q1_k1}. The {q1_opening} must be one of them.",
        "at-least": "That counts hands with {q1_k} *or more* other clubs. The question says exactly {q1_clubs}: the rest of the hand holds no club.",
        "full-pack": "With {q1_players} players {q1_stripped} are stripped (ws3.rules_of(\"Q1\").removed): how many clubs, and how many other cards, are left?",
        "rest-from-all": "After the {q1_opening} and {q1_clubs}, the rest of the hand may hold no more clubs: choose it from the cards that are not clubs.",
    },
    "Q2": {
        "every-deal": "That counts every deal. The question wants only the deals with the hearts split as it says.",
        "seats-alike": "Seats {q2_other_seats} are different people: giving one's cards to another is a different deal, so do not divide by 3!.",
        "some-seat": "The question names the seat whose hearts differ: seat {q2_seat}. Do not multiply by the choice of seat.",
        "hearts-only": "That deals the hearts only. The other cards must be dealt too, into the room left in each hand.",
        "one-hand": "That counts seat {q2_seat}'s hands. A deal fixes all four hands.",
    },
    "Q3": {
        "kitty-unsorted": "The {q3_kitty} kitty cards form a pile too: the order they lie in does not matter.",
        "seats-alike": "The seats are different people: do not divide by the orders of the seats.",
        "seventeen": "That deals {q3_preset_hand} cards to each seat, as a {q3_players}-player Rules object does. This house rule deals {q3_hand} each and {q3_kitty} to the kitty.",
        "no-kitty-choice": "That deals the seats' cards but not the kitty. Which {q3_kitty} cards form the kitty is part of the deal too.",
        "one-hand": "That is the number of hands for one seat. A deal fixes every hand and the kitty.",
    },
    "Q4": {
        "every-deal": "That counts every physical deal. The question wants only the deals whose kitty holds exactly {q4_points}.",
        "kitty-only": "That counts the kitties. Each kitty comes with many ways to deal the other cards.",
        "queens-forgotten": "How many point cards are there with two packs? Both Q♠ count, not only the hearts.",
        "at-most-one": "That includes kitties with fewer point cards. The question says exactly {q4_j}.",
        "no-point": "That counts kitties with no point card at all. The question wants exactly {q4_j}.",
    },
    "Q5": {
        "all-heartless": "That counts every hand with {q5_none}. The question wants those that also hold at least one Q♠.",
        "physical": "That tells the two copies of each card apart. Two hands that differ only in which copy they hold look identical: count each hand once.",
        "one-queen": "That counts hands with exactly one Q♠. A hand can hold both copies.",
        "fixed-queen": "Fixing one Q♠ and choosing the rest from all the faces lets a hand hold the Q♠ three times (or counts the two-Q♠ hands wrongly). Split by how many Q♠ the hand holds.",
        "one-copy": "That allows each card at most once, but a hand can hold both copies of a card.",
    },
    "Q6": {
        "ignore-queens": "That is the chance of both A♥ alone. The hand must also hold {q6_queens_plain}.",
        "one-copy": "{q6_one_copy}",
        "at-least-one": "That counts a different number of Q♠. The question says {q6_queens_plain}.",
        "distinct-hands": "You divided counts of distinct hands, but distinct hands are not equally likely with two packs (a hand with a pair can be dealt in fewer ways). Count over the 104 physical cards instead.",
        "some-seat": "That is the chance that *some* seat holds them. The question names one seat: seat {q6_seat}.",
    },
    "Q7": {
        "one-seat": "That is the chance for a given seat (Q6). Here any of the {q6_players} seats will do.",
        "independent-seats": "The {q6_players} events are not independent - they are disjoint: two seats cannot both hold both A♥. For disjoint events the probabilities add.",
        "ignore-queens": "The seats add up correctly, but the hand must also hold {q6_queens_plain} (see Q6).",
        "one-copy": "The seats add up correctly, but look again at Q6: in how many ways can a hand hold {q6_queens_plain}?",
    },
    "Q8": {
        "queen-only": "That is the chance of at least one {q8_short}, with or without a heart. The kitty must hold a heart too.",
        "any-point": "That is the chance of {q8_points} in the kitty. The question wants at least one {q8_short} *and* at least one heart.",
        "no-overlap": "Kitties with neither a {q8_short} nor a heart were subtracted twice - once as 'no {q8_short}', once as 'no heart'. Add them back once.",
        "independent": "In a {q8_kitty}-card kitty 'a {q8_short}' and 'a heart' are not independent: the cards compete for the same places. Use the complement instead.",
        "one-each": "That counts exactly one {q8_short} and exactly one heart. At least one of each includes kitties with more.",
    },
}
_GENERIC_LADDERS: dict[str, tuple[str, str, str]] = {}
_GENERIC_TITLES: dict[str, str] = {}
_TITLES = {
    "Q1": "Hands with the opening card and exactly {q1_clubs} (standard, {q1_players} players)",
    "Q2": "Deals without the {q2_ranks}, the hearts split as named (4 players)",
    "Q3": "Deals with a {q3_kitty}-card kitty ({q3_players} players, house rule)",
    "Q4": "Physical deals whose kitty holds exactly {q4_points} (cancellation, {q4_players} players)",
    "Q5": "Distinct hands without {q5_suits} with a Q♠ from two packs (cancellation, {q5_players} players)",
    "Q6": "Seat {q6_seat} holds both A♥ and {q6_queens_plain} (cancellation, {q6_players} players)",
    "Q7": "Some seat holds both A♥ and {q6_queens_plain} (cancellation, {q6_players} players)",
    "Q8": "A {q8_short} and a heart in the kitty (cancellation, {q8_players} players)",
}


def question_text(key: str) -> str:
    """The text of question ``key`` for the current variant (the worksheet's markdown under its heading).

    >>> question_text("Q8").splitlines()[0]
    'In 9-player Cancellation Hearts the 5-card kitty goes to whoever collects trick 1. What is the'
    """
    return TEXTS[key].format(**_fields(_current))


def rules_of(question: Any) -> Rules:
    """The ``Rules`` of the game question ``question`` is about (Q1, Q2 and Q4-Q8; Q3 is a house rule no preset deals).

    >>> rules_of("Q1").players, rules_of(6).players
    (5, 9)
    """
    key = str(question).strip().upper()
    key = key if key.startswith("Q") else f"Q{key}"
    v = _current
    if key == "Q1":
        return Rules.preset("standard", players=v.q1[0])
    if key == "Q2":
        from ..cards import SUITS, Card

        ranks = (2,) if v.q2[0] == 1 else (2, 3)
        return Rules.preset("standard", players=4, removed=tuple(Card(r, s) for r in ranks for s in SUITS))
    players = {"Q4": v.q4[0], "Q5": v.q5[0], "Q6": v.q6[0], "Q7": v.q6[0], "Q8": v.q8[0]}.get(key)
    if players is None:
        raise ValueError(f"question: Q1, Q2 or Q4-Q8 (Q3's house rule is no preset), not {question!r}.")
    return Rules.preset("cancellation", players=players)


def read_key(text: str) -> dict[str, dict[str, str]]:
    """A student copy's key line as ``{Q: {digest: name}}`` (:func:`~hearts_lab.exercises.checks.read_key_line`;
    the order of the slips is :data:`SLIP_HINTS`'s)."""
    return read_key_line(text, {q: ["answer", *slips] for q, slips in SLIP_HINTS.items()})


def variant_digest(seed: int, key: str, value: Any) -> str:
    """The salted, slow digest of ``value`` as the answer to ``key`` of variant ``seed`` (16 hex digits)."""
    return _variant_digest(WS, seed, key, value)


def use_variant(seed: int | None, key: str | None = None, *, values: dict[str, dict[str, str]] | None = None) -> str:
    """Swap in a student's own questions (``None``: the generic copy again).

    ``key`` is the line the teacher's class wrote into the student's copy: the
    salted digests of that variant's answers and slips, so the checks work
    offline without the answers being written anywhere. ``values`` is the
    teacher's side (the grading): each question's canonical answer and slips.
    Without either, the texts change but the checks cannot judge.

    >>> use_variant(12345).startswith("Worksheet 3, variant 12345")
    True
    >>> _ = use_variant(None)
    """
    global _current, _seed, _key, _key_is_values
    seed = None if seed is None else check_seed(seed)
    if not _GENERIC_LADDERS:
        _GENERIC_LADDERS.update(HINTS[WS])
        _GENERIC_TITLES.update(QUESTIONS[WS])
    parsed = read_key(key) if key is not None else None
    _current = GENERIC if seed is None else ws3_variant(seed)
    _seed = seed
    _key, _key_is_values = (values, True) if values is not None else (parsed, False)
    fields = _fields(_current)
    for q in _VARIANT_HINTS:
        HINTS[WS][q] = _GENERIC_LADDERS[q] if seed is None else tuple(t.format(**fields) for t in _VARIANT_HINTS[q])  # type: ignore[assignment]
        QUESTIONS[WS][q] = _GENERIC_TITLES[q] if seed is None else _TITLES[q].format(**fields)
    if seed is None:
        return "Worksheet 3: the generic copy."
    return f"Worksheet 3, variant {seed}: your own decks and events." + ("" if _key is not None else " (No key line: the checks cannot judge.)")


def _find(key: str, value: Any) -> str | None:
    """``"answer"``, a slip's name, or None: against the generic digests or the current variant's key."""
    if _seed is None:
        return _matches(WS, key, value)
    if _key is None:
        raise Wrong("This copy has no key line for its variant, so the check cannot judge: use the ws3.use_variant(...) line your copy came with.")
    return look_up(_key, WS, _seed, key, value, by_value=_key_is_values)


def _slip_hint(key: str, name: str) -> str:
    if _seed is None:
        return SLIP_HINTS[key][name]
    return _VARIANT_SLIP_HINTS[key][name].format(**_fields(_current))


def hint(question: Any, level: int = 1) -> str:
    """A hint for ``question`` (e.g. ``"Q4"`` or ``4``): level 1 a nudge, 2 the structure, 3 the method in symbols."""
    return _hint(WS, question, level)


def _judge(key: str, answer: object) -> None:
    value = exact_value(answer)
    found = _find(key, value)  # first: a known slip can be negative (forgetting a term of inclusion-exclusion)
    if found == "answer":
        return
    if found is not None:
        raise Wrong(_slip_hint(key, found))
    if value < 0:
        raise Wrong("Counts and probabilities are never negative.")
    if key in ("Q6", "Q7", "Q8") and value > 1:
        raise Wrong(f"{value} is larger than 1, so it is not a probability: did you give a count?")
    raise Wrong()


@question(WS, "Q1", "Hands with the opening card and exactly two other clubs (standard, 5 players)", hints=(
    "Split the hand into parts: the 3♣, the other clubs, and the cards that are not clubs. How many of each?",
    "The 3♣ is fixed. Choose exactly 2 of the other clubs, and the rest of the hand from the cards that are not clubs. Multiply.",
    "C(11, 2) · C(38, 7): 12 clubs after stripping (the 3♣ and 11 others), 50 - 12 = 38 other cards, 10 - 1 - 2 = 7 of them.",
))
def check_q1(answer: object) -> None:
    """Q1: a count of hands (see the worksheet)."""
    _judge("Q1", answer)


@question(WS, "Q2", "Deals without the 2s with the hearts split 6-2-2-2 (4 players)", hints=(
    "Deal the hearts and the other cards separately: where must the 12 hearts go, and how many other cards does each seat still need?",
    "Deal the 12 hearts: 6 to seat 0 and 2 to each other seat (a multinomial). Then deal the 36 other cards into the room left in each hand. Multiply.",
    "12!/(6!·2!·2!·2!) × 36!/(6!·10!·10!·10!).",
))
def check_q2(answer: object) -> None:
    """Q2: a count of deals (see the worksheet)."""
    _judge("Q2", answer)


@question(WS, "Q3", "Deals with a 4-card kitty (3 players, house rule)", hints=(
    "Three hands and a kitty: how many piles, and how big is each?",
    "Deal the 52 cards into four piles - three named hands of 16 and a kitty of 4. Order inside a pile does not matter. (Or: choose the kitty first, then deal the other 48.)",
    "52!/((16!)^3 · 4!) = C(52, 4) · 48!/(16!)^3.",
))
def check_q3(answer: object) -> None:
    """Q3: a count of deals (see the worksheet)."""
    _judge("Q3", answer)


@question(WS, "Q4", "Physical deals whose kitty holds exactly one point card (cancellation, 9 players)", hints=(
    "Split the deal in two steps: first the kitty, then everything else.",
    "Choose the kitty: one of the physical point cards and 4 of the cards without points. Then deal the remaining cards into nine hands of 11. Multiply.",
    "C(28, 1) · C(76, 4) · 99!/(11!)^9: 26 hearts + 2 Q♠ = 28 point cards, 104 - 28 = 76 others.",
))
def check_q4(answer: object) -> None:
    """Q4: a count of physical deals (see the worksheet)."""
    _judge("Q4", answer)


@question(WS, "Q5", "Distinct heartless hands with a Q♠ from two packs (cancellation, 8 players)", hints=(
    "Two packs: can a hand hold both copies of a card? Do the copies look different? Split by how many Q♠ the hand holds.",
    "A heartless hand with a Q♠ holds one or two of them. In each case count the rest as distinct hands from the 38 other non-heart faces, splitting on d, the number of faces held twice. (Or: all heartless hands minus those without a Q♠.)",
    "H(38, 12) + H(38, 11), where H(f, s) = Σ over d of C(f, d) · C(f - d, s - 2d) counts distinct s-card hands from f faces.",
))
def check_q5(answer: object) -> None:
    """Q5: a count of distinct hands (see the worksheet)."""
    _judge("Q5", answer)


@question(WS, "Q6", "Seat 0 holds both A♥ and exactly one Q♠ (cancellation, 9 players)", hints=(
    "Which hands are equally likely when two packs are shuffled: distinct hands or sets of physical cards? And the two Q♠ are two different physical cards.",
    "Count over the 104 physical cards: seat 0's 11 cards are one of C(104, 11) equally likely sets. Count those with both A♥, one of the two Q♠, and the rest from the other physical cards.",
    "C(2, 2) · C(2, 1) · C(100, 8) / C(104, 11).",
))
def check_q6(answer: object) -> None:
    """Q6: a probability (see the worksheet)."""
    _judge("Q6", answer)


@question(WS, "Q7", "Some seat holds both A♥ and exactly one Q♠ (cancellation, 9 players)", hints=(
    "Can two seats both hold both A♥?",
    "The events 'seat s holds both A♥ and exactly one Q♠' cannot happen together for two seats: they are disjoint. What do you do with disjoint events?",
    "9 × your answer to Q6.",
))
def check_q7(answer: object) -> None:
    """Q7: a probability (see the worksheet)."""
    _judge("Q7", answer)


@question(WS, "Q8", "A Q♠ and a heart in the kitty (cancellation, 9 players)", hints=(
    "'At least one' is often easiest through its opposite. Here there are two conditions: which kitties fail?",
    "A kitty fails if it has no Q♠ or no heart. Find P(no Q♠), P(no heart) and P(neither) by counting kitties over the 104 physical cards, combine them by inclusion-exclusion, and take the complement.",
    "1 - [C(102, 5) + C(78, 5) - C(76, 5)] / C(104, 5).",
))
def check_q8(answer: object) -> None:
    """Q8: a probability (see the worksheet)."""
    _judge("Q8", answer)
