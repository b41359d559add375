"""A player at the browser page, for the tests and the benchmark: sign in, press keys or touch,
and read what the page announced and what the server answered.

The player is blind and plays by ear: on its turn it tries the family's keys in order, and
after each key waits for the answer to that key (the phrase whose ``answer_to`` is the key's
``seq``); a refusal sends it to the next key, an accepted action back to
the first. An action taken is narrated in turn (priority ``queue``); a refusal, a question
or a warning answers at once (``now``). A key the server answers with no words (the end of a
colour turn, a key at the results screen) is known by a ``ping`` sent after it: the server
handles a connection's messages in order, so once its ``pong`` is in, no answer is coming. No
test reads the server's state: everything comes from the page.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver

from helpers.browser import (
    centre_of,
    double_tap,
    swipe,
    touch,
    wait_for,
)
from helpers.by_ear import SILENT_S, ByEar, mine
from ninetynine_audio.games.registry import find_game

SELENIUM_KEYS = {
    "return": Keys.RETURN,
    "escape": Keys.ESCAPE,
    "space": Keys.SPACE,
    "left": Keys.ARROW_LEFT,
    "right": Keys.ARROW_RIGHT,
    "up": Keys.ARROW_UP,
    "down": Keys.ARROW_DOWN,
    "home": Keys.HOME,
    "f1": Keys.F1,
    "f2": Keys.F2,
    "comma": ",",
    "period": ".",
    "slash": "/",
}

# What a player who cannot see the cards tries on its turn, family by family: act keys (an
# action) and move keys (the cursor, a pile, marking a card), tried in this order.
ACT = "act"
MOVE = "move"
TRIES: dict[str, list[tuple[str, str]]] = {
    # Enter twice: a costly card in the tactical game is played by a second press.
    "adding": [("return", ACT), ("return", ACT), ("down", MOVE), ("return", ACT), ("right", MOVE)],
    "colours": [
        ("return", ACT),
        ("x", ACT),
        ("up", MOVE),
        ("return", ACT),
        ("down", MOVE),
        ("return", ACT),
        ("d", ACT),
        ("right", MOVE),
    ],
    "tricks": [("return", ACT), ("space", MOVE), ("right", MOVE)],
}
# Keys whose taking may be said to the others only (the end of a colour turn): the player
# waits for their answer no longer than a refusal takes to come.
SILENT_KEYS = {"colours": {"d"}}
# The families the page's key player plays by ear (:class:`PageEar`) rather than by trying
# keys blind: the colour game's turns have many steps, and blind tries took minutes.
BY_EAR = {"colours"}
ANSWER_S = 15.0
"""How long a key played by ear waits for its answer (a loaded machine)."""
QUIET_S = 1.0
"""With nothing new said for this long, the player by ear asks whose turn it is all the same."""
ASK_GAP_S = 0.25
"""The shortest time between two questions of whose turn it is while the others play."""
KEY_GAP_S = 0.05
"""The shortest time between two keys (the server refuses more than 30 messages a second)."""
PING_AFTER_S = 0.1
"""A key not answered within this long is followed by a ``ping``, to learn when the server has
done with it (most keys are answered sooner, and cost no second message)."""
NEWS = (
    "(() => { for (let i = client.received.length - 1; i >= 0; i -= 1)"
    " if (client.received[i].answerTo === null) return client.received[i].seq; return 0; })()"
)
"""The seq of the last phrase that came unasked (not an answer to a key of the player's):
something new to listen to."""
REST_S = 0.2
"""The pause after a key refused while the turn is not the player's: not yet, the others may
be playing."""

# Touch: the seed's gestures for what they cover, a large button for the rest.
GESTURE_FOR = {
    "left": "swipe_left",
    "right": "swipe_right",
    "up": "swipe_up",
    "down": "swipe_down",
    "return": "double_tap",
}
BUTTON_FOR = {
    "colours": {"x": "score_row", "d": "end_piles"},
    "tricks": {"space": "mark_card"},
}
ONE_FINGER = {"swipe_left": (-120, 0), "swipe_right": (120, 0), "swipe_up": (0, -120)}


def family_of(game: str) -> str:
    """The family of a game id, as the registry has it."""
    return str(find_game(game).family)


class Player:
    """One page in one browser, signed in as one player."""

    def __init__(self, driver: WebDriver, base_url: str, *, by_touch: bool = False) -> None:
        self.driver = driver
        self.base_url = base_url
        self.by_touch = by_touch
        self.family = "adding"  # the family of the game being played

    # -- the page's own state ------------------------------------------------------------

    def js(self, expression: str) -> Any:
        """The value of ``expression`` about the page's client (``client`` in it)."""
        return self.driver.execute_script(
            f"const client = window.ninetynineClient; return ({expression});"
        )

    def until(self, expression: str, timeout: float) -> Any:
        """The value of ``expression`` about the page's client once it is true, or None after
        ``timeout`` seconds (at most 30): checked every 10 ms in the page itself, in one call
        to the browser rather than one a check."""
        found = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "const client = window.ninetynineClient;"
            f"const limit = performance.now() + {min(timeout, 30.0) * 1000:.0f};"
            "const check = () => {"
            f" const value = ({expression});"
            " if (value || performance.now() > limit) done(value || null);"
            " else setTimeout(check, 10);"
            "};"
            "check();"
        )
        return found

    def record_sent(self) -> None:
        """Keep every message the page sends from now on, in ``client.sentForTest``."""
        self.js(
            "(() => { client.sentForTest = [];"
            " const send = client.send.bind(client);"
            " client.send = (m) => { client.sentForTest.push(m); return send(m); }; })()"
        )

    def received(self, since: int = 0) -> list[dict[str, Any]]:
        """The phrases the server sent, in order, with when each was announced."""
        found: list[dict[str, Any]] = self.js(f"client.received.slice({since})")
        return found

    def table_state(self) -> str:
        """The state of the table the player sits at (``none``, ``waiting``, ``playing``...)."""
        return str(self.js("client.table.state"))

    # -- signing in --------------------------------------------------------------------

    def open(self, path: str = "/", wpm: int = 900) -> None:
        """Load the page; the player's screen reader speed is set first (fast: a test)."""
        self.driver.get(self.base_url + "/keys.json")  # the same origin, to reach its storage
        self.driver.execute_script(
            "localStorage.setItem('ninetynine-audio', JSON.stringify({wpm: arguments[0]}));"
            "sessionStorage.clear();",  # a new player, not the guest of the last test
            wpm,
        )
        self.driver.get(self.base_url + path)
        wait_for(lambda: self.js("Boolean(client)"), 20, "the page's script to start")
        wait_for(
            lambda: self.js("!document.body.classList.contains('loading')"),
            20,
            "the page in its language",
        )
        # The page ignores the server's pongs; the player notes each one's seq (see answer()).
        self.js(
            "(() => { client.pongs = []; const receive = client.receive.bind(client);"
            " client.receive = (m) => { if (m.type === 'pong') client.pongs.push(m.seq);"
            " return receive(m); }; })()"
        )

    def sign_in(self, name: str, password: str | None = None) -> None:
        """Type the name (and password) and enter; wait for the server's welcome."""
        field = self.driver.find_element(By.ID, "name")
        field.clear()
        field.send_keys(name)
        if password:
            self.driver.find_element(By.ID, "password").send_keys(password)
        self.driver.find_element(By.ID, "start-submit").click()
        wait_for(lambda: self.js("client.welcomed"), 20, "the server's welcome")

    def create(
        self, game: str, seats: list[str], options: dict[str, Any] | None = None, pause_ms: int = 0
    ) -> str:
        """Create a table the way a script does (``create``); its code. Computer players
        pause ``pause_ms`` before each move (the table's host may choose it)."""
        message = {
            "type": "create",
            "game": game,
            "seats": seats,
            "options": options or {},
            "pause_ms": pause_ms,
        }
        self.driver.execute_script("window.ninetynineClient.send(arguments[0]);", message)
        code = wait_for(
            lambda: self.js("client.table.code"),
            20,
            f"the new table's code (errors: {self.js('client.errors')})",
        )
        return str(code)

    def start_table(self) -> None:
        """The host starts the game."""
        self.js("client.send({type: 'start'})")
        wait_for(lambda: self.table_state() == "playing", 20, "the game to start")

    # -- keys and touches --------------------------------------------------------------

    def focus_play(self) -> None:
        """Put the focus on the game's keys, as a player tabbing to them would."""
        self.driver.execute_script("document.getElementById('keys').focus();")

    def press(self, key: str) -> int:
        """Press one key in the game's region (where the focus is in it; else on the game's
        keys, as a player tabbing there would); the seq the page gave it."""
        inside = self.driver.execute_script(
            "return document.getElementById('play').contains(document.activeElement);"
        )
        if not inside:
            self.focus_play()
        ActionChains(self.driver).send_keys(SELENIUM_KEYS.get(key, key)).perform()
        return int(self.js("client.keySeq"))

    def touch_for(self, key: str) -> int:
        """Do by touch what ``key`` does: the seed's gesture, or the command's button."""
        before = int(self.js("client.keySeq"))
        gesture = GESTURE_FOR.get(key)
        for _ in range(3):
            # The screen's lines may change under the finger (a computer player's move): a
            # touch that landed beside its target is tried again.
            if gesture is not None:
                self.gesture(gesture)
            else:
                self.tap_button(BUTTON_FOR[self.family][key])
            if self.until(f"client.keySeq > {before} && client.keySeq", 3) is None:
                continue
            return int(self.js("client.keySeq"))
        raise AssertionError(f"three touches for {key} did nothing")

    def gesture(self, name: str) -> None:
        """One of the seed's gestures on the touch area (and one finger up or down)."""
        centre = centre_of(self.driver, "touch")
        if name == "double_tap":
            double_tap(self.driver, centre)
        elif name.startswith("multi_swipe_"):
            dx, dy = {"up": (0, -120), "left": (-120, 0)}[name.removeprefix("multi_swipe_")]
            swipe(self.driver, centre, dx, dy, fingers=2)
        else:
            dx, dy = ONE_FINGER.get(name, (0, 120))
            swipe(self.driver, centre, dx, dy, fingers=1)

    def tap_button(self, command: str) -> None:
        """Tap a command's large button with one finger."""
        wait_for(
            lambda: self.driver.find_elements(By.CSS_SELECTOR, f"[data-command='{command}']"),
            10,
            f"the button for {command}",
        )
        box = self.driver.execute_script(
            "const b = document.querySelector(`[data-command='${arguments[0]}']`);"
            "b.scrollIntoView({block: 'center'}); const r = b.getBoundingClientRect();"
            "return [r.x + r.width / 2, r.y + r.height / 2];",
            command,
        )
        touch(self.driver, "touchStart", [(box[0], box[1])])
        touch(self.driver, "touchEnd", [])

    def act(self, key: str) -> int:
        """Press ``key``, or do it by touch for a touch player."""
        return self.touch_for(key) if self.by_touch else self.press(key)

    def answer(self, seq: int, timeout: float = 4.0) -> dict[str, Any] | None:
        """The phrase that answered key ``seq``, once announced; None if none came: the
        server's pong to a ping sent after the key came first, or ``timeout`` (at most 30 s)
        ran out. Waited for in the page, in one call to the browser."""
        found = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "const client = window.ninetynineClient;"
            f"const seq = {seq}; const start = performance.now(); let pinged = false;"
            "const check = () => {"
            " const waited = performance.now() - start;"
            " const found = client.received.find((p) => p.answerTo === seq);"
            " if (found) { if (found.saidAt !== null) return done(found); }"
            # The server has done with the key and said nothing.
            " else if (client.pongs.includes(seq)) return done(null);"
            f" else if (!pinged && waited > {PING_AFTER_S * 1000:.0f}) {{"
            "  pinged = true; client.send({type: 'ping', seq}); }"
            f" if (waited > {min(timeout, 30.0) * 1000:.0f}) return done(null);"
            " setTimeout(check, 5);"
            "};"
            "check();"
        )
        return None if found is None else dict(found)

    def turn_announced_since(self, seq: int) -> bool:
        """Whether a phrase after phrase ``seq`` came with the turn cue: the player's turn."""
        return bool(
            self.js(
                f"client.received.some((p) => p.seq > {seq}"
                " && (p.cue || '').split('+').includes('your_turn'))"
            )
        )

    # -- a whole game --------------------------------------------------------------------

    def play_to_the_end(
        self, game: str, *, timeout: float = 300.0, on_key: Callable[[str], None] | None = None
    ) -> int:
        """Play until the table is over; the number of keys (or touches) used."""
        self.family = family_of(game)
        if self.family in BY_EAR and not self.by_touch:
            return PageEar(self, on_key).play(timeout)
        tries = TRIES[self.family]
        index = 0
        acted = 0  # the seq of the answer to the player's last action
        used = 0
        direction = "right"
        deadline = time.monotonic() + timeout
        while self.table_state() == "playing":
            if time.monotonic() > deadline:
                raise AssertionError(f"the {game} game did not end in {timeout} s")
            if self.js("Boolean(client.display && client.display.busy)"):
                # A computer player is about to act: listen until it has.
                self.until(
                    "!(client.display && client.display.busy) || client.table.state !== 'playing'",
                    10,
                )
                continue
            key, kind = tries[index % len(tries)]
            if key == "right":
                key = direction  # through the hand and back: the cursor stops at either end
            seq = self.act(key)
            used += 1
            if on_key is not None:
                on_key(key)
            silent = key in SILENT_KEYS.get(self.family, set())
            said = self.answer(seq, timeout=SILENT_S) if silent else self.answer(seq)
            cue = (said or {}).get("cue") or ""
            # An action taken is narrated like every move, in turn; a refusal, a question
            # ("up for plus 10 or down for minus 10?") or a warning answers at once.
            refused = said is None or said.get("priority") == "now"
            if key == direction and "menu_edge" in cue:
                direction = "left" if direction == "right" else "right"
            if kind == ACT and said is not None and not refused:
                index = 0
                acted = int(said["seq"])
                continue
            index += 1
            if refused:
                # With its turn announced (the turn cue) since its last action, a refusal
                # says only "not this key": the next is tried at once. Otherwise: not yet,
                # the others may be playing.
                time.sleep(KEY_GAP_S if self.turn_announced_since(acted) else REST_S)
        states = self.js("client.tableStates")
        assert "over" in states, f"the table left play without ending: {states}"
        return used


