#!/usr/bin/env python3
"""Execute Jupyter notebooks in a fresh kernel and store their outputs in place.

Authors run this after editing a notebook so that the committed file carries
the outputs the notebook regression tests (tests/test_binder.py, tests/test_notebooks.py) expect::

    .venv/bin/python tools/execute_notebooks.py                  # every notebooks/*.ipynb
    .venv/bin/python tools/execute_notebooks.py notebooks/03_passing.ipynb
    .venv/bin/python tools/execute_notebooks.py --check exercises # execute only, write nothing

Each notebook runs with its own directory as the working directory, with
``PYTHONHASHSEED=0`` in the kernel's environment, in the kernel named by the
notebook (``python3`` is the interpreter running this script).  Stream outputs
are coalesced exactly as pytest-notebook's ``coalesce_streams`` post-processor
does, so a freshly stored notebook passes its regression test unchanged.

Exit status: 0 if every notebook executed without an unexpected error, 1 otherwise.
"""
from __future__ import annotations

import argparse
import os
import re
import sys
import time
from pathlib import Path

# nbformat's jsonschema imports rfc3987_syntax where it is installed, which builds a parser at import (3-4 s of
# CPU, python-jsonschema/jsonschema#1392) only to check the "iri" format; no notebook schema asks for it.
# The Binder tests run this tool once per notebook. Skipped here (jsonschema imports it under suppress(ImportError)).
sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[assignment]

import nbformat  # noqa: E402
from nbclient import NotebookClient  # noqa: E402
from nbclient.exceptions import CellExecutionError, CellTimeoutError  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
KERNEL_ENV = {"PYTHONHASHSEED": "0"}
DEFAULT_TIMEOUT = 120

_RGX_CARRIAGERETURN = re.compile(r".*\r(?=[^\n])")
_RGX_BACKSPACE = re.compile("[^\n]\x08")


def coalesce_streams(nb):
    """Merge stream outputs of each cell like pytest-notebook's post-processor."""
    for cell in nb.cells:
        if "outputs" not in cell:
            continue
        new_outputs, streams = [], {}
        for output in cell.outputs:
            if output.output_type == "stream":
                if output.name in streams:
                    streams[output.name].text += output.text
                else:
                    new_outputs.append(output)
                    streams[output.name] = output
            else:
                new_outputs.append(output)
        for output in streams.values():
            while True:
                text = _RGX_BACKSPACE.sub("", output.text)
                if text == output.text:
                    break
                output.text = text
            output.text = _RGX_CARRIAGERETURN.sub("", output.text)
        for i, output in enumerate(new_outputs):
            if (
                output.output_type == "stream"
                and output.name == "stderr"
                and len(new_outputs) >= i + 2
                and new_outputs[i + 1].output_type == "stream"
                and new_outputs[i + 1].name == "stdout"
            ):
                new_outputs.insert(i, new_outputs.pop(i + 1))
        cell.outputs = new_outputs
    return nb


def execute(path: Path, timeout: int = DEFAULT_TIMEOUT, write: bool = True):
    """Execute one notebook; return None on success or the execution error."""
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name=nb.metadata.get("kernelspec", {}).get("name", "python3"),
        resources={"metadata": {"path": str(path.parent)}},
        record_timing=False,
    )
    try:
        client.execute(env={**os.environ, **KERNEL_ENV})
    except (CellExecutionError, CellTimeoutError) as err:
        return err
    if write:
        nbformat.write(coalesce_streams(nb), path)
    return None


def collect(args: list[str]) -> list[Path]:
    if not args:
        return sorted((REPO / "notebooks").glob("*.ipynb"))
    found = []
    for arg in args:
        p = Path(arg)
        if p.is_dir():
            found += sorted(
                q for q in p.rglob("*.ipynb") if ".ipynb_checkpoints" not in q.parts
            )
        elif p.suffix == ".ipynb" and p.exists():
            found.append(p)
        else:
            raise SystemExit(f"not a notebook or directory: {arg}")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", help="notebooks or directories (default: notebooks/*.ipynb)")
    parser.add_argument("--check", action="store_true", help="execute only; do not write outputs")
    parser.add_argument("--timeout", type=int, default=DEFAULT_TIMEOUT, help="seconds per cell")
    opts = parser.parse_args(argv)

    failures = 0
    for path in collect(opts.paths):
        start = time.monotonic()
        err = execute(path.resolve(), timeout=opts.timeout, write=not opts.check)
        took = time.monotonic() - start
        if err is None:
            print(f"ok    {path}  ({took:.1f}s)", flush=True)
        else:
            failures += 1
            print(f"FAIL  {path}  ({took:.1f}s)\n{err}", file=sys.stderr, flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
