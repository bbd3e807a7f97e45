import { readFileSync } from "node:fs";
import { checkConfigText } from "../../config/check.ts";
import { defineSubcommand } from "../subcommands.ts";

/**
 * `tapserve config check FILE`: what the service would make of a config.toml (ours or the reference's) without
 * starting: the keys it reads, those read under our name, those kept without effect, unknown ones, and every
 * error with its line. Exit code 1 when the file would stop the service from starting.
 */
defineSubcommand("config", "config check FILE: show the keys a config file sets that are used, ignored or wrong (with lines)", async (_rt, cmd) => {
  const [action, file] = cmd.args;
  if (action !== "check" || !file) {
    process.stderr.write("usage: tapserve config check FILE\n");
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    process.stderr.write(`cannot read ${file}: ${(err as Error).message}\n`);
    return 1;
  }
  const r = checkConfigText(text, file);
  const section = (title: string, lines: string[]) => {
    if (lines.length) process.stdout.write(`${title}:\n${lines.map((l) => `  ${l}\n`).join("")}`);
  };
  if (r.errors.length) {
    section(`${file}: the service would not start`, r.errors);
    return 1;
  }
  section("used", r.used);
  section("read under our name", r.mapped);
  section("reference keys without effect here (kept in the file)", r.unsupported);
  section("unknown keys (a typo?)", r.unknown);
  process.stdout.write(`${file}: valid\n`);
  return 0;
});
