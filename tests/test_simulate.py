"""hearts_lab.simulate: the batch path agrees with the engine, results are exact and executor-independent."""

from __future__ import annotations

import dataclasses
import math
import random
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

from hearts_lab import Card, Hand, Rules, RulesError
from hearts_lab.bots import HeuristicBot, LowestCardBot, play_hand
from hearts_lab.rules import PRESET_PLAYERS
from hearts_lab.scoring import game_ends, score_hand
from hearts_lab.simulate import (
    GameResult,
    SimulationResult,
    UnsupportedRule,
    format_table,
    score_batch,
    simulate,
    simulate_games,
    simulate_presets,
    summary_table,
    wilson_interval,
)
from hearts_lab.simulate.batch import (
    BatchTables,
    card_index,
    deals_from_hands,
    games_over,
    index_card,
    play,
    random_deals,
)

QS = Card.parse("QS")
ALL_CONFIGS = [(name, n) for name, players in PRESET_PLAYERS.items() for n in players]

# Rule variants beyond the presets: every option the batch path reads.
VARIANTS = [
    ("standard", 4, dict(opening_lead="any-club")),
    ("standard", 5, dict(opening_lead="left-of-dealer", first_lead_points=True)),
    ("standard", 4, dict(opening_lead="left-of-dealer")),
    ("standard", 3, dict(hearts_broken_by="nothing", first_trick_points=True)),
    ("lowest-clubs", 4, dict(card_points="omnibus", moon_cards="all-points")),
    ("lowest-clubs", 2, dict(card_points="spot-hearts", pass_count=0)),
    ("standard", 6, dict(card_points="black-maria", moon="off")),
    ("standard", 4, dict(pass_schedule=(2,))),
    ("cancellation", 8, dict(last_trick_set_aside="leader")),
    ("cancellation", 7, dict(kitty_to="last-trick")),
    ("cancellation", 9, dict(kitty_to="last-trick", last_trick_set_aside="leader", hearts_broken_by="heart")),
    ("cancellation", 10, dict(opening_lead="lowest-club")),
    ("cancellation", 11, dict(opening_lead="any-club", first_trick_points=False, cancellation=False)),
    ("standard", 4, dict(decks=2, cancellation=True)),
    ("lowest-clubs", 3, dict(removed="2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", opening_lead="left-of-dealer")),
]


def engine_outcome(hand: Hand) -> dict:
    rules = hand.rules
    return {
        "points": list(hand.points()),
        "shooter": -1 if hand.moon_shooter is None else hand.moon_shooter,
        "set_aside": sum(t.set_aside for t in hand.tricks),
        "queens": [hand.collected(s).count(QS) for s in range(rules.players)],
        "unclaimed": rules.points(hand.unclaimed),
        "kitty_holder": -1 if hand.kitty_holder is None else hand.kitty_holder,
    }


def batch_outcome(out, i: int) -> dict:
    return {
        "points": out.points[i].tolist(),
        "shooter": int(out.shooter[i]),
        "set_aside": int(out.set_aside[i]),
        "queens": out.queens[i].tolist(),
        "unclaimed": int(out.unclaimed[i]),
        "kitty_holder": int(out.kitty_holder[i]),
    }


def check_same_as_engine(rules: Rules, seeds: range) -> dict:
    n = rules.players
    # Vary the hand number (pass direction, hold hands) and the dealer too.
    hands = [Hand.deal(rules, seed=s, hand_number=s, dealer=(3 * s) % n) for s in seeds]
    out = play(rules, deals_from_hands(hands), "lowest")
    tally = {"moons": 0, "set_aside": 0, "unclaimed": 0}
    for i, hand in enumerate(hands):
        play_hand(hand, [LowestCardBot()] * n)
        expected = engine_outcome(hand)
        assert batch_outcome(out, i) == expected, f"{rules.summary()}, seed {seeds[i]}"
        tally["moons"] += expected["shooter"] >= 0
        tally["set_aside"] += expected["set_aside"]
        tally["unclaimed"] += expected["unclaimed"] > 0
    return tally


# -- the batch path is the engine -----------------------------------------------------------


def test_card_numbers_round_trip():
    assert [index_card(card_index(c)) for c in Rules.preset("standard", players=4).deck()] == list(
        Rules.preset("standard", players=4).deck()
    )
    assert sorted(card_index(c) for c in Rules.preset("standard", players=4).deck()) == list(range(52))


