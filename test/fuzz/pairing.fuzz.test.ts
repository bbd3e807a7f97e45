/**
 * Pairing: a PAKE message from the other side is any bytes; decoding it fails only with PakeError (never a
 * JSON, BigInt or curve exception), and two honest sides with the same PIN agree on the key.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { PakeError, PakeSession } from "../../src/core/pairing/pake.ts";
import { anyBytes, mutatedBytes, onlyThrows } from "./arbitraries.ts";
import { fuzz, fuzzTimeout } from "./runs.ts";

/** Each honest exchange is six P-256 scalar multiplications: a twentieth of the runs. */
const EXCHANGE_SCALE = 0.05;
const enc = new TextEncoder();
const client = PakeSession.client("1234", 7n);
const server = PakeSession.server("1234", 11n);
server.receive(client.message());
const genuine = [client.message(), server.message()];

const decimal = fc.oneof(fc.bigInt({ min: 0n, max: (1n << 260n) - 1n }).map(String), fc.constantFrom("0", "", "-1", "1e3", " 1", "0x10"));
const wireArb = fc.record(
  { role: fc.oneof(fc.constantFrom(0, 1), fc.jsonValue({ maxDepth: 0 })), xx: decimal, xy: decimal, yx: decimal, yy: decimal, ux: decimal },
  { requiredKeys: [] },
);
const messageArb = fc.oneof(
  anyBytes(200),
  fc.jsonValue({ maxDepth: 2 }).map((v) => enc.encode(JSON.stringify(v))),
  wireArb.map((w) => enc.encode(JSON.stringify(w))),
  mutatedBytes(fc.constantFrom(...genuine)),
);

describe("fuzz: pairing", () => {
  test("pake.PakeSession.receive: any peer message is accepted or refused with PakeError, on either side", () => {
    fuzz(
      fc.property(messageArb, (bytes) => {
        for (const side of [client, server]) onlyThrows(PakeError, () => side.receive(bytes));
      }),
      0.5,
    );
  }, fuzzTimeout());

  test("pake: both sides with the same PIN derive the same key; different PINs do not", () => {
    const scalar = fc.bigInt({ min: 1n, max: (1n << 255n) - 1n });
    const pin = fc.stringMatching(/^[0-9]{4,8}$/);
    fuzz(
      fc.property(pin, pin, scalar, scalar, (pinA, pinB, a, b) => {
        const c = PakeSession.client(pinA, a);
        const s = PakeSession.server(pinB, b);
        s.receive(c.message());
        c.receive(s.message());
        expect(c.sessionKey().length).toBe(32);
        expect(Buffer.from(c.sessionKey()).equals(Buffer.from(s.sessionKey()))).toBe(pinA === pinB);
      }),
      EXCHANGE_SCALE,
    );
  }, fuzzTimeout());
});
