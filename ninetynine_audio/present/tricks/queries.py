"""Answers to the player's questions at the trick-taking table, from the player's view only."""

from __future__ import annotations

from collections.abc import Sequence

from ninetynine_audio.cards import Card
from ninetynine_audio.games.tricks import Declaration, Phase, TricksView, playable
from ninetynine_audio.i18n import N_, _, ngettext, pgettext
from ninetynine_audio.present.tricks.phrases import (
    bid_suits_text,
    bid_value_of,
    by_suit,
    card_name,
    hand_groups_text,
    keep_text,
    names_and,
    ranks_text,
    scores_text,
    sentences,
    sort_cards,
    suit_count,
    suit_name,
    the_card,
    upper_first,
)
from ninetynine_audio.present.words import (
    BRIEF,
    NORMAL,
    is_you,
    rank_name,
    semicolon_list,
    separated,
)

TRICKS_PER_DEAL = 9


def _name(view: TricksView, seat: int) -> str:
    return view.players[seat]


def hand_text(view: TricksView, verbosity: str = NORMAL) -> str:
    """The hand by suit; in play the cards that may be played come first."""
    if not view.hand:
        return empty_hand_text()
    groups = hand_groups_text(view.hand)
    if view.phase is not Phase.PLAYING or view.to_act != view.seat or not view.trick:
        if verbosity == BRIEF:
            return groups
        # Translators: {groups} is the hand by suit, "clubs: Ace, 9; hearts: 7".
        return _("Your hand: {groups}").format(groups=groups)
    allowed = sort_cards(playable(view.hand, view.trick))
    led = view.trick[0][1].suit
    rest = [card for card in view.hand if card not in allowed]
    if not rest:
        # Translators: you hold no card of the suit led; {groups} is the hand by suit,
        # "clubs: Ace, 9; hearts: 7".
        return _("No {suit} to follow: play any card. Your hand: {groups}").format(
            suit=suit_name(led), groups=groups
        )
    values = {
        "suit": suit_name(led),
        "ranks": ranks_text(allowed),
        "others": hand_groups_text(rest),
    }
    if verbosity == BRIEF:
        # Translators: {ranks} are the cards of the suit led, "Ace, 9"; {others} the rest of
        # the hand by suit, "clubs: 8; spades: King".
        return _("Follow {suit}: {ranks}. Others: {others}").format(**values)
    # Translators: {ranks} are the cards of the suit led, "Ace, 9"; {others} the rest of the
    # hand by suit, "clubs: 8; spades: King".
    return _("You must follow {suit}: {ranks}. Not playable now: {others}").format(**values)


def _play_text(name: str, card: Card, lead: bool) -> str:
    """One card of the trick: ``"Lily led the 9 of hearts"``."""
    words = the_card(card)
    if lead:
        if is_you(name):
            return _("You led {card}").format(card=words)
        return _("{player} led {card}").format(player=name, card=words)
    if is_you(name):
        return _("You played {card}").format(card=words)
    return _("{player} played {card}").format(player=name, card=words)


def trick_text(view: TricksView, verbosity: str = NORMAL) -> str:
    """The trick so far: ``"Trick 3: Lily led the 9 of hearts, Max played the 6 of hearts"``."""
    number = min(view.trick_number, TRICKS_PER_DEAL)
    if view.phase is Phase.BIDDING:
        return _("No trick yet: the bids are being made")
    if not view.trick:
        leader = _name(view, view.leader)
        if is_you(leader):
            return _("Trick {number}: no cards yet, you lead").format(number=number)
        return _("Trick {number}: no cards yet, {player} leads").format(
            number=number, player=leader
        )
    plays = separated(
        _play_text(_name(view, seat), card, index == 0)
        for index, (seat, card) in enumerate(view.trick)
    )
    # Translators: {plays} are the trick's cards, "Lily led the 9 of hearts, you played the 6
    # of hearts".
    return _("Trick {number}: {plays}").format(number=number, plays=plays)


def leader_text(view: TricksView) -> str:
    """Who leads the trick being played (or the first trick)."""
    name = _name(view, view.leader)
    return _("You lead") if is_you(name) else _("{player} leads").format(player=name)


def trumps_text(view: TricksView) -> str:
    """``"Trumps: hearts"`` or ``"No trumps this deal"``."""
    if view.trumps:
        return _("Trumps: {suit}").format(suit=suit_name(view.trumps))
    return _("No trumps this deal")


