import { DomainError } from "../../core/errors.ts";
import { type } from "../../core/lazy-arktype.ts";
import { log } from "../../log.ts";
import { ErrorCode, RpcError, toWireError, type WireError } from "./errors.ts";
import { exceedsNesting } from "./json-limits.ts";
import { MAX_FRAME_CHARS } from "../limits/transport.ts";
import type { AnyMethod, CallerContext } from "./method.ts";

export type RequestId = string | number;

export interface SuccessResponse {
  jsonrpc: "2.0";
  id: RequestId;
  result: unknown;
}
export interface ErrorResponse {
  jsonrpc: "2.0";
  id: RequestId | null;
  error: WireError;
}
export type Response = SuccessResponse | ErrorResponse;

export interface DispatchLimits {
  /** Largest frame (in UTF-16 code units, a lower bound on bytes) accepted for parsing. */
  maxFrameChars: number;
  maxNestingDepth: number;
  maxBatchLength: number;
}

export const defaultLimits: DispatchLimits = {
  maxFrameChars: MAX_FRAME_CHARS,
  maxNestingDepth: 32,
  maxBatchLength: 100,
};

/** A protocol error: an error response that answers no particular request. */
export function protocolError(code: number, message: string): ErrorResponse {
  return { jsonrpc: "2.0", id: null, error: { code, message } };
}

type Outcome = { result: unknown } | { error: WireError };
export type MaybePromise<T> = T | Promise<T>;

function isPromise<T>(v: MaybePromise<T> | unknown): v is Promise<T> {
  return typeof (v as { then?: unknown } | null)?.then === "function";
}

/** Applies `fn` now to a plain value, or once a promise settles. */
function then<T, U>(v: MaybePromise<T>, fn: (value: T) => U): MaybePromise<U> {
  return isPromise<T>(v) ? v.then(fn) : fn(v);
}

const isValidId = (id: unknown): id is RequestId =>
  typeof id === "string" || (typeof id === "number" && Number.isFinite(id));

/**
 * The one JSON-RPC 2.0 dispatcher. Transports hand it a frame's text and a caller context; it answers with
 * the response text, or `null` when nothing is to be sent (notifications, all-notification batches).
 * Requests run concurrently: callers must not await one frame before handing over the next.
 */
export class Dispatcher {
  private readonly table = new Map<string, AnyMethod>();
  private inFlight = 0;
  private idleWaiters: Array<() => void> = [];

  /** `onCall`: told of every method call as it starts (the service's activity, see service/idle-memory.ts). */
  constructor(
    methods: readonly AnyMethod[],
    private readonly limits: DispatchLimits = defaultLimits,
    private readonly onCall?: () => void,
  ) {
    for (const m of methods) {
      for (const name of [m.name, ...(m.aliases ?? [])]) {
        if (this.table.has(name)) throw new Error(`duplicate method name ${name}`);
        this.table.set(name, m);
      }
    }
  }

  /** Every name the dispatcher answers to, aliases included. */
  names(): string[] {
    return [...this.table.keys()];
  }

  methods(): AnyMethod[] {
    return [...new Set(this.table.values())];
  }

  async handleText(text: string, caller: CallerContext): Promise<string | null> {
    return this.handleTextNow(text, caller);
  }

  /**
   * As handleText, but answers synchronously when every method the frame calls did: the transport can then
   * send the reply inside its message callback, batched with the other replies of the same read.
   */
  handleTextNow(text: string, caller: CallerContext): MaybePromise<string | null> {
    return then(this.handleFrame(text, caller), (answer) => (answer === null ? null : JSON.stringify(answer)));
  }

  handleFrame(text: string, caller: CallerContext): MaybePromise<Response | Response[] | null> {
    if (text.length > this.limits.maxFrameChars) {
      return protocolError(ErrorCode.PayloadTooLarge, `request too large (limit ${this.limits.maxFrameChars} bytes)`);
    }
    if (exceedsNesting(text, this.limits.maxNestingDepth)) {
      return protocolError(ErrorCode.InvalidRequest, `JSON nested deeper than ${this.limits.maxNestingDepth} levels`);
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return protocolError(ErrorCode.ParseError, "parse error: frame is not valid JSON");
    }
    return this.handleValue(value, caller);
  }

