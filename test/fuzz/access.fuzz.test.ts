/**
 * Access by peer address: address normalisation is idempotent and never throws; an allow-list entry is valid
 * exactly when it is `*` or an address with an optional decimal prefix length, matches as a CIDR block does,
 * and an invalid entry never lets anyone in.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { addressAllowed, invalidAllowEntries, isLoopback, normaliseAddress } from "../../src/core/net/addresses.ts";
import { anyText, tokenText } from "./arbitraries.ts";
import { fuzz, fuzzTimeout } from "./runs.ts";

const v6 = fc.ipV6().filter((a) => !a.includes("."));
const ADDRESS_TOKENS = ["::", ":", "ffff", "::ffff:", "127", ".", "0", "1", "255", "256", "/", "*", " ", "a", "fe80", "%eth0"];
const addressText = fc.oneof(fc.ipV4(), v6, fc.ipV4().map((a) => `::ffff:${a}`), tokenText(ADDRESS_TOKENS, 12), anyText(30));
/** What may follow the `/` of an entry: prefix lengths in and out of range, and text that is not a number. */
const suffixArb = fc.oneof(fc.nat(140).map(String), fc.constantFrom("", " 8", "8 ", "0x8", "1e1", "08", "-1", "8/8", "+8", "8.0"), anyText(4));

const ipv4Int = (a: string) => a.split(".").reduce((n, p) => n * 256 + Number(p), 0);
function v4InBlock(addr: string, net: string, bits: number): boolean {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return ((ipv4Int(addr) & mask) >>> 0) === ((ipv4Int(net) & mask) >>> 0);
}

describe("fuzz: access", () => {
  test("access.normaliseAddress: never throws, idempotent on addresses, maps IPv4-mapped IPv6 to IPv4", () => {
    fuzz(
      fc.property(addressText, fc.oneof(fc.ipV4(), v6), fc.ipV4(), (text, address, v4) => {
        expect(typeof normaliseAddress(text)).toBe("string");
        expect(typeof isLoopback(text)).toBe("boolean");
        // Idempotent on addresses only: garbage such as `::ffff:::ffff:.` loses one `::ffff:` per call.
        for (const a of [address, `::ffff:${v4}`]) expect(normaliseAddress(normaliseAddress(a))).toBe(normaliseAddress(a));
        expect(normaliseAddress(`::FFFF:${v4}`)).toBe(v4);
        const [a, b, c, d] = v4.split(".").map(Number) as [number, number, number, number];
        const hex = (x: number, y: number) => ((x << 8) | y).toString(16);
        expect(normaliseAddress(`::ffff:${hex(a, b)}:${hex(c, d)}`)).toBe(v4);
      }),
    );
  }, fuzzTimeout());

  test("access.addressAllowed/invalidAllowEntries: entry validity is exact, invalid entries allow nobody, blocks match", () => {
    fuzz(
      fc.property(fc.oneof(fc.ipV4(), v6), suffixArb, fc.ipV4(), fc.array(addressText, { maxLength: 3 }), (net, suffix, addr, junk) => {
        const entry = `${net}/${suffix}`;
        const max = net.includes(":") ? 128 : 32;
        const bits = suffix.trimEnd(); // entries are trimmed
        const valid = /^\d+$/.test(bits) && Number(bits) <= max;
        expect(invalidAllowEntries([entry])).toEqual(valid ? [] : [entry]);
        if (!valid) expect(addressAllowed(addr, [entry])).toBe(false);
        else if (max === 32) expect(addressAllowed(addr, [entry])).toBe(v4InBlock(addr, net, Number(bits)));
        expect(addressAllowed(net, [net])).toBe(true);
        expect(addressAllowed(addr, [...junk, "*"])).toBe(true);
        // Any list: never throws; an entry reported invalid changes nothing for the address.
        const bad = new Set(invalidAllowEntries(junk));
        expect(addressAllowed(addr, junk)).toBe(addressAllowed(addr, junk.filter((e) => !bad.has(e))));
      }),
    );
  }, fuzzTimeout());

  test("regression: an entry with an empty or non-decimal prefix length is invalid and allows nobody", () => {
    // `10.0.0.1/` was read as /0: it passed validation and let every IPv4 address in.
    for (const entry of ["10.0.0.1/", "::1/", "10.0.0.1/0x8", "10.0.0.1/ 8", "10.0.0.1/8/8", "10.0.0.1/1e1"]) {
      expect(invalidAllowEntries([entry])).toEqual([entry]);
      expect(addressAllowed("203.0.113.9", [entry])).toBe(false);
      expect(addressAllowed("2001:db8::1", [entry])).toBe(false);
    }
    expect(addressAllowed("10.9.8.7", ["10.0.0.0/8"])).toBe(true);
  });
});
