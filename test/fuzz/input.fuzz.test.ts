/**
 * Remote input macros: any text either reads as keys or fails with a ZapScriptError; any keys either plan or
 * fail with an "invalid" DomainError before a key is sent; a plan never releases what it did not press, never
 * presses what is held, waits within bounds, and leaves nothing held.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { DomainError } from "../../src/core/errors.ts";
import { type InputStep, MAX_MACRO_WAIT_MS, planGamepad, planKeyboard } from "../../src/core/input/key-plan.ts";
import { parseInputKeys, ZapScriptError } from "../../src/core/zapscript/index.ts";
import { anyText, onlyThrows, tokenText } from "./arbitraries.ts";
import { fuzz, fuzzTimeout } from "./runs.ts";

const TOKENS = ["a", "A", "!", "^", "B", "{enter}", "{ctrl+alt+del}", "{shift+a}", "{f12}", "{start}", "{l1}", "{delay:20}", "{_ctrl}", "{^ctrl}", "{~a:5}",
  "{hold:shift:1s}", "{press:x}", "{release:x}", "{a*3}", '{"hi"*2}', "{text:ok}", "\\", "{", "}", "*", ":", "+", "?x=1", "||", " "];

function checkPlan(steps: InputStep[]): void {
  const held = new Set<number>();
  for (const s of steps) {
    if (s.op === "wait") expect(s.ms > 0 && s.ms <= MAX_MACRO_WAIT_MS).toBe(true);
    else if (s.op === "down") {
      expect(held.has(s.code)).toBe(false);
      held.add(s.code);
    } else {
      expect(held.has(s.code)).toBe(true);
      held.delete(s.code);
    }
  }
  expect(held.size).toBe(0);
}

describe("fuzz: input macros", () => {
  test("text → keys → plan, keyboard and gamepad", () => {
    fuzz(
      fc.property(fc.oneof(anyText(60), tokenText(TOKENS, 20)), (text) => {
        const keys = onlyThrows(ZapScriptError, () => parseInputKeys(text));
        if (!keys) return;
        for (const plan of [planKeyboard, planGamepad]) {
          const steps = onlyThrows(DomainError, () => plan(keys), (err) => expect(err.kind).toBe("invalid"));
          if (steps) checkPlan(steps);
        }
      }),
    );
  }, fuzzTimeout());
});
