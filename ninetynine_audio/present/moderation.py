"""The words of moderation on a server: a host removing and banning a player, the owner's
commands (bans, chat mutes, announcements, the maintenance message) and players' reports."""

from __future__ import annotations

from ninetynine_audio.i18n import _, ngettext
from ninetynine_audio.present.screens import level_name


def remove_and_ban_item() -> str:
    """The host's item that removes a player and keeps them from coming back."""
    return _("Remove and ban a player")


def ban_which_player() -> str:
    """The menu of players the host may remove and ban."""
    return _("Remove and ban which player")


def banned_from_table_text() -> str:
    """Said to a player the host removed and banned."""
    return _("The host removed you from the table, and you cannot join it again.")


def banned_here_text() -> str:
    """A player banned from a table tries to join it."""
    return _("The host banned you from this table.")


def removed_player_text(name: str, banned: bool, level: str | None = None) -> str:
    """Said to the host: the player is gone (and banned), and in one sentence with it, when
    a computer player of ``level`` takes their seat in play, that it does."""
    if level is not None:
        if banned:
            return _(
                "{player} was removed and banned from the table; a {level} computer player "
                "takes the seat."
            ).format(player=name, level=level_name(level))
        return _(
            "{player} was removed from the table; a {level} computer player takes the seat."
        ).format(player=name, level=level_name(level))
    if banned:
        return _("{player} was removed and banned from the table.").format(player=name)
    return _("{player} was removed from the table.").format(player=name)


def removed_replaced_text(name: str, level: str) -> str:
    """The host removed a player in play: who plays their seat from now on (said to everyone
    at the table but the host, who hears it in ``removed_player_text``)."""
    return _("The host removed {player}; a {level} computer player takes the seat.").format(
        player=name, level=level_name(level)
    )


def nobody_to_remove_text() -> str:
    """The host's remove menu with nobody else seated."""
    return _("Nobody else sits at the table.")


def report_item() -> str:
    """The item that reports a player to the server's owner."""
    return _("Report a player")


def report_which_player() -> str:
    """The menu of players one may report."""
    return _("Report which player")


def report_name_prompt() -> str:
    """Asked in the lobby: whom to report."""
    return _("Name of the player to report, then Enter.")


def report_reason_prompt(name: str) -> str:
    """Asked after choosing whom to report."""
    return _("Why are you reporting {player}? Type it, then Enter.").format(player=name)


def reported_text(name: str) -> str:
    """The report was kept for the owner."""
    return _("Thank you. Your report of {player} was sent to the server's owner.").format(
        player=name
    )


def nobody_called_text(name: str) -> str:
    """A name that is no account and nobody online."""
    return _("Nobody called {player} is known here.").format(player=name)


def owner_item() -> str:
    """The lobby's item of the server owner's commands, for an owner only."""
    return _("Server owner's commands")


def owner_prompt() -> str:
    """Asked for an owner's command."""
    return _(
        "Owner's command, then Enter: ban, unban, banip, unbanip, mute, unmute, announce, "
        "maintenance or reports."
    )


def not_owner_text() -> str:
    """An owner's command from someone who is not one."""
    return _("Only the server's owner can do that.")


def owner_usage_text() -> str:
    """An owner's command the server does not understand."""
    return _(
        "Not understood. Write a command, a name or address, and for bans and mutes the "
        "minutes if not for good: ban Sam 60, banip 203.0.113.7, mute Sam 10, unmute Sam, "
        "announce a line, maintenance a line (none to clear it), reports."
    )


def for_how_long(minutes: int | None) -> str:
    """How long a ban or a mute lasts."""
    if minutes is None:
        return _("for good")
    return ngettext("for {count} minute", "for {count} minutes", minutes).format(count=minutes)


def account_banned_text(name: str, minutes: int | None) -> str:
    """Said to the owner: an account is banned."""
    return _("{player} is banned {time}.").format(player=name, time=for_how_long(minutes))


def address_banned_text(address: str, minutes: int | None) -> str:
    """Said to the owner: an address is banned."""
    return _("The address {address} is banned {time}.").format(
        address=address, time=for_how_long(minutes)
    )


def unbanned_text(target: str, was: bool) -> str:
    """Said to the owner: a ban lifted, or there was none."""
    if was:
        return _("{target} may come back.").format(target=target)
    return _("{target} was not banned.").format(target=target)


def muted_owner_text(name: str, minutes: int | None) -> str:
    """Said to the owner: an account is kept out of chat."""
    return _("{player} cannot chat {time}.").format(player=name, time=for_how_long(minutes))


def unmuted_owner_text(name: str, was: bool) -> str:
    """Said to the owner: a chat mute lifted, or there was none."""
    if was:
        return _("{player} may chat again.").format(player=name)
    return _("{player} was not muted.").format(player=name)


def you_are_banned_text() -> str:
    """Said to a banned player as the server closes their connection or refuses it."""
    return _("The server's owner has banned you from this server.")


def you_are_muted_text() -> str:
    """A muted player tries to chat."""
    return _("The server's owner has muted you: your line was not sent.")


def announcement_text(line: str) -> str:
    """The owner's announcement to everyone online."""
    return _("Announcement from the server: {line}").format(line=line)


def maintenance_text(line: str) -> str:
    """The maintenance message: said when set and to everyone who comes."""
    return _("Maintenance: {line}").format(line=line)


def maintenance_cleared_text() -> str:
    """Said to the owner: the maintenance message is gone."""
    return _("The maintenance message is cleared.")


def announced_text(count: int) -> str:
    """Said to the owner: how many heard the announcement."""
    return ngettext(
        "Said to {count} player online.", "Said to {count} players online.", count
    ).format(count=count)


def no_reports_text() -> str:
    """The owner lists reports and there are none."""
    return _("No reports.")


def report_line_text(number: int, reporter: str, reported: str, when: str, reason: str) -> str:
    """One report as the owner hears it."""
    return _("Report {number}, {when}: {reporter} reported {reported}: {reason}").format(
        number=number, when=when, reporter=reporter, reported=reported, reason=reason
    )


def report_chat_text(lines: str) -> str:
    """The chat lines kept with a report."""
    return _("Chat before it: {lines}").format(lines=lines)
