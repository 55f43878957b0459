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

__all__ = ["MAX_SLUG", "normal", "slug"]

#: Invisible characters a name picks up from a file or a paste (BOM, zero-width space, word joiner): no part of it.
_NOT_IN_NAMES = dict.fromkeys(map(ord, "\ufeff\u200b\u2060"))
#: A slug is at most this long (a file system allows 255 bytes; the hash keeps long names apart).
MAX_SLUG = 60


def normal(name: str) -> str:
    """``name`` as names are compared: Unicode NFC, case, spacing and a BOM or zero-width space ignored.

    >>> normal("\ufeffAda  LOVELACE") == normal("Ada\u200b Lovelace") == "ada lovelace"
    True
    """
    return " ".join(unicodedata.normalize("NFC", name).translate(_NOT_IN_NAMES).casefold().split())


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
