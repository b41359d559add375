"""Wording of online play: the lobby, tables with other people, connections and ratings."""

from __future__ import annotations

from collections.abc import Sequence

from ninetynine_audio.present.screens import PLAY_ONLINE, game_title, level_name, skipping_text
from ninetynine_audio.present.words import join_and

__all__ = ["PLAY_ONLINE", "skipping_text"]
LOBBY = "Lobby"
CREATE_TABLE = "Create a table"
JOIN_WITH_CODE = "Join with a code"
LEADERBOARD = "Leaderboard"
YOUR_RATINGS = "Your ratings"
LEAVE_SERVER = "Leave the server"
LEAVE_SERVER_QUESTION = "Leave the server?"
SEATS_MENU = "Seats of the new table"
CREATE_NOW = "Create the table"
START_TABLE = "Start the game"
REMOVE_PLAYER = "Remove a player"
WHICH_PLAYER = "Remove which player"
LEAVE_TABLE = "Leave the table"
LEAVE_TABLE_QUESTION = "Leave the table? A computer player takes your seat."
SAY_TO_TABLE = "Say a line to the table"
BACK_TO_TABLE = "Back to the table"
ONLINE_PAUSED = "Paused, the table plays on"
CONNECT = "Connect"
SERVER_LABEL = "Server"
NAME_LABEL = "Name"
PASSWORD_LABEL = "Password"
CHAT_PROMPT = "Say to the table, then Enter."
CODE_PROMPT = "Type the table code, then Enter."
SERVER_PROMPT = "Type the server address, then Enter."
NAME_PROMPT = "Type your name, then Enter."
PASSWORD_PROMPT = "Type your password, then Enter. Leave it empty to play as a guest."


def digits_text(code: str) -> str:
    """A code said digit by digit, in groups of three: ``"4 7 2, 9 1 3"``."""
    groups = [code[i : i + 3] for i in range(0, len(code), 3)]
    return ", ".join(" ".join(group) for group in groups)


def table_code_text(code: str) -> str:
    """``"Table code 4 7 2, 9 1 3."``"""
    return f"Table code {digits_text(code)}."


def seat_kind_text(kind: str) -> str:
    """What a seat is open for: a person, or a computer level."""
    return "a person" if kind == "human" else f"{level_name(kind)} computer"


def seat_item_text(number: int, kind: str, who: str | None, host: bool) -> str:
    """One seat of a table: ``"Seat 2: Ann"``, ``"Seat 3: open for a person"``."""
    if kind != "human":
        return f"Seat {number}: {seat_kind_text(kind)}"
    if who is None:
        return f"Seat {number}: open for a person"
    return f"Seat {number}: {who}, host" if host else f"Seat {number}: {who}"


def seat_choice_text(number: int, kind: str) -> str:
    """A seat while a table is being set up: ``"Seat 2, a person"``."""
    return f"Seat {number}: {seat_kind_text(kind)}"


def listed_text(listed: bool) -> str:
    """Whether the table is listed in the lobby or private (join by code only)."""
    return "Listed in the lobby" if listed else "Private, join by code only"


def stand_in_text(level: str) -> str:
    """The level of the computer player who takes a leaver's seat."""
    return f"Stand-in for a player who leaves: {level_name(level)} computer"


def timer_text(seconds: int | None) -> str:
    """The turn timer setting."""
    return "Turn timer: off" if not seconds else f"Turn timer: {seconds} seconds"


def pause_text(milliseconds: int) -> str:
    """The pause before a computer player moves."""
    return f"Pause before a computer move: {milliseconds / 1000:g} seconds"


def table_item_text(
    game: str, state: str, taken: int, seats: int, who: Sequence[str], private: bool = False
) -> str:
    """A table in the lobby list."""
    people = join_and(list(who)) if who else "nobody yet"
    if state == "playing":
        return f"Watch {game_title(game)}: {people} playing"
    return f"Join {game_title(game)}: {taken} of {seats} seats taken, {people}"


def waiting_title(game: str, code: str) -> str:
    """The waiting room's title."""
    return f"{game_title(game)} table {digits_text(code)}"


def created_text(game: str, code: str) -> str:
    """Said to the host when the table is made."""
    return f"You created a {game_title(game)} table. {table_code_text(code)}"


def joined_text(name: str) -> str:
    """Someone sat down at the table."""
    return f"{name} joined the table."


def you_joined_text(game: str, code: str) -> str:
    """Said to a player who sat down."""
    return f"You joined the {game_title(game)} table. {table_code_text(code)}"


def left_text(name: str) -> str:
    """Someone left a table that has not started."""
    return f"{name} left the table."


def removed_text() -> str:
    """Said to a player the host removed."""
    return "The host removed you from the table."


def lost_connection_text(name: str) -> str:
    """A player's connection dropped; their seat is kept."""
    return f"{name} lost the connection. Their seat is kept for two minutes."


def back_text(name: str) -> str:
    """A player came back to their seat."""
    return f"{name} is back."


def replaced_text(name: str, level: str) -> str:
    """A computer player took a player's seat."""
    return f"A {level_name(level)} computer player plays for {name} until they come back."


