/**
 * Inputs shared by the fuzz tests: raw bytes and text, text built from a grammar's own tokens (so the
 * parser gets past its first check), and mutations of valid encodings (flipped, cut, inserted bytes).
 */
import fc from "fast-check";

/** Any bytes, up to `maxLength`. */
export const anyBytes = (maxLength = 512) => fc.uint8Array({ maxLength });

/** Any text: ASCII, printable Unicode graphemes or arbitrary code points (lone surrogates included). */
export const anyText = (maxLength = 300) =>
  fc.oneof(
    fc.string({ maxLength }),
    fc.string({ unit: "grapheme", maxLength }),
    fc.string({ unit: "binary", maxLength }),
  );

/** Text made of a grammar's tokens (and now and then any character), so most inputs reach deep into a parser. */
export const tokenText = (tokens: readonly string[], maxTokens = 40) =>
  fc
    .array(fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...tokens) }, { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 2 }) }), {
      maxLength: maxTokens,
    })
    .map((parts) => parts.join(""));

type Edit = { at: number; kind: "flip" | "set" | "insert" | "delete" | "cut"; value: number };

const edits = fc.array(
  fc.record({ at: fc.nat(), kind: fc.constantFrom("flip", "set", "insert", "delete", "cut"), value: fc.nat(255) }) as fc.Arbitrary<Edit>,
  { maxLength: 4 },
);

function applyEdits<T>(input: readonly T[], list: readonly Edit[], valueOf: (n: number) => T, flip: (item: T, bit: number) => T): T[] {
  const out = [...input];
  for (const e of list) {
    const at = out.length === 0 ? 0 : e.at % (out.length + 1);
    if (e.kind === "insert") out.splice(at, 0, valueOf(e.value));
    else if (e.kind === "cut") out.length = at;
    else if (at < out.length) {
      if (e.kind === "delete") out.splice(at, 1);
      else out[at] = e.kind === "flip" ? flip(out[at]!, e.value & 7) : valueOf(e.value);
    }
  }
  return out;
}

/** Valid encodings with a few random edits (sometimes none), for parsers whose input has checksums or lengths. */
export const mutatedBytes = (valid: fc.Arbitrary<Uint8Array>) =>
  fc.tuple(valid, edits).map(([bytes, list]) => Uint8Array.from(applyEdits([...bytes], list, (n) => n, (b, bit) => b ^ (1 << bit))));

/** Characters that matter to some text grammar here, inserted or set by `mutatedText`. */
const SHARP = [..."\"'{}[]:,|^?&=*@/.;# \t\n\r\0", "\ud800", "\udc00", "\u00a0", "\u2028", "é", "😀"];

/** As `mutatedBytes`, on text: edits work on UTF-16 code units, so split surrogate pairs appear too. */
export const mutatedText = (valid: fc.Arbitrary<string>) =>
  fc.tuple(valid, edits).map(([text, list]) =>
    applyEdits(text.split(""), list, (n) => SHARP[n % SHARP.length]!, (ch, bit) => String.fromCharCode(ch.charCodeAt(0) ^ (1 << bit))).join(""),
  );

/**
 * Runs `fn` and returns its value, or `undefined` when it threw the expected error type (which `onError` may
 * inspect); any other exception fails the property (it is a parser bug: only the documented error may escape).
 */
export function onlyThrows<T, E extends Error>(errorType: abstract new (...args: never[]) => E, fn: () => T, onError?: (err: E) => void): T | undefined {
  try {
    return fn();
  } catch (err) {
    if (!(err instanceof errorType)) throw err;
    onError?.(err);
    return undefined;
  }
}

/** The text with each lone surrogate replaced by U+FFFD, as a UTF-8 round trip gives it back (String#toWellFormed). */
export const wellFormed = (text: string) => text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
