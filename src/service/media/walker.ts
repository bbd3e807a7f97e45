import { type Dirent, readdirSync, realpathSync, statSync } from "node:fs";
import { extensionAmong, extensionOf } from "../../core/systems/catalog.ts";
import { type FolderRecord, type PriorWalk, provingCtime } from "./folder-records.ts";
import { listZipEntries } from "../../platforms/shared/zip-entries.ts";

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
  /** Every folder (and archive) walked, as the next run's walk compares them (none for older indexes). */
  folders?: FolderRecord[];
}

/** What a walk with a previous record did: folders read again, and those unchanged whose files are still to add. */
export interface WalkOutcome {
  /** Folders and archives read (new or changed); 0 with every record matching means the system is unchanged. */
  changed: number;
  /** Recorded folders and archives found unchanged (their files come from the previous index). */
  reused: string[];
  /** Records of the previous walk visited again. */
  visited: number;
}

export interface WalkContext {
  /** MiSTer: a .zip is a folder whose entries are indexed; elsewhere a .zip is media when the system lists it. */
  zipsAsFolders: boolean;
  /** Called every few thousand entries: lets the event loop run (searches keep being served) and reports. */
  tick(): Promise<void>;
  warn(message: string): void;
  /** Counts a folder's entries without reading their names (Runtime.countDirEntries); else they are read. */
  countEntries?(path: string): number | null;
  /** The wall clock (ms), as folders' ctimes are compared with it; Date.now when absent. */
  now?(): number;
}

const TICK_EVERY = 2048;
/** A folder with this file in it is skipped, with everything below it (as the reference does). */
export const IGNORE_MARKER = ".zaparooignore";

/**
 * Walks one system folder and everything below it, adding the files whose extension the system uses and a
 * record (mtime, entry count) of every folder. Skips hidden folders, `__MACOSX`, folders holding
 * `.zaparooignore` and AppleDouble `._` files; follows symbolic links once per real folder (no cycles). A
 * folder or archive that cannot be read is reported and skipped: it never stops the walk. With `prior` (the
 * previous walk's records), a folder whose mtime and entry count are unchanged is not read: its recorded
 * sub-folders are visited and it is listed in `reused` (its files are the previous index's). Its entries are
 * counted only when its ctime differs from the recorded one (or none was kept: see provingCtime), through
 * `ctx.countEntries` where the runtime can (no name read), else readdir.
 */
export async function walkSystemFolder(
  folder: string,
  relBase: string,
  extensions: ReadonlySet<string>,
  scan: SystemScan,
  ctx: WalkContext,
  prior?: PriorWalk,
): Promise<WalkOutcome> {
  const outcome: WalkOutcome = { changed: 0, reused: [], visited: 0 };
  const records = (scan.folders ??= []);
  // Every folder is walked once by its real path: a link back up the tree, or a second way to the same folder,
  // adds nothing. Plain folders' real paths follow from their parent's, so only links cost a realpath call.
  let rootReal = folder;
  try {
    rootReal = realpathSync(folder);
  } catch {}
  const stack: Array<{ abs: string; rel: string; real: string }> = [{ abs: folder, rel: relBase, real: rootReal }];
  const seen = new Set<string>([rootReal]);
  let sinceTick = 0;
  const known = [...extensions, ".zip"];
  const archive = (abs: string, rel: string) => {
    const before = prior?.folders.get(abs);
    let st: { mtime: number; size: number };
    try {
      const s = statSync(abs);
      st = { mtime: s.mtimeMs, size: s.size };
    } catch {
      return;
    }
    if (before) outcome.visited++;
    records.push({ abs, mtime: st.mtime, entries: st.size, kind: "zip" });
    if (before && before.kind === "zip" && before.mtime === st.mtime && before.entries === st.size) outcome.reused.push(abs);
    else {
      outcome.changed++;
      addZip(abs, rel, extensions, scan, ctx);
    }
  };
  while (stack.length > 0) {
    const { abs, rel, real: dirReal } = stack.pop() as { abs: string; rel: string; real: string };
    const before = prior?.folders.get(abs);
    if (before) outcome.visited++;
    let mtime = -1;
    let ctime = -1;
    let entries: Dirent[] | null = null;
    try {
      const st = statSync(abs);
      mtime = st.mtimeMs;
      ctime = provingCtime(st.ctimeMs, ctx.now?.() ?? Date.now());
      if (before && before.mtime === mtime && before.kind !== "unreadable") {
        // the ctime as recorded: nothing changed in it since; else its entries are counted
        const settled = before.ctime !== undefined && before.ctime >= 0 && before.ctime === st.ctimeMs;
        const count = settled ? before.entries : (ctx.countEntries?.(abs) ?? readdirSync(abs).length);
        if (count === before.entries) {
          // unchanged: the same entries as recorded; its sub-folders may still have changed
          records.push(ctime === (before.ctime ?? -1) ? before : { ...before, ctime });
          if ((sinceTick += settled ? 1 : count) >= TICK_EVERY) {
            sinceTick = 0;
            await ctx.tick();
          }
          if (before.kind === "ignored") continue;
          outcome.reused.push(abs);
          for (const child of prior?.children.get(abs) ?? []) {
            const childRel = rel + child.abs.slice(abs.length);
            if (child.kind === "zip") archive(child.abs, childRel);
            else {
              const real = dirReal + child.abs.slice(abs.length);
              if (seen.has(real)) continue;
              seen.add(real);
              stack.push({ abs: child.abs, rel: childRel, real });
            }
          }
          continue;
        }
      }
      entries = readdirSync(abs, { withFileTypes: true });
    } catch (err) {
      ctx.warn(`cannot read folder ${abs}: ${(err as NodeJS.ErrnoException).code ?? err}`);
      records.push({ abs, mtime: -1, entries: -1, kind: "unreadable" }); // tried again next time
      outcome.changed++;
      continue;
    }
    outcome.changed++;
    if (abs !== folder && entries.some((e) => e.name === IGNORE_MARKER)) {
      records.push({ abs, mtime, entries: entries.length, kind: "ignored", ctime });
      continue;
    }
    records.push({ abs, mtime, entries: entries.length, kind: "folder", ctime });
    let dirIndex = -1;
    for (const e of entries) {
      const name = e.name;
      // most entries are files: one question each, and no path made for them
      let isFile = e.isFile();
      let isDir = !isFile && e.isDirectory();
      let real: string | null = null;
      if (!isFile && !isDir && e.isSymbolicLink()) {
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
        real ??= `${dirReal}/${name}`;
        if (name.startsWith(".") || name === "__MACOSX" || seen.has(real)) continue;
        seen.add(real);
        stack.push({ abs: `${abs}/${name}`, rel: `${rel}/${name}`, real });
      } else if (isFile) {
        if (name.startsWith("._")) continue;
        const ext = extensionAmong(name, known);
        if (ext === ".zip" && ctx.zipsAsFolders) {
          archive(`${abs}/${name}`, `${rel}/${name}`);
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
  return outcome;
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
