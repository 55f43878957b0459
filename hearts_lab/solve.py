"""Perfect-information analysis: exact answers when every card is face up.

Bridge players call it *double dummy*: everybody sees everybody's cards, and
we ask what perfect play would give. Three questions, from any position of a
:class:`~hearts_lab.hand.Hand` in its play phase:

- :func:`can_force_moon` -- can ``seat`` collect every moon card whatever the
  other seats do (they see everything too, and play together against it)?
  When it can, the answer carries a winning line.
- :func:`guaranteed_points` -- the points ``seat`` ends the hand with when it
  plays to take as few as possible and every other seat plays together to give
  it as many as possible (a two-team game), with the moon rule applied.
- :func:`best_moves` -- every legal card of the seat to play with its exact
  value under that search: a double-dummy table for Hearts.

Every search has a node budget (and an optional time limit). A search that runs
out says so -- ``forced is None`` / ``points is None``, with the reason -- and
never guesses.

>>> from hearts_lab import Hand, Rules
>>> rules = Rules.preset("standard", players=4)
>>> one_suit_each = ["2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC", "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
...                  "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"]
>>> hand = Hand.from_cards(rules, one_suit_each, hand_number=3)
>>> [can_force_moon(hand, seat).forced for seat in range(4)]
[True, False, False, False]

How it works. :func:`reference_solve` is the naive full minimax: it plays
every legal card through the engine itself (:meth:`Hand.play`), so it is
slow but obviously right. The fast search keeps a compact copy of the
position, generates one card of each run of *equivalent* cards (cards of one
suit and one value held by the same seat with no other live card between
them), orders moves (winning cards and point dumps first), cuts with
alpha-beta (or, for the moon, stops at the first refutation), and remembers
positions at the start of each trick in a transposition table keyed on the
*canonical* position: in each suit only the order of the live cards, who
holds them and what they are worth matter, not their exact ranks. The tests
check the fast search against :func:`reference_solve` on thousands of random
positions for every preset.

Every rule option of :class:`~hearts_lab.rules.Rules` is supported: stripped
decks, two packs with cancellation, set-aside tricks and the pending pile, the
kitty (first or last trick), who collects a set-aside last trick, every
opening-lead, first-trick and hearts-breaking option, any card values, and
every moon policy (see :func:`guaranteed_points` for ``auto``, ``avoid-end``
and ``choice``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Sequence

from .arguments import ArgumentError, check_budget, check_scores, check_seat, check_type
from .cards import CLUBS, HEARTS, POINT_CARDS, SUITS, Card
from .core import (
    _CODES_BY_CHUNK,
    BREAKS_FLAG,
    MOON_FLAG,
    POINT_MASK,
    POINTS_SHIFT,
    POSITIVE_FLAG,
    SUIT_MASKS,
    SUPPORTED_FIELDS,
    Core,
    codes_of,
    unsupported_fields,
)
from .errors import RulesError
from .hand import Hand
from .rules import Rules
from .scoring import score_hand

__all__ = [
    "DEFAULT_NODES",
    "MoonAnswer",
    "PointsAnswer",
    "MoveValue",
    "MovesTable",
    "ReferenceResult",
    "can_force_moon",
    "guaranteed_points",
    "best_moves",
    "reference_solve",
    "game_tree",
]

#: Default node budget of one question (about a few seconds of pure Python at worst).
DEFAULT_NODES = 2_000_000

_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
_HEARTS = _SUIT_INDEX[HEARTS]
_CLUBS = _SUIT_INDEX[CLUBS]


def _code(card: Card) -> int:
    """A card as a small integer: suit index * 16 + rank, so ranks of one suit compare directly."""
    return _SUIT_INDEX[card.suit] * 16 + card.rank


_CARD_OF: dict[int, Card] = {_code(Card(r, s)): Card(r, s) for s in SUITS for r in range(2, 15)}


class _OutOfBudget(Exception):
    pass


class _Allowance(Exception):
    """One round of :meth:`_Search.moon_search` used up its share of nodes."""


# ---------------------------------------------------------------------------------------------
# Answers
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MoonAnswer:
    """Whether ``seat`` can force the moon from a position.

    ``forced`` is True, False, or None when the search ran out of budget
    (``reason`` says so). When True, ``card`` is the card ``seat`` should play
    now (None if it is not ``seat``'s turn) and ``line`` a principal variation:
    ``(seat, card)`` plays to the end of the hand, ``seat`` playing a winning
    card at each of its turns and the others one of their stubbornest defences.
    Asking again at any later position gives the winning card against whatever
    defence was actually played. ``nodes`` counts the positions searched.
    """

    seat: int
    forced: bool | None
    card: Card | None
    line: tuple[tuple[int, Card], ...]
    nodes: int
    reason: str

    def __bool__(self) -> bool:
        return self.forced is True


@dataclass(frozen=True)
class PointsAnswer:
    """The points ``seat`` is sure to end the hand with under perfect two-team play.

    ``points`` is None when the search ran out of budget. ``line`` is a
    principal variation (both sides playing perfectly) to the end of the hand.
    """

    seat: int
    points: int | None
    line: tuple[tuple[int, Card], ...]
    nodes: int
    reason: str


@dataclass(frozen=True)
class MoveValue:
    """One row of a :class:`MovesTable`: a legal card and the points it guarantees (None: unknown)."""

    card: Card
    points: int | None


@dataclass(frozen=True)
class MovesTable:
    """Every legal card of the seat to play, with the points it leads to under perfect play."""

    seat: int
    moves: tuple[MoveValue, ...]
    nodes: int
    reason: str

    @property
    def complete(self) -> bool:
        """Every card's value is known."""
        return all(m.points is not None for m in self.moves)

    @property
    def best(self) -> tuple[Card, ...]:
        """The cards with the fewest points (empty unless every value is known)."""
        if not self.complete or not self.moves:
            return ()
        low = min(m.points for m in self.moves if m.points is not None)
        return tuple(m.card for m in self.moves if m.points == low)

    def as_dict(self) -> dict[Card, int | None]:
        """``{card: points}`` in the order of the table."""
        return {m.card: m.points for m in self.moves}

    def __str__(self) -> str:
        rows = [f"Seat {self.seat} to play; points each card guarantees under perfect play:"]
        for m in self.moves:
            mark = "  <- best" if m.card in self.best else ""
            rows.append(f"  {str(m.card):>4}  {'unknown' if m.points is None else m.points}{mark}")
        if not self.complete:
            rows.append(f"  ({self.reason})")
        return "\n".join(rows)


# ---------------------------------------------------------------------------------------------
# The scoring of a finished hand, seen by one seat (the moon policies of RULES.md §4)
# ---------------------------------------------------------------------------------------------


def _seat_delta(rules: Rules, points: Sequence[int], shooter: int | None, seat: int, scores: Sequence[int]) -> int:
    """What the hand adds to ``seat``'s score. With ``moon="choice"`` the shooter chooses:
    ``seat`` picks what is best for itself, an opposing shooter what is worst for ``seat``."""
    if shooter is None or rules.moon == "off":
        return points[seat]
    if rules.moon == "choice":
        options = [score_hand(rules, points, shooter, scores, moon_choice=c).deltas[seat] for c in ("old", "new")]
        return min(options) if shooter == seat else max(options)
    return score_hand(rules, points, shooter, scores).deltas[seat]


_ANY_SEAT = object()  # _check's default: the call takes no seat


def _check(hand: Hand, seat: object = _ANY_SEAT) -> int:
    """Check the hand (and the seat, if given); returns the seat as a plain ``int`` (-1 if none was given)."""
    check_type(hand, Hand, "hand", "a Hand")
    if hand.phase != "play":
        why = "the hand is over" if hand.phase == "over" else "the cards have not been passed yet; pass first"
        raise ArgumentError(f"phase: the solver searches the play of a hand, and {why}.", "phase")
    if seat is _ANY_SEAT:
        return -1
    checked: int = check_seat(seat, hand.players)  # type: ignore[assignment]  # allow_none is False: an int
    return checked


def _scores(hand: Hand, scores: Sequence[int] | None) -> tuple[int, ...]:
    if scores is None:
        return (0,) * hand.players
    return check_scores(scores, hand.players)


# ---------------------------------------------------------------------------------------------
# The reference: naive full minimax through the engine
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ReferenceResult:
    """What :func:`reference_solve` finds: for every seat, the points it can guarantee
    (``points[s]``), whether it can force the moon (``moon[s]``), and for the seat to
    play, the value of each legal card (``moves``). ``leaves`` counts the finished hands seen."""

    points: tuple[int, ...]
    moon: tuple[bool, ...]
    moves: tuple[tuple[Card, int], ...]
    leaves: int


def reference_solve(hand: Hand, scores: Sequence[int] | None = None, *, max_leaves: int = 2_000_000) -> ReferenceResult:
    """Naive full minimax through the engine: every legal card, every reply, to the end.

    No pruning, no memory, no shortcuts: each child position is the engine's own
    :meth:`Hand.play` on a copy, each leaf is scored by the engine
    (:meth:`Hand.points`, :attr:`Hand.moon_shooter`) and :func:`~hearts_lab.scoring.score_hand`.
    Use it on small endgames; the fast search is tested against it.

    >>> from hearts_lab import Hand, Rules
    >>> rules = Rules.preset("standard", players=4)
    >>> hand = Hand.from_cards(rules, ["2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC", "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
    ...                               "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"], hand_number=3)
    >>> for _ in range(40):                   # ten tricks of lowest cards: three tricks left
    ...     hand.play(hand.legal_moves()[0])
    >>> result = reference_solve(hand)
    >>> result.moon, result.points
    ((True, False, False, False), (0, 26, 26, 26))
    """
    _check(hand)
    max_leaves = check_budget(max_leaves, "max_leaves", whole=True)
    rules = hand.rules
    n = hand.players
    sc = _scores(hand, scores)
    leaves = 0

    def walk(h: Hand) -> tuple[list[int], list[bool]]:
        nonlocal leaves
        if h.phase == "over":
            leaves += 1
            if leaves > max_leaves:
                raise ArgumentError(f"max_leaves: the reference search passed {max_leaves} finished hands; use a smaller position.", "max_leaves")
            points, shooter = h.points(), h.moon_shooter
            return [_seat_delta(rules, points, shooter, s, sc) for s in range(n)], [shooter == s for s in range(n)]
        mover = h.to_play
        values: list[int] | None = None
        moons: list[bool] | None = None
        for card in h.legal_moves():
            child = h.copy()
            child.play(card)
            v, m = walk(child)
            if values is None or moons is None:
                values, moons = v, m
                continue
            for s in range(n):
                values[s] = min(values[s], v[s]) if s == mover else max(values[s], v[s])
                moons[s] = (moons[s] or m[s]) if s == mover else (moons[s] and m[s])
        assert values is not None and moons is not None
        return values, moons

    mover = hand.to_play
    assert mover is not None
    root_values: list[int] | None = None
    root_moons: list[bool] | None = None
    moves = []
    for card in hand.legal_moves():
        child = hand.copy()
        child.play(card)
        v, m = walk(child)
        moves.append((card, v[mover]))
        if root_values is None or root_moons is None:
            root_values, root_moons = list(v), list(m)
            continue
        for s in range(n):
            root_values[s] = min(root_values[s], v[s]) if s == mover else max(root_values[s], v[s])
            root_moons[s] = (root_moons[s] or m[s]) if s == mover else (root_moons[s] and m[s])
    assert root_values is not None and root_moons is not None
    return ReferenceResult(tuple(root_values), tuple(root_moons), tuple(moves), leaves)


def game_tree(hand: Hand, seat: int, *, scores: Sequence[int] | None = None, max_nodes: int = 400) -> str:
    """The whole game tree from ``hand``, drawn as text, with the minimax value for ``seat``
    at every node: ``seat`` picks the smallest value, the others the largest.

    Every node is the engine's own position (:meth:`Hand.play` on a copy); a finished
    hand shows the points and any moon. For tiny endgames (at most ``max_nodes`` nodes).

    >>> from hearts_lab import Hand, Rules
    >>> rules = Rules.preset("standard", players=4)
    >>> hand = Hand.from_cards(rules, ["2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC", "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
    ...                               "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"], hand_number=3)
    >>> for _ in range(48):                   # to the last trick
    ...     hand.play(hand.legal_moves()[0])
    >>> print(game_tree(hand, 1))
    seat 0 to play; values are seat 1's points (seat 1 takes the smallest, the others the largest)
    └─ seat 0 plays A♣ → 26
       └─ seat 1 plays A♦ → 26
          └─ seat 2 plays A♥ → 26
             └─ seat 3 plays A♠ → 26: points 26 0 0 0, seat 0 shoots the moon
    """
    seat = _check(hand, seat)  # a numpy or sympy integer seat becomes the int the answer reports
    max_nodes = check_budget(max_nodes, "max_nodes", whole=True)
    rules = hand.rules
    sc = _scores(hand, scores)
    count = 0

    def walk(h: Hand) -> tuple[int, list[tuple[str, list[object]]]]:
        nonlocal count
        count += 1
        if count > max_nodes:
            raise ArgumentError(f"max_nodes: the tree has more than {max_nodes} nodes; draw a smaller endgame.", "max_nodes")
        mover = h.to_play
        assert mover is not None
        kids: list[tuple[str, list[object]]] = []
        values = []
        for card in h.legal_moves():
            child = h.copy()
            child.play(card)
            if child.phase == "over":
                shooter = child.moon_shooter
                v = _seat_delta(rules, child.points(), shooter, seat, sc)
                end = f": points {' '.join(map(str, child.points()))}" + (f", seat {shooter} shoots the moon" if shooter is not None else "")
                kids.append((f"seat {mover} plays {card} → {v}{end}", []))
            else:
                v, sub = walk(child)
                kids.append((f"seat {mover} plays {card} → {v}", list(sub)))
            values.append(v)
        return (min(values) if mover == seat else max(values)), kids

    _, tree = walk(hand)
    lines = [f"seat {hand.to_play} to play; values are seat {seat}'s points (seat {seat} takes the smallest, the others the largest)"]

    def draw(nodes: list[tuple[str, list[object]]], indent: str) -> None:
        for i, (label, sub) in enumerate(nodes):
            last = i == len(nodes) - 1
            lines.append(indent + ("└─ " if last else "├─ ") + label)
            draw(sub, indent + ("   " if last else "│  "))  # type: ignore[arg-type]

    draw(tree, "")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# The fast search
# ---------------------------------------------------------------------------------------------


class _Search:
    """A compact, mutable copy of a position with play/undo, a canonical key and the two searches.

    Cards are small integers (:func:`_code`). Seat ``-1`` never holds anything.
    Piles are kept as totals: their points, their moon cards and their
    positive-point cards, which is all the rest of the hand can see of them.
    """

    def __init__(self, hand: Hand, seat: int, scores: tuple[int, ...], max_nodes: int, time_limit: float | None) -> None:
        # Budgets are checked where they are taken: NaN nodes or a time limit of "x" would search without bound.
        max_nodes = check_budget(max_nodes, "max_nodes", whole=True)
        time_limit = None if time_limit is None else check_budget(time_limit, "time_limit", zero=True)
        rules = hand.rules
        self.rules = rules
        # The search's shortcuts (equivalent cards, canonical keys, cash-outs) assume these rules' fields only.
        unknown = unsupported_fields(rules, SUPPORTED_FIELDS)
        if unknown:
            raise RulesError(f"{unknown[0]}: the solver does not implement this rule option.", unknown[0])
        self.core = core = Core.of(rules)  # the one implementation of the play rules
        self.n = n = hand.players
        self.seat = seat
        self.scores = scores
        self.max_nodes = max_nodes
        self.deadline = None if time_limit is None else time.monotonic() + time_limit
        self.nodes = 0
        self.limit = 1 << 62
        # By code, from the core: each card's points, whether it counts toward the moon, is worth more than 0.
        self.value, self.moon, self.positive = core.value, core.moon, core.positive
        self.pointcard = {c: card in POINT_CARDS for c, card in _CARD_OF.items()}
        self.breaks = {c: bool(core.breakers >> c & 1) for c in _CARD_OF}
        classes: dict[tuple[int, bool, bool, bool, bool], int] = {}
        self.cls = {}
        for c in _CARD_OF:
            k = (self.value[c], self.moon[c], self.positive[c], self.pointcard[c], self.breaks[c])
            self.cls[c] = classes.setdefault(k, len(classes))
        self.tag = {c: ((c >> 4) * 64 + self.cls[c]) * 4096 for c in _CARD_OF}
        # The rule flags are read from the core (core.cancellation, core.kitty_trick, ...), never copied here.
        self.key_points = rules.moon in ("auto", "avoid-end")  # the moon decision reads every seat's points
        # -- the position
        # Each seat's cards as masks (hearts_lab.core): the distinct cards it holds, and those it holds twice.
        self.two_packs = rules.decks > 1
        self.held = [0] * n
        self.twice = [0] * n
        for s in range(n):
            for c in (_code(card) for card in hand.cards(s)):
                if self.held[s] >> c & 1:
                    self.twice[s] |= 1 << c
                else:
                    self.held[s] |= 1 << c
        self.trick: list[int] = [_code(c) for _, c in hand.current_trick.plays]  # in play order from the leader
        self.leader = hand.leader
        to_play = hand.to_play
        assert to_play is not None
        self.to_play = to_play
        self.trick_no = hand.trick_number
        self.broken = hand.hearts_broken
        pending = [_code(c) for c in hand.pending]
        self.pend_pts = sum(self.value[c] for c in pending)
        self.pend_moon = sum(self.moon[c] for c in pending)
        self.pend_pos = sum(self.positive[c] for c in pending)
        self.pts = list(hand.points())
        # Who may still shoot: -1 nobody has a moon card yet, k only seat k has, -2 nobody can.
        owner = -1
        for s in range(n):
            if any(self.moon[_code(c)] for c in hand.collected(s)):
                owner = s if owner == -1 else -2
        if any(self.moon[_code(c)] or self.positive[_code(c)] for c in hand.unclaimed):
            owner = -2
        self.owner = owner if core.moon_on else -2
        kitty = [_code(c) for c in hand.kitty]
        self.kitty = (sum(self.value[c] for c in kitty), sum(self.moon[c] for c in kitty), sum(self.positive[c] for c in kitty))
        self.opening = -1
        if self.trick_no == 0 and not self.trick and core.opening_lead == "lowest-club" and hand.opening_card is not None:
            self.opening = _code(hand.opening_card)
        self.opening_bit = 1 << self.opening if self.opening >= 0 else 0
        self.leaf_cache: dict[tuple[tuple[int, ...], int], int] = {}
        self.moon_tt: dict[tuple[object, ...], int] = {}
        # History heuristic: cards that refuted (or proved) before are tried first.
        self.history: list[dict[int, int]] = [{} for _ in range(n)]
        self.value_tt: dict[tuple[object, ...], tuple[float, float]] = {}

    # -- budget -------------------------------------------------------------------------------

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise _OutOfBudget(f"unknown within the budget: more than {self.max_nodes:,} positions")
        if self.deadline is not None and not self.nodes & 1023 and time.monotonic() > self.deadline:
            raise _OutOfBudget("unknown within the budget: out of time")
        if self.nodes > self.limit:
            raise _Allowance()

    # -- rules ----------------------------------------------------------------------------------

    def legal(self, seat: int) -> tuple[int, ...]:
        """The engine's legality decision (:meth:`hearts_lab.core.Core.legal`), as distinct codes, ascending."""
        trick = self.trick
        led = trick[0] >> 4 if trick else -1
        mask, _ = self.core.legal(self.held[seat], led, self.trick_no == 0, self.broken, self.opening_bit)
        if led >= 0 and not mask & ~SUIT_MASKS[led]:
            return _CODES_BY_CHUNK[led][mask >> (16 * led + 2) & 0x1FFF]  # following suit: one suit's codes
        return codes_of(mask)

    def moves(self, seat: int) -> list[int]:
        """Legal cards, one per run of equivalent cards (same suit and class, held by ``seat``,
        no other live card in between, no copy held by anyone else or on the table)."""
        legal = self.legal(seat)  # distinct codes, ascending
        if len(legal) < 2:
            return list(legal)
        held = self.held
        mine = held[seat]
        others = 0
        for s, h in enumerate(held):
            if s != seat:
                others |= h
        for c in self.trick:
            others |= 1 << c
        cls = self.cls
        out: list[int] = []
        prev = -100
        for c in legal:
            if others >> c & 1:
                out.append(c)
                prev = -100
                continue
            if prev >= 0 and prev >> 4 == c >> 4 and cls[prev] == cls[c]:
                between = (1 << c) - (1 << (prev + 1))
                if not others & between:
                    own = mine & between
                    while own:  # the seat's own cards in between must be of the same class
                        low = own & -own
                        if cls[low.bit_length() - 1] != cls[c]:
                            break
                        own ^= low
                    else:
                        continue  # equivalent to the card kept for this run
            out.append(c)
            prev = c
        return out

    def play(self, code: int) -> tuple[int, ...] | None:
        """Play ``code`` for the seat to play; returns what :meth:`unplay` needs."""
        seat = self.to_play
        b = 1 << code
        if self.two_packs and self.twice[seat] & b:
            self.twice[seat] ^= b
        else:
            self.held[seat] ^= b
        trick = self.trick
        trick.append(code)
        n = self.n
        if len(trick) < n:
            self.to_play = (seat + 1) % n
            return None
        saved = (self.leader, self.to_play, int(self.broken), self.pend_pts, self.pend_moon, self.pend_pos, self.owner)
        core = self.core
        # The winner and the cards' Core.tally summed: their points, moon cards, cards worth points, hearts breakers.
        winner, _, _, total = core.decide_trick(trick)
        if winner >= 0:
            winner = core.trick_order[self.leader][winner]  # its place in the trick, as a seat
        p_pts = self.pend_pts + (total >> POINTS_SHIFT)
        p_moon = self.pend_moon + (total & MOON_FLAG)
        p_pos = self.pend_pos + ((total & POSITIVE_FLAG) >> 8)
        number = self.trick_no
        last = number == core.last_trick
        if number == core.kitty_trick:
            p_pts += self.kitty[0]
            p_moon += self.kitty[1]
            p_pos += self.kitty[2]
        collector = core.collector(winner, self.leader, number)
        took = -1
        if collector >= 0:
            took = self.pts[collector]
            self.pts[collector] += p_pts
            self.owner = core.moon_owner(self.owner, collector, p_moon > 0, p_pos > 0)
            self.pend_pts = self.pend_moon = self.pend_pos = 0
        elif last:
            self.owner = core.moon_owner(self.owner, -1, p_moon > 0, p_pos > 0)
            self.pend_pts = self.pend_moon = self.pend_pos = 0
        else:
            self.pend_pts, self.pend_moon, self.pend_pos = p_pts, p_moon, p_pos
        if total & BREAKS_FLAG:
            self.broken = True
        if winner >= 0:
            self.leader = winner
        self.to_play = self.leader
        self.trick_no = number + 1
        self.trick = []
        return (*saved, collector, took, number, self.opening)

    def unplay(self, saved: tuple[int, ...] | None, trick: list[int]) -> None:
        """Undo the last :meth:`play`; ``trick`` is the trick list as it was after that play."""
        if saved is None:
            code = self.trick.pop()
            self.to_play = seat = (self.to_play - 1) % self.n  # play moves to (seat + 1) % n
            b = 1 << code  # back in the masks
            if self.held[seat] & b:
                self.twice[seat] |= b
            else:
                self.held[seat] |= b
            return
        (self.leader, self.to_play, broken, self.pend_pts, self.pend_moon, self.pend_pos, self.owner,
         collector, took, number, self.opening) = saved
        self.broken = bool(broken)
        if collector >= 0:
            self.pts[collector] = took
        self.trick_no = number
        code = trick.pop()
        self.trick = trick
        seat = self.to_play  # the seat that completed the trick, as play() saved it
        b = 1 << code  # back in the masks
        if self.held[seat] & b:
            self.twice[seat] |= b
        else:
            self.held[seat] |= b

    def cards(self, seat: int) -> tuple[int, ...]:
        """The codes of every card ``seat`` holds (a card held twice listed twice)."""
        if self.two_packs and self.twice[seat]:
            return codes_of(self.held[seat]) + codes_of(self.twice[seat])
        return codes_of(self.held[seat])

    def count(self, seat: int) -> int:
        """How many cards ``seat`` holds."""
        return self.held[seat].bit_count() + self.twice[seat].bit_count()

    # -- the canonical position -----------------------------------------------------------------

    def key(self, with_points: bool) -> tuple[object, ...]:
        """The position at the start of a trick, up to exact ranks: the live cards in suit and
        rank order, each as (suit, class, holders). Identical copies (two packs) stay together."""
        own: dict[int, int] = {}
        if not self.two_packs:
            for s, h in enumerate(self.held, 1):
                for c in codes_of(h):
                    own[c] = s
        else:
            for s in range(self.n):
                cards = self.cards(s)  # a seat's cards one after another: a card held twice gets s twice
                s += 1
                for c in cards:
                    own[c] = own.get(c, 0) * 16 + s
        tag = self.tag
        seq = tuple([tag[c] + o for c, o in sorted(own.items())])
        if with_points:
            return (self.leader, self.broken, self.trick_no == 0, self.owner, self.pend_moon > 0, self.pend_pos > 0, seq,
                    self.pend_pts, tuple(self.pts) if self.key_points else None)
        # The moon search only visits positions where nobody but the seat has a moon card.
        return (self.leader, self.broken, self.trick_no == 0, self.pend_moon > 0, self.pend_pos > 0, seq)

    def leaf(self) -> int:
        """The seat's score change for the finished hand."""
        shooter = self.owner if self.owner >= 0 else -1
        pts = tuple(self.pts)
        k = (pts, shooter)
        v = self.leaf_cache.get(k)
        if v is None:
            v = _seat_delta(self.rules, pts, shooter if shooter >= 0 else None, self.seat, self.scores)
            self.leaf_cache[k] = v
        return v

    def winning_now(self) -> tuple[int, int]:
        """(seat, card) currently winning the trick in progress (-1 if none): the trick-winner rule on the cards so far."""
        core = self.core
        place, best, _, _ = core.decide_trick(self.trick)
        return (core.trick_order[self.leader][place] if place >= 0 else -1), best

    def order(self, cards: list[int], helping: bool) -> list[int]:
        """Move ordering. ``helping``: the mover plays for the moon seat (wants to win the
        trick, keep points out of others' tricks); otherwise against it."""
        seat = self.seat
        mover = self.to_play
        moon = self.moon
        if not self.trick:
            # Leads: the moon seat leads high; defenders lead low (to duck under the seat) .
            return sorted(cards, key=lambda c: -(c & 15)) if helping else sorted(cards, key=lambda c: (moon[c], c & 15))
        led = self.trick[0] >> 4
        who, best = self.winning_now()
        team_winning = who >= 0 and (who == seat) == (mover == seat)

        def score(c: int) -> tuple[int, int]:
            follows = c >> 4 == led
            beats = follows and c > best
            if helping:
                if beats:
                    return (0, -(c & 15))
                return (1, c & 15)
            # against the moon seat: win the trick, or dump a point card on a partner's trick
            if beats:
                return (0, -moon[c])
            if team_winning and who >= 0:
                return (0 if moon[c] else 2, -(c & 15))
            return (1 if not moon[c] else 3, -(c & 15))

        return sorted(cards, key=score)

    # -- can the seat force the moon? (AND/OR proof search) ---------------------------------------

    def cash_out(self) -> bool:
        """Sound shortcut: the seat leads and each of its cards beats every live card of its suit
        (no identical copy elsewhere): it wins every remaining trick, so it collects everything."""
        seat = self.seat
        if self.leader != seat or self.trick_no == 0:
            return False
        others = 0
        for s, h in enumerate(self.held):
            if s != seat:
                others |= h
        mine = self.held[seat]
        for suit_mask in SUIT_MASKS:
            m = mine & suit_mask
            if m and others & suit_mask >= m & -m:  # some other card of the suit at or above the seat's lowest
                return False
        return True

    def outgunned(self) -> bool:
        """Sound shortcut (no cancellation): the seat holds a moon card ``m`` of a suit in
        which it holds ``k`` cards, and one defender holds at least ``k`` cards of that suit
        higher than ``m``. Then ``m`` can never win its trick: the defender plays one of those
        cards to every trick led in the suit (the seat plays to at most ``k`` of them), leads
        one when it can lead nothing else, and otherwise keeps them (it plays another card, or
        holds nothing but cards of the suit, as many as the seat's whole hand). And ``m``
        discarded to another suit's trick is won by somebody else. On trick 1 a defender may
        be made to throw one of those cards (when no points may be discarded), so there it
        must also hold some other card it may play."""
        if self.core.cancellation:
            return False
        seat = self.seat
        mine, mine_twice = self.held[seat], self.twice[seat]
        moon_mask = self.core.moon_mask
        targets = []  # per suit with a moon card of the seat: (the suit's cards above its lowest one, the seat's count)
        for suit_mask in SUIT_MASKS:
            m = mine & moon_mask & suit_mask
            if m:
                low = m & -m
                targets.append((suit_mask & ~((low << 1) - 1), (mine & suit_mask).bit_count() + (mine_twice & suit_mask).bit_count()))
        if not targets:
            return False
        first = self.trick_no == 0 and not self.core.first_trick_points
        for s in range(self.n):
            if s == seat:
                continue
            h, h_twice = self.held[s], self.twice[s]
            for above, count in targets:
                if (h & above).bit_count() + (h_twice & above).bit_count() >= count:
                    if first and not h & ~POINT_MASK & ~above:
                        continue
                    return True
        return False

    def moon_search(self) -> bool:
        """The exact answer. Two searches take turns with growing node allowances: the plain
        proof search to the end, and iterative deepening that asks whether the defence can stop
        the seat within 2, 4, 6, ... tricks (positions past the horizon count as the seat's
        success, so a refutation found there is a real one). The first to finish answers; both
        share the transposition table, whose entries are all exact."""
        if self.owner == -2 or (self.owner >= 0 and self.owner != self.seat):
            return False
        end = self.trick_no + self.count(self.to_play) + 1
        allowance = 2_000
        while True:
            for deepening in (False, True):
                self.limit = self.nodes + allowance
                try:
                    if not deepening:
                        return self.moon_within(99)
                    horizon = self.trick_no + 2
                    while horizon < end:
                        if not self.moon_within(horizon):
                            return False
                        horizon += 2
                    return self.moon_within(99)
                except _Allowance:
                    pass
                finally:
                    self.limit = 1 << 62
            allowance *= 4

    def moon_within(self, horizon: int) -> bool:
        """Can the seat keep every moon card out of the other seats' hands up to trick ``horizon``
        (and, with ``horizon`` past the end, get them all)? A False is final: the defence
        stopped the seat even with every position at the horizon counted a success."""
        self.tick()
        owner = self.owner
        if owner == -2 or (owner >= 0 and owner != self.seat):
            return False
        key = None
        if not self.trick:
            if not self.held[self.to_play]:
                return owner == self.seat
            if self.trick_no >= horizon:
                return True
            if self.cash_out():
                return True
            if self.outgunned():
                return False
            key = self.key(False)
            known = self.moon_tt.get(key)
            if known is not None and (known < 0 or known >= horizon - self.trick_no):
                return known >= 0
        mover = self.to_play
        helping = mover == self.seat
        result = not helping
        cards = self.order(self.moves(mover), helping)
        if len(cards) > 1:
            history = self.history[mover]
            cards.sort(key=lambda c: -history.get(c, 0))  # stable: ties keep the static order
        for c in cards:
            trick = self.trick
            saved = self.play(c)
            try:
                r = self.moon_within(horizon)
            finally:
                self.unplay(saved, trick)
            if r == helping:
                result = helping
                if len(cards) > 1:
                    history = self.history[mover]
                    history[c] = history.get(c, 0) + self.count(mover) ** 2
                break
        if key is not None:
            # -1: refuted for good; otherwise the number of tricks ahead the seat is known to survive.
            self.moon_tt[key] = (horizon - self.trick_no if horizon < 99 else 99) if result else -1
        return result

    def moon_line(self) -> tuple[tuple[int, Card], ...]:
        """A principal variation of a proven moon: the seat's winning card, the defence tried first."""
        return self._line(self.moon_search, lambda mover: mover == self.seat, "a proven moon has a winning continuation")

    def _line(self, keeps: Callable[[], bool], helping: Callable[[int], bool], proof: str) -> tuple[tuple[int, Card], ...]:
        """Play out a principal variation: at each turn the first card, in :meth:`order` (``helping(mover)``),
        after which ``keeps()`` still holds; the position is restored afterwards. ``proof`` names why one must."""
        line: list[tuple[int, Card]] = []
        undo: list[tuple[tuple[int, ...] | None, list[int]]] = []
        while self.held[self.to_play]:
            mover = self.to_play
            chosen = None
            for c in self.order(self.moves(mover), helping(mover)):
                trick = self.trick
                saved = self.play(c)
                ok = keeps()
                self.unplay(saved, trick)
                if ok:
                    chosen = c
                    break
            assert chosen is not None, proof
            line.append((mover, _CARD_OF[chosen]))
            trick = self.trick
            undo.append((self.play(chosen), trick))
        while undo:
            saved, trick = undo.pop()
            self.unplay(saved, trick)
        return tuple(line)

    # -- points: alpha-beta, seat minimising, the others maximising ----------------------------

    def value_search(self, alpha: float, beta: float) -> float:
        self.tick()
        key = None
        acc = self.pts[self.seat]
        a0, b0 = alpha, beta
        if not self.trick:
            if not self.held[self.to_play]:
                return self.leaf()
            if self.owner == -2:
                # Nobody can shoot any more: the seat ends with its points plus some of the points
                # still out (a sound bound; exact when none are left).
                low = high = acc
                for worth, group in self.core.value_groups:  # the cards of each value, as one mask
                    k = 0
                    for h in self.held:
                        k += (h & group).bit_count()
                    if self.two_packs:
                        for h in self.twice:
                            k += (h & group).bit_count()
                    if worth > 0:
                        high += worth * k
                    else:
                        low += worth * k
                rest = self.pend_pts + (self.kitty[0] if self.core.kitty_trick >= self.trick_no else 0)
                low += min(rest, 0)
                high += max(rest, 0)
                if low >= beta or low == high:
                    return low
                if high <= alpha:
                    return high
            key = self.key(True)
            entry = self.value_tt.get(key)
            if entry is not None:
                lo, hi = entry[0] + acc, entry[1] + acc
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
                alpha, beta = max(alpha, lo), min(beta, hi)
                a0, b0 = alpha, beta
        mover = self.to_play
        minimising = mover == self.seat
        best = float("inf") if minimising else float("-inf")
        cards = self.order(self.moves(mover), not minimising)
        history = self.history[mover]
        if len(cards) > 1:
            cards.sort(key=lambda c: -history.get(c, 0))  # stable: ties keep the static order
        for c in cards:
            trick = self.trick
            saved = self.play(c)
            try:
                v = self.value_search(alpha, beta)
            finally:
                self.unplay(saved, trick)
            if minimising:
                if v < best:
                    best = v
                if best < beta:
                    beta = best
            else:
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
            if alpha >= beta:
                if len(cards) > 1:
                    history[c] = history.get(c, 0) + self.count(mover) ** 2
                break
        if key is not None:
            lo, hi = self.value_tt.get(key, (float("-inf"), float("inf")))
            if best <= a0:
                hi = min(hi, best - acc)
            elif best >= b0:
                lo = max(lo, best - acc)
            else:
                lo = hi = best - acc
            self.value_tt[key] = (lo, hi)
        return best

    def exact(self) -> int:
        v = self.value_search(float("-inf"), float("inf"))
        return int(v)

    def value_line(self, value: int) -> tuple[tuple[int, Card], ...]:
        """A principal variation: at each turn a card whose exact value equals the position's."""
        return self._line(lambda: self.value_search(value - 0.5, value + 0.5) == value, lambda mover: mover != self.seat,
                          "some card keeps the value")


# ---------------------------------------------------------------------------------------------
# Public questions
# ---------------------------------------------------------------------------------------------


def can_force_moon(
    hand: Hand,
    seat: int,
    *,
    max_nodes: int = DEFAULT_NODES,
    time_limit: float | None = None,
    line: bool = True,
) -> MoonAnswer:
    """Can ``seat`` collect every moon card from here, all cards face up, against every defence?

    The other seats see every card too and play together to stop it. A moon card
    won by another seat, or a point card nobody collects (a set-aside last trick,
    RULES.md §3.11), ends the attempt. ``line=False`` skips the winning line.

    >>> from hearts_lab import Hand, Rules
    >>> rules = Rules.preset("standard", players=3)
    >>> hand = Hand.deal(rules, seed=11, hand_number=0)
    >>> for seat in range(3):
    ...     hand.pass_cards(seat, hand.cards(seat)[:3])
    >>> [can_force_moon(hand, seat).forced for seat in range(3)]
    [False, False, False]
    >>> can_force_moon(hand, 2).nodes > 5
    True
    >>> can_force_moon(hand, 2, max_nodes=5).reason
    'unknown within the budget: more than 5 positions'
    >>> can_force_moon(Hand.deal(Rules.preset("standard", players=4, moon="off"), seed=1, hand_number=3), 0)
    Traceback (most recent call last):
    ...
    hearts_lab.errors.RulesError: moon: the rules have moon='off', so nobody can shoot the moon.
    """
    seat = _check(hand, seat)  # a numpy or sympy integer seat becomes the int the answer reports
    if hand.rules.moon == "off":
        raise RulesError("moon: the rules have moon='off', so nobody can shoot the moon.", "moon")
    search = _Search(hand, seat, (0,) * hand.players, max_nodes, time_limit)
    try:
        forced = search.moon_search()
        pv = search.moon_line() if forced and line else ()
    except _OutOfBudget as stop:
        return MoonAnswer(seat, None, None, (), search.nodes, str(stop))
    card = pv[0][1] if pv and pv[0][0] == seat else None
    if forced and not line and hand.to_play == seat:
        for c in search.order(search.moves(seat), True):
            trick = search.trick
            saved = search.play(c)
            ok = search.moon_search()
            search.unplay(saved, trick)
            if ok:
                card = _CARD_OF[c]
                break
    if forced:
        reason = f"seat {seat} can force the moon"
    else:
        reason = f"the other seats can stop seat {seat}'s moon"
    return MoonAnswer(seat, forced, card, pv, search.nodes, reason)


def guaranteed_points(
    hand: Hand,
    seat: int,
    *,
    scores: Sequence[int] | None = None,
    max_nodes: int = DEFAULT_NODES,
    time_limit: float | None = None,
    line: bool = False,
) -> PointsAnswer:
    """The score change ``seat`` is sure of: it plays to make it as low as possible,
    every other seat plays together to make it as high as possible, all cards face up.

    The value is what the finished hand adds to ``seat``'s score under the moon
    rule of the rules (RULES.md §4): with ``moon="old"`` a shooter scores 0 (its
    own non-moon cards aside) and the others +reward; ``"new"``: the shooter
    -reward; ``"choice"``: ``seat`` as shooter chooses its best, an opposing
    shooter chooses the worst for ``seat``; ``"auto"`` and ``"avoid-end"``
    decide from ``scores`` (the scores before this hand; default all 0).
    ``line=True`` adds a principal variation.

    >>> from hearts_lab import Hand, Rules
    >>> rules = Rules.preset("standard", players=4)
    >>> hand = Hand.deal(rules, seed=5, hand_number=3)
    >>> while len(hand.cards(0)) > 4:
    ...     hand.play(hand.legal_moves()[0])
    >>> answer = guaranteed_points(hand, hand.to_play)
    >>> answer.points == reference_solve(hand).points[hand.to_play]
    True
    """
    seat = _check(hand, seat)  # a numpy or sympy integer seat becomes the int the answer reports
    sc = _scores(hand, scores)
    search = _Search(hand, seat, sc, max_nodes, time_limit)
    try:
        value = search.exact()
        pv = search.value_line(value) if line else ()
    except _OutOfBudget as stop:
        return PointsAnswer(seat, None, (), search.nodes, str(stop))
    return PointsAnswer(seat, value, pv, search.nodes, f"seat {seat} is sure of {value} points and cannot do better")


def best_moves(
    hand: Hand,
    *,
    scores: Sequence[int] | None = None,
    max_nodes: int = DEFAULT_NODES,
    time_limit: float | None = None,
) -> MovesTable:
    """Every legal card of the seat to play with the points it guarantees that seat
    (the value of :func:`guaranteed_points` after playing it): a double-dummy table.

    The budget is shared by all the cards; a card not solved within it shows ``None``.

    >>> from hearts_lab import Hand, Rules
    >>> rules = Rules.preset("standard", players=4)
    >>> hand = Hand.deal(rules, seed=5, hand_number=3)
    >>> while len(hand.cards(0)) > 3:
    ...     hand.play(hand.legal_moves()[-1])
    >>> table = best_moves(hand)
    >>> table.seat == hand.to_play, table.complete
    (True, True)
    >>> dict(table.as_dict()) == dict(reference_solve(hand).moves)
    True
    """
    _check(hand)
    mover = hand.to_play
    assert mover is not None
    sc = _scores(hand, scores)
    search = _Search(hand, mover, sc, max_nodes, time_limit)
    rows: list[MoveValue] = []
    reason = f"exact values for seat {mover}"
    legal = [_code(c) for c in hand.legal_moves()]
    # Equivalent cards share a value: solve one of each run.
    kept = search.moves(mover)
    solved: dict[int, int | None] = {}
    stopped = False
    for c in search.order(kept, False):
        if stopped:
            solved[c] = None
            continue
        trick = search.trick
        saved = search.play(c)
        try:
            solved[c] = int(search.value_search(float("-inf"), float("inf")))
        except _OutOfBudget as stop:
            solved[c] = None
            stopped = True
            reason = str(stop)
            # Undo the partial search: the state is restored by the unwinding finally-blocks below.
        finally:
            search.unplay(saved, trick)
    for c in legal:
        rep = max(k for k in kept if k <= c and k >> 4 == c >> 4) if c not in solved else c
        rows.append(MoveValue(_CARD_OF[c], solved[rep]))
    return MovesTable(mover, tuple(rows), search.nodes, reason)


# ---------------------------------------------------------------------------------------------
# Surveys: the forced-moon rate over many random deals, on any executor
# ---------------------------------------------------------------------------------------------


def survey_deal(rules: Rules, seed: int | str, number: int, max_nodes: int = 50_000) -> dict[str, object]:
    """Ask the moon question for every seat of one random deal (no passing).

    The deal is ``deal_cards(rules, seed, hand_number=number)``, played from
    trick 1 without a pass. Returns plain data: ``forced`` (seats that can force
    the moon), ``unknown`` (seats not settled within ``max_nodes`` positions),
    ``nodes`` and ``seconds`` for each seat, and the cards of each seat when
    some seat can force the moon or is unknown.

    >>> from hearts_lab import Rules
    >>> row = survey_deal(Rules.preset("standard", players=4), seed=1, number=0)
    >>> row["forced"], row["unknown"]
    ([], [])
    """
    from .deal import deal_cards

    hands, kitty = deal_cards(rules, seed, hand_number=number)
    hand = Hand(rules, hands, kitty, hand_number=number, passing=False)
    forced: list[int] = []
    unknown: list[int] = []
    nodes: list[int] = []
    seconds: list[float] = []
    for seat in range(rules.players):
        start = time.perf_counter()
        answer = can_force_moon(hand, seat, max_nodes=max_nodes, line=False)
        seconds.append(round(time.perf_counter() - start, 4))
        nodes.append(answer.nodes)
        if answer.forced is None:
            unknown.append(seat)
        elif answer.forced:
            forced.append(seat)
    row: dict[str, object] = {"number": number, "forced": forced, "unknown": unknown, "nodes": nodes, "seconds": seconds}
    if forced or unknown:
        row["hands"] = [" ".join(map(str, hand.cards(s))) for s in range(rules.players)]
        row["kitty"] = " ".join(map(str, kitty))
    return row


def survey_chunk(rules_data: dict[str, object], seed: int | str, start: int, stop: int, max_nodes: int) -> list[dict[str, object]]:
    """:func:`survey_deal` for deal numbers ``start`` to ``stop - 1`` (a picklable task for an executor)."""
    rules = Rules.from_dict(rules_data)
    return [survey_deal(rules, seed, k, max_nodes) for k in range(start, stop)]
