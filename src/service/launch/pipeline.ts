import { DomainError } from "../../core/errors.ts";
import type { ScannedToken } from "../../core/token.ts";
import { TraceBuilder } from "../../core/trace/builder.ts";
import type { TraceReason } from "../../core/trace/reason.ts";
import type { ScanTrace } from "../../core/wire/trace.ts";
import { isMediaLaunching } from "../../core/launch-guard/rules.ts";
import { type ZapCommand, parseZapScript, ZapScriptError } from "../../core/zapscript/index.ts";
import { log, outside } from "../../log.ts";
import { blockedReason, canonicalCommand } from "./commands/aliases.ts";
import { expandCommand } from "./commands/expression-env.ts";
import { type CommandEnv, CommandError, type CommandHandler, type CommandSkipped } from "./commands/types.ts";
import type { HistoryRepository } from "./history-repo.ts";

const logger = log.withTag("launch");

/**
 * Commands a dry run runs, aliases included (they only look things up and pick a launcher, `startMedia` does not
 * start in a dry run; `execute` passes its allow lists and finds its program, then starts nothing: see
 * `dryRunSpawn`). Every other command is recorded as skipped: its effect (a request, a key press) is the point.
 */
const DRY_RUN_COMMANDS = new Set(["launch", "launch.title", "launch.search", "launch.random", "launch.last", "execute"]);

/**
 * True when a command a dry run skips would meet the launch gate in the real scan: it starts media without
 * `startMedia`, through the platform's system launcher (not for the menu) or MiSTer's MGL loader.
 */
function meetsGateWhenSkipped(cmd: ZapCommand, env: CommandEnv): boolean {
  const name = canonicalCommand(cmd.name);
  if (name === "launch.system") return env.systemLauncher !== undefined && (cmd.args[0] ?? "").trim().toLowerCase() !== "menu";
  if (name === "mister.mgl") return env.mister !== undefined;
  return false;
}

/** A dry run's `spawn`: the program is not started; it "ends" at once with exit code 0. */
const dryRunSpawn: CommandEnv["spawn"] = async () => ({
  pid: 0,
  exited: Promise.resolve({ code: 0, signal: null, stderr: "", timedOut: false, aborted: false }),
  kill: () => {},
});

export interface PipelineDeps {
  history: HistoryRepository;
  commands: Readonly<Record<string, CommandHandler>>;
  env(token: ScannedToken, trace: TraceBuilder, dryRun: boolean): CommandEnv;
  /** Told each token's outcome once it ran (scan feedback); must return at once. */
  outcome?(token: ScannedToken, ok: boolean): void;
  /** Milliseconds, for the steps' durations. */
  now(): number;
  /** ZapLinks: the script behind a command's first argument when it is one, else null (src/service/zaplinks/). */
  zapLink?(text: string, signal: AbortSignal): Promise<string | null>;
  /**
   * The launch gate (playtime limits) asked quietly, for a dry run: throws as it would refuse a launch now,
   * announcing nothing. Asked before a command that starts media but does not run in a dry run (`launch.system`,
   * `mister.mgl`); the commands that run ask it through `startMedia`.
   */
  dryRunGate?(): void;
}

/** The scan trace's reason code for a failure. */
function reasonOf(err: unknown): TraceReason {
  if (err instanceof CommandError) return err.reason ?? (err.unsupported ? "unsupported" : "command_failed");
  if (err instanceof DomainError) return err.kind === "forbidden" ? "refused" : "command_failed";
  return "internal";
}

/**
 * Runs one token's script (text already rewritten by mappings): parse, then each command in order; the first
 * failure ends the script. The outcome and its scan trace are written to the history (one transaction) and the log.
 */
export class LaunchPipeline {
  constructor(private readonly deps: PipelineDeps) {}

