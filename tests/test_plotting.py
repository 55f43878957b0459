"""Without matplotlib (JupyterLite offline), notebooks 07-09 still run and every plot is drawn as SVG."""
from __future__ import annotations

import builtins
import json
import sys
from pathlib import Path

import pytest

from hearts_lab import plotting

ROOT = Path(__file__).resolve().parents[1]
PLOTTING = ("07_counting_deals", "08_exact_odds", "09_moon_odds")


@pytest.fixture
def no_matplotlib(monkeypatch):
    """Importing matplotlib fails, as in a Pyodide kernel that could not fetch it."""
    real = builtins.__import__

    def refuse(name, *args, **kwargs):
        if name == "matplotlib" or name.startswith("matplotlib."):
            raise ImportError(f"No module named {name!r} (refused by the test)")
        return real(name, *args, **kwargs)

    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setattr(builtins, "__import__", refuse)
    plotting.pyplot(fallback=True).close()  # nothing left over from another test
    shown: list[str] = []
    monkeypatch.setattr(plotting.FallbackPyplot, "show", lambda self, *a, **k: (
        shown.extend(ax._repr_html_() for ax in self._pending), self._pending.clear()))
    return shown


def test_the_fallback_draws_what_the_calls_say():
    plt = plotting.pyplot(fallback=True)
    _, ax = plt.subplots(figsize=(7, 3.5))
    ax.bar([0, 1, 2], [0.2, 0.5, 0.3], width=0.4, label="bars")
    ax.errorbar([0, 1], [0.1, 0.2], yerr=[[0.05, 0.05], [0.1, 0.1]], fmt="o")
    ax.fill_between([1, 10, 100], [0.1, 0.2, 0.25], [0.3, 0.28, 0.27], label="95% interval")
    ax.axvline(1.5, color="black", ls="--")
    ax.set_xscale("log")
    ax.yaxis.set_major_formatter(plotting.ticker("PercentFormatter")(1.0))   # styling: accepted
    ax.set_title("A <test>")
    svg = ax.svg()
    assert svg.count("<rect") >= 1 + 3 and svg.count("<polygon") == 1 and "stroke-dasharray" in svg
    assert "A &lt;test&gt;" in svg and "95% interval" in svg
    with pytest.raises(ValueError, match="one chart per figure"):
        plt.subplots(2, 1)


@pytest.mark.slow
@pytest.mark.parametrize("name", PLOTTING)
def test_notebooks_run_without_matplotlib(name, no_matplotlib, monkeypatch):
    monkeypatch.chdir(ROOT / "notebooks")
    cells = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"]
    namespace: dict = {"__name__": "__main__"}
    shows = 0
    for cell in cells:
        if cell["cell_type"] != "code" or cell.get("id") == "lite-install":
            continue
        source = "".join(cell["source"])
        assert "%matplotlib" not in source and "import matplotlib" not in source
        shows += source.count("plt.show()")
        exec(compile(source, f"{name} cell {cell.get('id')}", "exec"), namespace)
    assert namespace["plt"] is plotting.pyplot(fallback=True)
    assert shows >= 1 and len(no_matplotlib) == shows           # every plot cell drew its chart
    assert all("<svg" in chart and "<title>" in chart for chart in no_matplotlib)
