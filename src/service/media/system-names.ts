import { fileTitle } from "../../core/media/filename-tags.ts";
import { joinedTitleSortKeys } from "../../core/media/title-order.ts";
import { indexTagsOfFile } from "../../core/media/index-tags.ts";
import type { MediaType } from "../../core/slugs/index.ts";
import type { DerivedChunks } from "./derived-chunks.ts";

/**
 * Parses the file names of a full run's systems (titles, tags) once each, in media id order: for the derived
 * tables, added to `chunks` (a split run's, split-run.ts: no store games, no platform titles), and for the title
 * order, whose keys it gives back.
 */
export class SystemNamesParser {
  constructor(private readonly chunks: DerivedChunks) {}

  /** Parses `names` (their ids follow those parsed before); gives each one's title key (`titleSortKey`), joined by NUL. */
  parse(names: readonly string[], mediaType: MediaType): string {
    const titles = new Array<string>(names.length);
    for (let i = 0; i < names.length; i++) {
      const file = names[i] as string;
      const title = fileTitle(file, false);
      this.chunks.add(file, false, title, undefined, indexTagsOfFile(file, false, mediaType));
      titles[i] = title;
    }
    return joinedTitleSortKeys(titles.join("\0"));
  }
}
