import { DomainError } from "../../core/errors.ts";

/**
 * One HTTP call to a platform's local interface (Batocera's EmulationStation API, Kodi's JSON-RPC) with a
 * hard time-out. Every failure becomes a `PlatformError` whose message names the interface and the reason
 * (refused, timed out, HTTP status), so it can go to the history entry and the log as is.
 */
export class PlatformError extends DomainError {
  constructor(message: string) {
    super("unavailable", message);
  }
}

export interface PlatformRequest {
  /** Human name of the interface for messages, e.g. "Batocera API". */
  what: string;
  url: string;
  method?: "GET" | "POST";
  body?: string;
  contentType?: string;
  headers?: Record<string, string>;
  timeoutMs: number;
}

/** Longest reply body read; a platform answer is small, anything bigger is refused. */
export const MAX_REPLY_BYTES = 4 * 1024 * 1024;

export async function platformCall(req: PlatformRequest): Promise<string> {
  const headers: Record<string, string> = { ...req.headers };
  if (req.body !== undefined) headers["Content-Type"] = req.contentType ?? "text/plain";
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), req.timeoutMs);
  const where = `${req.what} at ${origin(req.url)}`;
  try {
    const res = await fetch(req.url, { method: req.method ?? (req.body === undefined ? "GET" : "POST"), headers, body: req.body, signal: ctl.signal, redirect: "error" });
    const text = await readCapped(res, where);
    if (!res.ok) throw new PlatformError(`${where} answered HTTP ${res.status}${text.trim() ? `: ${oneLine(text)}` : ""}`);
    return text;
  } catch (err) {
    if (err instanceof PlatformError) throw err;
    if (ctl.signal.aborted) throw new PlatformError(`${where} did not answer within ${formatSeconds(req.timeoutMs)}`);
    throw new PlatformError(`${where} is not reachable: ${reason(err)}`);
  } finally {
    clearTimeout(timer);
  }
}

async function readCapped(res: Response, where: string): Promise<string> {
  const declared = Number(res.headers.get("content-length") ?? "0");
  if (declared > MAX_REPLY_BYTES) throw new PlatformError(`${where} sent a reply larger than ${MAX_REPLY_BYTES} bytes`);
  const buf = await res.arrayBuffer();
  if (buf.byteLength > MAX_REPLY_BYTES) throw new PlatformError(`${where} sent a reply larger than ${MAX_REPLY_BYTES} bytes`);
  return new TextDecoder().decode(buf);
}

function origin(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return url;
  }
}

function reason(err: unknown): string {
  const e = err as { code?: string; message?: string; cause?: { code?: string } };
  const code = e.code ?? e.cause?.code;
  if (code === "ECONNREFUSED" || code === "ConnectionRefused") return "connection refused";
  if (code) return `${code}${e.message && !e.message.includes(code) ? ` (${e.message})` : ""}`;
  return e.message ?? String(err);
}

function oneLine(text: string): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length > 200 ? `${t.slice(0, 197)}...` : t;
}

export function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
