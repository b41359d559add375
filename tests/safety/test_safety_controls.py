"""The characters ``plaintext`` takes for controls, told by number without ``unicodedata``, are
exactly those of Unicode's categories Cc, Zl and Zp, and the direction marks, over every code
point."""

from __future__ import annotations

import sys
import unicodedata

from ninetynine_audio import plaintext


def test_every_control_and_nothing_else_is_found() -> None:
    expected = {
        code
        for code in range(sys.maxunicode + 1)
        if unicodedata.category(chr(code)) in ("Cc", "Zl", "Zp")
        or chr(code) in plaintext.DIRECTION_MARKS
    }
    found = {code for code in range(sys.maxunicode + 1) if plaintext.has_controls(chr(code))}
    assert found == expected
    assert len(found) == 65 + 2 + len(plaintext.DIRECTION_MARKS)
