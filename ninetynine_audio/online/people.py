"""The people on a server: who is online and where, friends, private messages, invitations,
blocks, and the leaderboards with the player's own place.

Everything here is a server screen (menus like the lobby's) or a sentence said to a session,
so it works in every face at once. The keys (``PEOPLE_COMMANDS``) reach :meth:`People.command`
through the seat's ``on_people``: who's online (F2 in menus, Shift+F2 at a table, where F2
reads the rules), the friends list (Shift+F2 in menus), and, anywhere, Alt+R to answer the
last private message, Alt+Y and Alt+N to accept or decline the last invitation or friend
request.

Who may do what: everyone (guests too) sees who is online, sends and answers private
messages, invites and is invited, and blocks; a guest's blocks last as long as the guest's
session. Friends are kept for accounts (both sides), as are an account's blocks
(``storage.people``). A friend request is answered by the other player: friends both ways
once they say yes (or once both asked).

A block holds quietly: the blocked player's messages, invitations and friend requests are
answered as if they went, and never reach the player who blocked them; the blocked player
cannot sit at or watch a table where that player is seated (they hear that the table has no
seat for them, as for a full one). The player who blocked chooses otherwise by joining the
blocked player's table themselves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from ninetynine_audio.games.registry import all_games
from ninetynine_audio.input.commands import GLOBAL
from ninetynine_audio.online.identity import account_identity, name_key
from ninetynine_audio.online.refusal import Refusal
from ninetynine_audio.online.storage.people import ASKED, ASKING, FRIEND
from ninetynine_audio.plaintext import without_controls
from ninetynine_audio.present import community as words
from ninetynine_audio.present import online as online_words
from ninetynine_audio.present.screens import game_title
from ninetynine_audio.ui.screen import Menu, MenuItem

if TYPE_CHECKING:
    from ninetynine_audio.online.server import Server
    from ninetynine_audio.online.session import Session
    from ninetynine_audio.online.table import OnlineTable
    from ninetynine_audio.ui.host import Host as App

MESSAGE_LIMIT = 160
"""The longest private message, in characters (as a line of table chat)."""
NAME_LIMIT = 40
"""The longest name a player may type to find another (longer than any name)."""
OFFERS_KEPT = 8
"""Invitations and friend requests a player keeps waiting; the oldest goes first."""


@dataclass(frozen=True)
class Offer:
    """An invitation to a table (``code``) or a friend request (``code`` None) waiting for
    its player's answer."""

    sender: str
    name: str
    code: str | None = None


def _pop(app: App) -> None:
    app.pop()


def _ask_line(session: Session, prompt: str, limit: int, then: Callable[[Any, str], None]) -> None:
    """Ask ``session`` for a line; ``then`` gets it with no control character nor direction
    override, its spaces collapsed, at most ``limit`` characters. Nothing typed (or the
    question cancelled) says the screen again."""

    def answered(app: Any, text: str | None) -> None:
        line = " ".join(without_controls(text or "").split())[:limit]
        if line:
            then(app, line)
        else:
            app.resume_top()

    session.ask(session.app, prompt, answered)


