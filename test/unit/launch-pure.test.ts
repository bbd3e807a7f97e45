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
  test("core by system id, by games folder, or by an extension only one core takes", () => {
    expect(misterCoreFor("SNES", "/g/x.SFC")?.core.rbf).toBe("_Console/SNES");
    expect(misterCoreFor(undefined, "/g/x.nes")?.core.rbf).toBe("_Console/NES");
    expect(misterCoreFor(undefined, "/g/x.bin")).toBeUndefined(); // many cores take .bin
    expect(misterCoreFor(undefined, "/media/fat/games/Genesis/x.bin")?.core.rbf).toBe("_Console/MegaDrive");
    expect(misterCoreFor("Genesis", "/g/x.bin")?.core.rbf).toBe("_Console/MegaDrive");
    expect(misterCoreFor("PSX", "/g/x.cue")?.slot).toEqual({ label: "CD", exts: [".cue", ".chd"], type: "s", index: 1, delay: 1 });
  });

  test("the file path is absolute behind ../../../../.., XML-escaped; set name and reset as the reference writes them", () => {
    const hit = misterCoreFor("SNES", "/media/fat/games/SNES/x.sfc")!;
    expect(buildMgl({ rbf: "_Console/SNES", file: { path: '/media/fat/games/SNES/A & "B".sfc', slot: hit.slot } })).toBe(
      '<mistergamedescription>\n\t<rbf>_Console/SNES</rbf>\n\t<file delay="2" type="f" index="0" path="../../../../../media/fat/games/SNES/A &amp; &quot;B&quot;.sfc"/>\n</mistergamedescription>',
    );
    const jag = misterCoreFor("Jaguar", "/j/x.jag")!;
    expect(buildMgl({ rbf: "_Console/Jaguar", setName: "RA_X", setNameSameDir: true, file: { path: "/j/x.jag", slot: jag.slot } })).toBe(
      '<mistergamedescription>\n\t<rbf>_Console/Jaguar</rbf>\n\t<setname same_dir="1">RA_X</setname>\n\t<file delay="1" type="f" index="0" path="../../../../../j/x.jag"/>\n\t<reset delay="1" hold="1"/>\n</mistergamedescription>',
    );
    expect(hasControlChars("/a\nload_core x")).toBe(true);
    expect(hasControlChars("/media/fat/games/ok.sfc")).toBe(false);
  });
});
