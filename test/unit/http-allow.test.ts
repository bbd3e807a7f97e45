import { describe, expect, test } from "bun:test";
import { httpAllowProblem, isUrlPattern, splitHttpAllow } from "../../src/core/zapscript/http-allow.ts";

describe("zapscript.allow_http: our host entries beside the reference's URL patterns", () => {
  test("hosts, addresses and CIDR blocks stay ours; entries with URL or regex syntax are URL patterns", () => {
    for (const e of ["kodi.lan", "127.0.0.1", "10.0.0.0/8"]) expect({ e, pattern: isUrlPattern(e), problem: httpAllowProblem(e) }).toEqual({ e, pattern: false, problem: null });
    for (const e of ["https://example\\.com/.*", "http://kodi\\.lan:8080/jsonrpc"]) expect({ e, pattern: isUrlPattern(e), problem: httpAllowProblem(e) }).toEqual({ e, pattern: true, problem: null });
  });

  test("a pattern that does not compile, and a plain entry that is no host, are refused with the reason", () => {
    expect(httpAllowProblem("*")).toContain("a URL pattern that compiles");
    expect(httpAllowProblem("https://(unclosed")).toContain("a URL pattern that compiles");
    expect(httpAllowProblem("10.0.0.0/33")).toBe("a host name, an IP address, a CIDR block or a URL pattern");
  });

  test("patterns match the whole URL; hosts are passed on untouched", () => {
    const { hosts, patterns } = splitHttpAllow(["127.0.0.1", "https://example\\.com/.*"]);
    expect(hosts).toEqual(["127.0.0.1"]);
    expect(patterns.map((p) => [p.test("https://example.com/a"), p.test("https://example.com.evil/a"), p.test("xhttps://example.com/")])).toEqual([[true, false, false]]);
  });
});
