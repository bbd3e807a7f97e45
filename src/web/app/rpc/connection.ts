import type { ClientSession } from "../../../core/secure/client-session.ts";
import type { Credentials } from "./credentials.ts";
import { friendlyError, OFFLINE, RpcFailure } from "./errors.ts";
import { fromHex } from "./hex.ts";

/**
 * The page's one JSON-RPC client over the service's WebSocket: requests matched by id, notifications fanned
 * out, automatic reconnect every 2 s. On a remote page every frame goes through the secure layer with the
 * paired credentials (a new session, so a new salt, per socket).
 */
export type ConnState =
  | { kind: "connecting" }
  | { kind: "open" }
  | { kind: "offline" }
  /** The device wants the secure layer and this browser has no (valid) credentials. */
  | { kind: "pair"; reason?: string };

interface Pending {
  resolve(v: unknown): void;
  reject(e: RpcFailure): void;
  timer: ReturnType<typeof setTimeout>;
}

const RECONNECT_MS = 2000;

/** The secure layer (AES-GCM, HKDF) loads only on pages that need it: the device itself is anonymous. */
let secureLayer: Promise<typeof import("../../../core/secure/client-session.ts")> | null = null;
const loadSecureLayer = () => (secureLayer ??= import("../../../core/secure/client-session.ts"));
const REQUEST_TIMEOUT_MS = 30_000;

export class Connection {
  state: ConnState = { kind: "connecting" };
  private ws: WebSocket | null = null;
  private session: ClientSession | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly queue: string[] = [];
  private readonly listeners = new Map<string, Set<(params: unknown) => void>>();
  private readonly stateListeners = new Set<(s: ConnState) => void>();
  private retry: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(
    private readonly url: string,
    private readonly secure: boolean,
    private readonly credentials: () => Credentials | null,
  ) {}

  start(): void {
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.ws?.close();
  }

  /** Drops the socket and dials again at once (after pairing or forgetting). */
  restart(): void {
    this.ws?.close();
    this.ws = null;
    if (this.retry) clearTimeout(this.retry);
    this.open();
  }

  /** `timeoutMs`: how long to wait for the answer (longer for calls that wait for the user, such as a tag). */
  call<T = unknown>(method: string, params?: unknown, timeoutMs = REQUEST_TIMEOUT_MS): Promise<T> {
    if (this.state.kind === "offline" || this.state.kind === "pair") {
      return Promise.reject(new RpcFailure(OFFLINE, friendlyError(OFFLINE, "")));
    }
    const id = this.nextId++;
    const text = JSON.stringify(params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params });
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new RpcFailure(OFFLINE, "The device did not answer in time."));
      }, timeoutMs);
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      if (this.state.kind === "open") this.send(text);
      else this.queue.push(text);
    });
  }

  on(method: string, fn: (params: unknown) => void): () => void {
    let set = this.listeners.get(method);
    if (!set) this.listeners.set(method, (set = new Set()));
    set.add(fn);
    return () => set.delete(fn);
  }

  onState(fn: (s: ConnState) => void): () => void {
    this.stateListeners.add(fn);
    return () => this.stateListeners.delete(fn);
  }

  private setState(s: ConnState): void {
    this.state = s;
    for (const fn of this.stateListeners) fn(s);
  }

  private open(): void {
    if (this.stopped) return;
    const creds = this.secure ? this.credentials() : null;
    if (this.secure && !creds) {
      this.failAll();
      this.setState({ kind: "pair" });
      return;
    }
    if (this.state.kind !== "offline") this.setState({ kind: "connecting" });
    if (!creds) {
      this.session = null;
      this.dial();
      return;
    }
    loadSecureLayer().then(
      ({ ClientSession }) => {
        if (this.stopped) return;
        this.session = new ClientSession(creds.clientId, fromHex(creds.key));
        this.dial();
      },
      () => this.dropped(), // the chunk did not arrive: the device went away meanwhile; try again later
    );
  }

  private dial(): void {
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.state = { kind: "open" };
      for (const text of this.queue.splice(0)) this.send(text); // what the screen asked for first goes first
      this.setState({ kind: "open" });
    };
    ws.onmessage = (e) => {
      if (this.ws === ws) this.receive(String(e.data));
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.dropped();
    };
  }

  private dropped(): void {
    this.failAll();
    if (this.state.kind === "pair") return; // stays until the user pairs
    this.setState({ kind: "offline" });
    if (!this.stopped) this.retry = setTimeout(() => this.open(), RECONNECT_MS);
  }

  private send(text: string): void {
    this.ws?.send(this.session ? this.session.frame(text) : text);
  }

  private receive(wire: string): void {
    let text: string | null = wire;
    if (this.session) {
      text = this.session.open(wire);
      if (text === null) {
        this.refused(wire);
        return;
      }
    }
    let msg: { id?: unknown; method?: string; params?: unknown; result?: unknown; error?: { code: number; message: string } };
    try {
      msg = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof msg.method === "string" && (msg.id === undefined || msg.id === null)) {
      for (const fn of this.listeners.get(msg.method) ?? []) fn(msg.params);
      return;
    }
    if (msg.error && msg.error.code === -32002) {
      this.setState({ kind: "pair", reason: "This device needs this browser to be paired first." });
      return;
    }
    const p = typeof msg.id === "number" ? this.pending.get(msg.id) : undefined;
    if (!p) return;
    this.pending.delete(msg.id as number);
    clearTimeout(p.timer);
    if (msg.error) p.reject(new RpcFailure(msg.error.code, friendlyError(msg.error.code, msg.error.message)));
    else p.resolve(msg.result);
  }

  /** A cleartext answer on a secure socket: the device refused the session (unknown client, blocked …). */
  private refused(wire: string): void {
    let code = 0;
    let message = "";
    try {
      const m = JSON.parse(wire) as { error?: { code: number; message: string } };
      code = m.error?.code ?? 0;
      message = m.error?.message ?? "";
    } catch {}
    if (code === -32002) {
      this.setState({ kind: "pair", reason: "This device does not know this browser any more. Pair it again." });
    } else if (code === -32004) {
      this.setState({ kind: "pair", reason: friendlyError(0, message) });
    }
    this.ws?.close();
  }

  private failAll(): void {
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new RpcFailure(OFFLINE, friendlyError(OFFLINE, "")));
      this.pending.delete(id);
    }
    this.queue.length = 0;
  }
}
