"""No seat hears another's secrets: a conformance check over every registered game.

For many seeded random games (the conformance test's playthroughs) and many points of each,
every seat's hidden cards are dealt again by the game's own ``resample``; the seat cannot tell
the two tables apart, so everything it is told must be the same on both:

- the family controller's answer to every key of its table (each query: the turn, the total
  or status, the hand, the scores…; the hint; practice words; what a play key proposes), said
  in the same words with the same cues, and the window's lines;
- what key help leaves out and how many card-number keys it names;
- the narration of every step of play within a round whose outcome the seat sees alike on
  both tables, at every verbosity (a step that ends a round may lay cards open by the rules),
  and the account of it the seat is given after a hot-seat hand-over (``catch_up``); what the
  seat's speech history and repeat key give back is only this narration and those answers;
- at a hot-seat hand-over (no seat at the keys) all of the above with respect to every seat,
  since any of them may be the person sitting down.

A game gets the check by registering: it needs only its spec, its controller and narrator.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from helpers.playthrough import SEEDS, Playthrough, playthrough, resampler
from helpers.table import NUMBER_KEYS, RecordingHost, family_commands

from ninetynine_audio.games.errors import IllegalAction
from ninetynine_audio.games.registry import all_games
from ninetynine_audio.games.saved import SavedMatch
from ninetynine_audio.play.table import TableCore
from ninetynine_audio.present.seats import Perspective
from ninetynine_audio.store.settings import Settings
from ninetynine_audio.ui.tables.base import TableController, controller_class

GAMES = [spec.id for spec in all_games()]
STATE_STEP = 7
"""Every seventh position of each playthrough is tried."""
HINT_STEP = 4
"""The hint (the strongest computer player's choice) is asked at every fourth of those."""
VERBOSITIES = ("brief", "normal", "full")


def core_on(run: Playthrough, index: int, state: Any) -> TableCore:
    """A table core standing at ``state``, ``index`` actions into ``run``."""
    saved = SavedMatch(run.setup, run.actions[:index], run.spec.progress(state))
    return TableCore(run.setup, (saved, state, ()))


def perspective(run: Playthrough, core: TableCore, listener: int | None, v: str) -> Perspective:
    """The listener's perspective, as the match screen makes it."""
    return Perspective(run.setup.game, run.setup.names, core.pans, core.humans, listener, v)


def told(controller: TableController, *, hint: bool, practice: bool) -> list[Any]:
    """Everything the controller tells, key by key, in one fixed order."""
    out: list[Any] = []
    proposed: list[Any] = []

    def propose(action: Any, after: Any = "") -> bool:
        # Words made once the play is made are told with its narration, checked below.
        proposed.append((action, "<after the play>" if callable(after) else after))
        return True

    controller.port._proposer = propose
    for verbosity in ("brief", "full"):
        host = RecordingHost(Settings(verbosity=verbosity, practice=practice))
        seat = controller.port.seat
        out.append(("turn", controller.turn_text(host)))
        if seat is not None and seat in controller.port.seats_to_act():
            out.append(("yours", controller.your_turn_text(host, seat)))
        if seat is not None:
            out.append(("own", controller.own_cards_text(host, seat)))
        out.append(("owed", controller.owed_action_prompt(host)))
        out.append(("hidden", sorted(controller.hidden_commands(host))))
        out.append(("numbers", controller.number_keys(host)))
        display = controller.display(host)
        out.append(("display", display.title, tuple(display.lines), display.highlight))
        for command in [*family_commands(controller.port.family), *NUMBER_KEYS[:3]]:
            if command == "hint" and not (hint and verbosity == "full"):
                continue  # the strongest computer player thinks: asked less often
            controller.before_command(command)
            start = len(host.said)
            handled = controller.handle(host, command)
            out.append((command, handled, host.said[start:], list(proposed)))
            proposed.clear()
            display = controller.display(host)
            out.append(("display", tuple(display.lines), display.highlight))
    return out


def controller_for(run: Playthrough, core: TableCore, seat: int | None) -> TableController:
    return controller_class(run.spec.family)(core.port(seat))


def both_told(
    run: Playthrough,
    index: int,
    tables: tuple[Any, Any],
    seat: int | None,
    hint: bool,
    practice: bool,
) -> tuple[list[Any], list[Any]]:
    """What the controller of ``seat`` tells on the real table and on the re-dealt one."""
    real, other = (
        told(controller_for(run, core_on(run, index, table), seat), hint=hint, practice=practice)
        for table in tables
    )
    return real, other


def first_difference(a: list[Any], b: list[Any]) -> str:
    for left, right in zip(a, b, strict=False):
        if left != right:
            return f"{left!r}\n  became\n{right!r}"
    return f"{len(a)} answers became {len(b)}"


def narration_differs(
    run: Playthrough, seat: int, before: tuple[Any, Any], events: tuple[Any, Any]
) -> str | None:
    """Where the seat's narration of one step differs between the two tables, if it does."""
    cores = [core_on(run, 0, state) for state in before]
    for v in VERBOSITIES:
        heard = []
        for core, caused in zip(cores, events, strict=True):
            controller = controller_for(run, core, seat)
            view = perspective(run, core, seat, v)
            lines = controller.narrate(caused, view)
            heard.append([(u.text, u.cue, u.pan, u.priority) for u in lines])
            # Told again, as the news of a hand-over, once the seat's player sits down.
            heard[-1].extend(("news", u.text) for u in controller.catch_up(caused, 0, view))
        if heard[0] != heard[1]:
            return f"at {v}: {heard[0]!r} became {heard[1]!r}"
    return None


@pytest.mark.parametrize("game", GAMES)
def test_no_seat_is_told_what_it_cannot_see(game: str) -> None:
    resample = resampler(all_games()[GAMES.index(game)])
    cases = {"answers": 0, "gate": 0, "narration": 0}
    for seed in SEEDS[::3]:
        run = playthrough(game, seed)
        spec = run.spec
        rng = random.Random(f"secrecy {seed}")
        for index in range(0, len(run.actions), STATE_STEP):
            state = run.states[index]
            hint = (index // STATE_STEP) % HINT_STEP == 0
            practice = bool(index % 2)
            for seat in run.seats:
                imagined = resample(state, seat, rng)
                real, other = both_told(run, index, (state, imagined), seat, hint, practice)
                assert real == other, (
                    f"seed {seed}, action {index}: seat {seat} is told what it cannot see:\n"
                    + first_difference(real, other)
                )
                cases["answers"] += 1
                # A hand-over: whoever sits down next may be this seat.
                real, other = both_told(run, index, (state, imagined), None, False, practice)
                assert real == other, (
                    f"seed {seed}, action {index}: at a hand-over the table tells what "
                    f"seat {seat} cannot see:\n" + first_difference(real, other)
                )
                cases["gate"] += 1
                # The next step of play, on both tables, where it can be taken on both.
                actor = spec.seats_to_act(state)
                choices = []
                for s in actor:
                    there = set(spec.legal_actions(imagined, s))
                    choices += [a for a in spec.legal_actions(state, s) if a in there]
                if not choices:
                    continue
                action = rng.choice(choices)
                try:
                    after, caused = spec.apply(state, action)
                    after_imagined, caused_imagined = spec.apply(imagined, action)
                except IllegalAction:
                    continue
                if spec.view(after, seat) != spec.view(after_imagined, seat):
                    continue  # the step showed this seat something new: a card drawn, a deal
                if spec.progress(after) != spec.progress(state):
                    # The end of a round may lay cards open by the rules (a stuck player's
                    # hand); within a round nothing of another seat's is shown.
                    continue
                problem = narration_differs(
                    run, seat, (after, after_imagined), (caused, caused_imagined)
                )
                assert problem is None, (
                    f"seed {seed}, action {index}: seat {seat} hears {action!r} differently "
                    f"on a table it cannot tell apart: {problem}"
                )
                cases["narration"] += 1
    print(f"{game}: {cases}")
    assert cases["answers"] >= 20 and cases["narration"] >= 20, cases
