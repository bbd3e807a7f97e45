/**
 * The file-name tag vocabulary: which bracketed words of No-Intro / Redump / TOSEC / GoodTools names mean which
 * `type:value` tags. Types and values are spelled as the reference (zaparoo-core pkg/database/tags) spells them,
 * so a phone app filtering on `region:us` or `dump:verified` finds the same media here. Data only.
 *
 * Keys are normalized: lowercase, spaces as dashes, no dots ("Rev 1" → "rev-1", "U.S.A." → "usa").
 */

/** Region: [value, label, language that region implies (or "")]. */
const REGIONS: Record<string, [string, string, string]> = {
  world: ["world", "World", ""],
  europe: ["eu", "Europe", ""],
  asia: ["asia", "Asia", ""],
  australia: ["au", "Australia", "en"],
  brazil: ["br", "Brazil", "pt"],
  canada: ["ca", "Canada", "en"],
  china: ["cn", "China", "zh"],
  france: ["fr", "France", "fr"],
  germany: ["de", "Germany", "de"],
  "hong-kong": ["hk", "Hong Kong", ""],
  italy: ["it", "Italy", "it"],
  japan: ["jp", "Japan", "ja"],
  korea: ["kr", "Korea", "ko"],
  netherlands: ["nl", "Netherlands", "nl"],
  spain: ["es", "Spain", "es"],
  sweden: ["se", "Sweden", "sv"],
  usa: ["us", "USA", "en"],
  poland: ["pl", "Poland", "pl"],
  finland: ["fi", "Finland", "fi"],
  denmark: ["dk", "Denmark", "da"],
  portugal: ["pt", "Portugal", "pt"],
  norway: ["no", "Norway", "no"],
  russia: ["ru", "Russia", "ru"],
  taiwan: ["tw", "Taiwan", "zh"],
  mexico: ["mx", "Mexico", "es"],
  scandinavia: ["scandinavia", "Scandinavia", ""],
  "united-kingdom": ["gb", "United Kingdom", "en"],
  uk: ["gb", "United Kingdom", "en"],
  "new-zealand": ["nz", "New Zealand", "en"],
};

/** TOSEC two-letter country codes (in parentheses) → the full region name above. */
const COUNTRY_CODES: Record<string, string> = {
  us: "usa", eu: "europe", jp: "japan", de: "germany", fr: "france", it: "italy", es: "spain", gb: "uk", nl: "netherlands",
  se: "sweden", br: "brazil", kr: "korea", au: "australia", ca: "canada", cn: "china", tw: "taiwan", ru: "russia", pl: "poland",
  fi: "finland", dk: "denmark", pt: "portugal", no: "norway", hk: "hong-kong", mx: "mexico", nz: "new-zealand",
};

/** GoodTools one-letter region codes in parentheses: "(U)", "(E)", "(JU)", "(W)". */
const GOODTOOLS_REGIONS: Record<string, string> = { u: "usa", e: "europe", j: "japan", w: "world", a: "australia", f: "france", g: "germany", k: "korea", b: "brazil", s: "spain", i: "italy", c: "china", h: "netherlands" };

/** Languages: value → label. Two-letter ISO codes as No-Intro writes them ("En,Fr,De"). */
export const LANGUAGES: Record<string, string> = {
  en: "English", fr: "French", de: "German", es: "Spanish", it: "Italian", pt: "Portuguese", nl: "Dutch", sv: "Swedish",
  da: "Danish", no: "Norwegian", fi: "Finnish", ja: "Japanese", zh: "Chinese", ko: "Korean", ru: "Russian", pl: "Polish",
  cs: "Czech", el: "Greek", hu: "Hungarian", tr: "Turkish", ar: "Arabic", he: "Hebrew", ca: "Catalan", hr: "Croatian",
};

/** GoodTools translation languages ("[T+Eng]", "[T-Ger]") → language value. */
export const TRANSLATION_LANGUAGES: Record<string, string> = {
  eng: "en", en: "en", ger: "de", deu: "de", de: "de", fre: "fr", fra: "fr", fr: "fr", spa: "es", es: "es", ita: "it", it: "it",
  por: "pt", pt: "pt", bra: "pt", rus: "ru", ru: "ru", jap: "ja", ja: "ja", chi: "zh", kor: "ko", pol: "pl", dut: "nl", swe: "sv",
};