@pytest.mark.parametrize("name,players", ALL_CONFIGS, ids=[f"{n}-{p}" for n, p in ALL_CONFIGS])
def test_lowest_policy_matches_engine_on_the_same_deals(name, players):
    tally = check_same_as_engine(Rules.preset(name, players=players), range(40))
    if name == "cancellation":
        assert tally["set_aside"] > 0  # the comparison really exercised set-aside tricks


@pytest.mark.parametrize("name,players,changes", VARIANTS, ids=[f"{n}-{p}-{'-'.join(c)}" for n, p, c in VARIANTS])
def test_lowest_policy_matches_engine_under_rule_variants(name, players, changes):
    check_same_as_engine(Rules.preset(name, players=players, **changes), range(30))


def random_rules(seed: int) -> Rules:
    """A seeded random combination of the rule options the batch path reads."""
    rng = random.Random(seed)
    while True:
        name = rng.choice(list(PRESET_PLAYERS))
        changes = dict(
            opening_lead=rng.choice(["lowest-club", "any-club", "left-of-dealer"]),
            first_trick_points=rng.random() < 0.5,
            first_lead_points=rng.random() < 0.5,
            hearts_broken_by=rng.choice(["heart", "heart-or-queen", "nothing"]),
            card_points=rng.choice(["standard", "omnibus", "spot-hearts", "black-maria"]),
            moon_cards=rng.choice(["hearts-and-queens", "all-points"]),
            moon=rng.choice(["auto", "off"]),
            cancellation=rng.random() < 0.5,
            last_trick_set_aside=rng.choice(["nobody", "leader"]),
            kitty_to=rng.choice(["first-trick", "last-trick"]),
            pass_count=rng.choice([0, 1, 2, 3]),
            decks=rng.choice([1, 2]),
        )
        try:
            return Rules.preset(name, players=rng.choice(list(PRESET_PLAYERS[name])), **changes)
        except RulesError:
            continue  # e.g. a club opening with every club stripped


@pytest.mark.parametrize("seed", range(40))
def test_lowest_policy_matches_engine_under_random_rule_combinations(seed):
    check_same_as_engine(random_rules(seed), range(12))


def test_equality_covers_moons_set_asides_and_unclaimed_points():
    """The exact comparison above is only as good as what it sees: make sure it sees every outcome."""
    seen = {"moons": 0, "set_aside": 0, "unclaimed": 0}
    for rules in (
        Rules.preset("lowest-clubs", players=2),
        Rules.preset("standard", players=3, hearts_broken_by="nothing", first_trick_points=True),
        Rules.preset("cancellation", players=6),
    ):
        for key, value in check_same_as_engine(rules, range(100, 160)).items():
            seen[key] += value
    assert all(v > 0 for v in seen.values()), seen


def test_random_deals_hold_the_deck():
    rules = Rules.preset("cancellation", players=7)
    tables = BatchTables.from_rules(rules)
    deals = random_deals(tables, 50, np.random.default_rng(0))
    every = np.concatenate([deals.hands.reshape(50, -1), deals.kitty], axis=1)
    assert (np.sort(every, axis=1) == tables.deck).all()


def test_random_policy_conserves_points_and_cards():
    for name, players in ALL_CONFIGS:
        rules = Rules.preset(name, players=players)
        out = play(rules, random_deals(rules, 500, np.random.default_rng(players)), "random", np.random.default_rng(1))
        assert (out.points.sum(axis=1) + out.unclaimed == rules.total_points).all()
        copies = rules.deck().count(QS)
        assert (out.queens.sum(axis=1) <= copies).all()
        if not rules.cancellation:
            assert (out.queens.sum(axis=1) == copies).all() and (out.set_aside == 0).all()
        shot = out.shooter >= 0
        assert (out.points[shot, out.shooter[shot]] == rules.total_points).all()


def test_random_policy_on_given_deals_passes_and_plays_legally():
    """Deals not from a shuffle (sorted engine deals) get shuffled passes; the outcome is still a legal hand."""
    for name, players in (("standard", 4), ("cancellation", 9), ("lowest-clubs", 3)):
        rules = Rules.preset(name, players=players)
        hands = [Hand.deal(rules, seed=s, hand_number=s) for s in range(200)]
        out = play(rules, deals_from_hands(hands), "random", np.random.default_rng(3))
        assert (out.points.sum(axis=1) + out.unclaimed == rules.total_points).all()



