"""An optional progress bar for long simulations in a notebook.

Outside a Jupyter kernel (or without ipywidgets) it does nothing. In a
notebook it shows an ``IntProgress`` bar while chunks finish, then replaces it
with one line of text, so a stored notebook holds the same output on every run.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Progress"]


class Progress:
    """Counts finished work; shows a bar only when ``enabled`` and running in a notebook kernel.

    >>> with Progress(10, "hands", enabled=True) as bar:  # no kernel here: a silent counter
    ...     bar.advance(4); bar.advance(6)
    >>> bar.done
    10
    """

    def __init__(self, total: int, unit: str = "hands", *, enabled: bool = False) -> None:
        self.total = total
        self.unit = unit
        self.done = 0
        self._bar: Any = None
        self._handle: Any = None
        if enabled:
            self._open()

    def _open(self) -> None:
        try:
            from IPython import get_ipython
            from IPython.display import display
            import ipywidgets
        except ImportError:
            return
        shell = get_ipython()
        if shell is None or not hasattr(shell, "kernel"):
            return
        self._bar = ipywidgets.IntProgress(value=0, min=0, max=self.total, description=self.unit)
        self._handle = display(self._bar, display_id=True)

    def advance(self, amount: int) -> None:
        """Record ``amount`` more units done."""
        self.done += amount
        if self._bar is not None:
            self._bar.value = min(self.done, self.total)

    def close(self) -> None:
        """Replace the bar with a deterministic line of text."""
        if self._bar is not None:
            from IPython.display import Pretty

            self._bar.close()
            self._handle.update(Pretty(f"Simulated {self.done:,} {self.unit}."))
            self._bar = None

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
