import type { BrowseNode, BrowseTree, IndexedDir } from "./browse-tree.ts";

/** Folders holding fewer media than this are listed whole (reading them is about as quick as scans of the order). */
export const FIRST_PAGE_SCAN_MIN = 2000;

/**
 * The next `want` media of a folder by title (name-asc, or name-desc when `desc`) after the media at place
 * `after` of the index's title order (from the start when undefined), picked off that order without building the
 * folder's listing: a folder's media are a contiguous id range per system, so a scan of the order stops after
 * `want` hits (a folder holding 1/15 of the index is done after some 15·want ids). Null when the folder's media
 * are not whole id ranges (then the listing is built).
 */
export function mediaByTitle(
  tree: BrowseTree,
  node: BrowseNode,
  systems: readonly string[],
  want: number,
  desc: boolean,
  after?: number,
): Array<{ id: number; dir: IndexedDir }> | null {
  const ranges = node.direct.filter((d) => systems.length === 0 || systems.includes(d.system));
  if (ranges.some((d) => d.hi - d.lo + 1 !== d.count)) return null;
  const out: Array<{ id: number; dir: IndexedDir }> = [];
  if (ranges.length === 0 || want <= 0) return out;
  const order = tree.order();
  const step = desc ? -1 : 1;
  const from = after === undefined ? (desc ? order.length - 1 : 0) : after + step;
  for (let r = from; r >= 0 && r < order.length && out.length < want; r += step) {
    const id = order[r] as number;
    for (const d of ranges) {
      if (id >= d.lo && id <= d.hi) {
        out.push({ id, dir: d });
        break;
      }
    }
  }
  return out;
}
