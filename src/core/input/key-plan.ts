import { DomainError } from "../errors.ts";
import { GAMEPAD_CODES, KEY_LEFTSHIFT, KEYBOARD_CODES } from "./key-codes.ts";
import { parseMacroDuration } from "./macro-duration.ts";

/**
 * Turns the keys of an input command (as the launch script parser splits them: `a`, `{enter}`, `{ctrl+alt+del}`,
 * `{delay:500}`, `{_shift}` …) into the exact key-down / key-up / wait steps a virtual device performs, with the
 * reference's behaviour and timing:
 *
 * - a key or combo: every key down in order, held `pressMs`, released in reverse order, then `gapMs`;
 * - runs of shifted characters (`A`, `!`, `{`) share one Shift press: Shift down, each key as above, Shift up;
 * - `{delay:d}` waits; `{press:k}` / `{_k}` holds a key, `{release:k}` / `{^k}` lets it go, `{hold:k:d}` /
 *   `{~k:d}` presses it for `d` (default `pressMs`); durations are ms or `1s`-style, at most 30 s;
 * - a key already held is not pressed again (counted instead), and everything still held at the end is released.
 *
 * Planning the whole sequence first means a typo anywhere is reported before a single key is sent.
 */
export type InputStep = { op: "down" | "up"; code: number } | { op: "wait"; ms: number };

export interface InputTiming {
  /** How long each key is held. */
  pressMs: number;
  /** Pause after each key. */
  gapMs: number;
}

/** The reference's timing: 40 ms per press, 100 ms between keys. */
export const DEFAULT_TIMING: InputTiming = { pressMs: 40, gapMs: 100 };
export const MAX_MACRO_WAIT_MS = 30_000;

type Control = { action: "delay" | "press" | "release" | "hold"; value: string };

/** Recognises `{delay:…}`, `{press:…}`, `{release:…}`, `{hold:…}` and the sigils `{_k}`, `{^k}`, `{~k}`. */
export function classifyControl(token: string): Control | undefined {
  if (token.length <= 2 || !token.startsWith("{") || !token.endsWith("}")) return undefined;
  const inner = token.slice(1, -1);
  for (const action of ["delay", "press", "release", "hold"] as const) {
    if (inner.startsWith(`${action}:`)) return { action, value: inner.slice(action.length + 1) };
  }
  const sigil = { _: "press", "^": "release", "~": "hold" } as const;
  const s = sigil[inner[0] as keyof typeof sigil];
  return s && inner.length > 1 ? { action: s, value: inner.slice(1) } : undefined;
}

const bad = (message: string) => new DomainError("invalid", message);

export function boundedDuration(text: string, token: string): number {
  const ms = parseMacroDuration(text);
  if (ms === undefined) throw bad(`${token}: invalid duration ${JSON.stringify(text)}`);
  if (ms < 0 || ms > MAX_MACRO_WAIT_MS) throw bad(`${token}: duration must be between 0 and 30s`);
  return Math.round(ms);
}

const runes = (s: string) => [...s].length;

/**
 * The key codes of one keyboard key or combo: `a`, `{f9}`, `{ctrl+q}` (names inside a combo of one character
 * are themselves, longer ones are `{name}`). A shifted character inside a combo adds Shift.
 */
export function parseKeyCombo(token: string): number[] {
  let names = [token];
  if (runes(token) > 1 && token.startsWith("{") && token.endsWith("}")) {
    const parts = token.slice(1, -1).split("+");
    if (parts.length > 1) names = parts.map((p) => (runes(p) > 1 ? `{${p}}` : p));
  }
  const codes: number[] = [];
  for (const name of names) {
    const code = KEYBOARD_CODES[name];
    if (code === undefined) throw bad(`unknown keyboard key: ${name === "" ? "(empty)" : name}`);
    if (code < 0) codes.push(KEY_LEFTSHIFT, -code);
    else codes.push(code);
  }
  return codes;
}

