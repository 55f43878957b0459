"""Students' names: the one form a name is compared in, and the one file or folder name made from it.

A name reaches the package from a roster, a notebook's metadata or a
student's results file, typed or pasted by someone else: :func:`normal` is
how two spellings of one name are told to be the same student, and
:func:`slug` is the file or folder name a name gets (the class's copies,
``Class.write``, and a student's results file, ``export``).

>>> normal(" Zoë  O'NEIL\u200b") == normal("zoë o'neil")
True
>>> slug("Zoë O'Neil"), slug("王伟")
('Zoe_O_Neil', '王伟')
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

__all__ = ["MAX_SLUG", "SPACE_LIKE", "normal", "slug"]

#: Characters shown as a space and compared as one (:func:`normal`, and
#: :func:`~hearts_lab.exercises.results.printable` for the teacher's terminal and table): control characters (a
#: terminal's escapes), line and paragraph separators, and the bidi embeddings, overrides and isolates (U+202A-U+202E,
#: U+2066-U+2069) a chat or mail program puts around a pasted name.
SPACE_LIKE = frozenset([*map(chr, range(0x20)), *map(chr, range(0x7F, 0xA0)), "\u2028", "\u2029",
                        *map(chr, range(0x202A, 0x202F)), *map(chr, range(0x2066, 0x206A))])
#: Invisible characters a name picks up from a file or a paste (BOM, zero-width space, word joiner, direction marks):
#: no part of it, and nothing :func:`~hearts_lab.exercises.results.printable` changes.
_NOT_IN_NAMES = {**dict.fromkeys(map(ord, "\ufeff\u200b\u2060\u200e\u200f\u061c")), **{ord(c): " " for c in SPACE_LIKE}}
#: A slug is at most this long (a file system allows 255 bytes; the hash keeps long names apart).
MAX_SLUG = 60


def normal(name: str) -> str:
    """``name`` as names are compared: Unicode NFC, case, spacing and a BOM or zero-width space ignored, the characters
    :data:`SPACE_LIKE` as spaces (what the teacher's table shows of a name is the same name), a lone surrogate as U+FFFD.

    >>> normal("\ufeffAda  LOVELACE") == normal("Ada\u200b Lovelace") == normal("\u2068Ada Lovelace\u2069") == "ada lovelace"
    True
    """
    text = name.translate(_NOT_IN_NAMES)
    if any("\ud800" <= c <= "\udfff" for c in text):  # a JSON "\udcff": shown as U+FFFD, compared as one
        text = "".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in text)
    return " ".join(unicodedata.normalize("NFC", text).casefold().split())


def slug(name: str, empty: str = "student") -> str:
    """A file or folder name for ``name``: ASCII when the name's letters have an ASCII form (accents dropped),
    else the name's own letters; never a path separator or ``..``; long names cut and told apart by a hash;
    ``empty`` when the name has no letter or digit.

    >>> slug("Zoë O'Neil"), slug("王伟"), slug("Иван Петров"), slug("../../etc/passwd"), slug("?!", empty="results")
    ('Zoe_O_Neil', '王伟', 'Иван_Петров', 'etc_passwd', 'results')
    >>> len(slug("W" * 300))
    60
    """
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    text = plain if plain.isascii() else unicodedata.normalize("NFC", name)
    found = re.sub(r"[^\w]+", "_", text, flags=re.ASCII if text.isascii() else 0).strip("_") or empty
    if len(found) > MAX_SLUG:
        found = found[: MAX_SLUG - 9] + "_" + hashlib.sha256(normal(name).encode()).hexdigest()[:8]
    return found