/** Words in parentheses with fixed meanings (status, licence, distribution, video, copyright, edition). */
const PAREN_WORDS: Record<string, string[]> = {
  alpha: ["unfinished:alpha"],
  beta: ["unfinished:beta"],
  proto: ["unfinished:proto"],
  prototype: ["unfinished:proto"],
  sample: ["unfinished:sample"],
  demo: ["unfinished:demo"],
  "playable-demo": ["unfinished:demo"],
  preview: ["unfinished:preview"],
  "pre-release": ["unfinished:prerelease"],
  debug: ["unfinished:debug"],
  wip: ["unfinished:wip"],
  unl: ["unlicensed:unlicensed"],
  pirate: ["unlicensed:pirate"],
  bootleg: ["unlicensed:bootleg"],
  hack: ["unlicensed:hack"],
  alt: ["alt:alt"],
  "virtual-console": ["distribution:virtual-console"],
  ntsc: ["video:ntsc"],
  pal: ["video:pal"],
  "pal-60": ["video:pal-60"],
  pal60: ["video:pal-60"],
  "ntsc-pal": ["video:ntsc-pal"],
  "pal-ntsc": ["video:pal-ntsc"],
  pd: ["copyright:pd"],
  fw: ["copyright:fw"],
  sw: ["copyright:sw"],
  "sw-r": ["copyright:sw-r"],
  cw: ["copyright:cw"],
  gw: ["copyright:gw"],
  lw: ["copyright:lw"],
  "special-edition": ["edition:special"],
  "collectors-edition": ["edition:collectors"],
  "limited-edition": ["edition:limited"],
  "deluxe-edition": ["edition:deluxe"],
  "game-of-the-year-edition": ["edition:goty"],
  "directors-cut": ["edition:directors-cut"],
  "greatest-hits": ["reboxed:greatest-hits"],
  "players-choice": ["reboxed:players-choice"],
  platinum: ["reboxed:platinum"],
};

/** TOSEC / GoodTools dump flags in square brackets ("[!]", "[b1]", "[cr XOR]"). */
export const DUMP_FLAGS: Record<string, string> = {
  "!": "verified",
  "!p": "pending",
  b: "bad",
  a: "alternate",
  o: "overdump",
  u: "underdump",
  h: "hacked",
  f: "fixed",
  t: "trained",
  p: "pirated",
  m: "modified",
  cr: "cracked",
  c: "checksum-bad",
  x: "checksum-unknown",
  v: "virus",
};

/** Words in square brackets that are not dump flags. */
export const SQUARE_WORDS: Record<string, string[]> = {
  bios: ["dump:bios"],
  hack: ["unlicensed:hack"],
  pd: ["copyright:pd"],
  "hffe": ["dump:hacked", "dump:hacked:ffe"],
};

/** Tags for one normalized word inside parentheses, or undefined when it has no fixed meaning. */
export function parenWordTags(key: string, first: boolean): string[] | undefined {
  const region = REGIONS[key] ?? REGIONS[COUNTRY_CODES[key] ?? ""];
  if (region) return region[2] ? [`region:${region[0]}`, `lang:${region[2]}`] : [`region:${region[0]}`];
  if (key.length === 2 && LANGUAGES[key]) return [`lang:${key}`];
  const fixed = PAREN_WORDS[key];
  if (fixed) return fixed;
  // GoodTools region letters, only in the first group after the title ("(U)", "(JU)", "(UE)")
  if (first && key.length <= 3 && [...key].every((c) => GOODTOOLS_REGIONS[c])) {
    return [...key].flatMap((c) => parenWordTags(GOODTOOLS_REGIONS[c] as string, false) ?? []);
  }
  return undefined;
}

/** Labels for the values of types whose values are codes (regions, languages, dump flags). */
export function tagLabel(type: string, value: string): string | undefined {
  if (type === "region") {
    for (const r of Object.values(REGIONS)) if (r[0] === value) return r[1];
    return undefined;
  }
  if (type === "lang") return LANGUAGES[value];
  if (type === "disc") return `Disc ${value}`;
  if (type === "rev") return `Rev ${value.replaceAll("-", ".")}`;
  return undefined;
}
