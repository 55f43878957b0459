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
import stat
from typing import TYPE_CHECKING, Mapping, NoReturn, TypeAlias, TypeVar

from .cards import Card, CardError, _quote
from .errors import IllegalMove, RecordError, RulesError

if TYPE_CHECKING:
    from .hand import Hand

__all__ = [
    "JSONValue",
    "JSONObject",
    "MAX_HAND_RECORD",
    "MAX_GAME_RECORD",
    "MAX_RECORD_HANDS",
    "MAX_DEPTH",
    "load_json",
    "read_record_file",
    "read_bounded_file",
    "refuse_duplicate_keys",
    "check_fields",
    "check_indent",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "hand_to_dict",
    "hand_to_json",
    "hand_from_dict",
    "hand_from_json",
]

#: What JSON text holds (after :func:`load_json`: no NaN, no giant numbers).
JSONValue: TypeAlias = None | bool | int | float | str | list["JSONValue"] | dict[str, "JSONValue"]
JSONObject: TypeAlias = dict[str, JSONValue]

#: Largest hand record read, in bytes (or characters): a two-pack hand, pretty-printed, is under 20 KB.
MAX_HAND_RECORD = 256 * 1024
#: Largest game record read: hundreds of hands.
MAX_GAME_RECORD = 8 * 1024 * 1024
#: Most hands a game record may hold. Each is replayed (about a millisecond) before the record is
#: accepted, so 5,000 hands under the size limit took 5 s to refuse for an edited last card; a real
#: game to 100 points lasts a few dozen hands.
MAX_RECORD_HANDS = 1_000
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


# -- hand records -------------------------------------------------------------------------------

RECORD_FORMAT = "hearts-lab/hand"
RECORD_VERSION = 1

H = TypeVar("H", bound="Hand")


def hand_to_dict(hand: Hand) -> JSONObject:
    """The complete record of a hand as plain data: rules, deal, kitty, passes and plays.

    >>> from hearts_lab import Hand, Rules
    >>> record = hand_to_dict(Hand.deal(Rules.preset("standard", players=4), seed=7))
    >>> record["format"], record["plays"], len(record["deal"])
    ('hearts-lab/hand', [], 4)
    """
    passes: list[JSONValue]
    done = hand.passes
    if done is not None:
        passes = [[str(c) for c in p] for p in done]
    else:
        chosen = [hand.pass_choice(s) for s in range(hand.players)]
        passes = [None if p is None else [str(c) for c in p] for p in chosen]
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "rules": hand.rules.to_dict(),
        "hand_number": hand.hand_number,
        "dealer": hand.dealer,
        "seed": hand.seed,
        "passing": bool(hand.pass_offset) or hand.rules.pass_offset(hand.hand_number) == 0,
        "deal": [[str(c) for c in hand.dealt(s)] for s in range(hand.players)],
        "kitty": [str(c) for c in hand.kitty],
        "passes": passes if hand.pass_offset else None,
        "plays": [str(c) for c in hand.history],
    }


def hand_to_json(hand: Hand, indent: int | None = None) -> str:
    """The record of a hand as JSON text; :func:`hand_from_json` replays it to an identical hand."""
    return json.dumps(hand_to_dict(hand), ensure_ascii=False, indent=check_indent(indent))


