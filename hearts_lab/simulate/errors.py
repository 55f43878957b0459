"""The simulator's own error, importable without numpy."""

from __future__ import annotations

from ..errors import RulesError

__all__ = ["UnsupportedRule"]


class UnsupportedRule(RulesError):
    """A rule option the batch path does not implement; ``field`` names it. Use the engine path."""