def test_random_passes_are_uniform_subsets():
    """Every dealt card is passed with chance pass_count / hand_size, whatever order the deal lists it in."""
    from hearts_lab.simulate.batch import _pass

    rules = Rules.preset("standard", players=4)  # hand 0 passes left, 3 of 13 cards
    tables = BatchTables.from_rules(rules)
    sorted_deals = deals_from_hands([Hand.deal(rules, seed=s) for s in range(3000)])
    shuffled_deals = dataclasses.replace(
        random_deals(tables, 3000, np.random.default_rng(8)), hand_numbers=np.zeros(3000, dtype=np.int64)
    )
    for deals in (sorted_deals, shuffled_deals):
        after = _pass(tables, deals, "random", np.random.default_rng(9))
        lowest_of_seat0 = deals.hands[:, 0, :].min(axis=1)
        passed = (after[:, 1, :] == lowest_of_seat0[:, None]).any(axis=1)  # seat 0 passes to seat 1
        expected = 3 / 13
        assert abs(passed.mean() - expected) < 4 * math.sqrt(expected * (1 - expected) / 3000)


def test_batch_rejects_rule_options_it_does_not_know_and_simulate_falls_back():
    @dataclasses.dataclass(frozen=True)
    class JokerRules(Rules):
        jokers: int = 0

    plain = JokerRules(players=4, name="jokers")
    BatchTables.from_rules(plain)  # the default value is the rules the batch path plays
    wild = dataclasses.replace(plain, jokers=2)
    with pytest.raises(UnsupportedRule, match="^jokers: ") as error:
        BatchTables.from_rules(wild)
    assert error.value.field == "jokers" and isinstance(error.value, ValueError)
    assert simulate(wild, 5).method == "engine"
    with pytest.raises(UnsupportedRule):
        simulate(wild, 5, method="batch")


# -- random play: the batch path and the engine measure the same rates ------------------------


def z_score(k1: int, n1: int, k2: int, n2: int) -> float:
    pooled = (k1 + k2) / (n1 + n2)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    return 0.0 if spread == 0 else (k1 / n1 - k2 / n2) / spread


def assert_same_rate(k1: int, n1: int, k2: int, n2: int) -> None:
    """Two measured rates agree: the larger sample's rate lies in the smaller sample's
    confidence interval, and a two-proportion test gives |z| < 4.

    The interval is a 99.99% one (z = 4), not 95%: this file compares a dozen
    rates, and at 95% one honest comparison in twenty would fail.
    """
    (ks, ns), (kl, nl) = sorted([(k1, n1), (k2, n2)], key=lambda kn: kn[1])
    low, high = wilson_interval(ks, ns, z=4)
    assert low <= kl / nl <= high, f"{kl}/{nl} is outside the interval of {ks}/{ns}: [{low}, {high}]"
    assert abs(z_score(k1, n1, k2, n2)) < 4, f"{k1}/{n1} vs {k2}/{n2}"


RANDOM_CONFIGS = [
    ("standard", 4, {}),
    ("lowest-clubs", 2, {}),
    # With only Q♠ and A♥ counting, a "moon" (both to one seat) is common: a sharp test of play.
    ("standard", 5, dict(card_points={"QS": 13, "AH": 1}, moon_cards="all-points")),
    ("cancellation", 6, {}),
]


@pytest.mark.slow
@pytest.mark.parametrize("name,players,changes", RANDOM_CONFIGS, ids=[f"{n}-{p}" for n, p, _ in RANDOM_CONFIGS])
def test_random_play_rates_match_the_engine(name, players, changes):
    rules = Rules.preset(name, players=players, **changes)
    engine = simulate(rules, 1000, method="engine", seed=11)
    batch = simulate(rules, 100_000, seed=12)
    assert (engine.method, batch.method) == ("engine", "batch")
    assert_same_rate(engine.moon_count, engine.hands, batch.moon_count, batch.hands)
    for seat in (0, 1):
        assert_same_rate(engine.queens[seat], engine.hands * 2 ** (rules.decks - 1),
                         batch.queens[seat], batch.hands * 2 ** (rules.decks - 1))
    assert_same_rate(engine.set_aside_hands, engine.hands, batch.set_aside_hands, batch.hands)
    assert_same_rate(engine.unclaimed_hands, engine.hands, batch.unclaimed_hands, batch.hands)
    if rules.kitty_size:
        assert_same_rate(engine.kitty[1], engine.hands, batch.kitty[1], batch.hands)
    if "card_points" in changes:
        assert 0.1 < batch.moon_rate < 0.9  # the test above had something to compare


# -- results: counts add up -------------------------------------------------------------------


