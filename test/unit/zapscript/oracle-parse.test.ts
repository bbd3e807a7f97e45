/**
 * The reference's parser as an oracle: every script of test/data/oracle/parse.jsonl (every string of
 * go-zapscript's own tests and fuzz corpus, the documented scripts, and generated scripts; see
 * test/oracle/README.md) parses here to the same commands, arguments, advanced arguments and traits, and fails
 * where the reference fails.
 *
 * One allowance: the oracle is built with Go 1.19, whose JSON writer spells backspace and form feed `\u0008` and
 * `\u000c`; the reference ships built with Go ≥ 1.22, which writes `\b` and `\f`, as we do.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { parseZapScript, type TraitValue } from "../../../src/core/zapscript/index.ts";

interface Cmd {
  name: string;
  args: string[];
  advArgs: Record<string, string>;
}
type Answer = { cmds: Cmd[]; traits?: Record<string, TraitValue> } | { error: string };

const lines = readFileSync(new URL("../../data/oracle/parse.jsonl", import.meta.url), "utf8").trim().split("\n");
const cases = lines.map((l) => JSON.parse(l) as { input: { script: string }; output: Answer });

const sorted = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(sorted) : v !== null && typeof v === "object" ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted((v as Record<string, unknown>)[k])])) : v;

/** Our answer in the oracle's shape: keys sorted, `{error: true}` for any failure. */
function ours(script: string): unknown {
  try {
    const s = parseZapScript(script);
    const cmds = s.commands.map((c) => ({ name: c.name, args: c.args, advArgs: sorted(c.advArgs) }));
    return s.traits ? { cmds, traits: sorted(s.traits) } : { cmds };
  } catch {
    return { error: true };
  }
}

function theirs(a: Answer): unknown {
  if ("error" in a) return { error: true };
  const cmds = a.cmds.map((c) => ({ name: c.name, args: c.args, advArgs: sorted(c.advArgs) }));
  return a.traits ? { cmds, traits: sorted(a.traits) } : { cmds };
}

const newerGoJson = (text: string) => text.replaceAll("\\\\u0008", "\\\\b").replaceAll("\\\\u000c", "\\\\f");

describe(`ZapScript parser against the reference's (${cases.length} scripts of test/data/oracle/parse.jsonl)`, () => {
  test("every script parses as the reference parses it, or fails where it fails", () => {
    const differ: string[] = [];
    for (const { input, output } of cases) {
      const got = JSON.stringify(ours(input.script));
      const want = JSON.stringify(theirs(output));
      if (got !== want && got !== newerGoJson(want)) differ.push(`${JSON.stringify(input.script)}\n  ours ${got}\n  ref  ${want}`);
    }
    expect(differ.slice(0, 20)).toEqual([]);
  });

  test("the data holds the reference's own test inputs, errors among them", () => {
    expect(cases.length).toBeGreaterThan(6000);
    expect(cases.filter((c) => "error" in c.output).length).toBeGreaterThan(100);
  });
});
