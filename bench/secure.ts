import { NotificationFrames } from "../src/api/notifications.ts";
import { ServiceEvents } from "../src/service/events.ts";
import { Dispatcher } from "../src/api/rpc/dispatcher.ts";
import { versionMethods } from "../src/api/methods/version.ts";
import { FailureBackoff } from "../src/api/secure/failure-backoff.ts";
import { SaltWindow } from "../src/api/secure/salt-window.ts";
import { nativeAead } from "../src/api/secure/native-aead.ts";
import { SecureSessionCodec } from "../src/api/secure/secure-codec.ts";
import type { Aead } from "../src/core/secure/aead.ts";
import { plaintextCodec, type SessionCodec } from "../src/api/session-codec.ts";
import { WebSocketSessions } from "../src/api/ws-sessions.ts";
import { ClientSession } from "../src/core/secure/client-session.ts";
import { deriveSessionKeys } from "../src/core/secure/keys.ts";
import type { SendStatus, SocketConnection } from "../src/runtime/types.ts";

/**
 * Issue 6: the cost of the secure layer on the service's side. `version` calls pushed through the real
 * sessions layer and dispatcher, once with the plaintext codec (baseline) and once sealed (AES-256-GCM both
 * ways, base64 envelopes), on an in-memory socket so the network does not hide the difference. Also: how many
 * sessions per second the key schedule can open.
 */
const CALLS = 30_000;
const KEY = new Uint8Array(32).fill(0x42);

class CountingSocket implements SocketConnection {
  readonly peer = { remoteAddress: "192.0.2.50", secure: false };
  readonly path = "/";
  readonly bufferedAmount = 0;
  state: unknown;
  count = 0;
  last = "";
  send(text: string): SendStatus {
    this.count++;
    this.last = text;
    return "sent";
  }
  close(): void {}
}

async function callsPerSecond(codec: () => SessionCodec, frames: string[]): Promise<{ rate: number; last: string }> {
  const sessions = new WebSocketSessions({
    dispatcher: new Dispatcher(versionMethods({ version: "2.0.0", platform: "linux" })),
    frames: new NotificationFrames(new ServiceEvents()),
    maxBufferedBytes: 1 << 30,
    codecFor: codec,
  });
  const socket = new CountingSocket();
  const h = sessions.handlers();
  h.open(socket);
  const t0 = performance.now();
  for (let i = 0; i < frames.length; i++) {
    h.message(socket, frames[i]!);
    if (i % 256 === 255) await Promise.resolve();
  }
  while (socket.count < frames.length) await new Promise((r) => setImmediate(r));
  const rate = frames.length / ((performance.now() - t0) / 1000);
  h.close(socket, 1000, "");
  return { rate, last: socket.last };
}

export async function run(): Promise<Record<string, number | string>> {
  const request = (i: number) => `{"jsonrpc":"2.0","id":"${String(i).padStart(8, "0")}","method":"version"}`;
  const plainFrames = Array.from({ length: CALLS }, (_, i) => request(i));
  const client = new ClientSession("bench-client", KEY);
  const sealedFrames = plainFrames.map((f) => client.frame(f));
  const secureCodec = (aead?: Aead) => () =>
    new SecureSessionCodec({
      address: "192.0.2.50",
      clientKey: () => KEY.slice(),
      salts: new SaltWindow(),
      backoff: new FailureBackoff(),
      established: () => {},
      maxFrameChars: 1 << 21,
      handshakeTimeoutMs: 60_000,
      aead,
    });
  await callsPerSecond(() => plaintextCodec, plainFrames.slice(0, 2000)); // warm up
  const plain = await callsPerSecond(() => plaintextCodec, plainFrames);
  const pure = await callsPerSecond(secureCodec(), sealedFrames);
  const secure = await callsPerSecond(secureCodec(nativeAead), sealedFrames);
  const lastReply = secure.last.startsWith('{"e":"') ? "sealed" : "NOT SEALED";

  const salt = new Uint8Array(16);
  const n = 5000;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    salt[0] = i & 255;
    deriveSessionKeys(KEY, salt);
  }
  const schedules = n / ((performance.now() - t0) / 1000);
  return {
    "plaintext codec, version calls/s (in-memory socket)": Math.round(plain.rate),
    "secure codec, pure-JS AES-GCM (@noble), calls/s": Math.round(pure.rate),
    "secure codec, native AES-GCM (node:crypto), calls/s": Math.round(secure.rate),
    "ratio secure (native) / plaintext": secure.rate / plain.rate,
    "ratio secure (noble) / plaintext": pure.rate / plain.rate,
    "replies on the secure path": lastReply,
    "session key schedules/s (HKDF, 4 expands)": Math.round(schedules),
  };
}
