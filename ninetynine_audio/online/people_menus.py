"""The people's menus on a server: who is online (F2 in menus, Shift+F2 at a table), the
friends list (Shift+F2 in menus) and a person's menu, and the keys of ``PEOPLE_COMMANDS``
that open them or answer (through the seat's ``on_people``)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from ninetynine_audio.online.identity import account_identity, name_key
from ninetynine_audio.online.people import People
from ninetynine_audio.online.storage.people import ASKED, ASKING, FRIEND
from ninetynine_audio.present import community as words
from ninetynine_audio.present import online as online_words
from ninetynine_audio.ui.screen import Menu, MenuItem

if TYPE_CHECKING:
    from ninetynine_audio.online.session import Session
    from ninetynine_audio.ui.host import Host as App


def _pop(app: App) -> None:
    app.pop()


class PeopleMenus:
    """What the lobby and a player's keys open of the people (``People``'s menus)."""

    def __init__(self, people: People) -> None:
        self.people = people

    def command(self, session: Session, command: str) -> None:
        """One of ``PEOPLE_COMMANDS``, from ``session``'s keys or buttons."""
        app = session.app
        if command == "who_online":
            app.push(WhoOnline(self.people, session))
        elif command == "friends_list":
            open_friends(self.people, session)
        elif command == "answer_message":
            self.people.answer_last(session)
        elif command in ("accept_offer", "decline_offer"):
            self.people.answer_offer(session, command == "accept_offer")

    def open_friends(self, session: Session) -> None:
        """The friends list (an account's)."""
        open_friends(self.people, session)


def whereabouts(session: Session, viewer: Session) -> str:
    """Where ``session`` is, as ``viewer`` hears it: a private table's code is not said."""
    table = session.table
    if table is None:
        return words.where_text(session.name)
    if table is viewer.table:
        return words.at_your_table_text(session.name)
    seated = session.seat is not None
    return words.where_text(
        session.name, table.code, table.game, table.listed, seated, table.state, table.is_daily
    )


def open_friends(people: People, session: Session) -> None:
    """The friends list (an account's)."""
    if not session.account:
        session.app.say(words.accounts_only_text(), cue="refused")
        return
    session.app.push(FriendsMenu(people, session))


class _PeopleMenu(Menu):
    """A menu of the people, listed again each time it is shown (who came, who went)."""

    def __init__(self, people: People, session: Session) -> None:
        self.people = people
        self.session = session
        super().__init__("", [], on_back=_pop)
        self.rebuild()

    def rebuild(self) -> None:
        """The items as they stand now."""
        raise NotImplementedError

    def _show(self, title: str, items: list[MenuItem]) -> None:
        """``items`` and Back, under ``title``; the current item keeps its place."""
        self.title = title
        self.items = [*items, MenuItem(online_words.back_to_menu(), _pop)]
        self.index = min(self.index, len(self.items) - 1)

    def resume(self, app: App) -> None:
        """Back here: the items as they stand now."""
        self.rebuild()
        self.enter(app)

    def _person(self, app: App, identity: str, name: str) -> None:
        app.push(PersonMenu(self.people, self.session, identity, name))


class WhoOnline(_PeopleMenu):
    """Who is online and where: those at the player's table first, then friends, then the
    others by name; each opens what can be done with that player."""

    def rebuild(self) -> None:
        """The players as they are now."""
        session = self.session
        people = self.people
        friends: set[str] = set()
        if session.account:
            friends = {
                name_key(f.name) for f in people.parts.db.friends(session.name) if f.state == FRIEND
            }
        others = [s for s in people.online() if s is not session]
        mine = session.table

        def order(other: Session) -> tuple[bool, bool, str]:
            together = mine is not None and other.table is mine
            return (not together, name_key(other.name) not in friends, name_key(other.name))

        others.sort(key=order)
        items = [MenuItem(words.message_by_name_item(), self._by_name)]
        if session.account:
            items.append(MenuItem(words.friends_item(), lambda a: open_friends(people, session)))
        listed: list[tuple[tuple[bool, bool, str], str, str, str]] = [
            (order(other), other.identity, other.name, whereabouts(other, session))
            for other in others
        ]
        if people.community is not None:  # on the other processes: never at this table
            listed += [
                (
                    (True, name_key(e.name) not in friends, name_key(e.name)),
                    e.identity,
                    e.name,
                    e.where(),
                )
                for e in people.community.everyone_elsewhere()
            ]
            listed.sort(key=lambda entry: entry[0])
        for _order, identity, name, where in listed:
            if people.blocks_one(session.identity, identity):
                where = words.blocked_mark_text(where)
            chosen = partial(self._person, identity=identity, name=name)
            items.append(MenuItem(where, chosen))
        if not listed:
            items.append(MenuItem(words.nobody_else_text(), lambda a: a.resume_top()))
        self._show(words.who_online_title(len(listed)), items)

    def _by_name(self, app: App) -> None:
        self.people.ask_message_by_name(self.session)


