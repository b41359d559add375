// The browser client: a thin client of the table server (docs/protocol.md). Every screen runs
// on the server; the page sends the player's keys, touches and buttons, speaks the phrases it
// receives through the screen reader (or the browser's voice), plays their cues, and shows the
// screen's lines.

import { Announcer } from "./announce.js";
import { gestureOf, watchTouches } from "./input.js";
import { Cues } from "./sound.js";
import { WORDS, loadWords, lostConnection, matchLanguage, spaced, word } from "./words.js";

const PROTOCOL = 1;
const STORE = "ninetynine-audio";
const RETRY_SECONDS = [1, 2, 4, 8, 16, 30]; // as the desktop client: longer each time
const FAMILY = { classic: "adding", arcade: "adding", tactical: "adding", colours: "colours", tricks: "tricks" };
// Touch gestures as the keys they stand for (seed 002: the tactical game's own controls).
const GESTURE_KEYS = {
  swipe_left: "left",
  swipe_right: "right",
  double_tap: "return",
  multi_swipe_up: "t",
  multi_swipe_left: "c",
};
// Keys the page keeps for the browser: Tab moves between the page's buttons.
const BROWSER_KEYS = new Set(["tab", "shift+tab", "alt", "shift", "ctrl+r", "ctrl+shift+r", "f5"]);

