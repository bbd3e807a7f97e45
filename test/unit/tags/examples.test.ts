/**
 * Readable examples of the reference's behaviour (answers of the reference's code, and the vectors of its
 * unit tests for normalization, storage padding, aliases, tag-type rules and zapscript tag filters).
 * Tags are written "type:value", "~" marking a tag inferred from plain text.
 */
import { describe, expect, test } from "bun:test";
import type { MediaType } from "../../../src/core/slugs/index.ts";
import * as tags from "../../../src/core/tags/index.ts";

const short = (list: readonly tags.CanonicalTag[]): string =>
  list.map((t) => `${tags.tagString(t)}${t.source === tags.TagSourceInferred ? "~" : t.source === tags.TagSourceBracketed ? "" : "?"}`).join(" ");

/** [file name, media type, title, tags]. */
const NAMES: readonly [string, MediaType, string, string][] = [
  ["Super Mario Bros (USA)(En)[!].nes", "Game", "Super Mario Bros", "region:us lang:en lang:en dump:verified"],
  ["Game (Ch)(De)[!].rom", "Game", "Game", "region:ch region:de lang:de dump:verified"],
  ["Game (Japan)(Ch).rom", "Game", "Game", "region:jp lang:ja lang:zh"],
  ["Final Fantasy VII (Disc 1 of 3)(USA)(En).bin", "Game", "Final Fantasy VII", "media:disc disc:1 disctotal:3 region:us lang:en lang:en"],
  ["Final Fantasy IX (USA) (Disc 4) (Rev 1).chd", "Game", "Final Fantasy IX", "rev:1 region:us lang:en media:disc disc:4"],
  ["Mario Kart (v1.2)(Europe).n64", "Game", "Mario Kart", "rev:1-2 region:eu"],
  ["Game (USA)[en-fr-de][!].gba", "Game", "Game", "region:us lang:en lang:en lang:fr lang:de dump:verified"],
  ["Legend of Zelda, The - A Link to the Past (USA) (Virtual Console)", "Game", "Legend of Zelda, The - A Link to the Past", "region:us lang:en distribution:virtual-console"],
  ["Chrono Trigger (USA) [T+Spa v1.2]", "Game", "Chrono Trigger", "rev:1-2~ region:us lang:en unlicensed:translation lang:es"],
  ["Chrono Trigger T+Eng v1.0", "Game", "Chrono Trigger T+Eng v1.0", "unlicensed:translation~ lang:en~ rev:1-0~"],
  ["Axelay (U) FastROM (Hack) v1.0 Vitor Vilela.sfc", "Game", "Axelay", "unlicensed:hack patch:fastrom:1-0 region:us lang:en"],
  ["Super Metroid (Japan, USA) (En,Ja) [FastROM hack by Kejardon v1.1]", "Game", "Super Metroid", "unlicensed:hack patch:fastrom:1-1 region:jp lang:ja region:us lang:en lang:en lang:ja"],
  ["Street Fighter II (World 931005)", "Game", "Street Fighter II", "region:world builddate:1993-10-05"],
  ["Out Run (Japan) (FD1094 317-0154)", "Game", "Out Run", "region:jp lang:ja protection:fd1094"],
  ["Maniac Mansion (1988)(LucasFilm)(de)[cr Black Byte][m EMT].st", "Game", "Maniac Mansion", "year:1988 publisher:lucasfilm region:de lang:de dump:cracked credit:black-byte dump:modified credit:emt"],
  ["Tiger Road (1987)(Go!)(Disk 1 of 2)[cr Replicants].st", "Game", "Tiger Road", "media:disk disc:1 disctotal:2 year:1987 publisher:go dump:cracked credit:replicants"],
  ["Pokemon - Red Version (USA, Europe) (SGB Enhanced)", "Game", "Pokemon - Red Version", "edition:version~ region:us lang:en region:eu compatibility:gameboy:sgb"],
  ["Sonic the Hedgehog (Special Edition) (Beta)", "Game", "Sonic the Hedgehog", "edition:special unfinished:beta"],
  ["Aladdin (Europe) (Sega Classics)", "Game", "Aladdin", "region:eu release:classics"],
  ["Super Mario World (SMW Hack)", "Game", "Super Mario World", "unlicensed:hack"],
  ["Gradius (Japan) (Rev A) (Konami Classics)", "Game", "Gradius", "rev:a region:jp lang:ja release:classics"],
  ["The.Dark.Knight.2008.1080p.BluRay.x264.DTS-GROUP.mkv", "Movie", "The Dark Knight 2008", ""],
  ["Show.Name.S01E02.720p.HDTV.x264-GRP.mkv", "TVShow", "Show Name", "season:1~ episode:2~"],
  ["01 - Song Title.mp3", "Music", "01 - Song Title", "track:1~"],
  ["Amazing Spider-Man #47.cbz", "Image", "Amazing Spider-Man #47", "issue:47~"],
  ["Book Title (Vol. 2).epub", "Image", "Book Title", "volume:2"],
];

