import { arch, hostname, platform as osPlatform } from "node:os";
import { type ExprEnv, ExpressionError, expandExpressions } from "../../../core/zapscript/expressions.ts";
import { EXPR_OPEN, INPUT_RAW_COMMANDS, type ZapCommand } from "../../../core/zapscript/index.ts";
import { SERVICE_VERSION } from "../../../version.ts";
import { type CommandEnv, CommandError } from "./types.ts";

const GO_OS: Record<string, string> = { win32: "windows", darwin: "darwin" };
const GO_ARCH: Record<string, string> = { x64: "amd64", ia32: "386" };

/** The values `[[…]]` expressions see, named as the reference names them, read when the command runs. */
export function expressionEnv(env: CommandEnv, launching?: ZapCommand): ExprEnv {
  const active = env.active.current();
  const t = env.token;
  return {
    platform: env.platform,
    version: SERVICE_VERSION,
    scan_mode: env.config().readers.scan.mode,
    media_playing: active !== null,
    device: { hostname: hostname(), os: GO_OS[osPlatform()] ?? osPlatform(), arch: GO_ARCH[arch()] ?? arch() },
    active_media: { launcher_id: active?.launcherId ?? "", system_id: active?.systemId ?? "", system_name: active?.systemName ?? "", path: active?.mediaPath ?? "", name: active?.mediaName ?? "" },
    scanned: env.scanned ?? { id: t.uid, value: t.text, data: t.data },
    // in a before_media_start hook: the media about to start
    ...(launching ? { launching: { path: launching.args[0] ?? "", system_id: launching.advArgs.system ?? "", launcher_id: launching.advArgs.launcher ?? "" } } : {}),
  };
}

/**
 * The command with the `[[…]]` expressions of its arguments and advanced arguments replaced by their values.
 * Typed text (`input.text`) is taken as written; in key sequences, a key that is an expression is replaced. A bad
 * expression fails the command.
 */
export function expandCommand(cmd: ZapCommand, env: CommandEnv, launching?: ZapCommand): ZapCommand {
  if (INPUT_RAW_COMMANDS.has(cmd.name)) return cmd;
  // the parser marks each `[[…]]` (in a key sequence, an expression is one key); escaped `^[^[` is plain text
  const has = (s: string) => s.includes(EXPR_OPEN);
  if (!cmd.args.some(has) && !Object.values(cmd.advArgs).some(has)) return cmd;
  const values = expressionEnv(env, launching);
  try {
    return {
      ...cmd,
      args: cmd.args.map((a) => (has(a) ? expandExpressions(a, values) : a)),
      advArgs: Object.fromEntries(Object.entries(cmd.advArgs).map(([k, v]) => [k, expandExpressions(v, values)])),
    };
  } catch (err) {
    if (err instanceof ExpressionError) throw new CommandError(`${cmd.name}: ${err.message}`);
    throw err;
  }
}
