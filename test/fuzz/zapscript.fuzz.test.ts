/**
 * ZapScript: any text parses or fails with a ZapScriptError at an offset inside it; written commands read
 * back as written; key sequences on their own; a script with many `?` reads in linear time.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { checkZapScript } from "../../src/core/zapscript/check.ts";
import { parseInputKeys, parseZapScript } from "../../src/core/zapscript/parser.ts";
import { trimSpace } from "../../src/core/zapscript/symbols.ts";
import { INPUT_MACRO_COMMANDS, type ZapCommand, ZapScriptError } from "../../src/core/zapscript/types.ts";
import { anyText, mutatedText, onlyThrows, tokenText } from "./arbitraries.ts";
import { fuzz, fuzzTimeout } from "./runs.ts";

/** Writes text so the parser reads it back verbatim: every character with a meaning is escaped with `^`. */
const escapeText = (text: string) =>
  text.replace(/[\^,?|"'{}&*@:=/\s[\]]/g, (ch) => (ch === "\n" ? "^n" : ch === "\t" ? "^t" : ch === "\r" ? "^r" : `^${ch}`));

/**
 * Text that reads back: trimmed (Go's white space; arguments are trimmed escaped or quoted), without NUL (which
 * ends the text, as in the reference) and without U+FFFD or lone surrogates (read as bad UTF-8 is).
 */
const trimmedText = anyText(12).filter((v) => v === trimSpace(v) && !/[\0\ufffd]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(v));
const nameArb = fc.stringMatching(/^[a-z][a-z0-9.]{0,8}$/).filter((n) => !INPUT_MACRO_COMMANDS.has(n));
const advArb = fc
  .uniqueArray(fc.tuple(fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,6}$/), trimmedText), { selector: ([n]) => n, maxLength: 3 })
  .map((pairs) => Object.fromEntries(pairs));
const commandArb: fc.Arbitrary<ZapCommand> = fc.record({ name: nameArb, args: fc.array(trimmedText, { maxLength: 4 }), advArgs: advArb });

function writeCommand(cmd: ZapCommand): string {
  const args = cmd.args.map((a) => (a === "" ? '""' : escapeText(a))).join(",");
  const adv = Object.entries(cmd.advArgs).map(([k, v]) => `${k}=${escapeText(v)}`).join("&");
  return `**${cmd.name}${args === "" && cmd.args.length === 0 ? "" : `:${args}`}${adv === "" ? "" : `?${adv}`}`;
}
/** `||` after the last command keeps an escaped trailing space out of the script's trim. */
const writeScript = (cmds: readonly ZapCommand[]) => `${cmds.map(writeCommand).join("||")}||`;

const ZAP_TOKENS = ["**", "launch", "input.keyboard", ":", ",", "?", "a=", "&", "b", "=", "||", "^", '"', "'", "{", "}", '{"k":[1]}', "@", "/", "snes", "://", " ", "\n", "x.sfc", "{enter}", "\\", "#", "#k=", "[", "]"];
const scriptText = fc.oneof(
  anyText(),
  tokenText(ZAP_TOKENS),
  mutatedText(fc.array(commandArb, { minLength: 1, maxLength: 3 }).map(writeScript)),
);

const totalChars = (cmds: readonly ZapCommand[]) =>
  cmds.reduce((n, c) => n + c.name.length + c.args.join("").length + Object.entries(c.advArgs).flat().join("").length, 0);

describe("fuzz: ZapScript", () => {
  test("parser.parseZapScript: commands or a ZapScriptError inside the text; output bounded by the input", () => {
    fuzz(
      fc.property(scriptText, (text) => {
        const script = onlyThrows(ZapScriptError, () => parseZapScript(text), (err) => expect(err.offset >= 0 && err.offset <= text.length).toBe(true));
        expect(checkZapScript(text).ok).toBe(script !== undefined);
        if (!script) return;
        expect(script.commands.length + Object.keys(script.traits ?? {}).length).toBeGreaterThan(0); // traits-only scripts hold no command
        for (const c of script.commands) expect(c.name).toMatch(/^[a-z0-9.]+$/);
        // JSON arguments are re-serialised (1e21 → 1e+21); anything else only shrinks.
        expect(totalChars(script.commands)).toBeLessThanOrEqual(2 * text.length + 8);
      }),
    );
  }, fuzzTimeout());

  test("parser: written commands (escaped arguments, advanced arguments) read back as written", () => {
    fuzz(
      fc.property(fc.array(commandArb, { minLength: 1, maxLength: 4 }), (cmds) => {
        expect(parseZapScript(writeScript(cmds)).commands).toEqual(cmds);
      }),
    );
  }, fuzzTimeout());

  test("advanced arguments: names of letters, digits and `_` only", () => {
    const advText = fc.oneof(tokenText(ZAP_TOKENS, 12), advArb.map((a) => Object.entries(a).map(([k, v]) => `${k}=${escapeText(v)}`).join("&")));
    fuzz(
      fc.property(fc.string({ maxLength: 4 }), advText, (before, text) => {
        const script = onlyThrows(ZapScriptError, () => parseZapScript(`**a:${escapeText(before)}?${text}`));
        for (const c of script?.commands ?? []) for (const k of Object.keys(c.advArgs)) expect(k).toMatch(/^[A-Za-z0-9_]+$/);
      }),
    );
  }, fuzzTimeout());

  test("input-macro: one key per character or {name}; escaped keys read back", () => {
    // a NUL ends the text wherever it is (as in the reference), so it is no key
    const keyArb = fc.oneof(fc.string({ unit: "grapheme-composite", minLength: 1, maxLength: 1 }).filter((k) => k !== "\0"), fc.stringMatching(/^\{[a-z0-9][a-z0-9_]{1,6}\}$/));
    fuzz(
      fc.property(fc.array(keyArb, { maxLength: 12 }), anyText(40), (keys, text) => {
        const written = keys.map((k) => (k.length > 2 && k.startsWith("{") ? k : k.replace(/^[\\{|?[]$/, "\\$&"))).join("");
        expect(parseInputKeys(written)).toEqual(keys);
        const split = onlyThrows(ZapScriptError, () => parseInputKeys(text));
        if (split) for (const k of split) expect(k.length === 0 || [...k].length === 1 || (k.startsWith("{") && k.endsWith("}"))).toBe(true);
      }),
    );
  }, fuzzTimeout());

  test("regression: a command with many `?` that never start advanced arguments parses in linear time", () => {
    // Each `?` was tried as advanced arguments and read to the far `&`: 60 000 of them took minutes.
    for (const script of ["**a:" + "?a=".repeat(60_000) + "&!", "**input.keyboard:" + "?a=".repeat(60_000) + "&!", "**a:" + "?a=x&b".repeat(30_000) + "&!"]) {
      const started = performance.now();
      if (script.startsWith("**input.keyboard:")) expect(() => parseZapScript(script)).toThrow("input macro expanded key count exceeds maximum");
      else expect(parseZapScript(script).commands[0]!.advArgs).toEqual({});
      expect(performance.now() - started).toBeLessThan(5_000);
    }
    expect(parseZapScript("**a:x?k=a^&b?c&k2=x^ny").commands[0]).toEqual({ name: "a", args: ["x"], advArgs: { k: "a&b?c", k2: "x\ny" } });
  }, 30_000);
});
