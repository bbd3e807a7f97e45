/** The kinds of media a title can be, each with its own title parsing (the reference's string values). */

export const MediaTypeGame = "Game";
export const MediaTypeMovie = "Movie";
export const MediaTypeTVShow = "TVShow";
export const MediaTypeMusic = "Music";
export const MediaTypeImage = "Image";
export const MediaTypeAudio = "Audio";
export const MediaTypeVideo = "Video";
export const MediaTypeApplication = "Application";

/**
 * A media type. Any string is accepted where one is expected, as in the reference (a string type): an
 * unknown one gets no media-specific parsing.
 */
export type MediaType =
  | typeof MediaTypeGame
  | typeof MediaTypeMovie
  | typeof MediaTypeTVShow
  | typeof MediaTypeMusic
  | typeof MediaTypeImage
  | typeof MediaTypeAudio
  | typeof MediaTypeVideo
  | typeof MediaTypeApplication
  | (string & {});

/** Every media type the reference names, in its order. */
export const mediaTypes: readonly MediaType[] = [
  MediaTypeGame,
  MediaTypeMovie,
  MediaTypeTVShow,
  MediaTypeMusic,
  MediaTypeImage,
  MediaTypeAudio,
  MediaTypeVideo,
  MediaTypeApplication,
];
