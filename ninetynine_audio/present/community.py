"""Wording of the people on a server: who is online and where, friends, private messages,
invitations, blocks and the leaderboards' lines.

As ``present.online``: every phrase is one message of the catalogue, made when it is said, so
that the server renders it in the language of the player who hears it.
"""

from __future__ import annotations

from ninetynine_audio.i18n import _, ngettext
from ninetynine_audio.present.online import digits_text
from ninetynine_audio.present.screens import game_title
from ninetynine_audio.present.words import fill


def who_online_title(count: int) -> str:
    """The title of who's online: how many others are connected."""
    return ngettext(
        "Who is online: {count} other player", "Who is online: {count} other players", count
    ).format(count=count)


def nobody_else_text() -> str:
    """Who's online, with nobody but the player."""
    return _("Nobody else is online")


def who_online_item() -> str:
    """The lobby's item that opens who's online."""
    return _("Who is online")


def friends_item() -> str:
    """The item that opens the friends list."""
    return _("Your friends")


def message_by_name_item() -> str:
    """Send a private message to a player by name."""
    return _("Send a private message by name")


def in_lobby_text(name: str) -> str:
    """A player in the lobby."""
    return _("{player}, in the lobby").format(player=name)


def waiting_at_text(name: str, game: str, code: str) -> str:
    """A player at a listed table not yet started."""
    return _("{player}, at table {code} of {game}, waiting to start").format(
        player=name, game=game_title(game), code=digits_text(code)
    )


def playing_at_text(name: str, game: str, code: str) -> str:
    """A player at a listed table in play."""
    return _("{player}, playing {game} at table {code}").format(
        player=name, game=game_title(game), code=digits_text(code)
    )


def watching_at_text(name: str, game: str, code: str) -> str:
    """A player watching a listed table."""
    return _("{player}, watching {game} at table {code}").format(
        player=name, game=game_title(game), code=digits_text(code)
    )


def private_table_text(name: str, game: str) -> str:
    """A player at a private table, whose code is not said."""
    return _("{player}, at a private table of {game}").format(player=name, game=game_title(game))


def daily_deal_text(name: str, game: str) -> str:
    """A player at today's deal of a game (a private table of their own)."""
    return _("{player}, playing today's deal of {game}").format(player=name, game=game_title(game))


def at_your_table_text(name: str) -> str:
    """Someone at the player's own table, seated or watching."""
    return _("{player}, at your table").format(player=name)


def offline_text(name: str) -> str:
    """A friend who is not connected."""
    return _("{player}, offline").format(player=name)


def send_message_item() -> str:
    """Send this player a private message."""
    return _("Send a private message")


def invite_item() -> str:
    """Invite this player to the player's table."""
    return _("Invite to your table")


def add_friend_item() -> str:
    """Ask this player to be a friend."""
    return _("Add as a friend")


def remove_friend_item() -> str:
    """End a friendship."""
    return _("Remove from your friends")


def withdraw_request_item() -> str:
    """Take back a friend request that has no answer yet."""
    return _("Take back your friend request")


def accept_friend_item() -> str:
    """Say yes to a friend request."""
    return _("Accept the friend request")


def decline_friend_item() -> str:
    """Say no to a friend request."""
    return _("Decline the friend request")


def block_item() -> str:
    """Block this player."""
    return _("Block")


def unblock_item() -> str:
    """Lift a block."""
    return _("Unblock")


def add_friend_by_name_item() -> str:
    """Ask a player, by name, to be a friend."""
    return _("Add a friend by name")


def no_friends_text() -> str:
    """The friends list, empty."""
    return _("No friends yet")


def friends_title(online: int, count: int) -> str:
    """The friends list's title: how many friends, and how many of them are online."""
    return ngettext(
        "Your friends: {online} of {count} online",
        "Your friends: {online} of {count} online",
        count,
    ).format(online=online, count=count)


def asking_text(name: str) -> str:
    """A friend request to the player."""
    return _("{player} asks to be your friend").format(player=name)


def asked_text(name: str) -> str:
    """The player's own friend request, not yet answered."""
    return _("{player}, asked, no answer yet").format(player=name)


def blocked_mark_text(where: str) -> str:
    """Someone the player blocks, as who's online lists them."""
    return _("{where}, blocked").format(where=where)


def name_prompt() -> str:
    """Asks for a player's name."""
    return _("Type the player's name, then Enter.")


def message_prompt(name: str) -> str:
    """Asks for a private message's line."""
    return _("Your message to {player}, then Enter.").format(player=name)


def private_message_text(name: str, line: str, key: str) -> str:
    """A private message heard at once, with the key that answers it."""
    return fill(
        _("Private message from {player}: {line}. {key} to answer."),
        player=name,
        line=line,
        key=key,
    )


