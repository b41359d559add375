"""Answers to the player's questions at the colour game's table, and the window's lines."""

from __future__ import annotations

from collections.abc import Sequence

from ninetynine_audio.cards import ColourCard
from ninetynine_audio.games.colours import (
    MAX_PILE_PLAYS,
    TARGET,
    Action,
    ColoursView,
    EndPiles,
    Phase,
    PlaceRowCard,
    PlayToPile,
    ScoreRow,
    row_colours,
    ways_onto,
)
from ninetynine_audio.i18n import N_, _, babel_locale, ngettext, pgettext
from ninetynine_audio.present.colours.words import (
    BY_COLOUR,
    LEFT,
    RIGHT,
    capitalised,
    card_name,
    colour_name,
    joined_sentences,
    pile_fit_text,
    row_fit_text,
    row_summary,
    sorted_hand,
)
from ninetynine_audio.present.words import (
    BRIEF,
    FULL,
    is_you,
    join_and,
    seat_name,
    semicolon_list,
)
from ninetynine_audio.present.words import separated as comma_list


def piles_text(view: ColoursView, verbosity: str) -> str:
    """``"Piles: black 10 on the left, orange 6 on the right"``."""
    left, right = view.pile_tops
    if verbosity == BRIEF:
        text = _("Piles: {left}, {right}")
    else:
        text = _("Piles: {left} on the left, {right} on the right")
    return text.format(left=card_name(left), right=card_name(right))


def stage_text(view: ColoursView) -> str:
    """``"Your turn: choose your row card"``: the turn and what the player is to do now,
    without their cards."""
    if view.phase is Phase.ROW and view.hand:
        # Translators: whose turn it is and what the player is to do now.
        return _("Your turn: choose your row card")
    if view.phase is Phase.ROW:
        return _("Your turn: no cards in hand: end your turn")
    if not view.hand:
        return _("Your turn: hand empty: end your turn")
    # Translators: {count} cards of the 5 a turn allows have gone onto the piles so far.
    return _("Your turn: play onto the piles, {count} of 5 so far").format(count=view.pile_plays)


def pile_fits(view: ColoursView, pile: int) -> list[str]:
    """The names of the hand cards that fit onto ``pile`` now, lowest first."""
    top = view.pile_tops[pile - 1]
    return [card_name(c) for c in sorted_hand(view.hand, "value") if ways_onto(c, top)]


def fits_text(
    view: ColoursView, verbosity: str, changed: int | None = None, *, side_chosen: bool = False
) -> str:
    """What the player can do on the piles now, in a few words: which hand cards fit where.

    ``"Fits left: red 3 and grey 9"``, ``"Fits both: red 3; right: grey 1"``;
    ``"Nothing fits: end your turn"``.  After a play onto pile ``changed`` only the card the
    player put there is said (a slip of the number keys must be heard): ``"Red 8 left"``;
    below full, the side only when the player did not choose it (``side_chosen``: Up or
    Down, or the hint, chose the pile, and every play goes there until another is chosen):
    ``"Red 8"``;
    what fits then is on T and H, and said unasked only when nothing does: ``"Red 8 left.
    Nothing fits: end your turn"`` (see docs/pacing.md, the colour round)."""
    if changed not in (LEFT, RIGHT):
        return capitalised(_fits_now(view, verbosity, None) or "")
    top = card_name(view.pile_tops[changed - LEFT])
    if side_chosen and verbosity != FULL:
        placed = capitalised(top)
    else:
        # Translators: the card the player just put on the left or right pile, alone or
        # before a whole sentence of what is left to do ("Red 8 left. Nothing fits: end
        # your turn"); said when the pile was not the one the player chose with Up or Down.
        placed = _("{card} left") if changed == LEFT else _("{card} right")
        placed = capitalised(placed.format(card=top))
    now = _fits_now(view, verbosity, changed)
    if not now:
        return placed
    return joined_sentences([placed, now])


