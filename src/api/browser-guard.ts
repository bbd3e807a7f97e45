import { isLoopback } from "../core/net/addresses.ts";
import { judgeRequest, type RequestKind, type SelfNames } from "../core/net/browser-rules.ts";
import { log } from "../log.ts";
import type { PeerInfo } from "../runtime/types.ts";

const logger = log.withTag("http");

export interface BrowserGuardDeps {
  /** This device's names, addresses and port (cached briefly; `fresh` reads them again: interfaces change). */
  self(fresh?: boolean): SelfNames;
  /** `service.allowed_origins`. */
  allowedOrigins(): readonly string[];
}

/**
 * Applies the browser rules (src/core/net/browser-rules.ts) to a request: `undefined` lets it through, else
 * the refusal to send (403 or 415, a short plain-text reason, `connection: close`).
 */
export class BrowserGuard {
  constructor(private readonly deps: BrowserGuardDeps) {}

  refusal(request: Request, peer: PeerInfo, kind: RequestKind): Response | undefined {
    const h = request.headers;
    const origin = h.get("origin");
    const site = h.get("sec-fetch-site");
    const loopback = isLoopback(peer.remoteAddress);
    // Fast path: no browser header a rule reads, and nothing that would need the device's names.
    if (origin === null && site === null && !loopback && !(kind === "api" && request.method === "POST")) return undefined;
    const facts = { kind, method: request.method, loopback, headers: { origin, host: h.get("host"), secFetchSite: site, contentType: h.get("content-type") } };
    let verdict = judgeRequest(facts, this.deps.self(), this.deps.allowedOrigins());
    // before refusing, look at the device's addresses again: one that appeared since the last look is its own too
    if (!verdict.ok) verdict = judgeRequest(facts, this.deps.self(true), this.deps.allowedOrigins());
    if (verdict.ok) return undefined;
    logger.debug(`refused ${kind} request from ${peer.remoteAddress} (${verdict.status}): ${verdict.reason}`);
    return new Response(`${verdict.reason}\n`, { status: verdict.status, headers: { "content-type": "text/plain; charset=utf-8", connection: "close" } });
  }
}
