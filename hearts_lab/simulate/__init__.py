"""Shooting-the-moon odds by simulation: many whole hands or games, fast, on one core or many.

- :func:`simulate` plays hands and returns a :class:`SimulationResult` (moons
  with a 95% interval, points per seat, where the Q♠ went, set-aside tricks,
  unclaimed points, kitties) that tabulates and plots;
- :func:`simulate_games` plays games to the target (:class:`GameResult`);
- :mod:`hearts_lab.simulate.batch` is the numpy path for random and
  lowest-card play; any other bots play through the engine.

Pass ``executor=`` any ``concurrent.futures.Executor`` or a
``dask.distributed.Client`` to spread the chunks over processes or a cluster;
the same seed gives the same result. ``progress=True`` shows a ``tqdm`` bar.
Without numpy (Pyodide, say) the package still imports and ``simulate`` plays
through the engine.

>>> from hearts_lab import Rules
>>> result = simulate(Rules.preset("standard", players=4), 50_000, seed=0)
>>> result.hands, result.method
(50000, 'batch')
>>> 0 < result.moon_interval[0] < result.moon_rate < result.moon_interval[1] < 0.05
True
"""

from .errors import UnsupportedRule
from .result import GameResult, SimulationResult, format_table, moon_table, plot_moon_rates, summary_table, wilson_interval
from .run import BOT_NAMES, METHODS, score_batch, simulate, simulate_games, simulate_presets

__all__ = [
    "BOT_NAMES",
    "METHODS",
    "GameResult",
    "SimulationResult",
    "UnsupportedRule",
    "format_table",
    "plot_moon_rates",
    "score_batch",
    "simulate",
    "simulate_games",
    "simulate_presets",
    "summary_table",
    "wilson_interval",
    "moon_table",
]
