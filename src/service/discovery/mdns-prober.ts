import { type Claim, type ClaimedName, conflictIn, lostTieBreak, type MdnsPacket, type MdnsRecord } from "./mdns-records.ts";

/** The part of a multicast-dns socket that probing and conflict watching use. */
export interface MdnsSocket {
  query(packet: { questions: Array<{ name: string; type: string }>; authorities: MdnsRecord[] }, cb?: (err?: Error | null) => void): void;
  on(event: "response" | "query", fn: (packet: MdnsPacket) => void): unknown;
  removeListener(event: "response" | "query", fn: (packet: MdnsPacket) => void): unknown;
}

export type ProbeOutcome =
  | { kind: "free" }
  /** Another host answered for one of the names: rename it. */
  | { kind: "taken"; name: ClaimedName }
  /** Another host probes the same name at the same time with later data (§8.2): wait a second, probe again. */
  | { kind: "lost"; name: ClaimedName }
  | { kind: "aborted" };

export interface ProbeTiming {
  /** The first probe goes out after a random delay up to this (§8.1: 0–250 ms). */
  initialMs: number;
  intervalMs: number;
  count: number;
}

export const RFC_TIMING: ProbeTiming = { initialMs: 250, intervalMs: 250, count: 3 };

/**
 * RFC 6762 §8.1–8.2: asks three times, 250 ms apart, whether anyone holds the claim's names, proposing our
 * records in the authority section so that a host probing the same name at the same time can break the tie.
 * Any answer carrying other data for one of the names, at any time during probing, means the name is taken.
 */
export function probe(socket: MdnsSocket, claim: Claim, signal: AbortSignal, onSendError: (err: Error) => void, timing = RFC_TIMING): Promise<ProbeOutcome> {
  return new Promise((resolve) => {
    let sent = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (outcome: ProbeOutcome) => {
      clearTimeout(timer);
      socket.removeListener("response", onResponse);
      socket.removeListener("query", onQuery);
      signal.removeEventListener("abort", onAbort);
      resolve(outcome);
    };
    const onResponse = (packet: MdnsPacket) => {
      const taken = conflictIn(claim, packet);
      if (taken) finish({ kind: "taken", name: taken });
    };
    const onQuery = (packet: MdnsPacket) => {
      const lost = lostTieBreak(claim, packet);
      if (lost) finish({ kind: "lost", name: lost });
    };
    const onAbort = () => finish({ kind: "aborted" });
    const authorities = claim.records.filter((r) => ["SRV", "TXT", "A", "AAAA"].includes(r.type));
    const send = () => {
      if (sent === timing.count) return finish({ kind: "free" });
      sent++;
      const questions = [
        { name: claim.fqdn, type: "ANY" },
        { name: claim.host, type: "ANY" },
      ];
      socket.query({ questions, authorities }, (err) => {
        if (err) onSendError(err);
      });
      timer = setTimeout(send, timing.intervalMs);
    };
    if (signal.aborted) return resolve({ kind: "aborted" });
    socket.on("response", onResponse);
    socket.on("query", onQuery);
    signal.addEventListener("abort", onAbort);
    timer = setTimeout(send, Math.random() * timing.initialMs);
  });
}
