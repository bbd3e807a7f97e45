/**
 * A split run's thread (split-run.ts): walks the systems of a full index run and writes their media rows into the
 * new index file while the run's thread parses the names walked before; then sorts the title order from the keys
 * it was handed. Started for one run and ended after it. (Threads run on Bun only: its runtime's parts are used.)
 */
import { KeyHalves, sortedIds } from "../../core/media/title-order-halves.ts";
import { removeDatabase } from "../../db/open.ts";
import { bunThreadRuntime } from "../../runtime/bun/thread-runtime.ts";
import type { SqlDatabase } from "../../runtime/types.ts";
import { openBuildingFile } from "./building-file.ts";
import { NamedRows } from "./named-rows.ts";
import type { FromSplitRun, ToSplitRun } from "./split-run-messages.ts";
import { scanOf, type SystemWalkRequest, unchangedWalk, walkSystem, wireScan } from "./system-walk.ts";
import type { SystemScan } from "./walker.ts";

interface Scope {
  postMessage(message: FromSplitRun, transfer?: ArrayBuffer[]): void;
  onmessage: ((e: { data: ToSplitRun }) => void) | null;
}
const scope = globalThis as unknown as Scope;

let db: SqlDatabase | null = null;
let rows: NamedRows | null = null;
/**
 * The lower half's part of the title keys: the run's thread sorts it once it has stored the lists, while the upper
 * half is sorted here (after the rows are committed and the lower half's keys handed over): both done about together.
 */
const LOWER_SHARE = 0.45;
/** The title keys of the rows, parted into the halves the order is sorted in. */
const keys = new KeyHalves(LOWER_SHARE);
/** Messages are handled one after the other (a walk takes turns with the event loop), but `rows`, read as they come. */
let queue: Promise<void> = Promise.resolve();
let failed = false;
const noTick = async () => {};
/** A turn of the event loop (between two walks: systems walked in the run's thread come as messages). */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Systems walked (here or there) whose rows wait for those before them, by run order; null: not to be written here. */
const waiting = new Map<number, { scan: SystemScan; indexedAt: string } | null>();
/** The run order of the next system whose rows are written. */
let nextRows = 0;

/** A system's rows, in run order: written once those of every system before it are (null: no more rows are written). */
function rowsOf(at: number, system: { scan: SystemScan; indexedAt: string } | null): void {
  waiting.set(at, system);
  for (let next = waiting.get(nextRows); next !== undefined; next = waiting.get(nextRows)) {
    waiting.delete(nextRows++);
    if (next === null) rows = null;
    else rows?.add(next.scan, next.indexedAt);
  }
}

async function handle(m: ToSplitRun): Promise<void> {
  if (m.t === "open") {
    removeDatabase(m.path);
    db = openBuildingFile(bunThreadRuntime, m.path);
    rows = new NamedRows(db);
  } else if (m.t === "walk") {
    // each system claimed (the run's thread claims those it walks itself), walked, handed over, its rows written
    for (let at = Atomics.add(m.claims, 0, 1); at < m.requests.length && !failed; at = Atomics.add(m.claims, 0, 1)) {
      const walked = await walkSystem(m.requests[at] as SystemWalkRequest, { tick: noTick, countEntries: bunThreadRuntime.countDirEntries });
      // its rows only where they are the walk's files, as every system's before (else the run's thread writes the
      // index itself, and no more rows are written here)
      const writes = rows !== null && !unchangedWalk(walked) && walked.reused.length === 0;
      const wire = wireScan(walked.scan);
      scope.postMessage({ t: "walked", at, walked: { ...walked, scan: wire }, rows: writes }, [wire.fileDirs.buffer as ArrayBuffer]);
      rowsOf(m.first + at, writes ? walked : null);
      await turn();
    }
  } else if (m.t === "keys") keys.add(m.keys.split("\0"));
  else {
    if (!db || !rows || waiting.size > 0) throw new Error("split run: no rows to end");
    rows.flush();
    const total = rows.total;
    db.exec("COMMIT");
    db.close();
    db = null;
    scope.postMessage({ t: "rows", total });
    const [lower, upper] = keys.halves();
    const lowerCount = lower.ids.length; // (its ids are moved to the run's thread)
    scope.postMessage({ t: "lower", keys: lower.keys.join("\0"), ids: lower.ids }, [lower.ids.buffer as ArrayBuffer]);
    const samples: string[] = [];
    const ids = sortedIds(upper, false, { at: lowerCount, keys: samples });
    scope.postMessage({ t: "upper", ids, samples }, [ids.buffer as ArrayBuffer]);
  }
}

function fail(err: unknown): void {
  failed = true;
  try {
    db?.close();
  } catch {}
  scope.postMessage({ t: "failed", reason: (err as Error).message });
}

scope.onmessage = (e) => {
  const m = e.data;
  if (m.t === "rows") {
    try {
      if (!failed) rowsOf(m.at, { scan: scanOf(m.scan), indexedAt: m.indexedAt });
    } catch (err) {
      fail(err);
    }
    return;
  }
  queue = queue.then(async () => {
    if (failed) return;
    try {
      await handle(m);
    } catch (err) {
      fail(err);
    }
  });
};
scope.postMessage({ t: "ready" });
