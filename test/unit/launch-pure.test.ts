import { describe, expect, test } from "bun:test";
import { splitCommandLine } from "../../src/core/argv.ts";
import { misterCoreFor } from "../../src/platforms/mister/cores.ts";
import { buildMgl, hasControlChars } from "../../src/platforms/mister/mgl.ts";
import { executeAllowed } from "../../src/service/launch/commands/execute.ts";

describe("command lines without a shell", () => {
  test.each([
    ["/bin/echo a b", ["/bin/echo", "a", "b"]],
    ["/bin/sh -c 'exit 3'", ["/bin/sh", "-c", "exit 3"]],
    ['notify "hello world" x\\ y', ["notify", "hello world", "x y"]],
    ['say "a \\"q\\" b"', ["say", 'a "q" b']],
    ["  spaced   out  ", ["spaced", "out"]],
    ["empty '' arg", ["empty", "", "arg"]],
  ])("%p", (line, argv) => {
    expect(splitCommandLine(line)).toEqual(argv);
  });

  test("an unterminated quote is refused", () => {
    expect(splitCommandLine("a 'b")).toBeNull();
    expect(splitCommandLine('a "b')).toBeNull();
  });

  test("the allow list matches whole lines only", () => {
    expect(executeAllowed("/bin/true", ["/bin/true"])).toBe(true);
    expect(executeAllowed("/bin/true; reboot", ["/bin/true"])).toBe(false);
    expect(executeAllowed("/usr/bin/env hi", ["/usr/bin/env .*"])).toBe(true);
    expect(executeAllowed("x", ["("])).toBe(false);
  });
});

describe("MiSTer MGL", () => {
  test("core by system id, or by an extension only one core takes", () => {
    expect(misterCoreFor("SNES", ".SFC")?.core.rbf).toBe("_Console/SNES");
    expect(misterCoreFor(undefined, ".nes")?.core.rbf).toBe("_Console/NES");
    expect(misterCoreFor(undefined, ".bin")).toBeUndefined(); // SNES, Genesis, TurboGrafx16 all take .bin
    expect(misterCoreFor("Genesis", ".bin")?.core.rbf).toBe("_Console/MegaDrive");
    expect(misterCoreFor("PSX", ".cue")?.slot).toEqual({ extensions: [".cue", ".chd"], type: "s", index: 1, delay: 1 });
  });

  test("the file path is absolute behind ../../../../.. and XML-escaped", () => {
    const hit = misterCoreFor("SNES", ".sfc")!;
    expect(buildMgl(hit.core, hit.slot, '/media/fat/games/SNES/A & "B".sfc')).toBe(
      '<mistergamedescription>\n\t<rbf>_Console/SNES</rbf>\n\t<file delay="2" type="f" index="0" path="../../../../../media/fat/games/SNES/A &amp; &quot;B&quot;.sfc"/>\n</mistergamedescription>\n',
    );
    expect(hasControlChars("/a\nload_core x")).toBe(true);
    expect(hasControlChars("/media/fat/games/ok.sfc")).toBe(false);
  });
});