  async run(token: ScannedToken, trace = new TraceBuilder(token, this.deps.now)): Promise<void> {
    let error = "";
    try {
      await this.execute(token, trace, false);
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      trace.fail(reasonOf(err), error);
      if (!(err instanceof DomainError)) logger.error("unexpected failure while running a launch script:", err);
    }
    const { type, uid, text, data, scanTime } = token;
    try {
      const traced = JSON.stringify(trace.finish(error === ""));
      this.deps.history.add({ type, uid, text, data, success: error === "", time: scanTime, error, traceJson: traced });
    } catch (err) {
      logger.error("could not write launch history:", err);
    }
    if (error) logger.warn(`launch failed (${describe(token)}): ${outside(error, 512)}`);
    else logger.info(`launched ${describe(token)}`);
    try {
      this.deps.outcome?.(token, error === "");
    } catch (err) {
      logger.warn("launch outcome listener failed:", err);
    }
  }

  /** What `run` would do on this device, without starting anything, writing history or telling anyone. */
  async dryRun(token: ScannedToken, trace: TraceBuilder): Promise<ScanTrace> {
    try {
      await this.execute(token, trace, true);
      return trace.finish(true);
    } catch (err) {
      trace.fail(reasonOf(err), err instanceof Error ? err.message : String(err));
      if (!(err instanceof DomainError)) logger.error("unexpected failure in a dry run:", err);
      return trace.finish(false);
    }
  }

  /**
   * Runs a hook's script (`readers.scan.on_scan`, `on_remove`) now, beside the queue, as the reference does: no
   * history entry. Returns why it failed, or null when it ran to the end. `cancel` ends it at its next wait.
   */
  async hook(name: string, token: ScannedToken, scanned?: CommandEnv["scanned"], cancel?: AbortSignal): Promise<string | null> {
    logger.info(`running ${name}`);
    try {
      await this.execute(token, new TraceBuilder(token, this.deps.now), false, scanned, cancel);
      return null;
    } catch (err) {
      if (!(err instanceof DomainError)) logger.error(`unexpected failure in ${name}:`, err);
      const why = err instanceof Error ? err.message : String(err);
      logger.warn(`${name} failed: ${outside(why, 512)}`);
      return why;
    }
  }

  private async execute(token: ScannedToken, trace: TraceBuilder, dryRun: boolean, scanned?: CommandEnv["scanned"], cancel?: AbortSignal): Promise<void> {
    if (token.text.trim() === "") throw new CommandError("token has no launch script and no mapping matched it", false, "no_script");
    const makeEnv = (t: ScannedToken): CommandEnv => {
      const env = this.deps.env(t, trace, dryRun);
      return { ...env, ...(dryRun ? { spawn: dryRunSpawn } : {}), ...(scanned ? { scanned } : {}), ...(cancel ? { signal: eitherSignal(env.signal, cancel) } : {}) };
    };
    let env = makeEnv(token);
    const commands = this.parse(token.text, "invalid launch script", env);
    trace.parsed(commands);
    for (let i = 0; i < commands.length; i++) {
      let linked: ZapCommand[] | null;
      try {
        linked = await this.followZapLink(commands[i]!, env);
      } catch (err) {
        trace.begin(commands[i]!);
        trace.end("failed", err instanceof Error ? err.message : String(err));
        throw err;
      }
      if (linked) {
        // the link's commands take its place; they came from another device: run as a remote script
        commands.splice(i, 1, ...linked);
        if (!env.token.remote) env = makeEnv({ ...token, remote: true });
      }
      const cmd = commands[i]!;
      trace.begin(cmd);
      if (!this.deps.commands[cmd.name]) {
        const err = new CommandError(`unknown command: ${cmd.name}`, false, "unknown_command");
        trace.end("failed", err.message);
        throw err;
      }
      if (dryRun && !DRY_RUN_COMMANDS.has(canonicalCommand(cmd.name))) {
        try {
          // what the real scan would meet before this command starts media: the launch gate
          if (meetsGateWhenSkipped(cmd, env)) this.deps.dryRunGate?.();
        } catch (err) {
          trace.end("failed", err instanceof Error ? err.message : String(err));
          throw err;
        }
        trace.end("skipped");
        continue;
      }
      let skipped: string | undefined; // a command this platform accepts and does nothing for: why
      try {
        const hook = env.config().launchers.before_media_start;
        if (!dryRun && hook.trim() !== "" && isMediaLaunching(cmd.name)) await this.beforeMediaStart(hook, cmd, env);
        skipped = (await this.runCommand(cmd, { ...env, moreCommands: i < commands.length - 1 }))?.skipped;
      } catch (err) {
        trace.end("failed", err instanceof Error ? err.message : String(err));
        throw err;
      }
      trace.end(skipped === undefined ? "ok" : "skipped", skipped);
    }
  }

