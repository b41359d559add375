"""Wording of tournaments on the server: their menus, the pairings of each round and the
standings. Each phrase is made when it is said, in the listener's language."""

from __future__ import annotations

from collections.abc import Sequence

from ninetynine_audio.i18n import _, ngettext
from ninetynine_audio.present.screens import DAILY_DEAL, game_title, level_name
from ninetynine_audio.present.words import join_and, ordinal


def tournaments() -> str:
    """The lobby's item and the menu's title."""
    return _("Tournaments")


def create_tournament() -> str:
    """Create a tournament"""
    return _("Create a tournament")


def new_tournament_title() -> str:
    """The title of the menu that sets a tournament up."""
    return _("New tournament")


def format_name(format: str) -> str:
    """knockout or Swiss."""
    if format == "swiss":
        return _("Swiss system")
    return _("Knockout")


def game_choice_text(game: str) -> str:
    """Game: Classic"""
    return _("Game: {game}").format(game=game_title(game))


def format_choice_text(format: str) -> str:
    """Format: knockout"""
    return _("Format: {format}").format(format=format_name(format))


def format_help_text(format: str, table_size: int, deals: bool = False) -> str:
    """How the format decides, at tables of ``table_size`` seats (``deals``: in groups of
    ``table_size`` who each play the same deal at a table of their own)."""
    if deals and format == "swiss":
        return ngettext(
            "Everyone plays every round; groups of {count} play the same deal, each at their "
            "own table, and the better results earn points",
            "Everyone plays every round; groups of {count} play the same deal, each at their "
            "own table, and the better results earn points",
            table_size,
        ).format(count=table_size)
    if deals:
        return ngettext(
            "Groups of {count} play the same deal, each at their own table; the best result "
            "goes through to the next round",
            "Groups of {count} play the same deal, each at their own table; the best result "
            "goes through to the next round",
            table_size,
        ).format(count=table_size)
    if format == "swiss":
        return ngettext(
            "Everyone plays every round at tables of {count}; places earn points, "
            "and players with the same points meet",
            "Everyone plays every round at tables of {count}; places earn points, "
            "and players with the same points meet",
            table_size,
        ).format(count=table_size)
    return ngettext(
        "Tables of {count}; the winner of each table goes through to the next round",
        "Tables of {count}; the winner of each table goes through to the next round",
        table_size,
    ).format(count=table_size)


def size_choice_text(size: int) -> str:
    """Players: 8"""
    return _("Players: {count}").format(count=size)


def level_choice_text(level: str) -> str:
    """Computer players: normal"""
    return _("Computer players fill empty places: {level}").format(level=level_name(level))


def start_choice_text(minutes: int) -> str:
    """When it starts."""
    if minutes == 0:
        return _("Starts: when the host starts it")
    return ngettext("Starts in {count} minute", "Starts in {count} minutes", minutes).format(
        count=minutes
    )


def create_now() -> str:
    """Create the tournament"""
    return _("Create the tournament")


def created_text(game: str, format: str) -> str:
    """Said to the host once the tournament is made."""
    return _(
        "{game}, {format}: you created the tournament and entered it. The lobby lists it."
    ).format(format=format_name(format), game=game_title(game))


def tournament_item_text(
    game: str, format: str, state: str, entered: int, size: int, detail: str
) -> str:
    """A tournament in the list: its game, format, how many entered, and ``detail`` (when it
    starts, the round being played, or its winner)."""
    return ngettext(
        "{game}, {format}, {entered} of {size} entered, {detail}",
        "{game}, {format}, {entered} of {size} entered, {detail}",
        entered,
    ).format(
        game=game_title(game), format=format_name(format), entered=entered, size=size, detail=detail
    )


def starts_in_text(minutes: int) -> str:
    """When a waiting tournament starts, as the list says it."""
    if minutes <= 0:
        return _("waiting for its host to start it")
    return ngettext("starts in {count} minute", "starts in {count} minutes", minutes).format(
        count=minutes
    )


def round_of_text(number: int, rounds: int) -> str:
    """round 2 of 3"""
    return _("round {number} of {rounds}").format(number=number, rounds=rounds)


def won_by_text(name: str) -> str:
    """over, won by Ann"""
    return _("over, won by {name}").format(name=name)


def enter() -> str:
    """Enter the tournament"""
    return _("Enter the tournament")


def withdraw() -> str:
    """Withdraw from the tournament"""
    return _("Withdraw from the tournament")


def start_now() -> str:
    """Start the tournament now"""
    return _("Start the tournament now")


def standings_item() -> str:
    """Standings"""
    return _("Standings")


def entrants_text(names: Sequence[str]) -> str:
    """Who has entered."""
    if not names:
        return _("Nobody has entered yet")
    return _("Entered: {names}").format(names=join_and(list(names)))


def entered_text() -> str:
    """Said to a player who entered."""
    return _("You entered. When it starts you are seated at your table and told where you are.")


def withdrew_text() -> str:
    """Said to a player who withdrew."""
    return _("You withdrew from the tournament.")


def joined_text(name: str) -> str:
    """Said to the others who entered."""
    return _("{name} entered the tournament.").format(name=name)


def full_text() -> str:
    """No place left."""
    return _("The tournament is full.")


def already_started_text() -> str:
    """Too late to enter or withdraw."""
    return _("The tournament has already started.")


def host_only_text() -> str:
    """Only the host starts it early."""
    return _("Only the tournament's host can start it.")


def start_elsewhere_text() -> str:
    """The host asks to start a tournament run by another process of the server."""
    return _("This tournament can be started only from the server's lobby it was created in.")


