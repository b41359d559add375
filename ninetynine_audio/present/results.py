"""Wording of a match's result, the statistics screen and the saved match in the menu."""

from __future__ import annotations

from dataclasses import dataclass

from ninetynine_audio.present.screens import game_title, level_name
from ninetynine_audio.present.words import BRIEF, FULL, NORMAL, count_noun, ordinal


@dataclass(frozen=True)
class Figures:
    """The numbers of one game at one level, as the statistics keep them.

    The screens copy them from ``store.stats.Tally`` (``present`` does not read files).
    """

    played: int
    wins: int
    losses: int
    streak: int
    best_streak: int
    rounds: int

    @property
    def win_rate(self) -> float | None:
        """Wins as a share of matches played; None before the first."""
        return self.wins / self.played if self.played else None


def percent(rate: float | None) -> str:
    """``0.6`` → ``"60%"``; None → ``"no win rate yet"``."""
    return "no win rate yet" if rate is None else f"{round(rate * 100)}%"


def best_streak_words(figures: Figures) -> str:
    """The longest run of wins: ``"3 wins"``, or ``"none yet"`` before a first win."""
    if figures.best_streak <= 0:
        return "none yet"
    return count_noun(figures.best_streak, "win", "wins")


def streak_words(streak: int) -> str:
    """``"1 win"``, ``"3 losses"``, ``"none"``."""
    if streak > 0:
        return count_noun(streak, "win", "wins")
    if streak < 0:
        return count_noun(-streak, "loss", "losses")
    return "none"


PROGRESS_NOUNS = {
    "colours": ("turn", "turns"),
    "tricks": ("deal", "deals"),
}
"""What a game counts its progress in, where it is not rounds: the colour game in turns,
the trick-taking game in deals (``GameSpec.progress``)."""


def progress_words(game: str, count: int) -> str:
    """``"9 rounds"``, ``"29 turns"``, ``"1 deal"``."""
    one, many = PROGRESS_NOUNS.get(game, ("round", "rounds"))
    return count_noun(count, one, many)


def progress_label(game: str, number: int) -> str:
    """``"round 3"``, ``"turn 29"``, ``"deal 1"``."""
    return f"{PROGRESS_NOUNS.get(game, ('round', 'rounds'))[0]} {number}"


def game_and_level(game: str, level: str) -> str:
    """``"Arcade, Hard"``."""
    return f"{game_title(game)}, {level_name(level)}"


def figures_text(game: str, level: str, figures: Figures, verbosity: str = NORMAL) -> str:
    """``"Arcade, Hard: 3 wins, 2 losses, 60%; streak 1 win; best streak 2 wins"``.

    Brief keeps every figure and drops the linking words; full adds matches and rounds.
    """
    head = game_and_level(game, level)
    rate = percent(figures.win_rate)
    if verbosity == BRIEF:
        return (
            f"{head}: {figures.wins} won, {figures.losses} lost, {rate}, "
            f"streak {streak_words(figures.streak)}, best {best_streak_words(figures)}"
        )
    text = (
        f"{head}: {count_noun(figures.wins, 'win', 'wins')}, "
        f"{count_noun(figures.losses, 'loss', 'losses')}, {rate}; "
        f"streak {streak_words(figures.streak)}; best streak {best_streak_words(figures)}"
    )
    if verbosity == FULL and figures.played:
        average = figures.rounds / figures.played
        text += (
            f"; {count_noun(figures.played, 'match', 'matches')} played, "
            f"{average:.1f} {PROGRESS_NOUNS.get(game, ('round', 'rounds'))[1]} a match"
        )
    return text


def place_text(
    place: int, players: int, rounds: int, verbosity: str = NORMAL, game: str = ""
) -> str:
    """``"You finished 2nd of 4 after 9 rounds"`` (turns or deals in the games that count
    those); brief ``"2nd of 4, 9 rounds"``."""
    after = progress_words(game, rounds)
    if verbosity == BRIEF:
        return f"{ordinal(place)} of {players}, {after}"
    return f"You finished {ordinal(place)} of {players} after {after}"


def result_summary(
    place: int,
    players: int,
    rounds: int,
    game: str,
    level: str,
    figures: Figures | None,
    verbosity: str = NORMAL,
) -> str:
    """The short result spoken when a match ends, with the figures of its game and level."""
    text = place_text(place, players, rounds, verbosity, game)
    if figures is not None:
        text += ". " + figures_text(game, level, figures, verbosity)
    return text


def result_lines(
    place: int | None,
    players: int,
    rounds: int,
    places: tuple[str, ...],
    game: str,
    level: str,
    figures: Figures | None,
) -> list[str]:
    """The result a line at a time, for Up and Down on the results screen."""
    lines: list[str] = []
    if place is not None:
        lines.append(f"You finished {ordinal(place)} of {players}")
    lines.append(f"{progress_words(game, rounds)} played")
    lines.append("Places: " + ", ".join(f"{ordinal(i + 1)} {n}" for i, n in enumerate(places)))
    if figures is not None:
        lines += [
            f"{game_and_level(game, level)}: {count_noun(figures.played, 'match', 'matches')}",
            f"Wins: {figures.wins}",
            f"Losses: {figures.losses}",
            f"Win rate: {percent(figures.win_rate)}",
            f"Current streak: {streak_words(figures.streak)}",
            f"Best streak: {count_noun(figures.best_streak, 'win', 'wins')}",
        ]
    return lines


RESULTS = "Result"
PLAY_AGAIN = "Play again with the same players"
STATISTICS = "Statistics"
RESET_STATISTICS = "Reset statistics"
RESET_QUESTION = "Every result counted so far will be lost. Reset the statistics?"
NEW_GAME_QUESTION = "A saved match will be lost. Start a new game?"
DAMAGED_SAVE_QUESTION = "The saved match could not be read. Start a new game?"
LEAVE_MATCH_QUESTION = "This match will be lost. Start a new game?"


def results_hint(verbosity: str = NORMAL) -> str:
    """How to use the results screen."""
    if verbosity == BRIEF:
        return "Up and Down for details"
    return "Up and Down read the details; Enter or Escape goes back to the menu"


def no_statistics_text() -> str:
    """The statistics screen before any match was finished."""
    return "No finished matches yet"


def statistics_reset_text() -> str:
    """Said after the statistics were cleared."""
    return "Statistics reset"


def continue_label(game: str, level: str, round_number: int) -> str:
    """The main menu's item for the saved match: ``"Continue: Arcade, Hard, round 3"``
    (``"deal 2"`` in the trick-taking game, ``"turn 12"`` in the colour game)."""
    return f"Continue: {game_and_level(game, level)}, {progress_label(game, round_number)}"


def continued_text(game: str, level: str, round_number: int, verbosity: str = NORMAL) -> str:
    """Said when a saved match is continued."""
    at = progress_label(game, round_number)
    if verbosity == BRIEF:
        return f"{game_and_level(game, level)}, {at}"
    return f"Continuing {game_and_level(game, level)}, {at}"
