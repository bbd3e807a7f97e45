import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { MediaStatusResult } from "../../src/core/wire/media.ts";
import type { PlaylistState } from "../../src/core/wire/playlists.ts";
import { launchAndWait } from "../fixtures/launch-and-wait.ts";
import { waitFor, writeEmulator, writeFiles } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";

/**
 * The reference's playlist.* commands and `control`, through the service: playlists of real files (a folder, an
 * .m3u, a .pls, a JSON list) started by a custom launcher whose real process records what it was given; the
 * playlist as `media` reports it (the phone app's `playlists`).
 */
let root: string;
let svc: TestService;
let client: RpcClient;
let emu: { script: string; record: string };
const music = () => join(root, "music");

const reEscape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function launchedPath(): Promise<string> {
  await waitFor(() => existsSync(emu.record), "launcher record");
  const lines = readFileSync(emu.record, "utf8").trim().split("\n");
  rmSync(emu.record);
  return lines.at(-1)!;
}

async function playlists(): Promise<PlaylistState[] | undefined> {
  return MediaStatusResult.assert(await client.call("media")).playlists;
}

/** Runs a script; it must succeed. */
async function ok(script: string): Promise<void> {
  const entry = await launchAndWait(client, script);
  expect({ script, success: entry.success, trace: entry.trace }).toMatchObject({ success: true });
}

async function fails(script: string, message: string): Promise<void> {
  const entry = await launchAndWait(client, script);
  expect(entry.success).toBe(false);
  expect(entry.trace?.error).toContain(message);
}

beforeAll(async () => {
  root = tempDir("tapserve-playlist-");
  writeFiles(music(), ["01 One.bin", "02 Two.bin", "03 Three.bin", "notes.txt", ".hidden.bin", "sub/04 Four.bin"]);
  writeFiles(join(root, "tunes"), ["05 Five.wav", "06 Six.ogg"]);
  writeFileSync(join(root, "mix.m3u"), ["#EXTM3U", "#EXTINF:123,Second Song", "music/02 Two.bin", "", "# a comment", `${music()}/03 Three.bin`, ""].join("\n"));
  writeFileSync(join(root, "list.pls"), ["[playlist]", "File2=03 Three.bin", "Title2=Third", "File1=01 One.bin", "Title1=First", "NumberOfEntries=2", ""].join("\n"));
  writeFileSync(join(music(), "list.pls"), readFileSync(join(root, "list.pls")));
  emu = writeEmulator(join(root, "emu"));
  const marker = join(root, "mark.sh");
  writeFileSync(marker, '#!/bin/sh\necho "$1" >> "$(dirname "$0")/marks.txt"\n');
  chmodSync(marker, 0o755);
  svc = await startService({
    configToml: [
      "[launchers]",
      `index_root = ["${root}"]`,
      "retroarch = false",
      "[[launchers.custom]]",
      'id = "Player"',
      'extensions = [".bin"]',
      `command = ["${emu.script}", "{path}"]`,
      "[launchers.custom.controls]",
      `save_state = "**execute:${marker} saved"`,
      'bad = "**launch:/x.bin"',
      'broken = "**launch:\\"unclosed"',
      "[zapscript]",
      `allow_execute = [${JSON.stringify(`${reEscape(marker)} [a-z]+`)}]`,
      "",
    ].join("\n"),
  });
  client = await svc.connect();
});

