import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, type TestService } from "../fixtures/service.ts";

let svc: TestService;
let client: RpcClient;

beforeAll(async () => {
  svc = await startService();
  client = await svc.connect();
});
afterAll(async () => {
  await svc.stop();
});

describe("JSON-RPC over WebSocket", () => {
  test("version answers with version and platform", async () => {
    const r = await client.call<{ version: string; platform: string }>("version");
    expect(r.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(r.platform).toBe("linux");
  });

  test("the socket also answers on the reference's paths", async () => {
    for (const path of ["/api", "/api/v0", "/api/v0.1"]) {
      const c = await RpcClient.connect(`ws://127.0.0.1:${svc.port}${path}`);
      expect((await c.call<{ version: string }>("version")).version).toBeString();
      c.close();
    }
  });

  test("ping is answered with pong", async () => {
    const next = client.nextFrame();
    client.sendRaw("ping");
    expect(await next).toBe("pong");
  });

  test("malformed JSON gets a -32700 protocol error with a null id, and the socket stays open", async () => {
    const next = client.nextFrame();
    client.sendRaw('{"jsonrpc":"2.0","id":"1","method":');
    const reply = JSON.parse(await next);
    expect(reply).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32700, message: expect.any(String) } });
    expect((await client.call<{ version: string }>("version")).version).toBeString();
  });

  test("a jsonrpc other than 2.0 is refused with -32600", async () => {
    const next = client.nextFrame();
    client.sendRaw(JSON.stringify({ jsonrpc: "1.0", id: "old", method: "version" }));
    const reply = JSON.parse(await next);
    expect(reply.error.code).toBe(-32600);
    expect(reply.id).toBe("old");
    expect(reply.result).toBeUndefined();
  });

  test("a non-object request and a bad id are -32600", async () => {
    let next = client.nextFrame();
    client.sendRaw("42");
    expect(JSON.parse(await next).error.code).toBe(-32600);
    next = client.nextFrame();
    client.sendRaw(JSON.stringify({ jsonrpc: "2.0", id: { x: 1 }, method: "version" }));
    const r = JSON.parse(await next);
    expect(r.error.code).toBe(-32600);
    expect(r.id).toBeNull();
  });

  test("an unknown method is -32601", async () => {
    const r = await client.request("no.such.method");
    expect(r.error?.code).toBe(-32601);
    expect(r.error?.message).toContain("no.such.method");
  });

  test("wrong param types are -32602 with every problem listed", async () => {
    const r = await client.request("settings.update", { debug: "yes", insertModeExitDelay: "soon" });
    expect(r.error?.code).toBe(-32602);
    expect(r.error?.message).toContain("debug");
    expect(r.error?.message).toContain("insertModeExitDelay");
  });

  test("extra envelope members (the app's timestamp) are ignored", async () => {
    const next = client.nextFrame();
    client.sendRaw(JSON.stringify({ jsonrpc: "2.0", id: "ts", timestamp: Date.now(), method: "version" }));
    const r = JSON.parse(await next);
    expect(r.id).toBe("ts");
    expect(r.result.version).toBeString();
  });

  test("a notification (no id) is never answered", async () => {
    const before = client.raw.length;
    client.sendRaw(JSON.stringify({ jsonrpc: "2.0", method: "version" }));
    client.sendRaw(JSON.stringify({ jsonrpc: "2.0", method: "no.such.method" }));
    const r = await client.request("version", undefined, "after-notes");
    expect(r.id).toBe("after-notes");
    // frames are answered in order here, so only the request's answer arrived for these three sends
    const arrived = client.raw.slice(before);
    expect(arrived).toHaveLength(1);
    expect(JSON.parse(arrived[0]!).id).toBe("after-notes");
  });

  test("100 pipelined requests are all answered with matching ids", async () => {
    const ids = Array.from({ length: 100 }, (_, i) => `p${i}`);
    const answers = await Promise.all(ids.map((id) => client.request(id.endsWith("7") ? "settings" : "version", undefined, id)));
    expect(answers.map((a) => a.id)).toEqual(ids);
    expect(answers.every((a) => a.result !== undefined && a.error === undefined)).toBe(true);
  });

  test("a batch is answered with an array that leaves out notifications", async () => {
    const next = client.nextFrame();
    client.sendRaw(
      JSON.stringify([
        { jsonrpc: "2.0", id: "b1", method: "version" },
        { jsonrpc: "2.0", method: "version" },
        { jsonrpc: "2.0", id: "b2", method: "nope" },
      ]),
    );
    const reply = JSON.parse(await next);
    expect(Array.isArray(reply)).toBe(true);
    expect(reply.map((r: { id: string }) => r.id).sort()).toEqual(["b1", "b2"]);
    expect(reply.find((r: { id: string }) => r.id === "b2").error.code).toBe(-32601);
    const empty = client.nextFrame();
    client.sendRaw("[]");
    expect(JSON.parse(await empty).error.code).toBe(-32600);
  });

  test("a 10 MB frame is refused with an answer, and the service keeps serving", async () => {
    const big = await svc.connect();
    const next = big.nextFrame();
    big.sendRaw(JSON.stringify({ jsonrpc: "2.0", id: "big", method: "version", params: { pad: "x".repeat(10 * 1024 * 1024) } }));
    const reply = JSON.parse(await next);
    expect(reply.error.code).toBe(-32005);
    expect((await client.call<{ version: string }>("version")).version).toBeString();
  });

  test("deeply nested JSON is refused without crashing", async () => {
    const next = client.nextFrame();
    client.sendRaw(`${"[".repeat(100000)}${"]".repeat(100000)}`);
    expect(JSON.parse(await next).error.code).toBe(-32600);
    expect((await client.call<{ version: string }>("version")).version).toBeString();
  });
});

describe("HTTP", () => {
  test("GET /health answers 200", async () => {
    const r = await fetch(`${svc.http}/health`);
    expect(r.status).toBe(200);
  });

  test("POST /api runs the same dispatcher", async () => {
    const r = await fetch(`${svc.http}/api`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 9, method: "version" }) });
    expect(r.status).toBe(200);
    const body = (await r.json()) as { id: number; result: { version: string } };
    expect(body.id).toBe(9);
    expect(body.result.version).toBeString();
    const bad = await fetch(`${svc.http}/api`, { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(((await bad.json()) as { error: { code: number } }).error.code).toBe(-32700);
    const note = await fetch(`${svc.http}/api`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", method: "version" }) });
    expect(note.status).toBe(204);
  });

  test("GET /api/events streams notifications as server-sent events", async () => {
    const ctrl = new AbortController();
    const res = await fetch(`${svc.http}/api/events`, { signal: ctrl.signal });
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain(": connected");
    // a settings change is not a notification; publish through the bus by a real producer when one exists.
    ctrl.abort();
  });
});
