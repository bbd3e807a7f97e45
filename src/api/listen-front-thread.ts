import type { PeerInfo, Runtime, SendStatus, ServeOptions, SocketConnection, ThreadLink } from "../runtime/types.ts";
import type { FromFront, ToFront } from "./listen-front-messages.ts";
import { starting } from "./listen-front-rules.ts";
import type { FrontPlace } from "./listen-front.ts";

type Handlers = Pick<ServeOptions, "fetch" | "socket">;

/** A connection accepted by the front's thread, as the main thread sees it: what it sends goes back there. */
class RelayedConnection implements SocketConnection {
  state: unknown = undefined;
  /** The thread writes; its buffer is not seen from here (the connections it carries are few and early). */
  readonly bufferedAmount = 0;
  constructor(
    private readonly link: ThreadLink,
    private readonly id: number,
    readonly peer: PeerInfo,
    readonly path: string,
  ) {}
  send(text: string): SendStatus {
    this.link.post({ t: "send", id: this.id, text } satisfies ToFront);
    return "sent";
  }
  close(code?: number, reason?: string): void {
    this.link.post({ t: "close", id: this.id, code, reason } satisfies ToFront);
  }
}

/**
 * The main thread's end of the listen front's thread (listen-front-worker.ts): starts it, and turns what it
 * relays into connections and requests for `handlers` (the front's own, which queue until the service is up).
 */
export class FrontThread {
  private readonly conns = new Map<number, RelayedConnection>();
  private ended: (() => void) | null = null;
  private stopped: (() => void) | null = null;
  private terminated = false;

  private constructor(private readonly link: ThreadLink) {}

  /** Starts the thread and binds there; undefined when the runtime has no threads or the thread fails to start. */
  static async start(runtime: Runtime, place: FrontPlace, answer: { version: string; platform: string }, handlers: Handlers): Promise<{ thread: FrontThread; bound: { port: number; hostname: string } | null } | undefined> {
    if (!runtime.startThread) return undefined;
    let link: ThreadLink;
    try {
      link = runtime.startThread({ url: new URL("./listen-front-worker.ts", import.meta.url).href, bundledPath: "./api/listen-front-worker.ts" });
    } catch {
      return undefined;
    }
    const thread = new FrontThread(link);
    const bound = await new Promise<{ port: number; hostname: string } | null | undefined>((resolve) => {
      link.onError(() => resolve(undefined));
      link.onMessage((message) => {
        const m = message as FromFront;
        if (m.t === "listening") resolve({ port: m.port, hostname: m.hostname });
        else if (m.t === "failed") resolve(null);
        else thread.relay(m, handlers);
      });
      link.post({ t: "start", host: place.host, port: place.port, tls: place.tls, answer } satisfies ToFront);
    });
    if (bound === undefined) {
      link.terminate();
      return undefined;
    }
    if (bound === null) link.terminate();
    return { thread, bound };
  }

  /** The service listens beside the thread now: it stops accepting and relays every frame of what it holds. */
  async stopListening(): Promise<void> {
    const done = new Promise<void>((resolve) => {
      this.stopped = resolve;
      setTimeout(resolve, 1000).unref?.(); // a thread that no longer answers is not waited for
    });
    this.link.post({ t: "stop-listening" } satisfies ToFront);
    await done;
  }

  /** Closes every connection the thread holds and ends it. */
  async end(code: number, reason: string): Promise<void> {
    if (this.terminated) return;
    const done = new Promise<void>((resolve) => {
      this.ended = resolve;
      setTimeout(resolve, 1000).unref?.(); // a thread that no longer answers is ended all the same
    });
    this.link.post({ t: "end", code, reason } satisfies ToFront);
    await done;
    this.terminate();
  }

  private terminate(): void {
    this.terminated = true;
    this.link.terminate();
  }

  private relay(m: FromFront, h: Handlers): void {
    switch (m.t) {
      case "open": {
        const conn = new RelayedConnection(this.link, m.id, m.peer, m.path);
        this.conns.set(m.id, conn);
        h.socket.open(conn);
        break;
      }
      case "message": {
        const conn = this.conns.get(m.id);
        if (conn) h.socket.message(conn, m.data);
        break;
      }
      case "closed": {
        const conn = this.conns.get(m.id);
        this.conns.delete(m.id);
        if (conn) h.socket.close(conn, m.code, m.reason);
        break;
      }
      case "drain": {
        const conn = this.conns.get(m.id);
        if (conn) h.socket.drain?.(conn);
        break;
      }
      case "request":
        void this.answer(m, h);
        break;
      case "stopped":
        this.stopped?.();
        break;
      case "idle":
        this.terminate();
        break;
      case "ended":
        this.ended?.();
        break;
    }
  }

  private async answer(m: Extract<FromFront, { t: "request" }>, h: Handlers): Promise<void> {
    let response: Response;
    try {
      response = await h.fetch(new Request(m.url, { method: m.method, headers: m.headers, body: m.body }), m.peer);
      // an event stream never ends: its client is told to retry, and then reaches the service directly
      if (response.headers.get("content-type")?.startsWith("text/event-stream")) {
        await response.body?.cancel();
        response = starting();
      }
    } catch {
      response = new Response("internal error\n", { status: 500 });
    }
    const body = m.method === "HEAD" ? null : await response.arrayBuffer();
    this.link.post({ t: "response", id: m.id, status: response.status, headers: [...response.headers], body } satisfies ToFront);
  }
}
