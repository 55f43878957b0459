"""A small table that shows as HTML in a notebook and as aligned text elsewhere.

>>> print(Table(("players", "each"), [(4, 13), (5, 10)]))
players  each
-------  ----
      4    13
      5    10
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any, Sequence

from .exact import Exact

__all__ = ["Table", "cell_text"]


def cell_text(value: Any) -> str:
    """How a cell prints: an :class:`Exact` count as its value rounded, a float to 4 significant digits.

    >>> import sympy
    >>> cell_text(0.123456), cell_text(Exact(sympy.Integer(10**30), sympy.Integer(10**30), "big")), cell_text(True)
    ('0.1235', '1.0000e+30', 'yes')
    """
    if isinstance(value, Exact):
        if value.value.q != 1:
            return f"{float(value.value):.4g}"
        return value.approx if abs(value.value) >= 10**6 else str(value.value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, (tuple, list)):
        return " ".join(map(str, value)) or "—"
    if value is None:
        return "—"
    return str(value)


@dataclass(frozen=True, repr=False)
class Table:
    """Rows of values under headers; ``rows`` keep the raw values (e.g. :class:`Exact`)."""

    headers: tuple[str, ...]
    rows: Sequence[tuple[Any, ...]]
    title: str = ""

    def column(self, header: str) -> list[Any]:
        """The raw values of one column.

        >>> Table(("a", "b"), [(1, 2), (3, 4)]).column("b")
        [2, 4]
        """
        k = self.headers.index(header)
        return [row[k] for row in self.rows]

    def _cells(self) -> list[list[str]]:
        return [[cell_text(v) for v in row] for row in self.rows]

    def __str__(self) -> str:
        cells = self._cells()
        widths = [max([len(h)] + [len(r[k]) for r in cells]) for k, h in enumerate(self.headers)]
        numeric = [all(isinstance(row[k], (int, float, Exact)) and not isinstance(row[k], bool) for row in self.rows)
                   for k in range(len(self.headers))]

        def line(values: Sequence[str]) -> str:
            return "  ".join(v.rjust(w) if num else v.ljust(w) for v, w, num in zip(values, widths, numeric)).rstrip()

        out = [self.title] if self.title else []
        out.append(line(self.headers))
        out.append("  ".join("-" * w for w in widths))
        out += [line(r) for r in cells]
        return "\n".join(out)

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{escape(h)}</th>" for h in self.headers)
        body = "".join(
            "<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in self._cells()
        )
        caption = f"<caption>{escape(self.title)}</caption>" if self.title else ""
        return f"<table>{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