class FriendsMenu(_PeopleMenu):
    """An account's friends, with who of them is online and where, and the requests."""

    def rebuild(self) -> None:
        """The friends as they are now."""
        people = self.people
        session = self.session
        items = [MenuItem(words.add_friend_by_name_item(), self._add)]
        listed = people.parts.db.friends(session.name)
        friends = online = 0
        for friend in listed:
            other = people.parts.rooms.sessions.get(account_identity(friend.name))
            here = other is not None and other.conn is not None
            far = None if here else people.elsewhere(account_identity(friend.name))
            if friend.state == FRIEND:
                friends += 1
                online += here or far is not None
                shown = whereabouts(other, session) if other is not None and here else None
                if far is not None:
                    shown = far.where()
                text = shown or words.offline_text(friend.name)
            elif friend.state == ASKING:
                text = words.asking_text(friend.name)
            else:
                text = words.asked_text(friend.name)
            identity = account_identity(friend.name)
            items.append(MenuItem(text, partial(self._person, identity=identity, name=friend.name)))
        if not listed:
            items.append(MenuItem(words.no_friends_text(), lambda a: a.resume_top()))
        self._show(words.friends_title(online, friends), items)

    def _add(self, app: App) -> None:
        self.people.friends.ask_friend_by_name(self.session)


class PersonMenu(_PeopleMenu):
    """What the player can do with one other player: write, invite, friends, block."""

    def __init__(self, people: People, session: Session, identity: str, name: str) -> None:
        self.identity = identity
        self.name = name
        # Read once, then kept by this menu's own choices (a write PostgreSQL has queued is
        # not read back at once).
        self.state = (
            people.friends.friend_state(session, name) if identity.startswith("account:") else None
        )
        super().__init__(people, session)

    def rebuild(self) -> None:
        """The choices as they stand now."""
        people, session, name = self.people, self.session, self.name
        identity = self.identity
        items = [MenuItem(words.send_message_item(), self._write)]
        table = session.table
        if table is not None and table.state == "waiting" and table.open_seats():
            items.append(MenuItem(words.invite_item(), self._invite))
        if session.account and identity.startswith("account:"):
            state = self.state
            if state == FRIEND:
                items.append(MenuItem(words.remove_friend_item(), self._unfriend))
            elif state == ASKED:
                items.append(MenuItem(words.withdraw_request_item(), self._unfriend))
            elif state == ASKING:
                items.append(MenuItem(words.accept_friend_item(), partial(self._answer, yes=True)))
                items.append(
                    MenuItem(words.decline_friend_item(), partial(self._answer, yes=False))
                )
            else:
                items.append(MenuItem(words.add_friend_item(), self._befriend))
        blocked = people.blocks_one(session.identity, identity)
        items.append(
            MenuItem(
                words.unblock_item() if blocked else words.block_item(),
                partial(self._block, on=not blocked),
            )
        )
        self._show(name, items)

    def _write(self, app: App) -> None:
        self.people.ask_message(self.session, self.identity, self.name)

    def _invite(self, app: App) -> None:
        self.people.invite(self.session, self.identity, self.name)

    def _then(self, app: App, act: Callable[[], str | None]) -> None:
        """Do ``act``, keep where the two stand after it, and list the choices as they
        stand then (the current item stays put)."""
        self.state = act()
        self.rebuild()

    def _unfriend(self, app: App) -> None:
        self._then(app, lambda: self.people.friends.remove_friend(self.session, self.name))

    def _befriend(self, app: App) -> None:
        self._then(app, lambda: self.people.friends.add_friend(self.session, self.name))

    def _answer(self, app: App, yes: bool) -> None:
        self._then(app, lambda: self.people.friends.answer_friend(self.session, self.name, yes))

    def _block(self, app: App, on: bool) -> None:
        self._then(app, lambda: self.people.set_block(self.session, self.identity, self.name, on))
