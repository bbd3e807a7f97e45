import { randomUUID } from "node:crypto";
import { platformCall, PlatformError } from "../shared/platform-http.ts";

export interface KodiClientOptions {
  /** Kodi's web server, e.g. http://127.0.0.1:8080 (`http://` is added when missing, `/jsonrpc` appended). */
  url: () => string;
  user?: () => string;
  password?: () => string;
  timeoutMs: () => number;
}

/** The URL JSON-RPC requests go to. */
export function kodiEndpoint(url: string): string {
  let u = url.trim() === "" ? "http://127.0.0.1:8080" : url.trim();
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(u)) u = `http://${u}`;
  u = u.replace(/\/+$/, "");
  return u.endsWith("/jsonrpc") ? u : `${u}/jsonrpc`;
}

/** Kodi's JSON-RPC 2.0 over HTTP POST. A JSON-RPC `error` is a failure carrying Kodi's message. */
export class KodiClient {
  constructor(private readonly opts: KodiClientOptions) {}

  async call<T = unknown>(method: string, params?: Record<string, unknown>): Promise<T> {
    const headers: Record<string, string> = {};
    const user = this.opts.user?.() ?? "";
    if (user !== "") headers.Authorization = `Basic ${Buffer.from(`${user}:${this.opts.password?.() ?? ""}`).toString("base64")}`;
    const body = JSON.stringify({ jsonrpc: "2.0", id: randomUUID(), method, ...(params ? { params } : {}) });
    const text = await platformCall({ what: "Kodi", url: kodiEndpoint(this.opts.url()), body, contentType: "application/json", headers, timeoutMs: this.opts.timeoutMs() });
    let reply: { result?: unknown; error?: { code?: number; message?: string } };
    try {
      reply = JSON.parse(text);
    } catch {
      throw new PlatformError(`Kodi sent a reply to ${method} that is not JSON`);
    }
    if (reply && typeof reply === "object" && reply.error) {
      throw new PlatformError(`Kodi refused ${method}: ${reply.error.message ?? "error"}${reply.error.code !== undefined ? ` (${reply.error.code})` : ""}`);
    }
    if (!reply || typeof reply !== "object" || !("result" in reply)) throw new PlatformError(`Kodi sent a reply to ${method} without a result`);
    return reply.result as T;
  }
}
