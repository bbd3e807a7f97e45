import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";
import type { Client } from "../../src/core/wire/index.ts";

let svc: TestService;
let local: RpcClient;
const dataDir = tempDir();

beforeAll(async () => {
  svc = await startService({ dataDir });
  local = await svc.connect();
});
afterAll(async () => {
  await svc.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("clients from the device itself", () => {
  test("clients.new returns a UUID and a 32-byte hex secret; clients lists it with its secret", async () => {
    const a = await local.call<Client>("clients.new", { name: "phone", extra: true });
    const b = await local.call<Client>("clients.new");
    expect(a.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(a.name).toBe("phone");
    expect(b.name).toBe("");
    expect(b.secret).not.toBe(a.secret);
    expect(Object.keys(a).sort()).toEqual(["id", "name", "secret"]);
    const { clients } = await local.call<{ clients: Client[] }>("clients");
    expect(clients).toContainEqual({ id: a.id, name: "phone", secret: a.secret });
    expect(clients).toContainEqual({ id: b.id, name: "", secret: b.secret });
  });

  test("clients survive a restart (stored in the user database)", async () => {
    const c = await local.call<Client>("clients.new", { name: "persisted" });
    await svc.stop();
    svc = await startService({ dataDir });
    local = await svc.connect();
    const { clients } = await local.call<{ clients: Client[] }>("clients");
    expect(clients.find((x) => x.id === c.id)?.secret).toBe(c.secret);
  });

  test("clients.delete removes a client; an unknown id is 1001", async () => {
    const c = await local.call<Client>("clients.new", { name: "gone" });
    expect(await local.call("clients.delete", { id: c.id })).toBeNull();
    const { clients } = await local.call<{ clients: Client[] }>("clients");
    expect(clients.map((x) => x.id)).not.toContain(c.id);
    const again = await local.request("clients.delete", { id: c.id });
    expect(again.error?.code).toBe(1001);
  });

  test("bad params are -32602 with a clear message", async () => {
    const long = await local.request("clients.new", { name: "x".repeat(129) });
    expect(long.error?.code).toBe(-32602);
    expect(long.error?.message).toContain("name");
    const missing = await local.request("clients.delete", {});
    expect(missing.error?.code).toBe(-32602);
    const wrongType = await local.request("clients.delete", { id: 5 });
    expect(wrongType.error?.code).toBe(-32602);
  });

  test("at most 50 clients; the 51st is refused with 1004", async () => {
    const { clients } = await local.call<{ clients: Client[] }>("clients");
    for (let i = clients.length; i < 50; i++) await local.call("clients.new", { name: `c${i}` });
    const over = await local.request("clients.new", { name: "one too many" });
    expect(over.error?.code).toBe(1004);
    expect(over.error?.message).toContain("50");
  });

  test("client management over HTTP from the device itself works too", async () => {
    const r = await fetch(`${svc.http}/api`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "clients" }) });
    const body = (await r.json()) as { result: { clients: Client[] } };
    expect(body.result.clients.length).toBe(50);
  });
});
