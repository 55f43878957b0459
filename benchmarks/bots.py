#!/usr/bin/env python3
"""How well and how fast the bots play: the figures in the README's "Bots" section.

    python benchmarks/bots.py heuristic [--deals 250] [--workers 2] [--seed 2026]
    python benchmarks/bots.py timing [--hands 40]
    python benchmarks/bots.py openspiel [--openspiel-deals 12] [--seed 2026]
    python benchmarks/bots.py pyodide [--hands 8] [--pyodide build/lite-cache/pyodide-314.0.6/package]
    python benchmarks/bots.py all

``heuristic``: a duplicate match (:func:`hearts_lab.bots.match`): the expert
in each seat in turn against three HeuristicBots ("easy"), every deal also
played by four HeuristicBots, standard rules for 4 players, deal ``i`` is
hand number ``i`` (so every pass direction, hold included, a quarter of the
deals each). Prints the expert's points per hand, the paired difference
against HeuristicBot in its place (95 % interval over deals) and the moon
rates. ``--workers`` runs deals in a process pool (results do not depend on it).

``timing``: CPU time (``time.process_time``) of every expert card choice and
pass in ``--hands`` hands against HeuristicBots, in this process: median,
95th percentile and maximum (CPU time, since the machine is shared).

``openspiel``: OpenSpiel's own Hearts (``can_lead_hearts_instead_of_qs=True``,
its one rule that differs from ``standard``). Each deal is played by four
``pyspiel.ISMCTSBot`` (random-rollout evaluator, max-visit final policy) and
then with the expert in each seat in turn (OpenSpiel's ISMCTSBot crashes on
pass positions, so its seats pass as HeuristicBot does); the ISMCTS bots get as many
simulations per move as fit in the expert's median CPU time per card choice
(measured first). Prints the expert's margin: its points minus ISMCTS's in
the same seat on the same deal, with a 95 % interval over deals. The expert
sees the game through an adapter: a :class:`~hearts_lab.Hand` mirroring the
state, dealt and passed the same cards.

``pyodide``: the ``timing`` run for ``"medium"`` and the expert inside
Pyodide under Node (the npm ``pyodide`` package the JupyterLite site ships;
``make site`` caches it), timed by the wall clock inside Pyodide; Node's own
CPU use over the run is printed beside it, so a loaded machine shows.
"""
from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hearts_lab import Card, Hand, Rules  # noqa: E402
from hearts_lab.bots import HeuristicBot, SamplingBot, hand_score, make_bot, match, mean_interval, play_hand  # noqa: E402
from hearts_lab.cards import SUITS  # noqa: E402

RULES = Rules.preset("standard", players=4)


class TimedBot:
    """Wraps a bot and records the CPU time of each decision."""

    def __init__(self, bot: SamplingBot) -> None:
        self.bot = bot
        self.plays: list[float] = []
        self.passes: list[float] = []

    def choose_pass(self, view):
        start = time.process_time()
        out = self.bot.choose_pass(view)
        self.passes.append(time.process_time() - start)
        return out

    def choose_play(self, view):
        start = time.process_time()
        out = self.bot.choose_play(view)
        if len(view.legal_moves()) > 1:  # a forced card is no decision
            self.plays.append(time.process_time() - start)
        return out


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _match_chunk(level: str, count: int, seed: int, start: int):
    return match([(level, "easy", "easy", "easy")], count, seed, baseline="easy", start=start)


