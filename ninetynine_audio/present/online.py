"""Wording of online play: the lobby, tables with other people, connections and ratings.

Every phrase is one message of the catalogue (``ninetynine_audio.i18n``), made when it is said
(menu titles and items too are functions, never strings made at import), so that the server
renders each one in the language of the player who hears it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ninetynine_audio.i18n import _, ngettext, pgettext
from ninetynine_audio.present.screens import game_title, level_name, skipping_text
from ninetynine_audio.present.words import fill, join_and

__all__ = ["skipping_text"]


def lobby() -> str:
    """Lobby"""
    return _("Lobby")


def create_table() -> str:
    """Create a table"""
    return _("Create a table")


def join_with_code() -> str:
    """Join with a code"""
    return _("Join with a code")


def leaderboard() -> str:
    """Leaderboard"""
    return _("Leaderboard")


def your_ratings() -> str:
    """Your ratings"""
    return _("Your ratings")


def leave_server() -> str:
    """Leave the server"""
    return _("Leave the server")


def leave_server_question() -> str:
    """Leave the server?"""
    return _("Leave the server?")


def seats_menu() -> str:
    """Seats of the new table"""
    return _("Seats of the new table")


def create_now() -> str:
    """Create the table"""
    return _("Create the table")


def start_table() -> str:
    """Start the game"""
    return _("Start the game")


def remove_player() -> str:
    """Remove a player"""
    return _("Remove a player")


def which_player() -> str:
    """Remove which player"""
    return _("Remove which player")


def leave_table() -> str:
    """Leave the table"""
    return _("Leave the table")


def leave_table_question() -> str:
    """Leave the table? A computer player takes your seat."""
    return _("Leave the table? A computer player takes your seat.")


def say_to_table() -> str:
    """Say a line to the table"""
    return _("Say a line to the table")


def back_to_table() -> str:
    """Back to the table"""
    return _("Back to the table")


def online_paused() -> str:
    """Paused, the table plays on"""
    return _("Paused, the table plays on")


def connect() -> str:
    """Connect"""
    return _("Connect")


def chat_prompt() -> str:
    """Say to the table, then Enter."""
    return _("Say to the table, then Enter.")


def code_prompt() -> str:
    """Type the table code, then Enter."""
    return _("Type the table code, then Enter.")


def server_prompt() -> str:
    """Type the server address, then Enter."""
    return _("Type the server address, then Enter.")


def name_prompt() -> str:
    """Type your name, then Enter."""
    return _("Type your name, then Enter.")


def password_prompt() -> str:
    """Type your password, then Enter. Leave it empty to play as a guest."""
    return _("Type your password, then Enter. Leave it empty to play as a guest.")


def play_online() -> str:
    """The Play online menu's title (the main menu's item)."""
    return _("Play online")


def rules_item() -> str:
    """The item that opens the rules of the table's game."""
    return _("Rules")


def back_to_menu() -> str:
    """The item that goes back to the menu before."""
    return _("Back to the menu")


def digits_text(code: str) -> str:
    """A code said digit by digit, in groups of three: ``"4 7 2, 9 1 3"``."""
    groups = [code[i : i + 3] for i in range(0, len(code), 3)]
    return ", ".join(" ".join(group) for group in groups)


def table_code_text(code: str) -> str:
    """``"Table code 4 7 2, 9 1 3."``"""
    return _("Table code {digits}.").format(digits=digits_text(code))


def seat_kind_text(kind: str) -> str:
    """What a seat is open for: a person, or a computer level."""
    if kind == "human":
        return pgettext("seat open for", "a person")
    # Translators: what a seat is open for, e.g. "Normal computer" (a computer player).
    return pgettext("seat open for", "{level} computer").format(level=level_name(kind))


