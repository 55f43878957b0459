"""Notebook widgets (ipywidgets 8): thin views over the engine. They render, collect clicks
and show the engine's messages; every rule stays in the engine.

Each widget is an ``ipywidgets.VBox``: make it the last expression of a cell.
"""

from .cancellation import CancellationExplorer
from .passing import PassingExplorer
from .stepper import DealStepper

__all__ = ["DealStepper", "PassingExplorer", "CancellationExplorer"]

try:  # part B's widgets; this package works without them
    from .play_table import PlayTable

    __all__.append("PlayTable")
except ImportError:  # pragma: no cover
    pass
try:
    from .rules_lab import RulesLab

    __all__.append("RulesLab")
except ImportError:  # pragma: no cover
    pass
