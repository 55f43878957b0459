"""Notebook widgets (ipywidgets 8): thin views over the engine. They render, collect clicks
and show the engine's messages; every rule stays in the engine.

Each widget is an ``ipywidgets.VBox``: make it the last expression of a cell.
"""

from .cancellation import CancellationExplorer
from .explorers import DeckExplorer, SimulationExplorer
from .passing import PassingExplorer
from .play_table import PlayTable
from .rules_lab import RulesLab
from .stepper import DealStepper

__all__ = ["CancellationExplorer", "DealStepper", "DeckExplorer", "SimulationExplorer", "PassingExplorer", "PlayTable", "RulesLab"]