def start_unanswered_text() -> str:
    """The host asked to start a tournament run by another process of the server, and that
    process did not answer (stopped, its tournament not yet taken over)."""
    return _("The server running this tournament did not answer. Try again in a moment.")


def one_tournament_text() -> str:
    """A player hosts one tournament at a time."""
    return _("You already host a tournament that has not ended.")


def starting_text(game: str, format: str, people: int, computers: int) -> str:
    """Said to everyone who entered when it starts."""
    filled = ngettext(
        "{count} computer player fills the empty places.",
        "{count} computer players fill the empty places.",
        computers,
    ).format(count=computers)
    entered = ngettext(
        "{game}, {format}: the tournament starts with {count} player.",
        "{game}, {format}: the tournament starts with {count} players.",
        people,
    ).format(format=format_name(format), game=game_title(game), count=people)
    return f"{entered} {filled}" if computers else entered


def round_text(number: int, rounds: int) -> str:
    """The round's first line."""
    return _("Round {number} of {rounds}.").format(number=number, rounds=rounds)


def pairing_text(table: int, names: Sequence[str]) -> str:
    """One table of the round."""
    return _("Table {number}: {names}.").format(number=table, names=join_and(list(names)))


def byes_text(names: Sequence[str]) -> str:
    """Who sits out the round."""
    return _("Sitting out, counted as a win: {names}.").format(names=join_and(list(names)))


def your_table_text(table: int, opponents: Sequence[str]) -> str:
    """Where the player is seated."""
    return _("You are seated at table {number}, against {names}.").format(
        number=table, names=join_and(list(opponents))
    )


def group_text(group: int, names: Sequence[str]) -> str:
    """One group of a round of a tournament comparing deals."""
    return _("Group {number}: {names} play the same deal.").format(
        number=group, names=join_and(list(names))
    )


def your_deal_text(others: Sequence[str], opponents: Sequence[str]) -> str:
    """Where the player is seated, comparing deals: ``others`` of the group play the same
    deal against the same ``opponents``."""
    # Translators: "You and Ben play the same deal against Lily, Max and Zoe."
    return _("You and {names} play the same deal against {opponents}.").format(
        names=join_and(list(others)), opponents=join_and(list(opponents))
    )


def deal_counted_text(place: int, players: int, score: int, margin: int) -> str:
    """The player's deal is over: the result counted, compared once the group has finished."""
    from ninetynine_audio.present.review import margin_words

    return _(
        "Your result counts: {place} of {players}, {margin}. It is compared with your "
        "group's when all of them have finished."
    ).format(place=ordinal(place), players=players, margin=margin_words(score, margin))


def group_result_text(group: int, names: Sequence[str], places: Sequence[int]) -> str:
    """A group's deal compared: each one's place, best first."""
    order = sorted(range(len(names)), key=lambda n: places[n])
    ranked = [_("{place}, {name}").format(place=ordinal(places[n]), name=names[n]) for n in order]
    return _("Group {number}, the same deal compared: {ranked}.").format(
        number=group, ranked="; ".join(ranked)
    )


def your_bye_text() -> str:
    """The player sits out this round."""
    return _("You sit out this round; it counts as a win.")


def standings_title(final: bool, number: int) -> str:
    """The standings' first line."""
    if final:
        return _("Final standings:")
    return _("Standings after round {number}:").format(number=number)


def standing_line(place: int, name: str, swiss: bool, points: int, still_in: bool) -> str:
    """One line of the standings."""
    if swiss:
        return ngettext(
            "{place}, {name}, {count} point", "{place}, {name}, {count} points", points
        ).format(place=ordinal(place), name=name, count=points)
    if still_in:
        return _("{place}, {name}, still in").format(place=ordinal(place), name=name)
    return _("{place}, {name}").format(place=ordinal(place), name=name)


def winner_text(name: str) -> str:
    """The tournament's end."""
    return _("{name} wins the tournament.").format(name=name)


def you_finished_text(place: int) -> str:
    """The player's own final place."""
    return _("You finished {place} in the tournament.").format(place=ordinal(place))


def knocked_out_text() -> str:
    """The player is out of a knockout."""
    return _("You are out of the tournament. Thank you for playing.")


def next_round_text(seconds: int) -> str:
    """When the next round is seated."""
    return ngettext(
        "The next round starts in {count} second.",
        "The next round starts in {count} seconds.",
        seconds,
    ).format(count=seconds)


def wait_for_round_text() -> str:
    """Play again at a tournament's table: the next round seats the player by itself."""
    return _("This is a tournament table: your next round seats you by itself.")


def no_standings_text() -> str:
    """Before the first round."""
    return _("No round has been played yet.")


def level_word(level: str) -> str:
    """A computer level's name (for the menus)."""
    return level_name(level)


def daily_server_text(
    game: str, place: int, players: int, score: int, margin: int, rank: int, count: int
) -> str:
    """A finished daily deal online, with where it stands among everyone who played it on
    the server today."""
    from ninetynine_audio.present.review import margin_words

    # Translators: a finished daily deal on a server: the game, the place at the table, the
    # score, and where the result stands among everyone who played the deal on the server.
    return ngettext(
        "{game}, today's deal: {place} of {players}, {margin}; {rank} of {count} player "
        "on this server.",
        "{game}, today's deal: {place} of {players}, {margin}; {rank} of {count} players "
        "on this server.",
        count,
    ).format(
        game=game_title(game),
        place=ordinal(place),
        players=players,
        margin=margin_words(score, margin),
        rank=ordinal(rank),
        count=count,
    )


def daily_deal_item() -> str:
    """The lobby's daily deal."""
    return _(DAILY_DEAL)


def last_games_item() -> str:
    """The lobby's list of the player's last games, for review."""
    return _("Your last games")
