import type { CallerContext } from "../rpc/method.ts";
import { ErrorCode, RpcError } from "../rpc/errors.ts";

/** Whether the caller may use admin operations (backups, device linking). For now: the device itself. */
export function callerIsAdmin(caller: CallerContext): boolean {
  return caller.local;
}

/** Refuses a non-admin caller with -32003 and the reason. */
export function requireAdmin(caller: CallerContext, method: string): void {
  if (!callerIsAdmin(caller)) throw new RpcError(ErrorCode.LocalOnly, `${method} needs an admin client (the device itself)`);
}