def seat_item_text(number: int, kind: str, who: str | None, host: bool) -> str:
    """One seat of a table: ``"Seat 2: Ann"``, ``"Seat 3: open for a person"``."""
    if kind != "human":
        return seat_choice_text(number, kind)
    if who is None:
        return _("Seat {number}: open for a person").format(number=number)
    if host:
        return _("Seat {number}: {player}, host").format(number=number, player=who)
    return _("Seat {number}: {player}").format(number=number, player=who)


def seat_choice_text(number: int, kind: str) -> str:
    """A seat while a table is being set up: ``"Seat 2: a person"``."""
    # Translators: {kind} is "a person" or "Normal computer" (what the seat is open for).
    return _("Seat {number}: {kind}").format(number=number, kind=seat_kind_text(kind))


def listed_text(listed: bool) -> str:
    """Whether the table is listed in the lobby or private (join by code only)."""
    return _("Listed in the lobby") if listed else _("Private, join by code only")


def stand_in_text(level: str) -> str:
    """The level of the computer player who takes a leaver's seat."""
    return _("Stand-in for a player who leaves: {level} computer").format(level=level_name(level))


def timer_text(seconds: int | None) -> str:
    """The turn timer setting."""
    if not seconds:
        return _("Turn timer: off")
    return ngettext("Turn timer: {count} second", "Turn timer: {count} seconds", seconds).format(
        count=seconds
    )


def pause_text(milliseconds: int) -> str:
    """The pause before a computer player moves."""
    seconds = f"{milliseconds / 1000:g}"
    if milliseconds % 1000:
        # Translators: {seconds} is a number with a fraction, like 1.5.
        return _("Pause before a computer move: {seconds} seconds").format(seconds=seconds)
    return ngettext(
        "Pause before a computer move: {count} second",
        "Pause before a computer move: {count} seconds",
        milliseconds // 1000,
    ).format(count=seconds)


def table_item_text(
    game: str, state: str, taken: int, seats: int, who: Sequence[str], private: bool = False
) -> str:
    """A table in the lobby list."""
    title = game_title(game)
    if state == "playing":
        if not who:
            return _("Watch {game}: nobody yet playing").format(game=title)
        return _("Watch {game}: {players} playing").format(game=title, players=join_and(list(who)))
    if not who:
        return _("Join {game}: {taken} of {seats} seats taken, nobody yet").format(
            game=title, taken=taken, seats=seats
        )
    return _("Join {game}: {taken} of {seats} seats taken, {players}").format(
        game=title, taken=taken, seats=seats, players=join_and(list(who))
    )


def waiting_title(game: str, code: str) -> str:
    """The waiting room's title."""
    return _("{game} table {digits}").format(game=game_title(game), digits=digits_text(code))


def created_text(game: str, code: str) -> str:
    """Said to the host when the table is made."""
    return _("You created the table: {game}. Table code {digits}.").format(
        game=game_title(game), digits=digits_text(code)
    )


def joined_text(name: str) -> str:
    """Someone sat down at the table."""
    return _("{player} joined the table.").format(player=name)


def you_joined_text(game: str, code: str) -> str:
    """Said to a player who sat down."""
    return _("You joined the {game} table. Table code {digits}.").format(
        game=game_title(game), digits=digits_text(code)
    )


def left_text(name: str) -> str:
    """Someone left a table that has not started."""
    return _("{player} left the table.").format(player=name)


def removed_text() -> str:
    """Said to a player the host removed."""
    return _("The host removed you from the table.")


def lost_connection_text(name: str) -> str:
    """A player's connection dropped; their seat is kept."""
    return _("{player} lost the connection. Their seat is kept for two minutes.").format(
        player=name
    )


def back_text(name: str) -> str:
    """A player came back to their seat."""
    return _("{player} is back.").format(player=name)


def replaced_text(name: str, level: str) -> str:
    """A computer player took a player's seat."""
    return _("A {level} computer player plays for {player} until they come back.").format(
        level=level_name(level), player=name
    )


def welcome_back_text(missed: int) -> str:
    """Said to a player who reconnected to their seat; "What you missed:" only when
    ``missed`` phrases with words follow it."""
    if not missed:
        return _("You are back at your seat.")
    return _("You are back at your seat. What you missed:")