  handleValue(value: unknown, caller: CallerContext): MaybePromise<Response | Response[] | null> {
    if (Array.isArray(value)) {
      if (value.length === 0) return protocolError(ErrorCode.InvalidRequest, "invalid request: empty batch");
      if (value.length > this.limits.maxBatchLength) {
        return protocolError(ErrorCode.InvalidRequest, `invalid request: batch longer than ${this.limits.maxBatchLength}`);
      }
      const answers = value.map((item) => this.handleOne(item, caller));
      const collect = (all: Array<Response | null>) => {
        const present = all.filter((a): a is Response => a !== null);
        return present.length === 0 ? null : present;
      };
      return answers.some(isPromise) ? Promise.all(answers).then(collect) : collect(answers as Array<Response | null>);
    }
    return this.handleOne(value, caller);
  }

  private handleOne(value: unknown, caller: CallerContext): MaybePromise<Response | null> {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      return protocolError(ErrorCode.InvalidRequest, "invalid request: expected a JSON-RPC object");
    }
    const req = value as Record<string, unknown>;
    const hasId = "id" in req && req.id !== null && req.id !== undefined;
    const id = hasId && isValidId(req.id) ? req.id : null;
    if (req.jsonrpc !== "2.0") {
      return { jsonrpc: "2.0", id, error: { code: ErrorCode.InvalidRequest, message: 'invalid request: jsonrpc must be "2.0"' } };
    }
    if (hasId && id === null) {
      return protocolError(ErrorCode.InvalidRequest, "invalid request: id must be a string or a number");
    }
    if (typeof req.method !== "string" || req.method.length === 0) {
      return { jsonrpc: "2.0", id, error: { code: ErrorCode.InvalidRequest, message: "invalid request: method must be a non-empty string" } };
    }
    return then(this.callNow(req.method, req.params, caller), (outcome): Response | null => {
      if (id === null) return null; // notification: never answered
      return "error" in outcome ? { jsonrpc: "2.0", id, error: outcome.error } : { jsonrpc: "2.0", id, result: outcome.result };
    });
  }

  /** Runs one method by name; also the entry point for in-process callers such as the CLI and tests. */
  async call(name: string, params: unknown, caller: CallerContext): Promise<Outcome> {
    return this.callNow(name, params, caller);
  }

  /** Runs one method; synchronous when its handler is. */
  private callNow(name: string, params: unknown, caller: CallerContext): MaybePromise<Outcome> {
    const method = this.table.get(name);
    if (!method) return { error: { code: ErrorCode.MethodNotFound, message: `method not found: ${name}` } };
    this.onCall?.();
    this.inFlight++;
    let pending = false;
    try {
      if (method.localOnly && !caller.local) {
        throw new RpcError(ErrorCode.LocalOnly, `${method.name} is only available from the device itself`);
      }
      let input: unknown = undefined;
      if (method.params !== null) {
        const checked = method.params(params === undefined ? {} : params);
        if (checked instanceof type.errors) {
          throw new RpcError(ErrorCode.InvalidParams, `invalid params: ${checked.summary}`);
        }
        input = checked;
      }
      const result = method.handler(input, caller);
      if (!isPromise(result)) return { result: result === undefined ? null : result };
      pending = true;
      return result.then(
        (r): Outcome => ({ result: r === undefined ? null : r }),
        (err): Outcome => this.failure(name, err),
      ).finally(() => this.settled());
    } catch (err) {
      return this.failure(name, err);
    } finally {
      if (!pending) this.settled();
    }
  }

  private failure(name: string, err: unknown): Outcome {
    if (!(err instanceof RpcError) && !(err instanceof DomainError)) log.withTag("rpc").error(`${name} failed:`, err);
    return { error: toWireError(err) };
  }

  private settled(): void {
    if (--this.inFlight === 0) for (const w of this.idleWaiters.splice(0)) w();
  }

  /** Resolves once no method call is running (used by graceful shutdown). */
  idle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }
}
