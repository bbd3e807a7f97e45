import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bunRuntime } from "../../../src/runtime/bun/index.ts";
import { launchAndWait } from "../../fixtures/launch-and-wait.ts";
import { waitFor, writeFiles } from "../../fixtures/launch-env.ts";
import type { RpcClient } from "../../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../../fixtures/service.ts";
import { shortcutsVdf } from "../../fixtures/shortcuts-vdf.ts";

/**
 * PC-store games in the media index, found as the reference's scanners find them in a fake home: Steam's
 * app manifests (two libraries through libraryfolders.vdf), Lutris's pga.db (a real SQLite file) and Heroic's
 * library files in its Flatpak's folder. `media.search` finds them by name, their path is the reference's
 * virtual path, and the result's zapScript launches the game through its client (recording scripts).
 */
let dir: string;
let home: string;
let svc: TestService;
let client: RpcClient;

type Result = { path: string; name: string; system: { id: string }; zapScript: string };
const search = async (query: string) => (await client.call<{ results: Result[] }>("media.search", { query })).results;
const recorded = (name: string) => waitFor(() => existsSync(join(dir, name)) && readFileSync(join(dir, name), "utf8").trim(), `${name} to be written`);

function script(name: string, body: string): string {
  const path = join(dir, "bin", name);
  mkdirSync(join(dir, "bin"), { recursive: true });
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

const manifest = (id: string, name: string) => `"AppState"\n{\n\t"appid"\t\t"${id}"\n\t"name"\t\t"${name}"\n\t"StateFlags"\t\t"4"\n}\n`;

beforeAll(async () => {
  dir = tempDir("tapserve-pc-index-");
  home = join(dir, "home");
  const steam = join(home, ".steam/steam/steamapps");
  writeFiles(home, [".steam/steam/steamapps/.keep", ".config/.keep"]);
  writeFileSync(join(steam, "appmanifest_440.acf"), manifest("440", "Team Fortress 2"));
  writeFileSync(join(steam, "appmanifest_777.acf"), manifest("777", "Mr. Pixel Quest"));
  mkdirSync(join(home, ".steam/steam/userdata/12345/config"), { recursive: true });
  writeFileSync(
    join(home, ".steam/steam/userdata/12345/config/shortcuts.vdf"),
    shortcutsVdf([{ appid: 3123456789, AppName: "Dolphin Emulator", Exe: '"/usr/bin/dolphin-emu"' }, { appid: 42, AppName: "", Exe: "/usr/bin/nameless" }]),
  );
  mkdirSync(join(home, ".steam/steam/userdata/999/config"), { recursive: true });
  writeFileSync(join(home, ".steam/steam/userdata/999/config/shortcuts.vdf"), "not binary vdf");
  writeFiles(dir, ["library2/steamapps/.keep"]);
  writeFileSync(join(dir, "library2/steamapps/appmanifest_620.acf"), manifest("620", "Portal 2"));
  writeFileSync(join(steam, "libraryfolders.vdf"), `"libraryfolders"\n{\n\t"0"\n\t{\n\t\t"path"\t\t"${join(home, ".steam/steam")}"\n\t}\n\t"1"\n\t{\n\t\t"path"\t\t"${join(dir, "library2")}"\n\t}\n}\n`);
  mkdirSync(join(home, ".local/share/lutris"), { recursive: true });
  const db = bunRuntime.openDatabase(join(home, ".local/share/lutris/pga.db"));
  db.exec("CREATE TABLE games (id INTEGER PRIMARY KEY, name TEXT, slug TEXT, installed INTEGER)");
  db.exec("INSERT INTO games (name, slug, installed) VALUES ('Celeste', 'celeste', 1), ('Uninstalled Quest', 'uq', 0)");
  db.close();
  const cache = join(home, ".var/app/com.heroicgameslauncher.hgl/config/heroic/store_cache");
  mkdirSync(cache, { recursive: true });
  writeFileSync(join(cache, "legendary_library.json"), JSON.stringify({ library: [{ app_name: "Fortnite", title: "Fortnite Battle", is_installed: true }, { app_name: "Other", title: "Not Here Epic", is_installed: false }] }));
  writeFileSync(join(cache, "gog_library.json"), JSON.stringify({ games: [{ app_name: "1207658924", title: "Heroic Gog Adventure", is_installed: true }] }));
  const programs = {
    lutris: script("lutris", `printf '%s\\n' "$@" > '${dir}/lutris.txt'`),
    heroic: script("heroic", `printf '%s\\n' "$@" > '${dir}/heroic.txt'`),
    "xdg-open": script("xdg-open", `printf '%s\\n' "$@" > '${dir}/opened.txt'`),
  };
  svc = await startService({
    configToml: `[service]\nplatform = "linux"\n[launchers]\nretroarch = false\n`,
    app: { platform: { home, root: join(dir, "root"), programs, steamOpener: [programs["xdg-open"]], procRoot: join(dir, "proc"), startWindowMs: 60_000 } },
  });
  client = await svc.connect();
  expect(await client.call("media.index")).toBeNull();
});

afterAll(async () => {
  await client.call("stop").catch(() => undefined);
  await svc.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("PC-store games in the media index", () => {
  test("Steam games of every library are found by name, with the reference's virtual path, and launch through Steam", async () => {
    const [tf2] = await search("fortress");
    expect(tf2).toMatchObject({ path: "steam://440/Team Fortress 2", name: "Team Fortress 2", system: { id: "PC" } });
    expect((await search("portal"))[0]).toMatchObject({ path: "steam://620/Portal 2" });
    expect(await launchAndWait(client, tf2!.zapScript)).toMatchObject({ success: true });
    expect(await recorded("opened.txt")).toBe("steam://rungameid/440");
  });

  test("Steam shortcuts of every user are found and launch by their 64-bit rungameid; a corrupt user file is skipped", async () => {
    const id = ((3123456789n << 32n) | 0x02000000n).toString();
    const [emu] = await search("dolphin");
    expect(emu).toMatchObject({ path: `steam://${id}/Dolphin Emulator`, name: "Dolphin Emulator", system: { id: "PC" } });
    expect(await launchAndWait(client, emu!.zapScript)).toMatchObject({ success: true });
    await waitFor(() => readFileSync(join(dir, "opened.txt"), "utf8").trim() === `steam://rungameid/${id}`, "the shortcut's rungameid");
  });

  test("a store game's name with a dot is taken whole (no extension cut off)", async () => {
    const [game] = await search("pixel quest");
    expect(game).toMatchObject({ path: "steam://777/Mr. Pixel Quest", name: "Mr. Pixel Quest" });
  });

  test("installed Lutris games (and only those) are found and launch with lutris", async () => {
    const [celeste] = await search("celeste");
    expect(celeste).toMatchObject({ path: "lutris://celeste/Celeste", system: { id: "PC" } });
    expect(await search("uninstalled quest")).toEqual([]);
    expect(await launchAndWait(client, celeste!.zapScript)).toMatchObject({ success: true });
    expect(await recorded("lutris.txt")).toBe("lutris:rungame/celeste");
  });

  test("Heroic's Epic and GOG games from its Flatpak folder are found and launch with heroic", async () => {
    const [fortnite] = await search("fortnite");
    expect(fortnite).toMatchObject({ path: "heroic://Fortnite/Fortnite Battle", system: { id: "PC" } });
    expect((await search("gog adventure"))[0]).toMatchObject({ path: "heroic://1207658924/Heroic Gog Adventure" });
    expect(await search("not here epic")).toEqual([]);
    expect(await launchAndWait(client, fortnite!.zapScript)).toMatchObject({ success: true });
    expect((await recorded("heroic.txt")).split("\n")).toEqual(["launch", "Fortnite"]);
  });

  test("a game installed later is found by the next index run", async () => {
    writeFileSync(join(home, ".steam/steam/steamapps/appmanifest_70.acf"), manifest("70", "Half-Life"));
    expect(await search("half-life")).toEqual([]);
    expect(await client.call("media.index")).toBeNull();
    expect((await search("half-life"))[0]).toMatchObject({ path: "steam://70/Half-Life" });
    expect((await search("fortress"))[0]).toMatchObject({ path: "steam://440/Team Fortress 2" });
  });
});

describe("browsing with store games indexed", () => {
  test("store games (steam://…) are no folders of the listing", async () => {
    const roots = await client.call<Record<string, unknown>>("media.browse", {});
    expect(JSON.stringify(roots)).not.toContain("steam:");
  });
});
