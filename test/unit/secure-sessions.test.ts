import { describe, expect, test } from "bun:test";
import { NotificationFrames } from "../../src/api/notifications.ts";
import { Dispatcher } from "../../src/api/rpc/dispatcher.ts";
import { FailureBackoff } from "../../src/api/secure/failure-backoff.ts";
import { SaltWindow } from "../../src/api/secure/salt-window.ts";
import { SecureSessionCodec } from "../../src/api/secure/secure-codec.ts";
import { versionMethods } from "../../src/api/methods/version.ts";
import { WebSocketSessions } from "../../src/api/ws-sessions.ts";
import { ClientSession } from "../../src/core/secure/client-session.ts";
import type { SendStatus, SocketConnection } from "../../src/runtime/types.ts";
import { ServiceEvents } from "../../src/service/events.ts";

/** A socket below the transport seam: records what the sessions layer sends and whether it closed. */
class RecordingSocket implements SocketConnection {
  readonly peer = { remoteAddress: "192.168.1.50", secure: false };
  readonly path = "/";
  readonly bufferedAmount = 0;
  state: unknown;
  sent: string[] = [];
  closed: { code?: number; reason?: string } | null = null;
  send(text: string): SendStatus {
    this.sent.push(text);
    return "sent";
  }
  close(code?: number, reason?: string): void {
    this.closed = { code, reason };
  }
}

const KEY = new Uint8Array(32).fill(0x42);

function setup(timeoutMs = 60_000) {
  const bus = new ServiceEvents();
  const dispatcher = new Dispatcher(versionMethods({ version: "2.0.0", platform: "linux" }));
  const sessions = new WebSocketSessions({
    dispatcher,
    frames: new NotificationFrames(bus),
    maxBufferedBytes: 1 << 20,
    codecFor: (caller) =>
      new SecureSessionCodec({
        address: caller.peer.remoteAddress,
        clientKey: (id) => (id === "phone" ? KEY.slice() : null),
        salts: new SaltWindow(),
        backoff: new FailureBackoff(),
        established: () => {},
        maxFrameChars: 4096,
        handshakeTimeoutMs: timeoutMs,
      }),
  });
  const socket = new RecordingSocket();
  const h = sessions.handlers();
  h.open(socket);
  return { bus, sessions, socket, h };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("secure sessions and notifications", () => {
  test("no notification reaches a remote connection before its session is established", async () => {
    const { bus, socket, h } = setup();
    bus.publish("tokens.removed");
    expect(socket.sent).toEqual([]);
    const client = new ClientSession("phone", KEY);
    h.message(socket, client.frame('{"jsonrpc":"2.0","id":1,"method":"version"}'));
    await tick();
    expect(JSON.parse(client.open(socket.sent[0]!)!)).toMatchObject({ id: 1, result: { version: "2.0.0" } });
    bus.publish("media.stopped", { slot: "primary" } as never);
    expect(socket.sent).toHaveLength(2);
    expect(socket.sent[1]).toStartWith('{"e":"');
    expect(JSON.parse(client.open(socket.sent[1]!)!)).toEqual({ jsonrpc: "2.0", method: "media.stopped", params: { slot: "primary" } });
  });

  test("an unknown client is refused with -32002 and the socket closed", () => {
    const { socket, h } = setup();
    h.message(socket, new ClientSession("stranger", KEY).frame('{"jsonrpc":"2.0","id":1,"method":"version"}'));
    expect(JSON.parse(socket.sent[0]!).error.code).toBe(-32002);
    expect(socket.closed?.code).toBe(1008);
  });

  test("an oversized envelope is refused with -32005 and closed with 1009", () => {
    const { socket, h } = setup();
    h.message(socket, `{"v":1,"e":"${"A".repeat(5000)}"}`);
    expect(JSON.parse(socket.sent[0]!).error.code).toBe(-32005);
    expect(socket.closed?.code).toBe(1009);
  });

  test("a connection that stays silent is answered -32002 and closed when the handshake time runs out", async () => {
    const { socket } = setup(20);
    await new Promise((r) => setTimeout(r, 60));
    expect(JSON.parse(socket.sent[0]!).error.code).toBe(-32002);
    expect(socket.closed).toEqual({ code: 1008, reason: "handshake timeout" });
  });
});

describe("salt window and backoff", () => {
  test("a salt is refused within the window and forgotten after it", () => {
    let now = 0;
    const w = new SaltWindow({ maxPerClient: 3, windowMs: 1000 }, () => now);
    w.record("a", "s1");
    expect(w.seen("a", "s1")).toBe(true);
    expect(w.seen("b", "s1")).toBe(false);
    now = 1001;
    expect(w.seen("a", "s1")).toBe(false);
    for (const s of ["x", "y", "z", "w"]) w.record("a", s);
    expect(w.seen("a", "x")).toBe(false); // only the last three are kept
    expect(w.seen("a", "w")).toBe(true);
  });

  test("blocks double up to the cap; success clears", () => {
    let now = 0;
    const b = new FailureBackoff({ threshold: 2, baseBlockMs: 100, maxBlockMs: 300, maxEntries: 10 }, () => now);
    const fail = (n: number) => {
      for (let i = 0; i < n; i++) b.failure("c", "1.2.3.4");
    };
    fail(1);
    expect(b.blockedFor("c", "1.2.3.4")).toBe(0);
    fail(1);
    expect(b.blockedFor("c", "1.2.3.4")).toBe(100);
    expect(b.blockedFor("c", "5.6.7.8")).toBe(0);
    now = 100;
    fail(2);
    expect(b.blockedFor("c", "1.2.3.4")).toBe(200);
    now = 300;
    fail(2);
    expect(b.blockedFor("c", "1.2.3.4")).toBe(300);
    now = 600;
    fail(2);
    expect(b.blockedFor("c", "1.2.3.4")).toBe(300);
    b.success("c", "1.2.3.4");
    expect(b.blockedFor("c", "1.2.3.4")).toBe(0);
  });

  test("at most maxEntries pairs are tracked", () => {
    const b = new FailureBackoff({ threshold: 1, baseBlockMs: 100, maxBlockMs: 100, maxEntries: 3 }, () => 0);
    for (const a of ["1", "2", "3", "4"]) b.failure("c", a);
    expect(b.blockedFor("c", "1")).toBe(0);
    expect(b.blockedFor("c", "4")).toBe(100);
  });
});
