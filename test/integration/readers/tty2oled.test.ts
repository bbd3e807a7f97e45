/**
 * The tty2oled display driver against a simulated display on a real pty (test/fixtures/tty2oled-sim.ts), with
 * a fake sysfs describing the ports as USB serial adapters for detection: the reference's exact bytes on open,
 * on media started and stopped; pictures from the tty2oled collection (a loopback HTTP stand-in, through the
 * guarded outbound client) fetched only for the cores played, cached under the data folder and shown from
 * there offline, or from a MiSTer's own tty2oled pictures; unplug and replug; detection by the handshake.
 */
import { afterAll, afterEach, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bunRuntime } from "../../../src/runtime/bun/index.ts";
import { hardwareRoots } from "../../../src/readers/serial/sysfs.ts";
import { tty2oledDriver } from "../../../src/readers/tty2oled/driver.ts";
import type { DisplayMedia, MediaFeed } from "../../../src/readers/tty2oled/media-feed.ts";
import { PictureStore } from "../../../src/readers/tty2oled/picture-store.ts";
import type { Reader } from "../../../src/readers/types.ts";
import { outboundRequest } from "../../../src/service/outbound/request.ts";
import { FakeHardware } from "../../fixtures/fake-sysfs.ts";
import { startHttpStandIn, type HttpStandIn } from "../../fixtures/http-standin.ts";
import { waitFor } from "../../fixtures/launch-env.ts";
import { type SerialPair, startSerialPair } from "../../fixtures/serial-pair.ts";
import { tempDir } from "../../fixtures/service.ts";
import { pictureBytes, pictureFile, Tty2oledSim } from "../../fixtures/tty2oled-sim.ts";

setDefaultTimeout(30000);

/** The reference's start-up commands at Unix time 1700000000, written out (not computed from src/). */
const OPEN_BYTES =
  "QWERTZ\n" +
  "CMDCON,128\nCMDSETTIME,1700000000\nCMDSAVER,127,10,120\n" +
  "CMDCON,128\nCMDSETTIME,1700000000\nCMDSAVER,127,10,120\n" +
  "CMDSORG\n";
const NOW_MS = 1_700_000_000_000;
const SNES = pictureBytes(0x11);
const NES = pictureBytes(0x22);

const ascii = (s: string) => Array.from(Buffer.from(s, "latin1"));
const bytesOf = (...parts: Array<string | Uint8Array>) => parts.flatMap((p) => (typeof p === "string" ? ascii(p) : Array.from(p)));

class TestFeed implements MediaFeed {
  now: DisplayMedia | null = null;
  private readonly listeners = new Set<(m: DisplayMedia | null) => void>();
  current() {
    return this.now;
  }
  subscribe(listener: (m: DisplayMedia | null) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  emit(m: DisplayMedia | null) {
    this.now = m;
    for (const l of this.listeners) l(m);
  }
}

const media = (systemId: string, name = `${systemId} game`): DisplayMedia => ({ systemId, name, path: `/roms/${systemId}/${name}` });

let root: string;
let hw: FakeHardware;
let collection: HttpStandIn;
let served: Record<string, string>;
const cleanups: Array<() => unknown> = [];

beforeAll(async () => {
  root = tempDir("tapserve-tty2oled-");
  hw = new FakeHardware(join(root, "hw"));
  served = {};
  collection = await startHttpStandIn((req, res) => {
    const body = served[req.path];
    if (body === undefined) {
      res.statusCode = 404;
      res.end("404: Not Found");
      return;
    }
    res.setHeader("content-type", "text/plain");
    res.end(body);
  });
});

afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

afterAll(async () => {
  await collection?.close();
  rmSync(root, { recursive: true, force: true });
});

interface Rig {
  pair: SerialPair;
  sim: Tty2oledSim;
  feed: TestFeed;
  cacheDir: string;
  open(): Promise<Reader>;
  driver: ReturnType<typeof tty2oledDriver>;
}

async function rig(o: { cacheDir?: string; localDirs?: string[]; baseUrl?: string; online?: boolean } = {}): Promise<Rig> {
  const pair = await startSerialPair("ttyUSB9");
  cleanups.push(() => pair.stop());
  const sim = new Tty2oledSim();
  await sim.attach(pair.peerPath);
  cleanups.push(() => sim.detach());
  const feed = new TestFeed();
  const cacheDir = o.cacheDir ?? join(tempDir("tapserve-tty2oled-data-"), "assets/tty2oled_pics");
  const pictures = new PictureStore({
    cacheDir,
    localDirs: o.localDirs ?? [],
    baseUrl: o.baseUrl ?? `${collection.url}/Pictures`,
    ...(o.online === false ? {} : { fetch: (url: string) => outboundRequest({ method: "GET", url, maxBytes: 1 << 20, timeoutMs: 5000 }, { allow: ["127.0.0.1"] }) }),
  });
  const driver = tty2oledDriver({
    openSerial: bunRuntime.openSerial.bind(bunRuntime),
    roots: hardwareRoots(hw.root),
    pictures,
    media: feed,
    pauses: { commandMs: 1, logoMs: 1 },
    clock: { now: () => NOW_MS, set: (fn, ms) => setTimeout(fn, ms), clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) },
  });
  return {
    pair,
    sim,
    feed,
    cacheDir,
    driver,
    async open() {
      const reader = driver.create(pair.devicePath);
      await reader.open({ token: () => {}, removed: () => {} });
      cleanups.push(() => reader.close());
      return reader;
    },
  };
}

