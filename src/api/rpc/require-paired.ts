import { ErrorCode, RpcError } from "./errors.ts";
import type { CallerContext } from "./method.ts";

/**
 * For methods that may reveal or cost something (the log holds addresses; an update check writes state): the
 * device itself and paired clients (an encrypted session) may call them, an anonymous remote peer (TLS without
 * pairing) may not.
 */
export function requireLocalOrPaired(caller: CallerContext, method: string): void {
  if (caller.local || caller.clientId !== undefined) return;
  throw new RpcError(ErrorCode.LocalOnly, `${method} is only available from the device itself or a paired client`);
}
