/**
 * The reference's named tag values (data/tag-values.json, by their Go names: TagRegionUS → "us"), and as
 * constants the ones the title resolution and the media indexer name.
 */
import values from "./data/tag-values.json" with { type: "json" };

export const tagValues: Readonly<typeof values> = values;

export const {
  TagDumpBad,
  TagLangEN,
  TagPropertyDescription,
  TagPropertyGameID,
  TagPropertyLauncherOverride,
  TagRegionJP,
  TagRegionUS,
  TagScraperScraped,
  TagUnfinishedAlpha,
  TagUnfinishedBeta,
  TagUnfinishedDemo,
  TagUnfinishedPrerelease,
  TagUnfinishedPreview,
  TagUnfinishedProto,
  TagUnfinishedSample,
  TagUnlicensedBootleg,
  TagUnlicensedClone,
  TagUnlicensedHack,
  TagUnlicensedTranslation,
  TagUserFavorite,
} = values;
