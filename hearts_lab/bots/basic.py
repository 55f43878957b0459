"""The bot protocol, the simple bots and the helpers that let bots play a hand or a game.

>>> from hearts_lab import Hand, Rules
>>> hand = Hand.deal(Rules.preset("standard", players=4), seed=5)
>>> play_hand(hand, [HeuristicBot(seed=s) for s in range(4)])
>>> hand.phase, sum(hand.points())
('over', 26)
"""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Callable, Literal, Protocol, Sequence, cast

from ..cards import HEARTS, POINT_CARDS, QUEEN_OF_SPADES, SPADES, Card
from ..deal import rng_for
from ..scoring import MoonChoice, auto_moon
from ..tricks import _winner

if TYPE_CHECKING:
    from ..game import Game
    from ..hand import Hand, SeatView
    from ..rules import Rules

__all__ = [
    "Bot", "RandomBot", "LowestCardBot", "HeuristicBot", "MoonChoice", "BOT_MOON_POLICY", "bot_moon_choice", "moon_chooser",
    "seat_bots", "deal_and_play", "play_hand", "play_game",
]

#: The rule policy (RULES.md §4) every bot follows when it shoots the moon under ``moon="choice"``.
#: Batch code that cannot call :meth:`Bot.choose_moon` hand by hand scores a bot's choice with this policy.
BOT_MOON_POLICY: Literal["auto"] = "auto"


class Bot(Protocol):
    """What a bot does: choose cards to pass and a card to play, from its seat's view,
    and (when it shot the moon under ``moon="choice"``) how the moon scores.

    A bot written from scratch needs only :meth:`choose_pass` and
    :meth:`choose_play`; :func:`bot_moon_choice` gives one without a
    ``choose_moon`` the policy below. The bots here subclass :class:`Bot`
    and inherit it.
    """

    def choose_pass(self, view: SeatView) -> Sequence[Card]: ...

    def choose_play(self, view: SeatView) -> Card: ...

    def choose_moon(self, rules: Rules, points: Sequence[int], shooter: int, scores: Sequence[int]) -> MoonChoice:
        """The bots' one moon policy: the rules' own ``auto`` decision (RULES.md §4), made by the
        engine (:func:`hearts_lab.scoring.auto_moon`).

        ``points`` are this hand's points before the moon, ``shooter`` is the
        bot's seat and ``scores`` the game scores before the hand. The answer is
        *old* (+reward to every other player) when, with the old moon applied to
        this hand's points (every point each player took, the moon cards aside),
        the shooter's total is strictly lower than every opponent's; otherwise
        *new* (-reward to the shooter). So old is taken only when it leaves the
        shooter strictly lowest: if it ends the game, the shooter wins it.

        >>> from hearts_lab import Rules
        >>> rules = Rules.preset("standard", players=4, moon="choice")
        >>> bot = LowestCardBot()
        >>> bot.choose_moon(rules, (26, 0, 0, 0), 0, (90, 80, 85, 70))
        'old'
        >>> bot.choose_moon(rules, (26, 0, 0, 0), 0, (50, 20, 30, 40))
        'new'
        """
        return auto_moon(rules, points, shooter, scores)


def bot_moon_choice(bot: object, rules: Rules, points: Sequence[int], shooter: int, scores: Sequence[int]) -> MoonChoice:
    """Ask ``bot`` (the shooter's) how its moon scores: its own ``choose_moon`` if it has one, else :meth:`Bot.choose_moon`.

    An answer other than ``"old"`` or ``"new"`` raises ``ValueError`` naming the bot.

    >>> from hearts_lab import Rules
    >>> rules = Rules.preset("standard", players=4, moon="choice")
    >>> bot_moon_choice(object(), rules, (26, 0, 0, 0), 2, (0, 0, 0, 0))
    'old'
    """
    choose = getattr(bot, "choose_moon", None)
    if choose is None:
        answer: object = Bot.choose_moon(cast(Bot, bot), rules, points, shooter, scores)  # the policy needs no bot state
    else:
        answer = choose(rules, points, shooter, scores)
    if answer == "old" or answer == "new":
        return "old" if answer == "old" else "new"
    raise ValueError(f"bots: seat {shooter}'s {type(bot).__name__}.choose_moon answered {answer!r}; expected 'old' or 'new'.")