def run_heuristic(deals: int, workers: int, seed: int, level: str, chunk: int = 5) -> None:
    """Chunks of ``chunk`` deals run as separate tasks; a running figure prints as each finishes."""
    wall = time.perf_counter()
    pool = ProcessPoolExecutor(workers)
    done = []
    try:
        futures = {pool.submit(_match_chunk, level, min(chunk, deals - s), seed, s): s for s in range(0, deals, chunk)}
        for future in as_completed(futures):
            done.append(future.result())
            so_far = done[0].combined(*done[1:])
            d = so_far.lines[level].versus_baseline
            print(f"  ... {so_far.deals} deals: {level} minus HeuristicBot {d.mean:+.2f} (95% {d.low:+.2f} to {d.high:+.2f}), "
                  f"{time.perf_counter() - wall:.0f} s", flush=True)
    finally:
        pool.shutdown(cancel_futures=True)
    done.sort(key=lambda r: r.rows[0][0])
    result = done[0].combined(*done[1:])
    deals = result.deals
    line = result.lines[level]
    easy = result.lines["easy"]
    rate, low, high = line.moon_rate
    print(f"{level} vs HeuristicBot in its place: {deals} deals x 4 seats = {line.seat_hands} seat-hands, standard 4 players, "
          f"hand numbers 0..{deals - 1} (left, right, across, hold), seed {seed}")
    print(f"  {level} points/hand: {line.points.mean:.2f} (95% {line.points.low:.2f} to {line.points.high:.2f})")
    diff = line.versus_baseline
    print(f"  {level} minus HeuristicBot in the same seat, same deal: {diff.mean:+.2f} points/hand "
          f"(95% {diff.low:+.2f} to {diff.high:+.2f}, over {diff.n} deals)")
    print(f"  the three HeuristicBots beside it: {easy.versus_baseline.mean:+.2f} points/hand vs the all-HeuristicBot table "
          f"(95% {easy.versus_baseline.low:+.2f} to {easy.versus_baseline.high:+.2f})")
    print(f"  {level} shot the moon in {line.moons} seat-hands ({rate:.1%}, 95% {low:.1%}-{high:.1%}); "
          f"another seat shot it against it in {line.moons_against}")
    print(f"  {time.perf_counter() - wall:.0f} s wall, {workers} worker process(es)")


def run_timing(hands: int, level: str) -> float:
    timed = TimedBot(make_bot(level, seed=1))  # type: ignore[arg-type]
    for i in range(hands):
        hand = Hand.deal(RULES, seed=f"timing/{i}", hand_number=i)
        seat = i % 4
        bots = [HeuristicBot(seed=s) for s in range(4)]
        bots[seat] = timed  # type: ignore[call-overload]
        play_hand(hand, bots)
    plays, passes = timed.plays, timed.passes
    median = statistics.median(plays)
    print(f"{level} decision CPU time over {len(plays)} card choices (more than one legal card) in {hands} hands, "
          f"CPython {platform.python_version()}:")
    print(f"  median {median * 1000:.0f} ms, 95th percentile {quantile(plays, 0.95) * 1000:.0f} ms, max {max(plays) * 1000:.0f} ms")
    if passes:
        print(f"  passes ({len(passes)}): median {statistics.median(passes) * 1000:.0f} ms, max {max(passes) * 1000:.0f} ms")
    return median


# -- OpenSpiel -------------------------------------------------------------------------

# OpenSpiel's pass direction (0 hold, 1 left, 2 across, 3 right) is our seat offset; our
# standard schedule (1, 3, 2, 0) gives each offset a hand number (tests/test_openspiel_diff.py).
HAND_NUMBER = {RULES.pass_offset(h): h for h in range(4)}


def to_action(card: Card) -> int:
    return (card.rank - 2) * 4 + SUITS.index(card.suit)