def test_result_counts_add_up():
    result = simulate(Rules.preset("cancellation", players=9), 3000, seed=5, chunk_size=1000)
    assert isinstance(result, SimulationResult)
    assert all(sum(h.values()) == 3000 for h in result.points)
    assert sum(result.set_aside.values()) == sum(result.unclaimed.values()) == 3000
    assert sum(result.queens) + result.queens_unclaimed == 2 * 3000
    assert sum(result.kitty) + result.kitty_unclaimed == 3000
    mean_unclaimed = sum(v * k for v, k in result.unclaimed.items()) / 3000
    assert math.isclose(sum(result.mean_points()) + mean_unclaimed, 52)
    assert result.set_aside_hands > 0 and result.unclaimed_hands > 0
    rows = result.to_table()
    assert [r["seat"] for r in rows] == list(range(9)) and "kitties" in rows[0]
    summary = result.summary()
    assert summary["hands"] == 3000 and summary["95% low"] <= summary["moon rate"] <= summary["95% high"]
    assert "<table>" in result._repr_html_()


def test_merge_adds_counts_and_refuses_different_rules():
    rules = Rules.preset("standard", players=4)
    a = simulate(rules, 2000, seed=3, chunk_size=1000)
    assert a == simulate(rules, 2000, seed=3, chunk_size=1000)
    b = simulate(rules, 2000, seed=4)
    both = a.merge(b)
    assert both.hands == 4000 and both.moon_count == a.moon_count + b.moon_count
    assert a != b and both.seed == (3, 4)
    with pytest.raises(ValueError, match="rules"):
        a.merge(simulate(Rules.preset("standard", players=5), 10, seed=3))


def test_wilson_interval():
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0
    low, high = wilson_interval(120, 10_000)
    assert low < 0.012 < high and high - low < 0.005
    with pytest.raises(ValueError):
        wilson_interval(3, 2)
    with pytest.raises(ValueError):
        wilson_interval(0, 0)


def test_tables_and_plots():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    results = simulate_presets(500, presets=["standard"], seed=1)
    assert [r.players for r in results] == [3, 4, 5, 6, 7]
    text = format_table(summary_table(results))
    assert text.count("\n") == 5 and "moon rate" in text
    assert results[0].plot().get_xlabel().startswith("points taken")
    from hearts_lab.simulate import plot_moon_rates

    assert len(plot_moon_rates(results).get_xticks()) == 5
    games = simulate_games(Rules.preset("standard", players=4, target=50), 100, seed=2)
    assert games.plot(what="score").get_xlabel() == "winner's final score"


def test_to_dataframe_needs_pandas_only_when_called():
    result = simulate(Rules.preset("standard", players=3), 100)
    try:
        import pandas  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError, match="to_table"):
            result.to_dataframe()
    else:
        assert len(result.to_dataframe()) == 3


def test_bad_arguments_name_the_argument():
    rules = Rules.preset("standard", players=4)
    for kwargs, word in (
        (dict(hands=0), "hands"),
        (dict(hands=10, seed=-1), "seed"),
        (dict(hands=10, bots="clever"), "bots"),
        (dict(hands=10, method="quantum"), "method"),
        (dict(hands=10, chunk_size=0), "chunk_size"),
        (dict(hands=10, bots="heuristic", method="batch"), "method"),
        (dict(hands=10, bots=[HeuristicBot(), None, HeuristicBot(), HeuristicBot()]), "bots"),
        (dict(hands=10, bots=[LowestCardBot()] * 3), "bots"),
    ):
        with pytest.raises(ValueError, match=f"^{word}: "):
            simulate(rules, **kwargs)


def test_progress_is_a_tqdm_bar_and_changes_nothing(capsys):
    rules = Rules.preset("standard", players=4)
    quiet = simulate(rules, 3000, chunk_size=1000)
    assert capsys.readouterr().err == ""  # no bar unless asked
    shown = simulate(rules, 3000, chunk_size=1000, progress=True)
    assert shown == quiet
    err = capsys.readouterr().err
    assert "simulating:" in err and "/3000 [" in err and "hands/s" in err  # tqdm's text bar (a widget in a notebook)
    simulate_games(Rules.preset("standard", players=4, target=50), 40, chunk_size=20, progress=True)
    assert "/40 [" in capsys.readouterr().err
    with pytest.raises(TypeError, match="^progress: "):
        simulate(rules, 10, progress="yes")


# -- engine path with bots ---------------------------------------------------------------------


