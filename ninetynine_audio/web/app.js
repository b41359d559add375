// The browser client: a thin client of the table server (docs/protocol.md). Every screen runs
// on the server; the page sends the player's keys, touches and buttons, speaks the phrases it
// receives through the screen reader (or the browser's voice), plays their cues, and shows the
// screen's lines.

import { Announcer } from "./announce.js";
import { gestureOf, watchTouches } from "./input.js";
import { Cues } from "./sound.js";
import { OFFLINE, connectToGame, dataUrl, exportData, importData, prepareOffline } from "./transport.js";
import { WORDS, loadWords, lostConnection, matchLanguage, spaced, word } from "./words.js";

const PROTOCOL = 1;
const STORE = "ninetynine-audio";
const RETRY_SECONDS = [1, 2, 4, 8, 16, 30]; // as the desktop client: longer each time
// Moved to another process of the server and refused there as busy checking passwords (a
// tournament's round moves its players at once): signed in again, as the desktop client.
const MOVED_BUSY_TRIES = 10;
const MOVED_BUSY_WAIT_MS = 1000;
// Touch gestures as the keys they stand for (seed 002: the tactical game's own controls; one
// finger up or down answers the tactical 10's question, and chooses a pile or a suit), and the
// page's word that says each in the touch help, shown for the gestures whose key the table uses.
const GESTURES = [
  ["swipe_left", "left", "touchSwipeLeft"],
  ["swipe_right", "right", "touchSwipeRight"],
  ["swipe_up", "up", "touchSwipeUp"],
  ["swipe_down", "down", "touchSwipeDown"],
  ["double_tap", "return", "touchDoubleTap"],
  ["multi_swipe_up", "t", "touchMultiUp"],
  ["multi_swipe_left", "c", "touchMultiLeft"],
];
const GESTURE_KEYS = Object.fromEntries(GESTURES.map(([gesture, key]) => [gesture, key]));
// A key pressed alone that the game uses (Control stops speech): sent, and left to the browser
// and the screen reader too (theirs stops speech as well), so that Ctrl+plus still zooms.
const LONE_MODIFIERS = new Set(["ctrl", "alt", "shift"]);
// A menu's own commands that its items, as buttons, do: moved through and chosen.
const MENU_ITEM_COMMANDS = new Set(["move_up", "move_down", "first_item", "last_item", "select"]);
const NUMBERED = /_\d+$/;
// On a focused menu item these move the focus through the items, as in a list of buttons.
const MENU_FOCUS_KEYS = { up: -1, down: 1, home: "first", end: "last" };

const FIRST = ["announce_turn", "announce_total", "previous_card", "next_card", "play_card", "speak_hand"];
const firstRank = (id) => (FIRST.includes(id) ? FIRST.indexOf(id) : FIRST.length);

// The file of the player's data (the page with no server): its files by path, marked as ours.
const DATA_FORMAT = "ninetynine-audio-data";
// After the data is put back, the game starts again with it, once the answer has been heard.
const RESTART_AFTER_IMPORT_MS = 2500;

const $ = (id) => document.getElementById(id);

function loadSettings() {
  // language: the player's choice on the first screen; null follows the browser's languages.
  const defaults = {
    name: "",
    voice: false,
    rate: 1,
    voiceVolume: 1,
    sound: 0.8,
    wpm: 180,
    verbosity: "normal",
    language: null,
  };
  try {
    return { ...defaults, ...JSON.parse(localStorage.getItem(STORE) || "{}") };
  } catch {
    return defaults;
  }
}

class Client {
  constructor() {
    this.settings = loadSettings();
    this.cues = new Cues("sounds/");
    this.announcer = new Announcer({
      polite: $("say-polite"),
      assertive: $("say-assertive"),
      history: $("history"),
      cues: this.cues,
    });
    this.announcer.onSpoken = (text, priority) => this.spoken(text, priority);
    this.socket = null;
    this.welcomed = false;
    this.everWelcomed = false;
    this.retry = 0;
    this.retryTimer = null;
    this.movedTo = null; // a process of this server a "moved" message sent us to
    this.busyTries = 0; // busy refusals since the last "moved"
    this.busyRetry = false; // refused as busy where a "moved" sent us: sign in again
    this.joining = null; // the table the last connection joined as it opened
    this.rejoin = null; // the table to join there
    this.moving = false;
    this.arrivedByMove = false;
    this.keySeq = 0;
    this.quiet = new Set(); // keys whose answers are not said
    this.keysSent = []; // every key name sent, for the page's tests
    this.lastPhraseSeq = 0;
    this.phrasesReceived = 0; // with text: each must be announced, none dropped
    this.received = []; // the last phrases received, with when each was announced
    this.keyTimes = new Map(); // key seq -> when it was sent, to measure key to speech
    this.speakingUntil = 0; // when the phrases let out so far are likely all heard
    this.heardTimer = null;
    this.table = { code: null, game: null, seat: null, state: "none" };
    this.tableStates = []; // every state the table has been in, for the page's tests
    this.errors = []; // the server's refusals of messages
    this.display = null;
    this.keys = null; // the keymap's commands per context, from the server
    this.pings = new Map(); // when each ping of the ping key left, by its seq
    this.notes = []; // the page's own lines, to be kept in the session's system buffer
    this.pingKeys = null; // the keys of the ping command on this screen
    this.invite = new URLSearchParams(location.search).get("table");
    this.inviteJoined = false;
    this.guestToken = sessionStorage.getItem(`${STORE}-guest`);
    this.language = this.settings.language || "en"; // the code the hello asks for
    this.wordsReady = Promise.resolve(false);
  }

