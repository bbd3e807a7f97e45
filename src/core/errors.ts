/**
 * Failures the domain reports to whoever called it. Each carries a kind; the API maps kinds to JSON-RPC codes in
 * one table (src/api/rpc/errors.ts), the CLI and the log show the message. Anything thrown that is not a
 * DomainError is a bug: the API answers -32603 and logs it.
 */
export type FailureKind =
  /** The request names something malformed or out of range (bad pattern, unknown system id). */
  | "invalid"
  /** The referenced item (mapping, client, reader, media …) does not exist. */
  | "not-found"
  /** The operation is already running, or too much is queued. */
  | "busy"
  /** A needed resource is absent (no reader, no tag, no media index). */
  | "unavailable"
  /** The operation was attempted and failed. */
  | "failed"
  /** This platform or reader cannot do it at all. */
  | "unsupported"
  /** The caller may not do this (role, PIN, a playtime limit). */
  | "forbidden"
  /** Too many attempts (wrong PINs); `data.retryAfterMs` says when to try again. */
  | "rate-limited";

export class DomainError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    /** Machine-readable detail for clients (e.g. `{reason: "no-tag"}`). */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export const isDomainError = (err: unknown): err is DomainError => err instanceof DomainError;
