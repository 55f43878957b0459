"""Plots that still teach where matplotlib is missing (JupyterLite offline: Pyodide's matplotlib
comes from its online distribution only).

:func:`pyplot` is ``matplotlib.pyplot`` when matplotlib imports, and otherwise a small stand-in
that keeps the data of the calls the notebooks make (``subplots``, ``plot``, ``bar``,
``errorbar``, ``fill_between``, ``axhline``/``axvline``, titles and labels, ``set_xticks``,
``set_xlim``/``set_xscale``) and draws them, at ``show()``, as a plain SVG chart: the same lines,
points, bars, bands and labels, with a note that it is the simple fallback. Styling calls it
does not draw (tick formatters, ``grid``, ``legend`` options) are accepted and ignored.

>>> plt = pyplot(fallback=True)
>>> fig, ax = plt.subplots(figsize=(7, 3))
>>> _ = ax.plot([1, 2, 3], [0.5, 0.25, 0.125], marker="o", label="halving")
>>> _ = ax.set_title("Halving")
>>> svg = ax.svg()
>>> svg.count("<polyline"), "Halving" in svg, "halving" in svg
(1, True, True)
>>> plt.close()
"""

from __future__ import annotations

import html
import math
from typing import Any, Sequence

__all__ = ["pyplot", "ticker", "FallbackAxes", "FallbackPyplot"]

_COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f")
_NAMED = {"tab:blue": "#1f77b4", "tab:red": "#d62728", "tab:orange": "#ff7f0e", "tab:green": "#2ca02c",
          "black": "#000", "grey": "#808080", "gray": "#808080"}


def pyplot(*, fallback: bool = False) -> Any:
    """``matplotlib.pyplot``, or the SVG stand-in when matplotlib cannot be imported (or ``fallback``)."""
    if not fallback:
        try:
            import matplotlib.pyplot as plt
        except ImportError:
            pass
        else:
            return plt
    return _FALLBACK


def ticker(name: str) -> Any:
    """A class of ``matplotlib.ticker`` (e.g. ``"PercentFormatter"``), or a stand-in that does nothing."""
    try:
        import matplotlib.ticker as module
    except ImportError:
        return _Ignored()
    return getattr(module, name)


class _Ignored:
    """Accepts any call or attribute and does nothing: the styling the SVG fallback does not draw."""

    def __call__(self, *args: Any, **kwargs: Any) -> _Ignored:
        return self

    def __getattr__(self, name: str) -> _Ignored:
        if name.startswith("__"):
            raise AttributeError(name)
        return self


def _colour(value: Any, index: int) -> str:
    if isinstance(value, str):
        return _NAMED.get(value, value if value.startswith("#") else _COLOURS[index % len(_COLOURS)])
    return _COLOURS[index % len(_COLOURS)]


def _number(value: Any) -> float:
    return float(value)


