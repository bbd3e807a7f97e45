import { describe, expect, test } from "bun:test";
import { connectionMode } from "../../src/api/access.ts";
import { isLoopback } from "../../src/core/net/addresses.ts";

describe("locality from the peer address", () => {
  test("loopback in every spelling is local", () => {
    for (const a of ["127.0.0.1", "127.8.9.10", "::1", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1", "::FFFF:127.0.0.2", "::ffff:7f00:1"]) {
      expect(isLoopback(a)).toBe(true);
    }
  });
  test("anything else is remote", () => {
    for (const a of ["10.0.0.2", "192.168.1.5", "::ffff:10.0.0.2", "::ffff:a00:2", "fe80::1", "::2", "128.0.0.1", "", "localhost", "127.0.0.1.evil"]) {
      expect(isLoopback(a)).toBe(false);
    }
  });
  test("remote cleartext needs the secure layer; loopback and TLS speak plaintext", () => {
    expect(connectionMode({ remoteAddress: "192.168.1.5", secure: false })).toBe("secure");
    expect(connectionMode({ remoteAddress: "::ffff:192.168.1.5", secure: false })).toBe("secure");
    expect(connectionMode({ remoteAddress: "192.168.1.5", secure: true })).toBe("plaintext");
    expect(connectionMode({ remoteAddress: "::1", secure: false })).toBe("plaintext");
    expect(connectionMode({ remoteAddress: "::ffff:127.0.0.1", secure: false })).toBe("plaintext");
  });
});
