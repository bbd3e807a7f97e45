/**
 * Games for a card set from the library: media named one by one (system and path, as results carry them), or
 * every media of a source (a search, a folder of the index, a system, the favourites, a playlist), in the
 * source's order, up to a limit. Each becomes what a card needs: clean title, system, file-name tags, and the
 * `@System/Title` script that launches exactly it.
 */
import { titleScript } from "../../core/cards/card-script.ts";
import { DomainError } from "../../core/errors.ts";
import { mediaTitle } from "../../core/media/filename-tags.ts";
import type { MediaItem, TitleResolution } from "../../core/media-types.ts";
import type { CardMediaRef, CardSource } from "../../core/wire/cards.ts";
import type { BrowseResult } from "../../core/wire/media-browse.ts";
import type { SearchResult } from "../../core/wire/media.ts";
import type { BrowseRequest } from "../media/browse.ts";
import { readPlaylistSource } from "../playlist/playlist-source.ts";

/** A game as a set keeps it. */
export interface CardMedia {
  path: string;
  systemId: string;
  systemName: string;
  title: string;
  tags: string[];
  titleScript: string;
}

/** The library calls the sources use (MediaService's). */
export interface CardLibrary {
  itemAt(path: string): Promise<MediaItem | undefined>;
  search(query: string, systemIds: readonly string[], maxResults: number, tags?: readonly string[], cursor?: string): SearchResult | Promise<SearchResult>;
  browse(req: BrowseRequest): Promise<BrowseResult>;
  resolveTitle(systemId: string, gameName: string): TitleResolution;
  rootFolders(): string[];
}

const FAVORITE = "user:favorite";
const PAGE = 500;

/** File-name tags of an item as `type:value` (not the file extension; user tags such as favourites are not the game's). */
function fileTags(item: MediaItem): string[] {
  return item.tags.filter((t) => t.type !== "user" && t.type !== "extension" && t.type !== "").map((t) => `${t.type}:${t.tag}`);
}

export class CardSources {
  constructor(private readonly library: CardLibrary) {}

  /** The games `refs` name, in order; a ref the index does not hold is refused (1001), naming it. */
  async named(refs: readonly CardMediaRef[]): Promise<CardMedia[]> {
    const out: CardMedia[] = [];
    for (const ref of refs) {
      const item = await this.library.itemAt(ref.path);
      if (!item || item.system.id !== ref.system) throw new DomainError("not-found", `media not found in the index: ${ref.system} ${ref.path}`);
      out.push(this.card(item));
    }
    return out;
  }

  /** Every game of `source` in its order, at most `limit`. */
  async of(source: CardSource, limit: number): Promise<CardMedia[]> {
    const items = await this.items(source, limit);
    return items.slice(0, limit).map((i) => this.card(i));
  }

  private async items(source: CardSource, limit: number): Promise<MediaItem[]> {
    switch (source.kind) {
      case "search":
        return this.searchAll(source.query ?? "", source.systems ?? [], source.tags ?? [], limit);
      case "system":
        return this.searchAll("", [source.system], [], limit);
      case "favorites":
        return this.searchAll("", source.systems ?? [], [FAVORITE], limit);
      case "folder":
        return this.folder(source.path, limit);
      case "playlist":
        return this.playlist(source.name, limit);
    }
  }

  private async searchAll(query: string, systems: readonly string[], tags: readonly string[], limit: number): Promise<MediaItem[]> {
    const out: MediaItem[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.library.search(query, systems, Math.min(PAGE, limit - out.length), tags, cursor ?? "");
      out.push(...page.results);
      cursor = page.pagination?.hasNextPage ? (page.pagination.nextCursor ?? undefined) : undefined;
    } while (cursor && out.length < limit);
    return out;
  }

  /** The media of a folder of the index and its subfolders, depth first in listing order. */
  private async folder(path: string, limit: number): Promise<MediaItem[]> {
    const out: MediaItem[] = [];
    const visit = async (dir: string): Promise<void> => {
      let cursor: string | undefined;
      do {
        const page = await this.library.browse({ path: dir, systems: [], max: PAGE, sort: "filename-asc", tags: [], ...(cursor ? { cursor } : {}) });
        for (const e of page.entries) {
          if (out.length >= limit) return;
          if (e.type === "media") {
            const item = await this.library.itemAt(e.relativePath ?? e.path);
            if (item) out.push(item);
          } else await visit(e.path);
        }
        cursor = page.pagination?.hasNextPage ? (page.pagination.nextCursor ?? undefined) : undefined;
      } while (cursor && out.length < limit);
    };
    await visit(path);
    return out;
  }

  /** The indexed media of a playlist (a `.pls`/`.m3u` or a folder inside the media folders); other entries are left out. */
  private async playlist(name: string, limit: number): Promise<MediaItem[]> {
    let read: ReturnType<typeof readPlaylistSource>;
    try {
      read = readPlaylistSource(name, this.library.rootFolders(), () => true);
    } catch (err) {
      throw new DomainError("not-found", (err as Error).message);
    }
    const out: MediaItem[] = [];
    for (const entry of read.items) {
      if (out.length >= limit) break;
      const item = await this.library.itemAt(entry.zapScript);
      if (item) out.push(item);
    }
    return out;
  }

  /**
   * What a card keeps of a media. Its title script is `@System/Title` when that launches exactly this file, else
   * with the file's tags (region, revision …) added, as the reference's results tell titles apart.
   */
  private card(item: MediaItem): CardMedia {
    const title = mediaTitle(item.name) || item.name;
    const tags = fileTags(item);
    const plain = titleScript(item.system.id, title);
    const picks = (script: string) => this.library.resolveTitle(item.system.id, script.slice(item.system.id.length + 2)).item?.path === item.path;
    const script = picks(plain) ? plain : titleScript(item.system.id, title, tags);
    return { path: item.path, systemId: item.system.id, systemName: item.system.name, title, tags, titleScript: script };
  }
}
