import { isIpLiteral, isLoopback, normaliseAddress } from "./addresses.ts";
import { canonicalHostName } from "./allow-list.ts";

/**
 * Browser rules: what a request's browser headers (Origin, Host, Sec-Fetch-Site, Content-Type) say about who
 * sent it. These headers only ever deny: a request without them (curl, scripts, the phone app's native HTTP)
 * is judged by its peer address alone, as before. Pure; the API applies it to every route and WebSocket upgrade.
 */

/** Who this device is on the network, as the Origin and Host headers may name it. */
export interface SelfNames {
  /** The port the service listens on. */
  port: number;
  /** Host names of this device, any case: the OS host name, `<host>.local`, the advertised mDNS host name. */
  names: readonly string[];
  /** The device's interface addresses (IPv4 or IPv6, no brackets). */
  addresses: readonly string[];
}

/** Origins of the phone app's WebViews (Capacitor on iOS, older Ionic, Android with `androidScheme: "http"`). */
export const APP_ORIGINS = ["capacitor://localhost", "ionic://localhost", "http://localhost", "https://localhost"] as const;

/** What the request is for: the rules differ (a WebSocket, JSON-RPC over HTTP, SSE, pairing, `GET /l/`, a file download). */
export type RequestKind = "socket" | "api" | "events" | "pairing" | "launch" | "download";

export interface BrowserHeaders {
  origin?: string | null;
  host?: string | null;
  secFetchSite?: string | null;
  contentType?: string | null;
}

export type Verdict = { ok: true } | { ok: false; status: 403 | 415; reason: string };

const OK: Verdict = { ok: true };

const lowerTrimmed = (s: string) => s.trim().replace(/\/+$/, "").toLowerCase();

/**
 * `service.allowed_origins` expanded as the reference expands it: a full origin as is (an http/https one
 * without a port also with ours); a bare host name as http and https, with and without our port.
 */
export function expandAllowedOrigins(entries: readonly string[], port: number): string[] {
  const out: string[] = [];
  for (const raw of entries) {
    const entry = lowerTrimmed(raw);
    if (entry === "") continue;
    if (entry.includes("://")) {
      out.push(entry);
      if (/^https?:\/\/(\[[^\]]*\]|[^:/]*)$/.test(entry)) out.push(`${entry}:${port}`);
    } else {
      out.push(`http://${entry}`, `https://${entry}`, `http://${entry}:${port}`, `https://${entry}:${port}`);
    }
  }
  return out;
}

/**
 * One `service.allowed_origins` entry: a bare host name or IP address, or an origin (`scheme://host[:port]`,
 * no path; a trailing slash is tolerated). `*` and anything with a path, query or spaces is a config error.
 */
export function validOriginEntry(entry: string): boolean {
  const e = entry.trim().replace(/\/+$/, "");
  if (!e.includes("://")) return canonicalHostName(e) !== null || isIpLiteral(e.replace(/^\[|\]$/g, ""));
  let url: URL;
  try {
    url = new URL(e);
  } catch {
    return false;
  }
  if (url.protocol === "http:" || url.protocol === "https:") {
    const host = url.hostname.replace(/^\[|\]$/g, "");
    const bare = url.username === "" && url.password === "" && url.pathname === "/" && url.search === "" && url.hash === "" && !e.endsWith("?") && !e.endsWith("#");
    return bare && (canonicalHostName(host) !== null || isIpLiteral(host));
  }
  return /^[a-z][a-z0-9+.-]*:\/\/[a-z0-9.-]+(:\d{1,5})?$/i.test(e);
}

/** A host as a URL or Host header carries it, without brackets or a trailing dot, lower case. */
function bareHost(host: string): string {
  const h = host.toLowerCase().replace(/\.$/, "");
  return h.startsWith("[") && h.endsWith("]") ? h.slice(1, -1) : h;
}

