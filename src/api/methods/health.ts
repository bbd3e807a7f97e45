import { HealthResult } from "../../core/wire/service.ts";
import { defineMethod } from "../rpc/method.ts";

/** `health`, which the reference's phone app calls: the service answers, so it is up. */
export function healthMethods() {
  return [
    defineMethod({
      name: "health",
      summary: "Liveness check: answers {status: \"ok\"} while the service runs.",
      params: null,
      result: HealthResult,
      handler: () => ({ status: "ok" as const }),
    }),
  ];
}
