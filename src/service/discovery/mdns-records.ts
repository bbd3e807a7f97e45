/**
 * Pure RFC 6762 record logic for claiming a name: which received records conflict with ours (§8.1, §9) and
 * who wins a simultaneous probe (§8.2). Records are in the shape multicast-dns (dns-packet) decodes and
 * bonjour-service builds; no I/O here.
 */

/** One resource record as dns-packet decodes it and bonjour-service's `Service.records()` builds it. */
export interface MdnsRecord {
  name: string;
  type: string;
  ttl?: number;
  data?: unknown;
}

/** A decoded mDNS packet (only the sections that matter for conflicts). */
export interface MdnsPacket {
  questions?: Array<{ name: string; type: string }>;
  answers?: MdnsRecord[];
  authorities?: MdnsRecord[];
  additionals?: MdnsRecord[];
}

/** What we claim: the service instance name (SRV, TXT) and the host name (A, AAAA), with our records. */
export interface Claim {
  fqdn: string;
  host: string;
  records: MdnsRecord[];
}

export type ClaimedName = "instance" | "host";

const TYPE_CODES: Record<string, number> = { A: 1, TXT: 16, AAAA: 28, SRV: 33 };

export const sameName = (a: string, b: string): boolean => a.replace(/\.$/, "").toLowerCase() === b.replace(/\.$/, "").toLowerCase();

function encodeName(name: string): Buffer {
  const labels = name.replace(/\.$/, "").toLowerCase().split(".").filter(Boolean);
  return Buffer.concat([...labels.flatMap((l) => [Buffer.from([Buffer.byteLength(l)]), Buffer.from(l)]), Buffer.from([0])]);
}

function ipv6Bytes(addr: string): Buffer {
  const [head = "", tail = ""] = addr.split("%")[0]!.split("::");
  const groups = (s: string) => (s ? s.split(":") : []);
  const h = groups(head);
  const t = addr.includes("::") ? groups(tail) : [];
  const all = [...h, ...Array(Math.max(0, 8 - h.length - t.length)).fill("0"), ...t];
  const out = Buffer.alloc(16);
  all.slice(0, 8).forEach((g, i) => out.writeUInt16BE(Number.parseInt(g, 16) || 0, i * 2));
  return out;
}

/** The record's rdata in wire form (uncompressed, names lower-cased): what §8.2 compares and §9 tests for equality. */
export function rdata(rr: MdnsRecord): Buffer {
  const d = rr.data as never;
  switch (rr.type) {
    case "A":
      return Buffer.from(String(d).split(".").map(Number));
    case "AAAA":
      return ipv6Bytes(String(d));
    case "SRV": {
      const srv = d as { priority?: number; weight?: number; port: number; target: string };
      const head = Buffer.alloc(6);
      head.writeUInt16BE(srv.priority ?? 0, 0);
      head.writeUInt16BE(srv.weight ?? 0, 2);
      head.writeUInt16BE(srv.port, 4);
      return Buffer.concat([head, encodeName(srv.target)]);
    }
    case "TXT": {
      const parts = (Array.isArray(d) ? d : [d]) as Array<Buffer | string>;
      return Buffer.concat(parts.flatMap((p) => [Buffer.from([Buffer.byteLength(p)]), Buffer.from(p)]));
    }
    default:
      return Buffer.from(JSON.stringify(d ?? null));
  }
}

/** Which of our names a record is about (SRV/TXT on the instance, A/AAAA on the host), if any. */
function claimedBy(claim: Claim, rr: MdnsRecord): ClaimedName | null {
  if ((rr.type === "SRV" || rr.type === "TXT") && sameName(rr.name, claim.fqdn)) return "instance";
  if ((rr.type === "A" || rr.type === "AAAA") && sameName(rr.name, claim.host)) return "host";
  return null;
}

/**
 * A record someone else holds on one of our names: same name and type, rdata we do not have, not a goodbye
 * (TTL 0). Our own packets, looped back by multicast, carry exactly our rdata and never count.
 */
export function conflictIn(claim: Claim, packet: MdnsPacket): ClaimedName | null {
  for (const rr of [...(packet.answers ?? []), ...(packet.additionals ?? [])]) {
    const which = claimedBy(claim, rr);
    if (!which || rr.ttl === 0) continue;
    const ours = claim.records.filter((o) => o.type === rr.type && sameName(o.name, rr.name));
    const mine = rdata(rr);
    if (!ours.some((o) => rdata(o).equals(mine))) return which;
  }
  return null;
}

function sorted(records: MdnsRecord[]): Array<{ code: number; bytes: Buffer }> {
  return records
    .map((r) => ({ code: TYPE_CODES[r.type] ?? 0, bytes: rdata(r) }))
    .sort((a, b) => a.code - b.code || Buffer.compare(a.bytes, b.bytes));
}

/** §8.2 lexicographic comparison of two record sets: > 0 when ours is later (we win), < 0 we lose, 0 identical. */
export function compareRecordSets(ours: MdnsRecord[], theirs: MdnsRecord[]): number {
  const a = sorted(ours);
  const b = sorted(theirs);
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const d = a[i]!.code - b[i]!.code || Buffer.compare(a[i]!.bytes, b[i]!.bytes);
    if (d !== 0) return Math.sign(d);
  }
  return Math.sign(a.length - b.length);
}

/**
 * A simultaneous probe (§8.2): another host's query proposing records for one of our names. Returns the name
 * we lose on (theirs is lexicographically later), or null when we win or the probe is our own, looped back.
 */
export function lostTieBreak(claim: Claim, query: MdnsPacket): ClaimedName | null {
  for (const which of ["instance", "host"] as const) {
    const theirs = (query.authorities ?? []).filter((rr) => claimedBy(claim, rr) === which);
    if (theirs.length === 0) continue;
    const ours = claim.records.filter((rr) => claimedBy(claim, rr) === which);
    if (compareRecordSets(ours, theirs) < 0) return which;
  }
  return null;
}
