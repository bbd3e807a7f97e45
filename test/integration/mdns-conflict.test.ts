import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { browse, type Device, foreignLines, startDevice, startRogue } from "../fixtures/mdns-node.ts";
import { createNetLan, type LanHost } from "../fixtures/netns.ts";

/**
 * Two devices, one name (RFC 6762 §8–9): every MiSTer is called `MiSTer`. Three hosts on a private LAN (a bridge
 * in its own network namespace): two run the service as a child process, the third is the phone.
 */
let lan: ReturnType<typeof createNetLan>;
let a: LanHost;
let b: LanHost;
let phone: LanHost;
const running: Array<{ stop(): Promise<unknown> }> = [];

beforeAll(() => {
  lan = createNetLan(3);
  [a, b, phone] = lan.hosts as [LanHost, LanHost, LanHost];
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop()));
});
afterAll(() => lan.remove());

function device(host: LanHost, name: string, deviceId: string, port: number): Device {
  const d = startDevice(host, { name, deviceId, port });
  running.push(d);
  return d;
}

const advertised = (d: Device, name: string) => d.waitFor(new RegExp(`advertising _zaparoo\\._tcp as '${name.replace(/[()]/g, "\\$&")}'`));
const seen = (view: ReturnType<typeof browse>, name: string) => view.waitFor((e) => e.event === "up" && e.name === name);

/** Stops a service and checks that everything on its stderr came through the logger, and nothing on stdout. */
async function expectOnlyLoggerOutput(d: Device) {
  expect(await d.stop()).toBe(0);
  expect(foreignLines(d.stderr())).toEqual([]);
  expect(d.stdout()).toBe("");
}

describe("two devices, one name", () => {
  test("two services started together: the phone sees `MiSTer` and `MiSTer (2)`, each with its own id and address", async () => {
    const phoneView = browse(phone, 25_000);
    running.push(phoneView);
    const one = device(a, "MiSTer", "id-one", 7401);
    const two = device(b, "MiSTer", "id-two", 7402);
    const [nameOne = "", nameTwo = ""] = await Promise.all(
      [one, two].map(async (d) => (await d.waitFor(/advertising _zaparoo\._tcp as '([^']+)'/))[1]),
    );
    expect([nameOne, nameTwo].sort()).toEqual(["MiSTer", "MiSTer (2)"]);
    const renamed = nameOne === "MiSTer" ? two : one;
    expect(renamed.stderr()).toContain("[mdns] mDNS name 'MiSTer' is taken on the network; advertising as 'MiSTer (2)'");
    for (const [d, host, port] of [[one, a, 7401], [two, b, 7402]] as const) {
      const name = d === one ? nameOne : nameTwo;
      const up = await seen(phoneView, name);
      expect(up).toMatchObject({ port, txt: { id: d.deviceId, platform: "linux" } });
      expect(up.addresses.filter((x) => x.includes("."))).toEqual([host.address]); // its own IPv4 only, not the other's
    }
    const ups = phoneView.events().filter((e) => e.event === "up");
    expect(new Set(ups.map((e) => e.host)).size).toBe(2); // the shared machine name is renamed too (`<label>-2.local`)
    await expectOnlyLoggerOutput(one);
    await expectOnlyLoggerOutput(two);
  }, 40_000);

  test("late: `Arcade` is announced, then a second `Arcade` starts, probes, and becomes `Arcade (2)`", async () => {
    const first = device(a, "Arcade", "id-first", 7403);
    await advertised(first, "Arcade");
    const phoneView = browse(phone, 25_000);
    running.push(phoneView);
    const second = device(b, "Arcade", "id-second", 7404);
    await advertised(second, "Arcade (2)");
    expect(second.stderr()).toContain("mDNS name 'Arcade' is taken on the network; advertising as 'Arcade (2)'");
    expect(second.stderr().match(/is taken on the network; advertising as 'Arcade/g)).toHaveLength(1); // logged once
    expect(await seen(phoneView, "Arcade")).toMatchObject({ port: 7403, txt: { id: "id-first" } });
    expect(await seen(phoneView, "Arcade (2)")).toMatchObject({ port: 7404, txt: { id: "id-second" } });
    expect(first.stderr()).not.toContain("is taken");
    await expectOnlyLoggerOutput(second);
    await expectOnlyLoggerOutput(first);
  }, 40_000);

  test("a device that skips probing announces our `Attic`: we see the conflict, probe again and become `Attic (2)`", async () => {
    const ours = device(a, "Attic", "id-ours", 7405);
    await advertised(ours, "Attic");
    const rogue = startRogue(b, "Attic", "id-rogue");
    running.push(rogue);
    await rogue.waitFor(/^up$/m);
    await advertised(ours, "Attic (2)");
    expect(ours.stderr()).toContain("mDNS name 'Attic' is taken on the network; advertising as 'Attic (2)'");
    const phoneView = browse(phone, 25_000);
    running.push(phoneView);
    expect(await seen(phoneView, "Attic (2)")).toMatchObject({ port: 7405, txt: { id: "id-ours" } });
    expect(await seen(phoneView, "Attic")).toMatchObject({ txt: { id: "id-rogue" } });
    await expectOnlyLoggerOutput(ours);
  }, 40_000);
});
