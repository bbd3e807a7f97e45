import { describe, expect, test } from "bun:test";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { nativeAead } from "../../src/api/secure/native-aead.ts";
import { type Aead, nobleAead } from "../../src/core/secure/aead.ts";
import { SecureChannel } from "../../src/core/secure/channel.ts";
import { ClientSession } from "../../src/core/secure/client-session.ts";
import { laterFrameWire, parseFirstFrame } from "../../src/core/secure/envelope.ts";
import { deriveSessionKeys, sessionAad } from "../../src/core/secure/keys.ts";
import { frameNonce } from "../../src/core/secure/nonce.ts";
import kat from "../fixtures/secure/kat.json";

/** Known answers produced by the reference's phone app (test/fixtures/secure/kat.json). */
for (const c of kat.cases) {
  const key = hexToBytes(c.input.pairingKeyHex);
  const salt = hexToBytes(c.input.saltHex);
  const id = c.input.authToken;

  describe(`known answers for client ${id}`, () => {
    test("key schedule", () => {
      const k = deriveSessionKeys(key, salt);
      expect(bytesToHex(k.c2sKey)).toBe(c.derived.c2sKey);
      expect(bytesToHex(k.s2cKey)).toBe(c.derived.s2cKey);
      expect(bytesToHex(k.c2sNonceBase)).toBe(c.derived.c2sNonceBase);
      expect(bytesToHex(k.s2cNonceBase)).toBe(c.derived.s2cNonceBase);
      expect(new TextDecoder().decode(sessionAad(id))).toBe(c.aad);
    });

    test("nonces from counters", () => {
      const k = deriveSessionKeys(key, salt);
      expect(bytesToHex(frameNonce(k.c2sNonceBase, 0))).toBe(c.nonces.c2s_ctr0);
      expect(bytesToHex(frameNonce(k.c2sNonceBase, 1))).toBe(c.nonces.c2s_ctr1);
      expect(bytesToHex(frameNonce(k.s2cNonceBase, 0))).toBe(c.nonces.s2c_ctr0);
      expect(bytesToHex(frameNonce(k.s2cNonceBase, 1))).toBe(c.nonces.s2c_ctr1);
    });

    test("the client's frames are byte-identical to the app's", () => {
      const session = new ClientSession(id, key, salt);
      expect(c.clientFrames.map((f) => session.frame(f.plaintext))).toEqual(c.clientFrames.map((f) => f.wire));
    });

    test.each([
      ["pure-JS", nobleAead],
      ["native", nativeAead],
    ] as Array<[string, Aead]>)("the device (%s AES-GCM) opens the app's frames and seals replies byte-identical to the app's expectation", (_name, aead) => {
      const first = parseFirstFrame(c.clientFrames[0]!.wire);
      if (first.kind !== "first") throw new Error(`first frame parsed as ${first.kind}`);
      expect(first.clientId).toBe(id);
      expect(bytesToHex(first.salt)).toBe(c.input.saltHex);
      const server = SecureChannel.forServer(key, first.salt, first.clientId, aead);
      expect(server.open(first.ciphertext)).toBe(c.clientFrames[0]!.plaintext);
      const later = JSON.parse(c.clientFrames[1]!.wire) as { e: string };
      expect(server.open(Uint8Array.from(atob(later.e), (ch) => ch.charCodeAt(0)))).toBe(c.clientFrames[1]!.plaintext);
      expect(c.serverFrames.map((f) => laterFrameWire(server.seal(f.plaintext)))).toEqual(c.serverFrames.map((f) => f.wire));
    });

    test("the client opens the device's frames", () => {
      const session = new ClientSession(id, key, salt);
      expect(c.serverFrames.map((f) => session.open(f.wire))).toEqual(c.serverFrames.map((f) => f.plaintext));
    });
  });
}

describe("frames that must not open", () => {
  const key = new Uint8Array(32).fill(7);
  const salt = new Uint8Array(16).fill(9);
  const sealedFrames = () => {
    const client = new ClientSession("c", key, salt);
    return [client.frame("one"), client.frame("two"), client.frame("three")];
  };
  const openAll = (frames: string[], aead: Aead = nativeAead) => {
    const server = SecureChannel.forServer(key, salt, "c", aead);
    return frames.map((w, i) => {
      const parsed = i === 0 ? parseFirstFrame(w) : { kind: "frame" as const, ciphertext: Uint8Array.from(atob((JSON.parse(w) as { e: string }).e), (ch) => ch.charCodeAt(0)) };
      if (parsed.kind !== "first" && parsed.kind !== "frame") return null;
      return server.open(parsed.ciphertext);
    });
  };

  test("in order they open", () => {
    expect(openAll(sealedFrames())).toEqual(["one", "two", "three"]);
    expect(openAll(sealedFrames(), nobleAead)).toEqual(["one", "two", "three"]);
  });

  test("a reordered frame fails", () => {
    const [a, b, c] = sealedFrames();
    expect(openAll([a!, c!])).toEqual(["one", null]);
    void b;
  });

  test("a replayed frame fails", () => {
    const [a, b] = sealedFrames();
    expect(openAll([a!, b!, b!])).toEqual(["one", "two", null]);
  });

  test("a flipped bit fails", () => {
    const [a, b] = sealedFrames();
    const e = (JSON.parse(b!) as { e: string }).e;
    const bytes = Uint8Array.from(atob(e), (ch) => ch.charCodeAt(0));
    bytes[3]! ^= 1;
    expect(openAll([a!, laterFrameWire(bytes)])).toEqual(["one", null]);
    expect(openAll([a!, laterFrameWire(bytes)], nobleAead)).toEqual(["one", null]);
  });

  test("another client id (AAD) fails", () => {
    const other = new ClientSession("d", key, salt);
    const server = SecureChannel.forServer(key, salt, "c");
    const parsed = parseFirstFrame(other.frame("x"));
    if (parsed.kind !== "first") throw new Error("not a first frame");
    expect(server.open(parsed.ciphertext)).toBeNull();
  });
});

describe("first-frame classification", () => {
  test("cleartext JSON-RPC, ping and garbage are cleartext", () => {
    for (const f of ['{"jsonrpc":"2.0","id":1,"method":"version"}', "ping", "[1,2]", "", "{not json"]) {
      expect(parseFirstFrame(f).kind).toBe("cleartext");
    }
  });
  test("another version is unsupported", () => {
    expect(parseFirstFrame('{"v":2,"e":"AA==","t":"x","s":"AA=="}')).toEqual({ kind: "unsupported-version", version: 2 });
    expect(parseFirstFrame('{"v":"1","e":"AA==","t":"x","s":"AA=="}').kind).toBe("unsupported-version");
  });
  test("bad salt, bad base64, missing id are malformed", () => {
    const s = btoa("0123456789abcdef");
    expect(parseFirstFrame(`{"v":1,"e":"AA==","t":"x","s":"AA=="}`).kind).toBe("malformed");
    expect(parseFirstFrame(`{"v":1,"e":"!!!","t":"x","s":"${s}"}`).kind).toBe("malformed");
    expect(parseFirstFrame(`{"v":1,"e":"AA==","s":"${s}"}`).kind).toBe("malformed");
    expect(parseFirstFrame(`{"v":1,"e":"AA==","t":7,"s":"${s}"}`).kind).toBe("malformed");
    expect(parseFirstFrame(`{"v":1,"e":"AA==","t":"x","s":"${s}"}`).kind).toBe("first");
  });
});
