import { describe, expect, test } from "bun:test";
import { parseZapScript, ZapScriptError } from "../../src/core/zapscript/index.ts";

const cmd = (name: string, args: string[] = [], advArgs: Record<string, string> = {}) => ({ name, args, advArgs });
const parse = (text: string) => parseZapScript(text).commands;
const errorOf = (text: string) => {
  try {
    parseZapScript(text);
  } catch (err) {
    expect(err).toBeInstanceOf(ZapScriptError);
    return (err as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(text)} to fail`);
};

describe("launch script parser: media paths", () => {
  test.each([
    ["SNES/Some Game (USA).sfc"],
    ["/media/fat/games/DOS/some/game/to/play.iso"],
    ["C:\\game\\to\\play.iso"],
    ["*notacommand"],
    ["@noseparator"],
    ["@snes/"],
    ["@/Game"],
  ])("%p is launched as a path", (text) => {
    expect(parse(text)).toEqual([cmd("launch", [text])]);
  });

  test("invalid characters in a command name make the whole text a path", () => {
    expect(parse("**he@llo")).toEqual([cmd("launch", ["**he@llo"])]);
  });

  test("a path keeps trailing advanced args apart", () => {
    expect(parse("game.exe?platform=win&fullscreen=yes")).toEqual([
      cmd("launch", ["game.exe"], { platform: "win", fullscreen: "yes" }),
    ]);
  });

  test("a ? that does not start valid advanced args stays in the path", () => {
    expect(parse("SNES/What?.sfc")).toEqual([cmd("launch", ["SNES/What?.sfc"])]);
    expect(parse("SNES/a?-b=1")).toEqual([cmd("launch", ["SNES/a?-b=1"])]);
  });

  test("a URL's query string is advanced args, as the reference reads it; an escaped `^?` keeps it", () => {
    expect(parse("https://example.com/play?id=3&x=1")).toEqual([cmd("launch", ["https://example.com/play"], { id: "3", x: "1" })]);
    expect(parse("http://host/file.bin?system=Genesis")).toEqual([cmd("launch", ["http://host/file.bin"], { system: "Genesis" })]);
    expect(parse("https://example.com/play^?id=3")).toEqual([cmd("launch", ["https://example.com/play?id=3"])]);
  });

  test("escapes in paths", () => {
    expect(parse("SNES/A^|^|B.sfc")).toEqual([cmd("launch", ["SNES/A||B.sfc"])]);
    expect(parse("SNES/Why^?.sfc?launcher=x")).toEqual([cmd("launch", ["SNES/Why?.sfc"], { launcher: "x" })]);
  });

  test("surrounding whitespace is trimmed, inner spaces kept", () => {
    expect(parse("  SNES/Some  Game.sfc \n")).toEqual([cmd("launch", ["SNES/Some  Game.sfc"])]);
  });
});

describe("launch script parser: commands", () => {
  test("a command with no args", () => {
    expect(parse("**stop")).toEqual([cmd("stop")]);
  });

  test("names are lowercased", () => {
    expect(parse("**Launch.Random:snes")).toEqual([cmd("launch.random", ["snes"])]);
  });

  test("args are split on commas and trimmed", () => {
    expect(parse("  **trim:  a , b ")).toEqual([cmd("trim", ["a", "b"])]);
    expect(parse("**cmd:a,,b")).toEqual([cmd("cmd", ["a", "", "b"])]);
  });

  test("`||` alone is a launch with no argument, as the reference reads it", () => {
    expect(parse("||")).toEqual([cmd("launch")]);
  });

  test("chaining with ||, a trailing || is ignored", () => {
    expect(parse("**first:1,2||**second:3,4||")).toEqual([cmd("first", ["1", "2"]), cmd("second", ["3", "4"])]);
    expect(parse("SNES/Game.sfc||**delay:500||**echo:hi")).toEqual([
      cmd("launch", ["SNES/Game.sfc"]),
      cmd("delay", ["500"]),
      cmd("echo", ["hi"]),
    ]);
  });

  test("quoted args keep commas and spaces; both quote kinds; escapes inside", () => {
    expect(parse('**say:"hello, world"')).toEqual([cmd("say", ["hello, world"])]);
    expect(parse("**say:' padded '")).toEqual([cmd("say", ["padded"])]); // the reference trims quoted args too
    expect(parse('**cmd:"say ^"hi^""')).toEqual([cmd("cmd", ['say "hi"'])]);
    expect(parse(`**cmd:'say "hi"'`)).toEqual([cmd("cmd", ['say "hi"'])]);
    expect(parse('**cmd:plain,"quoted",another')).toEqual([cmd("cmd", ["plain", "quoted", "another"])]);
    expect(parse('**cmd:""')).toEqual([cmd("cmd", [""])]);
    expect(parse('**cmd:"a||b"')).toEqual([cmd("cmd", ["a||b"])]);
  });

  test("escape sequences", () => {
    expect(parse("**echo:hello^nworld")).toEqual([cmd("echo", ["hello\nworld"])]);
    expect(parse("**echo:one^ttwo")).toEqual([cmd("echo", ["one\ttwo"])]);
    expect(parse("**echo:a^^b,c^,d")).toEqual([cmd("echo", ["a^b", "c,d"])]);
    expect(parse("**echo:end^")).toEqual([cmd("echo", ["end^"])]);
  });

  test("JSON arguments are validated and compacted", () => {
    expect(parse('**config:{"key": "value"}')).toEqual([cmd("config", ['{"key":"value"}'])]);
    expect(errorOf('**config:{"key": "value"')).toContain("JSON");
  });

  test("advanced args", () => {
    expect(parse("**example?debug=true")).toEqual([cmd("example", [], { debug: "true" })]);
    expect(parse("**download:file1.txt?verify=sha256")).toEqual([cmd("download", ["file1.txt"], { verify: "sha256" })]);
    expect(parse("**cmd?flag")).toEqual([cmd("cmd", [], { flag: "" })]);
    expect(parse('**cmd?msg="a & b"&other=val')).toEqual([cmd("cmd", [], { msg: "a & b", other: "val" })]);
    expect(parse('**cmd?data={"a":[1,2]}')).toEqual([cmd("cmd", [], { data: '{"a":[1,2]}' })]);
    expect(parse("**cmd?val=line1^nline2")).toEqual([cmd("cmd", [], { val: "line1\nline2" })]);
    expect(parse("**cmd1?a=1||**cmd2?b=2")).toEqual([cmd("cmd1", [], { a: "1" }), cmd("cmd2", [], { b: "2" })]);
  });

  test("invalid advanced arg names are ordinary text", () => {
    expect(parse("**cmd:arg?my-key=val")).toEqual([cmd("cmd", ["arg?my-key=val"])]);
    expect(parse("**cmd?my-key=val")).toEqual([cmd("cmd", ["?my-key=val"])]);
  });

  test("key sequences of input commands", () => {
    expect(parse("**input.keyboard:abc")).toEqual([cmd("input.keyboard", ["a", "b", "c"])]);
    expect(parse("**input.keyboard:a{enter}b")).toEqual([cmd("input.keyboard", ["a", "{enter}", "b"])]);
    expect(parse("**input.keyboard:a\\{b\\\\")).toEqual([cmd("input.keyboard", ["a", "{", "b", "\\"])]);
    expect(parse("**input.gamepad:^^VV<>")).toEqual([cmd("input.gamepad", ["^", "^", "V", "V", "<", ">"])]);
    expect(parse("**input.keyboard:xy?delay=50&repeat=3")).toEqual([
      cmd("input.keyboard", ["x", "y"], { delay: "50", repeat: "3" }),
    ]);
    expect(parse("**input.keyboard:a?@b")).toEqual([cmd("input.keyboard", ["a", "?", "@", "b"])]);
    expect(errorOf("**input.keyboard:{enter")).toContain("unmatched");
  });
});

describe("launch script parser: @System/Title", () => {
  test("basic and with spaces", () => {
    expect(parse("@snes/Super Mario World")).toEqual([cmd("launch.title", ["snes/Super Mario World"])]);
    expect(parse("@Sega Genesis/Sonic & Knuckles (USA)")).toEqual([
      cmd("launch.title", ["Sega Genesis/Sonic & Knuckles (USA)"]),
    ]);
  });

  test("advanced args, escapes and chaining", () => {
    expect(parse("@snes/Game (USA)?launcher=custom&tags=region:us")).toEqual([
      cmd("launch.title", ["snes/Game (USA)"], { launcher: "custom", tags: "region:us" }),
    ]);
    expect(parse("@snes/Game^/Name")).toEqual([cmd("launch.title", ["snes/Game/Name"])]);
    expect(parse("@snes/What^?")).toEqual([cmd("launch.title", ["snes/What?"])]);
    expect(parse("@snes/Game||**delay:500")).toEqual([cmd("launch.title", ["snes/Game"]), cmd("delay", ["500"])]);
  });

  test("a ? before invalid advanced args keeps the rest as written", () => {
    expect(parse("@sys/game?val=a^^b&-x")).toEqual([cmd("launch.title", ["sys/game?val=a^^b&-x"])]);
  });
});

describe("launch script parser: errors", () => {
  test.each([
    ["", "empty"],
    ["   ", "empty"],
    ["**", "command name is empty"],
    ["**:x,y", "command name is empty"],
    ["*", "unexpected end"],
    ['**fail:"unterminated', "unmatched quote"],
    ['{"key":"value"}', "JSON"],
  ])("%p fails with %p", (text, message) => {
    expect(errorOf(text)).toContain(message);
  });

  test("never throws anything but ZapScriptError on odd input", () => {
    const samples = ["**a:\"", "@", "?", "?a=", "**x?a=1&", "^", "**x:{", "||**", "**input.keyboard:{", "@a/b?c={"];
    for (const s of samples) {
      try {
        parseZapScript(s);
      } catch (err) {
        expect(err).toBeInstanceOf(ZapScriptError);
      }
    }
  });
});
