/**
 * The opticaldrive reader end to end: ISO images made by xorriso, one attached to a real loop device (attach =
 * insert, detach = eject) and one read as an image file; label and UUID checked against blkid, the
 * reference's former source for both; the disc's zaparoo.txt launches a real process.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "smol-toml";
import { readerIdFor } from "../../../src/readers/reader-id.ts";
import { waitFor, writeEmulator, writeFiles } from "../../fixtures/launch-env.ts";
import type { RpcClient } from "../../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../../fixtures/service.ts";
import { readerServiceConfig } from "../../fixtures/reader-service-config.ts";

let root: string;
let svc: TestService;
let client: RpcClient;
let emu: { script: string; record: string };
let loop = "";
let attached = false;
let driveFile: string;

interface Disc {
  iso: string;
  uuid: string;
  label: string;
}

/** An ISO 9660 image made by xorriso with a fixed volume date (its UUID) and optional root zaparoo.txt. */
function makeDisc(name: string, label: string, date: string, zaparooTxt?: string): Disc {
  const src = join(root, `${name}-files`);
  mkdirSync(src, { recursive: true });
  writeFileSync(join(src, "game.bin"), "not a real game");
  if (zaparooTxt !== undefined) writeFileSync(join(src, "zaparoo.txt"), zaparooTxt);
  const iso = join(root, `${name}.iso`);
  execFileSync("xorriso", ["-outdev", iso, "-volid", label, "-volume_date", "uuid", date, "-map", src, "/"], { stdio: "ignore" });
  const blkid = (tag: string) => execFileSync("blkid", ["-p", "-o", "value", "-s", tag, iso], { encoding: "utf8" }).trim();
  return { iso, uuid: blkid("UUID"), label: blkid("LABEL") };
}

async function next<T>(method: string): Promise<T> {
  const from = client.notifications.length;
  const hit = await waitFor(() => client.notifications.slice(from).find((n) => n.method === method), method);
  return hit.params as T;
}

function launched(): Promise<string> {
  return waitFor(() => existsSync(emu.record) && readFileSync(emu.record, "utf8").split("\n")[1], "the launcher's record");
}

const hex = (s: string) => Buffer.from(s).toString("hex");

let sonic: Disc;
let ristar: Disc;
let comix: Disc;

beforeAll(async () => {
  root = tempDir("tapserve-optical-");
  writeFiles(root, ["roms/Genesis/Sonic.md", "roms/Genesis/Ristar.md", "roms/Genesis/Comix Zone.md"]);
  emu = writeEmulator(join(root, "emu"));
  sonic = makeDisc("sonic", "SONIC_DISC", "2024010203040500", "Genesis/Sonic.md\n");
  ristar = makeDisc("ristar", "Ristar Disc", "2023111213141599");
  comix = makeDisc("comix", "COMIX", "1995090912000000", "  Genesis/Comix Zone.md\r\n");
  loop = execFileSync("losetup", ["-f"], { encoding: "utf8" }).trim();
  driveFile = join(root, "drive.img");
  writeFileSync(driveFile, ""); // an empty drive
  svc = await startService({
    configToml: readerServiceConfig({
      readers: { connect: [{ driver: "opticaldrive", path: loop }, { driver: "optical_drive", path: driveFile, id_source: "label" }] },
      root,
      emulator: { id: "DiscEmu", script: emu.script, extensions: [".md"] },
    }),
  });
  client = await svc.connect();
});

afterAll(async () => {
  await svc?.stop();
  if (attached) execFileSync("losetup", ["-d", loop]);
  rmSync(root, { recursive: true, force: true });
});

function insert(disc: Disc): void {
  execFileSync("losetup", [loop, disc.iso]);
  attached = true;
}

function eject(): void {
  execFileSync("losetup", ["-d", loop]);
  attached = false;
}