def welcome_back_text(missed: int) -> str:
    """Said to a player who reconnected to their seat."""
    if not missed:
        return "You are back at your seat."
    return "You are back at your seat. What you missed:"


def took_back_text() -> str:
    """Said to a player who took their seat back from a computer player."""
    return "You took your seat back."


def spectator_text() -> str:
    """A spectator pressed a key for cards of their own."""
    return "You are watching this table, so you have no cards and cannot play."


def watching_text(game: str) -> str:
    """Said when a player starts watching."""
    return f"You are watching a {game_title(game)} table. You hear only what everyone hears."


def not_your_move_text() -> str:
    """The server did not take an action (not this seat's, or a computer plays for it)."""
    return "That is not yours to play now."


def timer_played_text(name: str) -> str:
    """The turn timer ran out."""
    return f"Time is up: the computer plays for {name}."


def chat_text(name: str, line: str) -> str:
    """A chat line, said to the others."""
    return f"{name} says: {line}"


def game_started_text() -> str:
    """The host started the game."""
    return "The game starts."


def host_only_text() -> str:
    """Only the host may start or remove."""
    return "Only the host can do that."


def not_filled_text(open_seats: int) -> str:
    """The host tried to start with open seats."""
    seats = "seat is" if open_seats == 1 else "seats are"
    return f"Not yet: {open_seats} {seats} still open."


def waiting_for_host_text() -> str:
    """A player waits for the host to start."""
    return "Waiting for the host to start the game."


def no_table_text() -> str:
    """A code that opens no table."""
    return "No table with a free seat has that code."


def join_limit_text() -> str:
    """Too many codes tried."""
    return "Too many codes tried. Please wait a minute."


def bad_table_text(reason: str) -> str:
    """A table that cannot be set up that way."""
    return f"That table cannot be made: {reason}."


def version_text(client: int, server: int) -> str:
    """A client of another protocol version, in one sentence."""
    return (
        f"This server speaks version {server} of the online protocol and your game speaks "
        f"version {client}: please update the older one."
    )


def bad_password_text() -> str:
    """A wrong password."""
    return "That password does not match this name."


def name_taken_text() -> str:
    """A guest chose an account's name."""
    return "That name belongs to an account: give its password, or choose another name."


def bad_name_text() -> str:
    """An empty or unusable name."""
    return "Please give a name of 1 to 30 letters or digits."


def no_guests_text() -> str:
    """The server admits accounts only."""
    return "This server admits accounts only: give a password with your name."


def hello_first_text() -> str:
    """A message before hello."""
    return "Say hello first."


def too_fast_text() -> str:
    """Messages over the rate limit."""
    return "Too many messages: some were dropped."


def unknown_key_text(name: str) -> str:
    """A key name the keymap does not know."""
    return f"{name} is not a key name."


def server_stopping_text() -> str:
    """The server is stopping (for a restart)."""
    return "The server is stopping. Your game is kept."


def signed_in_text(name: str, account: bool) -> str:
    """Said after connecting."""
    kind = "your account" if account else "a guest"
    return f"Connected as {name}, {kind}."


def connecting_text(url: str) -> str:
    """The client starts to connect."""
    return f"Connecting to {url}."


def connection_lost_text(seconds: float) -> str:
    """The client lost the connection and tries again."""
    unit = "second" if seconds == 1 else "seconds"
    return f"The connection was lost. Trying again in {seconds:g} {unit}."


def reconnected_text() -> str:
    """The client is connected again."""
    return "Connected again."


def cannot_connect_text(reason: str) -> str:
    """The client gave up."""
    return f"Could not reach the server: {reason}."


def left_server_text() -> str:
    """The player left the server."""
    return "You left the server."


def rating_text(game: str, mu: float, sigma: float, games: int) -> str:
    """One rating."""
    played = "1 game" if games == 1 else f"{games} games"
    return f"{game_title(game)}: rating {mu - 3 * sigma:.1f}, skill {mu:.1f}, {played}."


def no_ratings_text() -> str:
    """No rated games yet, or a guest."""
    return "No ratings yet: ratings are kept for accounts, after a game with another account."


def leaderboard_line(place: int, name: str, mu: float, sigma: float, games: int) -> str:
    """One line of a leaderboard."""
    return f"{place}. {name}, {mu - 3 * sigma:.1f}, {games} games."


def leaderboard_title(game: str) -> str:
    """The leaderboard of one game."""
    return f"Leaderboard of {game_title(game)}"


def empty_leaderboard_text() -> str:
    """Nobody rated at a game."""
    return "Nobody is rated at this game yet."


def rematch_text() -> str:
    """Back in the waiting room after a match."""
    return "Back at the table. The host can start another game."


def listening_text(address: str, secure: bool) -> str:
    """What ``serve`` prints when it listens."""
    scheme = "wss" if secure else "ws"
    page = "https" if secure else "http"
    return f"Listening on {scheme}://{address}/ws (browser page at {page}://{address}/)."


def insecure_refused_text(host: str) -> str:
    """``serve`` on a public address without TLS."""
    return (
        f"Refusing to listen on {host} without TLS: give --cert and --key, or --insecure "
        "if you really mean it."
    )
