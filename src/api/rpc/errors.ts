import { DomainError, type FailureKind } from "../../core/errors.ts";

/**
 * Every error the interface can answer with, and its JSON-RPC code. This is the one place where failures are
 * mapped to the wire: services throw a DomainError whose kind picks the code (the table below), the API's own
 * checks throw `RpcError`; anything else becomes -32603 with the detail kept in the log only.
 */

export const ErrorCode = {
  // JSON-RPC 2.0 standard codes.
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  // Protocol and access codes (-32000 … -32099, "server error" range). -32001/-32002 match the reference.
  UnsupportedEncryption: -32001,
  EncryptionRequired: -32002,
  LocalOnly: -32003,
  RateLimited: -32004,
  PayloadTooLarge: -32005,
  // Application range (1000 … 1999): the method ran and the domain refused or failed.
  NotFound: 1001,
  Busy: 1002,
  Unavailable: 1003,
  Failed: 1004,
  Unsupported: 1005,
  Forbidden: 1006,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;

/** Meaning of each code, as documented for clients (and emitted into the API description). */
export const errorMeanings: Record<number, string> = {
  [ErrorCode.ParseError]: "The frame is not valid JSON.",
  [ErrorCode.InvalidRequest]: "The JSON is not a valid JSON-RPC 2.0 request (e.g. jsonrpc is not \"2.0\").",
  [ErrorCode.MethodNotFound]: "No method with that name exists.",
  [ErrorCode.InvalidParams]: "The params do not match the method's schema; the message lists every problem.",
  [ErrorCode.InternalError]: "An unexpected failure inside the service; details are in the service log.",
  [ErrorCode.UnsupportedEncryption]: "The secure-layer version in the first frame is not supported.",
  [ErrorCode.EncryptionRequired]: "A remote cleartext connection must use the secure layer.",
  [ErrorCode.LocalOnly]: "The method (or the settings named) may only be used from the device itself (settings naming files, devices or programs: or by an admin client).",
  [ErrorCode.RateLimited]: "Too many requests on this connection, or too many wrong PINs for a profile (data.retryAfterMs); slow down.",
  [ErrorCode.PayloadTooLarge]: "The frame or request body is larger than the service accepts.",
  [ErrorCode.NotFound]: "The referenced item (mapping, client, reader, media …) does not exist.",
  [ErrorCode.Busy]: "The operation is already running (e.g. media indexing).",
  [ErrorCode.Unavailable]: "A needed resource is absent (no reader, no tag, no media database).",
  [ErrorCode.Failed]: "The operation was attempted and failed; the message says why.",
  [ErrorCode.Unsupported]: "The operation is not supported on this platform or reader.",
  [ErrorCode.Forbidden]: "Refused: the caller may not do this (admin-only, wrong or missing profile PIN, a playtime limit reached).",
};

/** The code of each kind of domain failure. */
export const FAILURE_CODES: Readonly<Record<FailureKind, number>> = {
  invalid: ErrorCode.InvalidParams,
  "not-found": ErrorCode.NotFound,
  busy: ErrorCode.Busy,
  unavailable: ErrorCode.Unavailable,
  failed: ErrorCode.Failed,
  unsupported: ErrorCode.Unsupported,
  forbidden: ErrorCode.Forbidden,
  "rate-limited": ErrorCode.RateLimited,
};

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = "RpcError";
  }
}

export const invalidParams = (message: string) => new RpcError(ErrorCode.InvalidParams, message);

export interface WireError {
  code: number;
  message: string;
  data?: unknown;
}

/** Maps any thrown value to the error object sent to the client. Unknown errors never leak detail. */
export function toWireError(err: unknown): WireError {
  if (err instanceof RpcError) {
    return err.data === undefined
      ? { code: err.code, message: err.message }
      : { code: err.code, message: err.message, data: err.data };
  }
  if (err instanceof DomainError) {
    const code = FAILURE_CODES[err.kind];
    // -32602 messages say so, as the dispatcher's own validation does
    const message = code === ErrorCode.InvalidParams && !err.message.startsWith("invalid params") ? `invalid params: ${err.message}` : err.message;
    return err.data === undefined ? { code, message } : { code, message, data: err.data };
  }
  return { code: ErrorCode.InternalError, message: "internal error" };
}
