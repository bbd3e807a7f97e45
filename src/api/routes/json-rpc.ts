import type { Hono } from "hono";
import type { Config } from "../../config/schema.ts";
import type { PeerInfo } from "../../runtime/types.ts";
import { addressAllowed, isLoopback } from "../../core/net/addresses.ts";
import type { BrowserGuard } from "../browser-guard.ts";
import type { HttpEnv } from "../http-app.ts";
import { type BodyLimits, readBodyText } from "../limits/body-reader.ts";
import type { NotificationFrames } from "../notifications.ts";
import { type Dispatcher, protocolError } from "../rpc/dispatcher.ts";
import { ErrorCode } from "../rpc/errors.ts";
import type { CallerContext } from "../rpc/method.ts";

export interface JsonRpcRouteDeps {
  dispatcher: Dispatcher;
  frames: NotificationFrames;
  config(): Readonly<Config>;
  guard: BrowserGuard;
  /** Body size (the JSON-RPC frame limit), read deadline and its timers. */
  body: BodyLimits;
}

const SSE_KEEPALIVE_MS = 15_000;

/** JSON-RPC over `POST /api`, notifications as Server-Sent Events at `GET /api/events`. */
export function mountJsonRpc(app: Hono<HttpEnv>, deps: JsonRpcRouteDeps): void {
  const apiAllowed = (peer: PeerInfo) =>
    isLoopback(peer.remoteAddress) || addressAllowed(peer.remoteAddress, deps.config().service.allow_api);

  app.post("/api", async (c) => {
    const peer = c.env.peer;
    if (!apiAllowed(peer)) return c.text("JSON-RPC over HTTP is only available from the device itself\n", 403);
    const refusal = deps.guard.refusal(c.req.raw, peer, "api");
    if (refusal) return refusal;
    const read = await readBodyText(c.req.raw, deps.body);
    if (!read.ok && read.status === 413) {
      return c.json(protocolError(ErrorCode.PayloadTooLarge, read.message), 413, { connection: "close" });
    }
    if (!read.ok) return c.text(`${read.message}\n`, read.status, { connection: "close" });
    const body = read.text;
    const caller: CallerContext = { peer, local: isLoopback(peer.remoteAddress), transport: "http" };
    const reply = await deps.dispatcher.handleText(body, caller);
    if (reply === null) return c.body(null, 204);
    return c.body(reply, 200, { "content-type": "application/json" });
  });

  app.get("/api/events", (c) => {
    if (!apiAllowed(c.env.peer)) return c.text("event stream is only available from the device itself\n", 403);
    const refusal = deps.guard.refusal(c.req.raw, c.env.peer, "events");
    if (refusal) return refusal;
    const encoder = new TextEncoder();
    let cleanup = () => {};
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        const push = (text: string) => {
          try {
            controller.enqueue(encoder.encode(text));
          } catch {
            cleanup();
          }
        };
        push(": connected\n\n");
        const unsubscribe = deps.frames.subscribe((frame, method) => {
          if ((controller.desiredSize ?? 0) < -1024 * 1024) return cleanup(); // stalled reader
          push(`event: ${method}\ndata: ${frame}\n\n`);
        });
        const keepalive = setInterval(() => push(": keepalive\n\n"), SSE_KEEPALIVE_MS);
        cleanup = () => {
          unsubscribe();
          clearInterval(keepalive);
          try {
            controller.close();
          } catch {}
        };
      },
      cancel() {
        cleanup();
      },
    });
    return new Response(stream, {
      headers: { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" },
    });
  });
}