def _fits_now(view: ColoursView, verbosity: str, changed: int | None) -> str | None:
    """What fits now as a whole sentence; after a play onto ``changed``, None when that
    pile takes some of the hand and "" when it takes none (the caller says which)."""
    if not view.hand:
        return _("Hand empty: end your turn")
    if view.pile_plays >= MAX_PILE_PLAYS:
        return ngettext(
            "{count} card on the piles: end your turn",
            "{count} cards on the piles: end your turn",
            MAX_PILE_PLAYS,
        ).format(count=MAX_PILE_PLAYS)
    fits = {pile: pile_fits(view, pile) for pile in (LEFT, RIGHT)}
    if not fits[LEFT] and not fits[RIGHT]:
        return _("Nothing fits: end your turn")
    if changed is not None:
        return None if fits[changed] else ""
    # A card that fits both piles is named once.
    both = [card for card in fits[LEFT] if card in fits[RIGHT]]
    left = [card for card in fits[LEFT] if card not in both]
    right = [card for card in fits[RIGHT] if card not in both]
    said = []
    # Translators: the hand cards that fit both piles, the left or the right one; in a list
    # separated by semicolons, after "Fits" ("Fits both: red 3; right: grey 1").
    if both:
        said.append(pgettext("fits", "both: {cards}").format(cards=comma_list(both)))
    if left:
        said.append(pgettext("fits", "left: {cards}").format(cards=comma_list(left)))
    if right:
        said.append(pgettext("fits", "right: {cards}").format(cards=comma_list(right)))
    sides = semicolon_list(said)
    if verbosity == BRIEF:
        return sides
    # Translators: {sides} is "left: red 3, grey 9" or "both: red 3; right: grey 1"; the
    # line may begin with {sides} (its first letter is then made upper case).
    return _("Fits {sides}").format(sides=sides)


def row_card_fits_text(view: ColoursView, verbosity: str) -> str:
    """Right after the player's row card: ``"Orange 4, row 2. Fits left: red 0"``."""
    if not view.row:
        return fits_text(view, verbosity)
    # The card is named (a row card is for good: a slip of the number keys must be heard),
    # then the row's new length.
    length = len(view.row)
    name = capitalised(card_name(view.row[-1]))
    if length == 1 and verbosity != BRIEF:
        placed = _("{card}, new row")
    else:
        # Translators: the player's row card, then the row's new length ("Orange 4, row 2").
        placed = _("{card}, row {length}")
    placed = placed.format(card=name, length=length)
    return joined_sentences([placed, fits_text(view, verbosity)])


def your_turn_text(
    view: ColoursView,
    verbosity: str,
    changed: int | None = None,
    *,
    row_known: bool = False,
    side_chosen: bool = False,
) -> str:
    """The turn's first line, short: ``"Your turn. Piles black 10, orange 6; row ends on 7"``
    (the row's colours, the hand and the scores are on keys); on the piles, what fits where
    now (only the pile ``changed`` by the play just made, when given, and its side when the
    player did not choose it: see :func:`fits_text`). With ``row_known`` (the
    turn starting for a player who put the row's last card there in their own last turn, and
    nothing else changes a row) the row's end is not said again, nor that it is empty (the
    player scored it, or the line before said it was scored because nothing fitted): T says
    it."""
    if view.phase is Phase.PILES:
        return fits_text(view, verbosity, changed, side_chosen=side_chosen)
    extra = view.extra
    if view.phase is Phase.ROW and not view.hand:
        if extra:
            return _("Your extra turn: no cards in hand, end your turn")
        return _("Your turn: no cards in hand, end your turn")
    left, right = view.pile_tops
    row = view.row
    if verbosity == BRIEF:
        if row and extra:
            # Translators: the first line of the player's turn, kept short: the two piles'
            # top cards, then the value of the last card of the player's row.
            text = _("Your extra turn. {left}, {right}; row {value}")
        elif row:
            text = _("Your turn. {left}, {right}; row {value}")
        elif extra:
            text = _("Your extra turn. {left}, {right}; row empty")
        else:
            text = _("Your turn. {left}, {right}; row empty")
    elif row_known:
        # Translators: the first line of the player's turn when their row is as they know it
        # (its end, or that it is empty, is not said again): the two piles' top cards.
        if extra:
            text = _("Your extra turn. Piles {left}, {right}")
        else:
            text = _("Your turn. Piles {left}, {right}")
    elif row and extra:
        # Translators: the first line of the player's turn, kept short (it is heard at
        # every turn): the two piles' top cards, then the value of the row's last card.
        # "row ends on 0" is never heard as an empty row.
        text = _("Your extra turn. Piles {left}, {right}; row ends on {value}")
    elif row:
        text = _("Your turn. Piles {left}, {right}; row ends on {value}")
    elif extra:
        text = _("Your extra turn. Piles {left}, {right}; row empty")
    else:
        text = _("Your turn. Piles {left}, {right}; row empty")
    text = text.format(
        left=card_name(left), right=card_name(right), value=row[-1].value if row else 0
    )
    if verbosity == FULL:
        more = row_summary("You", row, verbosity)
        text = joined_sentences([text, more])
    return text