describe("file names", () => {
  for (const [name, mediaType, title, expected] of NAMES) {
    test(name, () => {
      expect(tags.parseTitleFromFilenameForMedia(name, false, mediaType)).toBe(title);
      expect(short(tags.parseFilenameToCanonicalTagsForMedia(name, mediaType))).toBe(expected);
    });
  }

  test("list numbers are removed only on request", () => {
    expect(tags.parseTitleFromFilename("01 - Game Title (USA)", true)).toBe("Game Title");
    expect(tags.parseTitleFromFilename("1942 (USA)", false)).toBe("1942");
  });

  test("per-file display titles keep structural markers", () => {
    expect(tags.parseDisplayTitleFromFilename("Final Fantasy VII (USA) (Disc 2).chd", false)).toBe("Final Fantasy VII (Disc 2)");
    expect(tags.parseTitleFromFilename("Final Fantasy VII (USA) (Disc 2).chd", false)).toBe("Final Fantasy VII");
  });
});

describe("normalizeTag (go-zapscript and tags tests)", () => {
  const cases: readonly [string, string][] = [
    ["REGION", "region"],
    ["  region  ", "region"],
    ["my tag", "my-tag"],
    ["version.1.2.3", "version-1-2-3"],
    ["type : value", "type:value"],
    ["tag!@#$%name", "tagname"],
    ["my-tag:value,other", "my-tag:value,other"],
    ["V. Gabriel", "v-gabriel"],
    ["Genre", "genre"],
    ["multi player", "multi-player"],
    ["year.1991", "year-1991"],
    ["compatibility@A500!", "compatibilitya500"],
    ["disc:1-2", "disc:1-2"],
    ["  Lang: EN  ", "lang:en"],
    ["", ""],
    ["!@#$%^&*()", ""],
  ];
  for (const [input, want] of cases) test(JSON.stringify(input), () => expect(tags.normalizeTag(input)).toBe(want));
});

describe("normalizeTagValue", () => {
  const cases: readonly [string, string, string][] = [
    ["developer", "Nintendo R&D1", "nintendo-r-and-d1"],
    ["publisher", "T&E Soft", "t-and-e-soft"],
    ["credit", "Coktel Visión", "coktel-vision"],
    ["genre", "Action RPG", "action-rpg"],
  ];
  for (const [type, input, want] of cases) {
    test(`${type} ${input}`, () => expect(tags.normalizeTagValue(type, input)).toBe(want));
  }
});

describe("parseTagFilters (go-zapscript tests)", () => {
  const f = (type: string, value: string, operator: tags.TagOperator = tags.TagOperatorAND): tags.TagFilter => ({
    type,
    value,
    operator,
  });
  const cases: readonly [string, tags.TagFilter[]][] = [
    ["region:usa", [f("region", "usa")]],
    ["+region:usa", [f("region", "usa")]],
    ["-region:usa", [f("region", "usa", "NOT")]],
    ["~region:usa", [f("region", "usa", "OR")]],
    ["region:usa,-lang:ja,~genre:rpg", [f("region", "usa"), f("lang", "ja", "NOT"), f("genre", "rpg", "OR")]],
    ["REGION:USA", [f("region", "usa")]],
    ["  region : usa  ", [f("region", "usa")]],
    ["genre:role playing game", [f("genre", "role-playing-game")]],
    ["region:usa,region:usa", [f("region", "usa")]],
    ["region:usa,REGION:USA", [f("region", "usa")]],
    ["region:usa,-region:usa", [f("region", "usa"), f("region", "usa", "NOT")]],
    ["", []],
    ["   ", []],
    ["region:usa,,lang:en", [f("region", "usa"), f("lang", "en")]],
    ["url:http://example.com", [f("url", "http:example-com")]],
  ];
  for (const [input, want] of cases) test(JSON.stringify(input), () => expect(tags.parseTagFilters(input)).toEqual(want));

  for (const bad of ["invalidtag", "!!!:value", "type:!!!"]) {
    test(`rejects ${bad}`, () => expect(() => tags.parseTagFilters(bad)).toThrow(tags.TagFilterError));
  }
});

