import type { Hono } from "hono";
import type { Config } from "../../config/schema.ts";
import { rfc3339, type TokenSink } from "../../core/token.ts";
import { tokenSizeProblem } from "../../core/token-limits.ts";
import { addressAllowed, isLoopback } from "../../core/net/addresses.ts";
import type { BrowserGuard } from "../browser-guard.ts";
import type { HttpEnv } from "../http-app.ts";

/** The launch endpoint's paths: the spec's `/l/` and the reference's later `/run/` and `/r/`. */
export const LAUNCH_PREFIXES = ["/l/", "/run/", "/r/"] as const;

/**
 * `GET /l/<script>`: the rest of the request target (path and query), URL-decoded once, runs as a scanned
 * token. From the device itself always; from another host only when `service.allow_launch` lists its address
 * (an address, a CIDR block, or `*`). A browser's cross-site or same-site request (Sec-Fetch-Site) and a
 * foreign Origin are refused, so a link or image on another site cannot launch.
 */
export function mountLaunchRoutes(app: Hono<HttpEnv>, deps: { sink: TokenSink; config(): Readonly<Config>; guard: BrowserGuard }): void {
  for (const prefix of LAUNCH_PREFIXES) {
    app.get(`${prefix}*`, (c) => {
      const address = c.env.peer.remoteAddress;
      if (!isLoopback(address) && !addressAllowed(address, deps.config().service.allow_launch)) {
        return c.text("launching from another device is not allowed; add its address to service.allow_launch\n", 403);
      }
      const refusal = deps.guard.refusal(c.req.raw, c.env.peer, "launch");
      if (refusal) return refusal;
      const url = new URL(c.req.url);
      const raw = url.pathname.slice(prefix.length) + url.search;
      let text: string;
      try {
        text = decodeURIComponent(raw);
      } catch {
        return c.text("the launch script is not valid URL encoding\n", 400);
      }
      if (text.trim() === "") return c.text("empty launch script\n", 400);
      const tooLarge = tokenSizeProblem({ uid: "", text, data: "" });
      if (tooLarge) return c.text(`${tooLarge}\n`, 413);
      deps.sink.submit({ type: "http", uid: "", text, data: "", scanTime: rfc3339(), source: "http", remote: !isLoopback(address) });
      return c.text("launching\n", 200);
    });
  }
}