  /** The commands of the ZapLink in the command's first argument, or null when it holds none. */
  private async followZapLink(cmd: ZapCommand, env: CommandEnv): Promise<ZapCommand[] | null> {
    // only what a tag's URL parses to: an http.get/post URL is a request to send, not a script to fetch
    const arg = cmd.args[0];
    if (!this.deps.zapLink || cmd.name !== "launch" || arg === undefined) return null;
    let script: string | null;
    try {
      script = await this.deps.zapLink(arg, env.signal);
    } catch (err) {
      if (err instanceof DomainError) throw err;
      throw new CommandError(err instanceof Error ? err.message : String(err));
    }
    if (script === null) return null;
    logger.info(`zap link ${outside(arg, 200)} gave a script`);
    return this.parse(script, "invalid zap link script", env);
  }

  /** The script's commands; a command `zapscript.block_commands` lists refuses the whole script before any runs. */
  private parse(text: string, what: string, env: CommandEnv): ZapCommand[] {
    let script;
    try {
      script = parseZapScript(text);
    } catch (err) {
      if (err instanceof ZapScriptError) throw new CommandError(`${what}: ${err.message} (at character ${err.offset + 1})`, false, "invalid_script");
      throw err;
    }
    const blockList = env.config().zapscript.block_commands;
    for (const cmd of script.commands) {
      const blocked = blockedReason(cmd.name, blockList);
      if (blocked) throw new CommandError(blocked, false, "refused");
    }
    return script.commands;
  }

  private async runCommand(cmd: ZapCommand, env: CommandEnv, launching?: ZapCommand): Promise<void | CommandSkipped> {
    const handler = this.deps.commands[cmd.name];
    if (!handler) throw new CommandError(`unknown command: ${cmd.name}`, false, "unknown_command");
    // `[[…]]` expressions are evaluated when their command runs, so they see what earlier commands did
    return handler(expandCommand(cmd, env, launching), env);
  }

  /** `launchers.before_media_start`: runs before a command that starts media (not for its own commands); a failure stops the launch. */
  private async beforeMediaStart(hook: string, launching: ZapCommand, env: CommandEnv): Promise<void> {
    logger.info("running launchers.before_media_start");
    try {
      for (const cmd of this.parse(hook, "invalid before_media_start script", env)) await this.runCommand(cmd, env, launching);
    } catch (err) {
      if (err instanceof DomainError) throw new CommandError(`before_media_start hook blocked the launch: ${err.message}`);
      throw err;
    }
  }
}

function describe(t: ScannedToken): string {
  const text = t.text.length > 80 ? `${t.text.slice(0, 77)}...` : t.text;
  return `${t.source}${t.uid ? ` uid ${outside(t.uid, 64)}` : ""}: ${JSON.stringify(text)}`;
}

/** Aborted when either is (AbortSignal.any is not on every Node we run on). */
function eitherSignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  if (a.aborted) return a;
  if (b.aborted) return b;
  const both = new AbortController();
  const abort = () => both.abort();
  a.addEventListener("abort", abort, { once: true });
  b.addEventListener("abort", abort, { once: true });
  return both.signal;
}
