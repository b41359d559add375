"""Game events as short utterances, each with its sound cue and the seat's stereo position.

Game events wait their turn (``Priority.QUEUE``). A computer player's card and the other
narration of its move are ``mergeable``, so when a bot plays faster than speech the oldest of
them may be dropped; results (lives, players out, the end of a round or game) never are.
"""

from __future__ import annotations

from collections.abc import Sequence

from ninetynine_audio.audio.utterance import Utterance, danger_cue_name
from ninetynine_audio.cards import Rank
from ninetynine_audio.games.adding import (
    CardDrawn,
    CardPlayed,
    Direction,
    DirectionChanged,
    DrawMissed,
    Event,
    GameEnded,
    GameStarted,
    LivesChanged,
    PlayerOut,
    PlayerSkipped,
    PlayerStuck,
    RoundEnded,
    RoundStarted,
    StockRebuilt,
)
from ninetynine_audio.i18n import _, ngettext, pgettext
from ninetynine_audio.present.adding.effects import card_with_way
from ninetynine_audio.present.screens import game_title
from ninetynine_audio.present.seats import Perspective
from ninetynine_audio.present.words import (
    BRIEF,
    CUE_SEPARATOR,
    FULL,
    card_name,
    card_with_article,
    is_you,
    join_and,
    ordinal,
    seat_name,
    separated,
)

CUE_CARD = "card_played"


def danger_cue(total: int) -> str | None:
    """The danger cue for a total of 90 to 99, else None."""
    return danger_cue_name(total)


def join_cues(*names: str | None) -> str | None:
    """Several cue names as one ``Utterance.cue`` (None when there are none)."""
    present = [name for name in names if name]
    return CUE_SEPARATOR.join(present) if present else None


def direction_words(direction: Direction) -> str:
    """``"clockwise"`` or ``"anticlockwise"``, in the middle of a sentence."""
    if direction is Direction.CLOCKWISE:
        return pgettext("direction of play", "clockwise")
    return pgettext("direction of play", "anticlockwise")


def direction_sentence(direction: Direction) -> str:
    """``"Clockwise"`` or ``"Anticlockwise"``, at the start of a sentence."""
    if direction is Direction.CLOCKWISE:
        return pgettext("direction of play, starting a sentence", "Clockwise")
    return pgettext("direction of play, starting a sentence", "Anticlockwise")


def sentences(parts: Sequence[str]) -> str:
    """Whole sentences said one after another, ``"Round 2. Lily starts"``."""
    return ". ".join(part for part in parts if part)


def seats_words(names: Sequence[str]) -> str:
    """``"Lily, Max and you"``: seats in a list in the middle of a sentence (the first may
    start it, so it is said as a name alone)."""
    said = [
        pgettext("seat name in a list", "you") if index and is_you(name) else seat_name(name)
        for index, name in enumerate(names)
    ]
    return join_and(said)


def card_played_text(event: CardPlayed, verbosity: str, game: str = "") -> str:
    """``"Lily plays Queen, total 97"``; brief ``"Lily: Queen, 97"``; tactical's 2, which
    doubles the total, says so: ``"Max plays 2, doubling the total to 66"``."""
    if verbosity == FULL:
        card = card_with_way(card_with_article(event.card, verbosity), event.choice)
    else:
        card = card_with_way(card_name(event.card, verbosity), event.choice)
    if verbosity == BRIEF:
        # Translators: brief narration of a play: the player, the card and the new total.
        return pgettext("card played, brief", "{player}: {card}, {total}").format(
            player=seat_name(event.player), card=card, total=event.total
        )
    if game == "tactical" and event.card.rank is Rank.TWO:
        if is_you(event.player):
            text = _("You play {card}, doubling the total to {total}")
        else:
            text = _("{player} plays {card}, doubling the total to {total}")
        return text.format(player=event.player, card=card, total=event.total)
    if is_you(event.player):
        return _("You play {card}, total {total}").format(card=card, total=event.total)
    return _("{player} plays {card}, total {total}").format(
        player=event.player, card=card, total=event.total
    )


def _left_words(group: Sequence[LivesChanged]) -> str:
    """``"Lily 9, Max 8, Zoe out"``: what each player of a group has left."""
    entries = [
        # Translators: a player and the lives or points they have left, in a list.
        pgettext("lives left in a list", "{player} {count}").format(
            player=seat_name(e.player), count=e.lives
        )
        if e.lives > 0
        # Translators: a player who has no lives or points left, in a list.
        else pgettext("lives left in a list", "{player} out").format(player=seat_name(e.player))
        for e in group
    ]
    return separated(entries)


