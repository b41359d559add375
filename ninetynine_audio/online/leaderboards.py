"""The leaderboards of a server: every game's, each with the player's own place first, then the
best ten with their rating (sure skill), wins and games."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from ninetynine_audio.games.registry import all_games
from ninetynine_audio.present import community as words
from ninetynine_audio.present import online as online_words
from ninetynine_audio.present.screens import game_title
from ninetynine_audio.ui.screen import Menu, MenuItem

if TYPE_CHECKING:
    from ninetynine_audio.online.session import Session
    from ninetynine_audio.online.storage import Store
    from ninetynine_audio.ui.host import Host as App


def _pop(app: App) -> None:
    app.pop()


class Leaderboards:
    """The lobby's Leaderboard menu, read from the store."""

    def __init__(self, db: Store) -> None:
        self.db = db

    def board_menu(self, session: Session, game: str) -> Menu:
        """A game's leaderboard: the player's own place first, then the best ten with their
        rating, wins and games."""
        db = self.db
        items: list[MenuItem] = []
        if session.account:
            standing = db.standing(session.name, game)
            mine = (
                words.your_place_text(standing.place, standing.of)
                if standing is not None
                else words.not_placed_text()
            )
            items.append(MenuItem(mine.rstrip("."), lambda a: a.resume_top()))
        for place, rating in enumerate(db.leaderboard(game), start=1):
            line = words.board_line(place, rating.name, rating.ordinal, rating.wins, rating.games)
            items.append(MenuItem(line.rstrip("."), lambda a: a.resume_top()))
        if len(items) <= 1:
            items.append(
                MenuItem(
                    online_words.empty_leaderboard_text().rstrip("."), lambda a: a.resume_top()
                )
            )
        items.append(MenuItem(online_words.back_to_menu(), _pop))
        return Menu(online_words.leaderboard_title(game), items, on_back=_pop)

    def menu(self, session: Session) -> Menu:
        """Every game's leaderboard."""
        items = [
            MenuItem(game_title(spec.id), partial(self._open_board, game=spec.id, session=session))
            for spec in all_games()
        ]
        return Menu(online_words.leaderboard(), items, on_back=_pop)

    def _open_board(self, app: App, game: str, session: Session) -> None:
        app.push(self.board_menu(session, game))