class People:
    """What the server knows of its people beside their tables: blocks (read once per
    account), the last private message each player heard, and the offers waiting."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.blocks: dict[str, set[str]] = {}
        self.last_from: dict[str, str] = {}
        self.offers: dict[str, list[Offer]] = {}

    # -- keys ---------------------------------------------------------------------------------

    def command(self, session: Session, command: str) -> None:
        """One of ``PEOPLE_COMMANDS``, from ``session``'s keys or buttons."""
        app = session.app
        if command == "who_online":
            app.push(WhoOnline(self, session))
        elif command == "friends_list":
            self.open_friends(session)
        elif command == "answer_message":
            self.answer_last(session)
        elif command in ("accept_offer", "decline_offer"):
            self.answer_offer(session, command == "accept_offer")

    # -- who is where ---------------------------------------------------------------------

    def online(self) -> list[Session]:
        """The players connected now."""
        return [s for s in self.server.sessions.values() if s.conn is not None]

    def find(self, name: str) -> Session | None:
        """The connected player called ``name`` (any spelling of it)."""
        key = name_key(name)
        return next((s for s in self.online() if name_key(s.name) == key), None)

    def where(self, session: Session, viewer: Session) -> str:
        """Where ``session`` is, as ``viewer`` hears it: a private table's code is not said."""
        table = session.table
        name = session.name
        if table is None:
            return words.in_lobby_text(name)
        if table is viewer.table:
            return words.at_your_table_text(name)
        if not table.listed:
            return words.private_table_text(name, table.game)
        if session.seat is None:
            return words.watching_at_text(name, table.game, table.code)
        if table.state == "waiting":
            return words.waiting_at_text(name, table.game, table.code)
        return words.playing_at_text(name, table.game, table.code)

    # -- blocks -------------------------------------------------------------------------------

    def blocked_by(self, identity: str) -> set[str]:
        """The identities ``identity`` blocks (an account's are read from the store once)."""
        found = self.blocks.get(identity)
        if found is None:
            found = set()
            if identity.startswith("account:"):
                key = identity.split(":", 1)[1]
                found = {f"account:{other}" for other in self.server.db.blocked(key)}
            self.blocks[identity] = found
        return found

    def blocks_one(self, blocker: str, other: str) -> bool:
        """Whether ``blocker`` blocks ``other``."""
        return other in self.blocked_by(blocker)

    def set_block(self, session: Session, identity: str, name: str, on: bool) -> None:
        """``session`` blocks the player ``identity`` (or lifts it); an account's is kept."""
        mine = self.blocked_by(session.identity)
        if on:
            mine.add(identity)
            self._drop_offers(session.identity, identity)
        else:
            mine.discard(identity)
        if session.account and identity.startswith("account:"):
            self.server.db.set_blocked(session.name, name, on)
        session.app.say(words.blocked_text(name) if on else words.unblocked_text(name))

    def seat_problem(self, session: Session, table: OnlineTable) -> Refusal | None:
        """Why ``session`` may not sit at or watch ``table``: someone seated there blocks
        them (said as for a full table: a blocked player is not told)."""
        for seat in table.seats:
            if seat.who is not None and self.blocks_one(seat.who, session.identity):
                return Refusal("no_table", online_words.table_full_text())
        return None

    # -- private messages -----------------------------------------------------------------

    def ask_message(self, session: Session, identity: str, name: str) -> None:
        """Ask ``session`` for a private message to the player ``identity``."""

        def typed(app: Any, line: str) -> None:
            self.send_message(session, identity, name, line)

        _ask_line(session, words.message_prompt(name), MESSAGE_LIMIT, typed)

    def ask_message_by_name(self, session: Session) -> None:
        """Ask for a name, then for the message."""

        def named(app: Any, name: str) -> None:
            other = self.find(name)
            if other is None:
                app.say(words.not_online_text(name), cue="refused")
            elif other is session:
                app.say(words.not_yourself_text(), cue="refused")
            else:
                self.ask_message(session, other.identity, other.name)

        _ask_line(session, words.name_prompt(), NAME_LIMIT, named)

    def send_message(self, session: Session, identity: str, name: str, line: str) -> None:
        """Send ``line`` from ``session`` to the player ``identity``, who hears it at once
        (unless they block the sender, who is not told)."""
        app = session.app
        other = self._reachable(session, identity, name)
        if other is None:
            return
        if not self.blocks_one(identity, session.identity):
            self.last_from[identity] = session.identity
            self._forget_gone()
            say_private(other, session.name, line)
        app.say(words.message_sent_text(other.name))

    def _reachable(self, session: Session, identity: str, name: str) -> Session | None:
        """The connected player ``identity``, whom ``session`` may write to or invite; None
        after saying why not (``session`` blocks them, or they are not online)."""
        if self.blocks_one(session.identity, identity):
            session.app.say(words.you_block_text(name), cue="refused")
            return None
        other = self.server.sessions.get(identity)
        if other is None or other.conn is None:
            session.app.say(words.not_online_text(name), cue="refused")
            return None
        return other

    def answer_last(self, session: Session) -> None:
        """The answer key: a private message to whoever wrote last."""
        sender = self.last_from.get(session.identity)
        other = self.server.sessions.get(sender) if sender is not None else None
        if other is None:
            session.app.say(words.nobody_to_answer_text(), cue="refused")
            return
        self.ask_message(session, other.identity, other.name)

    # -- invitations and friend requests ------------------------------------------------------

    def _offer(self, identity: str, offer: Offer) -> None:
        waiting = [o for o in self.offers.get(identity, []) if o != offer]
        self.offers[identity] = [*waiting, offer][-OFFERS_KEPT:]
        self._forget_gone()

    def _forget_gone(self) -> None:
        """Players the server no longer knows leave no offers, answers nor blocks of a
        session behind (an account's blocks are read again when it comes back)."""
        known = self.server.sessions
        for kept in (self.offers, self.last_from, self.blocks):
            for gone in [identity for identity in kept if identity not in known]:
                del kept[gone]

    def _drop_offers(self, identity: str, sender: str) -> None:
        left = [o for o in self.offers.get(identity, []) if o.sender != sender]
        self.offers[identity] = left

    def invite(self, session: Session, identity: str, name: str) -> None:
        """Invite the player ``identity`` to ``session``'s table, waiting for a person."""
        app = session.app
        table = session.table
        if table is None or table.state != "waiting" or not table.open_seats():
            app.say(words.no_seat_to_offer_text(), cue="refused")
            return
        other = self._reachable(session, identity, name)
        if other is None:
            return
        if not self.blocks_one(identity, session.identity):
            self._offer(identity, Offer(session.identity, session.name, table.code))
            with other.app.speaking():
                other.app.say(
                    words.invitation_text(session.name, table.game, *self._offer_keys(other.app)),
                    cue="your_turn",
                    queue=True,
                )
        app.say(words.invitation_sent_text(other.name))

    def _offer_keys(self, app: App) -> tuple[str, str]:
        return app.key_name(GLOBAL, "accept_offer"), app.key_name(GLOBAL, "decline_offer")

    def answer_offer(self, session: Session, yes: bool) -> None:
        """The accept or decline key: the last invitation or friend request waiting."""
        waiting = self.offers.get(session.identity, [])
        app = session.app
        if not waiting:
            app.say(words.nothing_offered_text(), cue="refused")
            return
        offer = waiting.pop()
        if offer.code is None:
            self.answer_friend(session, offer.name, yes)
            return
        sender = self.server.sessions.get(offer.sender)
        if not yes:
            app.say(words.declined_text(offer.name))
            if sender is not None:
                with sender.app.speaking():
                    sender.app.say(words.invitation_declined_text(session.name), queue=True)
            return
        table = self.server.tables.get(offer.code)
        if table is None or table.state != "waiting" or not table.open_seats():
            app.say(words.invitation_gone_text(), cue="refused")
            return
        problem = self.server.join(session, offer.code)
        if problem is not None:
            app.say(problem.text, cue="refused")

    # -- friends --------------------------------------------------------------------------

    def ask_friend_by_name(self, session: Session) -> None:
        """Ask for a name, then send that account a friend request."""

        def named(app: Any, name: str) -> None:
            self.add_friend(session, name)

        _ask_line(session, words.name_prompt(), NAME_LIMIT, named)

    def add_friend(self, session: Session, name: str) -> str | None:
        """``session`` asks the account ``name`` to be friends (or says yes, when asked);
        where they stand after it (``friend_state``), as ``session`` is told."""
        app = session.app
        db = self.server.db
        if not session.account:
            app.say(words.accounts_only_text(), cue="refused")
            return None
        if not db.account_exists(name):
            app.say(words.no_account_text(name), cue="refused")
            return None
        identity = account_identity(name)
        if identity == session.identity:
            app.say(words.not_yourself_text(), cue="refused")
            return None
        if self.blocks_one(session.identity, identity):
            app.say(words.you_block_text(name), cue="refused")
            return None
        states = {name_key(f.name): f for f in db.friends(session.name)}
        known = states.get(name_key(name))
        shown = known.name if known is not None else name
        if known is not None and known.state == FRIEND:
            app.say(words.already_friends_text(shown))
            return FRIEND
        if known is not None and known.state == ASKING:
            return self.answer_friend(session, shown, True)
        if self.blocks_one(identity, session.identity):
            app.say(words.request_sent_text(shown))  # not kept, and not told
            return ASKED
        db.ask_friend(session.name, name)
        app.say(words.request_sent_text(shown))
        other = self.server.sessions.get(identity)
        if other is not None:
            self._offer(identity, Offer(session.identity, session.name))
            with other.app.speaking():
                other.app.say(
                    words.friend_request_text(session.name, *self._offer_keys(other.app)),
                    cue="your_turn",
                    queue=True,
                )
        return ASKED

    def answer_friend(self, session: Session, name: str, yes: bool) -> str | None:
        """``session`` answers ``name``'s friend request; friends after a yes (None after a
        no)."""
        identity = account_identity(name)
        self._drop_offers(session.identity, identity)
        self.server.db.answer_friend(session.name, name, yes)
        app = session.app
        if not yes:
            app.say(words.declined_text(name))
            return None
        app.say(words.now_friends_text(name))
        other = self.server.sessions.get(identity)
        if other is not None:
            with other.app.speaking():
                other.app.say(words.now_friends_text(session.name), queue=True)
        return FRIEND

    def remove_friend(self, session: Session, name: str) -> None:
        """``session`` ends a friendship, or takes back a request: none is left."""
        self.server.db.end_friendship(session.name, name)
        session.app.say(words.friend_removed_text(name))

    def friend_state(self, session: Session, name: str) -> str | None:
        """``friend``, ``asked``, ``asking`` or None: where ``session`` stands with ``name``."""
        if not session.account:
            return None
        key = name_key(name)
        found = next(
            (f for f in self.server.db.friends(session.name) if name_key(f.name) == key), None
        )
        return found.state if found is not None else None

    def open_friends(self, session: Session) -> None:
        """The friends list (an account's)."""
        if not session.account:
            session.app.say(words.accounts_only_text(), cue="refused")
            return
        session.app.push(FriendsMenu(self, session))

    def arrived(self, session: Session) -> None:
        """``session`` connected: each friend online hears it."""
        if not session.account:
            return
        for friend in self.server.db.friends(session.name):
            if friend.state != FRIEND:
                continue
            other = self.server.sessions.get(account_identity(friend.name))
            if other is not None and other.conn is not None and other is not session:
                with other.app.speaking():
                    other.app.say(words.friend_online_text(session.name), queue=True)

    # -- leaderboards -----------------------------------------------------------------------

    def board_menu(self, session: Session, game: str) -> Menu:
        """A game's leaderboard: the player's own place first, then the best ten with their
        rating, wins and games."""
        db = self.server.db
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

    def boards_menu(self, session: Session) -> Menu:
        """Every game's leaderboard."""
        items = [
            MenuItem(game_title(spec.id), partial(self._open_board, game=spec.id, session=session))
            for spec in all_games()
        ]
        return Menu(online_words.leaderboard(), items, on_back=_pop)

    def _open_board(self, app: App, game: str, session: Session) -> None:
        app.push(self.board_menu(session, game))