/** True when `host` (no port) names this device: a loopback literal, `localhost`, one of its names or addresses. */
export function isOwnHost(host: string, self: SelfNames): boolean {
  const h = bareHost(host);
  if (h === "") return false;
  if (h === "localhost") return true;
  if (isIpLiteral(h)) {
    if (isLoopback(h)) return true;
    const a = normaliseAddress(h);
    return self.addresses.some((own) => normaliseAddress(own) === a);
  }
  return self.names.some((n) => n.toLowerCase().replace(/\.$/, "") === h);
}

/** The host part of a Host header value (`name:port`, `[v6]:port`, `v4`), or null when it is not one. */
export function hostOfHeader(value: string): string | null {
  const v = value.trim();
  if (v.startsWith("[")) {
    const end = v.indexOf("]");
    if (end < 0 || !/^(:\d{1,5})?$/.test(v.slice(end + 1))) return null;
    return v.slice(0, end + 1);
  }
  const colon = v.indexOf(":");
  if (colon >= 0 && (v.indexOf(":", colon + 1) >= 0 || !/^:\d{1,5}$/.test(v.slice(colon)))) return null;
  return colon < 0 ? v : v.slice(0, colon);
}

/** True when an Origin header names the service itself, the phone app, or an entry of `allowed_origins`. */
export function originAllowed(origin: string, self: SelfNames, allowed: readonly string[]): boolean {
  const o = lowerTrimmed(origin);
  if ((APP_ORIGINS as readonly string[]).includes(o)) return true;
  if (expandAllowedOrigins(allowed, self.port).includes(o)) return true;
  let url: URL;
  try {
    url = new URL(o);
  } catch {
    return false; // "null" (sandboxed frames, file:) and anything unparsable
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (url.origin.toLowerCase() !== o) return false; // a path, user info or query is not an origin
  const port = url.port === "" ? (url.protocol === "https:" ? 443 : 80) : Number(url.port);
  return port === self.port && isOwnHost(url.hostname, self);
}

/** A loopback peer is the device itself only when its Host names the device (no DNS rebinding). */
export function loopbackHostAllowed(host: string | null | undefined, self: SelfNames): boolean {
  if (host === null || host === undefined || host.trim() === "") return true;
  const name = hostOfHeader(host);
  return name !== null && isOwnHost(name, self);
}

/** The media type of a Content-Type value is `application/json` (parameters such as charset allowed). */
export function isJsonContentType(value: string | null | undefined): boolean {
  return (value ?? "").split(";")[0]!.trim().toLowerCase() === "application/json";
}

export interface RequestFacts {
  kind: RequestKind;
  method: string;
  headers: BrowserHeaders;
  /** The peer address is loopback. */
  loopback: boolean;
}

/** The browser rules for one request; the first rule broken is the answer. */
export function judgeRequest(req: RequestFacts, self: SelfNames, allowedOrigins: readonly string[]): Verdict {
  const { origin, host, secFetchSite, contentType } = req.headers;
  if (req.loopback && !loopbackHostAllowed(host, self)) {
    return { ok: false, status: 403, reason: "the Host header does not name this device" };
  }
  if (origin !== null && origin !== undefined && !originAllowed(origin, self, allowedOrigins)) {
    return { ok: false, status: 403, reason: "requests from this web page's origin are not allowed; see service.allowed_origins" };
  }
  if (req.kind === "launch" && secFetchSite !== null && secFetchSite !== undefined) {
    const site = secFetchSite.trim().toLowerCase();
    if (site !== "same-origin" && site !== "none") return { ok: false, status: 403, reason: "launching from another site is not allowed" };
  }
  if (req.kind === "download" && secFetchSite !== null && secFetchSite !== undefined) {
    const site = secFetchSite.trim().toLowerCase();
    if (site !== "same-origin" && site !== "none") return { ok: false, status: 403, reason: "downloads are for this device's own pages" };
  }
  if (req.kind === "api" && req.method === "POST" && !isJsonContentType(contentType)) {
    return { ok: false, status: 415, reason: "POST /api takes Content-Type: application/json" };
  }
  return OK;
}
