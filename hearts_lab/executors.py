"""The executors long runs scale out over: ``simulate`` and the bots' ``match`` both take them (standard library only).

>>> from concurrent.futures import ThreadPoolExecutor
>>> as_executor(None) is None, isinstance(as_executor(ThreadPoolExecutor(1)), ThreadPoolExecutor)
(True, True)
"""

from __future__ import annotations

from concurrent.futures import Executor
from typing import Any, cast

from .arguments import ArgumentTypeError, shown

__all__ = ["as_executor"]


def as_executor(executor: Any) -> Executor | None:
    """``None``, any ``concurrent.futures.Executor``, or a ``dask.distributed.Client`` (used through
    ``client.get_executor()``, whose futures are ``concurrent.futures`` futures)."""
    if executor is None or isinstance(executor, Executor):
        return executor
    module = type(executor).__module__ or ""
    if module.split(".")[0] == "distributed" and callable(getattr(executor, "get_executor", None)):
        return cast(Executor, executor.get_executor())
    raise ArgumentTypeError(
        f"executor: expected a concurrent.futures.Executor (e.g. ProcessPoolExecutor) or a "
        f"dask.distributed.Client, not {shown(executor, 40)} ({type(executor).__name__}).", "executor",
    )
