/**
 * Audio feedback on scans, end to end: the real service, a file reader, a real launcher process, and the real
 * `aplay` on ALSA's null device behind a wrapper that records its arguments and the WAV it was given.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { feedbackSound } from "../../../src/core/audio/feedback-sounds.ts";
import { writeRecordingPlayer } from "../../fixtures/recording-player.ts";
import { waitFor, writeEmulator, writeFiles } from "../../fixtures/launch-env.ts";
import type { RpcClient } from "../../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../../fixtures/service.ts";

function serviceConfig(root: string, tokenFile: string, emuScript: string, audio: string[]): string {
  return [
    "[audio]",
    ...audio,
    "[readers]",
    "auto_detect = false",
    "[[readers.connect]]",
    'driver = "file"',
    `path = "${tokenFile}"`,
    "[launchers]",
    `index_root = ["${root}/roms"]`,
    "retroarch = false",
    "[[launchers.custom]]",
    'id = "FeedbackEmu"',
    'extensions = [".md"]',
    `command = ["${emuScript}", "{path}"]`,
    "",
  ].join("\n");
}

/** Waits for the fake emulator's record of a fresh launch (the record is removed before each launch). */
function launched(record: string): Promise<string> {
  return waitFor(() => existsSync(record) && readFileSync(record, "utf8").split("\n")[1], "the launcher's record");
}

async function historyCount(client: RpcClient): Promise<number> {
  return (await client.call<{ entries: unknown[] }>("tokens.history")).entries.length;
}

/** Puts `text` on the file reader (removing what was there) and waits until its launch is in the history. */
async function scan(client: RpcClient, tokenFile: string, text: string, record: string): Promise<void> {
  rmSync(record, { force: true });
  const before = await historyCount(client);
  if (existsSync(tokenFile)) {
    const from = client.notifications.length;
    unlinkSync(tokenFile);
    await waitFor(() => client.notifications.slice(from).some((n) => n.method === "tokens.removed"), "tokens.removed");
  }
  writeFileSync(tokenFile, `${text}\n`);
  await waitFor(async () => (await historyCount(client)) > before, `the launch of ${text}`);
}

interface Rig {
  root: string;
  tokenFile: string;
  svc: TestService;
  client: RpcClient;
  emu: { script: string; record: string };
}

/**
 * For one describe block: a service with a file reader and a launcher for two Genesis games, started before
 * its tests and removed after them. `audio` gives the [audio] lines (it may write a player into the root).
 */
function useRig(prefix: string, audio: (root: string) => string[]): Rig {
  const rig = {} as Rig;
  beforeAll(async () => {
    rig.root = tempDir(prefix);
    writeFiles(rig.root, ["roms/Genesis/Sonic.md", "roms/Genesis/Ristar.md"]);
    rig.emu = writeEmulator(join(rig.root, "emu"));
    rig.tokenFile = join(rig.root, "tokens", "token.txt"); // file: readers read only inside <data>/tokens
    rig.svc = await startService({ dataDir: rig.root, configToml: serviceConfig(rig.root, rig.tokenFile, rig.emu.script, audio(rig.root)) });
    rig.client = await rig.svc.connect();
  });
  afterAll(async () => {
    await rig.svc?.stop();
    rmSync(rig.root, { recursive: true, force: true });
  });
  return rig;
}