const FIRST = ["announce_turn", "announce_total", "previous_card", "next_card", "play_card", "speak_hand"];
const firstRank = (id) => (FIRST.includes(id) ? FIRST.indexOf(id) : FIRST.length);

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
    this.invite = new URLSearchParams(location.search).get("table");
    this.inviteJoined = false;
    this.guestToken = sessionStorage.getItem(`${STORE}-guest`);
    this.language = this.settings.language || "en"; // the code the hello asks for
    this.wordsReady = Promise.resolve(false);
  }

  start() {
    this.applySettings();
    this.wireStart();
    this.wireOptions();
    this.wirePlay();
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
    this.showInvite();
    $("name").value = this.settings.name;
    // The first key or touch anywhere lets the page make sound (browsers require it).
    const unlock = () => this.cues.unlock();
    for (const kind of ["keydown", "pointerdown", "touchstart"]) {
      document.addEventListener(kind, unlock, { capture: true, passive: true });
    }
  }

  // -- the page's language --------------------------------------------------------------------

  /** Put the page in ``code``: its words, its key descriptions, its direction. */
  async useLanguage(code) {
    this.language = code;
    const loaded = await loadWords(code);
    this.showInvite();
    fetch(`keys.json?lang=${encodeURIComponent(code)}`)
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
    $("opt-voice").addEventListener("change", (event) => {
      this.settings.voice = event.target.checked;
      this.saveSettings();
      this.announcer.answer(word(this.settings.voice ? "voiceOn" : "voiceOff"));
    });
    const number = (id, key) =>
      $(id).addEventListener("change", (event) => {
        const value = Number(event.target.value);
        if (Number.isFinite(value)) {
          this.settings[key] = value;
          this.saveSettings();
        }
      });
    number("opt-rate", "rate");
    number("opt-voice-volume", "voiceVolume");
    number("opt-sound", "sound");
    number("opt-wpm", "wpm");
    $("opt-verbosity").addEventListener("change", (event) => {
      this.settings.verbosity = event.target.value;
      this.saveSettings();
    });
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
    this.setConnection(word("connecting"));
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}/ws`);
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
      });
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
    if (!this.everWelcomed) {
      // Never got in: the server is not there; keep trying, but say so on the start screen.
      $("start-problem").textContent = word("cannotConnect");
    }
    const seconds = RETRY_SECONDS[Math.min(this.retry, RETRY_SECONDS.length - 1)];
    this.retry += 1;
    const text = lostConnection(seconds);
    this.setConnection(text);
    if (this.everWelcomed && this.retry === 1) this.announcer.say(text, { priority: "now" });
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
      default:
        return undefined;
    }
  }

  welcome(message) {
    const again = this.everWelcomed;
    this.welcomed = true;
    this.everWelcomed = true;
    this.retry = 0;
    if (message.guest_token) {
      this.guestToken = message.guest_token;
      sessionStorage.setItem(`${STORE}-guest`, message.guest_token);
    }
    this.setConnection(word("connected"));
    if (again) this.announcer.say(word("reconnected"), { priority: "now" });
    $("start").hidden = true;
    $("screen").hidden = false;
    if (!again) $("play").focus();
    if (this.invite && !this.inviteJoined) {
      this.inviteJoined = true;
      this.send({ type: "join", code: this.invite });
    }
  }

  phrase(message) {
    this.lastPhraseSeq = Math.max(this.lastPhraseSeq, message.seq ?? 0);
    if (message.answer_to != null && this.quiet.delete(message.answer_to)) {
      // The answer to a move made on the way to a menu item the player touched: only the
      // item chosen is worth hearing.
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
    };
    this.received.push(entry);
    if (this.received.length > 2000) this.received.shift();
    this.announcer.say(entry.text, {
      priority: entry.priority,
      cue: entry.cue,
      pan: message.pan ?? 0,
      mergeable: Boolean(message.mergeable),
      entry,
    });
    this.reportHeard();
  }

  speech(action) {
    if (action === "stop") this.announcer.dropWaiting(() => true);
    else if (action === "skip") this.announcer.dropWaiting((phrase) => phrase.mergeable);
    this.announcer.stop();
    if (action === "stop" || action === "interrupt") {
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
      const url = `${location.origin}${location.pathname}?table=${this.table.code}`;
      invite.textContent = word("inviteLink", { url });
      invite.hidden = false;
    } else {
      invite.hidden = true;
    }
    this.renderCommands();
  }

  refused(message) {
    this.errors.push({ code: message.code, text: message.text });
    // Before the lobby nothing else says why the server would not let the player in.
    if (!this.welcomed) {
      $("start-problem").textContent = message.text;
      this.announcer.say(message.text, { priority: "now" });
    }
  }

  bye(message) {
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
    const finish = (text) => {
      form.hidden = true;
      form.onsubmit = null;
      $("ask-cancel").onclick = null;
      this.send({ type: "answer", text });
      $("play").focus();
    };
    form.onsubmit = (event) => {
      event.preventDefault();
      finish(input.value);
    };
    $("ask-cancel").onclick = () => finish(null);
  }

  // -- the screen ----------------------------------------------------------------------------

  /** The keymap context of the server's screen: its own word, or what the table says. */
  context() {
    if (this.display?.context) return this.display.context;
    if (this.table.state === "playing") return `table.${FAMILY[this.table.game] ?? "adding"}`;
    return "menu";
  }

  atTable() {
    return this.context().startsWith("table");
  }

  render(display) {
    this.display = display;
    const title = display.title || word("appName");
    $("screen-title").textContent = title;
    document.title = title + word("titleSuffix");
    // The lines that list cards or piles, taken apart by the server.
    const groups = new Map((display.groups ?? []).map((group) => [group.line, group]));
    const lines = display.lines ?? [];
    const holder = $("lines");
    const list = document.createElement("ul");
    // A menu's lines are items to choose (buttons); a table's or a help page's, lines to read.
    const menu = this.context() === "menu" && display.highlight !== null && display.highlight !== undefined;
    if (menu) {
      list.className = "menu";
      list.setAttribute("aria-label", title);
    }
    lines.forEach((line, index) => {
      const item = document.createElement("li");
      if (index === display.highlight) {
        item.className = "current";
        item.setAttribute("aria-current", "true");
      }
      if (menu) {
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = line;
        button.addEventListener("click", () => this.choose(index));
        item.append(button);
      } else {
        if (index === 0 && this.atTable()) item.classList.add("first");
        this.renderLine(item, line, groups.get(index));
      }
      list.append(item);
    });
    holder.replaceChildren(list);
    $("play").setAttribute("aria-busy", String(Boolean(display.busy)));
    this.renderCommands();
  }

  /** A line; a line that lists cards (the server's ``group`` for it) as a list. */
  renderLine(item, line, group) {
    if (!group || group.items.length < 2) {
      item.textContent = line;
      return;
    }
    const label = document.createElement("span");
    label.textContent = `${group.label}:`;
    const cards = document.createElement("ul");
    cards.className = "cards";
    cards.setAttribute("aria-label", group.label);
    for (const part of group.items) {
      const card = document.createElement("li");
      card.textContent = part;
      cards.append(card);
    }
    item.append(label, cards);
  }

  /** A menu item chosen by touch or click: move the server's menu there, then select it. */
  choose(index) {
    const from = this.display?.highlight ?? 0;
    const step = index > from ? "down" : "up";
    for (let i = 0; i < Math.abs(index - from); i += 1) this.sendKey(step, { quiet: true });
    this.sendKey("return");
  }

  renderCommands() {
    const holder = $("commands");
    const context = this.context();
    if (holder.dataset.context === context || !this.keys) return;
    holder.dataset.context = context;
    // The seed's own controls first (turn, total, through the hand, play), then the rest in
    // key help's order.
    const commands = [...(this.keys.contexts?.[context] ?? [])].sort(
      (a, b) => firstRank(a.id) - firstRank(b.id),
    );
    holder.replaceChildren(
      ...commands.map((command) => {
        const item = document.createElement("li");
        const button = document.createElement("button");
        button.type = "button";
        button.dataset.command = command.id;
        button.append(command.description);
        if (command.keys?.length) {
          const keys = document.createElement("kbd");
          keys.textContent = command.keys.join(", ");
          button.append(keys);
        }
        button.addEventListener("click", () => this.sendCommand(command.id));
        item.append(button);
        return item;
      }),
    );
  }

  // -- keys, touches, buttons ----------------------------------------------------------------

  wirePlay() {
    const play = $("play");
    play.addEventListener("keydown", (event) => {
      const gesture = gestureOf(event);
      if (gesture === null || BROWSER_KEYS.has(gesture)) return;
      event.preventDefault();
      this.sendKey(gesture);
    });
    watchTouches($("touch"), (gesture) => {
      const key = GESTURE_KEYS[gesture];
      if (key) this.sendKey(key);
    });
  }

  sendKey(key, { quiet = false } = {}) {
    this.keySeq += 1;
    this.keysSent.push(key);
    this.keyTimes.set(this.keySeq, performance.now());
    if (quiet) this.quiet.add(this.keySeq);
    this.send({ type: "key", key, seq: this.keySeq });
  }

  sendCommand(command) {
    this.keySeq += 1;
    this.keyTimes.set(this.keySeq, performance.now());
    this.send({ type: "command", command, seq: this.keySeq });
  }
}

const client = new Client();
window.ninetynineClient = client; // for a player's own scripts and the page's tests
client.start();
