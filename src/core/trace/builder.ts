import type { Mapping } from "../mappings.ts";
import type { ScannedToken } from "../token.ts";
import type { ScanTrace, TraceInstall, TraceStep, TraceTitle } from "../wire/trace.ts";
import { showExpressions, type ZapCommand } from "../zapscript/index.ts";
import type { TraceReason } from "./reason.ts";
import { clip, scrubSecrets } from "./scrub.ts";

/** A stored trace is at most this many bytes of JSON; larger ones lose their tail (`truncated`). */
export const MAX_TRACE_BYTES = 16 * 1024;
/** Hex characters of the token data kept (256 bytes). */
const MAX_DATA_CHARS = 512;
const MAX_TEXT_CHARS = 2048;
const MAX_ARG_CHARS = 256;
const MAX_COMMANDS = 64;

/** Commands whose later arguments are a request body: kept out of traces (they may carry keys). */
const BODY_AFTER: Readonly<Record<string, number>> = { "http.post": 2 };

/** Advanced arguments whose values are kept; any other (`?token=…` after a URL parses as one) is hidden. */
const KNOWN_ADV_ARGS = new Set(["launcher", "system", "slot", "speed", "when", "action", "mode", "name", "pre_notice"]);

const text = (s: string, max = MAX_TEXT_CHARS) => clip(scrubSecrets(s), max);

function commandArgs(cmd: ZapCommand): string[] {
  const cut = BODY_AFTER[cmd.name];
  const args = cut === undefined ? cmd.args : [...cmd.args.slice(0, cut), ...(cmd.args.length > cut ? [`[body, ${cmd.args.slice(cut).join(",").length} characters]`] : [])];
  return args.map((a) => text(showExpressions(a), MAX_ARG_CHARS)); // the parser marks `[[…]]`: shown as written
}

/** The reader driver is the first part of the reference's reader id (`<driver>-<hash>`). */
function driverOf(readerId: string): string | undefined {
  const i = readerId.lastIndexOf("-");
  return i > 0 ? readerId.slice(0, i) : undefined;
}

/**
 * Records how one token goes through the launch pipeline, step by step, and hands out the bounded, scrubbed
 * trace (`finish`). Pure: the caller gives the clock.
 */
export class TraceBuilder {
  private readonly t: ScanTrace;
  private current: { step: TraceStep; started: number } | null = null;

  constructor(
    token: ScannedToken,
    private readonly now: () => number,
    dryRun = false,
  ) {
    this.t = {
      source: token.source,
      read: { type: token.type, uid: clip(token.uid, 256), text: text(token.text), data: clip(token.data, MAX_DATA_CHARS) },
      held: false,
      script: text(token.text),
      commands: [],
      steps: [],
      ok: false,
    };
    if (token.readerId) {
      this.t.readerId = token.readerId;
      const driver = driverOf(token.readerId);
      if (driver) this.t.driver = driver;
    }
    if (dryRun) this.t.dryRun = true;
  }

  /** The mapping that matched (a database one has an id, a file one its file), and the script it gave. */
  mapped(m: Mapping & { file?: string }, script: string): void {
    this.t.mapping = {
      ...(m.file !== undefined ? { file: m.file } : { id: m.id }),
      ...(m.label ? { label: clip(m.label, 256) } : {}),
      type: m.type,
      match: m.match,
      pattern: clip(m.pattern, MAX_ARG_CHARS),
    };
    this.t.script = text(script);
  }

  held(): void {
    this.t.held = true;
  }

  parsed(commands: ZapCommand[]): void {
    this.t.commands = commands.slice(0, MAX_COMMANDS).map((c) => ({
      name: c.name,
      args: commandArgs(c),
      advArgs: Object.fromEntries(Object.entries(c.advArgs).map(([k, v]) => [k, KNOWN_ADV_ARGS.has(k) ? text(v, MAX_ARG_CHARS) : "…"])),
    }));
    if (commands.length > MAX_COMMANDS) this.t.truncated = true;
  }

