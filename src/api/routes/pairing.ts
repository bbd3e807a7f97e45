import { type } from "arktype";
import type { Hono } from "hono";
import { PairFinishBody, PairStartBody } from "../../core/wire/clients.ts";
import type { PairingService } from "../../service/pairing/pairing-service.ts";
import type { HttpEnv } from "../http-app.ts";
import { PerAddressLimiter } from "../limits/per-address-limiter.ts";

const MAX_BODY = 16 * 1024;

/** `POST /api/pair/start` and `/api/pair/finish`, wire-compatible with the phone app's pairing. */
export function mountPairingRoutes(app: Hono<HttpEnv>, pairing: PairingService, limiter = new PerAddressLimiter(1000)): void {
  const readJson = async (req: Request): Promise<unknown> => {
    const text = await req.text();
    if (text.length > MAX_BODY) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  };

  app.post("/api/pair/start", async (c) => {
    if (!limiter.allow(c.env.peer.remoteAddress)) return c.json({ error: "too many requests; wait a second" }, 429);
    const body = PairStartBody(await readJson(c.req.raw));
    if (body instanceof type.errors) return c.json({ error: `malformed request: ${body.summary}` }, 400);
    const out = pairing.start(new Uint8Array(Buffer.from(body.pake, "base64")), body.name ?? "");
    if ("status" in out) return c.json({ error: out.message }, out.status);
    return c.json({ session: out.session, pake: Buffer.from(out.pake).toString("base64") });
  });

  app.post("/api/pair/finish", async (c) => {
    if (!limiter.allow(c.env.peer.remoteAddress)) return c.json({ error: "too many requests; wait a second" }, 429);
    const body = PairFinishBody(await readJson(c.req.raw));
    if (body instanceof type.errors) return c.json({ error: `malformed request: ${body.summary}` }, 400);
    const out = pairing.finish(body.session, new Uint8Array(Buffer.from(body.confirm, "base64")));
    if ("status" in out) return c.json({ error: out.message }, out.status);
    return c.json({ authToken: out.authToken, clientId: out.clientId, confirm: Buffer.from(out.confirm).toString("base64") });
  });
}
