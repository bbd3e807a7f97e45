import { describe, expect, test } from "bun:test";
import { commandSupport, KNOWN_COMMANDS, misterCommandSkipped } from "../../src/core/zapscript/command-support.ts";
import { COMMANDS } from "../../src/service/launch/commands/table.ts";

test("the platform support table (tapserve parse) names exactly the commands the service runs", () => {
  expect([...KNOWN_COMMANDS].sort()).toEqual(Object.keys(COMMANDS).sort());
});

describe("MiSTer's commands off MiSTer, as the reference's platforms answer them", () => {
  const names = ["mister.ini", "mister.core", "mister.mgl", "mister.script", "mister.wallpaper", "ini"];

  test("run on MiSTer and MiSTeX", () => {
    for (const name of names) for (const platform of ["mister", "mistex"]) {
      expect(commandSupport(name, platform)).toEqual({ ok: true });
      expect(misterCommandSkipped(name, platform)).toBeUndefined();
    }
  });

  test("skipped (the script goes on) on the platforms whose reference does nothing for them", () => {
    for (const name of names) for (const platform of ["linux", "steamos", "bazzite", "chimeraos", "retropie", "recalbox", "libreelec", "replayos"]) {
      const why = "MiSTer only: skipped on this platform, the script goes on";
      expect(misterCommandSkipped(name, platform)).toBe(why);
      expect(commandSupport(name, platform)).toEqual({ ok: true, note: why });
    }
  });

  test("refused on Batocera, whose reference answers 'command not supported'", () => {
    expect(misterCommandSkipped("mister.ini", "batocera")).toBeUndefined();
    expect(commandSupport("mister.ini", "batocera")).toEqual({ ok: false, why: "only MiSTer can run mister.ini (this is batocera)" });
  });

  test("launch.system is MiSTer's but for the menu; other commands are not MiSTer commands", () => {
    expect(commandSupport("launch.system", "linux")).toEqual({ ok: false, why: "only MiSTer can run launch.system, except launch.system:menu (this is linux)" });
    expect(commandSupport("screenshot", "linux")).toEqual({ ok: false, why: "only MiSTer can run screenshot (this is linux)" });
    expect(misterCommandSkipped("launch.system", "linux")).toBeUndefined();
    expect(misterCommandSkipped("echo", "linux")).toBeUndefined();
  });
});
