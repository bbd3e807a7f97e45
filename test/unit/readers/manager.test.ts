import { describe, expect, test } from "bun:test";
import type { Reader, ReaderDriver, ReaderEvents, TokenRead } from "../../../src/readers/types.ts";
import { type ReaderSettings, ReaderManager } from "../../../src/service/readers/manager.ts";

/** A driver below the ReaderDriver seam: `present` is the hardware; `failing` paths refuse to open. */
class FakeDriver implements ReaderDriver {
  readonly names: string[];
  present = new Set<string>();
  failing = new Set<string>();
  opened: FakeReader[] = [];
  private change: (() => void) | null = null;
  constructor(
    readonly id: string,
    readonly autoDetect: boolean,
  ) {
    this.names = [id.replaceAll("_", "")];
  }
  create(path: string): Reader {
    return new FakeReader(this, path);
  }
  async detect(exclude: ReadonlySet<string>) {
    return [...this.present].filter((p) => !exclude.has(p));
  }
  onChange(l: () => void) {
    this.change = l;
  }
  unplug(path: string) {
    this.present.delete(path);
    this.change?.();
  }
}

class FakeReader implements Reader {
  readonly readerId: string;
  readonly info = "fake";
  readonly capabilities = ["removable"] as const;
  events: ReaderEvents | null = null;
  constructor(
    private readonly d: FakeDriver,
    readonly path: string,
  ) {
    this.readerId = `${d.id}-${path}`;
  }
  get driver() {
    return this.d.id;
  }
  connected() {
    return this.events !== null && this.d.present.has(this.path);
  }
  hasToken() {
    return false;
  }
  async open(events: ReaderEvents) {
    if (this.d.failing.has(this.path) || !this.d.present.has(this.path)) throw new Error(`${this.path} absent`);
    this.events = events;
    this.d.opened.push(this);
    events.token({ type: "t", uid: "already-there", text: "", data: "" });
  }
  async close() {
    this.events = null;
  }
}

function harness(settings: ReaderSettings, drivers: FakeDriver[]) {
  const log: string[] = [];
  const manager = new ReaderManager(drivers, () => settings, {
    added: (r) => log.push(`added ${r.driver}:${r.path}`),
    removed: (r) => log.push(`removed ${r.driver}:${r.path}`),
    token: (r, t: TokenRead) => log.push(`token ${r.path} ${t.uid}`),
    tokenRemoved: (r) => log.push(`gone ${r.path}`),
  }, 60_000);
  return { manager, log, settings };
}

describe("reader manager", () => {
  test("opens configured readers (driver names with underscores), announces before their first token, ignores unknown drivers", async () => {
    const serial = new FakeDriver("pn532_uart", false);
    serial.present.add("/dev/ttyUSB0");
    const { manager, log } = harness({ auto_detect: false, connect: [{ driver: "PN532_UART", path: "/dev/ttyUSB0" }, { driver: "nope", path: "x" }] }, [serial]);
    await manager.start();
    expect(log).toEqual(["added pn532_uart:/dev/ttyUSB0", "token /dev/ttyUSB0 already-there"]);
    expect(manager.readers().map((r) => r.path)).toEqual(["/dev/ttyUSB0"]);
    await manager.stop();
    expect(log.at(-1)).toBe("removed pn532_uart:/dev/ttyUSB0");
  });

  test("failed opens are retried on later passes", async () => {
    const d = new FakeDriver("file", false);
    d.present.add("/t");
    d.failing.add("/t");
    const { manager, log } = harness({ auto_detect: false, connect: [{ driver: "file", path: "/t" }] }, [d]);
    await manager.start();
    expect(log).toEqual([]);
    d.failing.delete("/t");
    await manager.kick();
    expect(log[0]).toBe("added file:/t");
    await manager.stop();
  });

  test("auto-detect adds hot-plugged readers and drops unplugged ones; an empty path takes every reader of a driver", async () => {
    const pcsc = new FakeDriver("pcsc", true);
    pcsc.present.add("A");
    const s = harness({ auto_detect: true, connect: [] }, [pcsc]);
    await s.manager.start();
    expect(s.log.filter((l) => l.startsWith("added"))).toEqual(["added pcsc:A"]);
    pcsc.present.add("B");
    await s.manager.kick();
    expect(s.manager.readers().map((r) => r.path).sort()).toEqual(["A", "B"]);
    pcsc.unplug("A");
    await s.manager.kick();
    expect(s.log).toContain("removed pcsc:A");
    expect(s.manager.readers().map((r) => r.path)).toEqual(["B"]);
    await s.manager.stop();

    const off = harness({ auto_detect: false, connect: [{ driver: "pcsc", path: "" }] }, [pcsc]);
    await off.manager.start();
    expect(off.manager.readers().map((r) => r.path)).toEqual(["B"]);
    await off.manager.stop();
  });

  test("readers the settings no longer ask for are closed", async () => {
    const pcsc = new FakeDriver("pcsc", true);
    pcsc.present.add("A");
    const settings: ReaderSettings = { auto_detect: true, connect: [] };
    const s = harness(settings, [pcsc]);
    await s.manager.start();
    settings.auto_detect = false;
    await s.manager.kick();
    expect(s.log).toContain("removed pcsc:A");
    expect(s.manager.readers()).toEqual([]);
    await s.manager.stop();
  });
});
