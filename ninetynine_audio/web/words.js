// Every sentence the page's script says or shows (the fixed labels are in index.html). The
// game's own phrases come from the server, already worded for this seat; these are only the
// page's: connecting, reconnecting, the invite, the options. Kept in one place so
// they can be translated with the rest of the game's text.

export const WORDS = {
  appName: "Ninety-Nine",
  titleSuffix: " — Ninety-Nine",
  connecting: "Connecting to the server.",
  connected: "Connected.",
  lostConnection: (seconds) =>
    `The connection was lost. Trying again in ${seconds} ${seconds === 1 ? "second" : "seconds"}.`,
  reconnected: "Connected again.",
  cannotConnect: "The server cannot be reached. The page keeps trying.",
  enterName: "Type your name first.",
  joinInvite: (code) => `Join table ${spaced(code)}`,
  inviteIntro: (code) =>
    `You were invited to table ${spaced(code)}. Type your name, and your password if you have an account.`,
  voiceOn: "The browser's voice speaks.",
  voiceOff: "The browser's voice is off; your screen reader speaks.",
  inviteLink: (url) => `Invite link: ${url}`,
};

/** A table code read digit by digit: "4729" → "4 7 2 9". */
export function spaced(code) {
  return String(code).split("").join(" ");
}