describe("opticaldrive reader", () => {
  test("readers lists both drives, removable, empty", async () => {
    // readers come up after the service listens: poll until the first pass has opened both
    const readers = await waitFor(async () => {
      const r = (await client.call<{ readers: Array<Record<string, unknown>> }>("readers")).readers;
      return r.length === 2 && r;
    }, "both drives to be listed");
    expect(readers).toEqual([
      { id: loop, readerId: readerIdFor("opticaldrive", loop), driver: "opticaldrive", info: `Optical drive (${loop}, id merged)`, connected: true, capabilities: ["removable"] },
      { id: driveFile, readerId: readerIdFor("opticaldrive", driveFile), driver: "opticaldrive", info: `Optical drive (${driveFile}, id label)`, connected: true, capabilities: ["removable"] },
    ]);
    expect((await client.call<{ active: unknown[] }>("tokens")).active).toEqual([]);
  });

  test("inserting a disc with zaparoo.txt is a scan: uid uuid/label as blkid reports them, text from the file", async () => {
    expect(sonic).toMatchObject({ uuid: "2024-01-02-03-04-05-00", label: "SONIC_DISC" });
    const added = next<Record<string, unknown>>("tokens.added");
    insert(sonic);
    expect(await added).toMatchObject({ type: "disc", uid: `${sonic.uuid}/${sonic.label}`, text: "Genesis/Sonic.md", data: hex("Genesis/Sonic.md\n"), readerId: readerIdFor("opticaldrive", loop) });
    expect(await launched()).toBe(join(root, "roms/Genesis/Sonic.md"));
  });

  test("ejecting removes the token", async () => {
    const removed = next("tokens.removed");
    eject();
    await removed;
    expect((await client.call<{ active: unknown[] }>("tokens")).active).toEqual([]);
  });

  test("a disc without zaparoo.txt is identified by uid alone and launches through a mapping", async () => {
    expect(ristar).toMatchObject({ uuid: "2023-11-12-13-14-15-99", label: "Ristar Disc" });
    const uid = `${ristar.uuid}/${ristar.label}`;
    await client.call("mappings.new", { enabled: true, type: "uid", match: "exact", pattern: uid, override: "Genesis/Ristar.md" });
    rmSync(emu.record, { force: true });
    const added = next<Record<string, unknown>>("tokens.added");
    insert(ristar);
    expect(await added).toMatchObject({ type: "disc", uid, text: "", data: "" });
    expect(await launched()).toBe(join(root, "roms/Genesis/Ristar.md"));
    const removed = next("tokens.removed");
    eject();
    await removed;
  });

  test("an image file with id_source label: the label is the uid; emptying the file is an eject", async () => {
    rmSync(emu.record, { force: true });
    const added = next<Record<string, unknown>>("tokens.added");
    copyFileSync(comix.iso, `${driveFile}.tmp`);
    renameSync(`${driveFile}.tmp`, driveFile);
    expect(await added).toMatchObject({ type: "disc", uid: "COMIX", text: "Genesis/Comix Zone.md", data: hex("  Genesis/Comix Zone.md\r\n"), readerId: readerIdFor("opticaldrive", driveFile) });
    expect(comix.label).toBe("COMIX");
    expect(await launched()).toBe(join(root, "roms/Genesis/Comix Zone.md"));
    const removed = next("tokens.removed");
    writeFileSync(driveFile, "");
    await removed;
  });

  test("a drive whose device goes away is dropped (readers.removed) and comes back when it returns", async () => {
    const gone = next<Record<string, unknown>>("readers.removed");
    rmSync(driveFile);
    expect(await gone).toEqual({ connected: false, driver: "opticaldrive", path: driveFile });
    const back = next<Record<string, unknown>>("readers.added");
    writeFileSync(driveFile, "");
    expect(await back).toEqual({ connected: true, driver: "opticaldrive", path: driveFile });
  });

  test("setting the reader list through the API keeps each drive's id_source", async () => {
    expect(await client.call("settings.update", { readers: [`opticaldrive:${loop}`, `optical_drive:${driveFile}`] })).toBeNull();
    const cfg = parse(readFileSync(join(svc.dataDir, "config.toml"), "utf8")) as { readers: { connect: Array<Record<string, string>> } };
    expect(cfg.readers.connect).toEqual([
      { driver: "opticaldrive", path: loop },
      { driver: "optical_drive", path: driveFile, id_source: "label" },
    ]);
  });
});

describe("opticaldrive: with no path: every drive in /sys/block", () => {
  let fake: string;
  let other: TestService;
  let c: RpcClient;

  beforeAll(async () => {
    fake = tempDir("tapserve-optical-root-"); // the data dir doubles as the hardware root (sys/, dev/)
    mkdirSync(join(fake, "sys/block/sr0"), { recursive: true });
    mkdirSync(join(fake, "sys/block/sda"), { recursive: true });
    mkdirSync(join(fake, "dev"), { recursive: true });
    copyFileSync(comix.iso, join(fake, "dev/sr0"));
    writeFileSync(join(fake, "dev/sda"), "");
    other = await startService({ dataDir: fake, configToml: ["[readers]", "auto_detect = false", "[[readers.connect]]", 'driver = "opticaldrive"', ""].join("\n") });
    c = await other.connect();
  });

  afterAll(async () => {
    await other?.stop();
    rmSync(fake, { recursive: true, force: true });
  });

  test("finds sr0 (not sda), reads its disc, and drops the drive when it is unplugged", async () => {
    const sr0 = join(fake, "dev/sr0");
    const listed = async () => (await c.call<{ readers: Array<{ id: string }> }>("readers")).readers;
    const readers = await waitFor(async () => {
      const r = await listed();
      return r.length > 0 && r;
    }, "the first reader pass");
    expect(readers.map((r) => r.id)).toEqual([sr0]);
    const token = await waitFor(async () => (await c.call<{ active: Array<Record<string, unknown>> }>("tokens")).active[0], "the disc's token");
    expect(token).toMatchObject({ type: "disc", uid: `${comix.uuid}/${comix.label}`, text: "Genesis/Comix Zone.md", readerId: readerIdFor("opticaldrive", sr0) });
    const from = c.notifications.length;
    rmSync(join(fake, "sys/block/sr0"), { recursive: true });
    rmSync(sr0);
    await waitFor(() => c.notifications.slice(from).find((n) => n.method === "readers.removed"), "readers.removed");
    expect((await c.call<{ readers: unknown[] }>("readers")).readers).toEqual([]);
  });
});
