// Every sentence the page itself says or shows. The game's own phrases come from the server,
// already worded for this seat; these are only the page's: connecting, screens, its own keys.
// Kept in one place so they can be translated with the rest of the game's text.

export const WORDS = {
  appName: "Ninety-Nine",
  titleSuffix: " — Ninety-Nine",
  connecting: "Connecting to the server.",
  connected: "Connected.",
  lostConnection: (seconds) =>
    `The connection was lost. Trying again in ${seconds} ${seconds === 1 ? "second" : "seconds"}.`,
  reconnected: "Connected again.",
  cannotConnect: "The server cannot be reached. The page keeps trying.",
  wrongVersion: (text) => text,
  enterName: "Type your name first.",
  nameLabel: "Your name",
  passwordLabel: "Password, for an account; leave empty to play as a guest",
  joinInvite: (code) => `Join table ${spaced(code)}`,
  inviteIntro: (code) =>
    `You were invited to table ${spaced(code)}. Type your name, and your password if you have an account.`,
  startIntro: "Type your name, and your password if you have an account.",
  enterLobby: "Enter the lobby",
  lobbyTitle: "Lobby",
  createTitle: "Create a table",
  optionsTitle: "Options",
  tableTitle: (game) => `${game} table`,
  tableTitleTurn: (game) => `${game} table, your turn`,
  historyTitle: "History",
  handTitle: "Your hand",
  commandsTitle: "Commands",
  tableInfoTitle: "The table",
  noHand: "You hold no cards.",
  historyEmpty: "Nothing has been said yet.",
  historyStart: "This is the first thing that was said.",
  historyEnd: "This is the last thing that was said.",
  nothingToRepeat: "Nothing to repeat yet.",
  voiceOn: "The browser's voice speaks.",
  voiceOff: "The browser's voice is off; your screen reader speaks.",
  noVoice: "This browser has no voice of its own; use your screen reader.",
  soundVolume: "Sound volume",
  voiceChoice: "Speak with the browser's voice (without a screen reader)",
  voiceRate: "Voice rate",
  voiceVolume: "Voice volume",
  back: "Back",
  options: "Options",
  gesturesTitle: "Touch area",
  gesturesHelp:
    "Swipe left or right with one finger to move through your hand, double tap to play. " +
    "Swipe up with two or three fingers to hear whose turn it is, left with two or three fingers for the total.",
  position: (index, count) => `${index} of ${count}`,
  inviteLink: (url) => `Invite link: ${url}`,
};

/** A table code read digit by digit: "4729" → "4 7 2 9". */
export function spaced(code) {
  return String(code).split("").join(" ");
}
