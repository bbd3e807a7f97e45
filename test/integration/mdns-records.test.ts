import { describe, expect, test } from "bun:test";
import { hostLabel, hostName, instanceName } from "../../src/service/discovery/mdns-names.ts";
import { type Claim, compareRecordSets, conflictIn, lostTieBreak, rdata } from "../../src/service/discovery/mdns-records.ts";

/** The pure half of name claiming: the names tried, what counts as a conflict (§9), who wins a tie (§8.2). */
const fqdn = "MiSTer._zaparoo._tcp.local";
const srv = (port: number, target = "mister.local") => ({ name: fqdn, type: "SRV", ttl: 120, data: { port, target } });
const txt = (id: string) => ({ name: fqdn, type: "TXT", ttl: 4500, data: [Buffer.from(`id=${id}`)] });
const a = (address: string) => ({ name: "mister.local", type: "A", ttl: 120, data: address });
const claim: Claim = { fqdn, host: "mister.local", records: [srv(7497), txt("ours"), a("10.0.0.2"), { name: "mister.local", type: "AAAA", ttl: 120, data: "fe80::1" }] };

describe("names", () => {
  test("instance `name (n)`, host `label-n.local`, host label from the machine name", () => {
    expect([1, 2, 3].map((n) => instanceName("MiSTer", n))).toEqual(["MiSTer", "MiSTer (2)", "MiSTer (3)"]);
    expect([1, 2].map((n) => hostName("MiSTer", n))).toEqual(["MiSTer.local", "MiSTer-2.local"]);
    expect([hostLabel("mister.lan"), hostLabel("my box_1"), hostLabel("…")]).toEqual(["mister", "my-box-1", "tapserve"]);
  });
});

describe("conflicts (§9)", () => {
  test("our own records, looped back or in any letter case, are no conflict", () => {
    expect(conflictIn(claim, { answers: [srv(7497, "MISTER.local."), txt("ours"), a("10.0.0.2")] })).toBeNull();
    expect(conflictIn(claim, { answers: [{ name: "mister.local", type: "AAAA", ttl: 120, data: "fe80:0:0:0:0:0:0:1" }] })).toBeNull();
  });
  test("other data on the instance name or the host name is; a goodbye (TTL 0) or another name is not", () => {
    expect(conflictIn(claim, { answers: [txt("theirs")] })).toBe("instance");
    expect(conflictIn(claim, { additionals: [{ ...srv(7497), name: fqdn.toLowerCase(), data: { port: 7498, target: "mister.local" } }] })).toBe("instance");
    expect(conflictIn(claim, { answers: [a("10.0.0.3")] })).toBe("host");
    expect(conflictIn(claim, { answers: [{ ...txt("theirs"), ttl: 0 }] })).toBeNull();
    expect(conflictIn(claim, { answers: [{ ...txt("theirs"), name: "Other._zaparoo._tcp.local" }] })).toBeNull();
  });
});

describe("simultaneous probes (§8.2)", () => {
  test("rdata in wire form: SRV priority, weight, port, then the target name", () => {
    expect([...rdata(srv(0x1234, "a.local"))]).toEqual([0, 0, 0, 0, 0x12, 0x34, 1, 97, 5, 108, 111, 99, 97, 108, 0]);
    expect([...rdata(a("10.0.0.2"))]).toEqual([10, 0, 0, 2]);
  });
  test("the lexicographically later record set wins; identical sets (our own probe) tie", () => {
    expect(compareRecordSets([srv(7497), txt("b")], [srv(7497), txt("a")])).toBe(1);
    expect(compareRecordSets([srv(7497), txt("a")], [srv(7498), txt("a")])).toBe(-1);
    expect(compareRecordSets([txt("a")], [srv(7497), txt("a")])).toBe(-1); // sorted by type: TXT (16) before SRV (33); fewer records lose
    expect(compareRecordSets([srv(7497)], [txt("a")])).toBe(1);
    expect(lostTieBreak(claim, { authorities: claim.records })).toBeNull();
    expect(lostTieBreak(claim, { authorities: [srv(7497), txt("zzzz")] })).toBe("instance"); // TXT bytes: length first, then "id=…"
    expect(lostTieBreak(claim, { authorities: [srv(7497), txt("aaaa")] })).toBeNull();
    expect(lostTieBreak(claim, { authorities: [a("10.0.0.9")] })).toBe("host");
  });
});
