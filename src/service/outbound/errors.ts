/** Why an outbound request did not produce an answer. */
export type OutboundFailure =
  /** The URL, or a redirect's, is not an http(s) URL. */
  | "bad-url"
  /** The address rules refused the host (see address-rules.ts and allow-list.ts). */
  | "refused"
  /** The name did not resolve. */
  | "unresolved"
  /** Connecting or talking to the host failed. */
  | "failed"
  | "too-many-redirects"
  | "too-large"
  | "timeout"
  /** The caller's signal was aborted (the service is stopping). */
  | "cancelled";

/** An outbound request failed; the message is for people (a log line, a history entry) and names the host. */
export class OutboundError extends Error {
  constructor(
    message: string,
    readonly failure: OutboundFailure,
  ) {
    super(message);
    this.name = "OutboundError";
  }
}
