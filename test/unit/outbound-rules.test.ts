import { describe, expect, test } from "bun:test";
import { networkInterfaces } from "node:os";
import { classifyAddress, deviceAddresses } from "../../src/service/outbound/address-rules.ts";
import { addressListed, canonicalHostName, hostListed, validAllowEntry } from "../../src/core/net/allow-list.ts";

const OWN = ["192.168.1.20", "fe80::1c2d:3eff:fe4f:5a6b", "2001:db8::20"];

describe("classifyAddress", () => {
  test.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["::1", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["169.254.169.254", "link-local"],
    ["::ffff:169.254.0.1", "link-local"],
    ["fe80::1", "link-local"],
    ["FEBF::1", "link-local"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["::", "unspecified"],
    ["::ffff:0.0.0.0", "unspecified"],
    ["192.168.1.20", "own"],
    ["::ffff:192.168.1.20", "own"],
    ["2001:db8:0:0::20", "own"],
  ])("%s is %s", (address, kind) => {
    expect(classifyAddress(address, OWN)).toBe(kind as never);
  });

  test.each(["192.168.1.21", "10.0.0.5", "172.16.3.4", "8.8.8.8", "128.0.0.1", "169.253.255.255", "fec0::1", "fd00::5", "2001:db8::21", "::2", "::ffff:10.0.0.5"])(
    "%s may be reached",
    (address) => {
      expect(classifyAddress(address, OWN)).toBeNull();
    },
  );

  test("every address of this machine's interfaces is refused (as its own, loopback or link-local)", () => {
    const own = deviceAddresses();
    const expected = Object.values(networkInterfaces()).flatMap((l) => (l ?? []).map((i) => i.address));
    expect(own.sort()).toEqual(expected.sort());
    expect(own).toContain("127.0.0.1");
    for (const address of own) expect(classifyAddress(address, own)).not.toBeNull();
  });
});

describe("zapscript.allow_http entries", () => {
  test.each(["kodi.lan", "localhost", "Kodi.Example.COM.", "my_box.local", "bücher.example", "127.0.0.1", "::1", "10.0.0.0/8", "fe80::/10", "::ffff:127.0.0.1", "0.0.0.0/0"])(
    "%s is valid",
    (entry) => {
      expect(validAllowEntry(entry)).toBe(true);
    },
  );

  test.each(["", " ", "*", "10.0.0.0/33", "::1/129", "300.1.1.1", "1.2.3", "host:80", "http://kodi.lan", "kodi.lan/x", "user@host", "[::1]", "-bad.example", "a..b", "a b"])(
    "%j is not",
    (entry) => {
      expect(validAllowEntry(entry)).toBe(false);
    },
  );

  test("host names compare as a URL carries them (case, trailing dot, punycode)", () => {
    expect(canonicalHostName("Kodi.LAN.")).toBe("kodi.lan");
    expect(canonicalHostName("bücher.example")).toBe("xn--bcher-kva.example");
    expect(hostListed("kodi.lan", ["KODI.lan."])).toBe(true);
    expect(hostListed("xn--bcher-kva.example", ["bücher.example"])).toBe(true);
    expect(hostListed("kodi.lan.example", ["kodi.lan"])).toBe(false);
    expect(hostListed("kodi.lan", ["10.0.0.0/8", "*"])).toBe(false);
  });

  test("addresses match exact entries and CIDR blocks, IPv4-mapped forms included; names and * match no address", () => {
    expect(addressListed("127.0.0.1", ["127.0.0.1"])).toBe(true);
    expect(addressListed("::ffff:127.0.0.1", ["127.0.0.0/8"])).toBe(true);
    expect(addressListed("127.0.0.2", ["127.0.0.1"])).toBe(false);
    expect(addressListed("fe80::9", ["fe80::/64"])).toBe(true);
    expect(addressListed("127.0.0.1", ["*", "localhost"])).toBe(false);
  });
});