  start() {
    prepareOffline();
    this.applySettings();
    this.wireStart();
    this.wireOptions();
    this.wireData();
    this.wirePlay();
    this.wireAsk();
    this.wireLanguage();
    this.wordsReady = this.useLanguage(this.language).then(async (loaded) => {
      // No choice made yet: the browser's own languages, matched to the game's.
      if (loaded && !this.settings.language) {
        const fitting = matchLanguage(navigator.languages ?? [navigator.language], WORDS.languages);
        if (fitting !== this.language) await this.useLanguage(fitting);
      }
      this.fillLanguages();
      return loaded;
    });
    // The page is shown (and read) once it is in the player's language, or after a while
    // without its words, in English.
    const show = () => document.body.classList.remove("loading");
    this.wordsReady.then(show, show);
    setTimeout(show, 3000);
    this.showInvite();
    $("name").value = this.settings.name;
    // The first key or touch anywhere lets the page make sound (browsers require it).
    const unlock = () => {
      this.cues.unlock();
      this.announcer.voice.unlock(this.received.at(-1)?.text);
    };
    for (const kind of ["keydown", "pointerdown", "touchstart"]) {
      document.addEventListener(kind, unlock, { capture: true, passive: true });
    }
    // The game in this page (the built folder): no server to sign in to, it starts at once.
    if (OFFLINE) this.connect();
    else this.offerOffline();
  }

  // -- the page's language --------------------------------------------------------------------

  /** Put the page in ``code``: its words, its key descriptions, its direction. */
  async useLanguage(code) {
    this.language = code;
    const loaded = await loadWords(code);
    this.showInvite();
    fetch(dataUrl("keys.json", code))
      .then((response) => (response.ok ? response.json() : null))
      .then((keys) => {
        if (keys === null || code !== this.language) return;
        this.keys = keys;
        delete $("commands").dataset.context; // the buttons again, in the new words
        this.renderCommands();
      })
      .catch(() => {});
    return loaded;
  }

  /** The Language select of the first screen: each language by its own name. */
  fillLanguages() {
    const select = $("language");
    if (!WORDS.languages.length) return;
    select.replaceChildren(
      ...WORDS.languages.map((entry) => {
        const option = document.createElement("option");
        option.value = entry.code;
        option.textContent = entry.name;
        option.lang = entry.code.replace("_", "-");
        return option;
      }),
    );
    select.value = this.language;
  }

  wireLanguage() {
    $("language").addEventListener("change", (event) => {
      this.settings.language = event.target.value;
      this.saveSettings();
      this.wordsReady = this.useLanguage(event.target.value).then((loaded) => {
        this.fillLanguages();
        return loaded;
      });
    });
  }

  showInvite() {
    if (!this.invite) return;
    const invite = word("joinInvite", { code: spaced(this.invite) });
    $("start-title").textContent = invite;
    $("start-intro").textContent = word("inviteIntro", { code: spaced(this.invite) });
    $("start-submit").textContent = invite;
    document.title = invite + word("titleSuffix");
  }

  // -- settings ------------------------------------------------------------------------------

  saveSettings() {
    localStorage.setItem(STORE, JSON.stringify(this.settings));
    this.applySettings();
  }

  applySettings() {
    const s = this.settings;
    const voice = this.announcer.voice;
    voice.enabled = s.voice && voice.available;
    voice.rate = s.rate;
    voice.volume = s.voiceVolume;
    this.cues.setVolume(s.sound);
    $("opt-voice").checked = s.voice;
    $("opt-voice").disabled = !voice.available;
    $("opt-rate").value = s.rate;
    $("opt-rate-out").textContent = String(s.rate);
    $("opt-voice-volume").value = s.voiceVolume;
    $("opt-voice-volume-out").textContent = `${Math.round(s.voiceVolume * 100)}%`;
    $("opt-sound").value = s.sound;
    $("opt-sound-out").textContent = `${Math.round(s.sound * 100)}%`;
    $("opt-wpm").value = s.wpm;
    $("opt-verbosity").value = s.verbosity;
  }