def bid_status_text(view: TricksView, verbosity: str = NORMAL) -> str:
    """Your bid and your tricks: ``"Your bid 5: two hearts and a spade. You have 2 tricks;
    you need 3 more of the 7 left"``."""
    if not view.bid_cards:
        return _("You have not bid yet")
    bid = bid_value_of(view.bid_cards)
    taken = view.tricks_won[view.seat]
    left = TRICKS_PER_DEAL - sum(view.tricks_won)
    if verbosity == BRIEF:
        return _("Bid {bid}, taken {taken}").format(bid=bid, taken=taken)
    # Translators: {suits} are the bid's cards, "two hearts and a spade".
    head = _("Your bid {bid}: {suits}").format(bid=bid, suits=bid_suits_text(view.bid_cards))
    need = bid - taken
    if taken > bid:
        tail = ngettext(
            "You have {count} trick: the bid is broken",
            "You have {count} tricks: the bid is broken",
            taken,
        )
    elif taken == bid:
        tail = ngettext(
            "You have {count} trick: take no more", "You have {count} tricks: take no more", taken
        )
    elif need > left:
        tail = ngettext(
            "You have {count} trick; {need} more are needed and only {left} are left: out of reach",
            "You have {count} tricks; {need} more are needed and only {left} are left:"
            " out of reach",
            taken,
        )
    else:
        tail = ngettext(
            "You have {count} trick; you need {need} more of the {left} left",
            "You have {count} tricks; you need {need} more of the {left} left",
            taken,
        )
    return sentences(head, tail.format(count=taken, need=need, left=left))


def tricks_text(view: TricksView) -> str:
    """Everyone's tricks this deal: ``"Tricks: You 2, Lily 3, Max 1; 3 to play"``."""
    left = TRICKS_PER_DEAL - sum(view.tricks_won)
    # Translators: {scores} is each player's tricks, "You 2, Lily 3, Max 1"; {count} the
    # tricks still to play.
    return ngettext(
        "Tricks: {scores}; {count} to play", "Tricks: {scores}; {count} to play", left
    ).format(scores=scores_text(view.players, view.tricks_won), count=left)


def scores_query_text(view: TricksView) -> str:
    """``"Scores: You 33, Lily 1, Max 5. Game to 100"``."""
    # Translators: {scores} is a list of scores, "You 33, Lily 1, Max 5".
    return _("Scores: {scores}. Game to {target}").format(
        scores=scores_text(view.players, view.scores), target=view.options.target
    )


def declared_text(view: TricksView) -> str:
    """What a declaration shows this deal, or that there is none."""
    if view.declared is None:
        return _("No bid is declared this deal")
    seat, declaration = view.declared
    name = _name(view, seat)
    values = {
        "player": name,
        "bid": bid_value_of(view.declared_cards),
        "suits": bid_suits_text(view.declared_cards),
    }
    if declaration is Declaration.REVEAL:
        if is_you(name):
            # Translators: {suits} are the bid's cards, "two hearts and a spade".
            text = _("You revealed bid {bid}: {suits}").format(**values)
        else:
            text = _("{player} revealed bid {bid}: {suits}").format(**values)
        hand = hand_groups_text(view.revealed_hand)
        if not hand:
            return sentences(text, _("Open hand: empty"))
        # Translators: {hand} is a hand by suit, "clubs: Ace, 9; hearts: 7".
        return sentences(text, _("Open hand: {hand}").format(hand=hand))
    if is_you(name):
        # Translators: {suits} are the bid's cards, "two hearts and a spade".
        return _("You declared bid {bid}: {suits}").format(**values)
    return _("{player} declared bid {bid}: {suits}").format(**values)


def _result_text(name: str, bid: int | None, tricks: int, made: bool, points: int) -> str:
    """One player's line of a deal's score: ``"Lily bid 5, took 3: 3 points"``."""
    you = is_you(name)
    if made:
        if you:
            text = ngettext(
                "You bid {bid} and took it: {count} point",
                "You bid {bid} and took it: {count} points",
                points,
            )
        else:
            text = ngettext(
                "{player} bid {bid} and took it: {count} point",
                "{player} bid {bid} and took it: {count} points",
                points,
            )
    elif bid is not None:
        if you:
            text = ngettext(
                "You bid {bid}, took {tricks}: {count} point",
                "You bid {bid}, took {tricks}: {count} points",
                points,
            )
        else:
            text = ngettext(
                "{player} bid {bid}, took {tricks}: {count} point",
                "{player} bid {bid}, took {tricks}: {count} points",
                points,
            )
    elif you:
        text = ngettext(
            "You took {tricks}, missed the bid: {count} point",
            "You took {tricks}, missed the bid: {count} points",
            points,
        )
    else:
        text = ngettext(
            "{player} took {tricks}, missed the bid: {count} point",
            "{player} took {tricks}, missed the bid: {count} points",
            points,
        )
    return text.format(player=name, bid=bid, tricks=tricks, count=points)


