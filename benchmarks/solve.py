#!/usr/bin/env python3
"""Perfect-information solver: speed figures and the forced-moon survey.

    python benchmarks/solve.py speed [--deals 100] [--positions 50] [--baseline CHECKOUT [--rounds 3]]
    python benchmarks/solve.py survey --preset standard --players 4 --deals 20000 --seed 2026 \\
        --out data/forced_moon_standard_4.json [--workers 2 | --dask ADDRESS] [--max-nodes 50000]

``speed`` prints, from one run on one core: moon questions (seat-solves) per
second on random full 4-player deals without passing, the median and 99th
percentile time for all four seats of a deal, and the median and 99th
percentile time of ``best_moves`` with 6 tricks left.

``survey`` asks the moon question for every seat of ``--deals`` random deals
(deal k is ``deal_cards(rules, seed, hand_number=k)``, no passing) in chunks
over a process pool (``--workers``) or a Dask cluster (``--dask``), the same
executors ``hearts_lab.simulate`` uses. Finished chunks are appended to
``OUT.partial.jsonl`` as they arrive, so an interrupted run resumes where it
stopped; the summary (rate, 95 % Wilson interval, the forced deals' hands, the
exact command and seeds) goes to ``OUT``.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from pathlib import Path

# --baseline runs this script again with HEARTS_LAB_CHECKOUT set: that checkout's hearts_lab is timed.
sys.path.insert(0, os.environ.get("HEARTS_LAB_CHECKOUT") or str(Path(__file__).resolve().parent.parent))

from hearts_lab import Hand, Rules  # noqa: E402
from hearts_lab.deal import deal_cards  # noqa: E402
from hearts_lab.solve import best_moves, can_force_moon, survey_chunk  # noqa: E402
from hearts_lab.stats import wilson_interval  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


def speed(args: argparse.Namespace) -> None:
    if args.cpu:
        print(*cpu_workload(args))
        return
    if args.baseline:
        compare(args)
        return
    rules = Rules.preset("standard", players=4)
    per_deal: list[float] = []
    per_seat: list[float] = []
    unknown = 0
    for k in range(args.deals):
        hands, kitty = deal_cards(rules, args.seed, hand_number=k)
        hand = Hand(rules, hands, kitty, hand_number=k, passing=False)
        start = time.perf_counter()
        for seat in range(4):
            t = time.perf_counter()
            answer = can_force_moon(hand, seat, max_nodes=args.max_nodes, line=False)
            per_seat.append(time.perf_counter() - t)
            unknown += answer.forced is None
        per_deal.append(time.perf_counter() - start)
    print(f"moon question, {args.deals} random 4-player deals (no passing), seed {args.seed}, budget {args.max_nodes:,} nodes per seat")
    print(f"  seat-solves per second: {len(per_seat) / sum(per_seat):.1f}")
    print(f"  all four seats of a deal: median {statistics.median(per_deal):.3f} s, p99 {percentile(per_deal, 0.99):.3f} s, max {max(per_deal):.3f} s")
    print(f"  one seat: median {statistics.median(per_seat):.4f} s, p99 {percentile(per_seat, 0.99):.3f} s; unknown within budget: {unknown}")
    rng = random.Random(args.seed)
    times: list[float] = []
    incomplete = 0
    for k in range(args.positions):
        hands, kitty = deal_cards(rules, f"{args.seed}/moves", hand_number=k)
        hand = Hand(rules, hands, kitty, hand_number=k, passing=False)
        while len(hand.cards(hand.to_play)) > 6 or hand.current_trick.plays:
            hand.play(rng.choice(hand.legal_moves()))
        start = time.perf_counter()
        table = best_moves(hand, max_nodes=args.max_nodes)
        times.append(time.perf_counter() - start)
        incomplete += not table.complete
    print(f"best_moves with 6 tricks left, {args.positions} positions (random play to trick 8), seed {args.seed}")
    print(f"  median {statistics.median(times):.3f} s, p99 {percentile(times, 0.99):.3f} s, max {max(times):.3f} s; incomplete: {incomplete}")


def cpu_workload(args: argparse.Namespace) -> tuple[float, float, int]:
    """The speed workload, timed by CPU: (moon questions' seconds, best_moves' seconds, nodes searched)."""
    rules = Rules.preset("standard", players=4)
    moon = moves = 0.0
    nodes = 0
    for k in range(args.deals):
        hands, kitty = deal_cards(rules, args.seed, hand_number=k)
        hand = Hand(rules, hands, kitty, hand_number=k, passing=False)
        start = time.process_time()
        nodes += sum(can_force_moon(hand, seat, max_nodes=args.max_nodes, line=False).nodes for seat in range(4))
        moon += time.process_time() - start
    rng = random.Random(args.seed)
    for k in range(args.positions):
        hands, kitty = deal_cards(rules, f"{args.seed}/moves", hand_number=k)
        hand = Hand(rules, hands, kitty, hand_number=k, passing=False)
        while len(hand.cards(hand.to_play)) > 6 or hand.current_trick.plays:
            hand.play(rng.choice(hand.legal_moves()))
        start = time.process_time()
        nodes += best_moves(hand, max_nodes=args.max_nodes).nodes
        moves += time.process_time() - start
    return moon, moves, nodes


def compare(args: argparse.Namespace) -> None:
    """This checkout against ``--baseline`` in the same run: child processes taking turns, best of ``--rounds`` by CPU time."""
    import subprocess

    script = str(Path(__file__).resolve())
    here = str(Path(__file__).resolve().parent.parent)
    common = ["speed", "--cpu", "--deals", str(args.deals), "--positions", str(args.positions), "--seed", str(args.seed),
              "--max-nodes", str(args.max_nodes)]
    best: dict[str, list[float]] = {}
    nodes: dict[str, int] = {}
    for r in range(args.rounds):
        order = [("this checkout", here), (f"baseline {args.baseline}", args.baseline)]
        for name, checkout in order if r % 2 == 0 else order[::-1]:
            env = {**os.environ, "HEARTS_LAB_CHECKOUT": str(Path(checkout).resolve())}
            out = subprocess.run([sys.executable, script, *common], env=env, capture_output=True, text=True, check=True).stdout.split()
            moon, moves, count = float(out[0]), float(out[1]), int(out[2])
            old = best.setdefault(name, [moon, moves])
            best[name] = [min(old[0], moon), min(old[1], moves)]
            nodes[name] = count
    print(f"solver CPU seconds, best of {args.rounds} rounds taking turns ({args.deals} deals x 4 moon questions; "
          f"best_moves on {args.positions} positions with 6 tricks left; seed {args.seed}):")
    for name, (moon, moves) in best.items():
        print(f"  {name:<40} moon {moon:7.2f} s   best_moves {moves:7.2f} s   nodes {nodes[name]:,}")
    (a_moon, a_moves), (b_moon, b_moves) = best.values()

    def ratio(a: float, b: float) -> str:
        return f"{a / b:.3f}x" if b > 0 else "n/a (nothing timed)"

    print(f"  this checkout / baseline: moon {ratio(a_moon, b_moon)}, best_moves {ratio(a_moves, b_moves)} the CPU time")


def survey(args: argparse.Namespace) -> None:
    rules = Rules.preset(args.preset, players=args.players, pass_count=0)
    out = Path(args.out)
    if args.summarize_only:
        partial = out.with_suffix(".partial.jsonl")
        done_now = {c["start"]: c["rows"] for c in map(json.loads, partial.read_text(encoding="utf-8").splitlines()) if c}
        write_summary(args, rules, done_now, out)
        return
    partial = out.with_suffix(".partial.jsonl")
    done: dict[int, list[dict]] = {}
    if partial.exists():
        for line in partial.read_text(encoding="utf-8").splitlines():
            if line.strip():
                chunk = json.loads(line)
                done[chunk["start"]] = chunk["rows"]
    starts = [s for s in range(0, args.deals, args.chunk) if s not in done]
    if args.reverse:  # a second runner can work from the other end of the same checkpoint file
        starts.reverse()
    if args.part:  # runner i of r takes every r-th chunk: several runners share one checkpoint file
        i, r = map(int, args.part.split("/"))
        starts = [s for s in starts if (s // args.chunk) % r == i]
    print(f"{len(done)} chunks already done, {len(starts)} to go", flush=True)
    executor: Executor
    if args.dask:
        from dask.distributed import Client, LocalCluster

        if args.dask == "local":  # a throwaway cluster of --workers single-threaded processes
            client = Client(LocalCluster(n_workers=args.workers, threads_per_worker=1, dashboard_address=None))
        else:
            client = Client(args.dask)
        executor = client.get_executor()
    else:
        executor = ProcessPoolExecutor(max_workers=args.workers)
    began = time.perf_counter()
    with partial.open("a", encoding="utf-8") as sink:
        futures = {
            executor.submit(survey_chunk, rules.to_dict(), args.seed, s, min(s + args.chunk, args.deals), args.max_nodes): s
            for s in starts
        }
        for n, future in enumerate(as_completed(futures), 1):
            s = futures[future]
            rows = future.result()
            done[s] = rows
            sink.write(json.dumps({"start": s, "rows": rows}) + "\n")
            sink.flush()
            if n % 10 == 0 or n == len(futures):
                print(f"{n}/{len(futures)} chunks, {time.perf_counter() - began:.0f} s", flush=True)
    write_summary(args, rules, done, out)


def write_summary(args: argparse.Namespace, rules: Rules, done: dict[int, list[dict]], out: Path) -> None:
    # Use deals 0 .. M-1 only, M the first deal of the first unfinished chunk: a sample chosen by
    # deal number, never by how long a deal took to solve (hard deals finish last).
    prefix = []
    for start in range(0, args.deals, args.chunk):
        if start not in done:
            break
        prefix.append(start)
    rows = [r for s in prefix for r in done[s]]
    beyond = sum(len(done[s]) for s in done if s not in prefix)
    n = len(rows)
    forced = [r for r in rows if r["forced"]]
    unknown = [r for r in rows if r["unknown"] and not r["forced"]]
    k = len(forced)
    low, high = wilson_interval(k, n)
    # Deals not settled within the budget could go either way: the rate lies between these.
    bounds = (wilson_interval(k, n)[0], wilson_interval(k + len(unknown), n)[1])
    seconds = [sum(r["seconds"]) for r in rows]
    summary = {
        "question": "share of random deals (no passing) in which some seat can force the moon, all cards face up, "
        "the other seats playing together against it",
        "command": (
            f"python benchmarks/solve.py survey --preset {args.preset} --players {args.players} --deals {args.deals} "
            f"--seed {args.seed} --chunk {args.chunk} --max-nodes {args.max_nodes} --out {args.out}"
        ),
        "executors": "the rows do not depend on --workers, --dask, --part or --reverse (each deal is solved exactly on its own)",
        "complete": n == args.deals,
        "rules": rules.to_dict(),
        "seed": args.seed,
        "deals_requested": args.deals,
        "deals": n,
        "solved_beyond_the_prefix_not_used": beyond,
        "deal_numbers": "deal k = hearts_lab.deal.deal_cards(rules, seed, hand_number=k), k = 0 .. deals-1, played from trick 1 (no pass)",
        "max_nodes_per_seat": args.max_nodes,
        "forced_deals": k,
        "rate": k / n if n else None,
        "wilson_95": [low, high],
        "unknown_deals": len(unknown),
        "rate_bounds_with_unknown": list(bounds),
        "forced_by_seat": [sum(s in r["forced"] for r in rows) for s in range(rules.players)],
        "wall_seconds_median_per_deal_per_worker": statistics.median(seconds) if seconds else None,
        "wall_seconds_total_all_workers": round(sum(seconds), 1),
        "python": platform.python_version(),
        "forced": [{"number": r["number"], "seats": r["forced"], "hands": r["hands"], "kitty": r.get("kitty", "")} for r in forced],
        "unknown": [{"number": r["number"], "seats": r["unknown"], "hands": r["hands"]} for r in unknown],
    }
    out.write_text(json.dumps(summary, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{n} deals: {k} forced moons, rate {k / n if n else 0:.5f}, 95% Wilson [{low:.5f}, {high:.5f}], {len(unknown)} unknown")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("speed", help="print solver speed figures")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--positions", type=int, default=50)
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--max-nodes", type=int, default=3_000_000)
    p.add_argument("--baseline", metavar="CHECKOUT", help="also time the hearts_lab of another checkout, taking turns (CPU time)")
    p.add_argument("--rounds", type=int, default=3, help="rounds with --baseline; each side's best is reported")
    p.add_argument("--cpu", action="store_true", help=argparse.SUPPRESS)  # child of --baseline: print CPU seconds only
    p.set_defaults(run=speed)
    p = sub.add_parser("survey", help="forced-moon rate over many random deals")
    p.add_argument("--preset", default="standard")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--deals", type=int, default=20_000)
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--chunk", type=int, default=100)
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    p.add_argument("--dask", default="", help="address of a Dask scheduler, or 'local' for a LocalCluster (default: a process pool)")
    p.add_argument("--max-nodes", type=int, default=50_000)
    p.add_argument("--out", required=True)
    p.add_argument("--summarize-only", action="store_true", help="write OUT from the chunks finished so far, run nothing")
    p.add_argument("--reverse", action="store_true", help="take the chunks last first (a second runner on the same OUT)")
    p.add_argument("--part", default="", help="i/r: take only chunks number i, i+r, i+2r, ... (r runners on the same OUT)")
    p.set_defaults(run=survey)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
