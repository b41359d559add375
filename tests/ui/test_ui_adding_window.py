"""The adding table's window lines: made again whenever what they show changed."""

from __future__ import annotations

from typing import Any

from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.i18n import using
from ninetynine_audio.play.table import TableCore
from ninetynine_audio.present.adding import queries
from ninetynine_audio.ui.tables.adding import Table


def _expected(table: Table) -> list[str]:
    """The lines as made from scratch, from the seat's view of now."""
    lines, _ = queries.table_lines(table.table(), table.hand(), table.cursor, table.port.is_over)
    return lines


def test_the_window_follows_the_cursor_the_language_and_every_action() -> None:
    core = TableCore(GameSetup("classic", ("Ann", "Ben", "Cat"), ("human",) * 3, seed=3))
    port = core.port(0)
    port.says_you = True
    table = Table(port)
    app: Any = None  # the adding window reads nothing of the app
    first = table.display(app).lines
    assert first == _expected(table)
    assert table.display(app).lines == first
    table.cursor = 1
    moved = table.display(app).lines
    assert moved != first and moved == _expected(table)
    with using("de"):
        german = table.display(app).lines
        assert german[0].startswith("Summe") and german == _expected(table)
    assert table.display(app).lines == moved
    for _ in range(6):
        if core.is_over:
            break
        before = table.display(app).lines
        seat = core.seats_to_act()[-1]
        core.apply(core.spec.legal_actions(core.state, seat)[0])
        after = table.display(app).lines
        assert after == _expected(table)
        assert after != before  # the total (or the turn) moved on