def seated_text(missed: int) -> str:
    """Said to a player coming for the first time to a seat the server kept for them (seated
    while not connected here); "What happened so far:" only when ``missed`` phrases with
    words follow it."""
    if not missed:
        return _("You are at your seat.")
    return _("You are at your seat. What happened so far:")


def took_back_text() -> str:
    """Said to a player who took their seat back from a computer player."""
    return _("You took your seat back.")


def spectator_text() -> str:
    """A spectator pressed a key for cards of their own."""
    return _("You are watching this table, so you have no cards and cannot play.")


def watching_text(game: str) -> str:
    """Said when a player starts watching."""
    return _("You are watching a {game} table. You hear only what everyone hears.").format(
        game=game_title(game)
    )


def not_your_move_text() -> str:
    """The server did not take an action (not this seat's, or a computer plays for it)."""
    return _("That is not yours to play now.")


def timer_played_text(name: str) -> str:
    """The turn timer ran out."""
    return _("Time is up: the computer plays for {player}.").format(player=name)


def chat_text(name: str, line: str) -> str:
    """A chat line, said to the others."""
    return _("{player} says: {line}").format(player=name, line=line)


def game_started_text() -> str:
    """The host started the game."""
    return _("The game starts.")


def host_only_text() -> str:
    """Only the host may start or remove."""
    return _("Only the host can do that.")


def not_filled_text(open_seats: int) -> str:
    """The host tried to start with open seats."""
    return ngettext(
        "Not yet: {count} seat is still open.", "Not yet: {count} seats are still open.", open_seats
    ).format(count=open_seats)


def waiting_for_host_text() -> str:
    """A player waits for the host to start."""
    return _("Waiting for the host to start the game.")


def no_table_text() -> str:
    """A code that opens no table (mistyped, or the table has gone)."""
    return _("No table has that code: check the digits.")


def table_full_text() -> str:
    """A code (an invitation link) to a table that exists but has no seat to give."""
    return _("That table has no free seat: its game is full or has started.")


def join_limit_text() -> str:
    """Too many codes tried."""
    return _("Too many codes tried. Please wait a minute.")


def sign_in_wait_text(seconds: int) -> str:
    """Too many wrong passwords lately, for this name or from this address."""
    return ngettext(
        "Too many failed sign-ins. Try again in {count} second.",
        "Too many failed sign-ins. Try again in {count} seconds.",
        seconds,
    ).format(count=seconds)


def accounts_limit_text() -> str:
    """This address made as many new accounts as it may in an hour."""
    return _("Too many new accounts from this address. Please try again later.")


def tables_limit_text() -> str:
    """This address made as many new tables as it may in an hour."""
    return _("Too many new tables from this address. Please try again later.")


def tables_owned_text(most: int) -> str:
    """The player hosts as many tables as one player may."""
    return ngettext(
        "You already host {count} table. Leave it before making another.",
        "You already host {count} tables. Leave one before making another.",
        most,
    ).format(count=most)


def server_busy_text() -> str:
    """Too many password checks waiting."""
    return _("The server is busy. Please try again in a moment.")


def bad_limit_text(reason: str) -> str:
    """A ``--limit`` or ``--trusted-proxy`` option the server does not understand."""
    return _("Wrong limit: {reason}").format(reason=reason)


def no_game_text(game: str) -> str:
    """A table asked for a game the server does not have."""
    return _("That table cannot be made: there is no game {game}.").format(game=game)


def one_person_text(game: str, others: Sequence[str], together: str) -> str:
    """A game of one person against fixed computer players (arcade): no second person sits
    down; they are offered a game to play together."""
    return _(
        "{game} is one person against {others}. To play together, create a {together} table."
    ).format(game=game_title(game), others=join_and(others), together=game_title(together))


def player_count_text(game: str, least: int, most: int) -> str:
    """A table asked for with too few or too many seats."""
    return _("That table cannot be made: {game} is played by {least} to {most} players.").format(
        game=game, least=least, most=most
    )