function cache(dir: string, format: string, name: string, bytes: Uint8Array): void {
  mkdirSync(join(dir, format), { recursive: true });
  writeFileSync(join(dir, format, `${name}.${format.startsWith("GSC") ? "gsc" : "xbm"}`), pictureFile(bytes, name));
}

describe("tty2oled display", () => {
  test("opened on its port: the reference's start-up commands, byte for byte; capabilities display and removable", async () => {
    const r = await rig();
    const reader = await r.open();
    expect(r.sim.received).toEqual(ascii(OPEN_BYTES));
    expect(reader).toMatchObject({ driver: "tty2oled", capabilities: ["display", "removable"], info: `tty2oled (${r.pair.devicePath})` });
    expect(reader.readerId).toMatch(/^tty2oled-[a-z2-7]{8}$/);
    expect(reader.connected()).toBe(true);
    expect(reader.hasToken()).toBe(false);
  });

  test("media started with its picture in the cache: CMDCOR,<name>,-1 and the picture's bytes; stopped: CMDCLS", async () => {
    const r = await rig({ online: false });
    cache(r.cacheDir, "GSC", "SNES", SNES);
    await r.open();
    r.sim.clear();
    r.feed.emit(media("SNES"));
    await waitFor(() => r.sim.commands.find((c) => c.data), "the picture");
    expect(r.sim.received).toEqual(bytesOf("CMDCOR,SNES,-1\n", SNES));
    r.sim.clear();
    r.feed.emit(media("SNES")); // the same media again: nothing sent
    r.feed.emit(null);
    await waitFor(() => r.sim.lines().includes("CMDCLS"), "the clear");
    expect(r.sim.received).toEqual(ascii("CMDCLS\n"));
  });

  test("a core with no picture on disk: its system name at once, then the picture fetched for that core only, cached; shown from the cache offline", async () => {
    served = { "/Pictures/GSC/NES.gsc": pictureFile(NES, "NES") };
    collection.requests.length = 0;
    const r = await rig();
    await r.open();
    r.sim.clear();
    r.feed.emit(media("NES"));
    await waitFor(() => r.sim.commands.find((c) => c.data), "the fetched picture");
    expect(r.sim.received).toEqual(bytesOf("CMDCLS\n", "NES\n", "CMDCOR,NES,-1\n", NES));
    // the formats in the reference's order until one is there; no other core's picture was asked for
    expect(collection.requests.map((q) => q.path)).toEqual(["/Pictures/GSC_US/NES.gsc", "/Pictures/XBM_US/NES.xbm", "/Pictures/GSC/NES.gsc"]);
    expect(readFileSync(join(r.cacheDir, "GSC/NES.gsc"), "utf8")).toBe(pictureFile(NES, "NES"));

    // offline (no fetching at all), a new display on the same cache shows it at once
    const offline = await rig({ cacheDir: r.cacheDir, online: false });
    await offline.open();
    offline.sim.clear();
    offline.feed.emit(media("NES"));
    await waitFor(() => offline.sim.commands.find((c) => c.data), "the cached picture");
    expect(offline.sim.received).toEqual(bytesOf("CMDCOR,NES,-1\n", NES));
  });

  test("a picture missing from the collection: the system name stays, and it is not asked for again at once", async () => {
    served = {};
    const r = await rig();
    await r.open();
    collection.requests.length = 0;
    r.sim.clear();
    r.feed.emit(media("Genesis"));
    await waitFor(() => collection.requests.length === 5, "the five formats tried");
    // Genesis has one alternative version; the reference's FNV-1a pick is Genesis_alt1
    expect(collection.requests[0]!.path).toBe("/Pictures/GSC_US/Genesis_alt1.gsc");
    await waitFor(() => r.sim.lines().length >= 2, "the system name");
    expect(r.sim.received).toEqual(ascii("CMDCLS\nGenesis\n"));
    r.feed.emit(null);
    r.feed.emit(media("Genesis", "another"));
    await waitFor(() => r.sim.lines().length >= 4, "the second start");
    expect(collection.requests.length).toBe(5);
  });

  test("an answer redirected to another host is not kept", async () => {
    const other = await startHttpStandIn((_req, res) => res.end(pictureFile(SNES, "SNES")));
    cleanups.push(() => other.close());
    const redirecting = await startHttpStandIn((req, res) => {
      res.statusCode = 302;
      res.setHeader("location", `${other.url}${req.path}`);
      res.end();
    });
    cleanups.push(() => redirecting.close());
    const r = await rig({ baseUrl: `${redirecting.url}/Pictures` });
    await r.open();
    r.sim.clear();
    r.feed.emit(media("SNES"));
    await waitFor(() => redirecting.requests.length === 5, "every format tried");
    await Bun.sleep(50);
    expect(r.sim.commands.some((c) => c.data)).toBe(false);
    expect(existsSync(join(r.cacheDir, "GSC_US/SNES.gsc"))).toBe(false);
  });

  test("a MiSTer's own tty2oled pictures are used before the cache and never fetched", async () => {
    const local = tempDir("tapserve-tty2oled-pics-");
    cache(local, "XBM", "SNES", pictureBytes(0x33, 2048));
    collection.requests.length = 0;
    const r = await rig({ localDirs: [local] });
    const sim2048 = new Tty2oledSim(2048);
    await r.sim.detach();
    await sim2048.attach(r.pair.peerPath);
    cleanups.push(() => sim2048.detach());
    await r.open();
    sim2048.clear();
    r.feed.emit(media("SNES"));
    await waitFor(() => sim2048.commands.find((c) => c.data), "the local picture");
    expect(sim2048.received).toEqual(bytesOf("CMDCOR,SNES,-1\n", pictureBytes(0x33, 2048)));
    expect(collection.requests).toEqual([]);
  });

  test("unplugged, the display is no longer connected; replugged, it opens again and shows what plays", async () => {
    const r = await rig({ online: false });
    cache(r.cacheDir, "GSC", "SNES", SNES);
    const first = await r.open();
    await r.pair.unplug();
    await waitFor(() => !first.connected(), "the unplug to be seen");
    await first.close();
    r.feed.now = media("SNES");
    await r.pair.replug();
    await r.sim.attach(r.pair.peerPath);
    r.sim.clear();
    const again = r.driver.create(r.pair.devicePath);
    await again.open({ token: () => {}, removed: () => {} });
    cleanups.push(() => again.close());
    await waitFor(() => r.sim.commands.find((c) => c.data), "the picture after the replug");
    expect(r.sim.received).toEqual(bytesOf(OPEN_BYTES, "CMDCOR,SNES,-1\n", SNES));
  });

  test("detection: CMDHWINF to each USB serial port no reader holds; the one answering HW…; is the display; a silent port is not asked again", async () => {
    const silent = await startSerialPair("ttyUSB0");
    cleanups.push(() => silent.stop());
    const silentPeer = await bunRuntime.openSerial(silent.peerPath, { baud: 115200 });
    const heard: number[] = [];
    silentPeer.onData((c) => heard.push(...c));
    cleanups.push(() => silentPeer.close());
    const r = await rig();
    const silentPath = hw.plug({ name: "ttyUSB0", vid: "1A86", pid: "7523", topology: "1-1" }, silent.devicePath);
    const displayPath = hw.plug({ name: "ttyUSB1", vid: "1A86", pid: "7523", topology: "1-2" }, r.pair.devicePath);
    cleanups.push(() => (hw.unplug("ttyUSB0"), hw.unplug("ttyUSB1")));
    expect(await r.driver.detect!(new Set())).toEqual([displayPath]);
    expect(heard).toEqual(ascii("CMDHWINF\n"));
    expect(r.sim.received).toEqual(ascii("CMDHWINF\n"));
    expect(await r.driver.detect!(new Set([displayPath]))).toEqual([]);
    expect(heard).toEqual(ascii("CMDHWINF\n")); // not asked again until replugged
    expect(silentPath).toBe(join(hw.root, "dev/ttyUSB0"));
  });
});
