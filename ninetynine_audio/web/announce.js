// Speech for the page: every phrase goes through the screen reader's live regions (polite for
// the game's events, assertive for answers to the player's keys and refusals), one at a time,
// and into the history list; with the browser's voice chosen it is also spoken by the browser.
//
// A phrase is added to its live region as a new paragraph (the regions announce additions
// only), so two equal phrases in a row are both heard and nothing is lost when several come
// together: they wait in the queue and are let out in turn. Mobile screen readers (VoiceOver,
// TalkBack) drop or cut short an addition that comes hard on the last one, so the polite
// region gets one addition at a time, at least POLITE_GAP_MS apart: the phrases that came
// meanwhile are let out together, as one paragraph, in order (each kept in the history).

const KEPT_IN_REGION = 4; // older paragraphs are removed; removals are not announced
const HISTORY_LIMIT = 500;
// Between two additions to the polite region with only a screen reader: it queues polite
// additions itself; the gap is for each addition to be seen, and spoken, as one of its own.
export const POLITE_GAP_MS = 250;
const CUT_OFF_MS = 20;

export class Announcer {
  /**
   * @param {object} parts the polite and assertive regions, the history list, and the cue
   *   player whose cue is played as its phrase starts.
   */
  constructor({ polite, assertive, history, cues }) {
    this.polite = polite;
    this.assertive = assertive;
    this.history = history;
    this.cues = cues;
    this.queue = [];
    this.busy = false;
    this.voice = new BrowserVoice();
    this.onSpoken = null; // called with (text, priority) as each phrase is let out
  }

  /**
   * Say one phrase. `priority` is "now" (an answer to a key: assertive, ahead of narration)
   * or "next"/"queue" (game events: polite, in order). An empty text plays only the cue.
   */
  say(
    text,
    { priority = "queue", cue = null, pan = 0, mergeable = false, untilAction = false, entry = null } = {},
  ) {
    const phrase = { text: String(text ?? ""), priority, cue, pan, mergeable, untilAction, entry };
    if (priority === "now") {
      this.letOut(phrase);
      return;
    }
    if (priority === "next") {
      this.queue.unshift(phrase);
    } else {
      this.queue.push(phrase);
    }
    this.pump();
  }

  /** An answer from the page itself (an option changed): assertive, not kept in history. */
  answer(text) {
    this.write(this.assertive, text);
    this.voice.speak(text, true);
    if (this.onSpoken) this.onSpoken(text, "now");
  }

  pump() {
    if (this.busy || this.queue.length === 0) return;
    // With only a screen reader, every phrase waiting goes out in one addition; the browser's
    // voice says each in turn.
    const phrases = this.voice.enabled ? [this.queue.shift()] : this.queue.splice(0);
    this.busy = true;
    const wait = this.letOut(phrases);
    wait.then(() => {
      this.busy = false;
      this.pump();
    });
  }

  /** Announce one phrase (or several together) now; the promise settles when the next may
   * follow. */
  letOut(phrases) {
    const all = Array.isArray(phrases) ? phrases : [phrases];
    const now = performance.now();
    for (const phrase of all) {
      if (phrase.cue && this.cues) this.cues.play(phrase.cue, phrase.pan);
      if (phrase.entry) phrase.entry.saidAt = now;
    }
    const said = all.filter((phrase) => phrase.text);
    if (said.length === 0) return Promise.resolve();
    // Phrases let out together are read as sentences, each with its pause after it.
    const text = said
      .map((phrase, index) => (index < said.length - 1 && !/[.!?:;…]$/.test(phrase.text) ? `${phrase.text}.` : phrase.text))
      .join(" ");
    const priority = said[0].priority;
    const assertive = priority === "now";
    this.write(assertive ? this.assertive : this.polite, text);
    for (const phrase of said) this.remember(phrase.text);
    if (this.onSpoken) this.onSpoken(text, priority);
    const spoken = this.voice.speak(text, assertive);
    return (
      spoken ??
      new Promise((resolve) => {
        const timer = setTimeout(resolve, POLITE_GAP_MS);
        this.release = () => {
          clearTimeout(timer);
          setTimeout(resolve, CUT_OFF_MS);
        };
      })
    );
  }

  /** What was being said was cut off on purpose (the player acted, or stopped speech): the
   * next phrase need not keep its distance from it. The phrases that come with the cut (the
   * answer to the player's move) follow within CUT_OFF_MS, and go out together. */
  cutOff() {
    const release = this.release;
    this.release = null;
    if (release) release();
  }

  write(region, text) {
    const paragraph = document.createElement("p");
    paragraph.textContent = text;
    region.append(paragraph);
    while (region.childElementCount > KEPT_IN_REGION) region.firstElementChild.remove();
  }

  remember(text) {
    const item = document.createElement("li");
    item.textContent = text;
    this.history.append(item);
    while (this.history.childElementCount > HISTORY_LIMIT) this.history.firstElementChild.remove();
  }

  /** Drop the phrases still waiting that `which` picks (speech control from the server):
   * unsaid, but kept in the history, where the player can still read them. */
  dropWaiting(which) {
    const kept = [];
    for (const phrase of this.queue) {
      if (!which(phrase)) kept.push(phrase);
      else if (phrase.text) this.remember(phrase.text);
    }
    this.queue = kept;
  }

  /** The player acted (the server's `interrupt`, never a key the page merely sent): a prompt
   * the action answers (a turn prompt, a round's opening line) that is still waiting is no
   * longer said, as on the desktop. It stays in the history, and its entry is marked answered. */
  dropAnswered() {
    this.dropWaiting((phrase) => {
      if (phrase.untilAction && phrase.entry) phrase.entry.answered = true;
      return phrase.untilAction;
    });
  }

  /** Stop the browser's voice and drop the narration still waiting (the Control key). */
  stop() {
    this.voice.cancel();
  }
}

/** The browser's own voice (Web Speech API), used only when the player chooses it. */
export class BrowserVoice {
  constructor() {
    this.enabled = false;
    this.rate = 1;
    this.volume = 1;
    this.available = typeof window !== "undefined" && "speechSynthesis" in window;
    this.unlocked = false;
    this.silentSoFar = false; // spoke before the first key or touch: maybe not heard
  }

  /** Speak `text`; a promise that settles when it has been said, or null when off. */
  speak(text, interrupt) {
    if (!this.enabled || !this.available || !text) return null;
    if (!this.unlocked) this.silentSoFar = true;
    const synth = window.speechSynthesis;
    if (interrupt) synth.cancel();
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.rate = this.rate;
    utterance.volume = this.volume;
    utterance.lang = document.documentElement.lang || "en";
    return new Promise((resolve) => {
      // A browser without a voice never ends the utterance: the estimate lets the queue go on.
      const words = text.split(/\s+/).length;
      const guess = 800 + (words * 400) / this.rate;
      const timer = setTimeout(resolve, guess * 1.5);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      utterance.onend = done;
      utterance.onerror = done;
      synth.speak(utterance);
    });
  }

  /**
   * On the first key or touch: some browsers (Safari on iOS) let a page speak only after the
   * player has touched it, so a silent utterance is spoken then, and the last phrase said
   * before it is said again (after a reload it was not heard).
   */
  unlock(lastText) {
    if (this.unlocked || !this.available) return;
    this.unlocked = true;
    if (!this.enabled) return;
    const silent = new SpeechSynthesisUtterance(" ");
    silent.volume = 0;
    window.speechSynthesis.speak(silent);
    if (lastText && this.silentSoFar) this.speak(lastText, false);
  }

  cancel() {
    if (this.available) window.speechSynthesis.cancel();
  }
}
