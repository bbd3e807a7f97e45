import { readFileSync } from "node:fs";
import { createServer as createHttpServer, type IncomingMessage, type Server } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { Duplex } from "node:stream";
import { getRequestListener } from "@hono/node-server";
import { type WebSocket, WebSocketServer } from "ws";
import type { PeerInfo, RunningServer, SendStatus, ServeOptions, SocketConnection } from "../types.ts";

class NodeConnection implements SocketConnection {
  state: unknown = undefined;
  constructor(
    private readonly ws: WebSocket,
    readonly peer: PeerInfo,
    readonly path: string,
    private readonly limit: number,
  ) {}
  get bufferedAmount(): number {
    return this.ws.bufferedAmount;
  }
  send(text: string): SendStatus {
    if (this.ws.readyState !== this.ws.OPEN) return "dropped";
    this.ws.send(text);
    return this.ws.bufferedAmount > this.limit ? "queued" : "sent";
  }
  close(code?: number, reason?: string): void {
    this.ws.close(code, reason);
  }
}

/** HTTP through Hono's Node adapter, WebSocket through `ws`: the armv7 (MiSTer) carrier of the service. */
export function serveWithNode(options: ServeOptions): Promise<RunningServer> {
  const secure = options.tls !== undefined;
  const peerOf = (incoming: IncomingMessage): PeerInfo => ({ remoteAddress: incoming.socket.remoteAddress ?? "", secure });
  const listener = getRequestListener((request, env) => {
    const incoming = (env as { incoming: IncomingMessage }).incoming;
    // A declared size past the limit is refused unread (chunked bodies are counted by the routes as they read).
    if (Number(incoming.headers["content-length"] ?? 0) > options.maxBodyBytes) {
      return new Response("request body too large\n", { status: 413, headers: { connection: "close" } });
    }
    return options.fetch(request, peerOf(incoming));
  });
  const server: Server = options.tls
    ? createHttpsServer({ cert: readFileSync(options.tls.certPath), key: readFileSync(options.tls.keyPath) }, listener)
    : createHttpServer(listener);
  // Headers and body must arrive within the idle time (idle keep-alive connections keep Node's own 5 s).
  const idleMs = options.httpIdleTimeoutSeconds * 1000;
  server.headersTimeout = idleMs;
  server.requestTimeout = idleMs;
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxFrameBytes, perMessageDeflate: false });

  server.on("upgrade", (incoming: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(incoming.url ?? "/", "http://localhost").pathname;
    if (!options.isSocketPath(path)) {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n");
      return;
    }
    const peer = peerOf(incoming);
    const refusal = options.acceptSocket?.(upgradeRequest(incoming, secure), peer);
    if (refusal) {
      void refuseUpgrade(socket, refusal);
      return;
    }
    wss.handleUpgrade(incoming, socket, head, (ws) => {
      const conn = new NodeConnection(ws, peer, path, options.backpressureLimitBytes);
      let alive = true;
      ws.on("pong", () => (alive = true));
      const ping = setInterval(() => {
        if (!alive) return ws.terminate();
        alive = false;
        ws.ping();
      }, options.idleTimeoutSeconds * 500);
      ws.on("message", (data, isBinary) => {
        const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
        options.socket.message(conn, isBinary ? new Uint8Array(buf) : buf.toString("utf8"));
      });
      ws.on("close", (code, reason) => {
        clearInterval(ping);
        options.socket.close(conn, code, reason.toString("utf8"));
      });
      ws.on("error", () => ws.terminate());
      options.socket.open(conn);
    });
  });

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.hostname, () => {
      server.off("error", reject);
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : options.port;
      resolve({
        port,
        hostname: options.hostname,
        stop(closeActive: boolean) {
          return new Promise<void>((done) => {
            server.close(() => done());
            if (closeActive) {
              for (const ws of wss.clients) ws.terminate();
              server.closeAllConnections();
            } else {
              server.closeIdleConnections();
              // Already-closed servers call back with an error; resolve either way.
              setTimeout(done, 50);
            }
          });
        },
      });
    });
  });
}

/** The upgrade request as a fetch Request (headers only), for `acceptSocket`. */
function upgradeRequest(incoming: IncomingMessage, secure: boolean): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  const url = new URL(incoming.url ?? "/", `${secure ? "https" : "http"}://localhost`);
  return new Request(url, { method: incoming.method ?? "GET", headers });
}

/** Writes a refusal Response on the raw socket of a refused upgrade and closes it. */
async function refuseUpgrade(socket: Duplex, response: Response): Promise<void> {
  const body = Buffer.from(await response.text(), "utf8");
  const type = response.headers.get("content-type") ?? "text/plain; charset=utf-8";
  const reason = response.statusText || (response.status === 403 ? "Forbidden" : "Refused");
  socket.end(`HTTP/1.1 ${response.status} ${reason}\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.toString("utf8")}`);
}
