import { describe, expect, test } from "bun:test";
import { confirmation, derivePairingKeys, equalBytes, transcript } from "../../src/core/pairing/confirm.ts";
import { bigIntToMinimalBytes, PakeError, PakeSession } from "../../src/core/pairing/pake.ts";

describe("PAKE over P-256", () => {
  test("reproduces the phone app's known answer: PIN 123456, client scalar 0x2a", () => {
    const client = PakeSession.client("123456", 0x2an);
    const wire = JSON.parse(new TextDecoder().decode(client.message()));
    expect(wire.role).toBe(0);
    expect(wire.xx).toBe("83498509005245465819322201009119001868389827660965897708978743717998135289327");
    expect(wire.xy).toBe("41379864250107820918826313680313454691537935235393631370474724158168248276403");
    expect(wire.yx).toBe("0");
  });

  test("both sides derive the same key with the same PIN, different keys with different PINs", () => {
    const client = PakeSession.client("654321");
    const server = PakeSession.server("654321");
    const msgA = client.message();
    server.receive(msgA);
    const msgB = server.message();
    client.receive(msgB);
    expect(Buffer.from(client.sessionKey()).toString("hex")).toBe(Buffer.from(server.sessionKey()).toString("hex"));

    const wrong = PakeSession.client("111111");
    const server2 = PakeSession.server("654321");
    server2.receive(wrong.message());
    wrong.receive(server2.message());
    expect(equalBytes(wrong.sessionKey(), server2.sessionKey())).toBe(false);
  });

  test("confirmations verify only with matching keys", () => {
    const client = PakeSession.client("222222");
    const server = PakeSession.server("222222");
    const msgA = client.message();
    server.receive(msgA);
    const msgB = server.message();
    client.receive(msgB);
    const ck = derivePairingKeys(client.sessionKey(), msgA, msgB);
    const sk = derivePairingKeys(server.sessionKey(), msgA, msgB);
    expect(equalBytes(ck.pairingKey, sk.pairingKey)).toBe(true);
    const fromClient = confirmation(ck.confirmA, "client", "My Phone", msgA, msgB);
    expect(equalBytes(fromClient, confirmation(sk.confirmA, "client", "My Phone", msgA, msgB))).toBe(true);
    expect(equalBytes(fromClient, confirmation(sk.confirmA, "client", "Other", msgA, msgB))).toBe(false);
  });

  test("transcript is length-prefixed big-endian", () => {
    const t = transcript("client", "n", new Uint8Array([1]), new Uint8Array([]));
    expect(Buffer.from(t).toString("hex")).toBe(
      "0000000a7a617061726f6f2d7631" + "0000000470323536" + "00000006636c69656e74" + "000000016e" + "0000000101" + "00000000",
    );
  });

  test("minimal big-endian bytes like Go's big.Int.Bytes", () => {
    expect(bigIntToMinimalBytes(0n)).toEqual(new Uint8Array([]));
    expect(bigIntToMinimalBytes(0x0102n)).toEqual(new Uint8Array([1, 2]));
  });

  test("hostile messages are refused with PakeError", () => {
    const server = PakeSession.server("123456");
    const bad = (o: unknown) => new TextEncoder().encode(JSON.stringify(o));
    expect(() => server.receive(new TextEncoder().encode("{"))).toThrow(PakeError);
    expect(() => server.receive(bad({ role: 1, xx: "1", xy: "2" }))).toThrow(PakeError);
    expect(() => server.receive(bad({ role: 0, xx: "1", xy: "2" }))).toThrow(PakeError); // off the curve
    expect(() => server.receive(bad({ role: 0, xx: "0", xy: "0" }))).toThrow(PakeError);
    expect(() => server.receive(bad({ role: 0, xx: 12, xy: "2" }))).toThrow(PakeError);
  });
});
