import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { confirmation, derivePairingKeys } from "../../src/core/pairing/confirm.ts";
import { PakeSession } from "../../src/core/pairing/pake.ts";
import { createNetNamespace, type NetNamespace } from "../fixtures/netns.ts";
import { ROOT } from "../fixtures/process.ts";
import { startService, type TestService } from "../fixtures/service.ts";
import { ManualClock } from "../fakes/clock.ts";

let ns: NetNamespace;
let svc: TestService;
/** The service's time: pairing requests from one address are limited to one a second, and the test moves on by itself. */
const clock = new ManualClock(Date.now());
const nextSecond = () => clock.advance(1001);

beforeAll(async () => {
  ns = createNetNamespace();
  svc = await startService({ host: "0.0.0.0", app: { clock } });
});
afterAll(async () => {
  await svc.stop();
  ns.remove();
});

const local = async (method: string, params?: unknown) => (await svc.connect()).call<Record<string, unknown>>(method, params);

/** One pairing attempt from this host with the given PIN; returns the HTTP statuses. */
async function attempt(pin: string, name = "Test Phone") {
  const client = PakeSession.client(pin);
  const msgA = client.message();
  const post = async (path: string, body: unknown) => {
    await nextSecond();
    return fetch(`${svc.http}${path}`, { method: "POST", body: JSON.stringify(body) });
  };
  const start = await post("/api/pair/start", { pake: Buffer.from(msgA).toString("base64"), name });
  if (start.status !== 200) return { start: start.status, body: await start.text() };
  const { session, pake } = (await start.json()) as { session: string; pake: string };
  const msgB = new Uint8Array(Buffer.from(pake, "base64"));
  client.receive(msgB);
  const keys = derivePairingKeys(client.sessionKey(), msgA, msgB);
  const finish = await post("/api/pair/finish", { session, confirm: Buffer.from(confirmation(keys.confirmA, "client", name, msgA, msgB)).toString("base64") });
  return { start: start.status, finish: finish.status, body: await finish.text() };
}

describe("PIN pairing", () => {
  test("a phone on another host pairs with the PIN, verifies the device, then talks encrypted with the new credentials", async () => {
    const { pin, expiresAt } = (await local("clients.pair.start")) as { pin: string; expiresAt: string };
    expect(pin).toMatch(/^\d{6}$/);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(4 * 60_000);
    // the phone retries a refused (429) request; the service's second passes each time it does
    const plan = { http: `http://${ns.hostAddress}:${svc.port}`, ws: `ws://${ns.hostAddress}:${svc.port}/api/v0.1`, pin, name: "Pixel 9", retryMs: 20 };
    const ticking = setInterval(() => void nextSecond(), 10);
    const out = await ns.run([process.execPath, join(ROOT, "test/fixtures/pairing-client.ts")], { env: { PLAN: JSON.stringify(plan) } }).finally(() => clearInterval(ticking));
    expect(out.stderr).toBe("");
    const report = JSON.parse(out.stdout);
    expect(report.startStatus).toBe(200);
    expect(report.finishStatus).toBe(200);
    expect(report.serverConfirmed).toBe(true);
    expect(report.version.result.version).toBeString();
    expect(report.wireAnswer).not.toContain("version"); // encrypted on the wire
    const { clients } = (await local("clients")) as { clients: Array<{ id: string; name: string; address?: string }> };
    const paired = clients.find((c) => c.id === report.authToken);
    expect(paired?.name).toBe("Pixel 9");
    expect(paired?.address).toBe(ns.nsAddress);
    // one pairing per PIN: the window is closed afterwards
    const again = await attempt(pin);
    expect(again.start).toBe(410);
  }, 30000);

  test("a wrong PIN is refused three times, then that PIN is locked even for the right PIN", async () => {
    const { pin } = (await local("clients.pair.start")) as { pin: string };
    const wrong = pin === "000000" ? "111111" : "000000";
    for (let i = 0; i < 3; i++) {
      const r = await attempt(wrong);
      expect(r.start).toBe(200); // the PAKE itself cannot tell
      expect(r.finish).toBe(401);
    }
    const right = await attempt(pin);
    expect(right.start).toBe(410);
    const before = ((await local("clients")) as { clients: unknown[] }).clients.length;
    expect(before).toBe(1); // only the first test's phone
  }, 30000);

  test("a second request from the same address within a second is refused with 429", async () => {
    await nextSecond();
    expect((await fetch(`${svc.http}/api/pair/start`, { method: "POST", body: "{" })).status).toBe(400);
    const r = await fetch(`${svc.http}/api/pair/finish`, { method: "POST", body: "{" });
    expect(r.status).toBe(429);
    expect(await r.json()).toEqual({ error: "too many requests; wait a second" });
  });

  test("malformed requests get 400, unknown sessions 404, and no PIN window 410", async () => {
    await nextSecond();
    let r = await fetch(`${svc.http}/api/pair/start`, { method: "POST", body: "{" });
    expect(r.status).toBe(400);
    await nextSecond();
    r = await fetch(`${svc.http}/api/pair/finish`, { method: "POST", body: JSON.stringify({ session: "nope", confirm: "AAAA" }) });
    expect(r.status).toBe(404);
    await nextSecond();
    const msgA = PakeSession.client("123456").message();
    r = await fetch(`${svc.http}/api/pair/start`, { method: "POST", body: JSON.stringify({ pake: Buffer.from(msgA).toString("base64"), name: "x" }) });
    expect(r.status).toBe(410);
  }, 15000);

  test("pairing methods are refused from a remote host", async () => {
    const r = await fetch(`http://${ns.hostAddress}:${svc.port}/api`, { method: "POST", body: "{}" });
    expect(r.status).toBe(403); // POST /api is device-only; and over the socket clients.pair.* is localOnly
  });
});
