"""The people on a server: who is online, friends, private messages, invitations and blocks.

Everything here is a server screen (menus like the lobby's) or a sentence said to a session,
so it works in every face at once; the menus are in ``online/people_menus.py``, the
leaderboards in ``online/leaderboards.py``. The keys (``PEOPLE_COMMANDS``) reach
:meth:`PeopleMenus.command`
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

from typing import TYPE_CHECKING, Any

from ninetynine_audio.audio.utterance import PRIVATE
from ninetynine_audio.input.commands import GLOBAL
from ninetynine_audio.online.friends import NAME_LIMIT, Friends, Offer, ask_line
from ninetynine_audio.online.identity import name_key
from ninetynine_audio.online.refusal import Refusal
from ninetynine_audio.present import community as words
from ninetynine_audio.present import online as online_words

if TYPE_CHECKING:
    from ninetynine_audio.online.community import Community, Elsewhere
    from ninetynine_audio.online.parts import Parts
    from ninetynine_audio.online.session import Session
    from ninetynine_audio.online.table import OnlineTable
    from ninetynine_audio.ui.host import Host as App

MESSAGE_LIMIT = 160
"""The longest private message, in characters (as a line of table chat)."""
OFFERS_KEPT = 8
"""Invitations and friend requests a player keeps waiting; the oldest goes first."""


def _pop(app: App) -> None:
    app.pop()


class People:
    """What the server knows of its people beside their tables: blocks (read once per
    account), the last private message each player heard, and the offers waiting."""

    def __init__(self, parts: Parts) -> None:
        self.parts = parts
        self.blocks: dict[str, set[str]] = {}
        self.last_from: dict[str, str] = {}
        self.offers: dict[str, list[Offer]] = {}
        self.friends = Friends(self)
        """Friends: requests, answers, and friends told when one comes."""
        self.community: Community | None = None
        """The players of the other processes sharing the database, when there are any
        (``online.community`` sets it)."""

    # -- who is where ---------------------------------------------------------------------

    def online(self) -> list[Session]:
        """The players connected now."""
        return [s for s in self.parts.rooms.sessions.values() if s.conn is not None]

    def find(self, name: str) -> Session | Elsewhere | None:
        """The connected player called ``name`` (any spelling of it), here or on another
        process."""
        key = name_key(name)
        here = next((s for s in self.online() if name_key(s.name) == key), None)
        if here is not None or self.community is None:
            return here
        return next(
            (e for e in self.community.everyone_elsewhere() if name_key(e.name) == key), None
        )

    def elsewhere(self, identity: str) -> Elsewhere | None:
        """The player ``identity`` connected to another process, or None."""
        community = self.community
        return community.online_elsewhere(identity) if community is not None else None

    def tell_elsewhere(self, identity: str, what: str, **data: Any) -> bool:
        """Send ``what`` to ``identity`` on another process; whether they are there."""
        community = self.community
        return community is not None and community.to(identity, what, **data)

    # -- blocks -------------------------------------------------------------------------------

    def blocked_by(self, identity: str) -> set[str]:
        """The identities ``identity`` blocks (an account's are read from the store once)."""
        found = self.blocks.get(identity)
        if found is None:
            found = set()
            if identity.startswith("account:"):
                key = identity.split(":", 1)[1]
                found = {f"account:{other}" for other in self.parts.db.blocked(key)}
            self.blocks[identity] = found
        return found

    def forget_blocks(self, identity: str) -> None:
        """``identity``'s blocks changed elsewhere: read again when next asked."""
        self.blocks.pop(identity, None)

    def blocks_one(self, blocker: str, other: str) -> bool:
        """Whether ``blocker`` blocks ``other``."""
        return other in self.blocked_by(blocker)

    def set_block(self, session: Session, identity: str, name: str, on: bool) -> None:
        """``session`` blocks the player ``identity`` (or lifts it); an account's is kept."""
        mine = self.blocked_by(session.identity)
        if on:
            mine.add(identity)
            self.drop_offers(session.identity, identity)
        else:
            mine.discard(identity)
        if session.account and identity.startswith("account:"):
            self.parts.db.set_blocked(session.name, name, on)
            if self.community is not None:  # the others read this account's blocks again
                self.community.to_all("block", who=session.identity)
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

        ask_line(session, words.message_prompt(name), MESSAGE_LIMIT, typed)

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

        ask_line(session, words.name_prompt(), NAME_LIMIT, named)

    def send_message(self, session: Session, identity: str, name: str, line: str) -> None:
        """Send ``line`` from ``session`` to the player ``identity``, who hears it at once
        (unless they block the sender, who is not told)."""
        app = session.app
        other = self._reachable(session, identity, name)
        if other is None:
            return
        if not self.blocks_one(identity, session.identity):
            if isinstance(other, str):
                self.tell_elsewhere(
                    identity, "message", sender=session.identity, name=session.name, line=line
                )
            else:
                self.last_from[identity] = session.identity
                self._forget_gone()
                say_private(other, session.name, line)
        app.say(words.message_sent_text(other if isinstance(other, str) else other.name))

    def _reachable(self, session: Session, identity: str, name: str) -> Session | str | None:
        """The connected player ``identity``, whom ``session`` may write to or invite (their
        name when they are on another process); None after saying why not (``session``
        blocks them, or they are not online)."""
        if self.blocks_one(session.identity, identity):
            session.app.say(words.you_block_text(name), cue="refused")
            return None
        other = self.parts.rooms.sessions.get(identity)
        if other is None or other.conn is None:
            elsewhere = self.elsewhere(identity)
            if elsewhere is not None:
                return elsewhere.name
            session.app.say(words.not_online_text(name), cue="refused")
            return None
        return other

    def answer_last(self, session: Session) -> None:
        """The answer key: a private message to whoever wrote last."""
        sender = self.last_from.get(session.identity)
        other = self.parts.rooms.sessions.get(sender) if sender is not None else None
        far = self.elsewhere(sender) if sender is not None and other is None else None
        if other is not None:
            self.ask_message(session, other.identity, other.name)
        elif far is not None:
            self.ask_message(session, far.identity, far.name)
        else:
            session.app.say(words.nobody_to_answer_text(), cue="refused")

    # -- invitations and friend requests ------------------------------------------------------

    def offer(self, identity: str, offer: Offer) -> None:
        waiting = [o for o in self.offers.get(identity, []) if o != offer]
        self.offers[identity] = [*waiting, offer][-OFFERS_KEPT:]
        self._forget_gone()

    def _forget_gone(self) -> None:
        """Players the server no longer knows leave no offers, answers nor blocks of a
        session behind (an account's blocks are read again when it comes back)."""
        known = self.parts.rooms.sessions
        for kept in (self.offers, self.last_from, self.blocks):
            for gone in [identity for identity in kept if identity not in known]:
                del kept[gone]

    def drop_offers(self, identity: str, sender: str) -> None:
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
        if self.blocks_one(identity, session.identity):
            pass
        elif isinstance(other, str):
            self.tell_elsewhere(
                identity,
                "invite",
                sender=session.identity,
                name=session.name,
                code=table.code,
                game=table.game,
            )
        else:
            self.invited(other, Offer(session.identity, session.name, table.code), table.game)
        app.say(words.invitation_sent_text(other if isinstance(other, str) else other.name))

    def invited(self, other: Session, offer: Offer, game: str) -> None:
        """``other`` hears the invitation ``offer`` to a table of ``game``, kept to answer."""
        self.offer(other.identity, offer)
        with other.app.speaking():
            other.app.say(
                words.invitation_text(offer.name, game, *self.offer_keys(other.app)),
                cue="your_turn",
                queue=True,
            )

    def offer_keys(self, app: App) -> tuple[str, str]:
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
            self.friends.answer_friend(session, offer.name, yes)
            return
        sender = self.parts.rooms.sessions.get(offer.sender)
        if not yes:
            app.say(words.declined_text(offer.name))
            if sender is not None:
                self.heard(sender, "declined", {"name": session.name})
            else:
                self.tell_elsewhere(offer.sender, "declined", name=session.name)
            return
        table = self.parts.rooms.tables.get(offer.code)
        if table is None and self.community is not None:
            # Played by another process, perhaps: joining sends the player there.
            if self.parts.seating.join(session, offer.code) is not None:
                app.say(words.invitation_gone_text(), cue="refused")
            return
        if table is None or table.state != "waiting" or not table.open_seats():
            app.say(words.invitation_gone_text(), cue="refused")
            return
        problem = self.parts.seating.join(session, offer.code)
        if problem is not None:
            app.say(problem.text, cue="refused")

    def heard(self, session: Session, what: str, data: dict[str, Any]) -> None:
        """``session`` hears ``what`` another player did for them (here, or on another
        process: ``online.community``)."""
        app = session.app
        name = str(data["name"])
        if what == "message":
            self.last_from[session.identity] = str(data["sender"])
            say_private(session, name, str(data["line"])[:MESSAGE_LIMIT])
        elif what == "invite":
            offer = Offer(str(data["sender"]), name, str(data["code"]))
            self.invited(session, offer, str(data["game"]))
        elif what == "friend_request":
            self.offer(session.identity, Offer(str(data["sender"]), name))
            with app.speaking():
                app.say(
                    words.friend_request_text(name, *self.offer_keys(app)),
                    cue="your_turn",
                    queue=True,
                )
        else:
            text = {
                "declined": words.invitation_declined_text,
                "friends": words.now_friends_text,
                "friend_online": words.friend_online_text,
            }.get(what)
            if text is not None:
                with app.speaking():
                    app.say(text(name), queue=True)


def say_private(receiver: Session, sender: str, line: str) -> None:
    """The one place a private message is said: at once, wherever the receiver is, with the
    key that answers it, and filed in the receiver's buffer of private messages."""
    app = receiver.app
    with app.speaking():
        key = app.key_name(GLOBAL, "answer_message")
        text = words.private_message_text(sender, line, key)
        app.say(text, cue="menu_select", queue=True, kind=PRIVATE)
