import { DomainError } from "../../core/errors.ts";
import type { ScannedToken } from "../../core/token.ts";
import { parseZapScript, ZapScriptError } from "../../core/zapscript/index.ts";
import { log, outside } from "../../log.ts";
import { blockedReason } from "./commands/aliases.ts";
import { expandCommand } from "./commands/expression-env.ts";
import { type CommandEnv, CommandError, type CommandHandler } from "./commands/types.ts";
import type { HistoryRepository } from "./history-repo.ts";

const logger = log.withTag("launch");

export interface PipelineDeps {
  history: HistoryRepository;
  commands: Readonly<Record<string, CommandHandler>>;
  env(token: ScannedToken): CommandEnv;
  /** Told each token's outcome once it ran (scan feedback); must return at once. */
  outcome?(token: ScannedToken, ok: boolean): void;
}

/**
 * Runs one token's script (text already rewritten by mappings): parse, then each command in order; the first
 * failure ends the script. The outcome is written to the history (one transaction) and the log.
 */
export class LaunchPipeline {
  constructor(private readonly deps: PipelineDeps) {}

  async run(token: ScannedToken): Promise<void> {
    let error = "";
    try {
      await this.execute(token);
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      if (!(err instanceof DomainError)) logger.error("unexpected failure while running a launch script:", err);
    }
    const { type, uid, text, data, scanTime } = token;
    try {
      this.deps.history.add({ type, uid, text, data, success: error === "", time: scanTime, error });
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

  private async execute(token: ScannedToken): Promise<void> {
    if (token.text.trim() === "") throw new CommandError("token has no launch script and no mapping matched it");
    let script;
    try {
      script = parseZapScript(token.text);
    } catch (err) {
      if (err instanceof ZapScriptError) throw new CommandError(`invalid launch script: ${err.message} (at character ${err.offset + 1})`);
      throw err;
    }
    const env = this.deps.env(token);
    // a blocked command refuses the whole script before any of it runs
    const blockList = env.config().zapscript.block_commands;
    for (const cmd of script.commands) {
      const blocked = blockedReason(cmd.name, blockList);
      if (blocked) throw new CommandError(blocked);
    }
    for (const cmd of script.commands) {
      const handler = this.deps.commands[cmd.name];
      if (!handler) throw new CommandError(`unknown command: ${cmd.name}`);
      // `[[…]]` expressions are evaluated when their command runs, so they see what earlier commands did
      await handler(expandCommand(cmd, env), env);
    }
  }
}

function describe(t: ScannedToken): string {
  const text = t.text.length > 80 ? `${t.text.slice(0, 77)}...` : t.text;
  return `${t.source}${t.uid ? ` uid ${outside(t.uid, 64)}` : ""}: ${JSON.stringify(text)}`;
}
