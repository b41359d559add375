"""How a blind player plays by what it hears, whatever it plays on: the desktop client
(``desktop_player``) or the browser page (``web_page``).

The player only presses keys and reads the phrase that answers each one; it never reads a
table's state. On its turn it walks the hand with the cursor keys, listening to what each card
does now ("7, too high: 103", "Queen of hearts, not playable", "red 3: fits your row"), and
plays the first card the words say may be played as the cursor reaches it (its number key, or
Enter on it); a refusal sends it on to the next card.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

REFUSED = "refused"
EDGE = "menu_edge"
SILENT_S = 1.0
"""How long a key whose taking may be silent waits for an answer: the end of a colour turn
is said to the others ("Ann ends her turn") but the player who ended it hears nothing when
the next turn is another person's; a refusal answers at once, and T then says where the turn
stands."""


class ByEar:
    """The turns of every family, played by ear over :meth:`_text` (press a key; the words
    and the cue that answered it, empty when nothing did)."""

    def _text(self, key: str, timeout: float | None = None) -> tuple[str, str]:
        """Press ``key``; the words and the cue that answered it within ``timeout`` seconds
        (the player's own wait when None)."""
        raise NotImplementedError

    def turn_step(self, family: str) -> Callable[[str], bool]:
        """The family's step: given T's answer on this seat's turn, act; True if it did."""
        return {"adding": self._adding_turn, "colours": self._colours_step}.get(
            family, self._tricks_turn
        )

    # -- the adding games ------------------------------------------------------------------------

    def _adding_turn(self, turn: str) -> bool:
        """``"Your turn, total 45"``: the first card that keeps the total at 99 or under
        without cost, else the first that may be played at all."""
        ways = lambda text: text.split(" or ")  # noqa: E731 - "10, plus 10 to 95 or minus 10 to 75"
        return self._play_hand(
            lambda text: any("too high" not in w and "costs you" not in w for w in ways(text)),
            lambda text: any("too high" not in w for w in ways(text)),
            self._adding_enter,
        )

    def _adding_enter(self, key: str) -> bool:
        text, cue = self._text(key)
        for _ in range(3):
            if text.startswith("Choose how to play"):
                # A 10 or an ace: down first (minus 10, plus 1), then up.
                for way in ("down", "up"):
                    chosen, chosen_cue = self._text(way)
                    if chosen_cue == REFUSED or "not possible" in chosen or "too high" in chosen:
                        continue
                    text, cue = self._text("return")
                    if cue != REFUSED:
                        break
            elif "again to play it" in text:
                text, cue = self._text("return")  # a tactical play that costs: the second press
            else:
                break
        return cue != REFUSED and bool(text) and not text.startswith("Choose how to play")

    # -- the trick-taking game -------------------------------------------------------------------

    def _tricks_turn(self, turn: str) -> bool:
        """``"Your bid: mark three cards"``: mark the first three and bid them; ``"Your lead"``
        or ``"Your turn"``: the first card not said to be "not playable"."""
        if turn.startswith("Three cards marked"):
            # Marked while another player was still to bid before this seat: bid them now.
            return self._plain_enter()
        if turn.startswith("Your bid"):
            first, _ = self._text("home")
            if not first:
                return False
            marked = 0
            for position in range(12):
                if position:
                    self._text("right")
                said, _ = self._text("space")
                if said.startswith("Unmarked"):
                    said, _ = self._text("space")  # marked before a refusal: mark it again
                if said.startswith("Marked"):
                    marked += 1
                if marked == 3 or "Three cards are marked" in said:
                    break
            text, cue = self._text("return")
            return cue != REFUSED and bool(text)
        return self._play_hand(
            lambda text: "not playable" not in text, lambda text: True, self._plain_enter
        )

    def _plain_enter(self, key: str = "return") -> bool:
        text, cue = self._text(key)
        return cue != REFUSED and bool(text)

    # -- the colour game -------------------------------------------------------------------------

    def _colours_step(self, turn: str) -> bool:
        """One step of a colour turn, as T says where the turn stands: the row card (the
        first that fits the row; none: score the row, then any card starts it), a card onto
        a pile it fits, or the end of the turn."""
        if "end your turn" in turn or "Nothing fits" in turn:
            text, cue = self._text("d", SILENT_S)
            return cue != REFUSED and bool(text)
        if "Piles " in turn and ("row ends on" in turn or "row empty" in turn):
            if self._play_hand(
                lambda text: "fits your row" in text or "starts your row" in text,
                None,
                self._plain_enter,
            ):
                return True
            self._text("x")  # nothing fits the row: score it, and a new row starts
            return self._play_hand(lambda text: True, None, self._plain_enter)
        # On the piles: a card that fits one of them (Enter chooses the pile it fits).
        if self._play_hand(
            lambda text: " on the left" in text or " on the right" in text,
            None,
            self._plain_enter,
        ):
            return True
        text, cue = self._text("d", SILENT_S)
        return cue != REFUSED and bool(text)

    # -- the hand --------------------------------------------------------------------------------

    def _play_hand(
        self,
        good: Callable[[str], bool],
        fallback: Callable[[str], bool] | None,
        enter: Callable[[str], bool],
    ) -> bool:
        """Walk the hand from its first card, and Enter on each card ``good`` says may be
        played as the cursor comes to it, until one is taken (the cards after it are not
        walked); then, if none was, on each ``fallback`` accepts. True when a card was
        played."""
        cards: list[str] = []
        for index, text in enumerate(self._walk_hand()):
            cards.append(text)
            if good(text) and enter(self._key_for(index)):
                return True
        if fallback is not None:
            for index, text in enumerate(cards):
                if fallback(text) and enter(self._key_for(index)):
                    return True
        return False

    def _walk_hand(self) -> Iterator[str]:
        """What the cursor says of each card of the hand, first to last, as it moves on (a
        card's number key, or Enter on it, leaves the cursor on it or where it was)."""
        text, cue = self._text("home")
        if not text or cue == REFUSED:
            return
        yield text
        for _ in range(20):
            text, cue = self._text("right")
            if not text or cue in (EDGE, REFUSED):
                return
            yield text

    def _key_for(self, index: int) -> str:
        """The key that plays card ``index``: its number key (1 to 9), else Enter once the
        cursor is on it (from the first card, which Home goes to)."""
        if index < 9:
            return str(index + 1)
        self._text("home")
        for _ in range(index):
            self._text("right")
        return "return"


def mine(turn: str) -> bool:
    """Whether T's answer says this seat is to act."""
    return turn.startswith(
        ("Your turn", "Your lead", "Your bid", "Your extra turn", "Three cards marked")
    )