def no_level_text(level: str) -> str:
    """A table asked for a computer level the game does not have."""
    return _("That table cannot be made: there is no computer level {level}.").format(level=level)


def bad_table_text(reason: str) -> str:
    """A table that cannot be set up that way (``reason``: the rules' own sentence)."""
    # Translators: {reason} is an explanation from the game's rules, in English.
    return fill(_("That table cannot be made: {reason}."), reason=reason)


def version_text(client: int, server: int) -> str:
    """A client of another protocol version, in one sentence."""
    return _(
        "This server speaks version {server} of the online protocol and your game speaks "
        "version {client}: please update the older one."
    ).format(server=server, client=client)


def bad_password_text() -> str:
    """A wrong password."""
    return _("That password does not match this name.")


def name_taken_text() -> str:
    """A guest chose an account's name."""
    return _("That name belongs to an account: give its password, or choose another name.")


def bad_name_text() -> str:
    """An empty or unusable name."""
    return _("Please give a name of 1 to 30 letters or digits.")


def mixed_scripts_text() -> str:
    """A name mixing alphabets whose letters look alike (a Latin name with a Cyrillic
    letter in it)."""
    return _("Please write your name in one alphabet: this one mixes letters that look alike.")


def look_alike_text() -> str:
    """A name that could be taken for an account's (the same letters in another alphabet)."""
    return _("That name looks like the name of an account: please choose another name.")


def no_guests_text() -> str:
    """The server admits accounts only."""
    return _("This server admits accounts only: give a password with your name.")


def hello_first_text() -> str:
    """A message before hello."""
    return _("Say hello first.")


def too_fast_text() -> str:
    """Messages over the rate limit."""
    return _("Too many messages: some were dropped.")


def unknown_key_text(name: str) -> str:
    """A key name the keymap does not know."""
    return _("{key} is not a key name.").format(key=name)


def unknown_command_text(name: str) -> str:
    """A command id the server does not know."""
    return _("There is no command {command}.").format(command=name)


def nothing_asked_text() -> str:
    """An answer when no question was asked."""
    return _("Nothing was asked.")


def server_fault_text() -> str:
    """A step of the server failed (a fault of ours)."""
    return _("The server could not do that.")


def binary_frame_text() -> str:
    """A binary websocket frame."""
    return _("Messages are JSON text frames.")


def server_stopping_text(game_kept: bool = True) -> str:
    """The server is stopping (for a restart), and to a player with a game not finished, that
    it is kept."""
    if not game_kept:
        return _("The server is stopping.")
    return _("The server is stopping. Your game is kept.")


def signed_in_text(name: str, account: bool) -> str:
    """Said after connecting."""
    if account:
        return _("Connected as {name}, your account.").format(name=name)
    return _("Connected as {name}, a guest.").format(name=name)


def connecting_text(url: str) -> str:
    """The client starts to connect."""
    return _("Connecting to {address}.").format(address=url)


def connection_lost_text(seconds: float) -> str:
    """The client lost the connection and tries again."""
    if seconds != int(seconds):
        return _("The connection was lost. Trying again in {seconds} seconds.").format(
            seconds=f"{seconds:g}"
        )
    return ngettext(
        "The connection was lost. Trying again in {count} second.",
        "The connection was lost. Trying again in {count} seconds.",
        int(seconds),
    ).format(count=int(seconds))


def reconnected_text() -> str:
    """The client is connected again."""
    return _("Connected again.")


def cannot_connect_text(reason: str) -> str:
    """The client gave up (``reason``: the network's own words, or ``no_answer_text``)."""
    # Translators: {reason} is what the network library said, often in English.
    return fill(_("Could not reach the server: {reason}."), reason=reason)


def no_answer_text() -> str:
    """The reason when the server never answered."""
    return _("no answer")


def left_server_text() -> str:
    """The player left the server."""
    return _("You left the server.")


