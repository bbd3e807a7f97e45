import { ErrorCode, RpcError } from "../rpc/errors.ts";
import { type CallerContext, callerIsAdmin } from "../rpc/method.ts";

/**
 * Refuses with -32003 and the reason a caller that is neither the device itself nor an admin client: the one
 * check of admin-only methods (profiles, playtime limits, backups, device linking).
 */
export function requireAdmin(caller: CallerContext, method: string): void {
  if (!callerIsAdmin(caller)) throw new RpcError(ErrorCode.LocalOnly, `${method} needs an admin client or the device itself`);
}
