/**
 * Key and button names of the input commands (`input.keyboard`, `input.gamepad`, the phone app's remote input)
 * and the Linux input event codes they press (linux/input-event-codes.h). Names and codes follow the
 * reference's tables; test/unit/input-key-codes.test.ts checks them against the header and the reference's
 * list of names (test/fixtures/input/reference-key-names.json). A negative keyboard code means "this key with
 * Shift held": `A` is Shift + KEY_A.
 */

export const KEY_LEFTSHIFT = 42;

/** Highest key code the virtual keyboard announces (KEY_MICMUTE); it registers 1 … this. */
export const KEYBOARD_MAX_CODE = 248;

export const KEYBOARD_CODES: Readonly<Record<string, number>> = {
  "{esc}": 1, "{escape}": 1,
  "1": 2, "2": 3, "3": 4, "4": 5, "5": 6, "6": 7, "7": 8, "8": 9, "9": 10, "0": 11,
  "-": 12, "=": 13, "{backspace}": 14, "{tab}": 15,
  q: 16, w: 17, e: 18, r: 19, t: 20, y: 21, u: 22, i: 23, o: 24, p: 25, "[": 26, "]": 27,
  "{enter}": 28, "{return}": 28,
  "{ctrl}": 29, "{lctrl}": 29, "{leftctrl}": 29,
  a: 30, s: 31, d: 32, f: 33, g: 34, h: 35, j: 36, k: 37, l: 38, ";": 39, "'": 40, "`": 41,
  "{shift}": 42, "{lshift}": 42, "{leftshift}": 42,
  "\\": 43, "{backslash}": 43,
  z: 44, x: 45, c: 46, v: 47, b: 48, n: 49, m: 50, ",": 51, ".": 52, "/": 53,
  "{rshift}": 54, "{rightshift}": 54,
  "{alt}": 56, "{lalt}": 56, "{leftalt}": 56,
  " ": 57, "{space}": 57,
  "{caps}": 58, "{capslock}": 58,
  "{f1}": 59, "{f2}": 60, "{f3}": 61, "{f4}": 62, "{f5}": 63, "{f6}": 64, "{f7}": 65, "{f8}": 66, "{f9}": 67, "{f10}": 68,
  "{num}": 69, "{numlock}": 69, "{scroll}": 70, "{scrolllock}": 70,
  "{f11}": 87, "{f12}": 88,
  "{home}": 102, "{up}": 103, "{pgup}": 104, "{pageup}": 104, "{left}": 105, "{right}": 106, "{end}": 107,
  "{down}": 108, "{pgdn}": 109, "{pagedown}": 109, "{ins}": 110, "{insert}": 110, "{del}": 111, "{delete}": 111,
  "{volup}": 115, "{volumeup}": 115, "{voldn}": 114, "{volumedown}": 114,
  // with Shift
  "~": -41, "!": -2, "@": -3, "#": -4, $: -5, "%": -6, "^": -7, "&": -8, "*": -9, "(": -10, ")": -11,
  _: -12, "+": -13, "{plus}": -13, "{": -26, "}": -27, "|": -43, ":": -39, '"': -40, "<": -51, ">": -52, "?": -53,
  Q: -16, W: -17, E: -18, R: -19, T: -20, Y: -21, U: -22, I: -23, O: -24, P: -25,
  A: -30, S: -31, D: -32, F: -33, G: -34, H: -35, J: -36, K: -37, L: -38,
  Z: -44, X: -45, C: -46, V: -47, B: -48, N: -49, M: -50,
};

export const BTN = {
  SOUTH: 0x130, EAST: 0x131, NORTH: 0x133, WEST: 0x134, TL: 0x136, TR: 0x137, TL2: 0x138, TR2: 0x139,
  SELECT: 0x13a, START: 0x13b, MODE: 0x13c, THUMBL: 0x13d, THUMBR: 0x13e,
  DPAD_UP: 0x220, DPAD_DOWN: 0x221, DPAD_LEFT: 0x222, DPAD_RIGHT: 0x223,
} as const;

export const GAMEPAD_CODES: Readonly<Record<string, number>> = {
  "^": BTN.DPAD_UP, "{up}": BTN.DPAD_UP,
  v: BTN.DPAD_DOWN, V: BTN.DPAD_DOWN, "{down}": BTN.DPAD_DOWN,
  "<": BTN.DPAD_LEFT, "{left}": BTN.DPAD_LEFT,
  ">": BTN.DPAD_RIGHT, "{right}": BTN.DPAD_RIGHT,
  A: BTN.EAST, a: BTN.EAST, "{east}": BTN.EAST,
  B: BTN.SOUTH, b: BTN.SOUTH, "{south}": BTN.SOUTH,
  X: BTN.NORTH, x: BTN.NORTH, "{north}": BTN.NORTH,
  Y: BTN.WEST, y: BTN.WEST, "{west}": BTN.WEST,
  "{start}": BTN.START, "{select}": BTN.SELECT, "{menu}": BTN.MODE,
  L: BTN.TL, l: BTN.TL, "{l1}": BTN.TL,
  R: BTN.TR, r: BTN.TR, "{r1}": BTN.TR,
  "{l2}": BTN.TL2, "{r2}": BTN.TR2,
};

/** Every button the virtual gamepad announces. */
export const GAMEPAD_BUTTONS: readonly number[] = Object.values(BTN);

/**
 * The deprecated `input.key` / `key` commands name a key by its code (a negative code: with Shift); the first
 * name of that code in the table is pressed.
 */
export function keyNameForLegacyCode(code: number): string | undefined {
  for (const [name, c] of Object.entries(KEYBOARD_CODES)) if (c === code) return name;
  return undefined;
}