  /** How fast the player hears: the browser's voice at its rate, or the screen reader's. */
  wordsPerMinute() {
    const wpm = this.announcer.voice.enabled ? 180 * this.settings.rate : this.settings.wpm;
    return Math.round(Math.min(900, Math.max(80, wpm)));
  }

  wireOptions() {
    const panel = $("options");
    const button = $("options-button");
    const toggle = (open) => {
      panel.hidden = !open;
      button.setAttribute("aria-expanded", String(open));
      if (open) $("options-title").focus();
      else button.focus();
    };
    button.addEventListener("click", () => toggle(panel.hidden));
    $("options-close").addEventListener("click", () => toggle(false));
    panel.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        event.preventDefault();
        toggle(false);
      }
    });
    $("opt-voice").addEventListener("change", (event) => {
      this.settings.voice = event.target.checked;
      this.saveSettings();
      this.announcer.answer(word(this.settings.voice ? "voiceOn" : "voiceOff"));
      this.sendSettings({ words_per_minute: this.wordsPerMinute() });
    });
    const number = (id, key, then = () => {}) =>
      $(id).addEventListener("change", (event) => {
        const value = Number(event.target.value);
        if (Number.isFinite(value)) {
          this.settings[key] = value;
          this.saveSettings();
          then();
        }
      });
    const speed = () => this.sendSettings({ words_per_minute: this.wordsPerMinute() });
    number("opt-rate", "rate", speed);
    number("opt-voice-volume", "voiceVolume");
    number("opt-sound", "sound");
    number("opt-wpm", "wpm", speed);
    $("opt-verbosity").addEventListener("change", (event) => {
      this.settings.verbosity = event.target.value;
      this.saveSettings();
      this.sendSettings({ verbosity: this.settings.verbosity });
    });
  }

  /** In the page with no server: the player's data (settings, the saved match, statistics)
   * kept as a file, and put back from one; the game starts again with what was put back. */
  wireData() {
    if (!OFFLINE) return;
    $("your-data").hidden = false;
    const said = (text) => {
      $("data-said").textContent = text;
      this.announcer.answer(text);
    };
    $("data-export").addEventListener("click", async () => {
      const files = await exportData();
      const name = `ninetynine-audio-${new Date().toISOString().slice(0, 10)}.json`;
      const text = JSON.stringify({ format: DATA_FORMAT, files }, null, 1);
      const link = document.createElement("a");
      link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
      link.download = name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 60000);
      said(word("exported", { name }));
    });
    $("data-import").addEventListener("click", () => $("data-file").click());
    $("data-file").addEventListener("change", async (event) => {
      const file = event.target.files?.[0];
      event.target.value = "";
      if (!file) return;
      let files = null;
      try {
        const data = JSON.parse(await file.text());
        if (data?.format === DATA_FORMAT && data.files && typeof data.files === "object") files = data.files;
      } catch {
        files = null;
      }
      if (!files) {
        said(word("importFailed"));
        return;
      }
      await importData(files);
      said(word("imported"));
      setTimeout(() => location.reload(), RESTART_AFTER_IMPORT_MS);
    });
  }

  /** On a served page: the link to the page with no server, when this server offers it. */
  offerOffline() {
    const link = $("offline-link");
    fetch("offline/build.json", { method: "HEAD", cache: "no-store" })
      .then((response) => {
        link.hidden = !response.ok;
      })
      .catch(() => {})
      .finally(() => {
        link.dataset.asked = "true";
      });
  }

  /** A setting the session uses, changed while connected: the server uses it at once and
   * says the new value (the next hello carries it too). */
  sendSettings(changes) {
    if (this.welcomed) this.send({ type: "settings", ...changes });
  }

  // -- connecting ----------------------------------------------------------------------------

  wireStart() {
    $("start-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const name = $("name").value.trim();
      if (!name) {
        $("start-problem").textContent = word("enterName");
        $("name").focus();
        return;
      }
      this.settings.name = name;
      this.saveSettings();
      this.password = $("password").value || null;
      $("start-problem").textContent = "";
      this.connect();
    });
  }

  setConnection(text) {
    $("connection").textContent = text;
  }

  connect() {
    clearTimeout(this.retryTimer);
    this.setConnection(word(OFFLINE ? "startingHere" : "connecting"));
    const socket = connectToGame(this.movedTo);
    this.socket = socket;
    this.welcomed = false;
    socket.addEventListener("open", () => {
      this.send({
        type: "hello",
        protocol: PROTOCOL,
        name: this.settings.name,
        password: this.password,
        guest_token: this.guestToken,
        client: "browser",
        verbosity: this.settings.verbosity,
        hears_cues: true,
        words_per_minute: this.wordsPerMinute(),
        language: this.language,
        // Welcomed before: connecting again is not coming online.
        again: Boolean(this.everWelcomed),
      });
      if (this.rejoin) {
        // As for an invite: the other process's lobby greeting goes to the history unsaid.
        this.keySeq += 1;
        this.inviteHold = this.keySeq;
        this.send({ type: "ping", seq: this.keySeq });
        this.send({ type: "join", code: this.rejoin });
      }
      this.joining = this.rejoin; // joined again if this sign-in is tried again
      this.rejoin = null;
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      this.receive(message);
    });
    socket.addEventListener("close", () => this.closed(socket));
  }

  closed(socket) {
    if (socket !== this.socket) return;
    this.socket = null;
    if (this.noRetry) return;
    if (this.busyRetry) {
      // Moved, and the process was busy checking passwords: sign in there again after a
      // while, growing, spread at random so that those moved together come back apart.
      this.busyRetry = false;
      const wait = MOVED_BUSY_WAIT_MS * this.busyTries * (0.5 + Math.random());
      this.retryTimer = setTimeout(() => this.connect(), wait);
      return;
    }
    if (this.moving) {
      // To the process of this server that plays the table: at once.
      this.moving = false;
      this.arrivedByMove = true;
      this.connect();
      return;
    }
    // A process a "moved" sent us to that is gone: the page's own address finds one that runs.
    this.movedTo = null;
    if (!this.everWelcomed) {
      // Never got in: the server is not there; keep trying, but say so on the start screen.
      $("start-problem").textContent = word("cannotConnect");
    }
    const seconds = RETRY_SECONDS[Math.min(this.retry, RETRY_SECONDS.length - 1)];
    this.retry += 1;
    const text = lostConnection(seconds);
    this.setConnection(text);
    if (this.everWelcomed && this.retry === 1) this.sayOwn(text);
    this.retryTimer = setTimeout(() => this.connect(), seconds * 1000);
  }

  send(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  // -- what the server sends -----------------------------------------------------------------

  receive(message) {
    switch (message.type) {
      case "welcome":
        return this.welcome(message);
      case "phrase":
        return this.phrase(message);
      case "speech":
        return this.speech(message.action);
      case "cue":
        return this.cues.play(message.name, message.pan ?? 0);
      case "display":
        return this.render(message);
      case "ask":
        return this.ask(message);
      case "table":
        return this.seated(message);
      case "error":
        return this.refused(message);
      case "bye":
        return this.bye(message);
      case "pong":
        return this.pong(message);
      case "moved":
        return this.moved(message);
      default:
        return undefined;
    }
  }

  welcome(message) {
    const again = this.everWelcomed;
    this.welcomed = true;
    this.everWelcomed = true;
    this.retry = 0;
    this.busyTries = 0;
    if (message.guest_token) {
      this.guestToken = message.guest_token;
      sessionStorage.setItem(`${STORE}-guest`, message.guest_token);
    }
    this.setConnection(word(OFFLINE ? "playingHere" : "connected"));
    // Sent on to another process of the server is not a connection lost and found again.
    if (again && !this.arrivedByMove) this.sayOwn(word("reconnected"));
    this.sendNotes();
    this.arrivedByMove = false;
    $("start").hidden = true;
    $("screen").hidden = false;
    if (!again || !$("screen").contains(document.activeElement)) $("keys").focus();
    if (this.invite && !this.inviteJoined) {
      this.inviteJoined = true;
      // The lobby's greeting comes before the table the player was invited to: it goes to
      // the history unsaid, up to the server's answer to a ping sent before the join (the
      // server answers a connection's messages in order).
      this.keySeq += 1;
      this.inviteHold = this.keySeq;
      this.send({ type: "ping", seq: this.keySeq });
      this.send({ type: "join", code: this.invite });
    }
  }

  moved(message) {
    // This player's table is played by another process of the same server.
    this.movedTo = message.url || null;
    this.rejoin = message.code ?? null;
    this.busyTries = 0;
    this.moving = true;
    if (this.socket) this.socket.close();
  }

  pong(message) {
    if (message.seq === this.inviteHold) this.inviteHold = null;
    const sent = this.pings.get(message.seq);
    if (sent !== undefined) {
      // The ping key: the round trip, timed here, said at once and kept in the history.
      this.pings.delete(message.seq);
      const ms = Math.round(performance.now() - sent);
      this.sayOwn(word("ping", { ms }));
    }
  }

  /** A line the page says itself (the ping, the connection lost and found), not the server:
   * said at once, and kept in the session's system buffer (a `note`), where the buffer keys,
   * answered by the server, read it with the rest; kept here while the connection is down. */
  sayOwn(text) {
    this.announcer.say(text, { priority: "now" });
    this.notes.push(text);
    if (this.notes.length > 20) this.notes.shift();
    if (this.welcomed) this.sendNotes();
  }

  sendNotes() {
    while (this.notes.length && this.send({ type: "note", text: this.notes[0] })) {
      this.notes.shift();
    }
  }

  /** Alt+P: a ping to the server, timed by the page (the worker has no server: its game
   * answers the key itself). */
  ping() {
    this.keySeq += 1;
    this.pings.set(this.keySeq, performance.now());
    this.send({ type: "ping", seq: this.keySeq });
  }

  phrase(message) {
    this.lastPhraseSeq = Math.max(this.lastPhraseSeq, message.seq ?? 0);
    if (message.answer_to != null) {
      // The server answers keys in order: a quiet key before this one has had its answer.
      for (const seq of this.quiet) if (seq < message.answer_to) this.quiet.delete(seq);
    }
    if (message.answer_to != null && this.quiet.delete(message.answer_to)) {
      // The answer to a move made on the way to a menu item the player touched: only the
      // item chosen is worth hearing.
      this.reportHeard();
      return;
    }
    if (this.inviteHold != null && message.answer_to == null && message.text) {
      this.announcer.remember(message.text);
      this.reportHeard();
      return;
    }
    if (message.text) this.phrasesReceived += 1;
    const entry = {
      seq: message.seq ?? 0,
      answerTo: message.answer_to ?? null,
      text: message.text ?? "",
      cue: message.cue ?? null,
      priority: message.priority ?? "queue",
      receivedAt: performance.now(),
      saidAt: null,
      answered: false, // a prompt dropped unsaid because the player's action answered it
    };
    this.received.push(entry);
    if (this.received.length > 2000) this.received.shift();
    this.announcer.say(entry.text, {
      priority: entry.priority,
      cue: entry.cue,
      pan: message.pan ?? 0,
      mergeable: Boolean(message.mergeable),
      untilAction: Boolean(message.until_action),
      entry,
    });
    this.reportHeard();
  }

  speech(action) {
    if (action === "stop") this.announcer.dropWaiting(() => true);
    else if (action === "skip") this.announcer.dropWaiting((phrase) => phrase.mergeable);
    else if (action === "interrupt") this.announcer.dropAnswered();
    this.announcer.stop();
    if (action === "stop" || action === "interrupt") {
      this.announcer.cutOff();
      // What was being said is cut off (the browser's voice is stopped; a screen reader stops
      // at the key press that asked for it): only what comes after, and the phrases still
      // waiting, are left to be heard, so the computer players need not wait for the rest.
      this.speakingUntil = performance.now();
      this.reportHeard();
    }
  }

  /** The seconds a phrase likely takes to say, from its words and the player's speed. */
  speakingSeconds(text) {
    const words = text.split(/\s+/).filter(Boolean).length;
    return words ? (words * 60) / this.wordsPerMinute() + 0.1 : 0;
  }

  /** Each phrase let out: when it is likely heard, from the words and the player's speed. */
  spoken(text, priority) {
    const seconds = this.speakingSeconds(text);
    const now = performance.now();
    // An answer cuts off what was being said; narration is said after what came before it.
    const from = priority === "now" ? now : Math.max(now, this.speakingUntil);
    this.speakingUntil = from + seconds * 1000;
    this.reportHeard();
  }

  /** Tell the server how far speech has got, so computer players wait for this listener,
   * and the results screen for the result. The phrases still waiting in the queue (behind
   * the browser's voice) are to be heard too: the server must not take them as heard. */
  reportHeard() {
    if (this.heardPending) return;
    this.heardPending = true;
    setTimeout(() => {
      this.heardPending = false;
      const waiting = this.announcer.queue.length;
      const queued = this.announcer.queue.reduce((sum, phrase) => sum + this.speakingSeconds(phrase.text), 0);
      const remaining = Math.max(0, this.speakingUntil - performance.now()) / 1000 + queued;
      this.send({ type: "heard", seq: this.lastPhraseSeq, remaining: Math.min(3600, remaining) });
      clearTimeout(this.heardTimer);
      if (remaining > 0 || waiting > 0) {
        this.heardTimer = setTimeout(() => this.reportHeard(), remaining * 1000 + 20);
      }
    }, 50);
  }

  seated(message) {
    this.table = {
      code: message.code ?? null,
      game: message.game ?? null,
      seat: message.seat ?? null,
      state: message.state ?? "none",
    };
    this.tableStates.push(this.table.state);
    const invite = $("invite");
    if (this.table.code) {
      // "Invite link: <a link to the table>", the link a player can follow, copy or share.
      const url = `${location.origin}${location.pathname}?table=${this.table.code}`;
      const link = $("invite-link");
      link.href = url;
      link.textContent = url;
      const [before, after = ""] = word("inviteLink", { url: "\u0000" }).split("\u0000");
      invite.replaceChildren(before, link, after);
      invite.hidden = false;
    } else {
      invite.hidden = true;
    }
    this.renderCommands();
  }

  refused(message) {
    if (
      this.arrivedByMove &&
      !this.welcomed &&
      message.code === "busy" &&
      this.busyTries < MOVED_BUSY_TRIES
    ) {
      // Sent there by the server, not come by choice: not the player's to hear (nor its
      // goodbye, which follows); signed in again once the socket closes.
      this.busyTries += 1;
      this.busyRetry = true;
      this.rejoin = this.joining;
      return;
    }
    this.errors.push({ code: message.code, text: message.text });
    // Before the lobby nothing else says why the server would not let the player in.
    if (!this.welcomed) {
      $("start-problem").textContent = message.text;
      this.announcer.say(message.text, { priority: "now" });
    }
  }

  bye(message) {
    if (this.busyRetry) return;
    if (!message.retry) {
      this.noRetry = true;
      $("start").hidden = false;
      $("screen").hidden = true;
      $("start-problem").textContent = message.text;
      this.setConnection(message.text);
      this.noRetry = !this.everWelcomed;
      $("start-title").focus();
    }
  }

  ask(message) {
    const form = $("ask");
    const input = $("ask-input");
    $("ask-prompt").textContent = message.prompt;
    input.type = message.secret ? "password" : "text";
    input.maxLength = message.max_length ?? 120;
    input.value = "";
    form.hidden = false;
    input.focus();
    this.finishAsk = (text) => {
      this.finishAsk = null;
      form.hidden = true;
      this.send({ type: "answer", text });
      $("keys").focus();
    };
  }

  wireAsk() {
    const form = $("ask");
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      if (this.finishAsk) this.finishAsk($("ask-input").value);
    });
    $("ask-cancel").addEventListener("click", () => this.finishAsk?.(null));
    form.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.finishAsk) {
        event.preventDefault();
        this.finishAsk(null);
      }
    });
  }

  // -- the screen ----------------------------------------------------------------------------

  /** The keymap context of the server's screen, as the server names it with each screen. */
  context() {
    return this.display?.context || "menu";
  }

  atTable() {
    return this.context().startsWith("table");
  }

  /** Whether the server's screen is a menu: its lines are items to choose (buttons). */
  isMenu() {
    const display = this.display;
    return this.context() === "menu" && display?.highlight !== null && display?.highlight !== undefined;
  }

  /**
   * Draw the server's screen. The lines and buttons are updated in place, so the element
   * that has the focus stays; where it must go (a menu gives way to a table), the focus goes
   * to its successor: the menu item now highlighted, else the game keys.
   */
  render(display) {
    const before = this.display;
    this.display = display;
    if (this.quiet.size === 0) this.menuAt = display.highlight ?? null;
    const title = display.title || word("appName");
    if ($("screen-title").textContent !== title) $("screen-title").textContent = title;
    document.title = title + word("titleSuffix");
    const holder = $("lines");
    const menu = this.isMenu();
    const kind = menu ? "menu" : "lines";
    let list = holder.firstElementChild;
    const hadFocus = list !== null && list.contains(document.activeElement);
    const focusedIndex = hadFocus ? [...list.children].findIndex((li) => li.contains(document.activeElement)) : -1;
    if (list === null || list.dataset.kind !== kind) {
      list = document.createElement("ul");
      list.dataset.kind = kind;
      if (menu) list.className = "menu";
      holder.replaceChildren(list);
    }
    if (menu) list.setAttribute("aria-label", title);
    else list.removeAttribute("aria-label");
    const lines = display.lines ?? [];
    const groups = new Map((display.groups ?? []).map((group) => [group.line, group]));
    lines.forEach((line, index) => {
      let item = list.children[index];
      if (!item) {
        item = document.createElement("li");
        list.append(item);
      }
      const current = index === display.highlight;
      item.classList.toggle("current", current);
      if (current) item.setAttribute("aria-current", "true");
      else item.removeAttribute("aria-current");
      if (menu) this.renderItem(item, line, index);
      else {
        item.classList.toggle("first", index === 0 && this.atTable());
        this.renderLine(item, line, groups.get(index));
      }
    });
    while (list.children.length > lines.length) list.lastElementChild.remove();
    $("play").setAttribute("aria-busy", String(Boolean(display.busy)));
    $("touch").hidden = !this.atTable();
    // The focus that was on a line of the screen: kept where it still is; on a new screen,
    // or where its item went, the successor.
    const newScreen = !before || before.title !== display.title || before.context !== display.context;
    if (hadFocus && (newScreen || !list.contains(document.activeElement))) {
      const buttons = list.querySelectorAll("button");
      const at = newScreen ? display.highlight ?? 0 : Math.min(focusedIndex, buttons.length - 1);
      const successor = menu ? buttons[at] ?? buttons[buttons.length - 1] : null;
      (successor ?? $("keys")).focus();
    }
    this.renderCommands();
  }

  /** A menu item: a button, changed only where its words changed. */
  renderItem(item, line, index) {
    let button = item.firstElementChild;
    if (!(button instanceof HTMLButtonElement)) {
      button = document.createElement("button");
      button.type = "button";
      button.dataset.index = String(index);
      item.replaceChildren(button);
    }
    if (button.textContent !== line) button.textContent = line;
  }

  /** A line; a line that lists cards (the server's ``group`` for it) as a list. */
  renderLine(item, line, group) {
    const cards = group && group.items.length >= 2 ? group : null;
    const shape = JSON.stringify(cards ? [cards.label, cards.items] : line);
    if (item.dataset.shape === shape) return;
    item.dataset.shape = shape;
    if (!cards) {
      item.textContent = line;
      return;
    }
    const label = document.createElement("span");
    label.textContent = `${cards.label}:`;
    const list = document.createElement("ul");
    list.className = "cards";
    list.setAttribute("aria-label", cards.label);
    for (const part of cards.items) {
      const card = document.createElement("li");
      card.textContent = part;
      list.append(card);
    }
    item.replaceChildren(label, list);
  }

  /** Move the server's menu to item ``index`` without hearing the steps on the way. */
  moveMenuTo(index) {
    const from = this.menuAt ?? this.display?.highlight ?? 0;
    if (index === from) return;
    const last = (this.display?.lines?.length ?? 1) - 1;
    // The fewest keys: from where the menu is, or from its first or last item.
    let start = from;
    if (index < Math.abs(index - from)) {
      this.sendKey("home", { quiet: true });
      start = 0;
    } else if (last - index < Math.abs(index - from)) {
      this.sendKey("end", { quiet: true });
      start = last;
    }
    const step = index > start ? "down" : "up";
    for (let i = 0; i < Math.abs(index - start); i += 1) this.sendKey(step, { quiet: true });
    this.menuAt = index;
  }

  /** A menu item chosen (Enter, Space, a click or a tap on it): move there, then select. */
  choose(index) {
    this.moveMenuTo(index);
    this.sendKey("return");
  }

  renderCommands() {
    const holder = $("commands");
    const context = this.context();
    if (holder.dataset.context === context || !this.keys) return;
    holder.dataset.context = context;
    // The seed's own controls first (turn, total, through the hand, play), then the rest in
    // key help's order. A menu's items are buttons themselves: no buttons to move among them;
    // the keys that play a card by its place (1 to 9) are the keyboard's short way to what
    // the hand's buttons do, and would be buttons for cards that are not there.
    const all = this.keys.contexts?.[context] ?? [];
    const commands = all
      .filter((command) => !(context === "menu" && MENU_ITEM_COMMANDS.has(command.id)))
      .filter((command) => !NUMBERED.test(command.id))
      .sort((a, b) => firstRank(a.id) - firstRank(b.id));
    const old = new Map([...holder.children].map((item) => [item.firstElementChild?.dataset.command, item]));
    const items = commands.map((command) => {
      const item = old.get(command.id) ?? document.createElement("li");
      let button = item.firstElementChild;
      if (!button) {
        button = document.createElement("button");
        button.type = "button";
        button.dataset.command = command.id;
        item.append(button);
      }
      const keys = document.createElement("kbd");
      keys.textContent = (command.keys ?? []).join(", ");
      button.replaceChildren(command.description, ...(command.keys?.length ? [keys] : []));
      return item;
    });
    // The item with the focus is never moved (a moved element loses the focus): the others
    // are put around it.
    const focused = items.find((item) => item.contains(document.activeElement)) ?? null;
    const lostFocus = focused === null && holder.contains(document.activeElement);
    const focusedAt = lostFocus
      ? [...holder.children].findIndex((item) => item.contains(document.activeElement))
      : -1;
    for (const item of [...holder.children]) if (item !== focused) item.remove();
    const at = focused ? items.indexOf(focused) : items.length;
    for (const item of items.slice(0, at)) holder.insertBefore(item, focused);
    holder.append(...items.slice(at + 1));
    this.keysHere = new Set(all.flatMap((command) => command.gestures ?? []));
    this.pingKeys = new Set(all.filter((c) => c.id === "ping").flatMap((c) => c.gestures ?? []));
    this.renderTouchHelp(all);
    if (lostFocus) {
      const successor = holder.children[Math.min(focusedAt, holder.children.length - 1)];
      (successor?.querySelector("button") ?? $("keys")).focus();
    }
  }

  // -- keys, touches, buttons ----------------------------------------------------------------

  wirePlay() {
    const play = $("play");
    play.addEventListener("keydown", (event) => this.keydown(event));
    play.addEventListener("click", (event) => {
      const button = event.target.closest("#lines .menu button");
      if (button) this.choose(Number(button.dataset.index));
    });
    // A menu item reached by Tab (or a screen reader's focus) becomes the server's item too,
    // quietly: the screen reader has said it.
    play.addEventListener("focusin", (event) => {
      const button = event.target.closest?.("#lines .menu button");
      if (button && this.isMenu()) this.moveMenuTo(Number(button.dataset.index));
    });
    $("commands").addEventListener("click", (event) => {
      const button = event.target.closest("button[data-command]");
      if (button) this.sendCommand(button.dataset.command);
    });
    watchTouches($("touch"), (gesture) => {
      const key = GESTURE_KEYS[gesture];
      if (key) this.sendKey(key);
    });
  }

  /** The touch help: a line for each gesture whose key the screen's commands use, with the
   * command it does, as the server's keys describe it. */
  renderTouchHelp(commands) {
    const lines = [];
    for (const [, key, help] of GESTURES) {
      const command = commands.find((one) => (one.gestures ?? []).includes(key));
      if (!command) continue;
      const line = document.createElement("li");
      line.textContent = word(help, { command: command.description });
      lines.push(line);
    }
    $("touch-help").replaceChildren(...lines);
  }

  /** Whether the game uses ``gesture`` on this screen (the keymap's keys for it). */
  catches(gesture) {
    if (!this.keysHere) this.renderCommands();
    // In a menu a letter the menu's keys leave free jumps to the next item starting with it.
    if (this.isMenu() && /^[a-z]$/.test(gesture)) return true;
    // A table's waiting room is a menu, where the table's chat key says a line too.
    if (this.table.state === "waiting" && this.chatKeys().has(gesture)) return true;
    if (this.keysHere) return this.keysHere.has(gesture);
    // The keys not (yet) had from the server: the keys without Control or Alt, but Tab.
    return !/^(ctrl|alt)\+/.test(gesture) && gesture !== "tab" && gesture !== "shift+tab";
  }

  /** The keys of the table's chat (the apostrophe unless the keymap moved it). */
  chatKeys() {
    const table = this.keys?.contexts?.table ?? [];
    return new Set(table.filter((c) => c.id === "table_chat").flatMap((c) => c.gestures ?? []));
  }

  /**
   * A key in the game's region. Enter and Space on a button are the button's; on a menu item
   * the arrows, Home and End move the focus through the items; a key the game uses on this
   * screen goes to the server (once: a held key is not repeated, as in the desktop game);
   * every other key is left to the browser and the screen reader.
   */
  keydown(event) {
    const gesture = gestureOf(event);
    if (gesture === null) return;
    const button = event.target.closest?.("button");
    if (button && (gesture === "return" || gesture === "space")) return;
    const item = event.target.closest?.("#lines .menu button");
    if (item && gesture in MENU_FOCUS_KEYS) {
      event.preventDefault();
      // As the server's menus: Up and Down wrap round, with the edge's cue.
      const buttons = [...$("lines").querySelectorAll(".menu button")];
      const move = MENU_FOCUS_KEYS[gesture];
      const here = buttons.indexOf(item);
      const count = buttons.length;
      let to = move === "first" ? 0 : move === "last" ? count - 1 : here + move;
      const wrapped = to < 0 || to >= count;
      to = (to + count) % count;
      if (!event.repeat) {
        this.cues.play(wrapped || to === here ? "menu_edge" : "menu_move");
        buttons[to].focus();
      }
      return;
    }
    if (item && /^[a-z]$/.test(gesture) && !this.keysHere?.has(gesture)) {
      // A letter on a menu item: the focus to the next item starting with it, as the game's
      // menus do; none: the letter is the browser's and the screen reader's.
      const buttons = [...$("lines").querySelectorAll(".menu button")];
      const here = buttons.indexOf(item);
      const next = [...buttons.slice(here + 1), ...buttons.slice(0, here)].find((b) =>
        b.textContent.toLowerCase().startsWith(gesture),
      );
      if (next) {
        event.preventDefault();
        this.cues.play("menu_move");
        next.focus();
      }
      return;
    }
    if (!this.catches(gesture)) return;
    if (!OFFLINE && this.pingKeys?.has(gesture)) {
      event.preventDefault();
      if (!event.repeat) this.ping();
      return;
    }
    if (LONE_MODIFIERS.has(gesture)) {
      if (!event.repeat) this.sendKey(gesture);
      return;
    }
    event.preventDefault();
    if (!event.repeat) this.sendKey(gesture);
  }

  sendKey(key, { quiet = false } = {}) {
    this.keySeq += 1;
    this.keysSent.push(key);
    this.keyTimes.set(this.keySeq, performance.now());
    if (quiet) this.quiet.add(this.keySeq);
    this.send({ type: "key", key, seq: this.keySeq });
  }

  sendCommand(command) {
    if (command === "ping" && !OFFLINE) return this.ping();
    this.keySeq += 1;
    this.keyTimes.set(this.keySeq, performance.now());
    this.send({ type: "command", command, seq: this.keySeq });
  }
}

const client = new Client();
window.ninetynineClient = client; // for a player's own scripts and the page's tests
client.start();
