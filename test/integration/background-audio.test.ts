import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ActiveMedia, MediaStarted, MediaStatusResult, MediaStopped } from "../../src/core/wire/media.ts";
import { PlaytimeStatus } from "../../src/core/wire/playtime.ts";
import { ScanTrace } from "../../src/core/wire/trace.ts";
import { launchAndWait } from "../fixtures/launch-and-wait.ts";
import { isAlive, waitFor, writeEmulator, writeFiles } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";

/**
 * The background media slot (music beside a game) over WebSocket, as the phone app drives it: `playlist.*` with
 * `?slot=background`, `media.control {action, slot: "background"}`, `media` / `media.active {slot}` and the
 * media.started / media.stopped notifications carrying `slot`. The players are real child processes: a stand-in
 * script configured as `[audio] music_player` (it plays until the test "ends" its track), and the real aplay on
 * the ALSA null device.
 */

let root: string;

async function ok(client: RpcClient, script: string): Promise<void> {
  const entry = await launchAndWait(client, script);
  expect({ script, success: entry.success, trace: entry.trace }).toMatchObject({ success: true });
}

async function call(client: RpcClient, method: string, params?: unknown): Promise<{ result?: unknown; error?: { code: number; message: string } }> {
  try {
    return { result: await client.call(method, params) };
  } catch (err) {
    return { error: err as { code: number; message: string } };
  }
}

/** A notification of the background slot for this track (each test's waits look only at notes after `from`). */
function bgNote(client: RpcClient, method: "media.started" | "media.stopped", name: string, from: number): Promise<unknown> {
  return waitFor(() => client.notifications.slice(from).find((n) => n.method === method && (n.params as { slot?: string; mediaName?: string }).slot === "background" && (n.params as { mediaName: string }).mediaName === name)?.params, `${method} ${name}`);
}

/** The process state letter from /proc (T: stopped by SIGSTOP). */
const procState = (pid: number): string => readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /s, "")[0] ?? "";

