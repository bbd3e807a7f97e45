import { validAllowEntry } from "../net/allow-list.ts";
import { compileLinear, type LinearRegex } from "../linear-regex.ts";

/**
 * `zapscript.allow_http` holds two kinds of entries. Ours: host names, addresses and CIDR blocks the outbound
 * guard lets http.get/http.post reach although they are the device itself or link-local. The reference's: URL
 * patterns (RE2, matched against the whole URL, e.g. `https://example\.com/.*`); when any is listed, only URLs
 * matching one may be requested at all. A URL pattern never widens the outbound guard; it only narrows.
 */
const PATTERN_HINT = /:\/\/|[\\^$*+?()[\]{}|]/;

/** True for an entry read as a reference URL pattern rather than a host, address or CIDR. */
export const isUrlPattern = (entry: string): boolean => !validAllowEntry(entry) && PATTERN_HINT.test(entry);

/** Why the entry is neither a host/address/CIDR nor a usable URL pattern, or null. */
export function httpAllowProblem(entry: string): string | null {
  if (validAllowEntry(entry)) return null;
  if (!PATTERN_HINT.test(entry)) return "a host name, an IP address, a CIDR block or a URL pattern";
  const c = compileLinear(`^(?:${entry})$`);
  return c.ok ? null : `a URL pattern that compiles (${c.reason})`;
}

/** The entries split by kind, URL patterns compiled (anchored to the whole URL, as the reference does). */
export function splitHttpAllow(entries: readonly string[]): { hosts: string[]; patterns: LinearRegex[] } {
  const hosts: string[] = [];
  const patterns: LinearRegex[] = [];
  for (const e of entries) {
    if (!isUrlPattern(e)) hosts.push(e);
    else {
      const c = compileLinear(`^(?:${e})$`);
      if (c.ok) patterns.push(c.regex);
    }
  }
  return { hosts, patterns };
}
