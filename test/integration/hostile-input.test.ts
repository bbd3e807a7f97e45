import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { createNetNamespace, type NetNamespace } from "../fixtures/netns.ts";
import { freePort, runChild, waitHealthy, type ChildService } from "../fixtures/process.ts";
import { RpcClient } from "../fixtures/rpc-client.ts";
import { tempDir } from "../fixtures/service.ts";

/**
 * 10 000 malformed frames against the service running as its own process: 6 000 from the device itself on
 * 20 plaintext connections (bad JSON, wrong types, deep nesting, huge frames, bad envelopes, invalid UTF-8),
 * 4 000 from a second host through the secure layer (bad first frames of every kind, wrong keys and
 * counters, tampered and malformed later frames). The service must stay up, answer normally afterwards, and
 * keep its resident memory under RSS_LIMIT_MB.
 */
const RSS_LIMIT_MB = 200;
const RSS_GROWTH_LIMIT_MB = 100;
const LOCAL_FRAMES = 6000;
const REMOTE_FRAMES = 4000;
const CLIENT_SCRIPT = join(import.meta.dir, "..", "fixtures", "secure", "remote-client.ts");

let child: ChildService;
let port: number;
let ns: NetNamespace;
const dataDir = tempDir();

const rssMb = () => {
  const status = readFileSync(`/proc/${child.proc.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
};

beforeAll(async () => {
  port = await freePort();
  child = runChild(["--data-dir", dataDir, "--port", String(port), "--host", "0.0.0.0"]);
  await waitHealthy(port, child);
  ns = createNetNamespace();
});
afterAll(async () => {
  ns?.remove();
  child?.proc.kill("SIGTERM");
  await child?.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

const huge = `"${"x".repeat(2 * 1024 * 1024)}"`;
const localFrames: Array<(i: number) => string | Uint8Array> = [
  () => '{"jsonrpc":"2.0","id":"1","method":',
  () => '{"jsonrpc":"2.0","id":{"x":1},"method":5}',
  () => '{"jsonrpc":2,"method":[]}',
  (i) => `{"jsonrpc":"2.0","id":${i},"method":"clients.delete","params":{"id":[1,2]}}`,
  (i) => `{"jsonrpc":"2.0","id":${i},"method":"version","params":"x"}`,
  () => "[".repeat(100_000),
  () => `{"a":${"[".repeat(40)}1${"]".repeat(40)}}`,
  () => '{"e":"!!!not base64"}',
  () => `{"v":1,"e":"AAAA","t":"x","s":"AAAA"}`,
  () => "[]",
  () => `[${Array(150).fill("1").join(",")}]`,
  () => new Uint8Array([0xff, 0xfe, 0x7b, 0x80, 0x00]),
  () => "\u0000\u0001garbage",
  (i) => `{"jsonrpc":"2.0","id":${i},"method":"no.such.method"}`,
];

describe("hostile input", () => {
  test(`${LOCAL_FRAMES + REMOTE_FRAMES} malformed frames: the service stays up, answers afterwards, memory stays bounded`, async () => {
    const local = await RpcClient.connect(`ws://127.0.0.1:${port}/`);
    const { id, secret } = await local.call<{ id: string; secret: string }>("clients.new", { name: "hostile-test" });
    const victim = await local.call<{ id: string }>("clients.new", { name: "victim" });
    const rssBefore = rssMb();

    // The device's own connections: every malformed frame gets a protocol error, the socket stays open.
    const conns = await Promise.all(Array.from({ length: 20 }, () => RpcClient.connect(`ws://127.0.0.1:${port}/`)));
    let sent = 0;
    for (let i = 0; sent < LOCAL_FRAMES; i++) {
      const c = conns[i % conns.length]!;
      const frame = i % 600 === 599 ? huge : localFrames[i % localFrames.length]!(i);
      c.ws.send(frame);
      sent++;
      if (i % 200 === 0) await Bun.sleep(0);
    }
    for (const c of conns) expect((await c.call<{ version: string }>("version")).version).toBeString();
    expect(conns.every((c) => c.closed === null)).toBe(true);
    // A frame beyond the transport's limit (16 MiB) closes only that connection.
    const big = await RpcClient.connect(`ws://127.0.0.1:${port}/`);
    big.sendRaw("x".repeat(17 * 1024 * 1024));
    expect((await big.waitClosed(10_000)).code).toBe(1009);

    // A second host through the secure layer.
    const plan = { scenario: "hostile", url: `ws://${ns.hostAddress}:${port}/`, clientId: id, secret, victimId: victim.id, count: REMOTE_FRAMES };
    const out = await ns.run([process.execPath, CLIENT_SCRIPT], { env: { PLAN: JSON.stringify(plan) }, timeoutMs: 120_000 });
    expect(out.stderr).toBe("");
    const report = JSON.parse(out.stdout.trim()) as { sent: number; connections: number; outcomes: Record<string, number> };
    expect(report.sent).toBeGreaterThanOrEqual(REMOTE_FRAMES);
    expect(report.outcomes["left open"]).toBeUndefined();
    expect(report.outcomes["session not established"]).toBeUndefined();

    // Still up and answering, locally and remotely.
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    expect((await local.call<{ version: string }>("version")).version).toBeString();
    const fresh = await ns.run([process.execPath, CLIENT_SCRIPT], {
      env: { PLAN: JSON.stringify({ scenario: "encrypted", url: `ws://${ns.hostAddress}:${port}/`, clientId: id, secret }) },
    });
    expect((JSON.parse(fresh.stdout.trim()) as { version: { result: { platform: string } } }).version.result.platform).toBe("linux");

    const rssAfter = rssMb();
    process.stderr.write(`hostile input: ${report.connections} remote connections ${JSON.stringify(report.outcomes)}; RSS ${rssBefore.toFixed(1)} → ${rssAfter.toFixed(1)} MB\n`);
    expect(rssAfter).toBeLessThan(RSS_LIMIT_MB);
    expect(rssAfter - rssBefore).toBeLessThan(RSS_GROWTH_LIMIT_MB);
    for (const c of [...conns, local]) c.close();
    expect(child.proc.exitCode).toBeNull();
  }, 180_000);
});
