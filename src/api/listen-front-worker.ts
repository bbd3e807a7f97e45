/**
 * The listen front's thread (issue 26): runs in a Worker (runtime startThread), so its event loop answers while
 * the main thread is busy loading the service's modules. It binds the service's port (SO_REUSEPORT, so the
 * service can bind beside it), answers a parameterless `version` from a plain local client itself, refuses
 * other upgrades with 503 as listen-front.ts describes, and relays everything else to the main thread: each
 * connection's opening, frames, closing and drains, and HTTP requests whole. The main thread queues them until
 * the service is up. Once the service listens on the same port it says `stop-listening`: from then on new
 * connections reach the service directly, and this thread only carries the ones it accepted, every frame
 * relayed (version too, so the service sees them in order), until they close.
 */
import { serveWithBun } from "../runtime/bun/server.ts";
import { listenOn } from "./listen-address.ts";
import type { PeerInfo, RunningServer, SocketConnection } from "../runtime/types.ts";
import { transportOptions } from "./limits/transport.ts";
import type { FromFront, ToFront } from "./listen-front-messages.ts";
import { FRONT_SOCKET_PATHS, plainLocal, starting, versionAnswer, versionRequestId } from "./listen-front-rules.ts";

interface Scope {
  postMessage(message: FromFront): void;
  onmessage: ((e: { data: ToFront }) => void) | null;
}
const scope = globalThis as unknown as Scope;
const post = (m: FromFront) => scope.postMessage(m);

let server: RunningServer | null = null;
let relayAll = false;
let answer = { version: "", platform: "" };
let nextId = 1;
const conns = new Map<number, SocketConnection>();
const ids = new WeakMap<SocketConnection, number>();
const requests = new Map<number, (r: Response) => void>();

/** Once the service listens itself and nothing is left here, the thread asks to be ended (its memory back). */
function endWhenIdle(): void {
  const idle = () => relayAll && conns.size === 0 && requests.size === 0;
  if (!idle()) return;
  // a moment later, so an upgrade the listener took just before it closed opens before the thread is judged idle
  setTimeout(() => {
    if (idle()) post({ t: "idle" });
  }, 1000);
}

async function start(m: Extract<ToFront, { t: "start" }>): Promise<void> {
  answer = m.answer;
  const serveOn = (hostname: string) =>
    serveWithBun({ hostname, port: m.port, tls: m.tls, reusePort: "claim", ...transportOptions(), ...handlers() });
  try {
    server = await listenOn(m.host, serveOn);
    post({ t: "listening", port: server.port, hostname: server.hostname });
  } catch {
    post({ t: "failed" });
  }
}

function handlers() {
  return {
    isSocketPath: (path: string) => FRONT_SOCKET_PATHS.has(path),
    acceptSocket: (request: Request, peer: PeerInfo) => (plainLocal(request, peer) ? undefined : starting()),
    fetch: async (request: Request, peer: PeerInfo): Promise<Response> => {
      const id = nextId++;
      const body = request.method === "GET" || request.method === "HEAD" ? null : await request.arrayBuffer();
      const response = new Promise<Response>((resolve) => requests.set(id, resolve));
      post({ t: "request", id, peer: { ...peer }, method: request.method, url: request.url, headers: [...request.headers], body });
      // Not kept alive: this thread ends once the service listens, and a client that sent its next request on
      // this connection would see it reset. Its next connection reaches the service.
      const answered = await response;
      answered.headers.set("connection", "close");
      return answered;
    },
    socket: {
      open: (conn: SocketConnection) => {
        const id = nextId++;
        conns.set(id, conn);
        ids.set(conn, id);
        post({ t: "open", id, peer: { ...conn.peer }, path: conn.path });
      },
      message: (conn: SocketConnection, data: string | Uint8Array) => {
        const id = ids.get(conn)!;
        const early = !relayAll && typeof data === "string" ? versionRequestId(data) : undefined;
        if (early === undefined) post({ t: "message", id, data });
        else conn.send(versionAnswer(early, answer));
      },
      close: (conn: SocketConnection, code: number, reason: string) => {
        const id = ids.get(conn)!;
        conns.delete(id);
        post({ t: "closed", id, code, reason });
        endWhenIdle();
      },
      drain: (conn: SocketConnection) => post({ t: "drain", id: ids.get(conn)! }),
    },
  };
}

scope.onmessage = (e) => {
  const m = e.data;
  switch (m.t) {
    case "start":
      void start(m);
      break;
    case "send":
      conns.get(m.id)?.send(m.text);
      break;
    case "close":
      conns.get(m.id)?.close(m.code, m.reason);
      break;
    case "response":
      requests.get(m.id)?.(new Response(m.body, { status: m.status, headers: m.headers }));
      requests.delete(m.id);
      endWhenIdle();
      break;
    case "stop-listening":
      relayAll = true;
      void server?.stop(false); // closes the listening socket at once; what it accepted stays open
      post({ t: "stopped" });
      endWhenIdle();
      break;
    case "end":
      for (const conn of conns.values()) conn.close(m.code, m.reason);
      for (const resolve of requests.values()) resolve(starting());
      requests.clear();
      void Promise.resolve(server?.stop(true)).finally(() => post({ t: "ended" }));
      break;
  }
};
