import { basename, extname } from "node:path";
import { remoteFileScheme } from "../../../core/remote-install/remote-file.ts";
import type { ZapCommand } from "../../../core/zapscript/index.ts";
import { namedSystem } from "../named-systems.ts";
import { startTarget } from "./start-item.ts";
import { type CommandEnv, CommandError } from "./types.ts";

/** True when `launch` installs the path first: an http(s) or smb URL with a host, and `?system=` (the reference's rule). */
export function isRemoteInstall(path: string, cmd: ZapCommand): boolean {
  return (cmd.advArgs.system ?? "") !== "" && remoteFileScheme(path) !== undefined;
}

/**
 * `launch:<url>?system=<System>` (`&name=` for the loader, `&pre_notice=` shown before the game starts): the
 * file is installed into the system's folder (downloaded unless it is there already) and launched from there as
 * a file of that system. A dry run fetches nothing: its trace says what would be fetched and where.
 */
export async function startRemote(url: string, cmd: ZapCommand, env: CommandEnv): Promise<void> {
  if (!env.installRemote) throw new CommandError(`${cmd.name}: remote files cannot be installed here`, true);
  const system = namedSystem(cmd.advArgs.system ?? "");
  const path = await env.installRemote({ url, system, name: cmd.advArgs.name || undefined, preNotice: cmd.advArgs.pre_notice || undefined, signal: env.signal });
  const ext = extname(path);
  await startTarget({ path, extension: ext.toLowerCase(), scheme: "", system, name: basename(path, ext) }, cmd, env);
}
