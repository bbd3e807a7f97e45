/**
 * Corners of the reference's parser (go-zapscript) that scripts written for it rely on, each checked against its
 * compiled code (test/oracle): what once differed here, and what its reader does at the edges.
 */
import { describe, expect, test } from "bun:test";
import { EXPR_CLOSE, EXPR_OPEN, parseZapScript, showExpressions, ZapScriptError } from "../../../src/core/zapscript/index.ts";

const cmd = (name: string, args: string[] = [], advArgs: Record<string, string> = {}) => ({ name, args, advArgs });
const parse = (text: string) => parseZapScript(text).commands;
const failure = (text: string): string => {
  try {
    parseZapScript(text);
  } catch (err) {
    expect(err).toBeInstanceOf(ZapScriptError);
    return (err as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(text)} to fail`);
};

describe("once different here, now as the reference", () => {
  test("a quoted launch path loses its quotes; text after the closing quote is appended", () => {
    expect(parse('"platform"')).toEqual([cmd("launch", ["platform"])]);
    expect(parse('"version":"1.0.0"')).toEqual([cmd("launch", ['version:"1.0.0"'])]);
    expect(parse('*"abc"')).toEqual([cmd("launch", ["abc"])]);
  });

  test("an unmatched quote is an error", () => {
    expect(failure('"unclosed quote')).toBe("unmatched quote");
    expect(failure("'")).toBe("unmatched quote");
  });

  test("`?` with nothing after it, `**cmd?=value`: empty advanced arguments", () => {
    expect(parse("?")).toEqual([cmd("launch")]);
    expect(parse("**cmd?")).toEqual([cmd("cmd")]);
    expect(parse("**cmd?=value")).toEqual([cmd("cmd")]);
  });

  test("`||` with an empty side is a launch with no argument", () => {
    expect(parse("||**b")).toEqual([cmd("launch"), cmd("b")]);
    expect(parse("**a||||**b")).toEqual([cmd("a"), cmd("launch"), cmd("b")]);
  });

  test("a trailing `,` adds no empty argument", () => {
    expect(parse("**http.post:url,application/json,")).toEqual([cmd("http.post", ["url", "application/json"])]);
  });

  test("a remote URL's `?key=value` are advanced arguments", () => {
    expect(parse("http://host/file.bin?system=Genesis")).toEqual([cmd("launch", ["http://host/file.bin"], { system: "Genesis" })]);
  });
});

describe("the reader's edges", () => {
  test("a NUL character ends what is being read, as the end of the text does", () => {
    expect(parse("a\u0000b||c")).toEqual([cmd("launch", ["a"]), cmd("launch", ["b"]), cmd("launch", ["c"])]);
  });

  test("a `[` as the last character is an error; elsewhere a lone `[` is text", () => {
    expect(() => parse("**echo:x[")).toThrow(ZapScriptError);
    expect(parse("**echo:x[y")).toEqual([cmd("echo", ["x[y"])]);
  });

  test("expressions are marked; an escaped `^[^[` is plain text; `[[` has no meaning in `@System/Title`", () => {
    expect(parse("**echo:a[[b]]c")).toEqual([cmd("echo", [`a${EXPR_OPEN}b${EXPR_CLOSE}c`])]);
    expect(showExpressions(parse("**echo:a[[b]]c")[0]!.args[0]!)).toBe("a[[b]]c");
    expect(parse("**echo:^[^[x]]")).toEqual([cmd("echo", ["[[x]]"])]);
    expect(parse("@snes/[[x]]")).toEqual([cmd("launch.title", ["snes/[[x]]"])]);
  });

  test("JSON arguments are written back as Go writes them: keys sorted, `<` `&` `>` escaped", () => {
    expect(parse('**echo:{"b":1,"a":"<&>"}')).toEqual([cmd("echo", ['{"a":"\\u003c\\u0026\\u003e","b":1}'])]);
    expect(failure('**echo:{"a":1e400}')).toBe("invalid JSON argument");
  });

  test("`@System` without a title: its advanced arguments are dropped and the launch path reads on past `||`", () => {
    expect(parse("@snes/Mario?a=1||**stop")).toEqual([cmd("launch.title", ["snes/Mario"], { a: "1" }), cmd("stop")]);
    expect(parse("@foo?a=1||**stop")).toEqual([cmd("launch", ["@foo**stop"])]);
  });

  test("trait values: out-of-range numbers stay text, hexadecimal floats are numbers", () => {
    expect(parseZapScript("#a=1e400 #b=0x1p4 #c=12").traits).toEqual({ a: "1e400", b: 16, c: 12 });
  });

  test("input.text takes `?` as a key", () => {
    expect(parse("**input.text?abc")).toEqual([cmd("input.text", ["?", "a", "b", "c"])]);
  });
});

describe("character classes (go-zapscript parser_internal_test.go)", () => {
  const cmdName: Array<[string, boolean]> = [["a", true], ["z", true], ["A", true], ["Z", true], ["0", true], ["9", true], [".", true], ["_", false], ["-", false], [" ", false], ["!", false], ["@", false], ["#", false], ["ñ", false], ["\t", false], ["\n", false]];
  const advName: Array<[string, boolean]> = [["a", true], ["z", true], ["A", true], ["Z", true], ["0", true], ["9", true], ["_", true], [".", false], ["-", false], [" ", false], ["!", false], ["@", false], ["#", false], ["ñ", false], ["\t", false], ["\n", false]];
  const space: Array<[string, boolean]> = [[" ", true], ["\t", true], ["\n", true], ["\r", true], ["a", false], ["Z", false], ["0", false], ["_", false], [".", false], ["!", false], ["\f", false], ["\v", false]];

  test.each(cmdName)("command name character %p: %p", (ch, ok) => {
    expect(parse(`**x${ch}y`)).toEqual(ok ? [cmd(`x${ch}y`.toLowerCase())] : [cmd("launch", [`**x${ch}y`.trim()])]);
  });
  test.each(advName)("advanced argument name character %p: %p", (ch, ok) => {
    expect(parse(`**c?x${ch}y=1`)).toEqual(ok ? [cmd("c", [], { [`x${ch}y`]: "1" })] : [cmd("c", [`?x${ch}y=1`])]);
  });
  test.each(space)("white space between commands %p: %p", (ch, ok) => {
    expect(parse(`${ch}**stop`)).toEqual(ok ? [cmd("stop")] : [cmd("launch", [`${ch}**stop`.trim()])]);
  });
});
