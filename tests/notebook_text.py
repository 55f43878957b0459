"""Reading a notebook's text for the claims tests: its cells, its markdown and one cell's printed output.

The claims tests (tests/test_notebook_claims*.py) hold sentences to the engine and to the stored
outputs; they share these readers so that every test reads a notebook the same way.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def cells(path: Path) -> list[dict[str, Any]]:
    """The notebook's cells, as stored."""
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def markdown(path: Path) -> str:
    """Every markdown cell's source, cells separated by a blank line."""
    return "\n\n".join("".join(c["source"]) for c in cells(path) if c["cell_type"] == "markdown")


def stream_output(path: Path, source_snippet: str) -> str:
    """The stored printed (stream) output of the one code cell whose source contains ``source_snippet``."""
    found = [c for c in cells(path) if c["cell_type"] == "code" and source_snippet in "".join(c["source"])]
    assert len(found) == 1, f"{path.name}: {len(found)} code cells contain {source_snippet!r}"
    return "".join("".join(o.get("text", "")) for o in found[0]["outputs"] if o.get("output_type") == "stream")
