import { log } from "../log.ts";
import type { SocketConnection, SocketHandlers } from "../runtime/types.ts";
import { isLoopback } from "./access.ts";
import type { NotificationBus } from "./notifications.ts";
import type { Dispatcher } from "./rpc/dispatcher.ts";
import type { CallerContext } from "./rpc/method.ts";
import type { SessionCodec } from "./session-codec.ts";

const logger = log.withTag("ws");

interface Session {
  conn: SocketConnection;
  caller: CallerContext;
  codec: SessionCodec;
  unsubscribe: () => void;
  closed: boolean;
}

export interface SessionOptions {
  dispatcher: Dispatcher;
  bus: NotificationBus;
  /** Chooses the frame codec for a new connection (plaintext or the secure layer). */
  codecFor(caller: CallerContext): SessionCodec;
  /** A client whose unsent bytes exceed this is dropped instead of slowing the others. */
  maxBufferedBytes: number;
}

/**
 * Binds WebSocket connections to the dispatcher and the notification bus. Each frame is dispatched without
 * waiting for earlier ones, so a slow method never blocks the requests pipelined behind it.
 */
export class WebSocketSessions {
  private readonly sessions = new Set<Session>();

  constructor(private readonly opts: SessionOptions) {}

  get count(): number {
    return this.sessions.size;
  }

  /** Closes every session whose caller matches (e.g. when a client is deleted). */
  closeWhere(predicate: (caller: CallerContext) => boolean, code = 1008, reason = "session ended"): number {
    let n = 0;
    for (const s of this.sessions) {
      if (predicate(s.caller)) {
        s.conn.close(code, reason);
        n++;
      }
    }
    return n;
  }

  closeAll(code = 1001, reason = "service stopping"): void {
    for (const s of this.sessions) s.conn.close(code, reason);
  }

  handlers(): SocketHandlers {
    return {
      open: (conn) => this.open(conn),
      message: (conn, data) => this.message(conn, data),
      close: (conn) => this.close(conn),
    };
  }

  private open(conn: SocketConnection): void {
    const caller: CallerContext = {
      peer: conn.peer,
      local: isLoopback(conn.peer.remoteAddress),
      transport: "ws",
    };
    const session: Session = { conn, caller, codec: this.opts.codecFor(caller), unsubscribe: () => {}, closed: false };
    session.unsubscribe = this.opts.bus.subscribe((frame) => this.send(session, frame));
    conn.state = session;
    this.sessions.add(session);
    logger.debug(`connection from ${conn.peer.remoteAddress} on ${conn.path} (${caller.local ? "local" : "remote"})`);
  }

  private close(conn: SocketConnection): void {
    const session = conn.state as Session | undefined;
    if (!session) return;
    session.closed = true;
    session.unsubscribe();
    this.sessions.delete(session);
  }

  private send(session: Session, text: string): void {
    if (session.closed) return;
    if (session.conn.bufferedAmount > this.opts.maxBufferedBytes) {
      logger.warn(`dropping stalled client ${session.conn.peer.remoteAddress} (${session.conn.bufferedAmount} bytes unsent)`);
      session.closed = true;
      session.unsubscribe();
      session.conn.close(1008, "client too slow");
      return;
    }
    let sealed: string;
    try {
      sealed = session.codec.seal(text);
    } catch (err) {
      logger.error("could not seal an outgoing frame:", err);
      session.conn.close(1011, "internal error");
      return;
    }
    session.conn.send(sealed);
  }

  private message(conn: SocketConnection, data: string | Uint8Array): void {
    const session = conn.state as Session | undefined;
    if (!session || session.closed) return;
    const frame = typeof data === "string" ? data : new TextDecoder("utf-8", { fatal: false }).decode(data);
    const outcome = session.codec.open(frame);
    if (outcome.kind === "reject") {
      if (outcome.reply !== undefined) conn.send(outcome.reply);
      if (outcome.close) {
        session.closed = true;
        conn.close(outcome.close.code, outcome.close.reason);
      }
      return;
    }
    if (outcome.clientId !== undefined && session.caller.clientId !== outcome.clientId) {
      session.caller = { ...session.caller, clientId: outcome.clientId };
    }
    if (outcome.text === "ping") {
      this.send(session, "pong");
      return;
    }
    const caller = session.caller;
    this.opts.dispatcher.handleText(outcome.text, caller).then(
      (reply) => {
        if (reply !== null) this.send(session, reply);
      },
      (err) => logger.error("dispatch failed:", err),
    );
  }
}
