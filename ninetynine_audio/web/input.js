// Keys and touch gestures as the game's gesture names ("t", "return", "shift+slash"), the same
// spelling as the keymaps and the desktop window, so the server's keymap answers both.

const NAMED = {
  Enter: "return",
  NumpadEnter: "kpenter",
  Escape: "escape",
  Space: "space",
  Tab: "tab",
  Backspace: "backspace",
  Delete: "delete",
  Insert: "insert",
  ArrowUp: "up",
  ArrowDown: "down",
  ArrowLeft: "left",
  ArrowRight: "right",
  Home: "home",
  End: "end",
  PageUp: "pageup",
  PageDown: "pagedown",
  Comma: "comma",
  Period: "period",
  Slash: "slash",
  Backslash: "backslash",
  Semicolon: "semicolon",
  Quote: "quote",
  Backquote: "backquote",
  Minus: "minus",
  Equal: "equals",
  BracketLeft: "leftbracket",
  BracketRight: "rightbracket",
  NumpadAdd: "kpplus",
  NumpadSubtract: "kpminus",
  NumpadMultiply: "kpmultiply",
  NumpadDivide: "kpdivide",
  NumpadDecimal: "kpperiod",
  ControlLeft: "ctrl",
  ControlRight: "ctrl",
  AltLeft: "alt",
  AltRight: "alt",
  ShiftLeft: "shift",
  ShiftRight: "shift",
};

/** The gesture name of a key press, or null for a key the game has no name for. */
export function gestureOf(event) {
  const code = event.code || "";
  let name = NAMED[code] ?? null;
  if (name === null) {
    let match;
    if ((match = /^Key([A-Z])$/.exec(code))) name = match[1].toLowerCase();
    else if ((match = /^Digit(\d)$/.exec(code))) name = match[1];
    else if ((match = /^Numpad(\d)$/.exec(code))) name = `kp${match[1]}`;
    else if ((match = /^F(\d{1,2})$/.exec(code))) name = `f${match[1]}`;
  }
  if (name === null) {
    // No code (some virtual keyboards): fall back on the character typed.
    const key = event.key || "";
    if (/^[a-z0-9]$/i.test(key)) name = key.toLowerCase();
    else if (key === "+") return "plus";
    else if (key === "?") return "shift+slash";
    else return null;
  }
  if (name === "ctrl" || name === "alt" || name === "shift") return name;
  let prefix = "";
  if (event.ctrlKey) prefix += "ctrl+";
  if (event.altKey) prefix += "alt+";
  if (event.shiftKey) prefix += "shift+";
  return prefix + name;
}

const SWIPE_MIN_PX = 40;
const TAP_MAX_PX = 24;
const DOUBLE_TAP_MS = 400;

/**
 * Touch gestures on `surface`, as in the tactical game's controls: one finger swiping left or
 * right moves through the hand, a double tap plays, two or three fingers swiping up ask whose
 * turn it is and swiping left ask the total. `onGesture` gets "swipe_left", "swipe_right",
 * "double_tap", "multi_swipe_up", "multi_swipe_left", "multi_swipe_right", "multi_swipe_down".
 */
export function watchTouches(surface, onGesture) {
  let start = null; // {x, y, fingers}
  let lastTap = 0;
  const centre = (touches) => {
    let x = 0;
    let y = 0;
    for (const touch of touches) {
      x += touch.clientX;
      y += touch.clientY;
    }
    return { x: x / touches.length, y: y / touches.length };
  };
  surface.addEventListener(
    "touchstart",
    (event) => {
      const point = centre(event.touches);
      // A finger put down after the first moves the starting point to the centre of all.
      if (start === null || event.touches.length > start.fingers) {
        start = { ...point, fingers: event.touches.length };
      }
      event.preventDefault();
    },
    { passive: false },
  );
  surface.addEventListener(
    "touchmove",
    (event) => {
      if (start) {
        start.fingers = Math.max(start.fingers, event.touches.length);
        start.last = centre(event.touches);
      }
      event.preventDefault();
    },
    { passive: false },
  );
  surface.addEventListener("touchend", (event) => {
    if (start === null || event.touches.length > 0) return;
    const end = start.last ?? centre(event.changedTouches);
    const dx = end.x - start.x;
    const dy = end.y - start.y;
    const fingers = start.fingers;
    start = null;
    const far = Math.max(Math.abs(dx), Math.abs(dy));
    if (far < TAP_MAX_PX) {
      if (fingers !== 1) return;
      const now = performance.now();
      if (now - lastTap < DOUBLE_TAP_MS) {
        lastTap = 0;
        onGesture("double_tap");
      } else {
        lastTap = now;
      }
      return;
    }
    if (far < SWIPE_MIN_PX) return;
    const direction =
      Math.abs(dx) > Math.abs(dy) ? (dx < 0 ? "left" : "right") : dy < 0 ? "up" : "down";
    onGesture(`${fingers > 1 ? "multi_" : ""}swipe_${direction}`);
  });
  surface.addEventListener("touchcancel", () => {
    start = null;
  });
}
