import type { IncomingHttpHeaders } from "node:http";
import { deviceAddresses } from "./address-rules.ts";
import { OutboundError } from "./errors.ts";
import { exchange, type HopLimits, type HopReply } from "./exchange.ts";
import { checkedAddresses, type Resolver, systemResolver } from "./target.ts";

/**
 * An HTTP(S) request on behalf of a launch script or a link: the host is resolved once and every address is
 * checked against the address rules (target.ts) at each hop, redirects are followed by hand (each one checked
 * the same way), and the answer is read with a size cap under one deadline for the whole exchange.
 */
export interface OutboundRequest {
  method: string;
  url: string | URL;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Largest answer body accepted; default 1 MiB. */
  maxBytes?: number;
  /** Deadline for everything (resolving, every hop, reading); default 10 s. */
  timeoutMs?: number;
  /** Aborts the request (the service is stopping). */
  signal?: AbortSignal;
  /** Downloads: the body goes to a sink instead of memory (see HopLimits; download.ts writes it to a file). */
  sinkFor?: HopLimits["sinkFor"];
  /** Longest wait for the next byte; no limit beyond `timeoutMs` when absent. */
  idleMs?: number;
}

export interface OutboundReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Uint8Array;
  /** The URL that gave the answer, after redirects. */
  url: URL;
}

export interface OutboundPolicy {
  /** `zapscript.allow_http` entries. */
  allow: readonly string[];
  /** Defaults to node:dns lookup (every address). */
  resolve?: Resolver;
  /** Defaults to the addresses of this device's interfaces. */
  ownAddresses?: () => readonly string[];
  /** Certificates to trust instead of the system's (tests). */
  ca?: string;
}

export const MAX_REDIRECTS = 5;
export const DEFAULT_MAX_BYTES = 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 10_000;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Credentials that must not follow a redirect to another origin. */
const CREDENTIAL_HEADERS = ["authorization", "cookie", "proxy-authorization"];

/** `context` says where the URL came from when it was not the caller's (a redirect). */
function parseUrl(text: string | URL, context = ""): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundError(`${context}not a URL: ${JSON.stringify(String(text))}`, "bad-url");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new OutboundError(`${context}only http and https URLs are allowed, not ${url.protocol}`, "bad-url");
  return url;
}

interface Step {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: Uint8Array;
}

/** The request a redirect asks for (as fetch does: 303, and 301/302 after a POST, become a GET without a body). */
function redirected(step: Step, status: number, location: string): Step {
  const url = parseUrl(URL.canParse(location, step.url) ? new URL(location, step.url) : location, `redirect from ${step.url.host}: `);
  const headers = Object.fromEntries(Object.entries(step.headers).filter(([k]) => url.origin === step.url.origin || !CREDENTIAL_HEADERS.includes(k.toLowerCase())));
  if (status === 303 ? step.method !== "HEAD" : (status === 301 || status === 302) && step.method === "POST") {
    for (const k of Object.keys(headers)) if (k.toLowerCase().startsWith("content-")) delete headers[k];
    return { url, method: "GET", headers };
  }
  return { ...step, url, headers };
}

async function exchangeAny(step: Step, addresses: string[], limits: HopLimits): Promise<HopReply> {
  for (let i = 0; ; i++) {
    try {
      return await exchange({ ...step, address: addresses[i]! }, limits);
    } catch (err) {
      // Another address of the same (checked) host is tried only when this one could not be connected to at all.
      const code = (err as { code?: string }).code ?? "";
      if (i + 1 >= addresses.length || !["ECONNREFUSED", "EHOSTUNREACH", "ENETUNREACH", "EADDRNOTAVAIL"].includes(code) || limits.signal.aborted) throw err;
    }
  }
}

async function follow(first: Step, policy: OutboundPolicy, limits: HopLimits, fail: (err: unknown, host: string) => OutboundError): Promise<OutboundReply> {
  const rules = { allow: policy.allow, resolve: policy.resolve ?? systemResolver, ownAddresses: policy.ownAddresses ?? deviceAddresses };
  let step = first;
  for (let hop = 0; ; hop++) {
    let reply: HopReply;
    try {
      reply = await exchangeAny(step, await checkedAddresses(step.url, rules, limits.signal), limits);
    } catch (err) {
      throw fail(err, step.url.host);
    }
    const location = reply.headers.location;
    if (!REDIRECTS.has(reply.status) || location === undefined) return { ...reply, url: step.url };
    if (hop >= MAX_REDIRECTS) throw new OutboundError(`more than ${MAX_REDIRECTS} redirects (the last from ${step.url.host})`, "too-many-redirects");
    step = redirected(step, reply.status, location);
  }
}

export async function outboundRequest(req: OutboundRequest, policy: OutboundPolicy): Promise<OutboundReply> {
  const url = parseUrl(req.url);
  const timeoutMs = req.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(req.signal ? [req.signal] : [])]);
  const body = typeof req.body === "string" ? new TextEncoder().encode(req.body) : req.body;
  const limits: HopLimits = {
    maxBytes: req.maxBytes ?? DEFAULT_MAX_BYTES,
    signal,
    ...(policy.ca !== undefined ? { ca: policy.ca } : {}),
    ...(req.sinkFor ? { sinkFor: req.sinkFor } : {}),
    ...(req.idleMs !== undefined ? { idleMs: req.idleMs } : {}),
  };
  const fail = (err: unknown, host: string): OutboundError => {
    if (req.signal?.aborted) return new OutboundError(`request to ${host} cancelled`, "cancelled");
    if (signal.aborted) return new OutboundError(`no complete answer from ${host} within ${timeoutMs / 1000} s`, "timeout");
    if (err instanceof OutboundError) return err;
    return new OutboundError(`request to ${host} failed: ${(err as Error).message}`, "failed");
  };
  return follow({ url, method: req.method.toUpperCase(), headers: { ...req.headers }, ...(body ? { body } : {}) }, policy, limits, fail);
}
