/**
 * `readers.write` waits for a tag as the reference does, and `readers.write.cancel` ends the wait (the app's Write
 * screen: it sends readers.write, shows "hold a tag", and sends readers.write.cancel when the user backs out).
 * A fake write-capable reader below the driver seam; the service's clock is manual, so no real wait is needed.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ManualClock, settle } from "../fakes/clock.ts";
import { FakeReaderDriver } from "../fakes/reader-driver.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, type TestService } from "../fixtures/service.ts";

let svc: TestService;
let c: RpcClient;
const clock = new ManualClock(Date.now());
const driver = new FakeReaderDriver("fakenfc", true, ["write", "removable"]);

beforeAll(async () => {
  driver.plug("/dev/fake0");
  svc = await startService({ configToml: "[readers]\nauto_detect = true\n", app: { clock, drivers: () => [driver] } });
  c = await svc.connect("/api/v0.1");
  const { readers } = await c.call<{ readers: unknown[] }>("readers");
  expect(readers.length).toBe(1);
});
afterAll(async () => {
  await svc.stop();
});

/** Lets the request reach the service and start waiting. */
const reachService = async () => {
  await c.call("version");
  await settle();
};

describe("readers.write waiting for a tag", () => {
  test("a tag presented while the write waits is written, not launched", async () => {
    const reader = driver.reader("/dev/fake0");
    const pending = c.request("readers.write", { text: "SNES/Written.sfc" });
    await reachService();
    const launching = c.notifications.filter((n) => n.method === "launching").length;
    reader.present({ uid: "04aa", text: "**echo:old" });
    expect((await pending).result).toBeNull();
    expect(reader.writes).toEqual(["SNES/Written.sfc"]);
    await reachService();
    expect(c.notifications.filter((n) => n.method === "launching").length).toBe(launching);
    reader.remove();
  });

  test("readers.write.cancel ends the wait: the write fails as cancelled, the cancel answers null", async () => {
    const reader = driver.reader("/dev/fake0");
    const pending = c.request("readers.write", { text: "never" });
    await reachService();
    expect(await c.call("readers.write.cancel")).toBeNull();
    const r = await pending;
    expect(r.error).toMatchObject({ code: 1004, data: { reason: "cancelled" } });
    expect(r.error?.message).toContain("cancelled");
    reader.present({ uid: "04bb", text: "" }); // a later tag is not written
    await reachService();
    expect(reader.writes).toEqual(["SNES/Written.sfc"]);
    reader.remove();
  });

  test("cancel with nothing waiting, or for another reader, answers null and cancels nothing else", async () => {
    expect(await c.call("readers.write.cancel", {})).toBeNull();
    const pending = c.request("readers.write", { text: "kept", readerId: "fakenfc-/dev/fake0" });
    await reachService();
    expect(await c.call("readers.write.cancel", { readerId: "other-reader" })).toBeNull();
    driver.reader("/dev/fake0").present({ uid: "04cc" });
    expect((await pending).result).toBeNull();
    expect(driver.reader("/dev/fake0").writes.at(-1)).toBe("kept");
    driver.reader("/dev/fake0").remove();
  });

  test("no tag within 30 s: the write fails with no-tag", async () => {
    const pending = c.request("readers.write", { text: "late" });
    await reachService();
    await clock.advance(30_000);
    const r = await pending;
    expect(r.error).toMatchObject({ code: 1003, data: { reason: "no-tag" } });
    expect(r.error?.message).toContain("30 s");
  });

  test("bad params are refused", async () => {
    expect((await c.request("readers.write.cancel", { readerId: 5 })).error?.code).toBe(-32602);
  });
});
