/**
 * Issue 26, listen first with the front in a thread of its own (src/api/listen-front-worker.ts): `version` is
 * answered while the main thread is blocked; what an early client sends before the hand-over reaches the
 * service in order after it; and that client's connection keeps working afterwards (calls both ways,
 * notifications, closing), relayed through the thread, while later clients reach the service's own listener.
 * Real Bun servers and threads, real WebSocket clients over loopback; the "service" is a recording stand-in.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { ListenFront } from "../../src/api/listen-front.ts";
import { bunRuntime } from "../../src/runtime/bun/index.ts";
import { connectFront, serviceStandIn, until as untilTries } from "../fixtures/front-stand-in.ts";
import type { RunningServer } from "../../src/runtime/types.ts";

let child: ChildProcess | undefined;
let front: ListenFront | undefined;
let servers: RunningServer[] = [];

afterEach(async () => {
  child?.kill("SIGKILL");
  await front?.close();
  for (const s of servers) await s.stop(true);
  child = front = undefined;
  servers = [];
});

const until = (check: () => boolean, what: string) => untilTries(check, what, 1000);

const call = (id: number, method: string) => JSON.stringify({ jsonrpc: "2.0", id, method, params: { n: id } });
const note = (method: string) => JSON.stringify({ jsonrpc: "2.0", method, params: {} });

describe("listen front in its own thread", () => {
  test("answers version while the main thread is blocked", async () => {
    child = spawn(process.execPath, [join(import.meta.dir, "../fixtures/blocked-front.ts")], { stdio: ["ignore", "pipe", "inherit"] });
    const port = await new Promise<number>((resolve, reject) => {
      child!.stdout!.once("data", (d: Buffer) => resolve(Number(String(d).trim())));
      child!.once("exit", (code) => reject(new Error(`the front exited with ${code}`)));
    });
    const { ws, frames } = await connectFront(port);
    ws.send(call(7, "settings"));
    ws.send('{"jsonrpc":"2.0","id":"v","method":"version"}');
    await until(() => frames.length === 1, "the version answer");
    expect(frames[0]).toEqual({ jsonrpc: "2.0", id: "v", result: { version: "9.9.9", platform: "linux" } });
    ws.close();
  });

  test("an early connection: its queued frames reach the service in order, then it keeps working", async () => {
    front = new ListenFront({ host: "127.0.0.1", port: 0 }, { version: "9.9.9", platform: "linux" });
    const bound = await front.listen(bunRuntime);
    if (!bound) throw new Error("could not listen");
    const early = await connectFront(bound.port);
    early.ws.send(note("media.indexing"));
    early.ws.send(call(1, "media.search"));
    early.ws.send('{"jsonrpc":"2.0","id":2,"method":"version"}');
    await until(() => early.frames.length === 1, "the early version answer");

    const svc = serviceStandIn();
    const own = await front.handOver(svc.handlers);
    servers.push(own);
    expect(own.port).toBe(bound.port);
    await until(() => early.frames.length === 2, "the queued call's answer");
    expect(svc.seen).toEqual([note("media.indexing"), call(1, "media.search")]);

    // the same connection after the hand-over: calls, a notification, and one from the service to the client
    early.ws.send(call(3, "settings"));
    early.ws.send(note("tokens.active"));
    early.ws.send('{"jsonrpc":"2.0","id":4,"method":"version"}');
    await until(() => early.frames.length === 4, "answers after the hand-over");
    expect(svc.seen.slice(2)).toEqual([call(3, "settings"), note("tokens.active"), '{"jsonrpc":"2.0","id":4,"method":"version"}']);
    expect(early.frames.slice(1)).toEqual([{ echo: call(1, "media.search") }, { echo: call(3, "settings") }, { echo: '{"jsonrpc":"2.0","id":4,"method":"version"}' }]);
    expect(svc.opened).toHaveLength(1);
    svc.opened[0]!.send(JSON.stringify({ jsonrpc: "2.0", method: "readers.added", params: {} }));
    await until(() => early.frames.length === 5, "the service's notification");
    expect(early.frames[4]).toEqual({ jsonrpc: "2.0", method: "readers.added", params: {} });

    // a later client reaches the service too; the early one's closing reaches it, and the service can close one
    const later = await connectFront(bound.port);
    later.ws.send(call(5, "settings"));
    await until(() => later.frames.length === 1, "the later client's answer");
    expect(svc.opened).toHaveLength(2);
    early.ws.close(1000);
    await until(() => svc.closed.length === 1, "the early connection's close");
    expect(svc.closed).toEqual([1000]);
    svc.opened[1]!.close(4000, "bye");
    expect(await later.closed).toBe(4000);
  });

  test("an HTTP request answered through the thread is not kept alive, so the client's next one, after the thread has ended, is answered too", async () => {
    front = new ListenFront({ host: "127.0.0.1", port: 0 }, { version: "9.9.9", platform: "linux" });
    const bound = await front.listen(bunRuntime);
    if (!bound) throw new Error("could not listen");
    const early = fetch(`http://127.0.0.1:${bound.port}/health`);
    await Bun.sleep(50); // the request reaches the thread, which holds it until the service is up
    const svc = serviceStandIn();
    servers.push(await front.handOver(svc.handlers));
    const first = await early;
    expect([first.status, await first.text(), first.headers.get("connection")]).toEqual([200, "from the service", "close"]);
    await Bun.sleep(1500); // the thread, holding nothing, has ended
    const next = await fetch(`http://127.0.0.1:${bound.port}/health`);
    expect([next.status, await next.text()]).toEqual([200, "from the service"]);
  });

  test("a service closing an early connection closes it for the client", async () => {
    front = new ListenFront({ host: "127.0.0.1", port: 0 }, { version: "9.9.9", platform: "linux" });
    const bound = await front.listen(bunRuntime);
    if (!bound) throw new Error("could not listen");
    const early = await connectFront(bound.port);
    const svc = serviceStandIn();
    servers.push(await front.handOver(svc.handlers));
    await until(() => svc.opened.length === 1, "the early connection handed over");
    svc.opened[0]!.close(4001, "go");
    expect(await early.closed).toBe(4001);
  });

  test("without threads (the Node runtime) the front serves on the main thread, with the same hand-over", async () => {
    front = new ListenFront({ host: "127.0.0.1", port: 0 }, { version: "9.9.9", platform: "linux" });
    const bound = await front.listen({ ...bunRuntime, startThread: undefined });
    if (!bound) throw new Error("could not listen");
    const early = await connectFront(bound.port);
    early.ws.send(call(1, "settings"));
    early.ws.send('{"jsonrpc":"2.0","id":2,"method":"version"}');
    await until(() => early.frames.length === 1, "the early version answer");
    const svc = serviceStandIn();
    expect(await front.handOver(svc.handlers)).toBe(bound); // the same listener, taken over
    early.ws.send(call(3, "settings"));
    await until(() => early.frames.length === 3, "answers after the hand-over");
    expect(svc.seen).toEqual([call(1, "settings"), call(3, "settings")]);
    servers.push(bound);
  });
});