def moon_chooser(bots: Sequence[object]) -> Callable[[Rules, Sequence[int], int, Sequence[int]], MoonChoice]:
    """The moon chooser of a line-up for :meth:`Game.score <hearts_lab.game.Game.score>`: the shooting
    seat's bot answers with :func:`bot_moon_choice`.

    >>> from hearts_lab import Rules
    >>> choose = moon_chooser([LowestCardBot()] * 4)
    >>> choose(Rules.preset("standard", players=4, moon="choice"), (26, 0, 0, 0), 0, (50, 20, 30, 40))
    'new'
    """
    lineup = list(bots)

    def choose(rules: Rules, points: Sequence[int], shooter: int, scores: Sequence[int]) -> MoonChoice:
        return bot_moon_choice(lineup[shooter], rules, points, shooter, scores)

    return choose


class RandomBot(Bot):
    """Passes and plays uniformly at random among what is legal; seeded, so repeatable.

    >>> from hearts_lab import Hand, Rules
    >>> hand = Hand.deal(Rules.preset("standard", players=4), seed=1, hand_number=3)
    >>> RandomBot(seed=0).choose_play(hand.view(hand.to_play))
    2♣
    """

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = rng_for(seed, 0, "bot")

    def choose_pass(self, view: SeatView) -> list[Card]:
        return self.rng.sample(list(view.cards), view.rules.pass_count)

    def choose_play(self, view: SeatView) -> Card:
        legal = view.legal_moves()
        return legal[self.rng.randrange(len(legal))]


class LowestCardBot(Bot):
    """Deterministic: passes its highest cards and plays its lowest legal card (lowest rank, then suit ♣ ♦ ♥ ♠)."""

    def choose_pass(self, view: SeatView) -> list[Card]:
        return sorted(view.cards, key=lambda c: (c.rank, c.sort_key()))[-view.rules.pass_count :]

    def choose_play(self, view: SeatView) -> Card:
        return min(view.legal_moves(), key=lambda c: (c.rank, c.sort_key()))


