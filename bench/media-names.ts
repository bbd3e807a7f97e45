/**
 * Deterministic synthetic game names for the media benchmarks: title words drawn with a skewed (Zipf-like)
 * distribution, plus the region and revision tags real ROM sets carry, e.g. "Super Dragon Quest 3 (USA) (Rev 1)".
 */
const WORDS = (
  "super mario bros world land kart party zelda link legend awakening past ocarina time majora mask metroid " +
  "fusion prime samus kirby dream star yoshi island donkey kong country tropical freeze wario ware sonic " +
  "hedgehog knuckles tails chaos adventure street fighter alpha turbo champion edition mortal kombat final " +
  "fantasy tactics dragon quest warrior slayer castlevania symphony night dracula rondo blood mega man x " +
  "battle network legends contra hard corps gradius salamander parodius r-type thunder force axelay pilotwings " +
  "f-zero star fox wing commander racing rally grand prix touring car gran turismo ridge racer outrun hang-on " +
  "space harrier after burner galaxy force golden axe shinobi altered beast streets of rage bare knuckle " +
  "ninja gaiden turtles teenage mutant double dragon final fight captain commando cadillacs dinosaurs punisher " +
  "knights round king dragons magic sword tower doom shadow mystara chronicles secret mana seiken densetsu " +
  "chrono trigger cross breath fire lufia earthbound mother phantasy pokemon red blue yellow gold silver " +
  "crystal ruby sapphire emerald pinball puzzle tetris columns puyo bomberman lemmings worms sim city " +
  "civilization pirates railroad tycoon theme park hospital populous powermonger syndicate cannon fodder " +
  "sensible soccer kick off football baseball basketball hockey tennis golf bowling boxing wrestling " +
  "olympic games winter summer california extreme track field decathlon daley thompson hyper sports " +
  "pac-man ms galaxian galaga dig dug pole position xevious bosconian mappy rally-x new zealand story " +
  "bubble bobble rainbow islands parasol stars puzzle bobble chase hq operation wolf thunderbolt " +
  "darius ninja warriors rastan gun frontier metal black elevator action arkanoid qix plump pop " +
  "the of and in to a return revenge rise fall age empire kingdom quest saga story tale tales chronicle " +
  "ii iii iv v vi vii viii ix 2 3 4 5 64 3d deluxe special championship collection classic arcade " +
  "junior jr kids baby little big great mighty mystic mystery lost forgotten hidden eternal infinite"
).split(" ");
const TAGS = ["(USA)", "(Europe)", "(Japan)", "(World)", "(USA, Europe)", "(Germany)", "(France)", "(Spain)", "(Italy)", "(Brazil)", "(Korea)"];
const EXTRA = ["", "", "", "", "(Rev 1)", "(Rev A)", "(Beta)", "(Proto)", "[!]", "(En,Fr,De)", "(Unl)", "(Virtual Console)"];

/** Small deterministic PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Returns a generator of distinct names (a repeated name gets a numbered "(Disc n)" tag). */
export function nameGenerator(seed = 1): () => string {
  const rnd = prng(seed);
  const pick = <T>(list: readonly T[], skew: number) => list[Math.floor(list.length * rnd() ** skew)] as T;
  const seen = new Map<string, number>();
  return () => {
    const words = 1 + Math.floor(rnd() * 4);
    const title: string[] = [];
    for (let i = 0; i < words; i++) title.push(pick(WORDS, 1.6));
    const t = title.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
    const extra = pick(EXTRA, 1);
    const name = `${t} ${pick(TAGS, 2)}${extra ? ` ${extra}` : ""}`;
    const k = (seen.get(name) ?? 0) + 1;
    seen.set(name, k);
    return k === 1 ? name : `${name} (Disc ${k})`;
  };
}
