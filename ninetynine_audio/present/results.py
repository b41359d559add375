"""Wording of a match's result, the statistics screen and the saved match in the menu."""

from __future__ import annotations

from dataclasses import dataclass

from ninetynine_audio.families import Progress, family_of_game
from ninetynine_audio.i18n import N_, _, ngettext, pgettext
from ninetynine_audio.present.screens import game_title, level_name
from ninetynine_audio.present.words import BRIEF, FULL, NORMAL, ordinal


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
    if rate is None:
        return _("no win rate yet")
    # Translators: a win rate, "60%".
    return _("{percent}%").format(percent=round(rate * 100))


def wins_words(count: int) -> str:
    """``"1 win"``, ``"3 wins"``."""
    return ngettext("{count} win", "{count} wins", count).format(count=count)


def losses_words(count: int) -> str:
    """``"1 loss"``, ``"3 losses"``."""
    return ngettext("{count} loss", "{count} losses", count).format(count=count)


def matches_words(count: int) -> str:
    """``"1 match"``, ``"3 matches"``."""
    return ngettext("{count} match", "{count} matches", count).format(count=count)


def best_streak_words(figures: Figures) -> str:
    """The longest run of wins: ``"3 wins"``, or ``"none yet"`` before a first win."""
    if figures.best_streak <= 0:
        return pgettext("best streak", "none yet")
    return wins_words(figures.best_streak)


def streak_words(streak: int) -> str:
    """``"1 win"``, ``"3 losses"``, ``"none"``."""
    if streak > 0:
        return wins_words(streak)
    if streak < 0:
        return losses_words(-streak)
    return pgettext("streak", "none")


def _progress(game: str) -> Progress | None:
    # What the game's family counts in (its manifest's [progress]); None: rounds.
    entry = family_of_game(game)
    return entry.progress if entry is not None else None


def progress_words(game: str, count: int) -> str:
    """``"9 rounds"``, ``"29 turns"``, ``"1 deal"``."""
    progress = _progress(game)
    if progress is not None:
        singular, plural = progress.count
        return ngettext(singular, plural, count).format(count=count)
    return ngettext("{count} round", "{count} rounds", count).format(count=count)


def progress_label(game: str, number: int) -> str:
    """``"round 3"``, ``"turn 29"``, ``"deal 1"``."""
    progress = _progress(game)
    if progress is not None:
        return _(progress.label).format(number=number)
    return _("round {number}").format(number=number)


def progress_average(game: str, average: float) -> str:
    """``"8.5 rounds a match"``: how long a match lasts on average."""
    shown = f"{average:.1f}"
    progress = _progress(game)
    if progress is not None:
        return _(progress.average).format(average=shown)
    return _("{average} rounds a match").format(average=shown)


def game_and_level(game: str, level: str) -> str:
    """``"Arcade, Hard"``."""
    # Translators: a game and its computer level, "Arcade, Hard".
    return _("{game}, {level}").format(game=game_title(game), level=level_name(level))


def figures_text(game: str, level: str, figures: Figures, verbosity: str = NORMAL) -> str:
    """``"Arcade, Hard: 3 wins, 2 losses, 60%; streak 1 win; best streak 2 wins"``.

    Brief keeps every figure and drops the linking words; full adds matches and rounds.
    """
    head = game_and_level(game, level)
    rate = percent(figures.win_rate)
    if verbosity == BRIEF:
        # Translators: brief statistics; {streak} and {best} are "1 win", "3 losses", "none".
        return _("{head}: {wins} won, {losses} lost, {rate}, streak {streak}, best {best}").format(
            head=head,
            wins=figures.wins,
            losses=figures.losses,
            rate=rate,
            streak=streak_words(figures.streak),
            best=best_streak_words(figures),
        )
    # Translators: {wins} is "3 wins", {losses} "2 losses", {rate} "60%", {streak} and {best}
    # "1 win", "3 losses", "none".
    text = _("{head}: {wins}, {losses}, {rate}; streak {streak}; best streak {best}").format(
        head=head,
        wins=wins_words(figures.wins),
        losses=losses_words(figures.losses),
        rate=rate,
        streak=streak_words(figures.streak),
        best=best_streak_words(figures),
    )
    if verbosity == FULL and figures.played:
        average = figures.rounds / figures.played
        # Translators: added to the statistics: {matches} is "3 matches", {average}
        # "8.5 rounds a match".
        text += _("; {matches} played, {average}").format(
            matches=matches_words(figures.played), average=progress_average(game, average)
        )
    return text