def hand_from_dict(cls: type[H], data: object) -> H:
    """Replay a hand record (from :func:`hand_to_dict`) as a ``cls`` (:class:`~hearts_lab.hand.Hand`).

    The record is checked whole before a hand exists: unknown or missing fields, wrong types,
    a seed that did not deal these cards, an illegal pass or play; each raises
    :class:`RecordError` naming the field.
    """
    from .deal import check_seed
    from .rules import Rules

    if not isinstance(data, dict):
        raise RecordError(f"A hand record must be a JSON object, not {type(data).__name__}.", "record")
    if data.get("format") != RECORD_FORMAT:
        raise RecordError(
            f"Not a hand record: 'format' is {_quote(data.get('format'))}, expected {RECORD_FORMAT!r}.", "format"
        )
    version = data.get("version")
    if type(version) is not int or version != RECORD_VERSION:
        raise RecordError(
            f"version: unsupported hand record version {_quote(version)}; this Hearts Lab reads version {RECORD_VERSION}.",
            "version",
        )
    check_fields(
        data,
        ("format", "version", "rules", "hand_number", "dealer", "deal", "kitty", "passes", "plays"),
        ("seed", "passing"),
        "hand record",
    )
    try:
        rules = Rules.from_dict(data["rules"])
    except (RulesError, TypeError) as error:
        raise RecordError(f"The record's rules are invalid: {error}", "rules") from None
    n = rules.players

    def whole(name: str, value: object, high: int | None) -> int:
        if type(value) is not int or value < 0 or (high is not None and value > high):
            limit = f"0 to {high}" if high is not None else "0 or more"
            raise RecordError(f"{name}: expected a whole number {limit}, not {_quote(value)}.", name)
        return value

    hand_number = whole("hand_number", data["hand_number"], 1_000_000)
    dealer = whole("dealer", data["dealer"], n - 1)
    seed = data.get("seed")
    if seed is not None:
        try:
            check_seed(seed)
        except RulesError as error:
            raise RecordError(str(error), "seed") from None
    passing = data.get("passing", True)
    if type(passing) is not bool:
        raise RecordError(f"passing: expected true or false, not {_quote(passing)}.", "passing")

    def card_list(value: object, where: str, most: int) -> list[Card]:
        if not isinstance(value, list):
            raise RecordError(f"{where}: expected a list of cards, not {type(value).__name__}.", where)
        if len(value) > most:
            raise RecordError(f"{where}: {len(value)} cards, more than the {most} these rules allow.", where)
        try:
            return [Card.parse(c) for c in value]
        except CardError as error:
            raise RecordError(f"{where}: {error}", where) from None

    deal = data["deal"]
    if not isinstance(deal, list) or len(deal) != n:
        raise RecordError(f"deal: expected one list of cards per seat ({n}).", "deal")
    seats = [card_list(h, f"deal[{i}]", rules.hand_size) for i, h in enumerate(deal)]
    kitty = card_list(data["kitty"], "kitty", rules.kitty_size)
    passes = data["passes"]
    chosen: list[list[Card] | None] = []
    if passes is not None:
        if not isinstance(passes, list) or len(passes) != n:
            raise RecordError(f"passes: expected one entry per seat ({n}).", "passes")
        chosen = [None if p is None else card_list(p, f"passes[{s}]", rules.pass_count) for s, p in enumerate(passes)]
    plays = card_list(data["plays"], "plays", 2 * len(rules.deck()))  # a bound; replay finds the first extra card
    try:
        hand = cls(rules, seats, kitty, hand_number=hand_number, dealer=dealer, seed=seed, passing=passing)
    except (RulesError, TypeError) as error:
        raise RecordError(f"The record's deal is invalid: {error}", "deal") from None
    if seed is not None and not hand._dealt_by_seed():
        raise RecordError(
            f"deal: these are not the cards seed {_quote(seed)} deals for hand {hand_number} with dealer {dealer} "
            "(edited record?).",
            "deal",
        )
    for seat, cards in enumerate(chosen):
        if cards is None:
            continue
        try:
            hand.pass_cards(seat, cards)
        except IllegalMove as error:
            raise RecordError(f"passes[{seat}] breaks the rules: {error}", "passes") from None
    for i, card in enumerate(plays):
        try:
            hand.play(card)
        except IllegalMove as error:
            raise RecordError(f"plays[{i}] ({card}) breaks the rules: {error}", "plays") from None
    return hand


def hand_from_json(cls: type[H], text: str | bytes) -> H:
    """Read and replay a JSON hand record; size and nesting are checked before parsing."""
    return hand_from_dict(cls, load_json(text, "hand record", MAX_HAND_RECORD))
