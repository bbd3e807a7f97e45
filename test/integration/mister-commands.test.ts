import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { closeSync, existsSync, lstatSync, openSync, readdirSync, readFileSync, readlinkSync, readSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeFiles } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { type MisterCard, misterCard } from "../fixtures/mister-card.ts";
import { startService, type TestService } from "../fixtures/service.ts";

/**
 * The MiSTer commands (`mister.*`, `stop`) run as platform mister against a fake SD card, a fake /tmp folder, a
 * FIFO standing in for /dev/MiSTer_cmd and a sparse file standing in for /dev/mem; and elsewhere, the clear
 * "unsupported" answer.
 */
let sd: string;
let tmp: string;
let mem: string;
let card: MisterCard;
let svc: TestService;
let c: RpcClient;

type Entry = { success: boolean; trace?: { reason?: string; error?: string } };

/** What the service wrote to the FIFO so far. */
const commands = () => card.commands();

/** Runs a script and answers its history entry. */
async function run(client: RpcClient, text: string): Promise<Entry> {
  const before = ((await client.call("tokens.history")) as { entries: Entry[] }).entries.length;
  await client.call("run", { text });
  for (;;) {
    const { entries } = (await client.call("tokens.history")) as { entries: Entry[] };
    if (entries.length > before) return entries[0]!;
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  card = misterCard();
  ({ sd, tmp } = card);
  writeFiles(sd, ["MiSTer.ini", "MiSTer_alt_1.ini", "MiSTer_crt.ini", "other.ini", "wallpapers/Stars.png", "wallpapers/notes.txt", "Scripts/.keep"]);
  mem = join(tmp, "mem");
  writeFileSync(mem, "");
  truncateSync(mem, 0x20000000); // sparse: the size of the DE10-Nano's memory map the shared page sits in
  svc = await startService({ app: { platform: { mister: card.paths, misterMemPath: mem } } });
  c = await svc.connect();
});

afterAll(async () => {
  await svc.stop();
  card.remove();
});

beforeEach(() => {
  writeFileSync(join(tmp, "CORENAME"), "MENU");
  commands();
});

