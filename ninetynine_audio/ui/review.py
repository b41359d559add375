"""The coach's screen: a finished game reviewed move by move, by ear.

It is given a game's event log lines (a game just finished, a kept one, a daily deal) and reads
nothing else: ``play.review`` replays the log and weighs each of the player's decisions, one
between two frames while the screen says it is weighing. Then it says the summary ("3 costly
moves, 1 brilliant") and goes to the costliest move (the turning points come first); Up and
Down step through the moves in the order played, Right and Left through the costly ones,
costliest first, T tells the table at that moment with every hand shown (the game is over).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ninetynine_audio.games.saved import SavedMatch
from ninetynine_audio.input.commands import REVIEW
from ninetynine_audio.play.review import Decision, Review, Reviewer, ReviewError, Weighed
from ninetynine_audio.play.table import TableCore
from ninetynine_audio.present import review as words
from ninetynine_audio.present.review import Moment
from ninetynine_audio.ui.screen import Display, Screen
from ninetynine_audio.ui.tables.base import controller_class

if TYPE_CHECKING:
    from ninetynine_audio.ui.host import Host as App

STEP_S = 0.05
"""How long the screen weighs between two frames before it lets the frame go on."""

Reviewed = Callable[[Review], None]
"""Told of the review once every decision is weighed (the daily deal keeps its cost)."""


class ReviewScreen(Screen):
    """One game's review; Escape goes back."""

    context = REVIEW

    def __init__(
        self,
        records: Sequence[dict[str, Any]],
        *,
        seats: Sequence[int] | None = None,
        on_reviewed: Reviewed | None = None,
    ) -> None:
        self.title = ""
        self.problem: str | None = None
        self.reviewer: Reviewer | None = None
        try:
            self.reviewer = Reviewer(records, seats=seats)
        except ReviewError as error:
            self.problem = str(error)
        self.review: Review | None = None
        self.on_reviewed = on_reviewed
        self.index = 0  # the decision spoken, in the order played
        self.costly_at = -1  # where in the turning points the player stands
        self._texts: dict[int, str] = {}

    # -- weighing --------------------------------------------------------------------------------

    def enter(self, app: App) -> None:
        """Say the title, then weigh (or say why the game cannot be reviewed)."""
        self.title = words.review_title()
        if self.problem is not None:
            app.say(words.review_failed_text(self.problem), cue="refused")
            return
        if self.review is None:
            app.say(f"{self.title}. {words.reviewing_text()}")
            return
        self._summary(app)

    def resume(self, app: App) -> None:
        """Back from the table's words: say the move again."""
        if self.review is not None:
            self._speak(app)

    def is_busy(self, app: App) -> bool:
        """Weighing: the screen acts by itself."""
        return self.reviewer is not None and self.review is None

    def tick(self, app: App) -> None:
        """Weigh moves for a moment; once all are weighed, tell the summary."""
        reviewer = self.reviewer
        if reviewer is None or self.review is not None:
            return
        until = app.now() + STEP_S
        while reviewer.step() and app.now() < until:
            pass
        if reviewer.done:
            self.reviewed(app, reviewer.review())

    def reviewed(self, app: App, review: Review) -> None:
        """Every decision is weighed: go to the costliest move and say the summary."""
        self.review = review
        turning = review.turning_points()
        if turning:
            self.index = review.decisions.index(turning[0])
            self.costly_at = 0
        if self.on_reviewed is not None:
            self.on_reviewed(review)
        self._summary(app)

    # -- speaking --------------------------------------------------------------------------------

    def _summary(self, app: App) -> None:
        review = self.review
        assert review is not None
        summary = self._summary_text()
        if not review.decisions:
            app.say(summary)
            return
        keys = words.review_keys_text(
            app.key_name(REVIEW, "review_next_move"),
            app.key_name(REVIEW, "review_next_costly"),
            app.key_name(REVIEW, "review_table"),
        )
        app.say(f"{summary} {self._move_text()} {keys}")

    def _summary_text(self) -> str:
        assert self.review is not None
        return summary_text(self.review)

    def _speak(self, app: App, cue: str | None = None) -> None:
        app.say(self._move_text(), cue=cue)

    def _move_text(self) -> str:
        if self.index not in self._texts:
            self._texts[self.index] = self._weighed_text()
        return self._texts[self.index]

    def _weighed_text(self) -> str:
        assert self.review is not None and self.reviewer is not None
        return decision_text(self.review, self.reviewer.states, self.index)

    def _table_text(self, app: App) -> str:
        """Every hand at this move, as each seat's own table would read it, then the turn."""
        review = self.review
        assert review is not None and self.reviewer is not None
        decision = review.decisions[self.index]
        setup = review.setup
        state = self.reviewer.states[decision.number]
        saved = SavedMatch(setup, review.actions[: decision.number], decision.progress)
        core = TableCore(setup, (saved, state, ()))
        table_class = controller_class(core.spec.family)
        lines = []
        for seat, name in enumerate(setup.names):
            cards = table_class(core.port(seat)).own_cards_text(app, seat)
            lines.append(words.table_line(name, cards))
        lines.append(table_class(core.port(decision.seat)).turn_text(app))
        return " ".join(line if line.endswith(".") else f"{line}." for line in lines)

    # -- keys ------------------------------------------------------------------------------------

    def _go(self, app: App, index: int) -> None:
        review = self.review
        assert review is not None
        if not 0 <= index < len(review.decisions):
            app.say(words.edge_text(index > 0), cue="menu_edge")
            return
        self.index = index
        turning = review.turning_points()
        decision = review.decisions[index]
        self.costly_at = turning.index(decision) if decision in turning else self.costly_at
        self._speak(app)

    def _costly(self, app: App, step: int) -> None:
        review = self.review
        assert review is not None
        turning = review.turning_points()
        at = self.costly_at + step
        here = review.decisions[self.index]
        if step < 0 and 0 <= self.costly_at < len(turning) and turning[self.costly_at] != here:
            at = self.costly_at  # moved away from a turning point: Left goes back to it
        if not 0 <= at < len(turning):
            app.say(words.no_more_mistakes_text(step > 0), cue="menu_edge")
            return
        self.costly_at = at
        self.index = review.decisions.index(turning[at])
        self._speak(app)

    def handle(self, app: App, command: str) -> bool:
        """Step, jump, tell the table, or go back."""
        if command == "back":
            app.pop()
            return True
        review = self.review
        if review is None or not review.decisions:
            return False
        moves: dict[str, Callable[[], None]] = {
            "review_next_move": lambda: self._go(app, self.index + 1),
            "review_previous_move": lambda: self._go(app, self.index - 1),
            "review_first_move": lambda: self._go(app, 0),
            "review_last_move": lambda: self._go(app, len(review.decisions) - 1),
            "review_next_costly": lambda: self._costly(app, 1),
            "review_previous_costly": lambda: self._costly(app, -1),
            "review_table": lambda: app.say(self._table_text(app)),
            "review_summary": lambda: app.say(self._summary_text()),
        }
        action = moves.get(command)
        if action is None:
            return False
        action()
        return True

    def display(self, app: App) -> Display:
        """The summary and the move under review."""
        if self.problem is not None:
            return Display(self.title, [words.review_failed_text(self.problem)])
        if self.review is None:
            return Display(self.title, [words.reviewing_text()])
        lines = [self._summary_text()]
        if self.review.decisions:
            lines.append(self._move_text())
        return Display(self.title, lines, 1 if len(lines) > 1 else None)

    @property
    def decision(self) -> Decision | None:
        """The decision under review, once weighed."""
        if self.review is None or not self.review.decisions:
            return None
        return self.review.decisions[self.index]


