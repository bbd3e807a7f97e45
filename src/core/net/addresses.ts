/**
 * IP addresses as text: normal forms, loopback, and allow lists of addresses and CIDR blocks (IPv4 and IPv6).
 * Pure: the API decides locality with it, outbound requests check their targets with it.
 */

/** Strips an IPv4-mapped IPv6 prefix so `::ffff:127.0.0.1` is treated as `127.0.0.1`. */
export function normaliseAddress(address: string): string {
  const lower = address.toLowerCase();
  if (lower.startsWith("::ffff:") && lower.includes(".")) return lower.slice(7);
  const v6 = lower.includes(":") ? ipv6ToBigInt(lower) : null;
  if (v6 !== null && v6 >> 32n === 0xffffn) {
    const v4 = Number(v6 & 0xffffffffn); // IPv4-mapped in hex form, e.g. ::ffff:7f00:1
    return [v4 >>> 24, (v4 >>> 16) & 255, (v4 >>> 8) & 255, v4 & 255].join(".");
  }
  return lower;
}

export function isLoopback(address: string): boolean {
  const a = normaliseAddress(address);
  if (a.includes(":")) return ipv6ToBigInt(a) === 1n;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

function ipv4ToInt(a: string): number | null {
  const parts = a.split(".");
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p)) return null;
    const v = Number(p);
    if (v > 255) return null;
    n = n * 256 + v;
  }
  return n;
}

function ipv6ToBigInt(a: string): bigint | null {
  if (!a.includes(":")) return null;
  const [head, tail] = a.split("::") as [string, string | undefined];
  if (a.split("::").length > 2) return null;
  const h = head === "" ? [] : head.split(":");
  const t = tail === undefined || tail === "" ? [] : tail.split(":");
  const missing = 8 - h.length - t.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  const groups = [...h, ...Array(tail === undefined ? 0 : missing).fill("0"), ...t];
  let n = 0n;
  for (const g of groups) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
    n = (n << 16n) | BigInt(Number.parseInt(g, 16));
  }
  return n;
}

/**
 * An allow-list entry as `net` and its prefix length: undefined without a `/`, null when what follows the `/` is
 * not a decimal number (`10.0.0.1/` once read as /0, i.e. every address; `0x8`, `1e1`, a second `/`).
 */
function splitCidr(entry: string): { net: string; bits: number | undefined | null } {
  const [net, bitsText, ...rest] = entry.split("/") as [string, ...string[]];
  if (bitsText === undefined) return { net, bits: undefined };
  return { net, bits: rest.length === 0 && /^\d+$/.test(bitsText) ? Number(bitsText) : null };
}

/** True when `address` matches an entry: `*`, an exact address, or a CIDR block (IPv4 or IPv6). */
export function addressAllowed(address: string, allowList: readonly string[]): boolean {
  const addr = normaliseAddress(address);
  for (const raw of allowList) {
    const entry = raw.trim().toLowerCase();
    if (entry === "*") return true;
    const { net, bits: prefix } = splitCidr(entry);
    if (prefix === null) continue;
    const v4 = ipv4ToInt(addr);
    const netV4 = ipv4ToInt(normaliseAddress(net));
    if (v4 !== null && netV4 !== null) {
      const bits = prefix ?? 32;
      if (bits > 32) continue;
      const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
      if (((v4 & mask) >>> 0) === ((netV4 & mask) >>> 0)) return true;
      continue;
    }
    const v6 = ipv6ToBigInt(addr);
    const netV6 = ipv6ToBigInt(net);
    if (v6 !== null && netV6 !== null) {
      const bits = prefix ?? 128;
      if (bits > 128) continue;
      const shift = BigInt(128 - bits);
      if (v6 >> shift === netV6 >> shift) return true;
    }
  }
  return false;
}

/** Checks that every entry of an allow list parses, so a typo is refused instead of silently matching nothing. */
export function invalidAllowEntries(allowList: readonly string[]): string[] {
  return allowList.filter((raw) => {
    const entry = raw.trim().toLowerCase();
    if (entry === "*") return false;
    const { net, bits } = splitCidr(entry);
    const isV4 = ipv4ToInt(net) !== null;
    const isV6 = ipv6ToBigInt(net) !== null;
    if (!isV4 && !isV6) return true;
    if (bits === undefined) return false;
    return bits === null || bits > (isV4 ? 32 : 128);
  });
}

/** True when `text` is an IPv4 or IPv6 address literal (no brackets, no zone). */
export function isIpLiteral(text: string): boolean {
  return ipv4ToInt(text) !== null || ipv6ToBigInt(text.toLowerCase()) !== null;
}
