/**
 * Issue 26, listen first: the socket bound before the service is loaded (src/api/listen-front.ts). Before the
 * service hands in its handlers it answers only a parameterless `version` from a plain local client; every
 * other frame waits and reaches the service, in order, once it is up; browsers and HTTP wait or are told to
 * retry. Real Bun server, real WebSocket clients over loopback; the "service" is a recording stand-in.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { ListenFront, versionRequestId } from "../../src/api/listen-front.ts";
import { bunRuntime } from "../../src/runtime/bun/index.ts";
import { connectFront, serviceStandIn, until as untilTries } from "../fixtures/front-stand-in.ts";

let front: ListenFront | undefined;
let server: { stop(all: boolean): Promise<void> } | undefined;

afterEach(async () => {
  await front?.close();
  await server?.stop(true);
  front = server = undefined;
});

async function startFront(): Promise<{ front: ListenFront; port: number }> {
  front = new ListenFront({ host: "127.0.0.1", port: 0 }, { version: "9.9.9", platform: "linux" });
  const s = await front.listen(bunRuntime);
  if (!s) throw new Error("could not listen");
  server = s;
  return { front, port: s.port };
}

const until = (check: () => boolean, what: string) => untilTries(check, what, 500);

describe("listen front", () => {
  test("answers version at once; a request with params waits for the service and reaches it in order", async () => {
    const { front, port } = await startFront();
    const { ws, frames } = await connectFront(port);
    const withParams = '{"jsonrpc":"2.0","id":2,"method":"media.search","params":{"query":"x"}}';
    ws.send(withParams);
    ws.send('{"jsonrpc":"2.0","id":1,"method":"version"}');
    await until(() => frames.length === 1, "the version answer");
    expect(frames[0]).toEqual({ jsonrpc: "2.0", id: 1, result: { version: "9.9.9", platform: "linux" } });
    await Bun.sleep(50);
    expect(frames).toHaveLength(1); // the request with params is not answered by the front

    const svc = serviceStandIn();
    server = await front.handOver(svc.handlers); // the service's own listener now (it ends the front's thread when stopped)
    await until(() => frames.length === 2, "the queued request to be answered by the service");
    expect(svc.opened).toHaveLength(1);
    expect(svc.seen).toEqual([withParams]);
    ws.send('{"jsonrpc":"2.0","id":3,"method":"version"}'); // after the hand-over the service answers everything
    await until(() => frames.length === 3, "the service's answer");
    expect(frames[2]).toEqual({ echo: '{"jsonrpc":"2.0","id":3,"method":"version"}' });
    ws.close();
  });

  test("browsers are told to retry until the service is up; HTTP waits for it", async () => {
    const { front, port } = await startFront();
    const upgrade = await fetch(`http://127.0.0.1:${port}/`, {
      headers: { upgrade: "websocket", connection: "Upgrade", "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==", "sec-websocket-version": "13", origin: "http://evil.example" },
    });
    expect(upgrade.status).toBe(503);
    expect(upgrade.headers.get("retry-after")).toBe("1");
    const page = fetch(`http://127.0.0.1:${port}/health`).then((r) => r.text());
    await Bun.sleep(50);
    server = await front.handOver(serviceStandIn().handlers);
    expect(await page).toBe("from the service");
  });

  test("only a single parameterless version request with an id is answered early", () => {
    expect(versionRequestId('{"jsonrpc":"2.0","id":"a","method":"version"}')).toBe("a");
    expect(versionRequestId('{"jsonrpc":"2.0","id":1,"method":"version","params":{}}')).toBeUndefined();
    expect(versionRequestId('{"jsonrpc":"2.0","method":"version"}')).toBeUndefined();
    expect(versionRequestId('[{"jsonrpc":"2.0","id":1,"method":"version"}]')).toBeUndefined();
    expect(versionRequestId('{"jsonrpc":"1.0","id":1,"method":"version"}')).toBeUndefined();
  });
});
