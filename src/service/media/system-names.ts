import { mediaTitle } from "../../core/media/filename-tags.ts";
import { joinedTitleSortKeys } from "../../core/media/title-order.ts";
import { mediaName } from "../../core/media/words.ts";
import { indexTagsOfFile } from "../../core/media/index-tags.ts";
import type { MediaType } from "../../core/slugs/index.ts";
import type { DerivedChunks } from "./derived-chunks.ts";

/** A walked system's files as handed to the index thread ahead of the write (ids follow those handed before). */
export interface SystemNames {
  /** File names joined by NUL. */
  names: string;
  /** Per file: 1 when its name is taken whole (a store game's virtual folder). */
  whole: Uint8Array;
  /** Files (place in the list, ascending) the platform names, and those names. */
  namedAt: number[];
  named: string[];
  /** How the system's file names are read for tags (its media type). */
  mediaType: MediaType;
}

/** What the thread hands back for them: the keys the writer sorts the title order by. */
export interface ParsedNames {
  /** Each file's title key (`titleSortKey` of the platform's name, else of the title parsed), joined by NUL. */
  keys: string;
}

/**
 * Parses each file name of the systems handed over (titles, tags) once: for the derived tables, added to `chunks`
 * in media id order, and for the title order, whose keys are handed back.
 */
export class SystemNamesParser {
  constructor(private readonly chunks: DerivedChunks) {}

  parse(m: SystemNames): ParsedNames {
    const names = m.names.split("\0");
    const titles = new Array<string>(names.length);
    let k = 0;
    for (let i = 0; i < names.length; i++) {
      const file = names[i] as string;
      const whole = m.whole[i] === 1;
      const title = mediaTitle(mediaName(file, whole));
      const named = m.namedAt[k] === i ? (m.named[k++] as string) : undefined;
      this.chunks.add(file, whole, title, named, indexTagsOfFile(file, whole, m.mediaType));
      titles[i] = named ?? title;
    }
    return { keys: joinedTitleSortKeys(titles.join("\0")) };
  }
}
