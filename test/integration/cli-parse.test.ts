import { describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "../..");
const parse = (...args: string[]) => {
  const r = spawnSync(join(ROOT, "node_modules/.bin/bun"), [join(ROOT, "src/main.ts"), "parse", ...args], { encoding: "utf8", timeout: 20_000 });
  return { code: r.status, out: r.stdout.trim() ? JSON.parse(r.stdout) : null, stderr: r.stderr };
};

describe("tapserve parse <text>", () => {
  test("prints the commands a script would run, without running them", () => {
    const r = parse('**launch:"SNES/A, B.sfc"?launcher=RetroArch||**delay:500||**echo:hi');
    expect(r.code).toBe(0);
    expect(r.out).toMatchObject({
      commands: [
        { name: "launch", args: ["SNES/A, B.sfc"], advArgs: { launcher: "RetroArch" } },
        { name: "delay", args: ["500"], advArgs: {} },
        { name: "echo", args: ["hi"], advArgs: {} },
      ],
    });
  });

  test("a plain path and several words become one launch", () => {
    expect(parse("SNES/Some", "Game.sfc").out).toMatchObject({ commands: [{ name: "launch", args: ["SNES/Some Game.sfc"], advArgs: {} }] });
  });

  test("says for each command whether this device's platform can run it, and why not", () => {
    const r = parse("**echo:hi||**mister.ini:1||**screenshot||**nope");
    expect(r.code).toBe(0);
    const platform = r.out.platform;
    const onMister = platform === "mister" || platform === "mistex";
    // off MiSTer the reference accepts MiSTer's commands and does nothing (Batocera's refuses them)
    const ini = onMister ? { ok: true } : platform === "batocera" ? { ok: false, why: "only MiSTer can run mister.ini (this is batocera)" } : { ok: true, note: "MiSTer only: skipped on this platform, the script goes on" };
    expect(r.out.runs).toEqual([
      { command: "echo", ok: true },
      { command: "mister.ini", ...ini },
      onMister ? { command: "screenshot", ok: true } : { command: "screenshot", ok: false, why: `only MiSTer can run screenshot (this is ${platform})` },
      { command: "nope", ok: false, why: "unknown command: nope" },
    ]);
  });

  test("a broken script prints an error as JSON and exits 1", () => {
    const r = parse('**echo:"open');
    expect(r.code).toBe(1);
    expect(r.out.error).toContain("unmatched quote");
  });

  test("no text is a usage error", () => {
    const r = parse();
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("usage");
  });
});