def test_engine_path_with_heuristic_bots_is_repeatable_and_sane():
    rules = Rules.preset("standard", players=4)
    a = simulate(rules, 40, bots="heuristic", seed=2, chunk_size=15)
    assert a.method == "engine" and a.policy == "heuristic"
    assert a == simulate(rules, 40, bots="heuristic", seed=2, chunk_size=15)
    assert math.isclose(sum(a.mean_points()), 26)  # points before the moon adjustment
    # One object per seat, copied afresh for each chunk; and a bot class, constructed per hand.
    objects = simulate(rules, 20, bots=[HeuristicBot(seed=s) for s in range(4)], chunk_size=10)
    assert objects.policy == "HeuristicBot" and objects.hands == 20
    assert simulate(rules, 20, bots=LowestCardBot, chunk_size=10).method == "engine"


def test_lowest_policy_through_simulate_uses_the_batch_path():
    rules = Rules.preset("standard", players=4)
    assert simulate(rules, 1000, bots="lowest").method == "batch"
    assert simulate(rules, 30, bots="lowest", method="engine").method == "engine"


# -- games --------------------------------------------------------------------------------------


@pytest.mark.parametrize("moon", ["auto", "old", "new", "avoid-end", "choice", "off"])
def test_score_batch_is_score_hand(moon):
    rules = Rules.preset("standard", players=4, moon=moon, target=60)
    rng = random.Random(moon)
    points, shooters, scores = [], [], []
    for _ in range(300):
        shooter = rng.choice([None, 0, 1, 2, 3])
        pts = [0] * 4
        if shooter is None:
            for _ in range(26):
                pts[rng.randrange(4)] += 1
        else:
            pts[shooter] = 26
        points.append(pts)
        shooters.append(-1 if shooter is None else shooter)
        scores.append([rng.randrange(-20, 80) for _ in range(4)])
    got = score_batch(rules, np.array(points), np.array(shooters), np.array(scores))
    for i in range(300):
        shooter = None if shooters[i] < 0 else shooters[i]
        choice = LowestCardBot().choose_moon(rules, points[i], shooter, scores[i]) if moon == "choice" and shooter is not None else None
        assert tuple(got[i]) == score_hand(rules, points[i], shooter, scores[i], choice).deltas


def test_games_to_the_target():
    rules = Rules.preset("standard", players=4, target=50)
    result = simulate_games(rules, 400, seed=1, chunk_size=100)
    assert isinstance(result, GameResult) and result.method == "batch"
    assert result.games == sum(result.lengths.values()) == sum(result.winning_scores.values()) == 400
    assert sum(result.wins) >= 400 and (sum(result.wins) == 400) == (result.shared == 0)
    assert min(result.lengths) >= 2  # 26 points a hand: nobody reaches 50 in one hand
    assert result.hands == sum(k * v for k, v in result.lengths.items())
    assert max(result.winning_scores) < 50
    engine = simulate_games(rules, 40, seed=1, method="engine")
    assert engine.method == "engine" and engine.games == 40
    # Same rules, same play: the mean game lengths agree within their spread.
    spread = math.sqrt(sum(v * (k - result.mean_length) ** 2 for k, v in result.lengths.items()) / 400)
    assert abs(engine.mean_length - result.mean_length) < 4 * spread / math.sqrt(40)


@pytest.mark.parametrize("name,players", ALL_CONFIGS, ids=[f"{n}-{p}" for n, p in ALL_CONFIGS])
@pytest.mark.parametrize("ties", ["shared", "play-on"])
def test_games_over_is_game_ends_row_by_row(name, players, ties):
    """The batch twin of scoring.game_ends agrees with it on every preset, both tie rules, scores
    on both sides of the target (negative too) and ties for the lowest and the highest score."""
    rules = Rules.preset(name, players=players, ties=ties)
    rng = random.Random(f"{name}{players}{ties}")
    t = rules.target
    rows = [[rng.choice([t - 1, t, t + 1, 0, -t, rng.randrange(-t, 2 * t)]) for _ in range(players)] for _ in range(400)]
    rows += [[t] * players, [t - 1] * players, [0] * (players - 1) + [t], [5, 5] + [t] * (players - 2)]
    got = games_over(rules, np.array(rows, dtype=np.int64)).tolist()
    assert got == [game_ends(rules, tuple(row)) for row in rows]
    assert any(got) and not all(got)


