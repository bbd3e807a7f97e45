import { type } from "../../core/lazy-arktype.ts";
import type { Hono } from "hono";
import type { Clock } from "../../core/clock.ts";
import { PairFinishBody, PairStartBody } from "../../core/wire/clients.ts";
import type { PairingService } from "../../service/pairing/pairing-service.ts";
import type { BrowserGuard } from "../browser-guard.ts";
import type { HttpEnv } from "../http-app.ts";
import { readBodyText } from "../limits/body-reader.ts";
import { PerAddressLimiter } from "../limits/per-address-limiter.ts";

/** Pairing bodies are a few hundred bytes; larger ones are refused while reading. */
export const PAIRING_MAX_BODY = 16 * 1024;

export interface PairingRouteDeps {
  pairing: PairingService;
  guard: BrowserGuard;
  /** Deadline for a body, on the service's timers. */
  body: { timeoutMs: number; timers: Pick<Clock, "set" | "clear"> };
  limiter?: PerAddressLimiter;
}

type BodyOutcome = { ok: true; value: unknown } | { ok: false; response: Response };

/** `POST /api/pair/start` and `/api/pair/finish`, wire-compatible with the phone app's pairing. */
export function mountPairingRoutes(app: Hono<HttpEnv>, deps: PairingRouteDeps): void {
  const limiter = deps.limiter ?? new PerAddressLimiter(1000);
  const readJson = async (req: Request): Promise<BodyOutcome> => {
    const read = await readBodyText(req, { maxBytes: PAIRING_MAX_BODY, ...deps.body });
    if (!read.ok) return { ok: false, response: Response.json({ error: read.message }, { status: read.status, headers: { connection: "close" } }) };
    try {
      return { ok: true, value: JSON.parse(read.text) };
    } catch {
      return { ok: true, value: undefined };
    }
  };

  app.post("/api/pair/start", async (c) => {
    const refusal = deps.guard.refusal(c.req.raw, c.env.peer, "pairing");
    if (refusal) return refusal;
    if (!limiter.allow(c.env.peer.remoteAddress)) return c.json({ error: "too many requests; wait a second" }, 429);
    const read = await readJson(c.req.raw);
    if (!read.ok) return read.response;
    const body = PairStartBody(read.value);
    if (body instanceof type.errors) return c.json({ error: `malformed request: ${body.summary}` }, 400);
    const out = deps.pairing.start(new Uint8Array(Buffer.from(body.pake, "base64")), body.name ?? "");
    if ("status" in out) return c.json({ error: out.message }, out.status);
    return c.json({ session: out.session, pake: Buffer.from(out.pake).toString("base64") });
  });

  app.post("/api/pair/finish", async (c) => {
    const refusal = deps.guard.refusal(c.req.raw, c.env.peer, "pairing");
    if (refusal) return refusal;
    if (!limiter.allow(c.env.peer.remoteAddress)) return c.json({ error: "too many requests; wait a second" }, 429);
    const read = await readJson(c.req.raw);
    if (!read.ok) return read.response;
    const body = PairFinishBody(read.value);
    if (body instanceof type.errors) return c.json({ error: `malformed request: ${body.summary}` }, 400);
    const out = deps.pairing.finish(body.session, new Uint8Array(Buffer.from(body.confirm, "base64")));
    if ("status" in out) return c.json({ error: out.message }, out.status);
    return c.json({ authToken: out.authToken, clientId: out.clientId, confirm: Buffer.from(out.confirm).toString("base64") });
  });
}
