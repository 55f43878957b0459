"""Pieces every Hearts Lab widget shares: the error area and the list of engine errors it shows."""

from __future__ import annotations

import html
from contextlib import contextmanager
from typing import Any, Iterator

import ipywidgets as w

from ..errors import HeartsLabError

#: The package's errors (IllegalMove, RulesError, CardError, RecordError, MoonChoiceRequired, ...: every
#: HeartsLabError): a widget shows their message and changes nothing. Anything else is a bug and raises.
ENGINE_ERRORS: tuple[type[ValueError], ...] = (HeartsLabError,)


class ErrorArea(w.HTML):
    """A red message line (CSS class ``hl-error``), empty when there is nothing to say.

    >>> area = ErrorArea()
    >>> area.show("Seat 2 cannot play Q♠."); area.message
    'Seat 2 cannot play Q♠.'
    >>> area.clear(); area.value
    ''
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(value="", **kwargs)
        self.add_class("hl-error")
        self.message = ""

    def show(self, message: str) -> None:
        self.message = message
        self.value = (
            "<div role='alert' style='color:#a40000;background:#fff0f0;border:1px solid #e3a0a0;"
            f"border-radius:6px;padding:6px 10px;font-size:15px'><strong>Not allowed:</strong> {html.escape(message)}</div>"
        )

    def clear(self) -> None:
        self.message = ""
        self.value = ""

    @contextmanager
    def catching(self) -> Iterator[None]:
        """Run a block; an engine error shows its message here instead of reaching the kernel."""
        try:
            yield
        except ENGINE_ERRORS as error:
            self.show(str(error))
        else:
            self.clear()


def button(description: str, css: str, *, tooltip: str = "", width: str = "auto", style: str = "") -> w.Button:
    """A button with a clear description (what a screen reader and a browser test find) and a CSS class."""
    b = w.Button(description=description, tooltip=tooltip or description, button_style=style, layout=w.Layout(width=width))
    b.add_class(css)
    return b


def four_colour_box(value: bool) -> w.Checkbox:
    box = w.Checkbox(value=value, description="four-colour deck", indent=False, layout=w.Layout(width="auto"))
    box.add_class("hl-four-colour")
    return box