def _remaining_words(event: LivesChanged, game: str, verbosity: str) -> str:
    """``"5 left"``, ``"no lives left"``, brief ``"none left"``."""
    if event.lives > 0:
        # Translators: the lives or points a player has left, after they lost some.
        return ngettext("{count} left", "{count} left", event.lives).format(count=event.lives)
    if verbosity == BRIEF:
        return _("none left")
    if game == "tactical":
        return _("no points left")
    return _("no lives left")


def _lost_words(event: LivesChanged, game: str, verbosity: str) -> str:
    """``"You lose a life"``, ``"Lily loses 1 point for passing 33"``: one player's loss,
    one whole clause for each reason."""
    you = is_you(event.player)
    loss = -event.change
    reason, mark = _reason(event.reason)
    brief = verbosity == BRIEF
    if reason == "passed":
        if brief:
            message = (
                _("You lose {count} for passing {mark}")
                if you
                else _("{player} loses {count} for passing {mark}")
            )
        elif you:
            message = ngettext(
                "You lose {count} point for passing {mark}",
                "You lose {count} points for passing {mark}",
                loss,
            )
        else:
            message = ngettext(
                "{player} loses {count} point for passing {mark}",
                "{player} loses {count} points for passing {mark}",
                loss,
            )
    elif reason == "landed":
        # Translators: another player's play took the total to exactly {mark} (33, 66 or 99).
        if brief:
            message = (
                _("You lose {count} as the total lands on {mark}")
                if you
                else _("{player} loses {count} as the total lands on {mark}")
            )
        elif you:
            message = ngettext(
                "You lose {count} point as the total lands on {mark}",
                "You lose {count} points as the total lands on {mark}",
                loss,
            )
        else:
            message = ngettext(
                "{player} loses {count} point as the total lands on {mark}",
                "{player} loses {count} points as the total lands on {mark}",
                loss,
            )
    elif reason == "bust":
        if brief:
            message = (
                _("You lose {count} for going over 99")
                if you
                else _("{player} loses {count} for going over 99")
            )
        elif you:
            message = ngettext(
                "You lose {count} point for going over 99",
                "You lose {count} points for going over 99",
                loss,
            )
        else:
            message = ngettext(
                "{player} loses {count} point for going over 99",
                "{player} loses {count} points for going over 99",
                loss,
            )
    elif reason == "doubled":
        if brief:
            message = (
                _("You lose {count} for doubling over 99")
                if you
                else _("{player} loses {count} for doubling over 99")
            )
        elif you:
            message = ngettext(
                "You lose {count} point for doubling over 99",
                "You lose {count} points for doubling over 99",
                loss,
            )
        else:
            message = ngettext(
                "{player} loses {count} point for doubling over 99",
                "{player} loses {count} points for doubling over 99",
                loss,
            )
    elif brief:
        message = _("You lose {count}") if you else _("{player} loses {count}")
    elif game == "tactical":
        if you:
            message = ngettext("You lose {count} point", "You lose {count} points", loss)
        else:
            message = ngettext(
                "{player} loses {count} point", "{player} loses {count} points", loss
            )
    elif loss == 1:
        message = _("You lose a life") if you else _("{player} loses a life")
    elif you:
        message = ngettext("You lose {count} life", "You lose {count} lives", loss)
    else:
        message = ngettext("{player} loses {count} life", "{player} loses {count} lives", loss)
    return message.format(player=event.player, count=loss, mark=mark)


