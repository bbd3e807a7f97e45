import { Hono } from "hono";
import type { PeerInfo } from "../runtime/types.ts";

export type HttpEnv = { Bindings: { peer: PeerInfo } };
export type RouteSet = (app: Hono<HttpEnv>) => void;

/** The HTTP side of the service: `GET /health`, then each route set (JSON-RPC, launch, pairing, web app) in order. */
export function createHttpApp(routes: readonly RouteSet[]): Hono<HttpEnv> {
  const app = new Hono<HttpEnv>();
  app.get("/health", (c) => c.json({ status: "ok" }));
  for (const mount of routes) mount(app);
  app.notFound((c) => c.text("not found\n", 404));
  return app;
}