afterAll(async () => {
  await client?.call("stop");
  await svc?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe("playlist from a folder", () => {
  test("play starts the first file a launcher handles; next/previous wrap; goto is 1-based; media reports it", async () => {
    await ok(`**playlist.play:${music()}`);
    expect(await launchedPath()).toBe(join(music(), "01 One.bin"));
    let [state] = (await playlists())!;
    expect(state).toMatchObject({ id: music(), name: "music", slot: "primary", repeat: "none", index: 0, total: 3, playing: true });
    expect(state!.items.map((i) => i.name)).toEqual(["01 One", "02 Two", "03 Three"]);
    expect(state!.items[0]!.zapScript).toBe(join(music(), "01 One.bin"));

    await ok("**playlist.next");
    expect(await launchedPath()).toBe(join(music(), "02 Two.bin"));
    await ok("**playlist.goto:3");
    expect(await launchedPath()).toBe(join(music(), "03 Three.bin"));
    await ok("**playlist.next");
    expect(await launchedPath()).toBe(join(music(), "01 One.bin")); // wrapped to the first
    await ok("**playlist.previous");
    expect(await launchedPath()).toBe(join(music(), "03 Three.bin")); // and back to the last
    [state] = (await playlists())!;
    expect(state).toMatchObject({ index: 2, playing: true });
    const active = await client.call<{ launcherId: string; mediaPath: string }>("media.active");
    expect(active).toMatchObject({ launcherId: "Player", mediaPath: join(music(), "03 Three.bin") });
  });

  test("pause stops the media and keeps the position; play resumes it; stop clears the playlist", async () => {
    const stopped = client.waitForNotification("media.stopped");
    await ok("**playlist.pause");
    await stopped;
    expect(await client.call("media.active")).toBeNull();
    expect((await playlists())![0]).toMatchObject({ index: 2, playing: false });
    await ok("**playlist.play");
    expect(await launchedPath()).toBe(join(music(), "03 Three.bin"));
    await ok("**playlist.stop");
    expect(await client.call("media.active")).toBeNull();
    expect(await playlists()).toBeUndefined();
    await fails("**playlist.next", "no playlist active");
  });

  test("load keeps it paused: nothing starts until play; other media replaces the playlist", async () => {
    await ok(`**playlist.load:music?repeat=all`);
    expect((await playlists())![0]).toMatchObject({ id: "music", repeat: "all", playing: false, index: 0 });
    await ok("**playlist.goto:2");
    expect(existsSync(emu.record)).toBe(false);
    await ok("**playlist.play");
    expect(await launchedPath()).toBe(join(music(), "02 Two.bin"));
    await ok(`${music()}/01 One.bin`);
    expect(await launchedPath()).toBe(join(music(), "01 One.bin"));
    expect(await playlists()).toBeUndefined();
  });
});

describe("playlist files and lists", () => {
  test(".m3u: #EXTINF titles, entries relative to the file, comments skipped", async () => {
    await ok("**playlist.play:mix.m3u");
    expect(await launchedPath()).toBe(join(music(), "02 Two.bin"));
    const [state] = (await playlists())!;
    expect(state).toMatchObject({ name: "mix", total: 2 });
    expect(state!.items.map((i) => i.name)).toEqual(["Second Song", ""]);
  });

  test(".pls: entries in FileN order with their titles; a relative name is looked for beside the file", async () => {
    await ok(`**playlist.play:${join(music(), "list.pls")}`);
    expect(await launchedPath()).toBe(join(music(), "01 One.bin"));
    expect((await playlists())![0]!.items).toEqual([
      { name: "First", zapScript: join(music(), "01 One.bin") },
      { name: "Third", zapScript: join(music(), "03 Three.bin") },
    ]);
  });

  test("a JSON list given in the command; items are any launch scripts", async () => {
    const list = JSON.stringify({ id: "mine", name: "Mine", items: [{ name: "A", zapscript: `${music()}/02 Two.bin` }, { name: "B", zapscript: `**launch:${music()}/01 One.bin` }] });
    await ok(`**playlist.play:${list}`);
    expect(await launchedPath()).toBe(join(music(), "02 Two.bin"));
    await ok("**playlist.next");
    expect(await launchedPath()).toBe(join(music(), "01 One.bin"));
    expect((await playlists())![0]).toMatchObject({ id: "mine", name: "Mine", index: 1, total: 2 });
  });

  test("bad sources and arguments fail with the reason", async () => {
    await fails("**playlist.play:nowhere.m3u", "playlist not found");
    // read or listed only inside the media folders: not by absolute path, `..` or a symlink leading out
    const outside = tempDir("tapserve-outside-");
    writeFileSync(join(outside, "secret.m3u"), "/etc/passwd\n");
    symlinkSync(outside, join(root, "leads-out"));
    await fails(`**playlist.play:${join(outside, "secret.m3u")}`, "outside the media folders");
    await fails(`**playlist.play:${outside}`, "outside the media folders");
    await fails(`**playlist.play:../${basename(outside)}/secret.m3u`, "outside the media folders");
    await fails("**playlist.play:leads-out/secret.m3u", "outside the media folders");
    await fails(`**playlist.play:${join(music(), "sub")}?repeat=sometimes`, "repeat must be off, all or one");
    await fails(`**playlist.play:${join(root, "emu")}`, "no valid files found");
    await fails("**playlist.goto:x", "invalid index");
    await fails(`**playlist.play:${join(music(), "sub")}?slot=background`, "no valid files found"); // the background slot keeps audio files only
    await fails(`**playlist.play:${JSON.stringify({ id: "e", name: "Empty", items: [] })}`, 'playlist "Empty" has no items');
  });
});

describe("background slot", () => {
  test("a background playlist is kept and reported beside the primary one; commands without ?slot= fall back to it", async () => {
    await ok("**playlist.stop"); // the list of the earlier test
    await ok("**playlist.load:tunes?slot=background&repeat=one");
    await ok("**playlist.next");
    expect(await playlists()).toEqual([expect.objectContaining({ slot: "background", repeat: "one", index: 1, playing: false })]);
    await ok("**playlist.load:mix.m3u");
    expect((await playlists())!.map((p) => p.slot)).toEqual(["primary", "background"]);
    await ok("**playlist.stop?slot=background");
    await ok("**playlist.stop");
    expect(await playlists()).toBeUndefined();
    expect(existsSync(emu.record)).toBe(false);
  });
});

describe("control", () => {
  test("runs the active launcher's action from its controls table; refuses unknown actions and launching scripts", async () => {
    await ok(`${music()}/01 One.bin`);
    await launchedPath();
    await ok("**control:save_state");
    expect(readFileSync(join(root, "marks.txt"), "utf8").trim()).toBe("saved");
    await fails("**control:fly", 'action "fly" not supported by launcher Player');
    await fails("**control:bad", "not allowed in control context: launch");
    await client.call("stop");
    await fails("**control:save_state", "no active media");
  });

  test("media.active lists the launcher's actions (launcherControls); media.control runs them", async () => {
    await ok(`${music()}/02 Two.bin`);
    await launchedPath();
    expect(await client.call("media.active")).toMatchObject({ launcherId: "Player", launcherControls: ["bad", "save_state"] });
    expect(MediaStatusResult.assert(await client.call("media")).active[0]!.launcherControls).toEqual(["bad", "save_state"]);
    expect(await client.call("media.control", { action: "save_state" })).toBeNull();
    expect(readFileSync(join(root, "marks.txt"), "utf8").trim().split("\n")).toEqual(["saved", "saved"]);
    const pause = await client.request("media.control", { action: "pause" });
    expect(pause.error?.code).toBe(1005);
    expect(pause.error?.message).toContain("launcher Player");
    expect(await client.call("media.control", { action: "stop" })).toBeNull();
    expect(await client.call("media.active")).toBeNull();
  });
});
