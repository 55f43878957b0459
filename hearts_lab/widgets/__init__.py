"""Notebook widgets (ipywidgets 8): thin views over the engine. They render, collect clicks
and show the engine's messages; every rule stays in the engine.

Each widget is an ``ipywidgets.VBox``: make it the last expression of a cell.
"""

import importlib as _importlib
import typing as _typing

if _typing.TYPE_CHECKING:
    from .cancellation import CancellationExplorer
    from .explorers import DeckExplorer, SimulationExplorer
    from .passing import PassingExplorer
    from .play_page import PlayPage
    from .play_table import PlayTable
    from .rules_lab import RulesLab
    from .stepper import DealStepper

#: Each widget and the submodule that defines it. A widget's module is imported the first
#: time the widget is asked for (PEP 562), so ``from hearts_lab.widgets import DealStepper``
#: imports the stepper alone and not sympy (which the deck explorer's counts need): in
#: JupyterLite that is seconds of a notebook's start. ``tools/lite_cell.py`` reads this
#: table to install what a notebook's widgets need.
_LAZY = {
    "CancellationExplorer": "cancellation",
    "DealStepper": "stepper",
    "DeckExplorer": "explorers",
    "SimulationExplorer": "explorers",
    "PassingExplorer": "passing",
    "PlayPage": "play_page",
    "PlayTable": "play_table",
    "RulesLab": "rules_lab",
}

__all__ = ["CancellationExplorer", "DealStepper", "DeckExplorer", "SimulationExplorer", "PassingExplorer", "PlayPage", "PlayTable", "RulesLab"]


def __getattr__(name: str) -> object:
    try:
        module = _LAZY[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(_importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # later look-ups are plain attribute reads
    return value


def __dir__() -> list[str]:
    return sorted((set(globals()) | set(__all__)) - {"_LAZY", "_importlib", "_typing"})
