"""The four-colour deck stays readable for colour-blind students and on a projector.

Each suit colour is simulated for protanopia and deuteranopia with Machado,
Oliveira and Fernandes (2009), severity 1 (colour-science's matrices, applied to
linear RGB), and the distance between every pair of suits is measured in
CIEDE2000. Run with ``-s`` to print the table of distances:

    PYTHONPATH=$PWD .venv/bin/python -m pytest tests/test_palette.py -s -q
"""
from __future__ import annotations

import functools
import itertools
from typing import Any

import pytest

np = pytest.importorskip("numpy")

# after the skip: the module needs numpy
from hearts_lab.cards import SUIT_SYMBOLS, SUITS  # noqa: E402
from hearts_lab.render import FOUR_COLOURS, SUIT_COLOURS  # noqa: E402


@functools.cache
def _colour() -> Any:
    """colour-science, imported by the first test that needs it: its import (matplotlib and scipy with it)
    costs about 2.5 s of CPU, which every test worker paid at collection when it was imported here."""
    return pytest.importorskip("colour")

#: Smallest CIEDE2000 distance allowed between two suits, for each kind of vision. Around 20 two
#: colours are told apart at a glance even as small text; the old green/red deck had 7.1 (deuteranopia).
MIN_DISTANCE = 20.0
#: WCAG 2.1 AA contrast for normal text, each suit colour against the white card face.
MIN_CONTRAST = 4.5
VISIONS = ("normal", "Protanomaly", "Deuteranomaly")


def _linear(hex_colour: str) -> np.ndarray:
    rgb = np.array([int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)])
    return _colour().models.eotf_sRGB(rgb)


def _seen(hex_colour: str, vision: str) -> np.ndarray:
    """CIE L*a*b* (D65) of the colour as a person with ``vision`` sees it."""
    colour = _colour()
    rgb = _linear(hex_colour)
    if vision != "normal":
        rgb = np.clip(colour.blindness.matrix_cvd_Machado2009(vision, 1.0) @ rgb, 0, 1)
    xyz = colour.RGB_to_XYZ(rgb, colour.RGB_COLOURSPACES["sRGB"], apply_cctf_decoding=False)
    return colour.XYZ_to_Lab(xyz)


def distances(palette: dict[str, str]) -> dict[tuple[str, str], dict[str, float]]:
    """CIEDE2000 distance of every pair of suits, for each vision."""
    colour = _colour()
    return {
        (a, b): {v: float(colour.delta_E(_seen(palette[a], v), _seen(palette[b], v), method="CIE 2000")) for v in VISIONS}
        for a, b in itertools.combinations(SUITS, 2)
    }


def contrast_on_white(hex_colour: str) -> float:
    luminance = float(_linear(hex_colour) @ np.array([0.2126, 0.7152, 0.0722]))
    return 1.05 / (luminance + 0.05)


def _table(palette: dict[str, str]) -> str:
    lines = [f"{'pair':6}" + "".join(f"{v.replace('anomaly', 'anopia'):>14}" for v in VISIONS)]
    for (a, b), d in distances(palette).items():
        lines.append(f"{SUIT_SYMBOLS[a]} {SUIT_SYMBOLS[b]}   " + "".join(f"{d[v]:14.1f}" for v in VISIONS))
    return "\n".join(lines)


def test_every_pair_of_suits_stays_apart_for_colour_blind_vision():
    print("\nfour-colour deck", FOUR_COLOURS, "CIEDE2000 distances:\n" + _table(FOUR_COLOURS))
    worst = min((d[v], v, pair) for pair, d in distances(FOUR_COLOURS).items() for v in VISIONS)
    assert worst[0] >= MIN_DISTANCE, f"{worst[2]} under {worst[1]}: {worst[0]:.1f} < {MIN_DISTANCE}"


def test_every_suit_colour_is_readable_on_the_white_card():
    for palette in (FOUR_COLOURS, SUIT_COLOURS):
        for suit, hex_colour in palette.items():
            assert contrast_on_white(hex_colour) >= MIN_CONTRAST, (suit, hex_colour, round(contrast_on_white(hex_colour), 2))


def test_the_measure_catches_the_red_green_pair():
    """The old deck's green clubs and red hearts, the pair red-green colour-blind students confuse, fail the check."""
    old = {"C": "#0b7a32", "D": "#1a56c4", "H": "#c8102e", "S": "#1a1a1a"}
    print("\nold four-colour deck", old, "CIEDE2000 distances:\n" + _table(old))
    d = distances(old)[("C", "H")]
    assert d["normal"] > 60 and d["Deuteranomaly"] < MIN_DISTANCE and d["Protanomaly"] < MIN_DISTANCE