class Steps {
  readonly list: InputStep[] = [];
  private readonly held = new Map<number, number>();
  down(code: number): void {
    const n = this.held.get(code) ?? 0;
    this.held.set(code, n + 1);
    if (n === 0) this.list.push({ op: "down", code });
  }
  up(code: number): void {
    const n = this.held.get(code) ?? 0;
    if (n === 0) return;
    if (n > 1) this.held.set(code, n - 1);
    else {
      this.held.delete(code);
      this.list.push({ op: "up", code });
    }
  }
  wait(ms: number): void {
    if (ms > 0) this.list.push({ op: "wait", ms });
  }
  /** Releases whatever is still held, last pressed first. */
  finish(): InputStep[] {
    for (const code of [...this.held.keys()].reverse()) {
      this.held.set(code, 1);
      this.up(code);
    }
    return this.list;
  }
}

/** Applies a control token; `resolve` turns its key name into a code. */
function control(s: Steps, c: Control, token: string, pressMs: number, resolve: (name: string) => number): void {
  if (c.action === "delay") return s.wait(boundedDuration(c.value, token));
  if (c.action === "hold") {
    const at = c.value.lastIndexOf(":");
    const name = at >= 0 ? c.value.slice(0, at) : c.value;
    const ms = at >= 0 ? boundedDuration(c.value.slice(at + 1), token) : pressMs;
    const code = resolve(name);
    s.down(code);
    s.wait(ms);
    s.up(code);
    return;
  }
  const code = resolve(c.value);
  if (c.action === "press") s.down(code);
  else s.up(code);
}

const shiftedBase = (token: string): number | undefined => {
  const code = KEYBOARD_CODES[token];
  return code !== undefined && code < 0 ? -code : undefined;
};

function keyboardHoldCode(name: string): number {
  const base = shiftedBase(name);
  if (base !== undefined) return base;
  const codes = parseKeyCombo(runes(name) > 1 ? `{${name}}` : name);
  if (codes.length !== 1) throw bad(`press/release/hold takes one key, not a combo: ${name}`);
  return codes[0]!;
}

export function planKeyboard(keys: readonly string[], timing: InputTiming = DEFAULT_TIMING): InputStep[] {
  const s = new Steps();
  for (let i = 0; i < keys.length; ) {
    const token = keys[i]!;
    const c = classifyControl(token);
    if (c) {
      control(s, c, token, timing.pressMs, keyboardHoldCode);
      i++;
      continue;
    }
    if (shiftedBase(token) !== undefined) {
      s.down(KEY_LEFTSHIFT);
      for (; i < keys.length && shiftedBase(keys[i]!) !== undefined; i++) {
        const base = shiftedBase(keys[i]!)!;
        s.down(base);
        s.wait(timing.pressMs);
        s.up(base);
        s.wait(timing.gapMs);
      }
      s.up(KEY_LEFTSHIFT);
      continue;
    }
    const codes = parseKeyCombo(token);
    for (const code of codes) s.down(code);
    s.wait(timing.pressMs);
    for (const code of [...codes].reverse()) s.up(code);
    s.wait(timing.gapMs);
    i++;
  }
  return s.finish();
}

function gamepadCode(name: string): number {
  const code = GAMEPAD_CODES[name];
  if (code === undefined) throw bad(`unknown gamepad button: ${name}`);
  return code;
}

export function planGamepad(buttons: readonly string[], timing: InputTiming = DEFAULT_TIMING): InputStep[] {
  const s = new Steps();
  for (const token of buttons) {
    const c = classifyControl(token);
    if (c) {
      control(s, c, token, timing.pressMs, (name) => gamepadCode(runes(name) > 1 ? `{${name}}` : name));
      continue;
    }
    const code = gamepadCode(token);
    s.down(code);
    s.wait(timing.pressMs);
    s.up(code);
    s.wait(timing.gapMs);
  }
  return s.finish();
}