def test_games_over_refuses_a_rule_field_it_does_not_know():
    @dataclasses.dataclass(frozen=True)
    class SuddenDeath(Rules):
        sudden_death: bool = False

    plain = SuddenDeath(players=4, name="sudden")
    scores = np.array([[100, 0, 0, 0]])
    assert games_over(plain, scores).tolist() == [True]
    with pytest.raises(UnsupportedRule, match="^sudden_death: ") as error:
        games_over(dataclasses.replace(plain, sudden_death=True), scores)
    assert error.value.field == "sudden_death"
    with pytest.raises(RulesError, match="^scores: expected one row of 4 scores"):
        games_over(plain, np.array([100, 0, 0, 0]))


def test_play_on_ties_never_share_a_win():
    result = simulate_games(Rules.preset("standard", players=3, target=30, ties="play-on"), 300, seed=4)
    assert result.shared == 0 and sum(result.wins) == 300


# -- executors ---------------------------------------------------------------------------------


def test_same_seed_same_result_with_a_process_pool():
    rules = Rules.preset("cancellation", players=7)
    local = simulate(rules, 12_000, seed=9, chunk_size=2000)
    with ProcessPoolExecutor(2) as pool:
        assert simulate(rules, 12_000, seed=9, chunk_size=2000, executor=pool) == local
        assert simulate(rules, 12_000, seed=10, chunk_size=2000, executor=pool) != local
        heuristic = dict(bots="heuristic", seed=3, chunk_size=4)
        std = Rules.preset("standard", players=4)
        assert simulate(std, 12, executor=pool, **heuristic) == simulate(std, 12, **heuristic)
        games = dict(seed=5, chunk_size=50)
        target = Rules.preset("standard", players=4, target=50)
        assert simulate_games(target, 200, executor=pool, **games) == simulate_games(target, 200, **games)


@pytest.mark.slow
def test_same_seed_same_result_on_a_local_dask_cluster():
    distributed = pytest.importorskip("dask.distributed")
    rules = Rules.preset("standard", players=4)
    local = simulate(rules, 10_000, seed=21, chunk_size=2500)
    games_local = simulate_games(rules, 60, seed=2, chunk_size=20)
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0")
    try:
        with distributed.Client(cluster) as client:
            executor = client.get_executor()
            assert simulate(rules, 10_000, seed=21, chunk_size=2500, executor=executor) == local
            assert simulate_games(rules, 60, seed=2, chunk_size=20, executor=executor) == games_local
    finally:
        cluster.close()


# -- house card values: the auto moon and 64-bit totals --------------------------------------------


HOUSE = [
    ("standard", 4, dict(card_points="black-maria")),
    ("standard", 4, dict(card_points="omnibus")),
    ("standard", 5, dict(card_points="omnibus", moon_cards="all-points")),
    ("standard", 4, dict(card_points="black-maria", moon_cards="all-points", moon="avoid-end")),
]


@pytest.mark.parametrize("name,players,changes", HOUSE, ids=[f"{n}-{p}-{'-'.join(map(str, c.values()))}" for n, p, c in HOUSE])
def test_score_batch_is_the_engine_with_house_values(name, players, changes):
    """RULES.md §4 with house values: every point taken this hand counts, moon cards aside.
    Moon hands with extra non-moon points for the shooter (K♠, A♠, J♦) and scores near the
    target, scored by the batch scorer and by the engine's score_hand, agree."""
    rules = Rules.preset(name, players=players, target=100, **changes)
    rng = random.Random(str(changes))
    others = [(c, v) for c, v in rules.card_points if c not in rules.moon_card_set]
    points, shooters, scores, decisions = [], [], [], set()
    for _ in range(400):
        shooter = rng.randrange(players)
        pts = [0] * players
        pts[shooter] = rules.moon_points
        for _card, value in others:  # the cards outside the moon set go to anyone
            pts[rng.randrange(players)] += value
        before = [rng.randrange(40, 99) for _ in range(players)]
        points.append(pts)
        shooters.append(shooter)
        scores.append(before)
    got = score_batch(rules, np.array(points), np.array(shooters), np.array(scores))
    for i in range(len(points)):
        expected = score_hand(rules, points[i], shooters[i], scores[i])
        assert tuple(got[i]) == expected.deltas, (points[i], shooters[i], scores[i])
        decisions.add(expected.moon)
    assert decisions == {"old", "new"}  # both answers were exercised


