import { tokenView } from "../../core/token.ts";
import { HistoryResult, TokensResult } from "../../core/wire/tokens.ts";
import type { LaunchService } from "../../service/launch/launch-service.ts";
import type { ReadersService } from "../../service/readers/readers-service.ts";
import { defineMethod } from "../rpc/method.ts";

/** `tokens` (on the readers now, and the last scanned) and `tokens.history` (latest launches). */
export function tokensMethods(deps: { readers: ReadersService; launch: LaunchService }) {
  return [
    defineMethod({
      name: "tokens",
      summary: "Tokens on the readers now, and the last token scanned.",
      params: null,
      result: TokensResult,
      handler: () => {
        const scanned = deps.readers.lastToken();
        const launched = deps.launch.lastToken(); // API launches count as the last token too
        const last = launched && (!scanned || launched.scanTime > scanned.scanTime) ? launched : scanned;
        const active = deps.readers.activeTokens().map(tokenView);
        return last ? { active, last: tokenView(last) } : { active };
      },
    }),
    defineMethod({
      name: "tokens.history",
      aliases: ["history"],
      summary: "Latest launches, newest first.",
      params: null,
      result: HistoryResult,
      handler: () => ({ entries: deps.launch.history().map(({ error: _error, ...e }) => e) }),
    }),
  ];
}