def turn_text(view: ColoursView, verbosity: str, own: bool = True) -> str:
    """Whose turn it is, and where it stands; to the player at the keys (``own``) the turn's
    short line, to a hot seat before the next player has sat down only the stage."""
    name = view.players[view.to_act]
    if view.is_over:
        if view.winner is None:
            return _("The game is over: nobody won")
        winner = view.players[view.winner]
        if is_you(winner):
            # Translators: the player at the keys won.
            return _("The game is over: You won")
        return _("The game is over: {player} won").format(player=winner)
    if is_you(name) and view.seat == view.to_act:
        if not own:
            return stage_text(view)
        # The same short line as the turn's own: on the piles, what fits where now.
        if view.phase is Phase.PILES:
            # Translators: {fits} is what fits the piles now ("Fits left: red 3").
            text = _("Your extra turn. {fits}") if view.extra else _("Your turn. {fits}")
            return text.format(fits=fits_text(view, verbosity))
        return your_turn_text(view, verbosity)
    return _("{player}'s turn").format(player=seat_name(name))


def hand_text(view: ColoursView, order: str, verbosity: str) -> str:
    """The whole hand in the chosen order, each card with how it fits now."""
    hand = sorted_hand(view.hand, order)
    if not hand:
        return _("Your hand is empty")
    by_colour = order == BY_COLOUR
    if verbosity == BRIEF:
        return _("Hand: {cards}").format(cards=comma_list([card_name(c) for c in hand]))
    if view.phase is Phase.ROW and not view.row:
        # Every card starts an empty row: said once, not on each card.
        names = comma_list([card_name(c) for c in hand])
        if by_colour:
            text = _("Hand by colour: {cards}. Any of them starts your row")
        else:
            text = _("Hand by value: {cards}. Any of them starts your row")
        return text.format(cards=names)
    # Translators: each card of the hand with how it fits ("purple 9: fits your row"),
    # separated by semicolons.
    parts = semicolon_list(card_fit_text(view, card, verbosity) for card in hand)
    if by_colour:
        return _("Hand by colour: {cards}").format(cards=parts)
    return _("Hand by value: {cards}").format(cards=parts)


def card_fit_text(view: ColoursView, card: ColourCard, verbosity: str) -> str:
    """``"purple 9: fits your row"`` before the row card, ``"purple 9: same colour on the
    left, sum ten on the right"`` after it."""
    if view.phase is Phase.ROW:
        fit = row_fit_text(card, view.row)
    else:
        fit = pile_fit_text(card, view.pile_tops)
    # Translators: a hand card and how it fits ("purple 9: fits your row", "purple 9:
    # same colour on the left").
    return pgettext("card and fit", "{card}: {fit}").format(card=card_name(card), fit=fit)


