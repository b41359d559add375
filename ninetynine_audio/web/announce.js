// Speech for the page: every phrase goes through the screen reader's live regions (polite for
// the game's events, assertive for answers to the player's keys and refusals), one at a time,
// and into the history list; with the browser's voice chosen it is also spoken by the browser.
//
// A phrase is added to its live region as a new paragraph (the regions announce additions
// only), so two equal phrases in a row are both heard and nothing is lost when several come
// together: they wait in the queue and are let out one by one.

const KEPT_IN_REGION = 4; // older paragraphs are removed; removals are not announced
const HISTORY_LIMIT = 500;
// Between two polite phrases with only a screen reader: it queues polite additions itself, so
// the page needs only enough of a gap for each addition to be seen as a change of its own.
const SCREEN_READER_GAP_MS = 60;

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
  say(text, { priority = "queue", cue = null, pan = 0, mergeable = false, entry = null } = {}) {
    const phrase = { text: String(text ?? ""), priority, cue, pan, mergeable, entry };
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
    const phrase = this.queue.shift();
    this.busy = true;
    const wait = this.letOut(phrase);
    wait.then(() => {
      this.busy = false;
      this.pump();
    });
  }

  /** Announce one phrase now; the promise settles when the next may follow. */
  letOut(phrase) {
    if (phrase.cue && this.cues) this.cues.play(phrase.cue, phrase.pan);
    if (phrase.entry) phrase.entry.saidAt = performance.now();
    if (!phrase.text) return Promise.resolve();
    const assertive = phrase.priority === "now";
    this.write(assertive ? this.assertive : this.polite, phrase.text);
    this.remember(phrase.text);
    if (this.onSpoken) this.onSpoken(phrase.text, phrase.priority);
    const spoken = this.voice.speak(phrase.text, assertive);
    return spoken ?? new Promise((resolve) => setTimeout(resolve, SCREEN_READER_GAP_MS));
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

  /** Drop the phrases still waiting that `which` picks (speech control from the server). */
  dropWaiting(which) {
    this.queue = this.queue.filter((phrase) => !which(phrase));
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
  }

  /** Speak `text`; a promise that settles when it has been said, or null when off. */
  speak(text, interrupt) {
    if (!this.enabled || !this.available || !text) return null;
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

  cancel() {
    if (this.available) window.speechSynthesis.cancel();
  }
}
