import type { Type } from "../../core/lazy-arktype.ts";
import type { ClientRole } from "../../core/client-role.ts";
import type { PeerInfo } from "../../runtime/types.ts";

/** Who is calling: decided once per connection by the access module, never from headers. */
export interface CallerContext {
  readonly peer: PeerInfo;
  /** True when the peer is the device itself (loopback). */
  readonly local: boolean;
  /** Registered client id when the connection is an encrypted session. */
  readonly clientId?: string;
  /** That client's role, read from the clients table when its session was established. */
  readonly role?: ClientRole;
  /** Transport the call arrived on. */
  readonly transport: "ws" | "http";
}

/**
 * May this caller change what the device opens, runs or lets scripts do (settings naming files, devices or
 * programs)? The device itself, or a registered client with the admin role. Anonymous remote peers (wss
 * without a client, `allow_api` hosts) and non-admin clients may not.
 */
export function callerIsAdmin(caller: CallerContext): boolean {
  return caller.local || (caller.clientId !== undefined && caller.role === "admin");
}

export interface MethodSpec<P> {
  name: string;
  summary: string;
  /**
   * Schema of `params`. `null` means the method takes none: whatever the client sends is ignored
   * (real clients send `{}` or extra flags to methods without parameters).
   */
  params: Type<P> | null;
  /** Schema of the result, for documentation and contract tests. */
  result?: Type<unknown>;
  /** Only callable from the device itself. */
  localOnly?: boolean;
  /** Other names the same method answers to (the spec's short names, the phone app's dialect). */
  aliases?: string[];
  /** Example params, used by documentation and checked by tests. */
  example?: unknown;
  handler(params: P, caller: CallerContext): unknown | Promise<unknown>;
}

// biome-ignore lint: the table holds methods of every params type.
export type AnyMethod = MethodSpec<any>;

/** Identity helper that keeps `P` inferred from the schema. */
export function defineMethod<P>(spec: MethodSpec<P>): MethodSpec<P> {
  return spec;
}
