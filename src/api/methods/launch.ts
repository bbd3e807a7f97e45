import { type } from "../../core/lazy-arktype.ts";
import { rfc3339, type ScannedToken } from "../../core/token.ts";
import { tokenSizeProblem } from "../../core/token-limits.ts";
import { LaunchParams, LaunchResult, RunParams } from "../../core/wire/tokens.ts";
import type { LaunchService } from "../../service/launch/launch-service.ts";
import { invalidParams } from "../rpc/errors.ts";
import { defineMethod } from "../rpc/method.ts";

/** The params of `launch` as a token from the API; `remote` when another device sent it (execute refuses those). */
function toToken(p: LaunchParams, remote: boolean): ScannedToken {
  const { dryRun, source, ...o } = typeof p === "string" ? { text: p } : p;
  if (source === "reader" && dryRun !== true) throw invalidParams("invalid params: source \"reader\" is only for a dryRun (a launch from the API is not a scan)");
  const token: ScannedToken = { type: o.type ?? "", uid: (o.uid ?? "").trim(), text: o.text ?? "", data: (o.data ?? "").replace(/[\s:]/g, "").toLowerCase(), scanTime: rfc3339(), source: source ?? "api", remote };
  if (!token.uid && !token.text.trim() && !token.data) throw invalidParams("invalid params: at least one of uid, text or data must be non-empty");
  if (!/^[0-9a-f]*$/.test(token.data) || token.data.length % 2 !== 0) throw invalidParams("invalid params: data must be hexadecimal bytes");
  const tooLarge = tokenSizeProblem(token);
  if (tooLarge) throw invalidParams(`invalid params: ${tooLarge}`);
  return token;
}

/** `dryRun: true`: answer the trace of what would happen instead of queueing the token. */
const isDryRun = (p: LaunchParams | RunParams) => typeof p !== "string" && p.dryRun === true;

/** `launch`, `run` (the phone app's name), `stop` and `confirm` (the launch guard's staged token). */
export function launchMethods(deps: { launch: LaunchService }) {
  return [
    defineMethod({
      name: "launch",
      summary:
        "Emulates a token scan: queues the token and returns at once; the script's outcome goes to the history. With dryRun: true, answers the scan trace of what would happen, launching nothing: through every gate the launch would meet (zapscript.allow_execute, playtime limits; with source: \"reader\" also the launch guard, as for a tag scanned on a reader).",
      params: LaunchParams,
      result: LaunchResult,
      example: { text: "SNES/Super Mario World (USA).sfc" },
      handler: async (p, caller) => {
        const token = toToken(p, !caller.local);
        if (isDryRun(p)) return deps.launch.dryRun(token);
        deps.launch.request(token);
        return null;
      },
    }),
    defineMethod({
      name: "run",
      summary:
        "The phone app's name for launch (same pipeline). Its Stop button sends uid and text \"**stop\": that uid is a command, not a uid to look up.",
      params: RunParams,
      result: LaunchResult,
      example: { uid: "", text: "**stop", unsafe: false },
      handler: async (p, caller) => {
        let params: LaunchParams;
        let unsafe = false;
        if (typeof p === "string") params = p;
        else {
          const { unsafe: flagged, ...rest } = p;
          unsafe = flagged === true; // the app marks scripts it did not write itself
          if (rest.uid && rest.uid === rest.text && rest.uid.trim().startsWith("**")) rest.uid = "";
          params = rest;
        }
        const token = toToken(params, !caller.local || unsafe);
        if (isDryRun(p)) return deps.launch.dryRun(token);
        deps.launch.request(token);
        return null;
      },
    }),
    defineMethod({
      name: "confirm",
      summary: "Launches the token the launch guard staged (readers.scan.launch_guard) now, without waiting for a re-tap; 1001 when none waits.",
      params: null,
      result: type("null"),
      handler: () => {
        deps.launch.guard.confirm();
        return null;
      },
    }),
    defineMethod({
      name: "stop",
      summary: "Stops the active media (SIGTERM, then SIGKILL after a grace period); null whether or not anything ran.",
      params: null,
      result: type("null"),
      handler: async () => {
        await deps.launch.stopActive();
        return null;
      },
    }),
  ];
}
