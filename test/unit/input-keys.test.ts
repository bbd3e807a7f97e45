import { describe, expect, test } from "bun:test";
import { inputKeyRefusal } from "../../src/core/input/input-policy.ts";
import { decodeInputEvents, encodeInputEvents, keyRecord } from "../../src/core/input/input-event.ts";
import { BTN, GAMEPAD_CODES, KEYBOARD_CODES, keyNameForLegacyCode } from "../../src/core/input/key-codes.ts";
import { parseMacroDuration } from "../../src/core/input/macro-duration.ts";
import { type InputStep, planGamepad, planKeyboard } from "../../src/core/input/key-plan.ts";
import { parseInputKeys, parseZapScript } from "../../src/core/zapscript/index.ts";
import { UI_DEV_CREATE, UI_DEV_SETUP, UI_SET_EVBIT, UI_SET_KEYBIT, uinputSetup } from "../../src/runtime/uinput-abi.ts";
import reference from "../fixtures/input/reference-key-names.json";

/** Codes from linux/input-event-codes.h. */
const HEADER: Record<string, number> = {
  KEY_ESC: 1, KEY_1: 2, KEY_0: 11, KEY_MINUS: 12, KEY_EQUAL: 13, KEY_BACKSPACE: 14, KEY_TAB: 15, KEY_Q: 16, KEY_P: 25,
  KEY_LEFTBRACE: 26, KEY_RIGHTBRACE: 27, KEY_ENTER: 28, KEY_LEFTCTRL: 29, KEY_A: 30, KEY_L: 38, KEY_SEMICOLON: 39,
  KEY_APOSTROPHE: 40, KEY_GRAVE: 41, KEY_LEFTSHIFT: 42, KEY_BACKSLASH: 43, KEY_Z: 44, KEY_M: 50, KEY_COMMA: 51,
  KEY_DOT: 52, KEY_SLASH: 53, KEY_RIGHTSHIFT: 54, KEY_LEFTALT: 56, KEY_SPACE: 57, KEY_CAPSLOCK: 58, KEY_F1: 59,
  KEY_F10: 68, KEY_NUMLOCK: 69, KEY_SCROLLLOCK: 70, KEY_F11: 87, KEY_F12: 88, KEY_HOME: 102, KEY_UP: 103,
  KEY_PAGEUP: 104, KEY_LEFT: 105, KEY_RIGHT: 106, KEY_END: 107, KEY_DOWN: 108, KEY_PAGEDOWN: 109, KEY_INSERT: 110,
  KEY_DELETE: 111, KEY_VOLUMEDOWN: 114, KEY_VOLUMEUP: 115,
  BTN_SOUTH: 0x130, BTN_EAST: 0x131, BTN_NORTH: 0x133, BTN_WEST: 0x134, BTN_TL: 0x136, BTN_TR: 0x137, BTN_TL2: 0x138,
  BTN_TR2: 0x139, BTN_SELECT: 0x13a, BTN_START: 0x13b, BTN_MODE: 0x13c, BTN_DPAD_UP: 0x220, BTN_DPAD_DOWN: 0x221,
  BTN_DPAD_LEFT: 0x222, BTN_DPAD_RIGHT: 0x223,
};

/** The reference's gamepad constants (bendahl/uinput names) and the header codes they stand for. */
const BUTTON_CONSTANTS: Record<string, number> = {
  ButtonDpadUp: HEADER.BTN_DPAD_UP!, ButtonDpadDown: HEADER.BTN_DPAD_DOWN!, ButtonDpadLeft: HEADER.BTN_DPAD_LEFT!,
  ButtonDpadRight: HEADER.BTN_DPAD_RIGHT!, ButtonSouth: HEADER.BTN_SOUTH!, ButtonEast: HEADER.BTN_EAST!,
  ButtonNorth: HEADER.BTN_NORTH!, ButtonWest: HEADER.BTN_WEST!, ButtonStart: HEADER.BTN_START!,
  ButtonSelect: HEADER.BTN_SELECT!, ButtonMode: HEADER.BTN_MODE!, ButtonBumperLeft: HEADER.BTN_TL!,
  ButtonBumperRight: HEADER.BTN_TR!, ButtonTriggerLeft: HEADER.BTN_TL2!, ButtonTriggerRight: HEADER.BTN_TR2!,
};

