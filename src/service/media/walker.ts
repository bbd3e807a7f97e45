import { type Dirent, readdirSync, realpathSync, statSync } from "node:fs";
import { extensionOf } from "../../core/systems/catalog.ts";
import { listZipEntries } from "./zip-entries.ts";

/** A folder holding indexed files: its absolute path and its compressed form `<SystemId>/<relative path>`. */
export interface ScannedDir {
  abs: string;
  rel: string;
}

/** What a walk found for one system: folders, and each file's name with the index of its folder. */
export interface SystemScan {
  system: string;
  dirs: ScannedDir[];
  files: string[];
  fileDirs: number[];
}

export interface WalkContext {
  /** MiSTer: a .zip is a folder whose entries are indexed; elsewhere a .zip is media when the system lists it. */
  zipsAsFolders: boolean;
  /** Called every few thousand entries: lets the event loop run (searches keep being served) and reports. */
  tick(): Promise<void>;
  warn(message: string): void;
}

const TICK_EVERY = 2048;
/** A folder with this file in it is skipped, with everything below it (as the reference does). */
export const IGNORE_MARKER = ".zaparooignore";

/**
 * Walks one system folder and everything below it, adding the files whose extension the system uses.
 * Skips hidden folders, `__MACOSX`, folders holding `.zaparooignore` and AppleDouble `._` files; follows
 * symbolic links once per real folder (no cycles). A folder or archive that cannot be read is reported and
 * skipped: it never stops the walk.
 */
export async function walkSystemFolder(folder: string, relBase: string, extensions: ReadonlySet<string>, scan: SystemScan, ctx: WalkContext): Promise<void> {
  // Every folder is walked once by its real path: a link back up the tree, or a second way to the same folder,
  // adds nothing. Plain folders' real paths follow from their parent's, so only links cost a realpath call.
  let rootReal = folder;
  try {
    rootReal = realpathSync(folder);
  } catch {}
  const stack: Array<{ abs: string; rel: string; real: string }> = [{ abs: folder, rel: relBase, real: rootReal }];
  const seen = new Set<string>([rootReal]);
  let sinceTick = 0;
  while (stack.length > 0) {
    const { abs, rel, real: dirReal } = stack.pop() as { abs: string; rel: string; real: string };
    let entries: Dirent[];
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch (err) {
      ctx.warn(`cannot read folder ${abs}: ${(err as NodeJS.ErrnoException).code ?? err}`);
      continue;
    }
    if (abs !== folder && entries.some((e) => e.name === IGNORE_MARKER)) continue;
    let dirIndex = -1;
    for (const e of entries) {
      const name = e.name;
      let isDir = e.isDirectory();
      let isFile = e.isFile();
      let real = `${dirReal}/${name}`;
      if (e.isSymbolicLink()) {
        try {
          const st = statSync(`${abs}/${name}`);
          isDir = st.isDirectory();
          isFile = st.isFile();
          if (isDir) real = realpathSync(`${abs}/${name}`);
        } catch {
          continue; // dangling link
        }
      }
      if (isDir) {
        if (name.startsWith(".") || name === "__MACOSX" || seen.has(real)) continue;
        seen.add(real);
        stack.push({ abs: `${abs}/${name}`, rel: `${rel}/${name}`, real });
      } else if (isFile) {
        if (name.startsWith("._")) continue;
        const ext = extensionOf(name);
        if (ext === ".zip" && ctx.zipsAsFolders) {
          addZip(`${abs}/${name}`, `${rel}/${name}`, extensions, scan, ctx);
        } else if (extensions.has(ext)) {
          if (dirIndex < 0) dirIndex = scan.dirs.push({ abs, rel }) - 1;
          scan.files.push(name);
          scan.fileDirs.push(dirIndex);
        }
      }
      if (++sinceTick >= TICK_EVERY) {
        sinceTick = 0;
        await ctx.tick();
      }
    }
  }
}

function addZip(abs: string, rel: string, extensions: ReadonlySet<string>, scan: SystemScan, ctx: WalkContext): void {
  let names: string[];
  try {
    names = listZipEntries(abs);
  } catch (err) {
    ctx.warn(`cannot list archive ${abs}: ${(err as Error).message}`);
    return;
  }
  const dirs = new Map<string, number>();
  for (const entry of names) {
    const slash = entry.lastIndexOf("/");
    const file = entry.slice(slash + 1);
    if (file.startsWith("._") || !extensions.has(extensionOf(file))) continue;
    const inner = slash < 0 ? "" : `/${entry.slice(0, slash)}`;
    let d = dirs.get(inner);
    if (d === undefined) {
      d = scan.dirs.push({ abs: abs + inner, rel: rel + inner }) - 1;
      dirs.set(inner, d);
    }
    scan.files.push(file);
    scan.fileDirs.push(d);
  }
}
