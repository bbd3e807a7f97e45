import { type Clock, systemClock } from "../core/clock.ts";
import { log } from "../log.ts";
import type { SocketConnection, SocketHandlers } from "../runtime/types.ts";
import { isLoopback } from "../core/net/addresses.ts";
import { requestCount } from "./limits/batch-items.ts";
import type { ConnectionLimits } from "./limits/connection-limits.ts";
import { type SessionCaps, SessionSlots } from "./limits/session-slots.ts";
import { TokenBucket } from "./limits/token-bucket.ts";
import type { NotificationFrames } from "./notifications.ts";
import { defaultLimits, type Dispatcher, protocolError } from "./rpc/dispatcher.ts";
import { ErrorCode } from "./rpc/errors.ts";
import { requestIdOf } from "./rpc/request-id.ts";
import type { CallerContext } from "./rpc/method.ts";
import type { SessionCodec } from "./session-codec.ts";

const logger = log.withTag("ws");

interface Session {
  conn: SocketConnection;
  caller: CallerContext;
  codec: SessionCodec;
  unsubscribe: () => void;
  closed: boolean;
  limits: ConnectionLimits | null;
  bucket: TokenBucket | null;
  inFlight: number;
  handshakeTimer: unknown;
}

export interface SessionOptions {
  dispatcher: Dispatcher;
  frames: NotificationFrames;
  /** Chooses the frame codec for a new connection (plaintext or the secure layer). */
  codecFor(caller: CallerContext): SessionCodec;
  /** A client whose unsent bytes exceed this is dropped instead of slowing the others. */
  maxBufferedBytes: number;
  /** Request rate and in-flight cap for a new connection; null or absent = unlimited. */
  limitsFor?(caller: CallerContext): ConnectionLimits | null;
  /** A registered client's role, looked up once its secure session is established. */
  clientRole?(clientId: string): CallerContext["role"];
  /** Open connections accepted at once, per remote address, and kept for loopback; absent = unlimited. */
  caps?: SessionCaps;
  /** Timers for the pre-auth (handshake) window; the app's clock (tests: a manual one). */
  timers?: Pick<Clock, "set" | "clear">;
}

/**
 * Binds WebSocket connections to the dispatcher and the notification bus. Each frame is dispatched without
 * waiting for earlier ones, so a slow method never blocks the requests pipelined behind it.
 */
export class WebSocketSessions {
  private readonly sessions = new Set<Session>();
  private readonly slots: SessionSlots | null;
  private readonly timers: Pick<Clock, "set" | "clear">;

  constructor(private readonly opts: SessionOptions) {
    this.slots = opts.caps ? new SessionSlots(opts.caps) : null;
    this.timers = opts.timers ?? systemClock;
  }

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
    const refused = this.slots?.take(conn.peer.remoteAddress, caller.local) ?? null;
    if (refused !== null) {
      const why = refused === "address" ? "too many open connections from this address" : "too many open connections";
      logger.warn(`refusing a connection from ${conn.peer.remoteAddress}: ${why} (${this.sessions.size} open)`);
      conn.send(JSON.stringify(protocolError(ErrorCode.RateLimited, `${why}; retry later`)));
      conn.close(1013, "too many connections");
      return;
    }
    const limits = this.opts.limitsFor?.(caller) ?? null;
    const session: Session = {
      conn,
      caller,
      codec: this.opts.codecFor(caller),
      unsubscribe: () => {},
      closed: false,
      limits,
      bucket: limits?.ratePerSecond ? new TokenBucket(limits.ratePerSecond, limits.burst) : null,
      inFlight: 0,
      handshakeTimer: null,
    };
    const timeoutMs = session.codec.handshakeTimeoutMs;
    if (timeoutMs !== undefined) {
      session.handshakeTimer = this.timers.set(() => {
        session.handshakeTimer = null;
        if (session.closed || session.codec.established) return;
        if (session.codec.timeoutReply !== undefined) conn.send(session.codec.timeoutReply);
        session.closed = true;
        conn.close(1008, "handshake timeout");
      }, timeoutMs);
    }
    session.unsubscribe = this.opts.frames.subscribe((frame) => this.send(session, frame));
    conn.state = session;
    this.sessions.add(session);
    logger.debug(`connection from ${conn.peer.remoteAddress} on ${conn.path} (${caller.local ? "local" : "remote"})`);
  }

  private close(conn: SocketConnection): void {
    const session = conn.state as Session | undefined;
    if (!session) return;
    session.closed = true;
    session.unsubscribe();
    if (session.handshakeTimer !== null) this.timers.clear(session.handshakeTimer);
    if (this.sessions.delete(session)) this.slots?.release(conn.peer.remoteAddress, session.caller.local);
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
    let sealed: string | null;
    try {
      sealed = session.codec.seal(text);
    } catch (err) {
      logger.error("could not seal an outgoing frame:", err);
      session.conn.close(1011, "internal error");
      return;
    }
    if (sealed !== null) session.conn.send(sealed);
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
      session.caller = { ...session.caller, clientId: outcome.clientId, role: this.opts.clientRole?.(outcome.clientId) };
    }
    // A batch counts as many requests as it carries, against both the rate and the in-flight cap.
    const count = session.limits ? requestCount(outcome.text) : 1;
    if (session.bucket && !session.bucket.take(count)) {
      this.refuse(session, outcome.text, "rate limit exceeded on this connection; slow down");
      return;
    }
    if (outcome.text === "ping") {
      this.send(session, "pong");
      return;
    }
    if (session.limits && session.inFlight + count > session.limits.maxInFlight) {
      this.refuse(session, outcome.text, `too many requests in flight on this connection (limit ${session.limits.maxInFlight})`);
      return;
    }
    const caller = session.caller;
    let answer: string | null | Promise<string | null>;
    try {
      answer = this.opts.dispatcher.handleTextNow(outcome.text, caller);
    } catch (err) {
      logger.error("dispatch failed:", err);
      return;
    }
    if (typeof answer === "string") {
      this.send(session, answer); // answered at once: sent within this read, batched with its neighbours
      return;
    }
    if (answer === null) return;
    session.inFlight += count;
    answer.then(
      (reply) => {
        session.inFlight -= count;
        if (reply !== null) this.send(session, reply);
      },
      (err) => {
        session.inFlight -= count;
        logger.error("dispatch failed:", err);
      },
    );
  }

  /** Answers -32004 to a request refused by a per-connection limit (with its id when one can be read). */
  private refuse(session: Session, text: string, message: string): void {
    const id = requestIdOf(text, defaultLimits.maxNestingDepth);
    this.send(session, JSON.stringify({ jsonrpc: "2.0", id, error: { code: ErrorCode.RateLimited, message } }));
  }
}