def to_card(action: int) -> Card:
    return Card(action // 4 + 2, SUITS[action % 4])


def openspiel_hand(pyspiel, game, order: list[int], direction: int, bots: list, expert_seat: int | None, expert) -> list[int]:
    """Play one deal in OpenSpiel; ``bots`` are ISMCTS bots for every seat but ``expert_seat``.
    Returns OpenSpiel's points per seat (moon-adjusted)."""
    state = game.new_initial_state()
    state.apply_action(direction)
    for action in order:
        state.apply_action(action)
    seats = [[to_card(a) for a in order[s::4]] for s in range(4)]
    mirror = Hand.from_cards(RULES, seats, hand_number=HAND_NUMBER[direction])
    passed: list[list[Card]] = [[] for _ in range(4)]
    for bot in bots:
        if bot is not None:
            bot.restart()
    while not state.is_terminal():
        seat = state.current_player()
        if mirror.phase == "pass":
            if seat == expert_seat:
                chosen = expert.choose_pass(mirror.view(seat))
                for card in chosen:
                    state.apply_action_with_legality_check(to_action(card))
                passed[seat] = list(chosen)
            else:
                # OpenSpiel 2.0.2's ISMCTSBot crashes (segfault) on Hearts' pass positions: its seats pass as HeuristicBot.
                chosen = HeuristicBot(seed=f"ismcts/{seat}").choose_pass(mirror.view(seat))
                for card in chosen:
                    state.apply_action_with_legality_check(to_action(card))
                passed[seat] = list(chosen)
            if all(len(p) == 3 for p in passed):
                for s in range(4):
                    mirror.pass_cards(s, passed[s])
            continue
        assert mirror.to_play == seat
        if seat == expert_seat:
            action = to_action(expert.choose_play(mirror.view(seat)))
        else:
            action = bots[seat].step(state)
        state.apply_action_with_legality_check(action)
        mirror.play(to_card(action))
    assert mirror.phase == "over"
    points = [int(state.points(p)) for p in range(4)]
    assert points == [hand_score(mirror, s) for s in range(4)] or mirror.moon_shooter is not None
    return points


def run_openspiel(deals: int, seed: int, level: str, move_time: float) -> None:
    import pyspiel

    game = pyspiel.load_game("hearts", {"can_lead_hearts_instead_of_qs": True})

    evaluators = []  # the bots hold bare pointers to their evaluators: keep them alive

    def ismcts(s: int, sims: int):
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed + s)
        evaluators.append(evaluator)
        return pyspiel.ISMCTSBot(seed + s, evaluator, 2.0, sims, -1, pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)

    # Calibrate: simulations per second of CPU on opening positions.
    probe = ismcts(0, 200)
    spent, steps = 0.0, 0
    rng = random.Random(seed)
    for _ in range(3):
        state = game.new_initial_state()
        state.apply_action(0)
        order = list(range(52))
        rng.shuffle(order)
        for a in order:
            state.apply_action(a)
        for _ in range(8):
            t = time.process_time()
            action = probe.step(state)
            spent += time.process_time() - t
            steps += 1
            state.apply_action(action)
    sims = max(10, int(200 * move_time * steps / spent))
    print(f"OpenSpiel ISMCTS: {200 * steps / spent:.0f} simulations per CPU second; {sims} simulations per move "
          f"= the {level}'s median {move_time * 1000:.0f} ms")
    margins = []
    expert_points: list[float] = []
    ismcts_points: list[float] = []
    wall = time.perf_counter()
    for d in range(deals):
        rng = random.Random(f"{seed}/openspiel/{d}")
        order = list(range(52))
        rng.shuffle(order)
        direction = (1, 3, 2, 0)[d % 4]
        base = openspiel_hand(pyspiel, game, order, direction, [ismcts(s, sims) for s in range(4)], None, None)
        diffs = []
        for seat in range(4):
            bots = [ismcts(s, sims) for s in range(4)]
            bots[seat] = None
            points = openspiel_hand(pyspiel, game, order, direction, bots, seat, make_bot(level, seed=f"{seed}/{d}/{seat}"))
            diffs.append(points[seat] - base[seat])
            expert_points.append(points[seat])
            ismcts_points.append(base[seat])
        margins.append(statistics.fmean(diffs))
        print(f"  deal {d}: {level} minus ISMCTS per seat {diffs}", flush=True)
    est = mean_interval(margins)
    print(f"{level} vs 3 ISMCTSBots in OpenSpiel's Hearts: {deals} deals x 4 seats = {4 * deals} seat-hands "
          f"({time.perf_counter() - wall:.0f} s wall)")
    print(f"  {level} {statistics.fmean(expert_points):.2f} points/hand; ISMCTS in the same seats {statistics.fmean(ismcts_points):.2f}")
    print(f"  margin ({level} minus ISMCTS, same seat and deal): {est.mean:+.2f} points/hand (95% {est.low:+.2f} to {est.high:+.2f})")


# -- Pyodide ---------------------------------------------------------------------------

PYODIDE_JS = """
const [pyodideDir, repo] = process.argv.slice(2);
const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
py.FS.mkdirTree("/repo");
py.mountNodeFS("/repo", repo);
py.runPython(process.env.BOTS_PY);
for (const [level, hands] of JSON.parse(process.env.BOTS_LEVELS)) {
  const cpu0 = process.cpuUsage(), wall0 = performance.now();
  const times = py.globals.get("decision_times")(level, hands).toJs();
  const cpu = process.cpuUsage(cpu0), wall = performance.now() - wall0;
  console.log(JSON.stringify({level, hands, cpu: (cpu.user + cpu.system) / 1e6, wall: wall / 1000, times}));
}
"""

