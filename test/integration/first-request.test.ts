/**
 * Issue 41, one server from the first line: the port is bound by the full service only, so whoever reaches it
 * first (a browser page of the device itself, a client sending any method) is answered by the service, never
 * told to retry. The service runs from source as a real child process; the clients are a raw HTTP upgrade (to
 * see every status the port gives while it comes up) and real WebSocket clients over loopback.
 */
import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { rawRequest } from "../fixtures/raw-http.ts";
import { freePort, runChild, type ChildService } from "../fixtures/process.ts";
import { childReaper, scratchDirs } from "../fixtures/test-cleanup.ts";

const scratch = scratchDirs();
const reap = childReaper();

function startChild(port: number): ChildService {
  const dir = scratch("tapserve-first-request-");
  writeFileSync(join(dir, "config.toml"), "[readers]\nauto_detect = false\n");
  return reap(runChild(["--data-dir", dir, "--port", String(port), "--host", "127.0.0.1"], { env: { TAPSERVE_MDNS: "off" } }));
}

/** Each answer the port gives a browser's WebSocket upgrade until one is not "nothing listens" (status 0). */
async function upgradesUntilAnswered(port: number, child: ChildService): Promise<number[]> {
  const statuses: number[] = [];
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 4000; i++) {
    if (child.proc.exitCode !== null) throw new Error(`service exited:\n${child.output()}`);
    const r = await rawRequest(port, {
      path: "/",
      headers: { host: `127.0.0.1:${port}`, origin, upgrade: "websocket", connection: "Upgrade", "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==", "sec-websocket-version": "13" },
    });
    statuses.push(r.status);
    if (r.status !== 0) return statuses.filter((s) => s !== 0);
    await Bun.sleep(5);
  }
  throw new Error("the service never listened");
}

/** A WebSocket the way the device's own web page opens it (Origin: the device), retried until the port listens. */
async function browserSocket(port: number): Promise<{ ws: WebSocket; next: () => Promise<unknown> }> {
  for (let i = 0; i < 4000; i++) {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/`, { headers: { origin: `http://127.0.0.1:${port}` } } as unknown as string[]);
    const frames: unknown[] = [];
    const waiting: Array<(f: unknown) => void> = [];
    ws.onmessage = (e) => {
      const f = JSON.parse(String(e.data));
      const w = waiting.shift();
      if (w) w(f);
      else frames.push(f);
    };
    const opened = await new Promise<boolean>((resolve) => {
      ws.onopen = () => resolve(true);
      ws.onerror = () => resolve(false);
    });
    if (opened) return { ws, next: () => (frames.length ? Promise.resolve(frames.shift()) : new Promise((r) => waiting.push(r))) };
    await Bun.sleep(5);
  }
  throw new Error("no connection");
}

describe("one server from the first line", () => {
  test("a browser-origin upgrade is accepted by the service the first time the port answers (no 503 starting)", async () => {
    const port = await freePort();
    const child = startChild(port);
    const statuses = await upgradesUntilAnswered(port, child);
    expect(statuses).toEqual([101]);
  }, 60_000);

  test("a browser-origin client's first requests, version and any other method, are answered by the full service", async () => {
    const port = await freePort();
    startChild(port);
    const { ws, next } = await browserSocket(port);
    ws.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "media.search", params: { query: "mario" } }));
    ws.send(JSON.stringify({ jsonrpc: "2.0", id: 2, method: "version" }));
    const first = (await next()) as { id: number; result: { results: unknown[] } };
    expect(first.id).toBe(1);
    expect(first.result.results).toEqual([]);
    const second = (await next()) as { id: number; result: { platform: string; version: string } };
    expect(second).toMatchObject({ id: 2, result: { platform: "linux" } });
    ws.close();
  }, 60_000);
});