class PageEar(ByEar):
    """The page's key player by ear: it asks whose turn it is (T) whenever the page said
    something new (an answer to one of its own keys is not news), and on its turn plays as
    :class:`by_ear.ByEar` does, from the words the page announced in answer to each key."""

    def __init__(self, player: Player, on_key: Callable[[str], None] | None = None) -> None:
        self.player = player
        self.on_key = on_key
        self.used = 0
        self._last_key = 0.0

    def _text(self, key: str, timeout: float | None = None) -> tuple[str, str]:
        wait = self._last_key + KEY_GAP_S - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        seq = self.player.press(key)
        self._last_key = time.monotonic()
        self.used += 1
        if self.on_key is not None:
            self.on_key(key)
        said = self.player.answer(seq, timeout=ANSWER_S if timeout is None else timeout)
        if said is None:
            return "", ""
        return str(said.get("text") or ""), str(said.get("cue") or "")

    def play(self, timeout: float) -> int:
        """Listen, and take each turn when it comes, until the table is over."""
        player = self.player
        step = self.turn_step(player.family)
        deadline = time.monotonic() + timeout
        seen = -1
        idle_since = time.monotonic()
        while player.table_state() == "playing":
            if time.monotonic() > deadline:
                raise AssertionError(f"the {player.family} game did not end in {timeout} s")
            quiet = time.monotonic() - idle_since
            if quiet < ASK_GAP_S:
                time.sleep(ASK_GAP_S - quiet)  # asked a moment ago
                continue
            count = int(player.js(NEWS))
            if count == seen and quiet < QUIET_S:
                # Nothing new: listen until something is said, or the quiet has lasted.
                player.until(f"{NEWS} !== {seen}", QUIET_S - quiet)
                continue
            seen, idle_since = count, time.monotonic()
            turn, _ = self._text("t")
            if mine(turn):
                step(turn)
                seen, idle_since = -1, 0.0  # ask again at once: the turn may go on
        states = player.js("client.tableStates")
        assert "over" in states, f"the table left play without ending: {states}"
        return self.used
