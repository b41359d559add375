"""Friends on a server: requests, answers, the end of a friendship, and friends told when
one comes online (``online/people.py`` holds the people; these are kept for accounts, in
``storage.people``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ninetynine_audio.online.identity import account_identity, name_key
from ninetynine_audio.online.storage.people import ASKED, ASKING, FRIEND
from ninetynine_audio.plaintext import without_controls
from ninetynine_audio.present import community as words

if TYPE_CHECKING:
    from ninetynine_audio.online.parts import Parts
    from ninetynine_audio.online.session import Session
    from ninetynine_audio.ui.host import Host as App

NAME_LIMIT = 40
"""The longest name a player may type to find another (longer than any name)."""


@dataclass(frozen=True)
class Offer:
    """An invitation to a table (``code``) or a friend request (``code`` None) waiting for
    its player's answer."""

    sender: str
    name: str
    code: str | None = None


def ask_line(session: Session, prompt: str, limit: int, then: Callable[[Any, str], None]) -> None:
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


class PeopleDesk(Protocol):
    """What friends ask of the people (``online/people.py``'s ``People``)."""

    parts: Parts

    def blocks_one(self, blocker: str, other: str) -> bool: ...
    def offer(self, identity: str, offer: Offer) -> None: ...
    def offer_keys(self, app: App) -> tuple[str, str]: ...
    def drop_offers(self, identity: str, sender: str) -> None: ...
    def tell_elsewhere(self, identity: str, what: str, **data: Any) -> bool: ...
    def heard(self, session: Session, what: str, data: dict[str, Any]) -> None: ...


class Friends:
    """An account's friends: asked for, answered, ended; told when a friend comes."""

    def __init__(self, people: PeopleDesk) -> None:
        self.people = people

    def ask_friend_by_name(self, session: Session) -> None:
        """Ask for a name, then send that account a friend request."""

        def named(app: Any, name: str) -> None:
            self.add_friend(session, name)

        ask_line(session, words.name_prompt(), NAME_LIMIT, named)

    def add_friend(self, session: Session, name: str) -> str | None:
        """``session`` asks the account ``name`` to be friends (or says yes, when asked);
        where they stand after it (``friend_state``), as ``session`` is told."""
        app = session.app
        db = self.people.parts.db
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
        if self.people.blocks_one(session.identity, identity):
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
        if self.people.blocks_one(identity, session.identity):
            app.say(words.request_sent_text(shown))  # not kept, and not told
            return ASKED
        db.ask_friend(session.name, name)
        app.say(words.request_sent_text(shown))
        other = self.people.parts.rooms.sessions.get(identity)
        if other is not None:
            self.people.heard(
                other, "friend_request", {"sender": session.identity, "name": session.name}
            )
        else:
            self.people.tell_elsewhere(
                identity, "friend_request", sender=session.identity, name=session.name
            )
        return ASKED

    def answer_friend(self, session: Session, name: str, yes: bool) -> str | None:
        """``session`` answers ``name``'s friend request; friends after a yes (None after a
        no)."""
        identity = account_identity(name)
        self.people.drop_offers(session.identity, identity)
        self.people.parts.db.answer_friend(session.name, name, yes)
        app = session.app
        if not yes:
            app.say(words.declined_text(name))
            return None
        app.say(words.now_friends_text(name))
        other = self.people.parts.rooms.sessions.get(identity)
        if other is not None:
            self.people.heard(other, "friends", {"name": session.name})
        else:
            self.people.tell_elsewhere(identity, "friends", name=session.name)
        return FRIEND

    def remove_friend(self, session: Session, name: str) -> None:
        """``session`` ends a friendship, or takes back a request: none is left."""
        self.people.parts.db.end_friendship(session.name, name)
        session.app.say(words.friend_removed_text(name))

    def friend_state(self, session: Session, name: str) -> str | None:
        """``friend``, ``asked``, ``asking`` or None: where ``session`` stands with ``name``."""
        if not session.account:
            return None
        key = name_key(name)
        found = next(
            (f for f in self.people.parts.db.friends(session.name) if name_key(f.name) == key), None
        )
        return found.state if found is not None else None

    def arrived(self, session: Session) -> None:
        """``session`` connected: each friend online hears it."""
        if not session.account:
            return
        for friend in self.people.parts.db.friends(session.name):
            if friend.state != FRIEND:
                continue
            identity = account_identity(friend.name)
            other = self.people.parts.rooms.sessions.get(identity)
            if other is not None and other.conn is not None and other is not session:
                self.people.heard(other, "friend_online", {"name": session.name})
            elif other is None:
                self.people.tell_elsewhere(identity, "friend_online", name=session.name)