describe("MiSTer commands", () => {
  test("mister.ini:<n> writes the INI switch into MiSTer Main's shared page and reloads the menu when it is the last command", async () => {
    expect((await run(c, "**mister.ini:3")).success).toBe(true);
    const fd = openSync(mem, "r");
    const got = Buffer.alloc(4);
    readSync(fd, got, 0, 4, 0x1fffff04);
    closeSync(fd);
    expect([...got]).toEqual([0x34, 0x99, 0xba, 2]);
    expect(commands()).toEqual(["load_core menu.rbf"]);
    // as the reference: the menu reloads only when no command follows (here the core loads with the new INI)
    expect((await run(c, "**mister.ini:2||**mister.core:_Console/SNES")).success).toBe(true);
    expect(commands()).toEqual([`load_core ${join(sd, ".LASTLAUNCH.mgl")}`]);
    const bad = await run(c, "**mister.ini:4"); // MiSTer.ini and two MiSTer_*.ini: three choices
    expect(bad.success).toBe(false);
    expect(bad.trace?.error).toContain("out of range");
  });

  test("mister.core loads a core without a game through an MGL", async () => {
    expect((await run(c, "**mister.core:_Console/SNES")).success).toBe(true);
    const mgl = join(sd, ".LASTLAUNCH.mgl");
    expect(commands()).toEqual([`load_core ${mgl}`]);
    expect(readFileSync(mgl, "utf8")).toBe("<mistergamedescription>\n\t<rbf>_Console/SNES</rbf>\n</mistergamedescription>\n");
  });

  test("mister.mgl loads the MGL given", async () => {
    const text = '<mistergamedescription><rbf>_Console/NES</rbf><file delay="2" type="f" index="1" path="../../../../../media/fat/games/NES/a.nes"/></mistergamedescription>';
    expect((await run(c, `**mister.mgl:${text}`)).success).toBe(true);
    expect(commands()).toEqual([`load_core ${join(sd, ".LASTLAUNCH.mgl")}`]);
    expect(readFileSync(join(sd, ".LASTLAUNCH.mgl"), "utf8")).toBe(text);
  });

  test("mister.wallpaper links the wallpaper as the menu's, keeps a user's own file, and unsets", async () => {
    writeFileSync(join(sd, "menu.jpg"), "mine");
    expect((await run(c, "**mister.wallpaper:Stars.png")).success).toBe(true);
    expect(readlinkSync(join(sd, "menu.png"))).toBe(join(sd, "wallpapers/Stars.png"));
    expect(existsSync(join(sd, "menu.jpg"))).toBe(false);
    expect(readdirSync(join(sd, "wallpapers")).filter((n) => /^menu_\d+\.jpg$/.test(n))).toHaveLength(1);
    expect(readFileSync(join(sd, "config/MENU.CFG"))[0]).toBe(2);
    expect(commands()).toEqual(["load_core menu.rbf"]); // the menu shows: it reloads with the wallpaper
    for (const bad of ["notes.txt", "../MiSTer.ini", "Missing.png"]) expect((await run(c, `**mister.wallpaper:${bad}`)).success).toBe(false);
    expect((await run(c, "**mister.wallpaper")).success).toBe(true);
    expect(() => lstatSync(join(sd, "menu.png"))).toThrow();
  });

  test("mister.script runs a script from Scripts in its folder with MiSTer's script environment (hidden; shown on the console: mister-script-console.test.ts)", async () => {
    const out = join(tmp, "script-out");
    writeFileSync(join(sd, "Scripts/record.sh"), `#!/bin/sh\nprintf '%s|' "$(pwd)" "$ZAPAROO_RUN_SCRIPT" "$HOME" "$@" > ${out}\n`, { mode: 0o755 });
    writeFileSync(join(sd, "Scripts/fails.sh"), "#!/bin/sh\necho broken >&2\nexit 3\n", { mode: 0o755 });
    expect((await run(c, '**mister.script:record.sh one "two words" \'three\'?hidden=yes')).success).toBe(true);
    expect(readFileSync(out, "utf8")).toBe(`${join(sd, "Scripts")}|1|/root|one|two words|'three'|`);
    const failed = await run(c, "**mister.script:fails.sh?hidden=yes");
    expect(failed.success).toBe(false);
    expect(failed.trace?.error).toContain("exited with 3");
    expect(failed.trace?.error).toContain("broken");
    for (const bad of ["../MiSTer.ini", "missing.sh", "../Scripts/record.sh", "record"]) {
      expect((await run(c, `**mister.script:${bad}?hidden=yes`)).success).toBe(false);
    }
  });

  test("stop with no game followed loads the menu core, as the reference does: over a core from MiSTer's menu, and over the menu", async () => {
    writeFileSync(join(tmp, "CORENAME"), "SNES");
    expect((await run(c, "**stop")).success).toBe(true);
    expect(commands()).toEqual(["load_core menu.rbf"]);
    writeFileSync(join(tmp, "CORENAME"), "MENU");
    expect((await run(c, "**stop")).success).toBe(true);
    expect(commands()).toEqual(["load_core menu.rbf"]);
  });

  test("launch.system:menu (any case) loads the menu core: over a core, over the menu, and over a game it ends", async () => {
    writeFileSync(join(tmp, "CORENAME"), "SNES");
    const entry = await run(c, "**launch.system:menu");
    expect(entry.success).toBe(true);
    expect(commands()).toEqual(["load_core menu.rbf"]);
    writeFileSync(join(tmp, "CORENAME"), "MENU");
    expect((await run(c, "**launch.system:Menu")).success).toBe(true);
    expect((await run(c, "**system:MENU")).success).toBe(true); // the deprecated alias
    expect(commands()).toEqual(["load_core menu.rbf", "load_core menu.rbf"]);
    // over a game we launched: the game ends (media.stopped) and the menu core loads
    writeFiles(sd, ["games/NES/Tiny.nes", "_Console/NES_20240101.rbf"]);
    expect((await run(c, `${sd}/games/NES/Tiny.nes`)).success).toBe(true);
    commands();
    expect(((await c.call("media.active")) as { mediaName: string } | null)?.mediaName).toBe("Tiny");
    const stopped = c.waitForNotification<{ mediaName: string }>("media.stopped");
    expect((await run(c, "**launch.system:menu")).success).toBe(true);
    expect((await stopped).mediaName).toBe("Tiny");
    expect(commands()).toEqual(["load_core menu.rbf"]);
    expect(await c.call("media.active")).toBeNull();
  });
});

describe("MiSTer commands on another platform", () => {
  test("do nothing, as the reference does: the trace says each was skipped and the script goes on", async () => {
    const other = await startService({ configToml: '[service]\nplatform = "linux"\n' });
    try {
      const oc = await other.connect();
      for (const name of ["mister.ini:2", "mister.core:_Console/SNES", "mister.wallpaper:a.png", "mister.mgl:<mistergamedescription/>", "mister.script:a.sh?hidden=yes", "ini:1", "mister.mgl"]) {
        const e = (await run(oc, `**${name}||**echo:after`)) as Entry & { trace?: { steps: Array<{ command: string; outcome: string; error?: string }> } };
        expect(e.success).toBe(true);
        const command = name.replace(/[:?].*$/, "");
        expect(e.trace?.steps).toEqual([
          expect.objectContaining({ command, outcome: "skipped", error: "MiSTer only: skipped on this platform, the script goes on (this is linux)" }),
          expect.objectContaining({ command: "echo", outcome: "ok" }),
        ]);
      }
      // launch.system:menu goes back to the menu there too (no menu: it stops what plays)
      expect((await run(oc, "**launch.system:menu")).success).toBe(true);
      const elsewhere = await run(oc, "**launch.system:SNES");
      expect(elsewhere.success).toBe(false);
      expect(elsewhere.trace?.reason).toBe("unsupported");
    } finally {
      await other.stop();
    }
  });
});
