import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { DomainError } from "../../core/errors.ts";
import { LogDownloadResult } from "../../core/wire/logs.ts";
import { requireLocalOrPaired } from "../rpc/require-paired.ts";
import { defineMethod } from "../rpc/method.ts";

/** `settings.logs.download`: the service's current log file (the rotated copy is not included). */
export function logsMethods(deps: { logFile: () => string | null }) {
  return [
    defineMethod({
      name: "settings.logs.download",
      summary: "The current log file as base64 with its name and size (the device itself or a paired client: the log holds addresses).",
      params: null,
      result: LogDownloadResult,
      handler: (_p, caller) => {
        requireLocalOrPaired(caller, "settings.logs.download");
        const path = deps.logFile();
        if (!path) throw new DomainError("unavailable", "the service logs only to the console; there is no log file");
        let data: Buffer;
        try {
          data = readFileSync(path);
        } catch (err) {
          throw new DomainError("failed", `the log file could not be read: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
        }
        return { filename: basename(path), content: data.toString("base64"), size: data.length };
      },
    }),
  ];
}
