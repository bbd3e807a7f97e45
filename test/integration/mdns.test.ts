import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createNetNamespace, type NetNamespace } from "../fixtures/netns.ts";
import { ROOT } from "../fixtures/process.ts";
import { startService, type TestService } from "../fixtures/service.ts";

let ns: NetNamespace;
let svc: TestService | null = null;

beforeAll(() => {
  ns = createNetNamespace({ multicast: true });
});
afterAll(async () => {
  await svc?.stop();
  ns.remove();
});

/** Starts a browser in the namespace; resolves lines as they arrive. */
function browseFromNamespace(ms: number) {
  const proc = spawn("ip", ["netns", "exec", ns.name, process.execPath, join(ROOT, "test/fixtures/mdns-browse.ts"), "zaparoo", String(ms)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const events: Array<{ event: string; name: string; port: number; txt: Record<string, string> }> = [];
  const waiters: Array<() => void> = [];
  let buf = "";
  proc.stdout.on("data", (d) => {
    buf += d;
    let i = buf.indexOf("\n");
    while (i >= 0) {
      events.push(JSON.parse(buf.slice(0, i)));
      buf = buf.slice(i + 1);
      i = buf.indexOf("\n");
      for (const w of waiters.splice(0)) w();
    }
  });
  const exited = new Promise<void>((r) => proc.on("exit", () => r()));
  const waitFor = async (pred: (e: (typeof events)[number]) => boolean) => {
    while (!events.some(pred)) {
      await Promise.race([new Promise<void>((r) => waiters.push(r)), exited]);
      if (proc.exitCode !== null && !events.some(pred)) throw new Error("browser ended without the expected event");
    }
    return events.find(pred)!;
  };
  return { waitFor, kill: () => proc.kill(), exited };
}

describe("LAN discovery", () => {
  test("a phone on another host finds _zaparoo._tcp with id, version and platform; shutdown withdraws it", async () => {
    svc = await startService({
      host: "0.0.0.0",
      mdns: true,
      configToml: `[service]\nname = "Living Room"\nmdns_interface = "${ns.hostAddress}"\nplatform = "linux"\n`,
    });
    const deviceId = /device_id = "([^"]+)"/.exec(readFileSync(join(svc.dataDir, "config.toml"), "utf8"))![1];
    const browser = browseFromNamespace(20000);
    const up = await browser.waitFor((e) => e.event === "up" && e.name === "Living Room");
    expect(up.port).toBe(svc.port);
    expect(up.txt).toEqual({ id: deviceId!, version: expect.stringMatching(/^\d+\.\d+\.\d+/), platform: "linux" });
    await svc.stop();
    svc = null;
    const down = await browser.waitFor((e) => e.event === "down" && e.name === "Living Room");
    expect(down.name).toBe("Living Room");
    browser.kill();
  }, 30000);
});
