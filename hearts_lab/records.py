"""Reading JSON records safely: size limits before any parsing, no deep nesting, no NaN or
giant numbers, no unknown fields. :class:`~hearts_lab.hand.Hand` and
:class:`~hearts_lab.game.Game` records use these; every refusal is a
:class:`~hearts_lab.errors.RecordError` naming the field.

>>> load_json('[' * 100_000, "hand record", MAX_HAND_RECORD)
Traceback (most recent call last):
...
hearts_lab.errors.RecordError: The hand record nests deeper than 8 levels: not a record.
>>> load_json('{"seed": NaN}', "hand record", MAX_HAND_RECORD)
Traceback (most recent call last):
...
hearts_lab.errors.RecordError: The hand record is not valid JSON: NaN is not a number a record may hold.
"""

from __future__ import annotations

import json
import os
import re
import stat
from typing import Mapping, NoReturn, TypeAlias, Union

from .cards import _quote
from .errors import RecordError

__all__ = [
    "JSONValue",
    "JSONObject",
    "MAX_HAND_RECORD",
    "MAX_GAME_RECORD",
    "MAX_DEPTH",
    "load_json",
    "read_record_file",
    "read_bounded_file",
    "refuse_duplicate_keys",
    "check_fields",
    "check_indent",
]

#: What JSON text holds (after :func:`load_json`: no NaN, no giant numbers).
JSONValue: TypeAlias = Union[None, bool, int, float, str, list["JSONValue"], dict[str, "JSONValue"]]
JSONObject: TypeAlias = dict[str, JSONValue]

#: Largest hand record read, in bytes (or characters): a two-pack hand, pretty-printed, is under 20 KB.
MAX_HAND_RECORD = 256 * 1024
#: Largest game record read: hundreds of hands.
MAX_GAME_RECORD = 8 * 1024 * 1024
#: Deepest nesting of lists and objects a record has (a game record: game > hands > entry > hand > deal > seat).
MAX_DEPTH = 8
#: Longest whole number a record may spell (a seed is at most 256 bits, 78 digits).
_MAX_DIGITS = 80

