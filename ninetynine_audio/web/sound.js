// The game's sound cues through Web Audio: the shipped sounds/*.wav, each placed left or right
// like the seat it belongs to, with one volume. Browsers let a page make sound only after the
// player's first key or touch, so nothing is loaded or played before `unlock`.

const DANGER = /^danger_\d+$/;

export class Cues {
  constructor(base = "sounds/") {
    this.base = base;
    this.context = null;
    this.gain = null;
    this.volume = 0.8;
    this.buffers = new Map(); // name -> Promise<AudioBuffer|null>
    this.danger = null; // the danger cue sounding, replaced by a newer one
    this.played = []; // the last cues played, newest last, for anyone checking what was heard
  }

  /** Called on the first key or touch: starts the audio the browser now allows. */
  unlock() {
    if (this.context) {
      if (this.context.state === "suspended") this.context.resume();
      return;
    }
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    this.context = new Context();
    this.gain = this.context.createGain();
    this.gain.gain.value = this.volume;
    this.gain.connect(this.context.destination);
  }

  setVolume(volume) {
    this.volume = Math.min(1, Math.max(0, volume));
    if (this.gain) this.gain.gain.value = this.volume;
  }

  /** Play a cue (names may be joined by "+") at `pan`, -1 left to 1 right. */
  play(cue, pan = 0) {
    if (!cue) return;
    for (const name of String(cue).split("+")) {
      if (!/^[a-z0-9_]+$/.test(name)) continue;
      this.played.push(name);
      if (this.played.length > 50) this.played.shift();
      if (!this.context || this.volume === 0) continue;
      this.load(name).then((buffer) => buffer && this.start(name, buffer, pan));
    }
  }

  load(name) {
    if (!this.buffers.has(name)) {
      const loading = fetch(`${this.base}${name}.wav`)
        .then((response) => (response.ok ? response.arrayBuffer() : null))
        .then((bytes) => (bytes ? this.context.decodeAudioData(bytes) : null))
        .catch(() => null);
      this.buffers.set(name, loading);
    }
    return this.buffers.get(name);
  }

  start(name, buffer, pan) {
    const source = this.context.createBufferSource();
    source.buffer = buffer;
    let node = source;
    if (this.context.createStereoPanner) {
      const panner = this.context.createStereoPanner();
      panner.pan.value = Math.min(1, Math.max(-1, Number(pan) || 0));
      source.connect(panner);
      node = panner;
    }
    node.connect(this.gain);
    if (DANGER.test(name)) {
      // A newer danger sound replaces the one still sounding, as in the window.
      if (this.danger) {
        try {
          this.danger.stop();
        } catch {
          // it had already ended
        }
      }
      this.danger = source;
    }
    source.start();
  }
}
