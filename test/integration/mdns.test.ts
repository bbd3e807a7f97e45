import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { browse } from "../fixtures/mdns-node.ts";
import { createNetNamespace, type NetNamespace } from "../fixtures/netns.ts";
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

describe("LAN discovery", () => {
  test("a phone on another host finds _zaparoo._tcp with id, version and platform; shutdown withdraws it", async () => {
    svc = await startService({
      host: "0.0.0.0",
      mdns: true,
      configToml: `[service]\nname = "Living Room"\nmdns_interface = "${ns.hostAddress}"\nplatform = "linux"\n`,
    });
    const deviceId = /device_id = "([^"]+)"/.exec(readFileSync(join(svc.dataDir, "config.toml"), "utf8"))![1];
    const browser = browse({ name: ns.name, address: ns.nsAddress }, 20000);
    const up = await browser.waitFor((e) => e.event === "up" && e.name === "Living Room");
    expect(up.port).toBe(svc.port);
    expect(up.txt).toEqual({ id: deviceId!, version: expect.stringMatching(/^\d+\.\d+\.\d+/), platform: "linux" });
    await svc.stop();
    svc = null;
    const down = await browser.waitFor((e) => e.event === "down" && e.name === "Living Room");
    expect(down.name).toBe("Living Room");
    await browser.stop();
  }, 30000);
});