def deal_details_text(view: TricksView) -> str:
    """The last deal's score in full: each player's bid (when shown), tricks and points."""
    if not view.results:
        return _("No deal has been scored yet")
    result = view.results[-1]
    parts = semicolon_list(
        _result_text(
            name, result.bids[seat], result.tricks[seat], seat in result.made, result.points[seat]
        )
        for seat, name in enumerate(view.players)
    )
    text = [_("Deal {deal}").format(deal=result.deal), parts]
    if result.declared is not None:
        seat, reveal = result.declared
        name = _name(view, seat)
        if reveal:
            if is_you(name):
                text.append(_("You revealed the bid"))
            else:
                text.append(_("{player} revealed the bid").format(player=name))
        elif is_you(name):
            text.append(_("You declared the bid"))
        else:
            text.append(_("{player} declared the bid").format(player=name))
    # Translators: {totals} is a list of scores, "You 33, Lily 1, Max 5".
    text.append(_("Totals: {totals}").format(totals=scores_text(view.players, result.scores)))
    return sentences(*text)


def bid_choice_text(hand: Sequence[Card], marked: Sequence[Card]) -> str:
    """The bid marked so far and what is left to play with.

    ``"Bid 5: two hearts and a spade; you keep 4 clubs, 2 hearts, 3 spades"``.
    """
    keep = [card for card in hand if card not in marked]
    if not marked:
        return _("No cards marked: mark three for your bid")
    if len(marked) < 3:
        more = 3 - len(marked)
        # Translators: {suits} are the cards marked so far, "two hearts"; {value} the bid
        # they make so far; {count} how many cards are still to mark. The form is chosen by
        # how many cards are marked (1 or 2).
        text = ngettext(
            "{suits} marked, {value} so far; mark {count} more",
            "{suits} marked, {value} so far; mark {count} more",
            len(marked),
        ).format(suits=bid_suits_text(marked), value=bid_value_of(marked), count=more)
        return upper_first(text)
    if len(marked) > 3:
        return ngettext(
            "{count} card marked: a bid is three",
            "{count} cards marked: a bid is three",
            len(marked),
        ).format(count=len(marked))
    # Translators: {suits} are the bid's cards, "two hearts and a spade"; {keep} is a clause,
    # "you keep 4 clubs, 2 hearts, 3 spades".
    return _("Bid {bid}: {suits}; {keep}").format(
        bid=bid_value_of(marked), suits=bid_suits_text(marked), keep=keep_text(keep)
    )


def card_text_for(card: Card, view: TricksView) -> str:
    """One card of the hand as you move to it, marked when it cannot be played now."""
    words = card_name(card)
    if (
        view.phase is Phase.PLAYING
        and view.to_act == view.seat
        and card not in playable(view.hand, view.trick)
    ):
        return _("{card}, not playable").format(card=words)
    return words


def turn_text(view: TricksView) -> str:
    """Whose move it is."""
    if view.phase is Phase.BIDDING:
        waiting = [view.players[s] for s in range(3) if not view.has_bid[s]]
        if not view.has_bid[view.seat]:
            return _("Your bid: mark three cards")
        # Translators: {players} is a list of names, "Lily and Max".
        return ngettext(
            "Waiting for {players} to bid", "Waiting for {players} to bid", len(waiting)
        ).format(players=names_and(waiting))
    if view.phase is Phase.OVER:
        return _("The game is over")
    name = _name(view, view.to_act)
    if is_you(name):
        return _("Your lead") if not view.trick else _("Your turn")
    return other_turn_text(name)