describe("key tables", () => {
  test("every keyboard name of the reference is here with the same code, and nothing else", () => {
    expect(KEYBOARD_CODES).toEqual(reference.keyboard);
  });

  test("every gamepad name of the reference is here, pressing the button its constant names", () => {
    const expected = Object.fromEntries(Object.entries(reference.gamepad).map(([name, c]) => [name, BUTTON_CONSTANTS[c]!]));
    expect(GAMEPAD_CODES).toEqual(expected);
  });

  test.each([
    ["{esc}", "KEY_ESC"], ["1", "KEY_1"], ["0", "KEY_0"], ["-", "KEY_MINUS"], ["=", "KEY_EQUAL"], ["{backspace}", "KEY_BACKSPACE"],
    ["{tab}", "KEY_TAB"], ["q", "KEY_Q"], ["p", "KEY_P"], ["[", "KEY_LEFTBRACE"], ["]", "KEY_RIGHTBRACE"], ["{enter}", "KEY_ENTER"],
    ["{ctrl}", "KEY_LEFTCTRL"], ["a", "KEY_A"], ["l", "KEY_L"], [";", "KEY_SEMICOLON"], ["'", "KEY_APOSTROPHE"], ["`", "KEY_GRAVE"],
    ["{shift}", "KEY_LEFTSHIFT"], ["\\", "KEY_BACKSLASH"], ["z", "KEY_Z"], ["m", "KEY_M"], [",", "KEY_COMMA"], [".", "KEY_DOT"],
    ["/", "KEY_SLASH"], ["{rshift}", "KEY_RIGHTSHIFT"], ["{alt}", "KEY_LEFTALT"], [" ", "KEY_SPACE"], ["{capslock}", "KEY_CAPSLOCK"],
    ["{f1}", "KEY_F1"], ["{f10}", "KEY_F10"], ["{numlock}", "KEY_NUMLOCK"], ["{scrolllock}", "KEY_SCROLLLOCK"], ["{f11}", "KEY_F11"],
    ["{f12}", "KEY_F12"], ["{home}", "KEY_HOME"], ["{up}", "KEY_UP"], ["{pgup}", "KEY_PAGEUP"], ["{left}", "KEY_LEFT"],
    ["{right}", "KEY_RIGHT"], ["{end}", "KEY_END"], ["{down}", "KEY_DOWN"], ["{pgdn}", "KEY_PAGEDOWN"], ["{insert}", "KEY_INSERT"],
    ["{del}", "KEY_DELETE"], ["{voldn}", "KEY_VOLUMEDOWN"], ["{volup}", "KEY_VOLUMEUP"],
  ])("%p is %s", (name, key) => {
    expect(KEYBOARD_CODES[name]).toBe(HEADER[key]!);
  });

  test("shifted characters are Shift + their base key", () => {
    expect(KEYBOARD_CODES.A).toBe(-HEADER.KEY_A!);
    expect(KEYBOARD_CODES["!"]).toBe(-HEADER.KEY_1!);
    expect(KEYBOARD_CODES["{"]).toBe(-HEADER.KEY_LEFTBRACE!);
    expect(KEYBOARD_CODES["~"]).toBe(-HEADER.KEY_GRAVE!);
  });

  test("gamepad buttons", () => {
    expect(GAMEPAD_CODES["^"]).toBe(BTN.DPAD_UP);
    expect(GAMEPAD_CODES.B).toBe(HEADER.BTN_SOUTH!);
    expect(GAMEPAD_CODES["{start}"]).toBe(HEADER.BTN_START!);
    expect(GAMEPAD_CODES["{r2}"]).toBe(HEADER.BTN_TR2!);
  });

  test("legacy key codes name the first key of that code", () => {
    expect(keyNameForLegacyCode(1)).toBe("{esc}");
    expect(keyNameForLegacyCode(30)).toBe("a");
    expect(keyNameForLegacyCode(-30)).toBe("A");
    expect(keyNameForLegacyCode(999)).toBeUndefined();
  });
});

const down = (code: number): InputStep => ({ op: "down", code });
const up = (code: number): InputStep => ({ op: "up", code });
const wait = (ms: number): InputStep => ({ op: "wait", ms });
const press = (code: number) => [down(code), wait(40), up(code), wait(100)];