@pytest.mark.parametrize("card_points", ["black-maria", "omnibus"])
def test_batch_games_score_moons_as_the_engine_on_the_same_deals(card_points):
    """Batch play and batch scoring on engine deals give the engine's hand scores, moons included."""
    rules = Rules.preset("standard", players=4, card_points=card_points, moon_cards="all-points")
    hands = [Hand.deal(rules, seed=s, hand_number=s) for s in range(300)]
    out = play(rules, deals_from_hands(hands), "lowest")
    rng = random.Random(card_points)
    scores = np.array([[rng.randrange(0, 99) for _ in range(4)] for _ in hands])
    got = score_batch(rules, out.points, out.shooter, scores)
    moons = 0
    for i, hand in enumerate(hands):
        play_hand(hand, [LowestCardBot()] * 4)
        moons += hand.moon_shooter is not None
        assert tuple(got[i]) == score_hand(rules, hand.points(), hand.moon_shooter, tuple(scores[i].tolist())).deltas
    assert moons > 0


def test_large_house_values_do_not_wrap():
    """2×10⁸ per heart: 13 hearts overflow 32 bits; the batch path counts in 64 bits."""
    hearts = {f"{r}H": 200_000_000 for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]}
    rules = Rules.preset("standard", players=4, card_points={**hearts, "QS": 13})
    result = simulate(rules, 2000, seed=1)
    assert result.method == "batch"
    for seat in range(4):
        assert min(result.points[seat]) >= 0
    total = sum(v * k for seat in range(4) for v, k in result.points[seat].items())
    assert total == rules.total_points * 2000
    games = simulate_games(dataclasses.replace(rules, target=1_000_000), 50, seed=1)
    assert games.games == 50 and min(games.winning_scores) >= 0


def test_values_beyond_64_bits_play_through_the_engine():
    huge = Rules.preset("standard", players=4, card_points={"QS": 10**18, "AH": 1})
    with pytest.raises(UnsupportedRule, match="^card_points: ") as error:
        BatchTables.from_rules(huge)
    assert error.value.field == "card_points"
    assert simulate(huge, 20, seed=1).method == "engine"
    with pytest.raises(UnsupportedRule, match="^card_points: "):
        simulate(huge, 20, method="batch")


def test_games_that_cannot_end_are_refused_before_any_work():
    worthless = Rules.preset("standard", players=4, card_points={}, moon="off")
    for bots in (None, "heuristic", LowestCardBot):
        with pytest.raises(ValueError, match="^card_points: "):
            simulate_games(worthless, 3, bots=bots)
    # Worthless cards but a moon that adds points: games end, through the moons.
    moons_only = Rules.preset("standard", players=3, card_points={}, target=30)
    result = simulate_games(moons_only, 5, bots="heuristic", seed=1)
    assert result.games == 5 and result.moons >= 5


def test_a_game_too_long_raises_in_both_paths(monkeypatch):
    from hearts_lab.simulate import run

    monkeypatch.setattr(run, "MAX_GAME_HANDS", 3)
    rules = Rules.preset("standard", players=4, target=1000)
    with pytest.raises(RuntimeError, match="^target: "):
        simulate_games(rules, 2, method="batch")
    with pytest.raises(RuntimeError, match="^target: "):
        simulate_games(rules, 2, bots="heuristic")


# -- bad input: a clear error naming the argument, nothing run --------------------------------------


def test_bad_bots_executors_and_counts_are_refused():
    rules = Rules.preset("standard", players=4)
    with pytest.raises(TypeError, match=r"^bots: seat 0 is 1 \(int\), not a bot"):
        simulate(rules, 10, bots=[1, 2, 3, 4])
    with pytest.raises(TypeError, match="^bots: "):
        simulate(rules, 10, bots=[LowestCardBot(), LowestCardBot(), LowestCardBot(), "x"])
    with pytest.raises(TypeError, match="^bots: "):
        simulate(rules, 10, bots=42)
    with pytest.raises(TypeError, match="^executor: .*not 'x' \\(str\\)"):
        simulate(rules, 10, executor="x")
    with pytest.raises(ValueError, match="^hands: .*not 1000000000000000"):
        simulate(rules, 10**15)
    with pytest.raises(ValueError, match="^games: "):
        simulate_games(rules, 10**15)
    with pytest.raises(ValueError, match="^chunk_size: "):
        simulate(rules, 10, chunk_size=10**9)
    with pytest.raises(ValueError, match="^seed: "):
        simulate(rules, 10, seed=2**200)


def test_a_factory_that_makes_no_bot_is_refused_before_any_hand():
    rules = Rules.preset("standard", players=4)
    made = []

    def nothing(seed=None):
        made.append(seed)
        return None

    with pytest.raises(TypeError, match="^bots: what nothing made for seat 0 is None"):
        simulate(rules, 10_000, bots=nothing)
    assert len(made) <= rules.players  # only the check ran
    with pytest.raises(TypeError, match="^bots: "):
        simulate_games(rules, 10, bots=nothing)