def decision_text(review: Review, states: Sequence[Any], index: int) -> str:
    """What the review says of its decision ``index``: where it stands, the move played, the
    verdict and why (``states``: the state before each action of the game)."""
    decision = review.decisions[index]
    state = states[decision.number]
    game, names = review.setup.game, review.setup.names

    def said(weighed: Weighed) -> tuple[str, Moment]:
        text = words.move_text(game, names, state, weighed.action)
        return text, Moment(weighed.action, weighed.through, weighed.deals, weighed.worst)

    chosen, best = said(decision.chosen), said(decision.best)
    expert = None
    if decision.expert.code != decision.chosen.code:
        expert = said(decision.expert)[0]
    where = words.position_text(index + 1, len(review.decisions), decision.progress)
    others = [c.through for c in decision.candidates if c.code != decision.chosen.code]
    verdict = words.verdict_text(
        names,
        decision.seat,
        chosen,
        best,
        expert,
        costly=decision.is_costly,
        brilliant=decision.is_brilliant,
        runner_up=max(others, default=0),
    )
    return f"{where}. {verdict}"


def review_lines(review: Review, states: Sequence[Any]) -> list[str]:
    """A review as lines of text: the summary, the turning points costliest first, then the
    brilliant moves (``review`` on the command line)."""
    lines = [summary_text(review)]
    for decision in [*review.turning_points(), *review.brilliant]:
        lines.append(decision_text(review, states, review.decisions.index(decision)))
    return lines


def summary_text(review: Review) -> str:
    """The review's summary ("Classic: 42 moves weighed. 3 costly moves, 1 brilliant.")."""
    if not review.decisions:
        return words.no_decisions_text()
    return words.summary_text(
        review.setup.game, len(review.decisions), len(review.costly), len(review.brilliant)
    )
