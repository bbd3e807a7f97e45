/** TV episode markers "S01E02" (season of 1–2 digits, episode of 1–3), any case. */
import { isDigit } from "./chars.ts";

/** The end of "S<d{1,2}>E<d{1,3}>" at i, with the capture bounds; undefined when none is there. */
function episodeAt(s: string, i: number): [number, number, number, number] | undefined {
  let pos = i + 1;
  const sStart = pos;
  while (pos < s.length && pos - sStart < 2 && isDigit(s.charCodeAt(pos))) pos++;
  if (pos === sStart) return undefined;
  const sEnd = pos;
  if (s[pos] !== "E" && s[pos] !== "e") return undefined;
  pos++;
  const eStart = pos;
  while (pos < s.length && pos - eStart < 3 && isDigit(s.charCodeAt(pos))) pos++;
  if (pos === eStart) return undefined;
  return [sStart, sEnd, eStart, pos];
}

export function findSeasonEpisode(s: string): { season: string; episode: string } | undefined {
  for (let i = 0; i < s.length - 3; i++) {
    if (s[i] !== "S" && s[i] !== "s") continue;
    const m = episodeAt(s, i);
    if (m) return { season: s.slice(m[0], m[1]), episode: s.slice(m[2], m[3]) };
  }
  return undefined;
}

/** Every episode marker replaced by a space. */
export function removeSeasonEpisode(s: string): string {
  let out = "";
  let last = 0;
  for (let i = 0; i < s.length; ) {
    const m = (s[i] === "S" || s[i] === "s") && i + 3 < s.length ? episodeAt(s, i) : undefined;
    if (!m) {
      i++;
      continue;
    }
    out += `${s.slice(last, i)} `;
    i = m[3];
    last = i;
  }
  return last === 0 && out === "" ? s : out + s.slice(last);
}
