import type { RunningServer, Runtime, ServeOptions, SocketConnection, TlsFiles } from "../runtime/types.ts";
import { transportOptions } from "./limits/transport.ts";
import { listenOn } from "./listen-address.ts";
import { FrontThread } from "./listen-front-thread.ts";
import { FRONT_SOCKET_PATHS, plainLocal, starting, versionAnswer, versionRequestId } from "./listen-front-rules.ts";

export { versionRequestId } from "./listen-front-rules.ts";

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

/**
 * Listen first (issue 26): the socket is bound before the service (and the schema library) is loaded, so the
 * first answer does not wait for them. Until the service hands in its own handlers, the only thing answered
 * is a parameterless `version` request on a plaintext connection from the device itself: a loopback peer with
 * no browser header and a Host the browser guard accepts with no device name known (localhost or a loopback
 * address), so the service's guard would let it in too. That answer needs nothing the service builds. Every
 * other frame on such a connection waits and is handed to the service, in order, once it is up, where its own
 * checks (limits, parameter validation) run on it as on any frame. Other WebSocket upgrades (remote peers use
 * the secure layer; browsers meet the origin guard) get 503 until then, and HTTP requests wait for the service.
 *
 * Where the runtime has threads (Bun), the socket lives in a thread of its own (listen-front-worker.ts), whose
 * event loop answers `version` while this thread is busy loading modules, and relays everything else here.
 * At the hand-over the service binds the same port beside it (SO_REUSEPORT) and the thread stops listening,
 * carrying on only the connections it accepted. Without threads (Node), the socket is served on this thread.
 */
export class ListenFront {
  private real: ServeOptions | null = null;
  private gone = false;
  private readonly pending = new Set<Pending>();
  private readonly byConn = new Map<SocketConnection, Pending>();
  private readonly waiting: Array<() => void> = [];
  private server: RunningServer | null = null;
  private thread: FrontThread | null = null;
  private runtime: Runtime | null = null;

  constructor(
    readonly place: FrontPlace,
    private readonly answer: { version: string; platform: string },
  ) {}

  /** Binds the socket; undefined when it cannot (the service then listens itself, reporting the error). */
  async listen(runtime: Runtime): Promise<RunningServer | undefined> {
    this.runtime = runtime;
    const threaded = await FrontThread.start(runtime, this.place, this.answer, this.handlers());
    if (threaded) {
      if (!threaded.bound) return undefined;
      this.thread = threaded.thread;
      const { port, hostname } = threaded.bound;
      this.server = { port, hostname, stop: () => this.thread!.end(1012, "service restarting") };
      return this.server;
    }
    const serveOn = (hostname: string) => runtime.serve({ hostname, port: this.place.port, tls: this.place.tls, ...transportOptions(), ...this.handlers() });
    try {
      this.server = await listenOn(this.place.host, serveOn);
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

  /**
   * The service is up: from now on every request and frame goes to its handlers; queued frames first. With the
   * front in a thread, the service binds its own listener beside it, which serves every later connection.
   */
  async handOver(real: Omit<ServeOptions, "hostname" | "port">): Promise<RunningServer> {
    if (!this.server || this.gone) throw new Error("listen front not listening");
    const place = { hostname: this.server.hostname, port: this.server.port };
    const thread = this.thread;
    let own: RunningServer | null = null;
    if (thread) {
      // the service's listener first, then the thread's stops: a client that connects once anything here has
      // answered (a queued HTTP request, a frame) reaches the service directly, not a relayed connection
      own = await this.runtime!.serve({ ...real, ...place, reusePort: "beside" }).catch(() => null);
      if (own) await thread.stopListening(); // else the thread keeps listening and relays everything
    }
    this.real = { ...real, ...place };
    this.flush(real);
    if (!thread || !own) return this.server;
    const service = own;
    return {
      port: service.port,
      hostname: service.hostname,
      stop: async (closeActive) => {
        await service.stop(closeActive);
        await thread.end(1001, "service stopping");
      },
    };
  }

  private flush(real: Omit<ServeOptions, "hostname" | "port">): void {
    for (const p of this.pending) {
      real.socket.open(p.conn);
      for (const data of p.queued) real.socket.message(p.conn, data);
    }
    this.pending.clear();
    this.byConn.clear();
    for (const wake of this.waiting.splice(0)) wake();
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
      isSocketPath: (path) => (this.real ? this.real.isSocketPath(path) : FRONT_SOCKET_PATHS.has(path)),
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
          else conn.send(versionAnswer(id, this.answer));
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
