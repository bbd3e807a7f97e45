/** Opening a serial reader's port at the pace an OpenBackoff sets: failures wait longer, a replug starts over. */
import type { SerialPort } from "../../runtime/serial-types.ts";
import type { OpenBackoff } from "./backoff.ts";
import { nodeIdentity } from "./device-node.ts";

/** Thrown instead of opening while a port waits for its next attempt; carries the last real failure. */
export class BackingOff extends Error {}

export interface PacedOpen {
  openPort(): Promise<SerialPort>;
  onOpenResult(error: Error | null): void;
}

export function pacedOpen(backoff: OpenBackoff, path: string, open: () => Promise<SerialPort>, now: () => number = Date.now): PacedOpen {
  let node = "";
  return {
    async openPort() {
      node = nodeIdentity(path);
      const waiting = backoff.blocked(path, node, now());
      if (waiting) throw new BackingOff(waiting);
      return open();
    },
    onOpenResult(err) {
      if (!err) backoff.succeeded(path);
      else if (!(err instanceof BackingOff)) backoff.failed(path, node, err.message, now());
    },
  };
}