def place_text(
    place: int, players: int, rounds: int, verbosity: str = NORMAL, game: str = ""
) -> str:
    """``"You finished 2nd of 4 after 9 rounds"`` (turns or deals in the games that count
    those); brief ``"2nd of 4, 9 rounds"``."""
    after = progress_words(game, rounds)
    if verbosity == BRIEF:
        # Translators: {place} is "2nd", {rounds} "9 rounds" (or turns, deals).
        return _("{place} of {players}, {rounds}").format(
            place=ordinal(place), players=players, rounds=after
        )
    return _("You finished {place} of {players} after {rounds}").format(
        place=ordinal(place), players=players, rounds=after
    )


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
        text = _("{result}. {statistics}").format(
            result=text, statistics=figures_text(game, level, figures, verbosity)
        )
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
        lines.append(
            _("You finished {place} of {players}").format(place=ordinal(place), players=players)
        )
    lines.append(_("{rounds} played").format(rounds=progress_words(game, rounds)))
    # Translators: one finishing place and who took it, "1st Lily".
    each = [
        _("{place} {player}").format(place=ordinal(i + 1), player=n) for i, n in enumerate(places)
    ]
    lines.append(_("Places: {places}").format(places=pgettext("list separator", ", ").join(each)))
    if figures is not None:
        lines += [
            _("{head}: {matches}").format(
                head=game_and_level(game, level), matches=matches_words(figures.played)
            ),
            _("Wins: {count}").format(count=figures.wins),
            _("Losses: {count}").format(count=figures.losses),
            _("Win rate: {rate}").format(rate=percent(figures.win_rate)),
            _("Current streak: {streak}").format(streak=streak_words(figures.streak)),
            _("Best streak: {streak}").format(streak=wins_words(figures.best_streak)),
        ]
    return lines


RESULTS = N_("Result")
PLAY_AGAIN = N_("Play again with the same players")
STATISTICS = N_("Statistics")
RESET_STATISTICS = N_("Reset statistics")
RESET_QUESTION = N_("Every result counted so far will be lost. Reset the statistics?")
NEW_GAME_QUESTION = N_("A saved match will be lost. Start a new game?")
DAMAGED_SAVE_QUESTION = N_("The saved match could not be read. Start a new game?")
LEAVE_MATCH_QUESTION = N_("This match will be lost. Start a new game?")


def results_hint(verbosity: str = NORMAL) -> str:
    """How to use the results screen."""
    if verbosity == BRIEF:
        return _("Up and Down for details")
    return _("Up and Down read the details; Enter or Escape goes back to the menu")


def no_statistics_text() -> str:
    """The statistics screen before any match was finished."""
    return _("No finished matches yet")


def statistics_reset_text() -> str:
    """Said after the statistics were cleared."""
    return _("Statistics reset")


def continue_label(game: str, level: str, round_number: int) -> str:
    """The main menu's item for the saved match: ``"Continue: Arcade, Hard, round 3"``
    (``"deal 2"`` in the trick-taking game, ``"turn 12"`` in the colour game)."""
    # Translators: {game} is "Arcade, Hard", {at} "round 3" (or turn, deal).
    return _("Continue: {game}, {at}").format(
        game=game_and_level(game, level), at=progress_label(game, round_number)
    )


def continued_text(game: str, level: str, round_number: int, verbosity: str = NORMAL) -> str:
    """Said when a saved match is continued."""
    at = progress_label(game, round_number)
    if verbosity == BRIEF:
        return _("{game}, {at}").format(game=game_and_level(game, level), at=at)
    return _("Continuing {game}, {at}").format(game=game_and_level(game, level), at=at)
