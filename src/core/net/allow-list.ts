import { addressAllowed, invalidAllowEntries, isIpLiteral, normaliseAddress } from "./addresses.ts";

/**
 * `zapscript.allow_http`: the exceptions to the outbound address rules. An entry is an exact host name (as in
 * the URL; it allows whatever that name resolves to), an IP address, or a CIDR block. "*" is not an entry:
 * turning the rules off for every host is not something a list should do by accident.
 */
export const ALLOW_HTTP_KEY = "zapscript.allow_http";

/** Dot-separated labels of letters, digits, hyphens (not at either end) and underscores; punycode for IDN. */
const DNS_NAME = /^(?!-)[a-z0-9_-]{1,63}(?<!-)(\.(?!-)[a-z0-9_-]{1,63}(?<!-))*$/;

/** A host name as a URL would carry it (lower case, IDN as punycode, no trailing dot), or null when `text` is not one. */
export function canonicalHostName(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === "" || /[/?#@:\\[\]\s]/.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(`http://${trimmed}/`);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/\.$/, "");
  return DNS_NAME.test(host) && !isIpLiteral(host) ? host : null;
}

/** An address or CIDR entry (an IPv4-mapped address is read as its IPv4 form, as addressAllowed reads it). */
function isAddressEntry(entry: string): boolean {
  const [net = "", ...bits] = entry.trim().split("/");
  return net !== "*" && invalidAllowEntries([[normaliseAddress(net), ...bits].join("/")]).length === 0;
}

/** True when `entry` is a host name, an IP address or a CIDR block. */
export function validAllowEntry(entry: string): boolean {
  return isAddressEntry(entry) || canonicalHostName(entry) !== null;
}

/** True when the host name itself is listed. */
export function hostListed(host: string, entries: readonly string[]): boolean {
  const name = canonicalHostName(host);
  return name !== null && entries.some((e) => !isAddressEntry(e) && canonicalHostName(e) === name);
}

/** True when an address or CIDR entry covers `address` (IPv4-mapped forms match their IPv4 entries). */
export function addressListed(address: string, entries: readonly string[]): boolean {
  return addressAllowed(address, entries.filter(isAddressEntry));
}
