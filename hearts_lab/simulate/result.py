"""What a simulation returns: plain counts that merge, tabulate and plot.

A :class:`SimulationResult` holds counts only (histograms as ``{value: hands}``
dictionaries), so results of separate chunks :meth:`~SimulationResult.merge`
exactly, compare with ``==``, and pickle across processes. Rates come with a
Wilson 95% confidence interval (:func:`wilson_interval`).

>>> wilson_interval(0, 100)
(0.0, 0.036993)
>>> low, high = wilson_interval(50, 100); round(low, 3), round(high, 3)
(0.404, 0.596)
"""

from __future__ import annotations

import html
from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from ..rules import Rules
from ..stats import wilson_interval as _wilson

__all__ = ["Z95", "wilson_interval", "SimulationResult", "GameResult", "summary_table", "moon_table", "format_table", "plot_moon_rates"]

#: The normal quantile for a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default), rounded to 6 places.

    >>> wilson_interval(3, 10)
    (0.107791, 0.603222)
    """
    low, high = _wilson(successes, trials, z=z)
    return round(low, 6), round(high, 6)


def _add(a: Mapping[int, int], b: Mapping[int, int]) -> dict[int, int]:
    total = Counter(a)
    total.update(b)
    return dict(sorted(total.items()))


def _mean(histogram: Mapping[int, int]) -> float:
    count = sum(histogram.values())
    return sum(v * k for v, k in histogram.items()) / count if count else float("nan")


def _seeds(a: int | tuple[int, ...], b: int | tuple[int, ...]) -> int | tuple[int, ...]:
    """The seed of merged results: one seed, or every seed involved, in order."""
    both = tuple(dict.fromkeys((*(a if isinstance(a, tuple) else (a,)), *(b if isinstance(b, tuple) else (b,)))))
    return both[0] if len(both) == 1 else both


def _check_same(a: Any, b: Any, names: Iterable[str]) -> None:
    if type(a) is not type(b):
        raise TypeError(f"Cannot merge a {type(a).__name__} with a {type(b).__name__}.")
    for name in names:
        if getattr(a, name) != getattr(b, name):
            raise ValueError(f"Cannot merge results with different {name}: {getattr(a, name)!r} and {getattr(b, name)!r}.")


def _html_table(rows: Sequence[Mapping[str, Any]]) -> str:
    if not rows:
        return ""
    head = "".join(f"<th>{html.escape(str(k))}</th>" for k in rows[0])
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(_fmt(v))}</td>" for v in row.values()) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.4f}"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return str(value)


@dataclass(frozen=True)
class SimulationResult:
    """Counts from ``hands`` whole hands played under ``rules`` by ``policy``.

    Seats are numbered from the dealer (seat 0 deals every hand; seat 1 is on
    the dealer's left). Fields:

    - ``moons[seat]``: hands in which that seat shot the moon;
    - ``points[seat]``: ``{points taken in a hand (before any moon adjustment): hands}``;
    - ``queens[seat]``: Q♠ copies that seat collected; ``queens_unclaimed``: copies nobody collected;
    - ``set_aside``: ``{set-aside tricks in a hand: hands}`` (Cancellation Hearts);
    - ``unclaimed``: ``{points nobody collected in a hand: hands}``;
    - ``kitty[seat]``: kitties that seat collected; ``kitty_unclaimed``: kitties nobody collected.

    ``method`` says how the hands were played: ``"batch"`` (numpy) or ``"engine"``;
    ``seed`` is the seed (or, after merging runs, the seeds) they were played with.

    >>> from hearts_lab.simulate import simulate
    >>> result = simulate(Rules.preset("standard", players=4), 2000, seed=1)
    >>> result.hands, result.method, sum(result.queens)
    (2000, 'batch', 2000)
    >>> result.merge(result).hands
    4000
    """

    rules: Rules
    policy: str
    method: str
    seed: int | tuple[int, ...]
    hands: int
    moons: tuple[int, ...]
    points: tuple[dict[int, int], ...]
    queens: tuple[int, ...]
    queens_unclaimed: int
    set_aside: dict[int, int]
    unclaimed: dict[int, int]
    kitty: tuple[int, ...]
    kitty_unclaimed: int

    # -- derived figures ----------------------------------------------------

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def moon_count(self) -> int:
        """Hands in which somebody shot the moon."""
        return sum(self.moons)

    @property
    def moon_rate(self) -> float:
        """The fraction of hands with a moon."""
        return self.moon_count / self.hands

    @property
    def moon_interval(self) -> tuple[float, float]:
        """Wilson 95% confidence interval for the moon rate."""
        return wilson_interval(self.moon_count, self.hands)

    def mean_points(self) -> tuple[float, ...]:
        """Average points each seat takes per hand (before moon adjustments)."""
        return tuple(_mean(h) for h in self.points)

    def queen_shares(self) -> tuple[float, ...]:
        """The fraction of all Q♠ copies dealt that each seat collected."""
        total = self.hands * self._queen_copies
        return tuple(q / total for q in self.queens)

    @property
    def _queen_copies(self) -> int:
        return max(1, (sum(self.queens) + self.queens_unclaimed) // self.hands)

    @property
    def set_aside_hands(self) -> int:
        """Hands with at least one set-aside trick."""
        return sum(k for v, k in self.set_aside.items() if v > 0)

    @property
    def unclaimed_hands(self) -> int:
        """Hands in which some points went to nobody (no moon possible)."""
        return sum(k for v, k in self.unclaimed.items() if v != 0)

    def rate(self, count: int) -> tuple[float, float, float]:
        """``(count / hands, low, high)`` with a Wilson 95% interval.

        >>> from hearts_lab.simulate import simulate
        >>> r = simulate(Rules.preset("cancellation", players=8), 1000, seed=2)
        >>> rate, low, high = r.rate(r.set_aside_hands); low <= rate <= high
        True
        """
        return (count / self.hands, *wilson_interval(count, self.hands))

    # -- combining ----------------------------------------------------------

    def merge(self, other: SimulationResult) -> SimulationResult:
        """The counts of both results together (same rules, policy and method).

        Merging results of different seeds adds independent samples; their
        ``seed`` becomes the tuple of seeds. (Merging a result with itself
        counts the same hands twice.)
        """
        _check_same(self, other, ("rules", "policy", "method"))
        return SimulationResult(
            rules=self.rules,
            policy=self.policy,
            method=self.method,
            seed=_seeds(self.seed, other.seed),
            hands=self.hands + other.hands,
            moons=tuple(a + b for a, b in zip(self.moons, other.moons)),
            points=tuple(_add(a, b) for a, b in zip(self.points, other.points)),
            queens=tuple(a + b for a, b in zip(self.queens, other.queens)),
            queens_unclaimed=self.queens_unclaimed + other.queens_unclaimed,
            set_aside=_add(self.set_aside, other.set_aside),
            unclaimed=_add(self.unclaimed, other.unclaimed),
            kitty=tuple(a + b for a, b in zip(self.kitty, other.kitty)),
            kitty_unclaimed=self.kitty_unclaimed + other.kitty_unclaimed,
        )

    # -- tables -------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        """One row of plain data: the rule set, the moon rate with its interval, set-aside and unclaimed hands."""
        low, high = self.moon_interval
        return {
            "rules": self.rules.name,
            "players": self.players,
            "policy": self.policy,
            "hands": self.hands,
            "moons": self.moon_count,
            "moon rate": round(self.moon_rate, 6),
            "95% low": low,
            "95% high": high,
            "hands with set-aside tricks": self.set_aside_hands,
            "hands with unclaimed points": self.unclaimed_hands,
        }

    def to_table(self) -> list[dict[str, Any]]:
        """One row per seat: mean points, moons, Q♠ share and kitties collected.

        >>> from hearts_lab.simulate import simulate
        >>> simulate(Rules.preset("standard", players=3), 300, seed=0).to_table()[0]["seat"]
        0
        """
        means, shares = self.mean_points(), self.queen_shares()
        rows = []
        for seat in range(self.players):
            row: dict[str, Any] = {
                "seat": seat,
                "mean points": round(means[seat], 4),
                "moons": self.moons[seat],
                "Q♠ share": round(shares[seat], 4),
            }
            if self.rules.kitty_size:
                row["kitties"] = self.kitty[seat]
            rows.append(row)
        return rows

    def to_dataframe(self) -> Any:
        """:meth:`to_table` as a pandas DataFrame (needs pandas, which Hearts Lab does not require)."""
        return _dataframe(self.to_table())

    def _repr_html_(self) -> str:
        low, high = self.moon_interval
        head = (
            f"<p><b>{html.escape(self.rules.summary())}</b><br>{self.hands:,} hands, {self.policy} play: "
            f"{self.moon_count:,} moons, rate {self.moon_rate:.4%} (95% interval {low:.4%} to {high:.4%})</p>"
        )
        return head + _html_table(self.to_table())

    # -- plots --------------------------------------------------------------

    def plot(self, ax: Any = None, seats: Sequence[int] | None = None) -> Any:
        """The distribution of points per hand for each seat (one line per seat); returns the axes."""
        from ..plotting import pyplot  # matplotlib, or a plain SVG drawing where it is missing

        if ax is None:
            _, ax = pyplot().subplots(figsize=(7, 3.5))
        for seat in range(self.players) if seats is None else seats:
            values = sorted(self.points[seat])
            ax.plot(values, [self.points[seat][v] / self.hands for v in values], marker=".", label=f"seat {seat}")
        low, high = self.moon_interval
        ax.set_xlabel("points taken in a hand (before the moon adjustment)")
        ax.set_ylabel("fraction of hands")
        ax.set_title(
            f"{self.rules.name}, {self.players} players, {self.policy} play: "
            f"moon {self.moon_rate:.2%} [{low:.2%}, {high:.2%}]",
            fontsize=10,
        )
        ax.legend(fontsize=8)
        return ax


@dataclass(frozen=True)
class GameResult:
    """Counts from ``games`` whole games played to the target.

    - ``hands``: hands played in all; ``moons``: hands with a moon;
    - ``lengths``: ``{hands in the game: games}``;
    - ``winning_scores``: ``{the lowest final score: games}``;
    - ``wins[seat]``: games that seat won (a shared win counts for each winner);
      ``shared``: games that ended with tied winners.

    >>> from hearts_lab.simulate import simulate_games
    >>> games = simulate_games(Rules.preset("standard", players=4, target=50), 200, seed=3)
    >>> games.games, sum(games.lengths.values()), games.mean_length > 1
    (200, 200, True)
    """

    rules: Rules
    policy: str
    method: str
    seed: int | tuple[int, ...]
    games: int
    hands: int
    moons: int
    lengths: dict[int, int]
    winning_scores: dict[int, int]
    wins: tuple[int, ...]
    shared: int

    @property
    def mean_length(self) -> float:
        """Average hands per game."""
        return _mean(self.lengths)

    @property
    def mean_winning_score(self) -> float:
        """Average final score of the winner."""
        return _mean(self.winning_scores)

    @property
    def moon_interval(self) -> tuple[float, float]:
        """Wilson 95% interval for the fraction of hands with a moon."""
        return wilson_interval(self.moons, self.hands)

    def merge(self, other: GameResult) -> GameResult:
        """The counts of both results together."""
        _check_same(self, other, ("rules", "policy", "method"))
        return GameResult(
            rules=self.rules,
            policy=self.policy,
            method=self.method,
            seed=_seeds(self.seed, other.seed),
            games=self.games + other.games,
            hands=self.hands + other.hands,
            moons=self.moons + other.moons,
            lengths=_add(self.lengths, other.lengths),
            winning_scores=_add(self.winning_scores, other.winning_scores),
            wins=tuple(a + b for a, b in zip(self.wins, other.wins)),
            shared=self.shared + other.shared,
        )

    def summary(self) -> dict[str, Any]:
        """One row of plain data."""
        return {
            "rules": self.rules.name,
            "players": self.rules.players,
            "target": self.rules.target,
            "policy": self.policy,
            "games": self.games,
            "mean hands per game": round(self.mean_length, 3),
            "shortest": min(self.lengths),
            "longest": max(self.lengths),
            "mean winning score": round(self.mean_winning_score, 3),
            "shared wins": self.shared,
            "moons": self.moons,
        }

    def to_table(self) -> list[dict[str, Any]]:
        """One row per game length: ``{"hands": k, "games": count, "fraction": ...}``."""
        return [{"hands": k, "games": v, "fraction": round(v / self.games, 6)} for k, v in self.lengths.items()]

    def to_dataframe(self) -> Any:
        """:meth:`to_table` as a pandas DataFrame (needs pandas)."""
        return _dataframe(self.to_table())

    def _repr_html_(self) -> str:
        return _html_table([self.summary()])

    def plot(self, ax: Any = None, what: str = "length") -> Any:
        """Bar chart of game lengths (``what="length"``) or winners' scores (``"score"``); returns the axes."""
        from ..plotting import pyplot

        if what not in ("length", "score"):
            raise ValueError(f"what: expected 'length' or 'score', not {what!r}.")
        data = self.lengths if what == "length" else self.winning_scores
        if ax is None:
            _, ax = pyplot().subplots(figsize=(7, 3.5))
        ax.bar(list(data), [v / self.games for v in data.values()], width=0.8)
        ax.set_xlabel("hands in the game" if what == "length" else "winner's final score")
        ax.set_ylabel("fraction of games")
        ax.set_title(
            f"{self.rules.name}, {self.rules.players} players, target {self.rules.target}, {self.policy} play "
            f"({self.games:,} games)",
            fontsize=10,
        )
        return ax


def _dataframe(rows: list[dict[str, Any]]) -> Any:
    try:
        import pandas
    except ImportError:
        raise ImportError("to_dataframe needs pandas (pip install pandas); to_table() gives the same rows as plain data.") from None
    return pandas.DataFrame(rows)


def summary_table(results: Iterable[SimulationResult | GameResult]) -> list[dict[str, Any]]:
    """The :meth:`~SimulationResult.summary` rows of several results, ready to print or tabulate.

    >>> from hearts_lab.simulate import simulate
    >>> rows = summary_table([simulate(Rules.preset("standard", players=n), 500) for n in (3, 4)])
    >>> [(row["players"], row["hands"]) for row in rows]
    [(3, 500), (4, 500)]
    """
    return [r.summary() for r in results]


def moon_table(results: Iterable[SimulationResult], *columns: str) -> list[dict[str, Any]]:
    """One row per result: the chosen :meth:`~SimulationResult.summary` columns, then the
    moons, the moon rate and its 95% interval as percentages with three decimals.

    >>> from hearts_lab.simulate import simulate
    >>> rows = moon_table([simulate(Rules.preset("standard", players=4), 2_000, seed=1)], "players")
    >>> list(rows[0])
    ['players', 'moons', 'moon rate', '95% low', '95% high']
    """
    rows = []
    for result in results:
        low, high = result.moon_interval
        summary = result.summary()
        row = {key: summary[key] for key in columns}
        row.update(
            {"moons": result.moon_count, "moon rate": f"{result.moon_rate:.3%}", "95% low": f"{low:.3%}", "95% high": f"{high:.3%}"}
        )
        rows.append(row)
    return rows


def format_table(rows: Sequence[Mapping[str, Any]]) -> str:
    """Rows of plain data as aligned text.

    >>> print(format_table([{"a": 1, "rate": 0.5}, {"a": 22, "rate": 0.25}]))
     a    rate
     1  0.5000
    22  0.2500
    """
    if not rows:
        return ""
    keys = list(rows[0])
    cells = [[_fmt(row[k]) for k in keys] for row in rows]
    widths = [max(len(k), *(len(c[i]) for c in cells)) for i, k in enumerate(keys)]
    lines = ["  ".join(k.rjust(w) for k, w in zip(keys, widths))]
    lines += ["  ".join(c.rjust(w) for c, w in zip(cell, widths)) for cell in cells]
    return "\n".join(lines)


def plot_moon_rates(results: Sequence[SimulationResult], ax: Any = None, label: str | None = None) -> Any:
    """Moon rates (as percentages) with their 95% intervals as error bars, one point per result; returns the axes."""
    from ..plotting import pyplot, ticker

    PercentFormatter = ticker("PercentFormatter")
    if ax is None:
        _, ax = pyplot().subplots(figsize=(9, 4), layout="constrained")
    names = [f"{r.rules.name} {r.players}p" for r in results]
    rates = [r.moon_rate for r in results]
    lows = [r.moon_rate - r.moon_interval[0] for r in results]
    highs = [r.moon_interval[1] - r.moon_rate for r in results]
    ax.errorbar(range(len(results)), rates, yerr=[lows, highs], fmt="o", capsize=4, label=label)
    ax.set_xticks(range(len(results)), names, fontsize=8, rotation=60, ha="right")
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_ylabel("hands with a moon")
    if label:
        ax.legend()
    return ax
