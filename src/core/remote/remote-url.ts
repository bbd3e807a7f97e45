/**
 * Rules for the URLs of remote services the device links to (claim URLs, the backup server), as the reference
 * has them: http(s) only, no credentials, query or fragment in a base URL, and plain http only to `localhost` or
 * a private / loopback / link-local IP literal (a name could be re-pointed by DNS). Pure.
 */
import { addressAllowed, isIpLiteral, normaliseAddress } from "../net/addresses.ts";

/** Official hosts whose link state `settings.auth.status` reports over https. */
export const OFFICIAL_AUTH_HOSTS = ["api.zaparoo.com", "edge.zaparoo.com", "zpr.au"];

const PRIVATE_BLOCKS = ["127.0.0.0/8", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16", "::1/128", "fc00::/7", "fe80::/10"];

const bare = (url: URL) => url.hostname.replace(/^\[|\]$/g, "").toLowerCase();

export function httpAllowedHost(host: string): boolean {
  if (host === "localhost") return true;
  return isIpLiteral(host) && addressAllowed(normaliseAddress(host), PRIVATE_BLOCKS);
}

/** The problem with a remote URL, or null. `base`: also no credentials, query or fragment. */
export function remoteUrlProblem(text: string, base: boolean): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "not a URL";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "must use https";
  if (url.username !== "" || url.password !== "") return "must not hold credentials";
  if (base && (url.search !== "" || url.hash !== "")) return "must hold only scheme, host, optional port and path";
  if (url.protocol === "http:" && !httpAllowedHost(bare(url))) return "must use https (plain http only to localhost or a private IP literal)";
  return null;
}

/** The key credentials for a URL are stored under: `<scheme>://<host[:port]>`. */
export function authKeyFor(text: string): string {
  const url = new URL(text);
  return `${url.protocol}//${url.host}`.toLowerCase();
}