class FallbackAxes:
    """One chart's data, drawn as SVG by :meth:`svg` (what ``plt.show()`` displays)."""

    def __init__(self, width: float = 7, height: float = 3.5) -> None:
        self.size = (width, height)
        self.items: list[dict[str, Any]] = []
        self.title = self.xlabel = self.ylabel = ""
        self.xticks: tuple[list[float], list[str]] | None = None
        self.xlim: tuple[float, float] | None = None
        self.log_x = False
        self.notes: list[str] = []

    # -- what the notebooks call ------------------------------------------------------------
    def plot(self, *args: Any, **kwargs: Any) -> list[Any]:
        values = [a for a in args if not isinstance(a, str)]
        fmt = next((a for a in args if isinstance(a, str)), "")
        if len(values) == 1:
            ys = list(values[0]) if hasattr(values[0], "__iter__") else [values[0]]
            xs = list(range(len(ys)))
        else:
            xs = list(values[0]) if hasattr(values[0], "__iter__") else [values[0]]
            ys = list(values[1]) if hasattr(values[1], "__iter__") else [values[1]]
        points_only = fmt in ("o", ".", "s", "^") or (len(xs) == 1)
        self.items.append({"kind": "points" if points_only else "line", "xs": [_number(x) for x in xs],
                           "ys": [_number(y) for y in ys], "label": kwargs.get("label"), "colour": kwargs.get("color"),
                           "marker": bool(kwargs.get("marker")) or points_only})
        return []

    def bar(self, xs: Sequence[Any], heights: Sequence[Any], width: float = 0.8, **kwargs: Any) -> list[Any]:
        self.items.append({"kind": "bars", "xs": [_number(x) for x in xs], "ys": [_number(h) for h in heights],
                           "width": width, "label": kwargs.get("label"), "colour": kwargs.get("color")})
        return []

    def errorbar(self, xs: Sequence[Any], ys: Sequence[Any], yerr: Any = None, **kwargs: Any) -> list[Any]:
        xs, ys = [_number(x) for x in xs], [_number(y) for y in ys]
        lows, highs = (yerr if yerr is not None else ([0] * len(ys), [0] * len(ys)))
        self.items.append({"kind": "errors", "xs": xs, "ys": ys, "low": [y - _number(d) for y, d in zip(ys, lows)],
                           "high": [y + _number(d) for y, d in zip(ys, highs)], "label": kwargs.get("label"),
                           "colour": kwargs.get("color")})
        return []

    def fill_between(self, xs: Sequence[Any], low: Sequence[Any], high: Sequence[Any], **kwargs: Any) -> None:
        self.items.append({"kind": "band", "xs": [_number(x) for x in xs], "low": [_number(v) for v in low],
                           "high": [_number(v) for v in high], "label": kwargs.get("label"), "colour": kwargs.get("color")})

    def axhline(self, y: Any, **kwargs: Any) -> None:
        self.items.append({"kind": "hline", "y": _number(y), "colour": kwargs.get("color"), "label": kwargs.get("label")})

    def axvline(self, x: Any, **kwargs: Any) -> None:
        self.items.append({"kind": "vline", "x": _number(x), "colour": kwargs.get("color"), "label": kwargs.get("label")})

    def annotate(self, text: str, *args: Any, **kwargs: Any) -> None:
        self.notes.append(str(text))

    def set_title(self, text: str, **kwargs: Any) -> None:
        self.title = str(text)

    def set_xlabel(self, text: str, **kwargs: Any) -> None:
        self.xlabel = str(text)

    def set_ylabel(self, text: str, **kwargs: Any) -> None:
        self.ylabel = str(text)

    def set_xticks(self, ticks: Sequence[Any], labels: Sequence[Any] | None = None, **kwargs: Any) -> None:
        ticks = [_number(t) for t in ticks]
        self.xticks = (ticks, [str(x) for x in labels] if labels is not None else [f"{t:g}" for t in ticks])

    def set_xlim(self, low: Any = None, high: Any = None, **kwargs: Any) -> None:
        if isinstance(low, (tuple, list)):
            low, high = low
        current = self.get_xlim()
        self.xlim = (current[0] if low is None else _number(low), current[1] if high is None else _number(high))

    def get_xlim(self) -> tuple[float, float]:
        if self.xlim is not None:
            return self.xlim
        xs = [x for item in self.items for x in item.get("xs", [item.get("x")]) if x is not None]
        return (min(xs), max(xs)) if xs else (0.0, 1.0)

    def set_xscale(self, scale: str, **kwargs: Any) -> None:
        self.log_x = scale == "log"

    def __getattr__(self, name: str) -> Any:  # grid, legend, xaxis.set_major_formatter, ...: not drawn
        if name.startswith("__"):
            raise AttributeError(name)
        return _Ignored()

    # -- drawing ----------------------------------------------------------------------------
    def _y_range(self) -> tuple[float, float]:
        ys: list[float] = []
        for item in self.items:
            ys += item.get("ys", []) + item.get("low", []) + item.get("high", [])
            if item["kind"] == "hline":
                ys.append(item["y"])
            if item["kind"] == "bars":
                ys.append(0.0)
        low, high = (min(ys), max(ys)) if ys else (0.0, 1.0)
        if high == low:
            high = low + 1
        pad = (high - low) * 0.05
        return low - pad, high + pad

    def svg(self) -> str:
        """The chart as an SVG image (with a title for screen readers)."""
        width, height = 640, 300
        left, right, top, bottom = 64, 16, 34, 48
        x_low, x_high = self.get_xlim()
        bars = [i for i in self.items if i["kind"] == "bars"]
        if bars:
            x_low = min(x_low, min(min(i["xs"]) - i["width"] / 2 for i in bars))
            x_high = max(x_high, max(max(i["xs"]) + i["width"] / 2 for i in bars))
        log = self.log_x and x_low > 0
        fx = (lambda v: math.log10(v)) if log else (lambda v: v)
        a, b = fx(x_low), fx(x_high)
        if b == a:
            b = a + 1
        y_low, y_high = self._y_range()

        def X(v: float) -> float:
            return left + (fx(max(v, x_low) if log else v) - a) / (b - a) * (width - left - right)

        def Y(v: float) -> float:
            return top + (y_high - v) / (y_high - y_low) * (height - top - bottom)

        out = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' role='img' "
               f"viewBox='0 0 {width} {height}' style='font-family:sans-serif;font-size:11px;background:#fff'>",
               f"<title>{html.escape(self.title or 'chart')}</title>",
               f"<rect x='{left}' y='{top}' width='{width - left - right}' height='{height - top - bottom}' fill='none' stroke='#999'/>"]
        for k in range(5):  # y ticks
            v = y_low + (y_high - y_low) * k / 4
            out.append(f"<text x='{left - 4}' y='{Y(v) + 4:.1f}' text-anchor='end'>{v:.3g}</text>"
                       f"<line x1='{left}' x2='{width - right}' y1='{Y(v):.1f}' y2='{Y(v):.1f}' stroke='#eee'/>")
        ticks = self.xticks or ([x_low + (x_high - x_low) * k / 4 for k in range(5)], None)
        labels = ticks[1] or [f"{t:.3g}" for t in ticks[0]]
        for t, label in zip(ticks[0], labels):
            out.append(f"<text x='{X(t):.1f}' y='{height - bottom + 14}' text-anchor='middle'>{html.escape(label[:14])}</text>")
        legend = []
        for n, item in enumerate(self.items):
            colour = _colour(item.get("colour"), n)
            kind = item["kind"]
            if kind == "band":
                upper = " ".join(f"{X(x):.1f},{Y(y):.1f}" for x, y in zip(item["xs"], item["high"]))
                lower = " ".join(f"{X(x):.1f},{Y(y):.1f}" for x, y in reversed(list(zip(item["xs"], item["low"]))))
                out.append(f"<polygon points='{upper} {lower}' fill='{colour}' fill-opacity='0.25' stroke='none'/>")
            elif kind == "bars":
                span = (width - left - right) / (b - a)
                for x, y in zip(item["xs"], item["ys"]):
                    out.append(f"<rect x='{X(x) - item['width'] * span / 2:.1f}' y='{min(Y(y), Y(0)):.1f}' "
                               f"width='{item['width'] * span:.1f}' height='{abs(Y(0) - Y(y)):.1f}' fill='{colour}'/>")
            elif kind == "errors":
                for x, y, lo, hi in zip(item["xs"], item["ys"], item["low"], item["high"]):
                    out.append(f"<line x1='{X(x):.1f}' x2='{X(x):.1f}' y1='{Y(lo):.1f}' y2='{Y(hi):.1f}' stroke='{colour}'/>"
                               f"<circle cx='{X(x):.1f}' cy='{Y(y):.1f}' r='3' fill='{colour}'/>")
            elif kind in ("line", "points"):
                if kind == "line":
                    points = " ".join(f"{X(x):.1f},{Y(y):.1f}" for x, y in zip(item["xs"], item["ys"]))
                    out.append(f"<polyline points='{points}' fill='none' stroke='{colour}' stroke-width='2'/>")
                if item.get("marker"):
                    out += [f"<circle cx='{X(x):.1f}' cy='{Y(y):.1f}' r='2.5' fill='{colour}'/>" for x, y in zip(item["xs"], item["ys"])]
            elif kind == "hline":
                out.append(f"<line x1='{left}' x2='{width - right}' y1='{Y(item['y']):.1f}' y2='{Y(item['y']):.1f}' "
                           f"stroke='{colour}' stroke-dasharray='4 3'/>")
            elif kind == "vline":
                out.append(f"<line x1='{X(item['x']):.1f}' x2='{X(item['x']):.1f}' y1='{top}' y2='{height - bottom}' "
                           f"stroke='{colour}' stroke-dasharray='4 3'/>")
            if item.get("label"):
                legend.append((colour, str(item["label"])))
        for k, (colour, label) in enumerate(legend[:8]):
            y = top + 12 + 14 * k
            out.append(f"<rect x='{width - right - 150}' y='{y - 8}' width='10' height='10' fill='{colour}'/>"
                       f"<text x='{width - right - 136}' y='{y + 1}'>{html.escape(label[:24])}</text>")
        out.append(f"<text x='{width / 2}' y='18' text-anchor='middle' font-size='13' font-weight='bold'>{html.escape(self.title)}</text>")
        out.append(f"<text x='{(left + width - right) / 2}' y='{height - 10}' text-anchor='middle'>{html.escape(self.xlabel)}</text>")
        out.append(f"<text x='14' y='{(top + height - bottom) / 2}' text-anchor='middle' "
                   f"transform='rotate(-90 14 {(top + height - bottom) / 2})'>{html.escape(self.ylabel)}</text>")
        out.append("</svg>")
        return "".join(out)

    def _repr_html_(self) -> str:
        notes = "".join(f"<div>{html.escape(n)}</div>" for n in self.notes)
        return (f"<div class='hl-fallback-plot'>{self.svg()}{notes}<div style='color:#666;font-size:12px'>A simple "
                "drawing: matplotlib is not available here (in JupyterLite it loads only when online).</div></div>")


class FallbackPyplot:
    """The few ``pyplot`` calls the notebooks make, drawing :class:`FallbackAxes` at :meth:`show`."""

    def __init__(self) -> None:
        self._pending: list[FallbackAxes] = []

    def subplots(self, nrows: int = 1, ncols: int = 1, *, figsize: tuple[float, float] = (7, 3.5), **kwargs: Any) -> tuple[Any, Any]:
        if nrows * ncols != 1:
            raise ValueError("the matplotlib fallback draws one chart per figure (subplots(1, 1))")
        ax = FallbackAxes(*figsize)
        self._pending.append(ax)
        return _Ignored(), ax

    def gca(self) -> FallbackAxes:
        return self._pending[-1] if self._pending else self.subplots()[1]

    def show(self, *args: Any, **kwargs: Any) -> None:
        from IPython.display import HTML, display

        pending, self._pending = self._pending, []
        for ax in pending:
            display(HTML(ax._repr_html_()))  # type: ignore[no-untyped-call]  # IPython.display is not annotated

    def close(self, *args: Any, **kwargs: Any) -> None:
        self._pending = []

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return _Ignored()


_FALLBACK = FallbackPyplot()
