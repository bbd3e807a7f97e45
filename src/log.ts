import { closeSync, fstatSync, openSync, renameSync, writeSync } from "node:fs";
import { formatWithOptions } from "node:util";
import { type ConsolaInstance, type ConsolaReporter, createConsola, type LogObject } from "consola/core";

/**
 * The one logger. Areas log through `log.withTag("area")`. Two sinks: the console (stderr, for boot scripts
 * and journald) and a size-capped file in the data dir. Nothing that holds a secret is ever passed here:
 * call sites log ids and sizes, never keys, PINs, secrets or decrypted payloads.
 */

/**
 * Control characters (newlines, carriage returns, ANSI escapes, C1 codes, line separators) as `\n`, `\r`, `\t`,
 * `\xNN`, `\uNNNN`: whatever a token, a name, a path or a peer sends, one log entry stays one line and cannot
 * colour or rewrite the terminal. Every line passes through it (formatLine).
 */
export function escapeLogText(text: string): string {
  return text.replace(/[\x00-\x1f\x7f-\x9f\u2028\u2029]/g, (c) => {
    if (c === "\n") return "\\n";
    if (c === "\r") return "\\r";
    if (c === "\t") return "\\t";
    const code = c.charCodeAt(0);
    return code > 0xff ? `\\u${code.toString(16).padStart(4, "0")}` : `\\x${code.toString(16).padStart(2, "0")}`;
  });
}

/** A value from outside (token text, names, paths, peer strings) for a log line: at most `max` characters, then "…". */
export function outside(value: unknown, max = 256): string {
  const text = String(value);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

const LEVEL_NAMES: Record<number, string> = { 0: "ERROR", 1: "WARN", 2: "INFO", 3: "INFO", 4: "DEBUG", 5: "TRACE" };

function formatLine(obj: LogObject): string {
  const level = LEVEL_NAMES[obj.level] ?? "INFO";
  const tag = obj.tag ? ` [${obj.tag}]` : "";
  const text = formatWithOptions({ colors: false, breakLength: Number.POSITIVE_INFINITY }, ...obj.args);
  return `${obj.date.toISOString()} ${level}${tag} ${escapeLogText(text)}\n`;
}

let consoleEnabled = true;
/**
 * The level in force (3 info, 4 debug). Tagged loggers (`log.withTag`) copy consola's options when they are
 * made, usually at import time, so the level and the sinks live here, behind one reporter that every logger
 * shares: every tagged logger sees the current ones.
 */
let level = 3;

const consoleReporter: ConsolaReporter = {
  log(obj) {
    if (!consoleEnabled || obj.level > level) return;
    process.stderr.write(formatLine(obj));
  },
};

/** Appends to a log file, rotating to `<file>.1` when it grows past `maxBytes`. */
export class RotatingFileSink implements ConsolaReporter {
  private fd: number | null = null;
  private size = 0;

  constructor(
    readonly path: string,
    private readonly maxBytes: number,
  ) {}

  open(): void {
    this.fd = openSync(this.path, "a", 0o600);
    this.size = fstatSync(this.fd).size;
  }

  log(obj: LogObject): void {
    if (this.fd === null || obj.level > level) return;
    const line = formatLine(obj);
    try {
      if (this.size + line.length > this.maxBytes) this.rotate();
      this.size += writeSync(this.fd, line);
    } catch {
      // A full or vanished disk must not take the service down; the console sink still has the line.
    }
  }

  private rotate(): void {
    if (this.fd !== null) closeSync(this.fd);
    renameSync(this.path, `${this.path}.1`);
    this.fd = openSync(this.path, "a", 0o600);
    this.size = 0;
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}

let sinks: ConsolaReporter[] = [consoleReporter];

/** The one reporter every logger holds (consola copies reporter lists); it hands each line to the current sinks. */
const dispatch: ConsolaReporter = {
  log(obj, ctx) {
    for (const sink of sinks) sink.log(obj, ctx);
  },
};

export const log: ConsolaInstance = createConsola({ level: 5, reporters: [dispatch] });

function useReporters(list: ConsolaReporter[]): void {
  sinks = list;
}

let fileSink: RotatingFileSink | null = null;
/** The log file in use (settings.logs.download reads it), or null when logging only to the console. */
export const logFilePath = (): string | null => fileSink?.path ?? null;

export function configureLogging(opts: { debug: boolean; console: boolean; file?: string; maxFileBytes?: number }): void {
  setDebug(opts.debug);
  consoleEnabled = opts.console;
  if (opts.file) {
    fileSink?.close();
    fileSink = new RotatingFileSink(opts.file, opts.maxFileBytes ?? 1024 * 1024);
    fileSink.open();
    useReporters([consoleReporter, fileSink]);
  }
}

export function setDebug(debug: boolean): void {
  level = debug ? 4 : 3;
}

export function setConsoleLogging(enabled: boolean): void {
  consoleEnabled = enabled;
}

export function closeLogging(): void {
  fileSink?.close();
  fileSink = null;
  useReporters([consoleReporter]);
}
