import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileTitle, mediaTitle, parseMediaName, splitTag } from "../../../src/core/media/filename-tags.ts";
import { mediaName } from "../../../src/core/media/words.ts";

/** Real-looking names from No-Intro, Redump, TOSEC and GoodTools sets → title and tags. */
const CASES: Array<[name: string, title: string, tags: string[]]> = [
  ["Super Mario World (USA)", "Super Mario World", ["region:us", "lang:en"]],
  ["Sonic the Hedgehog (USA, Europe)", "Sonic the Hedgehog", ["region:us", "lang:en", "region:eu"]],
  ["Super Metroid (Japan, USA) (En,Ja)", "Super Metroid", ["region:jp", "lang:ja", "region:us", "lang:en"]],
  ["Legend of Zelda, The - A Link to the Past (Germany)", "Legend of Zelda, The - A Link to the Past", ["region:de", "lang:de"]],
  ["Street Fighter II Turbo (USA) (Rev 1)", "Street Fighter II Turbo", ["region:us", "lang:en", "rev:1"]],
  ["Pokemon - Red Version (USA, Europe) (SGB Enhanced)", "Pokemon - Red Version", ["region:us", "lang:en", "region:eu"]],
  ["Sonic & Knuckles (World) (Rev A)", "Sonic & Knuckles", ["region:world", "rev:a"]],
  ["Star Fox (Europe) (Rev 1.1)", "Star Fox", ["region:eu", "rev:1-1"]],
  ["Chrono Trigger (USA) [!]", "Chrono Trigger", ["region:us", "lang:en", "dump:verified"]],
  ["Mega Man X (USA) (Beta)", "Mega Man X", ["region:us", "lang:en", "unfinished:beta"]],
  ["Earthbound (USA) (Proto 2)", "Earthbound", ["region:us", "lang:en", "unfinished:proto:2"]],
  ["Kirby's Dream Land (Japan) (Demo)", "Kirby's Dream Land", ["region:jp", "lang:ja", "unfinished:demo"]],
  ["Aladdin (Korea) (Sample)", "Aladdin", ["region:kr", "lang:ko", "unfinished:sample"]],
  ["Final Fantasy VII (USA) (Disc 1)", "Final Fantasy VII", ["region:us", "lang:en", "media:disc", "disc:1"]],
  ["Metal Gear Solid (Europe) (En,Fr,De,Es,It) (Disc 2)", "Metal Gear Solid", ["region:eu", "lang:en", "lang:fr", "lang:de", "lang:es", "lang:it", "media:disc", "disc:2"]],
  ["Castlevania - Symphony of the Night (Brazil) (Unl)", "Castlevania - Symphony of the Night", ["region:br", "lang:pt", "unlicensed:unlicensed"]],
  ["F-Zero (USA) (Virtual Console)", "F-Zero", ["region:us", "lang:en", "distribution:virtual-console"]],
  ["Battletoads (Spain) (Alt)", "Battletoads", ["region:es", "lang:es", "alt:alt"]],
  // TOSEC: year first, then publisher (ignored), country code, media of total, dump flags with credits
  ["Defender of the Crown v1.2 (1987)(Cinemaware)(US)(Disk 1 of 2)[cr Skid Row][a2]", "Defender of the Crown", ["year:1987", "region:us", "lang:en", "media:disk", "disc:1", "disctotal:2", "dump:cracked", "dump:alternate", "rev:1-2"]],
  ["Lemmings (1991-02-14)(Psygnosis)(PAL)[!]", "Lemmings", ["year:1991", "video:pal", "dump:verified"]],
  ["Elite (198x)(Firebird)(GB)[t +2]", "Elite", ["year:198x", "region:gb", "lang:en", "dump:trained"]],
  ["Turrican II (1991)(Rainbow Arts)(DE)[h Fairlight]", "Turrican II", ["year:1991", "region:de", "lang:de", "dump:hacked"]],
  ["Tetris (19xx)(-)(PD)", "Tetris", ["year:19xx", "copyright:pd"]],
  // GoodTools: one-letter regions in the first group, dump flags with index and suffix, translations
  ["Super Mario Bros. 3 (U) (PRG1) [!]", "Super Mario Bros. 3", ["region:us", "lang:en", "dump:verified"]],
  ["Zelda II - The Adventure of Link (JU) [b1]", "Zelda II - The Adventure of Link", ["region:jp", "lang:ja", "region:us", "lang:en", "dump:bad"]],
  ["Mother (J) [T+Eng1.3_DemiForce]", "Mother", ["region:jp", "lang:ja", "unlicensed:translation", "lang:en"]],
  ["Phantasy Star (UE) [T-Ger]", "Phantasy Star", ["region:us", "lang:en", "region:eu", "unlicensed:translation:old", "lang:de"]],
  ["Contra (E) [h1C][o2]", "Contra", ["region:eu", "dump:hacked", "dump:overdump"]],
  ["Golden Axe (W) [f1][!p]", "Golden Axe", ["region:world", "dump:fixed", "dump:pending"]],
  ["Street Fighter Alpha 2 (Set 2) (Europe)", "Street Fighter Alpha 2", ["set:2", "region:eu"]],
  ["[BIOS] PlayStation (USA) (v3.0)", "PlayStation", ["dump:bios", "region:us", "lang:en", "rev:3-0"]],
  // no groups; unknown groups; unbalanced brackets
  ["Doom", "Doom", []],
  ["Seiken Densetsu 3 (Japan) {T+Eng}", "Seiken Densetsu 3", ["region:jp", "lang:ja"]],
  ["Pac-Man (Namco) (Arcade Perfect)", "Pac-Man", []],
  ["Broken (Title", "Broken (Title", []],
  ["  Spaced   Out   (USA)", "Spaced Out", ["region:us", "lang:en"]],
];

