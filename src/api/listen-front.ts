import { isLoopback } from "../core/net/addresses.ts";
import { judgeRequest } from "../core/net/browser-rules.ts";
import type { PeerInfo, RunningServer, Runtime, ServeOptions, SocketConnection, TlsFiles } from "../runtime/types.ts";
import { transportOptions } from "./limits/transport.ts";

/** Where the service is to listen, as read before the service is built (config/start-settings.ts). */
export interface FrontPlace {
  /** The address asked for; undefined = every interface ("::", else "0.0.0.0"), as the service does. */
  host?: string;
  port: number;
  tls?: TlsFiles;
}

interface Pending {
  conn: SocketConnection;
  queued: Array<string | Uint8Array>;
}

const SOCKET_PATHS = new Set(["/", "/api", "/api/v0", "/api/v0.1"]);

/**
 * Listen first (issue 26): the socket is bound before the service (and the schema library) is loaded, so the
 * first answer does not wait for them. Until the service hands in its own handlers, the only thing answered
 * is a parameterless `version` request on a plaintext connection from the device itself: a loopback peer with
 * no browser header and a Host the browser guard accepts with no device name known (localhost or a loopback
 * address), so the service's guard would let it in too. That answer needs nothing the service builds. Every
 * other frame on such a connection waits and is handed to the service, in order, once it is up, where its own
 * checks (limits, parameter validation) run on it as on any frame. Other WebSocket upgrades (remote peers use
 * the secure layer; browsers meet the origin guard) get 503 until then, and HTTP requests wait for the service.
 */
export class ListenFront {
  private real: ServeOptions | null = null;
  private gone = false;
  private readonly pending = new Set<Pending>();
  private readonly byConn = new Map<SocketConnection, Pending>();
  private readonly waiting: Array<() => void> = [];
  private server: RunningServer | null = null;

  constructor(
    readonly place: FrontPlace,
    private readonly answer: { version: string; platform: string },
  ) {}

  /** Binds the socket; undefined when it cannot (the service then listens itself, reporting the error). */
  async listen(runtime: Runtime): Promise<RunningServer | undefined> {
    const serveOn = (hostname: string) => runtime.serve({ hostname, port: this.place.port, tls: this.place.tls, ...transportOptions(), ...this.handlers() });
    try {
      this.server = this.place.host !== undefined ? await serveOn(this.place.host) : await serveOn("::").catch(() => serveOn("0.0.0.0"));
    } catch {
      return undefined;
    }
    return this.server;
  }

  /** True when the service would listen at the same place with the same answer (else it closes this front). */
  fits(place: FrontPlace, platform: string): boolean {
    const p = this.place;
    return (
      this.server !== null && !this.gone && p.host === place.host && p.port === place.port && platform === this.answer.platform &&
      p.tls?.certPath === place.tls?.certPath && p.tls?.keyPath === place.tls?.keyPath
    );
  }

  /** The service is up: from now on every request and frame goes to its handlers; queued frames first. */
  handOver(real: Omit<ServeOptions, "hostname" | "port">): RunningServer {
    if (!this.server || this.gone) throw new Error("listen front not listening");
    this.real = { ...real, hostname: this.server.hostname, port: this.server.port };
    for (const p of this.pending) {
      real.socket.open(p.conn);
      for (const data of p.queued) real.socket.message(p.conn, data);
    }
    this.pending.clear();
    this.byConn.clear();
    for (const wake of this.waiting.splice(0)) wake();
    return this.server;
  }

  /** The service did not come up here: drop what waits and stop listening. */
  async close(): Promise<void> {
    if (this.gone || this.real) return; // once handed over, the server is the service's to stop
    this.gone = true;
    for (const p of this.pending) p.conn.close(1012, "service restarting");
    this.pending.clear();
    this.byConn.clear();
    for (const wake of this.waiting.splice(0)) wake();
    await this.server?.stop(true);
  }

  private handlers(): Pick<ServeOptions, "isSocketPath" | "acceptSocket" | "fetch" | "socket"> {
    return {
      isSocketPath: (path) => (this.real ? this.real.isSocketPath(path) : SOCKET_PATHS.has(path)),
      acceptSocket: (request, peer) => {
        if (this.real) return this.real.acceptSocket?.(request, peer);
        return plainLocal(request, peer) ? undefined : starting();
      },
      fetch: async (request, peer) => {
        if (!this.real && !this.gone) await new Promise<void>((wake) => this.waiting.push(wake));
        return this.real ? this.real.fetch(request, peer) : starting();
      },
      socket: {
        open: (conn) => {
          if (this.real) return this.real.socket.open(conn);
          const p: Pending = { conn, queued: [] }; // acceptSocket let only plain local connections through
          this.pending.add(p);
          this.byConn.set(conn, p);
        },
        message: (conn, data) => {
          const p = this.byConn.get(conn);
          if (!p) return this.real?.socket.message(conn, data);
          const id = typeof data === "string" ? versionRequestId(data) : undefined;
          if (id === undefined) p.queued.push(data);
          else conn.send(JSON.stringify({ jsonrpc: "2.0", id, result: { version: this.answer.version, platform: this.answer.platform } }));
        },
        close: (conn, code, reason) => {
          const p = this.byConn.get(conn);
          if (!p) return this.real?.socket.close(conn, code, reason);
          this.pending.delete(p);
          this.byConn.delete(conn);
        },
        drain: (conn) => {
          if (!this.byConn.has(conn)) this.real?.socket.drain?.(conn);
        },
      },
    };
  }
}

/** A loopback, non-browser upgrade whose Host the guard accepts even before the device's names are known. */
function plainLocal(request: Request, peer: PeerInfo): boolean {
  const h = request.headers;
  if (!isLoopback(peer.remoteAddress) || h.get("origin") !== null || h.get("sec-fetch-site") !== null) return false;
  const facts = { kind: "socket" as const, method: request.method, loopback: true, headers: { origin: null, host: h.get("host"), secFetchSite: null, contentType: h.get("content-type") } };
  return judgeRequest(facts, { port: 0, names: [], addresses: [] }, []).ok;
}

function starting(): Response {
  return new Response("starting\n", { status: 503, headers: { "content-type": "text/plain; charset=utf-8", "retry-after": "1", connection: "close" } });
}

/** The id of a single `version` request without params (the only frame answered early), else undefined. */
export function versionRequestId(text: string): string | number | undefined {
  if (text.length > 256 || !text.includes('"version"')) return undefined;
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof frame !== "object" || frame === null || Array.isArray(frame)) return undefined;
  const f = frame as Record<string, unknown>;
  const keys = Object.keys(f);
  if (f.jsonrpc !== "2.0" || f.method !== "version" || !keys.every((k) => k === "jsonrpc" || k === "method" || k === "id")) return undefined;
  if (typeof f.id === "string" || (typeof f.id === "number" && Number.isFinite(f.id))) return f.id;
  return undefined; // a notification or a null id: left to the service
}