def rating_text(game: str, mu: float, sigma: float, games: int) -> str:
    """One rating."""
    return ngettext(
        "{game}: rating {rating}, skill {skill}, {count} game.",
        "{game}: rating {rating}, skill {skill}, {count} games.",
        games,
    ).format(game=game_title(game), rating=f"{mu - 3 * sigma:.1f}", skill=f"{mu:.1f}", count=games)


def no_ratings_text() -> str:
    """No rated games yet, or a guest."""
    return _("No ratings yet: ratings are kept for accounts, after a game with another account.")


def leaderboard_title(game: str) -> str:
    """The leaderboard of one game."""
    return _("Leaderboard of {game}").format(game=game_title(game))


def empty_leaderboard_text() -> str:
    """Nobody rated at a game."""
    return _("Nobody is rated at this game yet.")


def rematch_text() -> str:
    """Back in the waiting room after a match."""
    return _("Back at the table. The host can start another game.")


def server_label(address: str) -> str:
    """The Play online menu's server line."""
    return _("Server: {address}").format(address=address)


def name_label(name: str | None) -> str:
    """The Play online menu's name line."""
    if not name:
        return _("Name: -")
    return _("Name: {name}").format(name=name)


def password_label(given: bool) -> str:
    """The Play online menu's password line."""
    return _("Password: set") if given else _("Password: none, a guest")


def listening_text(address: str, secure: bool) -> str:
    """What ``serve`` prints when it listens."""
    if secure:
        return _("Listening on wss://{address}/ws (browser page at https://{address}/).").format(
            address=address
        )
    return _("Listening on ws://{address}/ws (browser page at http://{address}/).").format(
        address=address
    )


def insecure_refused_text(host: str) -> str:
    """``serve`` on a public address without TLS."""
    return _(
        "Refusing to listen on {host} without TLS: give --cert and --key, or --insecure "
        "if you really mean it."
    ).format(host=host)


def server_stopped_text() -> str:
    """What ``serve`` prints when it stops."""
    return _("The server stopped.")


def cert_pair_text() -> str:
    """``serve`` given only one of the certificate and its key."""
    return _("Give both --cert and --key.")


def cert_failed_text(reason: str) -> str:
    """The certificate could not be read."""
    return fill(_("The certificate could not be loaded: {reason}."), reason=reason)


def left_as_last_text() -> str:
    """An account left a match in play (or stayed away until a computer took the seat)."""
    return _("You left a match in play: your result counts as last of the players still in.")


def not_saved_text() -> str:
    """The server cannot write its database (a full or read-only disk): said once to each
    table it cannot save; the game goes on and is saved when the disk can be written."""
    return _("The server cannot save the game just now: play on, but this result may not be kept.")


def table_set_aside_text(code: str) -> str:
    """A table the player sat at could not be loaded after the server restarted."""
    return _(
        "Your table {code} could not be loaded after the server restarted: it was set aside."
    ).format(code=code)


def data_locked_text(folder: str) -> str:
    """The server's data folder is used by another server already (said on its console)."""
    return _(
        "Another server is using the data folder {folder}: stop it, or give this one "
        "another --data."
    ).format(folder=folder)


def data_unwritable_text(folder: str, reason: str) -> str:
    """The server's data folder cannot be written (said on its console)."""
    return _("The data folder {folder} cannot be written: {reason}.").format(
        folder=folder, reason=reason
    )


def data_damaged_text(path: str, reason: str) -> str:
    """The server's database is damaged (said on its console)."""
    return _(
        "The database {path} is damaged ({reason}): restore a copy, or move it aside to "
        "start afresh."
    ).format(path=path, reason=reason)


def data_newer_text(path: str) -> str:
    """The server's database was made by a newer version (said on its console)."""
    return _(
        "The database {path} was made by a newer version of the game: run that version."
    ).format(path=path)


def start_failed_text(reason: str) -> str:
    """The server could not listen."""
    return fill(_("The server could not start: {reason}."), reason=reason)
