// Every sentence the page's script says or shows, and the page's fixed labels, in the page's
// language. The words are the game's own catalogue's: the server renders them for a language
// (/words.json?lang=xx, from ninetynine_audio/online/page.py) and the page fills the elements
// marked data-word (their text) and data-word-label (their aria-label) with them. The game's
// phrases come from the server, already worded for this seat in the language its hello asked
// for.
//
// Until the words arrive (or if they cannot), the page keeps index.html's English.

import { dataUrl } from "./transport.js";

export const WORDS = {
  lang: "en",
  dir: "ltr",
  languages: [],
  words: {},
  lostConnection: {},
};

const ENGLISH_FALLBACK = {
  connecting: "Connecting to the server.",
  connected: "Connected.",
  reconnected: "Connected again.",
  ping: "Ping: {ms} ms",
  cannotConnect: "The server cannot be reached. The page keeps trying.",
  enterName: "Type your name first.",
  joinInvite: "Join table {code}",
  inviteIntro:
    "You were invited to table {code}. Type your name, and your password if you have an account.",
  voiceOn: "The browser's voice speaks.",
  voiceOff: "The browser's voice is off; your screen reader speaks.",
  inviteLink: "Invite link: {url}",
  appName: "Ninety-Nine",
  titleSuffix: " — Ninety-Nine",
};

/** The page's word ``name`` with its {placeholders} filled from ``values``. */
export function word(name, values = {}) {
  const text = WORDS.words[name] ?? ENGLISH_FALLBACK[name] ?? name;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

/** "The connection was lost. Trying again in N seconds." for one of the page's waits. */
export function lostConnection(seconds) {
  return (
    WORDS.lostConnection[String(seconds)] ??
    `The connection was lost. Trying again in ${seconds} ${seconds === 1 ? "second" : "seconds"}.`
  );
}

/** A table code read digit by digit: "4729" → "4 7 2 9". */
export function spaced(code) {
  return String(code).split("").join(" ");
}

/**
 * The language of ours that best fits the browser's wishes (navigator.languages): the same
 * code ("pt-BR" → "pt_BR"), else a language of ours without a region for the same base
 * ("de-AT" → "de"); English when none fits.
 */
export function matchLanguage(wanted, ours) {
  const codes = ours.map((entry) => entry.code);
  for (const tag of wanted) {
    const code = String(tag).replace("-", "_");
    const exact = codes.find((c) => c.toLowerCase() === code.toLowerCase());
    if (exact) return exact;
    const base = code.split("_")[0].toLowerCase();
    if (codes.includes(base)) return base;
  }
  return "en";
}

/** Fetch the words of ``lang`` and put them on the page; false if they could not be had. */
export async function loadWords(lang) {
  try {
    const response = await fetch(dataUrl("words.json", lang));
    if (!response.ok) return false;
    Object.assign(WORDS, await response.json());
  } catch {
    return false;
  }
  applyWords(document);
  return true;
}

/** The marked elements' words, and the page's language and direction. */
export function applyWords(root) {
  root.documentElement.lang = WORDS.lang;
  root.documentElement.dir = WORDS.dir;
  for (const element of root.querySelectorAll("[data-word]")) {
    const text = WORDS.words[element.dataset.word];
    if (text) element.textContent = text;
  }
  for (const element of root.querySelectorAll("[data-word-label]")) {
    const text = WORDS.words[element.dataset.wordLabel];
    if (text) element.setAttribute("aria-label", text);
  }
}