# -- numpy is optional ------------------------------------------------------------------------------


def test_without_numpy_simulate_falls_back_to_the_engine(monkeypatch, capsys):
    """What JupyterLite's Pyodide may lack: the package imports and simulate plays through the engine."""
    import importlib
    import sys

    for name in [m for m in sys.modules if m == "hearts_lab.simulate" or m.startswith("hearts_lab.simulate.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "numpy", None)  # import numpy -> ImportError
    sim = importlib.import_module("hearts_lab.simulate")
    rules = Rules.preset("standard", players=4)
    result = sim.simulate(rules, 30, seed=4, chunk_size=10)
    assert result.method == "engine" and result.hands == 30 and result.policy == "random"
    err = capsys.readouterr().err
    assert "numpy is not available" in err and "simulating:" in err and "/30 [" in err  # the note and a progress bar
    assert err.count("numpy is not available") == 1
    again = sim.simulate(rules, 30, seed=4, chunk_size=10, progress=False)
    assert again == result and "numpy" not in capsys.readouterr().err  # the note once per session
    games = sim.simulate_games(Rules.preset("standard", players=4, target=30), 4, seed=1, progress=False)
    assert games.method == "engine" and games.games == 4
    with pytest.raises(ValueError, match="^method: the batch path needs numpy"):
        sim.simulate(rules, 10, method="batch")


def test_engine_results_match_the_fallback_counts():
    """The engine path's pure-Python counting equals what the batch path would tabulate."""
    rules = Rules.preset("cancellation", players=7)
    result = simulate(rules, 60, seed=3, method="engine", chunk_size=25)
    assert sum(result.kitty) + result.kitty_unclaimed == 60
    assert sum(sum(h.values()) for h in result.points) == 60 * 7
    assert sum(result.queens) + result.queens_unclaimed == 2 * 60


# -- Dask: a Client or its executor ---------------------------------------------------------------


@pytest.mark.slow
def test_a_dask_client_and_its_executor_give_the_local_result():
    distributed = pytest.importorskip("dask.distributed")
    rules = Rules.preset("standard", players=4)
    local = simulate(rules, 6_000, seed=21, chunk_size=2000)
    games_local = simulate_games(rules, 30, seed=2, chunk_size=10)
    with (distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=":0") as cluster,
          distributed.Client(cluster) as client):
        assert simulate(rules, 6_000, seed=21, chunk_size=2000, executor=client) == local
        assert simulate(rules, 6_000, seed=21, chunk_size=2000, executor=client.get_executor()) == local
        assert simulate_games(rules, 30, seed=2, chunk_size=10, executor=client) == games_local


def test_numpy_before_2_counts_bits_by_hand(monkeypatch):
    """numpy 1.26 (allowed by pyproject) has no bitwise_count: the batch path counts bits itself."""
    from hearts_lab.simulate import batch

    sets = np.random.default_rng(0).integers(0, 2**63, 5000, dtype=np.uint64) | np.uint64(2**63)
    assert (batch._swar_popcount(sets) == np.array([bin(int(x)).count("1") for x in sets], dtype=np.uint8)).all()
    rules = Rules.preset("cancellation", players=6)
    deals = random_deals(rules, 2000, np.random.default_rng(4))
    native = play(rules, deals, "random", np.random.default_rng(5))
    monkeypatch.setattr(batch, "_popcount", batch._swar_popcount)
    by_hand = play(rules, deals, "random", np.random.default_rng(5))
    assert all((getattr(native, f) == getattr(by_hand, f)).all() for f in ("points", "shooter", "queens", "set_aside", "unclaimed", "kitty_holder"))


def test_a_sympy_or_numpy_count_runs_as_the_same_int():
    # Counts pass the argument check as any integer type; the run must use the checked int (a sympy Integer
    # reached numpy's indexing in simulate_games and raised a bare IndexError).
    import sympy

    rules = Rules.preset("standard", players=4)
    plain = simulate_games(rules, 3, seed=1, chunk_size=2)
    for count, chunk in ((sympy.Integer(3), sympy.Integer(2)), (np.int64(3), np.int16(2))):
        games = simulate_games(rules, count, seed=1, chunk_size=chunk)
        assert type(games.games) is int and games.wins == plain.wins and games.lengths == plain.lengths
        hands = simulate(rules, count, seed=1, chunk_size=chunk)
        assert type(hands.hands) is int and hands == simulate(rules, 3, seed=1, chunk_size=2)