def _group_lost_words(group: Sequence[LivesChanged], game: str, verbosity: str) -> str:
    """Several players' equal loss for one reason, with what each has left: ``"Lily and Max
    lose 1 point each as the total lands on 66. Left: Lily 5, Max 3"``."""
    first = group[0]
    loss = -first.change
    reason, mark = _reason(first.reason)
    # Translators: {players} is a list of two or more players ("Lily, Max and you"); {left}
    # is what each has left ("Lily 9, Max 8, Zoe out").
    if verbosity == BRIEF:
        if reason == "passed":
            message = _("{players} lose {count} for passing {mark}: {left}")
        elif reason == "landed":
            message = _("{players} lose {count} as the total lands on {mark}: {left}")
        elif reason == "bust":
            message = _("{players} lose {count} for going over 99: {left}")
        elif reason == "doubled":
            message = _("{players} lose {count} for doubling over 99: {left}")
        else:
            message = _("{players} lose {count}: {left}")
    elif reason == "passed":
        message = ngettext(
            "{players} lose {count} point each for passing {mark}. Left: {left}",
            "{players} lose {count} points each for passing {mark}. Left: {left}",
            loss,
        )
    elif reason == "landed":
        message = ngettext(
            "{players} lose {count} point each as the total lands on {mark}. Left: {left}",
            "{players} lose {count} points each as the total lands on {mark}. Left: {left}",
            loss,
        )
    elif reason == "bust":
        message = ngettext(
            "{players} lose {count} point each for going over 99. Left: {left}",
            "{players} lose {count} points each for going over 99. Left: {left}",
            loss,
        )
    elif reason == "doubled":
        message = ngettext(
            "{players} lose {count} point each for doubling over 99. Left: {left}",
            "{players} lose {count} points each for doubling over 99. Left: {left}",
            loss,
        )
    elif game == "tactical":
        message = ngettext(
            "{players} lose {count} point each. Left: {left}",
            "{players} lose {count} points each. Left: {left}",
            loss,
        )
    else:
        message = ngettext(
            "{players} lose {count} life each. Left: {left}",
            "{players} lose {count} lives each. Left: {left}",
            loss,
        )
    return message.format(
        players=seats_words([e.player for e in group]),
        count=loss,
        mark=mark,
        left=_left_words(group),
    )


def _reason(reason: str) -> tuple[str, int | None]:
    """A ``LivesChanged`` reason as its kind and its mark: ``"passed_33"`` → ``("passed",
    33)``, ``"doubled_over_99"`` → ``("doubled", None)``."""
    if reason == "doubled_over_99":
        return "doubled", None
    kind, _sep, number = reason.partition("_")
    if kind in ("passed", "landed") and number.isdigit():
        return kind, int(number)
    return reason, None


def lives_changed_text(group: Sequence[LivesChanged], game: str, verbosity: str) -> str:
    """One sentence for lives that changed together for the same reason by the same amount."""
    if len(group) == 1:
        first = group[0]
        # Translators: a player's loss ("Lily loses a life") and what they have left ("2 left").
        return pgettext("lives lost and left", "{lost}, {left}").format(
            lost=_lost_words(first, game, verbosity),
            left=_remaining_words(first, game, verbosity),
        )
    return _group_lost_words(group, game, verbosity)


def _group_lives(events: Sequence[Event]) -> list[Event | tuple[LivesChanged, ...]]:
    grouped: list[Event | tuple[LivesChanged, ...]] = []
    for event in events:
        last = grouped[-1] if grouped else None
        if (
            isinstance(event, LivesChanged)
            and isinstance(last, tuple)
            and last[0].reason == event.reason
            and last[0].change == event.change
        ):
            grouped[-1] = (*last, event)
        elif isinstance(event, LivesChanged):
            grouped.append((event,))
        else:
            grouped.append(event)
    return grouped


def players_out_text(outs: Sequence[PlayerOut], verbosity: str) -> str:
    """``"You are out, 3rd place"``; several at once ``"Lily and Max are out together: Lily
    3rd, Max 4th"``."""
    if len(outs) == 1:
        out = outs[0]
        place = ordinal(out.place)
        if verbosity == BRIEF:
            if is_you(out.player):
                return _("You are out, {place}").format(place=place)
            return _("{player} is out, {place}").format(player=out.player, place=place)
        if is_you(out.player):
            return _("You are out, {place} place").format(place=place)
        return _("{player} is out, {place} place").format(player=out.player, place=place)
    names = seats_words([o.player for o in outs])
    places = separated(
        # Translators: a player and the place they finish in, in a list ("Lily 3rd").
        pgettext("player and place", "{player} {place}").format(
            player=seat_name(o.player), place=ordinal(o.place)
        )
        for o in outs
    )
    # Translators: {players} is a list of two or more players; {places} says each one's place.
    if verbosity == BRIEF:
        return _("{players} out: {places}").format(players=names, places=places)
    return _("{players} are out together: {places}").format(players=names, places=places)