describe("key plans (the reference's order and timing)", () => {
  test("plain keys: down, 40 ms, up, 100 ms each", () => {
    expect(planKeyboard(["h", "i"])).toEqual([...press(35), ...press(23)]);
  });

  test("a combo: all down in order, released in reverse", () => {
    expect(planKeyboard(["{ctrl+alt+del}"])).toEqual([down(29), down(56), down(111), wait(40), up(111), up(56), up(29), wait(100)]);
    expect(planKeyboard(["{shift+a}"])).toEqual([down(42), down(30), wait(40), up(30), up(42), wait(100)]);
  });

  test("a run of shifted characters shares one Shift press", () => {
    expect(planKeyboard(["H", "I", "!", "x"])).toEqual([down(42), ...press(35), ...press(23), ...press(2), up(42), ...press(45)]);
  });

  test("delay, press/release, hold and their sigils", () => {
    expect(planKeyboard(["{delay:250}", "{_ctrl}", "c", "{^ctrl}", "{~a:1s}", "{hold:enter}"])).toEqual([
      wait(250), down(29), ...press(46), up(29), down(30), wait(1000), up(30), down(28), wait(40), up(28),
    ]);
  });

  test("keys still held at the end are released, last pressed first", () => {
    expect(planKeyboard(["{press:ctrl}", "{press:alt}"])).toEqual([down(29), down(56), up(56), up(29)]);
  });

  test("a key already held is not pressed twice", () => {
    expect(planKeyboard(["{_shift}", "A"])).toEqual([down(42), ...press(30), up(42)]);
  });

  test("?speed sets the gap", () => {
    expect(planKeyboard(["a"], { pressMs: 40, gapMs: 10 })).toEqual([down(30), wait(40), up(30), wait(10)]);
  });

  test("gamepad: each button down, 40 ms, up, 100 ms", () => {
    expect(planGamepad(["^", "B", "{start}"])).toEqual([...press(BTN.DPAD_UP), ...press(BTN.SOUTH), ...press(BTN.START)]);
    expect(planGamepad(["{~l1:200ms}"])).toEqual([down(BTN.TL), wait(200), up(BTN.TL)]);
  });

  test("unknown keys, buttons and bad durations are refused before anything is pressed", () => {
    expect(() => planKeyboard(["a", "{nosuch}"])).toThrow("unknown keyboard key: {nosuch}");
    expect(() => planKeyboard(["{ctrl+nosuch}"])).toThrow("unknown keyboard key: {nosuch}");
    expect(() => planKeyboard(["é"])).toThrow("unknown keyboard key");
    expect(() => planGamepad(["Q"])).toThrow("unknown gamepad button: Q");
    expect(() => planKeyboard(["{delay:31s}"])).toThrow("between 0 and 30s");
    expect(() => planKeyboard(["{delay:soon}"])).toThrow("invalid duration");
    expect(() => planKeyboard(["{press:ctrl+c}"])).toThrow("not a combo");
  });

  test("durations: milliseconds or Go style", () => {
    expect(parseMacroDuration("250")).toBe(250);
    expect(parseMacroDuration("1.5s")).toBe(1500);
    expect(parseMacroDuration("1m30s")).toBe(90_000);
    expect(parseMacroDuration("500ms")).toBe(500);
    expect(parseMacroDuration("soon")).toBeUndefined();
  });
});

describe("macro syntax (the reference's parser)", () => {
  const keys = (text: string) => parseZapScript(`**input.keyboard:${text}`).commands[0]!.args;
  test.each([
    ["abc", ["a", "b", "c"]],
    ["{enter}{f12}", ["{enter}", "{f12}"]],
    ["{a}", ["a"]],
    ["{ctrl+alt+del}", ["{ctrl+alt+del}"]],
    ["{enter*3}", ["{enter}", "{enter}", "{enter}"]],
    ["{x*2}", ["x", "x"]],
    ['{"hi"*2}', ["h", "i", "h", "i"]],
    ['{"a\\"b"}', ["a", '"', "b"]],
    ["{text:ok}", ["o", "k"]],
    ["{delay:1s}{_shift}{^shift}{~a:50}", ["{delay:1s}", "{_shift}", "{^shift}", "{~a:50}"]],
    ["{*}", ["*"]],
    ["\\{\\}\\\\", ["{", "}", "\\"]],
  ])("%p", (text, expected) => {
    expect(keys(text)).toEqual(expected);
  });

  test("limits and mistakes", () => {
    expect(() => keys("{}")).toThrow("unmatched input macro extension");
    expect(() => keys("{a*1001}")).toThrow("input macro repeat count exceeds maximum");
    expect(() => keys("{a*99999999999999999999}")).not.toThrow(); // not a number Go reads: the text is the key name
    expect(() => keys("{a*1000}{a*1000}{a*1000}{a*1000}{a*1000}a")).toThrow("input macro expanded key count exceeds maximum");
    expect(() => keys('{"abc}')).toThrow("unmatched quote");
  });

  test("input.text is typed as written; newline and tab are Enter and Tab", () => {
    expect(parseZapScript("**input.text:a{b},c?x=1").commands[0]!.args).toEqual(["a", "{", "b", "}", ",", "c", "?", "x", "=", "1"]);
    expect(parseZapScript("**input.text:a\tb\nc").commands[0]!.args).toEqual(["a", "{tab}", "b", "{enter}", "c"]);
  });

  test("the API's keys: read like the command's argument, spaces kept, advanced args and `||` ending it", () => {
    expect(parseInputKeys(" a ")).toEqual([" ", "a", " "]);
    expect(parseInputKeys("ab?speed=10")).toEqual(["a", "b"]);
    expect(parseInputKeys("a||b")).toEqual(["a"]);
    expect(parseInputKeys("|?")).toEqual(["|"]); // `?` with nothing after it: empty advanced arguments, as the reference reads it
  });
});