def table_lines(
    view: TricksView, hand: Sequence[Card], cursor: int, marked: Sequence[Card]
) -> tuple[list[str], int | None]:
    """The window's lines: the trick, trumps and bid, the hand by suit, tricks and scores;
    and which line is highlighted (the suit of the selected card).

    ``hand`` is the hand in reading order, ``cursor`` the selected card in it; a marked card
    is shown with a star, the selected one in brackets.
    """
    lines = [trick_text(view) if view.phase is not Phase.OVER else _("Game over")]
    status = trumps_text(view)
    if view.bid_cards:
        status = sentences(
            status,
            _("Your bid {bid}, taken {taken}").format(
                bid=bid_value_of(view.bid_cards), taken=view.tricks_won[view.seat]
            ),
        )
    lines.append(status)
    highlight = None
    selected = hand[cursor] if hand and 0 <= cursor < len(hand) else None
    for suit, cards in by_suit(hand):
        shown = []
        for card in cards:
            text = rank_name(card.rank) + ("*" if card in marked else "")
            shown.append(f"[{text}]" if card == selected else text)
        if selected is not None and selected.suit is suit:
            highlight = len(lines)
        # Translators: a line of the window, one suit of the hand: "Hearts: Ace  [9]  6*".
        line = pgettext("window", "{suit}: {ranks}").format(
            suit=upper_first(suit_name(suit)), ranks="  ".join(shown)
        )
        lines.append(line)
    if view.phase is Phase.BIDDING and marked:
        lines.append(bid_choice_text(hand, marked))
    lines.append(tricks_text(view))
    lines.append(scores_query_text(view))
    return lines, highlight


def empty_hand_text() -> str:
    """A hand key with no cards."""
    return _("Your hand is empty")


ENTER_DESCRIPTION = N_("Play the selected card; while bidding, bid the three marked cards")
"""Key help's words for Enter at the trick-taking table (say it with ``enter_description``)."""


def enter_description() -> str:
    """Key help's words for Enter at the trick-taking table, in the language in use."""
    return _(ENTER_DESCRIPTION)


def bid_confirm_text(enter_key: str) -> str:
    """Three cards are marked: how to bid them."""
    # Translators: {key} is the name of a key, "Enter".
    return _("Three cards marked: press {key} to bid them").format(key=enter_key)


def bid_marking_text(marked: int) -> str:
    """The bid under way, when asked whose turn it is."""
    more = 3 - marked
    # Translators: {count} cards are still to mark; the form is chosen by {marked}, the
    # cards marked.
    return ngettext(
        "Your bid: {marked} marked, mark {count} more",
        "Your bid: {marked} marked, mark {count} more",
        marked,
    ).format(marked=marked, count=more)


def hand_end_text(card_words: str, *, last: bool) -> str:
    """Moving past either end of the hand: that it is the end, and the card."""
    if last:
        return _("Last card: {card}").format(card=card_words)
    return _("First card: {card}").format(card=card_words)


def marks_full_text() -> str:
    """A fourth card marked for a bid."""
    return _("Three cards are marked already: unmark one first")


def no_card_at_text(position: int, size: int) -> str:
    """A number key past the end of the hand."""
    return ngettext(
        "No card {position}: you hold {count}", "No card {position}: you hold {count}", size
    ).format(position=position, count=size)


def mark_text(
    is_marked: bool, card_words: str, hand: Sequence[Card], marked: Sequence[Card]
) -> str:
    """``"Marked Queen of hearts. Bid 5: two hearts and a spade; you keep …"``."""
    if is_marked:
        done = _("Marked {card}").format(card=card_words)
    else:
        done = _("Unmarked {card}").format(card=card_words)
    return sentences(done, bid_choice_text(hand, marked))


def suit_jump_text(cards: Sequence[Card], card_words: str) -> str:
    """Moving to a suit: ``"3 hearts: Ace of hearts"``."""
    # Translators: moving to a suit of the hand; {cards} is how many, "3 hearts", {card} the
    # card reached, "Ace of hearts".
    return pgettext("suit reached", "{cards}: {card}").format(
        cards=suit_count(len(cards), cards[0].suit), card=card_words
    )


def marked_card_text(card_words: str) -> str:
    """A card of the hand marked for the bid, as the cursor reaches it."""
    return _("{card}, marked").format(card=card_words)


def declaration_choice_text(declaration: Declaration | None) -> str:
    """What the declaration key has chosen."""
    if declaration is Declaration.DECLARE:
        return _("Declare the bid: premium 30")
    if declaration is Declaration.REVEAL:
        return _("Reveal the bid and play with your hand open: premium 60")
    return _("No declaration")


def other_turn_text(name: str) -> str:
    """``"Lily's turn"``."""
    if is_you(name):
        return _("Your turn")
    return _("{player}'s turn").format(player=name)


def declarations_off_text() -> str:
    """The declaration key in a game without declarations."""
    return _("This game is played without declarations")
