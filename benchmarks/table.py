"""Play-table latency: server-side time from a card click to the rendered table.

A card click on :class:`hearts_lab.widgets.PlayTable` runs the table's action
(the engine checks the card, the bots reply up to the student's next turn, the
hand is scored when it ends) and re-renders the widget: header, seats, trick,
card buttons with the engine's reasons, actions, scoreboard, message. In a
kernel every changed trait then leaves as a comm message; here a comm stands in
for the kernel's and JSON-encodes each message, as the kernel's session does,
so the figure counts the whole server side up to the socket.

For 4 players (standard) and 11 players (cancellation, two packs) the student
plays whole hands at fresh tables (seeds 1, 2, ...), always clicking an enabled
(legal) card button; every click is timed. Printed: clicks timed, median, 95th
percentile and mean in milliseconds (wall clock, and the CPU time of the
serving thread, which a busy machine does not inflate), how that splits between the table's action
and the render (including the comm messages), and the bytes sent per click.
Goal: median under 30 ms.

Usage::

    .venv/bin/python benchmarks/table.py                 # 300 clicks for each table
    .venv/bin/python benchmarks/table.py --clicks 100 --bots random
    .venv/bin/python benchmarks/table.py --profile       # cProfile of the 11-player clicks

Run it with ``PYTHONPATH`` pointing at another checkout to time older code
(the script uses only ``PlayTable``'s long-standing public calls).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import statistics
import time
from typing import Any

import comm
from comm.base_comm import BaseComm

_sent = {"bytes": 0, "messages": 0, "seconds": 0.0}


class JsonComm(BaseComm):
    """A comm that encodes each message as the kernel would (JSON), then drops it."""

    def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None, buffers: Any = None, **keys: Any) -> None:
        start = time.perf_counter()
        payload = json.dumps({"msg_type": msg_type, "content": {"data": data, "comm_id": self.comm_id, **keys},
                              "metadata": metadata or {}}, ensure_ascii=False, allow_nan=False, default=str)
        _sent["bytes"] += len(payload.encode())
        _sent["messages"] += 1
        _sent["seconds"] += time.perf_counter() - start


comm.create_comm = JsonComm  # before any widget exists

from hearts_lab import Rules  # noqa: E402
from hearts_lab.widgets import PlayTable  # noqa: E402

TABLES = {
    4: Rules.preset("standard", players=4),
    11: Rules.preset("cancellation", players=11),
}


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by linear interpolation between order statistics."""
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    low = int(k)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (k - low)


def clicks(rules: Rules, count: int, bots: str) -> dict[str, list[float]]:
    """Time ``count`` card clicks on fresh tables with these rules; per click: total, render, bytes."""
    out: dict[str, list[float]] = {"total": [], "cpu": [], "render": [], "bytes": [], "messages": []}
    seed = 0
    while len(out["total"]) < count:
        seed += 1
        table = PlayTable(rules, seed=seed, bots=bots)
        render_time = [0.0]
        original = table._render

        def timed_render(original: Any = original, render_time: list[float] = render_time) -> None:
            start = time.perf_counter()
            original()
            render_time[0] += time.perf_counter() - start

        table._render = timed_render  # type: ignore[method-assign]
        if table.hand.phase == "pass":
            table.pass_cards(table.hand.cards(table.seat)[: rules.pass_count])
        while table.hand.phase == "play" and len(out["total"]) < count:
            button = next(b for b in table.card_buttons if not b.disabled)
            render_time[0] = 0.0
            before_bytes, before_messages = _sent["bytes"], _sent["messages"]
            start, cpu = time.perf_counter(), time.thread_time()
            button.click()
            out["total"].append(time.perf_counter() - start)
            out["cpu"].append(time.thread_time() - cpu)
            out["render"].append(render_time[0])
            out["bytes"].append(_sent["bytes"] - before_bytes)
            out["messages"].append(_sent["messages"] - before_messages)
    return out


def report(players: int, data: dict[str, list[float]]) -> None:
    ms = [t * 1e3 for t in data["total"]]
    cpu = [t * 1e3 for t in data["cpu"]]
    render = [t * 1e3 for t in data["render"]]
    action = [t - r for t, r in zip(ms, render)]
    print(
        f"{players:>2} players: {len(ms)} clicks; median {statistics.median(ms):6.1f} ms, "
        f"95th percentile {percentile(ms, 0.95):6.1f} ms, mean {statistics.fmean(ms):6.1f} ms (wall clock)"
    )
    print(
        f"            CPU time of the click: median {statistics.median(cpu):6.1f} ms, "
        f"95th percentile {percentile(cpu, 0.95):6.1f} ms (a busy machine inflates wall clock, not this)"
    )
    print(
        f"            median split: table action (engine + bots) {statistics.median(action):5.1f} ms, "
        f"render + comm {statistics.median(render):5.1f} ms; "
        f"{statistics.median(data['messages']):.0f} messages, {statistics.median(data['bytes']) / 1024:.1f} KiB per click"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--clicks", type=int, default=300, help="card clicks timed per table (default 300)")
    parser.add_argument("--bots", choices=("heuristic", "random"), default="heuristic")
    parser.add_argument("--players", type=int, nargs="*", default=sorted(TABLES), choices=sorted(TABLES))
    parser.add_argument("--profile", action="store_true", help="cProfile the clicks of the last table")
    args = parser.parse_args()
    for players in args.players:
        clicks(TABLES[players], 10, args.bots)  # warm up: imports, caches
        if args.profile and players == args.players[-1]:
            profiler = cProfile.Profile()
            profiler.enable()
            data = clicks(TABLES[players], args.clicks, args.bots)
            profiler.disable()
            report(players, data)
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(30)
        else:
            report(players, clicks(TABLES[players], args.clicks, args.bots))
    print("goal: median under 30 ms")


if __name__ == "__main__":
    main()
