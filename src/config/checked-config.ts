import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { writeFileAtomic } from "./atomic-write.ts";
import type { Config } from "./schema.ts";

/**
 * What the last check of the config file made of it, kept beside the file (`config.checked.json` for
 * `config.toml`): a start whose file and code are both unchanged reads the checked config from there instead of
 * building the schema, which costs arktype ~40 ms and ~3 MB of heap on x64, and far more time on a MiSTer.
 *
 * The record is keyed by a digest of the file's text and of the running code's stamp (runtime `codeStamp`: the
 * binary's size, time and inode), so an edited file or an updated binary is checked again. A record that cannot be
 * read or does not match is ignored; it is written atomically, so a cut-off write leaves the old record or none.
 */
export class CheckedConfigCache {
  readonly path: string;

  constructor(
    configPath: string,
    private readonly codeStamp: string,
  ) {
    this.path = join(dirname(configPath), `${basename(configPath, ".toml")}.checked.json`);
  }

  /** The config checked from exactly this text by this code, or null. */
  read(text: string): Config | null {
    try {
      if (!existsSync(this.path)) return null;
      const record = JSON.parse(readFileSync(this.path, "utf8")) as { key?: unknown; config?: unknown };
      if (record.key !== this.keyOf(text) || typeof record.config !== "object" || record.config === null) return null;
      return record.config as Config;
    } catch {
      return null;
    }
  }

  /** Records the config `text` checked to; a failure to write only costs the next start its shortcut. */
  write(text: string, config: Readonly<Config>): void {
    try {
      const json = JSON.stringify({ key: this.keyOf(text), config });
      // a value JSON cannot carry as it is (a TOML date or inf in a free-form table) is only kept in the file
      if (!isDeepStrictEqual((JSON.parse(json) as { config: unknown }).config, config)) return this.forget();
      // a shortcut, not data: not worth an fsync on the start path (a record lost to a power cut is checked again)
      writeFileAtomic(this.path, json, 0o600, { durable: false });
    } catch {
      this.forget();
    }
  }

  /** No record: none is read, whatever stood there (an unwritable folder leaves the old one, keyed to other text). */
  private forget(): void {
    try {
      rmSync(this.path, { force: true });
    } catch {}
  }

  private keyOf(text: string): string {
    return createHash("sha256").update(this.codeStamp).update("\0").update(text).digest("hex");
  }
}
