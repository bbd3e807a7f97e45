import { type } from "../../core/lazy-arktype.ts";
import type { ConfigStore } from "../../config/store.ts";
import { DomainError } from "../../core/errors.ts";
import { remoteUrlProblem } from "../../core/remote/remote-url.ts";
import { log } from "../../log.ts";
import { deviceHeaders, jsonOf, remoteCall } from "../auth/remote-http.ts";
import { goJson } from "./remote-manifest.ts";

/**
 * Requests to the backup server the device is linked to, under `backup.remote.base_url`: the device's bearer and
 * the reference's device headers on each, JSON or raw bytes in, JSON out. Deadlines grow with the bytes sent or
 * expected (60 s plus one second per 128 KiB). The server's error codes become clear messages. A rate-limited
 * answer (429 or `rate_limited`) is waited out on the app's clock and retried, up to 10 attempts: the server's
 * `Retry-After` seconds, kept within 5 s … 2 min, 15 s when it sends none.
 */
const BASE_TIMEOUT_MS = 60_000;
const BYTES_PER_SECOND = 128 * 1024;
/** Answers that carry a whole manifest (commit, snapshot) may be large; others are small. */
export const MANIFEST_ANSWER_LIMIT = 64 * 1024 * 1024;
const SMALL_ANSWER_LIMIT = 1024 * 1024;
const RATE_LIMIT = { attempts: 10, minMs: 5_000, defaultMs: 15_000, maxMs: 120_000 };

/** How long a rate-limited answer asks to wait (its `Retry-After` seconds, bounded), in ms. */
export function retryAfterMs(header: string | string[] | undefined): number {
  const raw = Array.isArray(header) ? header[0] : header;
  const seconds = raw !== undefined && /^\s*\d+\s*$/.test(raw) ? Number(raw) : Number.NaN;
  const ms = Number.isFinite(seconds) ? seconds * 1000 : RATE_LIMIT.defaultMs;
  return Math.min(Math.max(ms, RATE_LIMIT.minMs), RATE_LIMIT.maxMs);
}

class RateLimited extends DomainError {
  constructor(readonly waitMs: number) {
    super("failed", "the backup server is rate limiting this device; try again later");
  }
}

export const transferTimeoutMs = (bytes: number) => BASE_TIMEOUT_MS + Math.floor(Math.max(0, bytes) / BYTES_PER_SECOND) * 1000;

/** The server says a snapshot names objects it no longer has: upload them again and commit once more. */
export class MissingObjects extends DomainError {
  constructor() {
    super("failed", "the backup server is missing objects the snapshot names");
  }
}

const logger = log.withTag("backup");
/** A request path without its hash or id (for messages). */
const route = (path: string) => path.split("/").slice(0, 4).join("/");
const ApiError = type({ error: { "code?": "string", "message?": "string" } });

const CODE_MESSAGES: Record<string, string> = {
  not_available: "remote backup is not available for this account",
  quota_exceeded: "remote backup quota exceeded",
  payload_too_large: "remote backup payload too large",
  backup_too_large: "remote backup has too many files",
  integrity_mismatch: "the backup server found a pack that does not match its hash",
};

export class RemoteClient {
  private readonly base: string;

  constructor(
    private readonly config: ConfigStore,
    private readonly bearer: string,
    private readonly platform: string,
    /** Waits on the app's clock (rate-limited answers). */
    private readonly wait: (ms: number) => Promise<void>,
  ) {
    const base = config.current.backup.remote.base_url;
    const problem = remoteUrlProblem(base, true);
    if (problem) throw new DomainError("invalid", `backup.remote.base_url ${problem}`);
    this.base = base.replace(/\/+$/, "");
  }

  private async send(method: string, path: string, body: Uint8Array | undefined, contentType: string, limit: number, expectBytes = 0): Promise<Uint8Array> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once(method, path, body, contentType, limit, expectBytes);
      } catch (err) {
        if (!(err instanceof RateLimited) || attempt >= RATE_LIMIT.attempts) throw err;
        logger.info(`backup server rate limited ${method} ${route(path)}; retrying in ${err.waitMs / 1000} s`);
        await this.wait(err.waitMs);
      }
    }
  }

  private async once(method: string, path: string, body: Uint8Array | undefined, contentType: string, limit: number, expectBytes: number): Promise<Uint8Array> {
    const answer = await remoteCall(this.config, {
      method,
      url: `${this.base}${path}`,
      headers: {
        authorization: `Bearer ${this.bearer}`,
        ...(contentType ? { "content-type": contentType } : {}),
        ...deviceHeaders(this.platform, this.config.current.service.device_id),
      },
      ...(body ? { body } : {}),
      maxBytes: limit,
      timeoutMs: transferTimeoutMs(Math.max(body?.length ?? 0, expectBytes)),
    });
    if (answer.status >= 200 && answer.status <= 299) return answer.body;
    const parsed = ApiError(jsonOf(answer));
    const code = parsed instanceof type.errors ? undefined : parsed.error.code;
    const message = parsed instanceof type.errors ? undefined : parsed.error.message;
    if (answer.status === 429 || code === "rate_limited") throw new RateLimited(retryAfterMs(answer.headers?.["retry-after"]));
    if (code === "missing_objects") throw new MissingObjects();
    if (code && CODE_MESSAGES[code]) throw new DomainError("failed", CODE_MESSAGES[code]);
    if (answer.status === 401 || answer.status === 403) throw new DomainError("failed", "the backup server refused the device's credentials; link the device again");
    const detail = message ? `: ${message.slice(0, 200)}` : "";
    throw new DomainError("failed", `the backup server answered ${answer.status} to ${method} ${route(path)}${detail}`);
  }

  private async parsed(answer: Promise<Uint8Array>): Promise<unknown> {
    const body = await answer;
    return body.length ? jsonOf({ status: 200, body }) : null;
  }

  /** A JSON request (the body, if any, encoded as the reference's encoder writes it). */
  json(method: string, path: string, body?: unknown, limit = SMALL_ANSWER_LIMIT): Promise<unknown> {
    const bytes = body === undefined ? undefined : new TextEncoder().encode(goJson(body));
    return this.parsed(this.send(method, path, bytes, "application/json", limit));
  }

  /** Raw bytes (a pack). */
  bytes(method: string, path: string, body: Uint8Array): Promise<unknown> {
    return this.parsed(this.send(method, path, body, "application/octet-stream", SMALL_ANSWER_LIMIT));
  }

  /** A download of at most `size` bytes (a pack). */
  download(path: string, size: number): Promise<Uint8Array> {
    return this.send("GET", path, undefined, "", size, size);
  }
}
