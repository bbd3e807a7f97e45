/**
 * Every parser test vector of ZaparooProject/go-zapscript (the reference's grammar), from the table in
 * zapscript-vectors.json; the table is generated from go-zapscript's Go test files by build/zapscript-vectors.ts
 * (its `source` names the commit). An expression `[[x]]` is marked U+E000 x U+E001 in parsed arguments, as
 * go-zapscript marks it (evaluated when the command runs). Traits cases
 * (`#key=value`) carry the traits the script must hold and the count or names of its commands, as go-zapscript's
 * traits tests check them.
 */
import { describe, expect, test } from "bun:test";
import { parseZapScript, type TraitValue } from "../../src/core/zapscript/index.ts";
import table from "./zapscript-vectors.json";

interface Cmd {
  name: string;
  args: string[];
  advArgs: Record<string, string>;
}
interface Vector {
  file: string;
  name: string;
  input: string;
  want?: { cmds: Cmd[]; traits?: Record<string, TraitValue> };
  wantErr?: string;
  traits?: Record<string, TraitValue> | null;
  cmdCount?: number;
  cmdNames?: string[];
}

function parsed(input: string): { cmds: Cmd[]; traits?: Record<string, TraitValue> } | { error: string } {
  try {
    const s = parseZapScript(input);
    const cmds = s.commands.map((c) => ({ name: c.name, args: c.args, advArgs: { ...c.advArgs } }));
    return s.traits ? { cmds, traits: s.traits } : { cmds };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

const vectors = (table as { vectors: Vector[] }).vectors;

describe(`go-zapscript parser vectors (${vectors.length}, ${table.source})`, () => {
  test("the table holds the vectors of every parser test file", () => {
    expect(vectors.length).toBeGreaterThanOrEqual(347);
    expect(new Set(vectors.map((v) => v.file))).toEqual(new Set(["parser_coverage_test.go", "parser_input_macro_test.go", "parser_media_title_test.go", "parser_mutation_test.go", "parser_test.go", "parser_traits_test.go"]));
  });

  for (const v of vectors) {
    test(`${v.file}: ${v.name}`, () => {
      const got = parsed(v.input);
      if (v.wantErr) expect({ input: v.input, failed: "error" in got }).toEqual({ input: v.input, failed: true });
      else if (v.traits !== undefined) {
        if ("error" in got) throw new Error(`${v.input}: ${got.error}`);
        expect({ input: v.input, traits: got.traits ?? null }).toEqual({ input: v.input, traits: v.traits });
        if (v.cmdNames) expect(got.cmds.map((c) => c.name)).toEqual(v.cmdNames);
        else expect(got.cmds).toHaveLength(v.cmdCount ?? 0);
      } else {
        const want = v.want!.cmds.map((c) => ({ name: c.name, args: c.args, advArgs: c.advArgs }));
        expect({ input: v.input, got }).toEqual({ input: v.input, got: v.want!.traits ? { cmds: want, traits: v.want!.traits } : { cmds: want } });
      }
    });
  }

  // go-zapscript's traits tests that assert in their code rather than in a table (parser_traits_test.go)
  test.each(["#123=value", "#my-trait=x", "#game.rom", '#msg="unterminated'])("TestParseTraitsInvalidKeyError / UnmatchedQuote: %p is refused", (input) => {
    expect("error" in parsed(input)).toBe(true);
  });
  test.each(["#key=value", '**traits:{"key":"value"}', "#key=value||**echo:hello"])("TestParseTraitsNotInCmds: %p holds no traits command", (input) => {
    const got = parsed(input);
    expect("error" in got ? got.error : got.cmds.filter((c) => c.name === "traits")).toEqual([]);
  });
  test.each([
    ["5", false, 5],
    ["-10", false, -10],
    ["3.14", false, 3.14],
    ["-0.5", false, -0.5],
    ["true", false, true],
    ["false", false, false],
    ["hello", false, "hello"],
    ["123", true, "123"],
    ["", false, ""],
  ])("TestInferType: %p (quoted %p) is %p", (value, quoted, want) => {
    const got = parsed(quoted ? `#test="${value}"` : `#test=${value}`);
    expect("error" in got ? got : got.traits?.test).toEqual(want);
  });
});

describe("expressions in the parser, as go-zapscript reads them", () => {
  test("`||` and `,` inside [[…]] do not split commands or arguments", () => {
    expect(parseZapScript("**echo:[[a || b]],[[f(1, 2)]]||**stop").commands).toEqual([
      { name: "echo", args: ["\uE000a || b\uE001", "\uE000f(1, 2)\uE001"], advArgs: {} },
      { name: "stop", args: [], advArgs: {} },
    ]);
  });

  test("an escaped `^[^[x]]` is plain text, not an expression", () => {
    expect(parseZapScript("**echo:^[^[x]]").commands[0]!.args).toEqual(["[[x]]"]);
  });

  test("an expression is one key of a key sequence; an unclosed one is an error with its position", () => {
    expect(parseZapScript("**input.keyboard:a[[k]]b").commands[0]!.args).toEqual(["a", "\uE000k\uE001", "b"]);
    expect(() => parseZapScript("**echo:x [[y")).toThrow(/unmatched expression/);
  });
});