describe("audio feedback with aplay on the null device", () => {
  let player: ReturnType<typeof writeRecordingPlayer>;
  const rig = useRig("tapserve-audio-", (root) => {
    player = writeRecordingPlayer(join(root, "player"));
    return ["scan_feedback = true", `player = "${player.script}"`, 'device = "null"'];
  });

  test("a scan that launches plays the built-in success sound", async () => {
    await scan(rig.client, rig.tokenFile, "Genesis/Sonic.md", rig.emu.record);
    expect(await launched(rig.emu.record)).toBe(join(rig.root, "roms/Genesis/Sonic.md"));
    const [played] = await waitFor(() => player.plays().length === 1 && player.plays(), "the success sound");
    expect(played!.args).toEqual(["-q", "-D", "null", "-"]);
    expect(played!.wav.equals(feedbackSound("success"))).toBe(true);
    expect(played!.wav.subarray(0, 4).toString("latin1")).toBe("RIFF");
    expect(played!.rc).toBe("0");
  });

  test("a scan whose script fails plays the fail sound", async () => {
    await scan(rig.client, rig.tokenFile, "**no.such.command", rig.emu.record);
    const plays = await waitFor(() => player.plays().length === 2 && player.plays(), "the fail sound");
    expect(plays.filter((p) => p.wav.equals(feedbackSound("fail")))).toHaveLength(1);
    expect(plays.every((p) => p.rc === "0")).toBe(true);
    expect(feedbackSound("fail")).not.toEqual(feedbackSound("success"));
  });

  test("launches from the API and scans with audioFeedback off are silent", async () => {
    const before = await historyCount(rig.client);
    rmSync(rig.emu.record, { force: true });
    await rig.client.call("launch", { text: "Genesis/Ristar.md" });
    await waitFor(async () => (await historyCount(rig.client)) > before, "the API launch");
    expect(await launched(rig.emu.record)).toBe(join(rig.root, "roms/Genesis/Ristar.md"));

    expect(await rig.client.call("settings.update", { audioFeedback: false })).toBeNull();
    await scan(rig.client, rig.tokenFile, "Genesis/Sonic.md", rig.emu.record);
    expect(await launched(rig.emu.record)).toBe(join(rig.root, "roms/Genesis/Sonic.md"));

    // back on: the next scan's sound is the only one played since the fail sound
    expect(await rig.client.call("settings.update", { audioScanFeedback: true })).toBeNull();
    await scan(rig.client, rig.tokenFile, "**no.such.command", rig.emu.record);
    const plays = await waitFor(() => player.plays().length >= 3 && player.plays(), "the next fail sound");
    expect(plays).toHaveLength(3);
    expect(plays.filter((p) => p.wav.equals(feedbackSound("fail")))).toHaveLength(2);
  });
});

describe("audio feedback without a player installed", () => {
  const rig = useRig("tapserve-audio-missing-", () => ["scan_feedback = true", 'player = "tapserve-no-such-player"']);

  // The log is what is under test here: it is the only place a user learns why scans are silent (no API shows it).
  test("scans still launch; the missing player is logged once", async () => {
    const log = () => readFileSync(join(rig.svc.dataDir, "service.log"), "utf8");
    const warning = "WARN [audio] the audio player tapserve-no-such-player is not installed";
    await scan(rig.client, rig.tokenFile, "Genesis/Sonic.md", rig.emu.record);
    expect(await launched(rig.emu.record)).toBe(join(rig.root, "roms/Genesis/Sonic.md"));
    await waitFor(() => log().includes(warning), "the missing-player warning");
    await scan(rig.client, rig.tokenFile, "Genesis/Ristar.md", rig.emu.record);
    expect(await launched(rig.emu.record)).toBe(join(rig.root, "roms/Genesis/Ristar.md"));
    await scan(rig.client, rig.tokenFile, "**no.such.command", rig.emu.record);
    expect(log().split(warning)).toHaveLength(2);
    expect(log()).not.toContain("the audio player tapserve-no-such-player failed");
  });
});

describe("audio feedback with a player that fails", () => {
  const rig = useRig("tapserve-audio-failing-", () => ["scan_feedback = true", 'device = "tapserve_no_such_pcm"']);

  // As above: the warning in the log, once and with aplay's reason, is the behaviour under test.
  test("aplay with a device that does not exist: scans still launch, the failure is logged once with aplay's reason", async () => {
    const log = () => readFileSync(join(rig.svc.dataDir, "service.log"), "utf8");
    const warning = "WARN [audio] the audio player aplay failed (exit 1): aplay: main:";
    await scan(rig.client, rig.tokenFile, "Genesis/Sonic.md", rig.emu.record);
    expect(await launched(rig.emu.record)).toBe(join(rig.root, "roms/Genesis/Sonic.md"));
    await waitFor(() => log().includes(warning), "the player failure warning");
    await scan(rig.client, rig.tokenFile, "Genesis/Ristar.md", rig.emu.record);
    expect(await launched(rig.emu.record)).toBe(join(rig.root, "roms/Genesis/Ristar.md"));
    expect(log().split(warning)).toHaveLength(2);
  });
});
