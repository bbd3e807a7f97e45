/**
 * One machine-readable code for why a scan or launch did not do what it should (the `reason` of a scan trace).
 * Clients can switch on it; the trace's `error` says the same in words.
 */
export const TRACE_REASONS = [
  /** The token has no text and no mapping gave it a script (a blank tag). */
  "no_script",
  /** The script does not parse. */
  "invalid_script",
  /** A command name no handler knows. */
  "unknown_command",
  /** The platform cannot run a command at all. */
  "unsupported",
  /** A relative or absolute path was found under no root folder. */
  "media_not_found",
  /** `?launcher=` names no launcher of this device. */
  "unknown_launcher",
  /** No launcher of this device handles the target (its extension or URL scheme). */
  "no_launcher",
  /** A remote file to launch (an http(s) URL with `?system=`) could not be downloaded into the system's folder. */
  "download_failed",
  /** The chosen launcher (or the platform's API) refused or failed to start the media. */
  "launcher_failed",
  /** A launch gate (playtime limits) or another rule refused the launch. */
  "refused",
  /** A command failed for another reason (bad argument, HTTP error, process exit …). */
  "command_failed",
  /** Something unexpected failed inside the service. */
  "internal",
] as const;
export type TraceReason = (typeof TRACE_REASONS)[number];
