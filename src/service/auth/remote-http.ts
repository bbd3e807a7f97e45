import { arch, platform as osName } from "node:os";
import type { ConfigStore } from "../../config/store.ts";
import { DomainError } from "../../core/errors.ts";
import { OutboundError } from "../outbound/errors.ts";
import { outboundRequest } from "../outbound/request.ts";

/**
 * Requests to remote services the device is linked to (auth servers, the backup server), through the guarded
 * outbound client: the device itself and link-local addresses only when `zapscript.allow_http` lists them.
 * Failures name the host only: claim URLs and answers may carry one-time secrets, so neither a URL's path nor a
 * body ever reaches an error or the log.
 */
export interface RemoteCall {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  maxBytes?: number;
  timeoutMs?: number;
}

export interface RemoteAnswer {
  status: number;
  body: Uint8Array;
  headers?: Record<string, string | string[] | undefined>;
}

/** The headers the reference sends to its servers (OS, architecture, platform, device hint). */
export function deviceHeaders(platform: string, deviceId: string): Record<string, string> {
  const os = osName();
  const cpu = arch() === "x64" ? "amd64" : arch() === "ia32" ? "386" : arch();
  return { "Zaparoo-OS": os, "Zaparoo-Arch": cpu, "Zaparoo-Platform": platform, ...(deviceId ? { "Zaparoo-Device-Hint": deviceId } : {}) };
}

export async function remoteCall(config: ConfigStore, call: RemoteCall, signal?: AbortSignal): Promise<RemoteAnswer> {
  const host = URL.canParse(call.url) ? new URL(call.url).host : "the server";
  try {
    const reply = await outboundRequest(
      { method: call.method, url: call.url, headers: call.headers, body: call.body, maxBytes: call.maxBytes ?? 64 * 1024, timeoutMs: call.timeoutMs ?? 10_000, signal },
      { allow: config.current.zapscript.allow_http },
    );
    return { status: reply.status, body: reply.body, headers: reply.headers };
  } catch (err) {
    if (err instanceof OutboundError) {
      const why = err.failure === "refused" ? "the address is not allowed (zapscript.allow_http)" : err.failure;
      throw new DomainError("failed", `cannot reach ${host}: ${why}`);
    }
    throw err;
  }
}

/** The JSON of an answer, or null when it is not JSON. */
export function jsonOf(answer: RemoteAnswer): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(answer.body));
  } catch {
    return null;
  }
}