describe("parseMediaName", () => {
  for (const [name, title, tags] of CASES) {
    test(name, () => {
      const got = parseMediaName(name);
      expect(got.title).toBe(title);
      expect(got.tags).toEqual(tags);
    });
  }

  test("every tag is type:value with a non-empty type and value, lowercase, without spaces", () => {
    for (const [name] of CASES) {
      for (const t of parseMediaName(name).tags) {
        const { type, value } = splitTag(t);
        expect(type).toMatch(/^[a-z]+$/);
        expect(value).toMatch(/^[a-z0-9!][a-z0-9:!-]*$/);
      }
    }
  });

  test("splitTag keeps colons in values", () => {
    expect(splitTag("unfinished:beta:1")).toEqual({ type: "unfinished", value: "beta:1" });
  });
});

describe("fileTitle", () => {
  const ROM_NAMES = join(import.meta.dir, "../../data/rom-names");
  const real = readdirSync(ROM_NAMES)
    .filter((f) => f.endsWith(".txt"))
    .flatMap((f) => readFileSync(join(ROM_NAMES, f), "utf8").split("\n").filter((l) => l !== ""));
  /** Shapes whose title part ends near the extension's dot, or whose white space is not plain. */
  const bent = (name: string): string[] => [
    `${name}.sfc`,
    name,
    `  ${name}  .nes`,
    `${name.replace(" (", "  (")}.md`,
    `${name.replace(" ", "\t")}.gb`,
    `${name.replace(" ", "\u00a0")}.gba`,
    `${name.replace(/ \(.*/, " (USA.v)")}`,
    `${name.replace(/ \(.*/, " (USA")}.zip`,
    `${name.replace(/ \(.*/, " v1.2 (USA)")}.adf`,
    `(USA) ${name.replace(/ \(.*/, "")}.sfc`,
    `.${name}`,
  ];

  test("is mediaTitle of the media name, for every real name and bent shape, whole or not", () => {
    expect(real.length).toBeGreaterThan(20_000);
    const differ: string[] = [];
    for (const name of real) {
      for (const file of bent(name)) {
        for (const whole of [false, true]) {
          const want = mediaTitle(mediaName(file, whole));
          if (fileTitle(file, whole) !== want) differ.push(`${whole} ${JSON.stringify(file)}: ${JSON.stringify(fileTitle(file, whole))} ≠ ${JSON.stringify(want)}`);
        }
      }
    }
    expect(differ.slice(0, 10)).toEqual([]);
  });

  test("reads the title up to the extension's dot only", () => {
    expect(fileTitle("Game (USA.v)", false)).toBe("Game (USA");
    expect(fileTitle("Game (USA.v)", true)).toBe("Game");
    expect(fileTitle("  Super  Game (Europe).sfc", false)).toBe("Super Game");
    expect(fileTitle("Game v1.2 (USA).adf", false)).toBe("Game");
  });
});