describe("stored values", () => {
  const padded: readonly [string, string][] = [
    ["1", "0001"], ["10", "0010"], ["100", "0100"], ["0001", "0001"], ["1995", "1995"], ["10000", "10000"],
    ["prg:0", "prg:0000"], ["beta:5", "beta:0005"], ["3dfukkoku:2", "3dfukkoku:0002"], ["joystick:2h", "joystick:2h"],
    ["rev:a", "rev:a"], ["rockmanclassic:x2", "rockmanclassic:x2"], ["alt", "alt"], ["0", "0000"],
  ];
  const unpadded: readonly [string, string][] = [
    ["0001", "1"], ["0010", "10"], ["1", "1"], ["1995", "1995"], ["00", "0"], ["0000", "0"], ["0", "0"],
    ["prg:0000", "prg:0"], ["vol:0009", "vol:9"],
  ];
  for (const [input, want] of padded) test(`pad ${input}`, () => expect(tags.padTagValue(input)).toBe(want));
  for (const [input, want] of unpadded) test(`unpad ${input}`, () => expect(tags.unpadTagValue(input)).toBe(want));
});

describe("tag aliases and type rules", () => {
  const aliases: readonly [string, string][] = [
    ["addon:barcodeboy", "addon:barcode:barcodeboy"],
    ["addon:controller:jcart", "embedded:slot:jcart"],
    ["addon:controller:rumble", "embedded:vibration:rumble"],
    ["distribution:virtualconsole", "distribution:virtual-console"],
    ["distribution:virtual-console", "distribution:virtual-console"],
    ["disc:1", "disc:1"],
    ["", ""],
  ];
  for (const [input, want] of aliases) test(`alias ${input}`, () => expect(tags.canonicalizeTagAlias(input)).toBe(want));

  test("scanner-owned types", () => {
    for (const t of [tags.TagTypeRegion, tags.TagTypeLang, tags.TagTypeRev, tags.TagTypeExtension, "brand-new-scanner-type"]) {
      expect(tags.isScannerOwnedType(t)).toBe(true);
    }
    for (const t of [tags.TagTypeUser, tags.TagTypeProperty, tags.TagTypeRating, tags.TagTypeGenre, tags.TagTypeGameFamily]) {
      expect(tags.isScannerOwnedType(t)).toBe(false);
    }
    expect(tags.isScannerOwnedType(tags.scraperType("igdb"))).toBe(false);
    expect(tags.isScannerOwnedType(tags.scraperRunType("igdb"))).toBe(false);
  });

  test("exclusive types", () => {
    expect(tags.isExclusiveType(tags.TagTypeYear)).toBe(true);
    expect(tags.isExclusiveType(tags.TagTypeGameFamily)).toBe(true);
    expect(tags.isExclusiveType(tags.TagTypeRegion)).toBe(false);
    expect(tags.isExclusiveType(tags.TagTypeLang)).toBe(false);
    expect(tags.isExclusiveType("unknown-type")).toBe(false);
  });

  test("scraper tags", () => {
    expect(tags.scraperTypeTag("igdb")).toBe("scraper.igdb:scraped");
    expect(tags.scraperRunTypeTag("igdb", "run1")).toBe("scraper-run.igdb:run1");
    expect(tags.propertyTypeTag(tags.TagPropertyDescription)).toBe(`property:${tags.TagPropertyDescription}`);
  });
});
