"""The Keys reader: every screen's keys once, each family's table under its own heading."""

from __future__ import annotations

from ninetynine_audio.families import registered_families
from ninetynine_audio.ui.harness import make_app
from ninetynine_audio.ui.reader import Reader


def test_the_keys_reader_lists_each_screen_once_with_the_family_tables_apart() -> None:
    h = make_app()
    h.frames(1)
    h.press("down", "down", "return")  # Play, Rules, Keys
    reader = h.app.top
    assert isinstance(reader, Reader)
    headings = [p.text for p in reader.paragraphs if p.is_heading]
    families = [entry.title for entry in registered_families()]
    assert headings == [
        "Menus",
        "At every table",
        *families,
        "Reading rules",
        "Reviewing a game",
        "Everywhere",
    ]
    known = [
        "At the table of Classic, Arcade and Tactical",
        "At the table of Colours",
        "At the table of Tricks",
    ]
    assert [title for title in families if title in known] == known
    texts = [p.text for p in reader.paragraphs]
    shared = texts.index("At every table")
    adding = texts.index("At the table of Classic, Arcade and Tactical")
    # The total is a key of the adding games only; whose turn it is, of every table.
    assert any("Announce the total" in t for t in texts[adding:])
    assert not any("Announce the total" in t for t in texts[shared:adding])
    assert any("Say whose turn it is" in t for t in texts[shared:adding])
    assert sum("Say whose turn it is" in t for t in texts) == 1
