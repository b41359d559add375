"""A window's line longer than the protocol carries (a review's move with its reasons) is sent
cut at a whole word and marked as cut, not in the middle of a word."""

from __future__ import annotations

from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.front import SHOWN_LIMIT, SeatApp
from ninetynine_audio.ui.screen import Menu, MenuItem

LONG = (
    "Move 14 of 22, round 5. Ann plays the King of hearts, total 99. Costly. Better: Ann plays"
    " the Queen of diamonds, total 34. With it you came through in 21 of 24 ways the cards you"
    " could not see might have lain, and Lily came off worst in 8; with your move in 13."
)


def test_a_long_line_is_cut_at_a_word_and_marked() -> None:
    sent: list[p.ServerMessage] = []
    app = SeatApp(sent.append)
    app.push(Menu("Review of the game", [MenuItem(LONG, lambda a: None), MenuItem("Back", None)]))
    app.send_display()
    shown = [m for m in sent if isinstance(m, p.Display)][-1]
    line = shown.lines[0]
    assert len(line) <= SHOWN_LIMIT and line.endswith("…")
    kept = line.removesuffix("…")
    assert LONG.startswith(kept) and LONG[len(kept)] in " ,;:"  # whole words only
    assert len(kept) > SHOWN_LIMIT - 20
    assert shown.lines[1] == "Back"
    p.encode(shown)  # within the protocol's bounds
