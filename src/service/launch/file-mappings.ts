import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { parse } from "smol-toml";
import { type FileMapping, mappingsFromFile } from "../../core/file-mappings.ts";
import { mappingMatches, type MappableToken } from "../../core/mappings.ts";
import { log } from "../../log.ts";

const logger = log.withTag("mappings");
/** Limits of the folder walk: files beyond them are not read (and reported). */
const MAX_FILES = 256;
const MAX_FILE_BYTES = 1024 * 1024;
const MAX_DEPTH = 8;

export interface FileMappingsLoad {
  files: number;
  mappings: number;
  /** Files and entries skipped, each with why (also logged). */
  problems: string[];
}

/**
 * The read-only mappings of `<data>/mappings/**.toml` (core/file-mappings.ts has the format). Loaded at start and
 * by `mappings.reload` / `settings.reload`; a file that cannot be read or parsed is reported and skipped, never
 * fatal, and a reload that fails keeps nothing stale: the list is replaced by what loaded.
 */
export class FileMappings {
  private list: readonly FileMapping[] = [];

  constructor(
    readonly dir: string,
    /** `[[mappings.entry]]` of config.toml (the reference's), tried before the folder's files. */
    private readonly configEntries: () => readonly unknown[] = () => [],
  ) {}

  all(): readonly FileMapping[] {
    return this.list;
  }

  /** The first file mapping (file order) that matches the token. */
  find(token: MappableToken): FileMapping | undefined {
    return this.list.find((m) => mappingMatches(m, token, (_m, why) => logger.warn(`file mapping in ${m.file} never matches: ${why}`)));
  }

  load(): FileMappingsLoad {
    const problems: string[] = [];
    const files = this.tomlFiles(problems);
    const entries = [...this.configEntries()];
    // no entries, nothing to check (checking builds the schema: time a start need not spend)
    const fromConfig = entries.length > 0 ? mappingsFromFile({ mappings: { entry: entries } }, "config.toml") : { mappings: [], problems: [] };
    const loaded: FileMapping[] = [...fromConfig.mappings];
    problems.push(...fromConfig.problems);
    let read = 0;
    for (const path of files) {
      const name = relative(this.dir, path);
      let parsed: unknown;
      try {
        if (statSync(path).size > MAX_FILE_BYTES) throw new Error(`larger than ${MAX_FILE_BYTES} bytes`);
        parsed = parse(readFileSync(path, "utf8"));
      } catch (err) {
        problems.push(`${name}: skipped, ${(err as Error).message.split("\n")[0]}`);
        continue;
      }
      read++;
      const result = mappingsFromFile(parsed, name);
      loaded.push(...result.mappings);
      problems.push(...result.problems);
    }
    this.list = loaded;
    for (const p of problems) logger.warn(`mapping file problem: ${p}`);
    if (fromConfig.mappings.length > 0) logger.info(`loaded ${fromConfig.mappings.length} mapping(s) from config.toml [[mappings.entry]]`);
    if (files.length > 0 || problems.length > 0) logger.info(`loaded ${loaded.length} read-only mapping(s) from ${read} file(s) in ${this.dir}`);
    return { files: read, mappings: loaded.length, problems };
  }

  /** Every `.toml` file below the folder (any case), sorted by path; a missing folder is simply empty. */
  private tomlFiles(problems: string[]): string[] {
    const out: string[] = [];
    const walk = (dir: string, depth: number) => {
      let entries;
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (!(code === "ENOENT" && dir === this.dir)) problems.push(`${relative(this.dir, dir) || "."}: not readable (${code})`);
        return;
      }
      for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
        const path = join(dir, e.name);
        if (e.isDirectory()) {
          if (depth < MAX_DEPTH) walk(path, depth + 1);
        } else if (e.isFile() && e.name.toLowerCase().endsWith(".toml")) {
          if (out.length < MAX_FILES) out.push(path);
          else problems.push(`${relative(this.dir, path)}: skipped, more than ${MAX_FILES} mapping files`);
        }
      }
    };
    walk(this.dir, 0);
    return out;
  }
}