def narrate(events: Sequence[Event], view: Perspective) -> list[Utterance]:
    """The utterances for ``events``, oldest first (an event may say nothing).

    A player going out is told with their place, even when the game ends in the same play;
    players put out by one play are told together, in the order of their places.
    """
    spoken: list[Utterance] = []
    for item in _group_lives(events):
        if isinstance(item, tuple):
            text = lives_changed_text(item, view.game, view.verbosity)
            spoken.append(Utterance(text, cue="life_lost", pan=view.pan(item[0].seat)))
            continue
        spoken.extend(event_utterances(item, view))
    return _join_outs(spoken, events, view)


def _join_outs(
    spoken: list[Utterance], events: Sequence[Event], view: Perspective
) -> list[Utterance]:
    """Several players put out by one play are said in one sentence."""
    outs = [e for e in events if isinstance(e, PlayerOut)]
    if len(outs) < 2:
        return spoken
    alone = {players_out_text((o,), view.verbosity) for o in outs}
    together = players_out_text(sorted(outs, key=lambda o: o.place), view.verbosity)
    joined: list[Utterance] = []
    placed = False
    for utterance in spoken:
        if utterance.text in alone:
            if not placed:
                joined.append(Utterance(together, cue="player_out", pan=0.0))
                placed = True
            continue
        joined.append(utterance)
    return joined


def event_utterances(event: Event, view: Perspective) -> list[Utterance]:
    """The utterances for one event."""
    v = view.verbosity
    if isinstance(event, GameStarted):
        return [Utterance(game_started_text(event, v), until_action=True)]
    if isinstance(event, RoundStarted):
        text = round_started_text(event, view)
        return [Utterance(text, cue="round_start", until_action=True)]
    if isinstance(event, CardPlayed):
        cue = join_cues(CUE_CARD, danger_cue(event.total))
        return [
            Utterance(
                card_played_text(event, v, view.game),
                cue=cue,
                pan=view.pan(event.seat),
                mergeable=view.is_bot(event.seat),
            )
        ]
    if isinstance(event, DirectionChanged):
        if v == BRIEF:
            text = _("Reversed")
        else:
            text = _("Direction reversed, now {direction}").format(
                direction=direction_words(event.direction)
            )
        return [Utterance(text, cue="direction_reversed")]
    if isinstance(event, PlayerSkipped):
        if v == BRIEF:
            text = (
                _("You skipped")
                if is_you(event.player)
                else _("{player} skipped").format(player=event.player)
            )
        else:
            text = _skip_text(event.player)
        return [Utterance(text, cue="player_skipped", pan=view.pan(event.seat))]
    if isinstance(event, CardDrawn):
        if event.seat != view.listener:
            return []
        card = card_name(event.card, v)
        if v == BRIEF:
            text = _("Drew {card}").format(card=card)
        elif is_you(event.player):
            text = _("You draw {card}").format(card=card)
        else:
            text = _("{player} draws {card}").format(player=event.player, card=card)
        return [Utterance(text, pan=view.pan(event.seat))]
    if isinstance(event, DrawMissed):
        if is_you(event.player):
            text = _("You miss the draw and stay a card short")
        else:
            text = _("{player} misses the draw and stays a card short").format(player=event.player)
        return [Utterance(text, pan=view.pan(event.seat))]
    if isinstance(event, StockRebuilt):
        if v == BRIEF:
            text = _("Stock reshuffled, {count}").format(count=event.cards)
        else:
            text = ngettext(
                "The stock is rebuilt from the pile: {count} card",
                "The stock is rebuilt from the pile: {count} cards",
                event.cards,
            ).format(count=event.cards)
        # The pile becoming the stock changes what can still come: never dropped.
        return [Utterance(text)]
    if isinstance(event, PlayerStuck):
        return [Utterance(_stuck_text(event, v), pan=view.pan(event.seat))]
    if isinstance(event, LivesChanged):
        text = lives_changed_text((event,), view.game, v)
        return [Utterance(text, cue="life_lost", pan=view.pan(event.seat))]
    if isinstance(event, PlayerOut):
        text = players_out_text((event,), v)
        return [Utterance(text, cue="player_out", pan=view.pan(event.seat))]
    if isinstance(event, RoundEnded):
        if event.winner is not None:
            if is_you(event.winner):
                text = _("You win round {round} on 99").format(round=event.round)
            else:
                text = _("{player} wins round {round} on 99").format(
                    player=event.winner, round=event.round
                )
            return [Utterance(text)]
        if v == FULL:
            return [Utterance(_("Round {round} is over").format(round=event.round))]
        return []
    if isinstance(event, GameEnded):
        return [game_ended_utterance(event, view)]
    return []  # pragma: no cover - every event kind is handled above