def hand_card_text(view: ColoursView, hand: Sequence[ColourCard], index: int, v: str) -> str:
    """The card under the cursor, how it fits, and where it is in the hand."""
    text = card_fit_text(view, hand[index], v)
    if v == BRIEF:
        return text
    # Translators: the card under the cursor and how it fits, then its place in the hand:
    # "purple 9: fits your row, 2 of 6".
    return _("{card}, {position} of {count}").format(card=text, position=index + 1, count=len(hand))


def row_text(view: ColoursView, verbosity: str) -> str:
    """The own row: length, last card, colours used and what it is worth."""
    row = view.row
    if not row:
        return _("Your row is empty: any card starts it")
    text = row_summary("You", row, verbosity)
    if verbosity == BRIEF:
        return text
    used = join_and([colour_name(card.colour) for card in row])
    sentences = [text, _("Colours used: {colours}").format(colours=used)]
    if verbosity == FULL:
        cards = comma_list([card_name(c) for c in row])
        sentences.append(_("The row: {cards}").format(cards=cards))
    free = 10 - len(row_colours(row))
    if row[-1].value == 10 or free == 0:
        sentences.append(_("Nothing more can go on it"))
    return joined_sentences(sentences)


def other_rows_text(view: ColoursView, verbosity: str) -> str:
    """Every other player's row."""
    parts = []
    for seat, name in enumerate(view.players):
        if seat == view.seat:
            continue
        text = row_summary(name, view.rows[seat], verbosity)
        if verbosity == FULL and view.rows[seat]:
            cards = comma_list([card_name(c) for c in view.rows[seat]])
            # Translators: a player's row described ("Lily's row: 3 cards up to purple 7,
            # worth 9"), then its cards.
            text = _("{row}: {cards}").format(row=text, cards=cards)
        parts.append(text)
    return joined_sentences(parts)


def draw_pile_text(view: ColoursView, verbosity: str) -> str:
    """``"Your draw pile: 9 cards. Reserve: 40"``."""
    count = view.draw_pile_size
    if verbosity == BRIEF:
        return _("Draw pile {count}").format(count=count)
    text = ngettext("Your draw pile: {count} card", "Your draw pile: {count} cards", count)
    text = text.format(count=count)
    if verbosity == FULL:
        # Translators: the cards left in the reserve, from which empty draw piles are renewed.
        reserve = _("Reserve: {count}").format(count=view.reserve_size)
        return joined_sentences([text, reserve])
    return text


def scores_text(view: ColoursView, verbosity: str) -> str:
    """Every score, short (C is asked often); in full, how far each player is from 99."""
    parts = []
    for name, score in zip(view.players, view.scores, strict=True):
        player = seat_name(name)
        if verbosity != FULL:
            # Translators: a player's name and score, in the list of scores.
            part = pgettext("player and score", "{player} {score}")
            parts.append(part.format(player=player, score=score))
        else:
            left = max(0, TARGET - score)
            # Translators: a player's score and the points they still need to reach 99.
            part = _("{player} {score}, {left} to go")
            parts.append(part.format(player=player, score=score, left=left))
    scores = semicolon_list(parts)
    return _("Scores: {scores}").format(scores=scores)


def hint_text(action: Action, view: ColoursView | None = None) -> str:
    """What the strongest computer player would do next, and why where it looks odd."""
    if isinstance(action, ScoreRow):
        # Translators: what the strongest computer player would do in the player's place.
        return _("Hint: score your row now")
    if isinstance(action, PlaceRowCard):
        card = card_name(action.card)
        if view is not None and not view.row and action.card.value == 10:
            # A 10 ends a row at once; the hint says what the move is for.
            return _(
                "Hint: put {card} in your row: nothing can follow a 10, so the row is scored"
                " next turn for 1 point, and your lower cards stay for the piles"
            ).format(card=card)
        return _("Hint: put {card} in your row").format(card=card)
    if isinstance(action, PlayToPile):
        card = card_name(action.card)
        if action.pile == LEFT:
            return _("Hint: play {card} on the left pile").format(card=card)
        return _("Hint: play {card} on the right pile").format(card=card)
    if isinstance(action, EndPiles):
        return _("Hint: end your turn and draw")
    return _("Hint: nothing to suggest")