describe("input_event records and the uinput ABI", () => {
  test("64-bit: 24-byte records, zero time, then type, code, value little-endian", () => {
    expect([...keyRecord(30, true, 24)]).toEqual([...new Array(16).fill(0), 1, 0, 30, 0, 1, 0, 0, 0, ...new Array(24).fill(0)]);
  });

  test("32-bit ARM: 16-byte records", () => {
    expect([...keyRecord(0x13b, false, 16)]).toEqual([...new Array(8).fill(0), 1, 0, 0x3b, 1, 0, 0, 0, 0, ...new Array(16).fill(0)]);
    expect(decodeInputEvents(encodeInputEvents([{ type: 3, code: 1, value: -32768 }], 16), 16)).toEqual([{ type: 3, code: 1, value: -32768 }]);
  });

  test("ioctl numbers as linux/uinput.h defines them", () => {
    expect(UI_SET_EVBIT).toBe(0x40045564);
    expect(UI_SET_KEYBIT).toBe(0x40045565);
    expect(UI_DEV_SETUP).toBe(0x405c5503);
    expect(UI_DEV_CREATE).toBe(0x5501);
  });

  test("struct uinput_setup: input_id, then the name NUL-terminated in 80 bytes", () => {
    const s = uinputSetup({ name: "x".repeat(100), bustype: 3, vendor: 0x1234, product: 0x5678, version: 1 });
    expect(s.length).toBe(92);
    expect([...s.subarray(0, 8)]).toEqual([3, 0, 0x34, 0x12, 0x78, 0x56, 1, 0]);
    expect(s[8 + 78]).toBe(0x78);
    expect(s[8 + 79]).toBe(0);
  });
});

describe("which keys launch scripts may press (zapscript.input)", () => {
  const none = { allow: [] };
  test("consoles: anything; desktops: named keys and combos, minus the blocked ones", () => {
    expect(inputKeyRefusal("a", none, "mister")).toBeUndefined();
    expect(inputKeyRefusal("{alt+f4}", none, "mister")).toBeUndefined();
    expect(inputKeyRefusal("a", none, "linux")).toContain("not allowed");
    expect(inputKeyRefusal("{a}", none, "linux")).toContain("not allowed");
    expect(inputKeyRefusal("{f1}", none, "linux")).toBeUndefined();
    expect(inputKeyRefusal("{CTRL+ALT+F1}", none, "steamos")).toContain("blocked");
  });

  test("config: an allow list wins; an empty block list unblocks; the mode is settable", () => {
    expect(inputKeyRefusal("{alt+f4}", { allow: ["{ALT+F4}"] }, "linux")).toBeUndefined();
    expect(inputKeyRefusal("{enter}", { allow: ["{alt+f4}"] }, "mister")).toContain("not in zapscript.input.allow");
    expect(inputKeyRefusal("{alt+f4}", { allow: [], block: [] }, "linux")).toBeUndefined();
    expect(inputKeyRefusal("{enter}", { allow: [], block: ["{enter}"] }, "mister")).toContain("blocked");
    expect(inputKeyRefusal("a", { allow: [], mode: "unrestricted" }, "linux")).toBeUndefined();
    expect(inputKeyRefusal("a", { allow: [], mode: "combos" }, "mister")).toContain("not allowed");
  });
});