def message_sent_text(name: str) -> str:
    """The sender's private message went."""
    return _("Sent to {player}.").format(player=name)


def not_online_text(name: str) -> str:
    """A message or invitation to someone not connected."""
    return _("{player} is not online.").format(player=name)


def no_account_text(name: str) -> str:
    """A name that is no account's."""
    return _("No account is called {player}.").format(player=name)


def nobody_to_answer_text() -> str:
    """The answer key, with no private message heard."""
    return _("No private message to answer.")


def you_block_text(name: str) -> str:
    """The player writes to or invites someone they block."""
    return _("You block {player}: unblock them first.").format(player=name)


def invitation_text(name: str, game: str, accept: str, decline: str) -> str:
    """An invitation heard at once, with its keys."""
    return _(
        "{player} invites you to a table of {game}. {accept} to accept, {decline} to decline."
    ).format(player=name, game=game_title(game), accept=accept, decline=decline)


def invitation_sent_text(name: str) -> str:
    """The inviter's invitation went."""
    return _("Invitation sent to {player}.").format(player=name)


def no_seat_to_offer_text() -> str:
    """Invite, with no table waiting for a person."""
    return _("Your table has no free seat for a person before it starts.")


def invitation_declined_text(name: str) -> str:
    """The invited player said no."""
    return _("{player} declines your invitation.").format(player=name)


def invitation_gone_text() -> str:
    """An invitation accepted too late: the table started, closed or filled."""
    return _("That table has no seat for you now.")


def nothing_offered_text() -> str:
    """Accept or decline, with no invitation nor friend request waiting."""
    return _("No invitation or friend request is waiting.")


def declined_text(name: str) -> str:
    """The player said no to an invitation or request."""
    return _("Declined: {player}.").format(player=name)


def friend_request_text(name: str, accept: str, decline: str) -> str:
    """A friend request heard at once, with its keys."""
    return _("{player} asks to be your friend. {accept} to accept, {decline} to decline.").format(
        player=name, accept=accept, decline=decline
    )


def request_sent_text(name: str) -> str:
    """The player's friend request went."""
    return _("Friend request sent to {player}.").format(player=name)


def now_friends_text(name: str) -> str:
    """A friendship begins."""
    return _("You and {player} are friends now.").format(player=name)


def already_friends_text(name: str) -> str:
    """A friend request to a friend."""
    return _("{player} is already your friend.").format(player=name)


def friend_removed_text(name: str) -> str:
    """A friendship ended, or a request taken back."""
    return _("{player} is no longer among your friends.").format(player=name)


def not_yourself_text() -> str:
    """The player named themselves."""
    return _("That is you.")


def accounts_only_text() -> str:
    """A guest tries friends."""
    return _("Friends are kept for accounts: sign in with a password to have friends.")


def blocked_text(name: str) -> str:
    """A block begins."""
    return _(
        "{player} is blocked: no messages, invitations or friend requests from them, and they "
        "cannot sit at a table with you unless you join theirs."
    ).format(player=name)


def unblocked_text(name: str) -> str:
    """A block lifted."""
    return _("{player} is no longer blocked.").format(player=name)


def friend_online_text(name: str) -> str:
    """A friend connected."""
    return _("Your friend {player} is online.").format(player=name)


def board_line(place: int, name: str, rating: float, wins: int, games: int) -> str:
    """One line of a leaderboard: place, name, rating, wins and games."""
    return ngettext(
        "{place}. {player}: rating {rating}, {wins} won of {count} game.",
        "{place}. {player}: rating {rating}, {wins} won of {count} games.",
        games,
    ).format(place=place, player=name, rating=f"{rating:.1f}", wins=wins, count=games)


def your_place_text(place: int, of: int) -> str:
    """The player's own place on a leaderboard."""
    return ngettext(
        "Your place: {place} of {count} rated player.",
        "Your place: {place} of {count} rated players.",
        of,
    ).format(place=place, count=of)


def not_placed_text() -> str:
    """The player has no rating at this game."""
    return _("You have no rating at this game yet: play a game with another account.")


def where_text(
    name: str,
    code: str | None = None,
    game: str = "",
    listed: bool = True,
    seated: bool = True,
    state: str = "waiting",
    daily: bool = False,
) -> str:
    """Where a player is, in the lobby (``code`` None) or at another table than the
    listener's: a private table's code is not said, and a daily deal's table is that day's
    deal."""
    if code is None:
        return in_lobby_text(name)
    if daily:
        return daily_deal_text(name, game)
    if not listed:
        return private_table_text(name, game)
    if not seated:
        return watching_at_text(name, game, code)
    if state == "waiting":
        return waiting_at_text(name, game, code)
    return playing_at_text(name, game, code)