beforeAll(() => {
  root = tempDir("tapserve-bg-audio-");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("with a stand-in player", () => {
  let svc: TestService;
  let client: RpcClient;
  let log: string;
  const music = () => join(root, "music");
  /** pid of the player started for the n-th track (the stand-in logs "pid path" per start). */
  const started = (): Array<{ pid: number; path: string }> =>
    existsSync(log) ? readFileSync(log, "utf8").trim().split("\n").map((l) => ({ pid: Number(l.split(" ")[0]), path: l.slice(l.indexOf(" ") + 1) })) : [];

  beforeAll(async () => {
    writeFiles(music(), ["01 Alpha.wav", "02 Beta.mp3", "03 Gamma.ogg", "cover.jpg"]);
    writeFiles(join(root, "games"), ["Game.bin"]);
    const emu = writeEmulator(join(root, "emu"));
    log = join(root, "player.log");
    const player = join(root, "player.sh");
    // plays "until the track ends": the test ends a track by creating <file>.end
    writeFileSync(player, `#!/bin/sh\necho "$$ $1" >> "${log}"\nwhile [ ! -e "$1.end" ]; do kill -0 ${process.pid} 2>/dev/null || exit 1; sleep 0.05; done\nrm -f "$1.end"\nexit 0\n`);
    chmodSync(player, 0o755);
    svc = await startService({
      configToml: [
        "[launchers]", `index_root = ["${root}"]`, "retroarch = false",
        "[[launchers.custom]]", 'id = "Player"', 'extensions = [".bin"]', `command = ["${emu.script}", "{path}"]`,
        "[audio]", `music_player = "${player} {file}"`, "",
      ].join("\n"),
      app: { readerHotplug: false },
    });
    client = await svc.connect();
  });
  afterAll(async () => {
    await client?.call("stop");
    await svc?.stop();
  });

  test("a background playlist plays beside a game (paused while it runs, continued after); pause/resume/toggle stop and continue the player", async () => {
    let from = client.notifications.length;
    await ok(client, `**playlist.play:${music()}?slot=background`);
    expect(MediaStarted.assert(await bgNote(client, "media.started", "01 Alpha", from))).toEqual({ systemId: "Audio", systemName: "Audio", mediaPath: join(music(), "01 Alpha.wav"), mediaName: "01 Alpha", slot: "background" });
    const first = (await waitFor(() => started().length === 1 && started(), "player start"))[0]!;
    expect(first.path).toBe(join(music(), "01 Alpha.wav"));

    const bg = ActiveMedia.assert(await client.call("media.active", { slot: "BG" }));
    expect(bg).toMatchObject({ launcherId: "native-audio", systemId: "Audio", mediaName: "01 Alpha", slot: "background", launcherControls: ["next", "pause", "previous", "resume", "stop", "toggle_pause"] });
    expect(await client.call("media.active")).toBeNull(); // the primary slot is empty
    expect(PlaytimeStatus.assert(await client.call("playtime")).sessionActive).toBe(false); // music is no play

    from = client.notifications.length;
    await ok(client, join(root, "games/Game.bin"));
    await waitFor(() => client.notifications.slice(from).find((n) => n.method === "media.started" && (n.params as { slot: string }).slot === "primary"), "game start");
    const status = MediaStatusResult.assert(await client.call("media"));
    expect(status.active.map((a) => [a.mediaName, a.slot ?? "primary"])).toEqual([["Game", "primary"], ["01 Alpha", "background"]]);
    expect(status.playlists).toEqual([expect.objectContaining({ slot: "background", index: 0, total: 3, playing: true })]);
    await waitFor(() => procState(first.pid) === "T", "music paused while the game runs (the reference's default)");
    expect(PlaytimeStatus.assert(await client.call("playtime")).sessionActive).toBe(true);

    from = client.notifications.length;
    await client.call("media.control", { action: "stop" }); // the primary slot only
    await waitFor(() => client.notifications.slice(from).find((n) => n.method === "media.stopped" && (n.params as { slot: string }).slot === "primary"), "game stop");
    await waitFor(() => procState(first.pid) !== "T", "music continued after the game");
    expect(ActiveMedia.assert(await client.call("media.active", { slot: "background" })).mediaName).toBe("01 Alpha");

    await client.call("media.control", { action: "pause", slot: "background" });
    await waitFor(() => procState(first.pid) === "T", "player stopped (SIGSTOP)");
    expect(MediaStatusResult.assert(await client.call("media")).playlists![0]!.playing).toBe(false);
    await client.call("media.control", { action: "resume", slot: "background" });
    await waitFor(() => procState(first.pid) !== "T", "player continued (SIGCONT)");
    await client.call("media.control", { action: "toggle_pause", slot: "background" });
    await waitFor(() => procState(first.pid) === "T", "player stopped (SIGSTOP)");
    await client.call("media.control", { action: "toggle_pause", slot: "background" });
    await waitFor(() => procState(first.pid) !== "T", "player continued (SIGCONT)");
    expect(isAlive(first.pid)).toBe(true);
  });

  test("a track that ends goes on to the next; next/previous switch tracks; stop ends the player and clears the slot", async () => {
    let from = client.notifications.length;
    writeFileSync(join(music(), "01 Alpha.wav.end"), "");
    expect(MediaStopped.assert(await bgNote(client, "media.stopped", "01 Alpha", from))).toMatchObject({ launcherId: "native-audio", slot: "background" });
    await bgNote(client, "media.started", "02 Beta", from);
    await waitFor(() => started().length === 2, "second player");
    const beta = started()[1]!;
    expect(beta.path).toBe(join(music(), "02 Beta.mp3"));
    expect(MediaStatusResult.assert(await client.call("media")).playlists![0]).toMatchObject({ index: 1, playing: true });

    from = client.notifications.length;
    await client.call("media.control", { action: "next", slot: "background" });
    await bgNote(client, "media.started", "03 Gamma", from);
    await waitFor(() => !isAlive(beta.pid), "replaced player gone");
    from = client.notifications.length;
    await client.call("media.control", { action: "previous", slot: "background" });
    await bgNote(client, "media.started", "02 Beta", from);

    expect((await call(client, "media.control", { action: "fast_forward", slot: "background" })).error?.code).toBe(1005);
    expect((await call(client, "media.control", { action: "stop", slot: "side" })).error?.code).toBe(-32602);

    const last = started().at(-1)!;
    from = client.notifications.length;
    expect(await client.call("media.control", { action: "stop", slot: "background" })).toBeNull();
    await bgNote(client, "media.stopped", "02 Beta", from);
    await waitFor(() => !isAlive(last.pid), "player gone after stop");
    const status = MediaStatusResult.assert(await client.call("media"));
    expect(status.active).toEqual([]);
    expect(status.playlists).toBeUndefined();
    expect((await call(client, "media.control", { action: "pause", slot: "background" })).error?.code).toBe(1003);
    expect(await client.call("media.control", { action: "stop", slot: "background" })).toBeNull(); // the app's stop: always fine
  });

  test("playlist.pause/play/stop with ?slot=background drive the player; the last track of repeat=off ends the slot", async () => {
    const n = started().length;
    const playing = client.notifications.length;
    await ok(client, `**playlist.play:${music()}?slot=bg`);
    await waitFor(() => started().length === n + 1, "player");
    await bgNote(client, "media.started", "01 Alpha", playing); // the service knows it plays, not only the player
    const p = started().at(-1)!;
    await ok(client, "**playlist.pause?slot=background");
    await waitFor(() => procState(p.pid) === "T", "player stopped (SIGSTOP)");
    await ok(client, "**playlist.play?slot=background");
    await waitFor(() => procState(p.pid) !== "T", "player continued (SIGCONT)");
    await ok(client, "**playlist.goto:3?slot=background");
    await waitFor(() => started().length === n + 2, "third track");
    const from = client.notifications.length;
    writeFileSync(join(music(), "03 Gamma.ogg.end"), "");
    await bgNote(client, "media.stopped", "03 Gamma", from);
    await waitFor(async () => MediaStatusResult.assert(await client.call("media")).playlists === undefined, "slot cleared");
    expect(started().length).toBe(n + 2);
  });

  test("a file with ?slot=background plays alone (no playlist) until it ends; a dry run plays nothing", async () => {
    const n = started().length;
    const file = join(music(), "02 Beta.mp3");
    const dry = ScanTrace.assert(await client.call("launch", { text: `${file}?slot=background`, dryRun: true }));
    expect(dry.error).toBeUndefined();
    expect(started().length).toBe(n);
    let from = client.notifications.length;
    await ok(client, `${file}?slot=background`);
    await bgNote(client, "media.started", "02 Beta", from);
    await waitFor(() => started().length === n + 1, "player");
    const status = MediaStatusResult.assert(await client.call("media"));
    expect(status.playlists).toBeUndefined();
    expect(status.active.map((a) => a.slot)).toEqual(["background"]);
    expect(await client.call("media.active")).toBeNull();
    from = client.notifications.length;
    writeFileSync(`${file}.end`, "");
    await bgNote(client, "media.stopped", "02 Beta", from);
    expect(await client.call("media.active", { slot: "background" })).toBeNull();
    await launchAndWait(client, `${join(root, "games/Game.bin")}?slot=background`).then((e) => expect(e.trace?.error).toContain("audio files only"));
  });
});

/** A WAV of `ms` milliseconds of silence (8 kHz, mono, 16 bit). */
function wav(ms: number): Buffer {
  const data = Buffer.alloc(Math.round((8000 * ms) / 1000) * 2);
  const h = Buffer.alloc(44);
  h.write("RIFF", 0);
  h.writeUInt32LE(36 + data.length, 4);
  h.write("WAVEfmt ", 8);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(8000, 24);
  h.writeUInt32LE(16000, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write("data", 36);
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

describe("with aplay on the ALSA null device", () => {
  test("plays each track of the playlist to its end, then the slot is empty; a file the player refuses ends the slot", async () => {
    const songs = join(root, "songs");
    mkdirSync(songs, { recursive: true });
    writeFileSync(join(songs, "1 First.wav"), wav(150));
    writeFileSync(join(songs, "2 Second.wav"), wav(150));
    writeFileSync(join(root, "broken.wav"), "not a wav");
    writeFileSync(join(root, "broken.m3u"), `${join(root, "broken.wav")}\n`);
    const svc = await startService({ configToml: ["[launchers]", `index_root = ["${root}"]`, "retroarch = false", "[audio]", 'music_player = "aplay -q -D null {file}"', ""].join("\n"), app: { readerHotplug: false } });
    try {
      const client = await svc.connect();
      let from = client.notifications.length;
      await ok(client, `**playlist.play:${songs}?slot=background`);
      await bgNote(client, "media.started", "1 First", from);
      await bgNote(client, "media.stopped", "1 First", from);
      await bgNote(client, "media.started", "2 Second", from);
      await bgNote(client, "media.stopped", "2 Second", from);
      await waitFor(async () => MediaStatusResult.assert(await client.call("media")).playlists === undefined, "slot cleared");
      expect(await client.call("media.active", { slot: "background" })).toBeNull();

      from = client.notifications.length;
      await ok(client, "**playlist.play:broken.m3u?slot=background");
      await bgNote(client, "media.stopped", "broken", from);
      await waitFor(async () => MediaStatusResult.assert(await client.call("media")).playlists === undefined, "slot cleared after failure");
      await client.call("stop");
    } finally {
      await svc.stop();
    }
  });
});
