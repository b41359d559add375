"""How the computer players' names sound in every language of the game, by numbers.

For each name of ``games.base.COMPUTER_NAMES`` and each language's espeak-ng voice: how long
the voice takes to say it (a name said letter by letter, or not at all, stands out), and the
name it is nearest to by ear among the other computer names and short names people often
have (Ann, Ben, Eva, Jan...). Nearness is the edit distance between the two names' sounds as
the voice says them (its IPA, stress and length marks left out) over the longer one's length:
0 is the same sounds, 1 nothing in common. The smallest distance of all is printed last.

    python tools/name_sounds.py                  # the computer names
    python tools/name_sounds.py Anna Ben Carla   # other names, beside the computer names

Needs espeak-ng and sox.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import re
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from ninetynine_audio.games.base import COMPUTER_NAMES

VOICES = ("en", "es", "pt-br", "de", "fr", "it", "ru", "pl", "fa")
"""The espeak-ng voice of each language of the game."""

PEOPLE = (
    "Ann", "Anna", "Ben", "Sam", "Tom", "Dan", "Eve", "Amy", "Jo", "Kim", "Tim", "Lee", "Ed",
    "Al", "Bob", "Sue", "Mia", "Leo", "Eli", "Ava", "Ian", "Jan", "Liz", "Meg", "Ned", "Pat",
    "Ray", "Rob", "Roy", "Ted", "Val", "Zak", "Ali", "Ola", "Eva", "Ivan", "Nina", "Sara",
    "Emma", "Noah", "Alex", "Mike", "Paul", "Nick", "Kate", "Jack", "Lucy", "Rose", "You",
)  # fmt: skip
"""Short names people often have, and You (a seat's name for the person at the keys)."""


def sounds(voice: str, name: str) -> str:
    """The sounds ``voice`` says for ``name``: its IPA without stress, length or language
    switches (ru and fa say a Latin name with English sounds)."""
    said = _ipa(voice, name)
    said = re.sub(r"\([a-z-]+\)", "", said)
    return re.sub(r"[ˈˌː\s_‿]", "", said)


@functools.cache
def _ipa(voice: str, name: str) -> str:
    command = ["espeak-ng", "-v", voice, "-q", "--ipa", name]
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


def edit_distance(a: str, b: str) -> int:
    """How many sounds must be put in, left out or changed to make ``a`` into ``b``."""
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]


def nearness(a: str, b: str) -> float:
    """0 for the same sounds, 1 for nothing in common."""
    if not a and not b:
        return 0.0
    return edit_distance(a, b) / max(len(a), len(b))


def nearest(voice: str, name: str, others: Sequence[str]) -> tuple[float, str]:
    """The name of ``others`` that ``voice`` says most like ``name``, and how near (see
    :func:`nearness`)."""
    mine = sounds(voice, name)
    return min((nearness(mine, sounds(voice, other)), other) for other in others)


def spoken_seconds(voice: str, name: str) -> float:
    """How long ``voice`` takes to say ``name``, measured on the sound it writes."""
    with tempfile.TemporaryDirectory() as folder:
        wav = Path(folder) / "name.wav"
        subprocess.run(["espeak-ng", "-v", voice, "-w", str(wav), name], check=True)
        stat = subprocess.run(["sox", str(wav), "-n", "stat"], capture_output=True, text=True)
    found = re.search(r"Length \(seconds\):\s*([0-9.]+)", stat.stderr)
    return float(found.group(1)) if found else float("nan")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="names to weigh beside the computer names")
    args = parser.parse_args(argv)
    names = [*COMPUTER_NAMES, *(n for n in args.names if n not in COMPUTER_NAMES)]
    print("seconds to say each name:")
    print(f"{'':8}" + "".join(f"{voice:>7}" for voice in VOICES))
    for name in names:
        times = "".join(f"{spoken_seconds(voice, name):7.2f}" for voice in VOICES)
        print(f"{name:8}{times}")
    print("nearest name by ear (0 alike, 1 nothing alike), in the voice where it is nearest:")
    for name in names:
        others = [*(n for n in COMPUTER_NAMES if n != name), *PEOPLE]
        near, other, voice = min((*nearest(v, name, others), v) for v in VOICES)
        print(f"{name:8}{other:8}{voice:7}{near:.2f}")
    pairs = itertools.combinations(COMPUTER_NAMES, 2)
    near, a, b, voice = min(
        (nearness(sounds(v, a), sounds(v, b)), a, b, v) for a, b in pairs for v in VOICES
    )
    print(f"nearest two computer names: {a} and {b} in {voice}, {near:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