def say_private(receiver: Session, sender: str, line: str) -> None:
    """The one place a private message is said: at once, wherever the receiver is, with the
    key that answers it."""
    app = receiver.app
    with app.speaking():
        key = app.key_name(GLOBAL, "answer_message")
        app.say(words.private_message_text(sender, line, key), cue="menu_select", queue=True)


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
                name_key(f.name)
                for f in people.server.db.friends(session.name)
                if f.state == FRIEND
            }
        others = [s for s in people.online() if s is not session]
        mine = session.table

        def order(other: Session) -> tuple[bool, bool, str]:
            together = mine is not None and other.table is mine
            return (not together, name_key(other.name) not in friends, name_key(other.name))

        others.sort(key=order)
        items = [MenuItem(words.message_by_name_item(), self._by_name)]
        if session.account:
            items.append(MenuItem(words.friends_item(), lambda a: people.open_friends(session)))
        for other in others:
            where = people.where(other, session)
            if people.blocks_one(session.identity, other.identity):
                where = words.blocked_mark_text(where)
            chosen = partial(self._person, identity=other.identity, name=other.name)
            items.append(MenuItem(where, chosen))
        if not others:
            items.append(MenuItem(words.nobody_else_text(), lambda a: a.resume_top()))
        self._show(words.who_online_title(len(others)), items)

    def _by_name(self, app: App) -> None:
        self.people.ask_message_by_name(self.session)


