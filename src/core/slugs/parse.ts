/** The media-type-specific title parser, chosen by media type; other types pass their title through. Pure. */
import { parseGame } from "./parse-game.ts";
import { parseMovie } from "./parse-movie.ts";
import { parseMusic } from "./parse-music.ts";
import { parseTVShow } from "./parse-tv.ts";
import { MediaTypeGame, MediaTypeMovie, MediaTypeMusic, MediaTypeTVShow, type MediaType } from "./media-type.ts";

const PARSERS: ReadonlyMap<MediaType, (title: string) => string> = new Map<MediaType, (title: string) => string>([
  [MediaTypeTVShow, parseTVShow],
  [MediaTypeGame, parseGame],
  [MediaTypeMovie, parseMovie],
  [MediaTypeMusic, parseMusic],
]);

/** `ParseWithMediaType`. */
export function parseWithMediaType(mediaType: MediaType, title: string): string {
  const parse = PARSERS.get(mediaType);
  return parse ? parse(title) : title;
}
