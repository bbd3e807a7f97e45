/** Traits beyond go-zapscript's own vectors (zapscript-vectors.test.ts): what its code does in the corners. */
import { describe, expect, test } from "bun:test";
import { parseZapScript } from "../../src/core/zapscript/index.ts";

describe("traits", () => {
  test("a `#` inside a command is text; only a command's start reads traits", () => {
    expect(parseZapScript("SNES/Game #1.sfc")).toEqual({ commands: [{ name: "launch", args: ["SNES/Game #1.sfc"], advArgs: {} }] });
    expect(parseZapScript("**echo:#a=1").commands[0]!.args).toEqual(["#a=1"]);
  });

  test("**traits with an argument that is not a JSON object stays a command (and fails as unknown when run)", () => {
    expect(parseZapScript("**traits:hello").commands).toEqual([{ name: "traits", args: ["hello"], advArgs: {} }]);
    expect(parseZapScript('**traits:{"a":[1,{"b":null}]}')).toEqual({ commands: [], traits: { a: [1, { b: null }] } });
  });

  test("text right after a value starts a new command, as in go-zapscript", () => {
    expect(parseZapScript('#a="x"SNES/Game.sfc')).toEqual({ commands: [{ name: "launch", args: ["SNES/Game.sfc"], advArgs: {} }], traits: { a: "x" } });
  });

  test("a bad key drops the traits before it in the same command; an empty `#` is an empty script", () => {
    expect(parseZapScript("#a=1 #my-x||**echo:hi")).toEqual({ commands: [{ name: "echo", args: ["hi"], advArgs: {} }] });
    expect(() => parseZapScript("#")).toThrow(/empty/);
    expect(() => parseZapScript("#a=[1,2")).toThrow(/unmatched array bracket/);
  });

  test("numbers: integers and decimals (exponents too); anything else is text", () => {
    expect(parseZapScript("#a=1e3 #b=0x10 #c=1_000 #d=.5 #e=5.").traits).toEqual({ a: 1000, b: "0x10", c: "1_000", d: 0.5, e: 5 });
  });
});
