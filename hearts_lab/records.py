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
from pathlib import Path
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

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


def _depth(text: str) -> int:
    """The deepest bracket nesting of JSON text, strings ignored (a linear scan, no recursion)."""
    depth = deepest = 0
    for match in _BRACKETS.finditer(_STRINGS.sub('""', text)):
        if match.group() in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        else:
            depth -= 1
    return deepest


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
    if _depth(text) > MAX_DEPTH:
        raise RecordError(f"The {what} nests deeper than {MAX_DEPTH} levels: not a record.", "nesting")
    try:
        value: JSONValue = json.loads(text, parse_constant=_reject_constant, parse_int=_whole_number)
        return value
    except json.JSONDecodeError as error:
        raise RecordError(
            f"The {what} is not valid JSON (truncated or edited?): {error.msg} at line {error.lineno}, column {error.colno}.",
            "json",
        ) from None
    except (ValueError, RecursionError) as error:
        raise RecordError(f"The {what} is not valid JSON: {error}.", "json") from None


def read_record_file(path: str | os.PathLike[str], what: str, limit: int) -> str:
    """The text of a record file, refused (RecordError) if missing, too big or not UTF-8."""
    try:
        file = Path(path)
        size = file.stat().st_size
        if size > limit:
            raise RecordError(f"The {what} file {_quote(str(path))} is {size:,} bytes; the limit is {limit:,}.", "size")
        return file.read_bytes().decode("utf-8")
    except OSError as error:
        raise RecordError(f"Cannot read the {what} file {_quote(str(path))}: {error.strerror or error}.", "path") from None
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