BOTS_PY = """
import sys, time
sys.path.insert(0, "/repo")
from hearts_lab import Hand, Rules
from hearts_lab.bots import HeuristicBot, make_bot, play_hand

def decision_times(level, hands, clock=time.perf_counter):
    rules = Rules.preset("standard", players=4)
    times = []
    class Timed:
        def __init__(self, bot): self.bot = bot
        def choose_pass(self, view): return self.bot.choose_pass(view)
        def choose_play(self, view):
            t = clock()
            card = self.bot.choose_play(view)
            if len(view.legal_moves()) > 1:
                times.append(clock() - t)
            return card
    bot = Timed(make_bot(level, seed=1))
    for i in range(hands):
        hand = Hand.deal(rules, seed=f"timing/{i}", hand_number=i)
        bots = [HeuristicBot(seed=s) for s in range(4)]
        bots[i % 4] = bot
        play_hand(hand, bots)
    return times
"""


def run_pyodide(pyodide_dir: str, levels: list[tuple[str, int]]) -> None:
    """The same card choices timed in CPython here and in Pyodide under Node (the npm ``pyodide`` package the site ships).

    Pyodide's clocks are the wall clock, so on a shared machine its CPU time per card is Node's own CPU time
    over the run (``process.cpuUsage``) shared out in proportion to each card's wall time."""
    import json
    import os
    import subprocess
    import tempfile

    repo = Path(__file__).resolve().parent.parent
    namespace: dict = {}
    exec(BOTS_PY.replace('sys.path.insert(0, "/repo")', ""), namespace)  # the same code in CPython
    here = {}
    for level, hands in levels:
        start = time.process_time()
        times = namespace["decision_times"](level, hands, time.process_time)
        here[level] = (time.process_time() - start, times)
    with tempfile.NamedTemporaryFile("w", suffix=".mjs", delete=False) as script:
        script.write(PYODIDE_JS)
    env = dict(os.environ, BOTS_PY=BOTS_PY, BOTS_LEVELS=json.dumps(levels))
    try:
        out = subprocess.run(["node", script.name, str(Path(pyodide_dir).resolve()), str(repo)], env=env, check=True,
                             capture_output=True, text=True).stdout
    finally:
        os.unlink(script.name)
    for line in out.splitlines():
        run = json.loads(line)
        share = run["cpu"] / run["wall"]
        cpu_times = sorted(t * share for t in run["times"])
        cpython_total, cpython_times = here[run["level"]]
        ratio = run["cpu"] / cpython_total
        print(f"{run['level']}: {len(cpu_times)} card choices in {run['hands']} hands; Pyodide (Node, CPU {share:.2f} of the wall clock "
              f"here): median {statistics.median(cpu_times) * 1000:.0f} ms, 95th percentile {quantile(cpu_times, 0.95) * 1000:.0f} ms, "
              f"max {cpu_times[-1] * 1000:.0f} ms CPU; CPython {platform.python_version()}, the same cards by CPU time: median "
              f"{statistics.median(cpython_times) * 1000:.0f} ms, 95th percentile {quantile(cpython_times, 0.95) * 1000:.0f} ms; "
              f"Pyodide/CPython CPU over the whole run {ratio:.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("heuristic", "timing", "openspiel", "pyodide", "all"))
    parser.add_argument("--pyodide", default="build/lite-cache/pyodide-314.0.6/package",
                        help="the npm pyodide package, unpacked (make site caches it here)")
    parser.add_argument("--deals", type=int, default=250)
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--openspiel-deals", type=int, default=12)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--level", default="expert")
    parser.add_argument("--move-time", type=float, default=None, help="ISMCTS CPU seconds per move (default: measured)")
    args = parser.parse_args()
    print("command: python benchmarks/bots.py " + " ".join(sys.argv[1:]))
    move_time = args.move_time
    if args.what in ("timing", "all") or (args.what == "openspiel" and move_time is None):
        move_time = run_timing(args.hands, args.level)
    if args.what in ("heuristic", "all"):
        run_heuristic(args.deals, args.workers, args.seed, args.level)
    if args.what in ("openspiel", "all"):
        assert move_time is not None
        run_openspiel(args.openspiel_deals, args.seed, args.level, move_time)
    if args.what == "pyodide":
        run_pyodide(args.pyodide, [("medium", args.hands), (args.level, max(1, args.hands // 2))])


if __name__ == "__main__":
    main()
