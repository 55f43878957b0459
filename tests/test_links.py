"""Every relative link a reader can click lands somewhere: in every Markdown file and in every
notebook's Markdown cells, the file exists, and a ``#fragment`` names a heading or an ``id`` there
(so "rules §1.4" opens §1.4, not the top of ``docs/rules.md``)."""
from __future__ import annotations

import html
import json
import re
import unicodedata
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: Built, installed or downloaded here, never written by hand.
SKIP_DIRS = {".git", ".venv", "build", "site", "dist", "node_modules", "artifacts", ".ipynb_checkpoints", ".pytest_cache"}

_FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.M | re.S)
_CODE_SPAN = re.compile(r"(`+)(?!`).+?(?<!`)\1(?!`)", re.S)
_MD_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_HTML_LINK = re.compile(r"""<(?:a|img)\s[^>]*?(?:href|src)\s*=\s*["']([^"']+)["']""", re.I)
_ID = re.compile(r"""\s(?:id|name)\s*=\s*["']([^"']+)["']""", re.I)
_HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$", re.M)


def _documents() -> list[Path]:
    found = []
    for path in sorted(ROOT.rglob("*")):
        if path.suffix in (".md", ".ipynb") and path.is_file() and not SKIP_DIRS.intersection(path.relative_to(ROOT).parts):
            found.append(path)
    return found


def _markdown(path: Path) -> str:
    """The Markdown a reader sees: the file, or a notebook's Markdown cells."""
    text = path.read_text(encoding="utf-8")
    if path.suffix != ".ipynb":
        return text
    cells = json.loads(text)["cells"]
    return "\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def _prose(markdown: str) -> str:
    """Markdown without code blocks and code spans (a link shown as code is not a link)."""
    return _CODE_SPAN.sub("", _FENCE.sub("", markdown))


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, markup and punctuation dropped, spaces to hyphens.

    >>> slug("In the browser, without a server (JupyterLite)")
    'in-the-browser-without-a-server-jupyterlite'
    >>> slug("What students get, and what teachers keep")
    'what-students-get-and-what-teachers-keep'
    """
    text = re.sub(r"<[^>]+>", "", heading)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = html.unescape(text).replace("`", "").lower()
    kept = "".join(ch for ch in text if ch in " -_" or unicodedata.category(ch)[0] in "LN")
    return kept.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """The fragments that land in ``path``: its headings' anchors and its explicit ids."""
    text = _markdown(path)
    found: set[str] = set(_ID.findall(text))
    seen: dict[str, int] = {}
    for heading in _HEADING.findall(_FENCE.sub("", text)):
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
        # JupyterLab's own anchors keep case and punctuation: "1.-The-deal"
        found.add(re.sub(r"<[^>]+>", "", heading).strip().replace(" ", "-"))
    return found


def links(path: Path) -> list[str]:
    prose = _prose(_markdown(path))
    return _MD_LINK.findall(prose) + _HTML_LINK.findall(prose)


def _relative(target: str) -> bool:
    return not re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I) and not target.startswith("//")


DOCUMENTS = _documents()


def test_the_documents_are_found():
    names = {p.relative_to(ROOT).as_posix() for p in DOCUMENTS}
    assert {"README.md", "CONTRIBUTING.md", "docs/rules.md", "notebooks/00_start_here.ipynb"} <= names


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_lands(path):
    broken = []
    for target in links(path):
        if not _relative(target):
            continue
        file_part, _, fragment = target.partition("#")
        file_part = unquote(file_part.split("?", 1)[0])
        dest = (path.parent / file_part).resolve() if file_part else path
        if not dest.exists():
            broken.append(f"{target}: no file {dest.relative_to(ROOT) if dest.is_relative_to(ROOT) else dest}")
        elif fragment and dest.suffix in (".md", ".ipynb") and unquote(fragment) not in anchors(dest):
            broken.append(f"{target}: no heading or id {fragment!r} in {dest.relative_to(ROOT)}")
    assert not broken, f"{path.relative_to(ROOT)}: " + "; ".join(broken)


def test_rules_sections_have_anchors():
    """Each section and numbered rule of docs/rules.md can be linked as docs/rules.md#s1.4."""
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    numbers = re.findall(r"^## §(\d+) ", text, re.M) + re.findall(r"^\*\*(\d+\.\d+) ", text, re.M)
    assert len(numbers) > 40
    missing = [n for n in numbers if f"s{n}" not in anchors(ROOT / "docs" / "rules.md")]
    assert not missing


def test_section_links_land_at_their_section():
    """A link whose text cites a section of the rules ("rules §1.4") opens that section."""
    wrong = []
    for path in DOCUMENTS:
        for text, target in re.findall(r"\[(rules §[^\]]*)\]\(([^)]*)\)", _prose(_markdown(path))):
            first = re.search(r"§(\d+(?:\.\d+)?)", text).group(1)
            if not target.endswith(f"rules.md#s{first}"):
                wrong.append(f"{path.relative_to(ROOT)}: [{text}]({target})")
    assert not wrong
