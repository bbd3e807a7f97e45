import { describe, expect, test } from "bun:test";
import { remoteConnectionLimits } from "../../src/api/limits/connection-limits.ts";
import { NotificationFrames } from "../../src/api/notifications.ts";
import { Dispatcher } from "../../src/api/rpc/dispatcher.ts";
import { defineMethod } from "../../src/api/rpc/method.ts";
import { plaintextCodec } from "../../src/api/session-codec.ts";
import { WebSocketSessions } from "../../src/api/ws-sessions.ts";
import type { SendStatus, SocketConnection } from "../../src/runtime/types.ts";
import { ServiceEvents } from "../../src/service/events.ts";
import { ManualClock } from "../fakes/clock.ts";

/** A socket below the transport seam: records what the sessions layer sends and whether it closed. */
class RecordingSocket implements SocketConnection {
  readonly peer;
  readonly path = "/";
  readonly bufferedAmount = 0;
  state: unknown;
  sent: string[] = [];
  closed: { code?: number; reason?: string } | null = null;
  constructor(remoteAddress: string) {
    this.peer = { remoteAddress, secure: true };
  }
  send(text: string): SendStatus {
    this.sent.push(text);
    return "sent";
  }
  close(code?: number, reason?: string): void {
    this.closed = { code, reason };
  }
}

const pending: Array<() => void> = [];
const methods = [
  defineMethod({ name: "echo", summary: "answers at once", params: null, handler: () => "ok" }),
  defineMethod({ name: "wait", summary: "answers when released", params: null, handler: () => new Promise<string>((r) => pending.push(() => r("done"))) }),
];

function setup(caps = { total: 512, perRemoteAddress: 32, reservedForLoopback: 32 }) {
  const sessions = new WebSocketSessions({
    dispatcher: new Dispatcher(methods),
    frames: new NotificationFrames(new ServiceEvents()),
    maxBufferedBytes: 1 << 20,
    codecFor: () => plaintextCodec,
    limitsFor: (caller) => (caller.local ? null : remoteConnectionLimits),
    caps,
  });
  return { sessions, h: sessions.handlers() };
}

const batch = (n: number, method: string, from = 0) => JSON.stringify(Array.from({ length: n }, (_, i) => ({ jsonrpc: "2.0", id: from + i, method })));
const errorCode = (frame: string) => (JSON.parse(frame) as { error?: { code: number } }).error?.code;

describe("batch items count against the per-connection limits", () => {
  test("rate: a burst of 40 is 40 requests, whether sent one by one or as one batch", () => {
    const { h } = setup();
    const socket = new RecordingSocket("192.168.1.50");
    h.open(socket);
    h.message(socket, batch(20, "echo"));
    h.message(socket, batch(20, "echo", 20));
    expect(socket.sent.map((f) => (JSON.parse(f) as unknown[]).length)).toEqual([20, 20]);
    h.message(socket, batch(2, "echo", 100));
    expect(errorCode(socket.sent[2]!)).toBe(-32004); // 40 taken: the batch is refused whole
  });

  test("in flight: a batch may not carry more pending requests than the cap allows", () => {
    const { h } = setup();
    const socket = new RecordingSocket("192.168.1.51");
    h.open(socket);
    h.message(socket, batch(30, "wait"));
    expect(socket.sent).toHaveLength(0); // accepted: 30 pending
    h.message(socket, batch(3, "wait", 100));
    expect(errorCode(socket.sent[0]!)).toBe(-32004); // 30 + 3 > 32
    h.message(socket, batch(2, "wait", 200));
    expect(socket.sent).toHaveLength(1); // 32 pending
    for (const release of pending.splice(0)) release();
  });

  test("a batch longer than the in-flight cap is refused on a remote connection", () => {
    const { h } = setup();
    const socket = new RecordingSocket("192.168.1.52");
    h.open(socket);
    h.message(socket, batch(33, "echo"));
    expect(errorCode(socket.sent[0]!)).toBe(-32004);
  });
});

describe("connection slots", () => {
  test("one remote address is capped; the device itself still gets in", () => {
    const { h, sessions } = setup({ total: 40, perRemoteAddress: 32, reservedForLoopback: 4 });
    const remote = Array.from({ length: 36 }, () => new RecordingSocket("::ffff:10.0.0.9"));
    for (const s of remote) h.open(s);
    const refused = remote.filter((s) => s.closed);
    expect(refused).toHaveLength(4);
    expect(refused[0]!.closed).toEqual({ code: 1013, reason: "too many connections" });
    expect(errorCode(refused[0]!.sent[0]!)).toBe(-32004);
    const others = Array.from({ length: 6 }, (_, i) => new RecordingSocket(`10.0.0.${20 + i}`));
    for (const s of others) h.open(s);
    expect(others.filter((s) => s.closed)).toHaveLength(2); // 36 of 40 taken by remote peers: the rest are loopback's
    const local = Array.from({ length: 4 }, () => new RecordingSocket("127.0.0.1"));
    for (const s of local) h.open(s);
    expect(local.filter((s) => s.closed)).toHaveLength(0);
    expect(sessions.count).toBe(40);
    // A refused connection's close frees nothing; an accepted one's close frees its slot.
    h.close(refused[0]!, 1013, "");
    const late = new RecordingSocket("10.0.0.30");
    h.open(late);
    expect(late.closed?.code).toBe(1013);
    h.close(remote[0]!, 1000, "");
    const again = new RecordingSocket("10.0.0.9");
    h.open(again);
    expect(again.closed).toBeNull();
  });
});

describe("pre-auth window", () => {
  test("a remote connection with no session after 10 s of the service's clock is answered and closed; an established one is not", async () => {
    const clock = new ManualClock();
    let established = false;
    const codec = {
      open: (frame: string) => {
        established = true;
        return { kind: "text" as const, text: frame };
      },
      seal: (text: string) => (established ? text : null),
      get established() {
        return established;
      },
      handshakeTimeoutMs: 10_000,
      timeoutReply: '{"jsonrpc":"2.0","id":null,"error":{"code":-32002,"message":"encryption required"}}',
    };
    const sessions = new WebSocketSessions({
      dispatcher: new Dispatcher(methods),
      frames: new NotificationFrames(new ServiceEvents()),
      maxBufferedBytes: 1 << 20,
      codecFor: () => codec,
      timers: clock,
    });
    const h = sessions.handlers();
    const silent = new RecordingSocket("192.168.1.60");
    h.open(silent);
    await clock.advance(9_999);
    expect(silent.closed).toBeNull();
    await clock.advance(1);
    expect(silent.closed).toEqual({ code: 1008, reason: "handshake timeout" });
    expect(errorCode(silent.sent[0]!)).toBe(-32002);
    established = false;
    const talker = new RecordingSocket("192.168.1.61");
    h.open(talker);
    h.message(talker, '{"jsonrpc":"2.0","id":1,"method":"echo"}');
    await clock.advance(60_000);
    expect(talker.closed).toBeNull();
  });
});
