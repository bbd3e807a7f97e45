// Ways a person writes a game's title on a tag, applied to a No-Intro title.
import type { Rng } from "./rng";

const ROMAN: ReadonlyArray<[string, string]> = [
  ["II", "2"],
  ["III", "3"],
  ["IV", "4"],
  ["V", "5"],
  ["VI", "6"],
  ["VII", "7"],
  ["VIII", "8"],
  ["IX", "9"],
  ["X", "10"],
];

const replaceWord = (s: string, from: string, to: string): string =>
  s.replace(new RegExp(`(^|[^A-Za-z0-9])${from}(?=$|[^A-Za-z0-9])`, "g"), `$1${to}`);

export type Variant = { kind: string; apply: (title: string, rng: Rng) => string | undefined };

export const VARIANTS: readonly Variant[] = [
  { kind: "exact", apply: (t) => t },
  { kind: "lower", apply: (t) => t.toLowerCase() },
  { kind: "upper", apply: (t) => t.toUpperCase() },
  {
    kind: "no-punctuation",
    apply: (t) => t.replace(/[^\p{L}\p{N}\s]/gu, "").replace(/\s+/g, " ").trim(),
  },
  {
    kind: "article-front",
    apply: (t) => {
      const m = /^(.*?), (The|A|An)(\b.*)$/.exec(t);
      return m ? `${m[2]} ${m[1]}${m[3]}` : undefined;
    },
  },
  {
    kind: "article-back",
    apply: (t) => {
      const m = /^(The|A|An) (.+)$/.exec(t);
      return m ? `${m[2]}, ${m[1]}` : undefined;
    },
  },
  {
    kind: "dash-to-colon",
    apply: (t) => (t.includes(" - ") ? t.replace(" - ", ": ") : undefined),
  },
  {
    kind: "colon-to-dash",
    apply: (t) => (t.includes(": ") ? t.replace(": ", " - ") : undefined),
  },
  { kind: "and-to-amp", apply: (t) => (/\band\b/i.test(t) ? t.replace(/\band\b/i, "&") : undefined) },
  { kind: "amp-to-and", apply: (t) => (t.includes("&") ? t.replace("&", "and") : undefined) },
  {
    kind: "roman-to-arabic",
    apply: (t) => {
      const hit = ROMAN.find(([r]) => replaceWord(t, r, "") !== t);
      return hit ? replaceWord(t, hit[0], hit[1]) : undefined;
    },
  },
  {
    kind: "arabic-to-roman",
    apply: (t) => {
      const hit = ROMAN.find(([, a]) => replaceWord(t, a, "") !== t);
      return hit ? replaceWord(t, hit[1], hit[0]) : undefined;
    },
  },
  {
    kind: "no-accents",
    apply: (t) => {
      const plain = t.normalize("NFD").replace(/\p{M}/gu, "");
      return plain !== t ? plain : undefined;
    },
  },
  {
    kind: "typo-swap",
    apply: (t, rng) => {
      if (t.length < 6) return undefined;
      const i = 1 + rng.int(t.length - 3);
      return t.slice(0, i) + t[i + 1] + t[i] + t.slice(i + 2);
    },
  },
  {
    kind: "typo-drop",
    apply: (t, rng) => {
      if (t.length < 6) return undefined;
      const i = 1 + rng.int(t.length - 2);
      return t.slice(0, i) + t.slice(i + 1);
    },
  },
  {
    kind: "typo-double",
    apply: (t, rng) => {
      if (t.length < 4) return undefined;
      const i = rng.int(t.length);
      return t.slice(0, i + 1) + t[i] + t.slice(i + 1);
    },
  },
  {
    kind: "drop-last-word",
    apply: (t) => {
      const words = t.split(" ");
      return words.length >= 3 ? words.slice(0, -1).join(" ") : undefined;
    },
  },
  {
    kind: "drop-two-words",
    apply: (t) => {
      const words = t.split(" ");
      return words.length >= 4 ? words.slice(0, -2).join(" ") : undefined;
    },
  },
  {
    kind: "main-title-only",
    apply: (t) => {
      const m = /^(.+?)(?: - |: )/.exec(t);
      return m ? m[1] : undefined;
    },
  },
  {
    kind: "secondary-title-only",
    apply: (t) => {
      const m = /(?: - |: )(.+)$/.exec(t);
      return m ? m[1] : undefined;
    },
  },
];

export const REGION_TAGS = ["(USA)", "(Europe)", "(Japan)", "(World)", "(USA, Europe)", "(Germany)", "(France)"];
export const REGION_FILTERS = ["(region:us)", "(region:eu)", "(region:jp)", "(lang:en)", "(-region:jp)", "(region:us,region:eu)"];
export const TAG_ARGS = [["region:us"], ["region:eu"], ["region:jp"], ["-unfinished:beta"], ["lang:fr"], ["rev:1"]];