def _stuck_text(event: PlayerStuck, verbosity: str) -> str:
    cards = join_and([card_name(c, verbosity) for c in event.hand])
    you = is_you(event.player)
    if cards:
        # Translators: {cards} is the list of cards the player holds ("5, 6 and 7").
        message = (
            _("You are stuck at {total} with {cards}")
            if you
            else _("{player} is stuck at {total} with {cards}")
        )
    else:
        message = _("You are stuck at {total}") if you else _("{player} is stuck at {total}")
    return message.format(player=event.player, total=event.total, cards=cards)


def _skip_text(name: str) -> str:
    return _("You are skipped") if is_you(name) else _("{player} is skipped").format(player=name)


def game_started_text(event: GameStarted, verbosity: str) -> str:
    """``"Classic. You, Lily, Max and Zoe. 5 lives each"``."""
    title = game_title(event.game)
    lives = event.lives[0] if event.lives else 0
    tactical = event.game == "tactical"
    if verbosity == BRIEF:
        if tactical:
            message = ngettext("{game}, {count} point each", "{game}, {count} points each", lives)
        else:
            message = ngettext("{game}, {count} life each", "{game}, {count} lives each", lives)
    elif tactical:
        # Translators: the game's name, the list of its players, and the points each starts with.
        message = ngettext(
            "{game}. {players}. {count} point each", "{game}. {players}. {count} points each", lives
        )
    else:
        # Translators: the game's name, the list of its players, and the lives each starts with.
        message = ngettext(
            "{game}. {players}. {count} life each", "{game}. {players}. {count} lives each", lives
        )
    return message.format(game=title, players=seats_words(list(event.players)), count=lives)


def round_started_text(event: RoundStarted, view: Perspective) -> str:
    """``"Round 2. Lily starts. Your cards: Queen, 5 and 9"``."""
    v = view.verbosity
    if is_you(event.starter):
        starts = _("You start")
    else:
        starts = _("{player} starts").format(player=event.starter)
    parts = [_("Round {round}").format(round=event.round), starts]
    if v != BRIEF and event.direction is not Direction.CLOCKWISE:
        parts.append(direction_sentence(event.direction))
    if view.listener is not None:
        own = view.players[view.listener]
        for name, hand in event.hands:
            if name == own:
                cards = join_and([card_name(c, v) for c in hand])
                parts.append(cards if v == BRIEF else _("Your cards: {cards}").format(cards=cards))
    return sentences(parts)


def game_ended_utterance(event: GameEnded, view: Perspective) -> Utterance:
    """The result, with the win or loss cue from the humans' point of view."""
    v = view.verbosity
    human_names = {view.players[s] for s in view.humans}
    place_of = {name: index + 1 for index, name in enumerate(event.places)}
    if event.winner is None:
        head = _("Game over")
    elif is_you(event.winner):
        head = _("You win the game")
    else:
        head = _("{player} wins the game").format(player=event.winner)
    parts = [head]
    # With one player at the keyboard the results that follow give the place; with several,
    # each human's place is said here.
    humans_placed = [n for n in event.places if n in human_names and n != event.winner]
    if len(human_names) == 1:
        humans_placed = []
    for name in humans_placed:
        place = ordinal(place_of[name])
        if is_you(name):
            parts.append(_("You finish {place}").format(place=place))
        else:
            parts.append(_("{player} finishes {place}").format(player=name, place=place))
    if v != BRIEF:
        listing = separated(
            # Translators: a place and the player who took it, in the list of places ("1st Lily").
            pgettext("place and player", "{place} {player}").format(
                place=ordinal(i + 1), player=seat_name(n)
            )
            for i, n in enumerate(event.places)
        )
        parts.append(_("Places: {places}").format(places=listing))
        if v == FULL:
            parts.append(
                ngettext("{count} round played", "{count} rounds played", event.rounds).format(
                    count=event.rounds
                )
            )
    won = event.winner is not None and (event.winner in human_names or not human_names)
    return Utterance(sentences(parts), cue="win" if won else "loss")