class FriendsMenu(_PeopleMenu):
    """An account's friends, with who of them is online and where, and the requests."""

    def rebuild(self) -> None:
        """The friends as they are now."""
        people = self.people
        session = self.session
        items = [MenuItem(words.add_friend_by_name_item(), self._add)]
        listed = people.server.db.friends(session.name)
        friends = online = 0
        for friend in listed:
            other = people.server.sessions.get(account_identity(friend.name))
            here = other is not None and other.conn is not None
            if friend.state == FRIEND:
                friends += 1
                online += here
                shown = people.where(other, session) if other is not None and here else None
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
        self.people.ask_friend_by_name(self.session)


class PersonMenu(_PeopleMenu):
    """What the player can do with one other player: write, invite, friends, block."""

    def __init__(self, people: People, session: Session, identity: str, name: str) -> None:
        self.identity = identity
        self.name = name
        # Read once, then kept by this menu's own choices (a write PostgreSQL has queued is
        # not read back at once).
        self.state = people.friend_state(session, name) if identity.startswith("account:") else None
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
        self._then(app, lambda: self.people.remove_friend(self.session, self.name))

    def _befriend(self, app: App) -> None:
        self._then(app, lambda: self.people.add_friend(self.session, self.name))

    def _answer(self, app: App, yes: bool) -> None:
        self._then(app, lambda: self.people.answer_friend(self.session, self.name, yes))

    def _block(self, app: App, on: bool) -> None:
        self._then(app, lambda: self.people.set_block(self.session, self.identity, self.name, on))
