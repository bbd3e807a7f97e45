import type { Clock } from "../../core/clock.ts";

/** Why a body was not read: too large (413), or not complete in time (408). */
export type BodyRead = { ok: true; text: string } | { ok: false; status: 413 | 408; message: string };

export interface BodyLimits {
  maxBytes: number;
  /** The whole body must arrive within this time after the handler starts reading it. */
  timeoutMs: number;
  timers: Pick<Clock, "set" | "clear">;
}

/**
 * Reads a request body as UTF-8 text, counting bytes as they arrive: a declared or chunked body past
 * `maxBytes` stops the read at the limit (nothing more is buffered), and a body that trickles or stalls is
 * given up after `timeoutMs`. The caller answers with `status` and closes the connection.
 */
export async function readBodyText(request: Request, limits: BodyLimits): Promise<BodyRead> {
  const tooLarge: BodyRead = { ok: false, status: 413, message: `request body too large (limit ${limits.maxBytes} bytes)` };
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limits.maxBytes) return tooLarge;
  const body = request.body;
  if (body === null) return { ok: true, text: "" };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let timer: unknown;
  const expired = new Promise<"timeout">((resolve) => {
    timer = limits.timers.set(() => resolve("timeout"), limits.timeoutMs);
  });
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), expired]);
      if (next === "timeout") {
        void reader.cancel().catch(() => {});
        return { ok: false, status: 408, message: `request body not received within ${Math.round(limits.timeoutMs / 1000)} s` };
      }
      if (next.done) break;
      total += next.value.byteLength;
      if (total > limits.maxBytes) {
        void reader.cancel().catch(() => {});
        return tooLarge;
      }
      chunks.push(next.value);
    }
  } catch {
    return { ok: false, status: 408, message: "request body not received" };
  } finally {
    limits.timers.clear(timer);
  }
  return { ok: true, text: Buffer.concat(chunks).toString("utf8") };
}
