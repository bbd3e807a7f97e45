import { isLoopback } from "../core/net/addresses.ts";
import { judgeRequest } from "../core/net/browser-rules.ts";
import type { PeerInfo } from "../runtime/types.ts";

/** The WebSocket paths the service accepts (the listen front accepts the same before the service is up). */
export const FRONT_SOCKET_PATHS = new Set(["/", "/api", "/api/v0", "/api/v0.1"]);

/** A loopback, non-browser upgrade whose Host the guard accepts even before the device's names are known. */
export function plainLocal(request: Request, peer: PeerInfo): boolean {
  const h = request.headers;
  if (!isLoopback(peer.remoteAddress) || h.get("origin") !== null || h.get("sec-fetch-site") !== null) return false;
  const facts = { kind: "socket" as const, method: request.method, loopback: true, headers: { origin: null, host: h.get("host"), secFetchSite: null, contentType: h.get("content-type") } };
  return judgeRequest(facts, { port: 0, names: [], addresses: [] }, []).ok;
}

export function starting(): Response {
  return new Response("starting\n", { status: 503, headers: { "content-type": "text/plain; charset=utf-8", "retry-after": "1", connection: "close" } });
}

/** The answer to an early `version` request. */
export function versionAnswer(id: string | number, answer: { version: string; platform: string }): string {
  return JSON.stringify({ jsonrpc: "2.0", id, result: { version: answer.version, platform: answer.platform } });
}

/** The id of a single `version` request without params (the only frame answered early), else undefined. */
export function versionRequestId(text: string): string | number | undefined {
  if (text.length > 256 || !text.includes('"version"')) return undefined;
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof frame !== "object" || frame === null || Array.isArray(frame)) return undefined;
  const f = frame as Record<string, unknown>;
  const keys = Object.keys(f);
  if (f.jsonrpc !== "2.0" || f.method !== "version" || !keys.every((k) => k === "jsonrpc" || k === "method" || k === "id")) return undefined;
  if (typeof f.id === "string" || (typeof f.id === "number" && Number.isFinite(f.id))) return f.id;
  return undefined; // a notification or a null id: left to the service
}