def _depth(value: JSONValue) -> int:
    """The deepest nesting of lists and objects in a parsed JSON value (a walk with a stack, no recursion).

    >>> _depth([{"a": "[[["}, [1]]), _depth("x")
    (2, 0)
    """
    deepest = 0
    stack: list[tuple[JSONValue, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, dict)):
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    break
            stack.extend((child, depth) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def refuse_duplicate_keys(pairs: list[tuple[str, JSONValue]]) -> dict[str, JSONValue]:
    """``object_pairs_hook`` for :func:`json.loads`: a key given twice is an error, not "the last copy wins".

    Otherwise a reader that keeps the first copy and the engine, which keeps the
    last, would see two different records in one file.

    >>> json.loads('{"seed": 1, "seed": 2}', object_pairs_hook=refuse_duplicate_keys)
    Traceback (most recent call last):
    ...
    ValueError: the key 'seed' appears twice
    """
    data: dict[str, JSONValue] = {}
    for key, value in pairs:
        if key in data:
            raise ValueError(f"the key {_quote(key)} appears twice")
        data[key] = value
    return data


def _reject_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a number a record may hold")


def _whole_number(text: str) -> int:
    if len(text.lstrip("-")) > _MAX_DIGITS:
        raise ValueError(f"a number of {len(text)} digits is too long for a record")
    return int(text)


def load_json(text: object, what: str, limit: int) -> JSONValue:
    """Parse record ``text`` (str or bytes) after checking its size and nesting.

    Sizes are checked before any parsing work, so a huge record is refused at once.
    """
    if isinstance(text, (bytes, bytearray)):
        if len(text) > limit:
            raise RecordError(f"The {what} is {len(text):,} bytes; the limit is {limit:,}.", "size")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise RecordError(
                f"The {what} is not valid JSON: not UTF-8 text ({error.reason} at byte {error.start}).", "encoding"
            ) from None
    if not isinstance(text, str):
        raise RecordError(f"The {what} must be JSON text, not {type(text).__name__}.", "text")
    if len(text) > limit:
        raise RecordError(f"The {what} is {len(text):,} characters; the limit is {limit:,}.", "size")
    # The nesting is measured on the parsed value: json's own parser stops a deep one (RecursionError)
    # after a thousand levels, and a scan of the text before parsing cost more than the parse.
    deep = RecordError(f"The {what} nests deeper than {MAX_DEPTH} levels: not a record.", "nesting")
    try:
        value: JSONValue = json.loads(
            text, parse_constant=_reject_constant, parse_int=_whole_number, object_pairs_hook=refuse_duplicate_keys
        )
    except json.JSONDecodeError as error:
        raise RecordError(
            f"The {what} is not valid JSON (truncated or edited?): {error.msg} at line {error.lineno}, column {error.colno}.",
            "json",
        ) from None
    except RecursionError:
        raise deep from None
    except ValueError as error:
        raise RecordError(f"The {what} is not valid JSON: {error}.", "json") from None
    if _depth(value) > MAX_DEPTH:
        raise deep
    return value


def read_bounded_file(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; ``OSError`` or ``ValueError`` otherwise.

    The file is opened without blocking (a FIFO would wait for a writer for
    ever), must be a regular file (not a device such as ``/dev/zero``, which a
    ``.json`` symlink can point to, nor a FIFO or a folder), has its size checked
    before anything is read, and is read to at most ``limit + 1`` bytes (a file
    that grows while it is read is refused too).
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    descriptor = os.open(os.fspath(path), flags)
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            kind = "a folder" if stat.S_ISDIR(info.st_mode) else "a pipe" if stat.S_ISFIFO(info.st_mode) else "a device or other special file"
            raise ValueError(f"it is {kind}, not a regular file")
        if info.st_size > limit:
            raise ValueError(f"it is {info.st_size:,} bytes; the limit is {limit:,}")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(descriptor, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise ValueError(f"it grew past the limit of {limit:,} bytes while being read")
        return b"".join(chunks)
    finally:
        os.close(descriptor)


def read_record_file(path: str | os.PathLike[str], what: str, limit: int) -> str:
    """The text of a record file, refused (RecordError) if missing, not a regular file, too big or not UTF-8.

    >>> read_record_file("/dev/zero", "hand record", MAX_HAND_RECORD)
    Traceback (most recent call last):
    ...
    hearts_lab.errors.RecordError: Cannot read the hand record file '/dev/zero': it is a device or other special file, not a regular file.
    """
    try:
        data = read_bounded_file(path, limit)
    except OSError as error:
        raise RecordError(f"Cannot read the {what} file {_quote(str(path))}: {error.strerror or error}.", "path") from None
    except ValueError as error:
        field = "size" if "bytes" in str(error) else "path"
        raise RecordError(f"Cannot read the {what} file {_quote(str(path))}: {error}.", field) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RecordError(f"The {what} file {_quote(str(path))} is not UTF-8 text: {error.reason}.", "encoding") from None


def check_indent(indent: object) -> int | None:
    """``indent`` for ``json.dumps``: None (one line) or a whole number of spaces 0..16."""
    if indent is None or (type(indent) is int and 0 <= indent <= 16):
        return indent
    raise RecordError(f"indent: expected None or a whole number of spaces from 0 to 16, not {_quote(indent)}.", "indent")


def check_fields(data: Mapping[str, object], required: tuple[str, ...], optional: tuple[str, ...], what: str) -> None:
    """Refuse unknown and missing fields of a record object."""
    unknown = [k for k in data if k not in required and k not in optional]
    if unknown:
        raise RecordError(f"{_quote(unknown[0])}: not a field of a {what}.", str(unknown[0])[:40])
    missing = [k for k in required if k not in data]
    if missing:
        raise RecordError(f"The {what} is missing {', '.join(repr(k) for k in missing)} (truncated?).", missing[0])