  /** A command starts. */
  begin(cmd: ZapCommand): void {
    this.current = { step: { command: cmd.name, args: commandArgs(cmd), outcome: "ok", ms: 0 }, started: this.now() };
  }

  /** The running command resolved its target and picked a launcher (or none: `chosen` undefined). */
  launcher(target: string, chosen: string | undefined, refused: { id: string; why: string }[]): void {
    const step = this.current?.step;
    if (!step) return;
    step.target = text(target, MAX_TEXT_CHARS);
    if (chosen) step.launcher = chosen;
    // 64: a desktop has over 30 launchers of its own (Kodi, Steam, standalone emulators …) before custom ones
    if (refused.length) step.refused = refused.slice(0, 64).map((r) => ({ id: r.id, why: text(r.why, MAX_ARG_CHARS) }));
  }

  /** The running command resolved a title to a file (or failed to): which rule, and what it tried. */
  title(info: TraceTitle): void {
    const step = this.current?.step;
    if (!step) return;
    step.title = {
      system: text(info.system, MAX_ARG_CHARS),
      title: text(info.title, MAX_ARG_CHARS),
      ...(info.strategy !== undefined ? { strategy: info.strategy } : {}),
      ...(info.confidence !== undefined ? { confidence: Math.round(info.confidence * 1000) / 1000 } : {}),
      steps: info.steps.slice(0, 32).map((s) => text(s, MAX_ARG_CHARS)),
    };
  }

  /** The running command installed (or would install, or failed to install) a remote file. */
  install(info: TraceInstall): void {
    const step = this.current?.step;
    if (!step) return;
    step.install = { url: text(info.url, MAX_TEXT_CHARS), path: text(info.path, MAX_TEXT_CHARS), outcome: info.outcome, ...(info.bytes !== undefined ? { bytes: info.bytes } : {}) };
  }

  /** The chosen launcher started the media (its process id, when it started one). */
  started(pid: number | undefined): void {
    if (this.current && pid !== undefined) this.current.step.pid = pid;
  }

  /** The running command ended: ok, failed with `error`, or skipped (dry run). */
  end(outcome: TraceStep["outcome"], error?: string): void {
    if (!this.current) return;
    const { step, started } = this.current;
    step.outcome = outcome;
    step.ms = Math.max(0, this.now() - started);
    if (error) step.error = text(error, 512);
    if (this.t.steps.length < MAX_COMMANDS) this.t.steps.push(step);
    this.current = null;
  }

  /** The token failed: one reason code and the message. */
  fail(reason: TraceReason, error: string): void {
    this.t.reason = reason;
    this.t.error = text(error, 1024);
  }

  /** The trace, at most MAX_TRACE_BYTES of JSON. */
  finish(ok: boolean): ScanTrace {
    this.t.ok = ok;
    if (ok) delete this.t.reason;
    return bound(this.t);
  }
}

/** Drops steps and commands from the end, then cuts the texts, until the JSON fits. */
function bound(t: ScanTrace): ScanTrace {
  const out: ScanTrace = structuredClone(t);
  const size = () => new TextEncoder().encode(JSON.stringify(out)).length;
  while (size() > MAX_TRACE_BYTES && (out.steps.length > 1 || out.commands.length > 1)) {
    if (out.commands.length >= out.steps.length) out.commands.pop();
    else out.steps.pop();
    out.truncated = true;
  }
  if (size() > MAX_TRACE_BYTES) {
    out.read.text = clip(out.read.text, 256);
    out.read.data = clip(out.read.data, 64);
    out.script = clip(out.script, 256);
    out.commands = out.commands.map((c) => ({ ...c, args: c.args.map((a) => clip(a, 64)) }));
    out.steps = out.steps.map((s) => ({ ...s, args: s.args.map((a) => clip(a, 64)), ...(s.refused ? { refused: s.refused.slice(0, 4) } : {}), ...(s.title ? { title: { ...s.title, steps: s.title.steps.slice(0, 8).map((x) => clip(x, 64)) } } : {}) }));
    out.truncated = true;
  }
  return out;
}
