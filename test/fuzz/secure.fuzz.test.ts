/**
 * The secure layer: envelope parsing classifies any text without throwing and gives back what the builders
 * wrote; the server codec refuses every frame that is not a genuine session frame with a JSON-RPC error, and
 * only a genuine frame ever yields text.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { FailureBackoff } from "../../src/api/secure/failure-backoff.ts";
import { SaltWindow } from "../../src/api/secure/salt-window.ts";
import { SecureSessionCodec } from "../../src/api/secure/secure-codec.ts";
import { ClientSession } from "../../src/core/secure/client-session.ts";
import { firstFrameWire, laterFrameWire, MAX_CLIENT_ID_CHARS, parseFirstFrame, parseLaterFrame } from "../../src/core/secure/envelope.ts";
import { SESSION_SALT_BYTES } from "../../src/core/secure/keys.ts";
import { anyBytes, anyText, mutatedText, tokenText } from "./arbitraries.ts";
import { fuzz, fuzzTimeout } from "./runs.ts";

/** Each case derives session keys and runs AES-GCM (pure JS) several times: a quarter of the runs. */
const SESSION_SCALE = 0.25;
const KEY = new Uint8Array(32).fill(0x42);
const CLIENT = "phone";
const saltArb = fc.uint8Array({ minLength: SESSION_SALT_BYTES, maxLength: SESSION_SALT_BYTES });
const clientIdArb = fc.string({ unit: "binary", minLength: 1, maxLength: MAX_CLIENT_ID_CHARS }).filter((t) => t.length <= MAX_CLIENT_ID_CHARS);
const ENVELOPE_TOKENS = ['{"v":1', '{"v":2', '"v":"1"', ',"e":"', ',"t":"phone"', ',"s":"', "AAAAAAAAAAAAAAAAAAAAAA==", "QUJD", '"', "}", "=", "{", ","];
const envelopeText = fc.oneof(
  anyText(),
  tokenText(ENVELOPE_TOKENS),
  mutatedText(fc.tuple(anyBytes(64), saltArb).map(([ct, salt]) => firstFrameWire(ct, CLIENT, salt))),
);

function codec() {
  return new SecureSessionCodec({
    address: "192.0.2.7",
    clientKey: (id) => (id === CLIENT ? KEY.slice() : null),
    salts: new SaltWindow(),
    backoff: new FailureBackoff(),
    established: () => {},
    maxFrameChars: 4096,
    handshakeTimeoutMs: 60_000,
  });
}

/** A refusal of a first frame: a JSON-RPC error with no id, then the close. */
function expectRefusal(outcome: ReturnType<SecureSessionCodec["open"]>): void {
  expect(outcome.kind).toBe("reject");
  if (outcome.kind !== "reject") return;
  expect(outcome.close).toBeDefined();
  if (outcome.reply === undefined) return;
  const reply = JSON.parse(outcome.reply) as { jsonrpc: string; id: unknown; error: { code: number; message: string } };
  expect(reply).toMatchObject({ jsonrpc: "2.0", id: null });
  expect(Number.isInteger(reply.error.code)).toBe(true);
}

describe("fuzz: secure layer", () => {
  test("envelope.parseFirstFrame: any text is classified; a first frame has a bounded client id and a 16-byte salt", () => {
    fuzz(
      fc.property(envelopeText, (text) => {
        const f = parseFirstFrame(text);
        expect(["first", "cleartext", "unsupported-version", "malformed"]).toContain(f.kind);
        if (f.kind !== "first") return;
        expect(f.clientId.length).toBeGreaterThan(0);
        expect(f.clientId.length).toBeLessThanOrEqual(MAX_CLIENT_ID_CHARS);
        expect(f.salt.length).toBe(SESSION_SALT_BYTES);
        expect(f.ciphertext.length).toBeLessThanOrEqual(text.length);
      }),
    );
  }, fuzzTimeout());

  test("envelope.firstFrameWire → parseFirstFrame gives back ciphertext, client id and salt", () => {
    fuzz(
      fc.property(anyBytes(256).filter((b) => b.length > 0), clientIdArb, saltArb, (ct, id, salt) => {
        expect(parseFirstFrame(firstFrameWire(ct, id, salt))).toEqual({ kind: "first", ciphertext: ct, clientId: id, salt });
      }),
    );
  }, fuzzTimeout());

  test("envelope.parseLaterFrame: any text is a frame or malformed; laterFrameWire round-trips", () => {
    fuzz(
      fc.property(envelopeText, anyBytes(256).filter((b) => b.length > 0), (text, ct) => {
        const f = parseLaterFrame(text);
        expect(["frame", "malformed"]).toContain(f.kind);
        if (f.kind === "frame") expect(f.ciphertext.length).toBeLessThanOrEqual(text.length);
        expect(parseLaterFrame(laterFrameWire(ct))).toEqual({ kind: "frame", ciphertext: ct });
      }),
    );
  }, fuzzTimeout());

  test("secure-codec.open: any first frame but a genuine one is refused with a JSON-RPC error and ends the codec", () => {
    fuzz(
      fc.property(envelopeText, anyText(20), (frame, after) => {
        const c = codec();
        const outcome = c.open(frame);
        expectRefusal(outcome);
        expect(c.established).toBe(false);
        expect(c.open(after)).toEqual({ kind: "reject" });
      }),
    );
  }, fuzzTimeout());

  test("secure-codec.open: mutated session frames never open to other text; a bad frame closes the session", () => {
    const sessionFrames = fc.tuple(saltArb, fc.array(fc.string({ unit: "grapheme", maxLength: 40 }), { minLength: 1, maxLength: 4 }));
    fuzz(
      fc.property(sessionFrames, fc.array(fc.tuple(fc.boolean(), anyText(8)), { maxLength: 4 }), fc.nat(), (frames, noise, pick) => {
        const [salt, texts] = frames;
        const client = new ClientSession(CLIENT, KEY, salt);
        const wires = texts.map((t) => client.frame(t));
        const server = codec();
        let closed = false;
        texts.forEach((text, i) => {
          // Now and then a frame is replaced by noise, or mutated by one character.
          const [mutate, junk] = noise[i] ?? [false, ""];
          const wire = wires[i]!;
          const sent = mutate ? wire.slice(0, pick % (wire.length + 1)) + junk + wire.slice((pick % (wire.length + 1)) + 1) : wire;
          const outcome = server.open(sent);
          if (closed) expect(outcome).toEqual({ kind: "reject" });
          else if (outcome.kind === "text") expect(outcome.text).toBe(text);
          else if (i === 0) expectRefusal(outcome);
          else expect(outcome).toMatchObject({ kind: "reject", close: { code: expect.any(Number) } });
          if (outcome.kind === "reject") closed = true;
        });
      }),
      SESSION_SCALE,
    );
  }, fuzzTimeout());
});
