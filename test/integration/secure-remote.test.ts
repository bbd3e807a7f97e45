import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { createNetNamespace, type NetNamespace } from "../fixtures/netns.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, type TestService } from "../fixtures/service.ts";

/**
 * The secure layer seen from a real second host: a network namespace joined by a veth pair. The service
 * listens on every interface; the client script runs inside the namespace, so its address is not loopback.
 */
const CLIENT_SCRIPT = join(import.meta.dir, "..", "fixtures", "secure", "remote-client.ts");

let svc: TestService;
let ns: NetNamespace;
let local: RpcClient;
let client: { id: string; name: string; secret: string };

interface Drained {
  frames: string[];
  close: { code: number; reason: string } | null;
}

async function remote<T>(scenario: string, extra: Record<string, unknown> = {}, c = client): Promise<T> {
  const plan = { scenario, url: `ws://${ns.hostAddress}:${svc.port}/api/v0.1`, http: `http://${ns.hostAddress}:${svc.port}`, clientId: c.id, secret: c.secret, ...extra };
  const r = await ns.run([process.execPath, CLIENT_SCRIPT], { env: { PLAN: JSON.stringify(plan) } });
  if (r.code !== 0) throw new Error(`remote client failed (${r.code}): ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split("\n").pop()!) as T;
}

const errorOf = (frame: string | undefined) => (JSON.parse(frame ?? "null") as { id: unknown; error: { code: number; message: string } } | null);

beforeAll(async () => {
  svc = await startService({ host: "0.0.0.0" });
  ns = createNetNamespace();
  local = await svc.connect();
  client = await local.call("clients.new", { name: "phone" });
});
afterAll(async () => {
  ns?.remove();
  await svc?.stop();
});

describe("remote cleartext connections", () => {
  test("a cleartext request is answered -32002 in plaintext, then the connection closes", async () => {
    const r = await remote<Drained>("cleartext");
    expect(r.frames).toHaveLength(1);
    expect(errorOf(r.frames[0])).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32002, message: expect.stringContaining("encryption required") } } as never);
    expect(r.close?.code).toBe(1008);
  });

  test("a cleartext heartbeat is refused the same way", async () => {
    const r = await remote<Drained>("cleartextPing");
    expect(errorOf(r.frames[0])?.error.code).toBe(-32002);
    expect(r.close?.code).toBe(1008);
  });

  test("an unsupported secure-layer version is answered -32001, then closed", async () => {
    const r = await remote<Drained>("badVersion");
    expect(errorOf(r.frames[0])?.error.code).toBe(-32001);
    expect(r.close?.code).toBe(1008);
  });

  test("a first frame sealed with the wrong key is refused and closed", async () => {
    const r = await remote<Drained>("wrongKey");
    expect(errorOf(r.frames[0])?.error.code).toBe(-32002);
    expect(r.close?.code).toBe(1008);
  });

  test("a connection that never opens a session is answered and closed after the handshake timeout", async () => {
    const r = await remote<Drained>("silent");
    expect(errorOf(r.frames[0])?.error.code).toBe(-32002);
    expect(r.close?.code).toBe(1008);
  }, 30_000);
});

describe("encrypted sessions from a remote host", () => {
  interface EncryptedReport {
    version: { result: { version: string; platform: string } };
    pong: string | null;
    pongWire: string | null;
    clientsNew: { error: { code: number } };
    clients: { error: { code: number } };
    del: { error: { code: number } };
    after: { result: { version: string } };
  }

  test("version works, ping gets an encrypted pong, client management is refused", async () => {
    const r = await remote<EncryptedReport>("encrypted");
    expect(r.version.result.platform).toBe("linux");
    expect(r.version.result.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(r.pong).toBe("pong");
    expect(r.pongWire).toStartWith('{"e":"');
    expect(r.clientsNew.error.code).toBe(-32003);
    expect(r.clients.error.code).toBe(-32003);
    expect(r.del.error.code).toBe(-32003);
    expect(r.after.result.version).toBe(r.version.result.version);
    const { clients } = await local.call<{ clients: Array<{ id: string; address?: string }> }>("clients");
    expect(clients).toHaveLength(1);
    expect(clients[0]!.address).toBe(ns.nsAddress);
  });

  test("a tampered frame closes the connection without a reply", async () => {
    const r = await remote<{ version: { result: unknown }; after: Drained }>("tampered");
    expect(r.version.result).toBeDefined();
    expect(r.after.frames).toEqual([]);
    expect(r.after.close?.code).toBe(1008);
  });

  test("a replayed frame closes the connection", async () => {
    const r = await remote<{ secondReply: { id: string; result: unknown }; after: Drained }>("replayed");
    expect(r.secondReply.id).toBe("v2");
    expect(r.after.frames).toEqual([]);
    expect(r.after.close?.code).toBe(1008);
  });

  test("a frame sent out of order closes the connection", async () => {
    const r = await remote<{ version: { result: unknown }; after: Drained }>("reordered");
    expect(r.version.result).toBeDefined();
    expect(r.after.frames).toEqual([]);
    expect(r.after.close?.code).toBe(1008);
  });

  test("a replayed first frame (reused salt) is refused", async () => {
    const r = await remote<{ reply: { result: unknown }; replay: Drained }>("replayedFirst");
    expect(r.reply.result).toBeDefined();
    expect(errorOf(r.replay.frames[0])?.error.message).toContain("salt");
    expect(r.replay.close?.code).toBe(1008);
  });

  test("past the request rate a connection gets -32004 for the excess, and the rest is answered", async () => {
    const codes = await remote<Record<string, number>>("rate", { count: 200 });
    expect(codes.ok).toBeGreaterThanOrEqual(32); // at least the in-flight cap; at most the burst plus refill
    expect(codes["-32004"]).toBeGreaterThan(0);
    expect((codes.ok ?? 0) + (codes["-32004"] ?? 0)).toBe(200);
  });

  test("deleting a client closes its live sessions", async () => {
    const other = await local.call<{ id: string; secret: string; name: string }>("clients.new", { name: "tablet" });
    const held = remote<{ version: { result: unknown }; close: { code: number; reason: string } | null }>("hold", {}, other);
    for (let i = 0; i < 200; i++) {
      const { clients } = await local.call<{ clients: Array<{ id: string; address?: string }> }>("clients");
      if (clients.find((c) => c.id === other.id)?.address) break;
      await Bun.sleep(25);
    }
    await local.call("clients.delete", { id: other.id });
    const r = await held;
    expect(r.version.result).toBeDefined();
    expect(r.close).toEqual({ code: 1008, reason: "client deleted" });
    const { clients } = await local.call<{ clients: Array<{ id: string }> }>("clients");
    expect(clients.map((c) => c.id)).not.toContain(other.id);
  });

  test("ten failed first frames for a client from one address block that pair", async () => {
    const victim = await local.call<{ id: string; secret: string; name: string }>("clients.new", { name: "brute-forced" });
    const r = await remote<{ replies: Array<Array<{ error: { code: number } }>>; rightKeyAfter: { undecryptable?: string } }>("wrongKeyTimes", { count: 11 }, victim);
    expect(r.replies.slice(0, 10).map((f) => f[0]?.error.code)).toEqual(Array(10).fill(-32002));
    expect(r.replies[10]![0]!.error.code).toBe(-32004);
    // the right key from the same address is blocked too until the block ends (plaintext -32004)
    expect(errorOf(r.rightKeyAfter.undecryptable)?.error).toEqual({ code: -32004, message: expect.stringContaining("retry in") } as never);
    // the device itself is not affected
    expect((await local.call<{ version: string }>("version")).version).toBeString();
  });
});

describe("HTTP from a remote host", () => {
  test("JSON-RPC over HTTP and the event stream are refused; health answers", async () => {
    const r = await remote<{ launch: number; events: number; post: number; health: number }>("http");
    expect(r.post).toBe(403);
    expect(r.events).toBe(403);
    expect(r.health).toBe(200);
  });

  test("GET /l/ is refused unless service.allow_launch lists the address", async () => {
    expect((await remote<{ launch: number }>("http")).launch).toBe(403);
    svc.app.config.update((c) => {
      c.service.allow_launch = [`${ns.nsAddress}/32`];
    });
    try {
      expect((await remote<{ launch: number }>("http")).launch).toBe(200);
    } finally {
      svc.app.config.update((c) => {
        c.service.allow_launch = [];
      });
    }
    expect((await remote<{ launch: number }>("http")).launch).toBe(403);
  });
});