KEY_GROUPS: tuple[tuple[str, frozenset[str]], ...] = (
    (
        # Translators: a heading of the colour table's key help.
        N_("Your row"),
        frozenset({"play_card", *(f"play_card_{n}" for n in range(1, 10)), "score_row"})
        | frozenset({"announce_row"}),
    ),
    (N_("The piles"), frozenset({"choose_left_pile", "choose_right_pile", "end_piles"})),
    (
        N_("Your hand"),
        frozenset(
            {"next_card", "previous_card", "first_card", "last_card", "speak_hand"}
            | {"toggle_hand_order"}
        ),
    ),
    (
        N_("Asking"),
        frozenset(
            {
                "announce_piles",
                "announce_scores",
                "announce_other_rows",
                "announce_draw_pile",
                "announce_last_turn",
                "announce_turn",
                "hint",
            }
        ),
    ),
)
"""The colour table's key help, in groups under headings (marked for the catalogue, said
through ``key_groups``): the row (Enter and the number keys put the row card, then play onto
the piles), the piles, the hand, and questions."""


def key_groups() -> tuple[tuple[str, frozenset[str]], ...]:
    """``KEY_GROUPS`` with their headings in the language in use."""
    return tuple((_(heading), ids) for heading, ids in KEY_GROUPS)


def search_hint_text(hint: str, mine: float, theirs: float, deals: int) -> str:
    """The hint with what the search found, in words a newcomer follows: ``"Hint: play … .
    Next turn you can expect about 2.5 cards onto the piles, the next player 1.0."``."""
    if deals <= 0:
        return hint
    # Translators: after a hint: what a search over the ways the unseen cards may lie found;
    # {mine} and {theirs} are numbers of cards with one decimal (2.5), the cards the player
    # and the next player can expect to put onto the piles.
    text = _(
        "{hint}. Next turn you can expect about {mine} cards onto the piles, the next player"
        " {theirs}."
    )
    return text.format(hint=hint, mine=one_decimal(mine), theirs=one_decimal(theirs))


def one_decimal(number: float) -> str:
    """``2.5`` as the language in use writes a number with one decimal (``2,5`` in German)."""
    decimal = babel_locale().number_symbols["latn"]["decimal"]
    return f"{number:.1f}".replace(".", decimal)


def table_lines(
    view: ColoursView,
    hand: Sequence[ColourCard],
    cursor: int,
    is_over: bool,
    chosen: int | None = None,
) -> tuple[list[str], int | None]:
    """The window: the piles (the one chosen with Up or Down marked), whose turn, the
    scores, the own row, the hand (the cursor's line marked) and the draw pile; the index
    of the highlighted line."""
    tops = [card_name(top) for top in view.pile_tops]
    if chosen in (LEFT, RIGHT):
        tops[chosen - 1] = f"[{tops[chosen - 1]}]"
    # Translators: a line of the table's window: the two piles' top cards, left | right.
    lines = [_("Piles: {left}  |  {right}").format(left=tops[0], right=tops[1])]
    if is_over:
        lines.append(_("Game over"))
    else:
        lines.append(_("Turn: {player}").format(player=seat_name(view.players[view.to_act])))
    scores = comma_list(
        [
            pgettext("player and score", "{player} {score}").format(player=seat_name(n), score=s)
            for n, s in zip(view.players, view.scores, strict=True)
        ]
    )
    lines.append(_("Scores: {scores}").format(scores=scores))
    if view.row:
        row = comma_list([card_name(c) for c in view.row])
        lines.append(_("Your row: {cards}").format(cards=row))
    else:
        lines.append(_("Your row: empty"))
    highlight = None
    for index, card in enumerate(hand):
        if index == cursor:
            highlight = len(lines)
        lines.append(f"{index + 1}. {card_name(card)}")
    lines.append(_("Draw pile: {count}").format(count=view.draw_pile_size))
    return lines, highlight
