import { describe, expect, test } from "bun:test";
import { initialMisterState, type MisterTrackerInput, misterStep, playingKey } from "../../src/platforms/mister/tracker-state.ts";

const run = (...inputs: MisterTrackerInput[]) => inputs.reduce(misterStep, initialMisterState());
const core = (name: string): MisterTrackerInput => ({ type: "core", name });
const selected = (path: string, loadsCore = false): MisterTrackerInput => ({ type: "selected", path, loadsCore });

describe("MiSTer now-playing state machine", () => {
  test("a core alone is not media; a file picked in it is; the menu ends it", () => {
    expect(run(core("SNES")).playing).toBeNull();
    const s = run(core("SNES"), selected("/media/fat/games/SNES/a.sfc"));
    expect(s.playing).toEqual({ kind: "game", path: "/media/fat/games/SNES/a.sfc", core: "SNES" });
    expect(misterStep(s, core("MENU")).playing).toBeNull();
  });

  test("another core loaded from the OSD ends the game; rewriting the same core keeps it", () => {
    const s = run(core("SNES"), selected("/g/a.sfc"));
    expect(misterStep(s, core("SNES")).playing).toEqual(s.playing);
    expect(misterStep(s, core("NES")).playing).toBeNull();
  });

  test("an MRA picked in the menu becomes arcade media named by its set once the core runs", () => {
    const s = run(core("MENU"), selected("/media/fat/_Arcade/Pac.mra"));
    expect(s.playing).toBeNull();
    expect(misterStep(s, core("pacman")).playing).toEqual({ kind: "arcade", path: "/media/fat/_Arcade/Pac.mra", setname: "pacman" });
  });

  test("an RBF picked in the menu loads a core without a game; INI files are ignored", () => {
    expect(run(core("MENU"), selected("/media/fat/_Console/NES_2024.rbf"), core("NES")).playing).toBeNull();
    const s = run(core("SNES"), selected("/g/a.sfc"));
    expect(misterStep(s, selected("/media/fat/MiSTer_alt.ini"))).toEqual(s);
  });

  test("our launch plays at once; the core it loads (even the same one) keeps the same identity", () => {
    const s = run(core("SNES"), selected("/g/a.sfc"), { type: "launched", what: { kind: "game", path: "/g/b.sfc" } });
    const key = playingKey(s.playing);
    expect(key).toBe("game:/g/b.sfc");
    const loaded = misterStep(s, core("SNES"));
    expect(playingKey(loaded.playing)).toBe(key);
    expect(loaded.pending).toBeNull();
    expect(misterStep(loaded, core("NES")).playing).toBeNull();
  });

  test("an arcade launch and a core-only launch keep their identity across CORENAME", () => {
    const a = run(core("MENU"), { type: "launched", what: { kind: "arcade", path: "/a/Pac.mra" } });
    expect(playingKey(misterStep(a, core("pacman")).playing)).toBe(playingKey(a.playing));
    const c = run(core("MENU"), { type: "launched", what: { kind: "core", systemId: "NES" } }, core("NES"));
    expect(c.playing).toEqual({ kind: "core", systemId: "NES" });
  });

  test("stop forgets what plays; an empty CORENAME changes nothing", () => {
    const s = run(core("SNES"), selected("/g/a.sfc"));
    expect(misterStep(s, { type: "stopped" }).playing).toBeNull();
    expect(misterStep(s, core(" "))).toBe(s);
  });

  test("a known arcade set in CORENAME with no MRA seen is arcade media of its own; an MRA's load still wins", () => {
    const arcade = (name: string): MisterTrackerInput => ({ type: "core", name, arcade: true });
    const s = run(core("MENU"), arcade("sf2"));
    expect(s.playing).toEqual({ kind: "arcade", path: "", setname: "sf2" });
    expect(playingKey(s.playing)).toBe("arcade-set:sf2");
    expect(playingKey(misterStep(s, arcade("1942")).playing)).toBe("arcade-set:1942");
    expect(misterStep(s, arcade("sf2"))).toBe(s);
    const picked = run(core("MENU"), selected("/media/fat/_Arcade/SF2.mra"), arcade("sf2"));
    expect(picked.playing).toEqual({ kind: "arcade", path: "/media/fat/_Arcade/SF2.mra", setname: "sf2" });
  });
});
