import { randomBytes, timingSafeEqual } from "node:crypto";
import type { RenderedFile } from "./label-renderer.ts";

/** How long a rendered file waits for its download. */
export const DOWNLOAD_TTL_MS = 5 * 60_000;
/** Files kept waiting at once; the oldest goes first. */
const MAX_WAITING = 4;

interface Waiting {
  secret: Buffer;
  file: RenderedFile;
  expires: number;
}

/**
 * Rendered files waiting for the browser to fetch them: each under a one-time link `<id>.<secret>` (128 random
 * bits), taken once, gone after DOWNLOAD_TTL_MS. The link is the permission: only a caller allowed to render gets
 * it. The secret is compared in constant time.
 */
export class LabelDownloads {
  private readonly waiting = new Map<string, Waiting>();
  private next = 1;

  constructor(private readonly now: () => number = Date.now) {}

  /** Keeps the file and answers its link token. */
  put(file: RenderedFile): string {
    this.expire();
    while (this.waiting.size >= MAX_WAITING) this.waiting.delete(this.waiting.keys().next().value as string);
    const id = String(this.next++);
    const secret = randomBytes(16);
    this.waiting.set(id, { secret, file, expires: this.now() + DOWNLOAD_TTL_MS });
    return `${id}.${secret.toString("hex")}`;
  }

  /** The file of a token, once; undefined for an unknown, used, expired or wrong one. */
  take(token: string): RenderedFile | undefined {
    this.expire();
    const dot = token.indexOf(".");
    const id = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1), "hex");
    const w = dot > 0 ? this.waiting.get(id) : undefined;
    if (!w || given.length !== w.secret.length || !timingSafeEqual(given, w.secret)) return undefined;
    this.waiting.delete(id);
    return w.file;
  }

  private expire(): void {
    const t = this.now();
    for (const [id, w] of this.waiting) if (w.expires <= t) this.waiting.delete(id);
  }
}