class HeuristicBot(Bot):
    """Plays like a sensible club player.

    It passes dangerous cards (the Q♠ without spade cover, A♠ and K♠, high
    hearts, cards that void a short suit), ducks under the winning card,
    dumps the Q♠ and high hearts on others when void, leads low, and tries
    for the moon with a strong hand while nobody else has taken points.
    With ``moon_defence=True`` (the ``"easy"`` level) it defends against a
    moon (:meth:`moon_threat`): it takes a trick with points in it away from
    the shooter when it can and feeds the shooter no points. The default
    leaves it off, so seeded games played before it existed replay the same.
    """

    def __init__(self, seed: int | str = 0, moon_defence: bool = False) -> None:
        if type(moon_defence) is not bool:
            raise ValueError(f"moon_defence: expected True or False, not {moon_defence!r:.40}.")
        self.rng = rng_for(seed, 0, "bot")
        self.moon_defence = moon_defence

    # -- passing ------------------------------------------------------------------

    def choose_pass(self, view: SeatView) -> list[Card]:
        return self.pass_order(view)[-view.rules.pass_count :]

    def pass_order(self, view: SeatView) -> list[Card]:
        """The seat's cards from the one it most wants to keep to the one it most wants to pass.

        >>> from hearts_lab import Hand, Rules
        >>> hand = Hand.deal(Rules.preset("standard", players=4), seed=4)
        >>> bot = HeuristicBot(seed=1)
        >>> bot.pass_order(hand.view(0))[-3:] == HeuristicBot(seed=1).choose_pass(hand.view(0))
        True
        """
        cards = list(view.cards)
        count = view.rules.pass_count
        if self._moon_hand(cards, view.rules):
            # Keep the winners; pass the low cards that could lose control.
            low_first = sorted(cards, key=lambda c: (c.rank, c.sort_key()))
            return low_first[count:][::-1] + low_first[:count]
        suit_len = {s: sum(1 for c in cards if c.suit == s) for s in "CDHS"}
        low_spades = sum(1 for c in cards if c.suit == SPADES and c.rank < 12)

        def danger(card: Card) -> float:
            if card == QUEEN_OF_SPADES:
                return 0 if low_spades >= 4 else 100
            if card.suit == SPADES and card.rank > 12:
                return 5 if low_spades >= 4 else 60 + card.rank
            score = card.rank + (8 - suit_len[card.suit]) * 1.5
            if card.suit == HEARTS:
                score += 6
            return score + self.rng.random() * 0.01

        return sorted(cards, key=danger)

    @staticmethod
    def _moon_hand(cards: Sequence[Card], rules: Rules) -> bool:
        high = sum(1 for c in cards if c.rank >= 12)
        hearts = [c for c in cards if c.suit == HEARTS]
        top_hearts = sum(1 for c in hearts if c.rank >= 12)
        return len(hearts) >= 6 and top_hearts >= 3 and high >= len(cards) * 0.45

    # -- playing ----------------------------------------------------------------------

    def choose_play(self, view: SeatView) -> Card:
        legal = list(view.legal_moves())
        if len(legal) == 1:
            return legal[0]
        rules = view.rules
        seat = view.seat
        plays = view.current_trick.plays
        points = view.points()
        others_scored = any(p > 0 for s, p in enumerate(points) if s != seat)
        if not others_scored and self._moon_hand(view.cards, rules):
            return self._shoot(view, legal, plays)
        threat = self.moon_threat(view) if self.moon_defence else None
        if threat is not None and plays:
            return self._defend(view, legal, plays, threat)
        if not plays:
            queen_out = rules.decks > 1 or QUEEN_OF_SPADES not in view.played_cards()
            return min(legal, key=lambda c: self._lead_cost(c, view.cards, queen_out))
        cancellation = rules.cancellation

        def wins(card: Card) -> bool:
            # The engine's trick-winner decision, on plays the engine has already accepted.
            return _winner(cancellation, (*plays, (seat, card)))[0] == seat

        led = plays[0][1].suit
        if legal[0].suit == led:
            ducks = [c for c in legal if not wins(c)]
            if ducks:
                return max(ducks, key=lambda c: (c == QUEEN_OF_SPADES, c.rank))
            last = len(plays) == rules.players - 1
            at_stake = rules.points((*view.current_trick.cards, *view.pending))
            safe = [c for c in legal if c != QUEEN_OF_SPADES] or legal
            if last and at_stake <= 0:
                return max(safe, key=lambda c: c.rank)
            return min(safe, key=lambda c: c.rank) if not last else max(safe, key=lambda c: c.rank)
        # Void in the led suit: throw the most dangerous card.
        queen_out = rules.decks > 1 or QUEEN_OF_SPADES not in view.played_cards()
        return max(legal, key=lambda c: self._discard_value(c, view.cards, queen_out))

    @staticmethod
    def moon_threat(view: SeatView) -> int | None:
        """The seat that may be shooting the moon, as this seat sees it: the only seat to have taken
        points so far, with at least half the moon's points (and at least 4), while this
        seat has taken none. None when nobody threatens.

        >>> from hearts_lab import Hand, Rules
        >>> hand = Hand.deal(Rules.preset("standard", players=4), seed=3, hand_number=3)
        >>> HeuristicBot.moon_threat(hand.view(0)) is None
        True
        """
        points = view.points()
        scorers = [s for s, p in enumerate(points) if p > 0]
        if len(scorers) != 1 or scorers[0] == view.seat:
            return None
        rules = view.rules
        if rules.moon == "off" or view.pending:
            return None
        if points[scorers[0]] < max(4, rules.moon_points // 2):
            return None
        return scorers[0]

    def _defend(self, view: SeatView, legal: list[Card], plays: Sequence[tuple[int, Card]], threat: int) -> Card:
        """Stop a moon: take a trick with points in it away from the threat, and never feed it points."""
        rules = view.rules
        seat = view.seat
        led = plays[0][1].suit
        last = len(plays) == rules.players - 1
        threat_to_come = threat not in (s for s, _ in plays)

        def winner_with(card: Card) -> int | None:
            return _winner(rules.cancellation, (*plays, (seat, card)))[0]

        if legal[0].suit == led:
            winners = [c for c in legal if winner_with(c) == seat]
            at_stake = rules.points((*view.current_trick.cards, *view.pending))
            if winners and (at_stake > 0 or (not last and led == HEARTS)):
                # Taking a point (even the Q♠) costs less than the moon.
                return max(winners, key=lambda c: c.rank) if threat_to_come else min(winners, key=lambda c: c.rank)
            ducks = [c for c in legal if winner_with(c) != seat]
            pool = ducks or legal
            return min(pool, key=lambda c: (c in POINT_CARDS, c.rank))
        # Void: points only to a trick the threat cannot take.
        current = _winner(rules.cancellation, plays)[0]
        safe_for_points = last and current is not None and current != threat
        if safe_for_points:
            return max(legal, key=lambda c: (rules.points_of(c), c.rank))
        return max(legal, key=lambda c: (c not in POINT_CARDS, c.rank))

    @staticmethod
    def _lead_cost(card: Card, cards: Sequence[Card], queen_out: bool) -> float:
        cost = float(card.rank)
        if card.suit == HEARTS:
            cost += 12
        if card.suit == SPADES and queen_out:
            holds_queen = QUEEN_OF_SPADES in cards
            if card.rank >= 12:
                cost += 40
            elif not holds_queen:
                cost -= 3  # low spades smoke out the queen
        return cost

    @staticmethod
    def _discard_value(card: Card, cards: Sequence[Card], queen_out: bool) -> float:
        if card == QUEEN_OF_SPADES:
            return 100
        if card.suit == SPADES and card.rank > 12 and queen_out:
            return 60 + card.rank
        if card.suit == HEARTS:
            return 30 + card.rank
        short = sum(1 for c in cards if c.suit == card.suit)
        return card.rank + (6 - short)

    @staticmethod
    def _shoot(view: SeatView, legal: list[Card], plays: Sequence[tuple[int, Card]]) -> Card:
        if not plays:
            return max(legal, key=lambda c: (c.rank, c.suit != HEARTS))
        led = plays[0][1].suit
        if legal[0].suit == led:
            return max(legal, key=lambda c: c.rank)
        # Void: keep point cards for ourselves, throw the lowest other card.
        return min(legal, key=lambda c: (c in POINT_CARDS, c.rank))


def seat_bots(make: Callable[..., Bot], players: int, seed: int | str) -> list[Bot]:
    """One bot per seat from ``make`` (a bot class or factory), seat ``s`` seeded with ``f"{seed}/{s}"``
    when ``make`` takes a ``seed``.

    >>> [type(b).__name__ for b in seat_bots(LowestCardBot, 3, seed=1)]
    ['LowestCardBot', 'LowestCardBot', 'LowestCardBot']
    """
    try:
        takes_seed = "seed" in inspect.signature(make).parameters
    except (TypeError, ValueError):
        takes_seed = False
    return [make(seed=f"{seed}/{s}") if takes_seed else make() for s in range(players)]


def deal_and_play(rules: Rules, seed: int | str, make: Callable[..., Bot] = RandomBot, hand_number: int = 0) -> Hand:
    """Deal hand ``hand_number`` with ``seed`` and let :func:`seat_bots` of ``make`` play it out.

    >>> from hearts_lab import Rules
    >>> deal_and_play(Rules.preset("standard", players=4), seed=3).phase
    'over'
    """
    from ..hand import Hand

    hand = Hand.deal(rules, seed=seed, hand_number=hand_number)
    play_hand(hand, seat_bots(make, rules.players, seed))
    return hand


def play_hand(hand: Hand, bots: Sequence[Bot | None], *, until_seat: int | None = None) -> None:
    """Let ``bots`` (one per seat; None for a human seat) pass and play.

    Stops when the hand is over, or when it is the turn (or pass) of a seat
    whose bot is None, or of ``until_seat``.
    """
    if len(bots) != hand.players:
        raise ValueError(f"bots: expected one per seat ({hand.players}), got {len(bots)}.")
    if hand.phase == "pass":
        for passer in hand.waiting_to_pass:
            bot = bots[passer]
            if bot is not None and passer != until_seat:
                hand.pass_cards(passer, bot.choose_pass(hand.view(passer)))
    while hand.phase == "play":
        seat = hand.to_play
        assert seat is not None  # someone is to play while the hand is in play
        player = bots[seat]
        if player is None or seat == until_seat:
            return
        hand.play(player.choose_play(hand.view(seat)))


def play_game(game: Game, bots: Sequence[Bot], moon_choice: MoonChoice | None = None) -> Game:
    """Play ``game`` to the end with ``bots``.

    Under ``moon="choice"`` a shooting bot decides with :func:`bot_moon_choice`
    (the one bot moon policy, :meth:`Bot.choose_moon`), unless ``moon_choice``
    fixes the answer for every shooter.
    """
    chooser = moon_choice or moon_chooser(bots)
    while not game.is_over:
        hand = game.next_hand()
        play_hand(hand, bots)
        game.score(hand, chooser)
    return game

