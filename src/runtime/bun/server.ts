import type { PeerInfo, RunningServer, ServeOptions, SocketConnection } from "../types.ts";

interface SocketData {
  conn?: BunConnection;
  peer: PeerInfo;
  path: string;
}

class BunConnection implements SocketConnection {
  state: unknown = undefined;
  constructor(
    private readonly ws: Bun.ServerWebSocket<SocketData>,
    readonly peer: PeerInfo,
    readonly path: string,
  ) {}
  get bufferedAmount(): number {
    return this.ws.getBufferedAmount();
  }
  send(text: string) {
    const n = this.ws.send(text);
    if (n > 0) return "sent" as const;
    if (n === -1) return "queued" as const;
    return "dropped" as const;
  }
  close(code?: number, reason?: string): void {
    this.ws.close(code, reason);
  }
}

export async function serveWithBun(options: ServeOptions): Promise<RunningServer> {
  const secure = options.tls !== undefined;
  const server = Bun.serve<SocketData>({
    hostname: options.hostname,
    port: options.port,
    reusePort: false, // a second service on the port is refused (EADDRINUSE), never shares it
    idleTimeout: options.httpIdleTimeoutSeconds,
    maxRequestBodySize: options.maxBodyBytes,
    tls: options.tls
      ? { cert: Bun.file(options.tls.certPath), key: Bun.file(options.tls.keyPath) }
      : undefined,
    fetch(request, srv) {
      const remoteAddress = srv.requestIP(request)?.address ?? "";
      const peer: PeerInfo = { remoteAddress, secure };
      const upgrade = request.headers.get("upgrade");
      if (upgrade !== null && upgrade.toLowerCase() === "websocket") {
        const path = new URL(request.url).pathname;
        if (options.isSocketPath(path)) {
          const refusal = options.acceptSocket?.(request, peer);
          if (refusal) return refusal;
          if (srv.upgrade(request, { data: { peer, path } })) return undefined;
          return new Response("WebSocket upgrade failed", { status: 400 });
        }
      }
      const answer = options.fetch(request, peer);
      // An event stream is quiet between events: exempt it from the idle timeout (it sends its own keepalives).
      const exemptStream = (response: Response) => {
        if (response.headers.get("content-type")?.startsWith("text/event-stream")) srv.timeout(request, 0);
        return response;
      };
      return answer instanceof Promise ? answer.then(exemptStream) : exemptStream(answer);
    },
    websocket: {
      maxPayloadLength: options.maxFrameBytes,
      backpressureLimit: options.backpressureLimitBytes,
      closeOnBackpressureLimit: false,
      idleTimeout: options.idleTimeoutSeconds,
      sendPings: true,
      perMessageDeflate: false,
      open(ws) {
        const conn = new BunConnection(ws, ws.data.peer, ws.data.path);
        ws.data.conn = conn;
        options.socket.open(conn);
      },
      message(ws, message) {
        const conn = ws.data.conn;
        if (conn) options.socket.message(conn, typeof message === "string" ? message : new Uint8Array(message));
      },
      close(ws, code, reason) {
        const conn = ws.data.conn;
        if (conn) options.socket.close(conn, code, reason);
      },
      drain(ws) {
        const conn = ws.data.conn;
        if (conn) options.socket.drain?.(conn);
      },
    },
  });
  return {
    port: server.port ?? options.port,
    hostname: options.hostname,
    async stop(closeActive: boolean) {
      await server.stop(closeActive);
    },
  };
}
