/**
 * The config.toml the reference writes when none exists: its `BaseDefaults` (pkg/config/config.go) with a new
 * device id, marshalled as its TOML library does: a field tagged `omitempty` is left out when empty (a struct
 * when all its fields are), nil pointers, slices and maps are left out, key-values come before sub-tables.
 * Read from the Go source (struct definitions and the BaseDefaults literal), for build/reference-config-vectors.ts.
 */
type Field = { name: string; type: string; key: string; omitempty: boolean };
type Value = string | number | boolean | { [k: string]: Value };

const STAND_IN_DEVICE_ID = "00000000-0000-4000-8000-000000000000";

/** `sources`: the texts of pkg/config's Go files (not its tests); `line`: BaseDefaults' line in config.go. */
export function referenceDefaultConfig(sources: readonly string[]): { line: number; toml: string } {
  const all = sources.join("\n");
  const structs = new Map<string, Field[]>();
  for (const m of all.matchAll(/^type ([A-Z]\w*) struct \{\n([\s\S]*?)\n\}/gm)) {
    const fields = [...m[2]!.matchAll(/^\s*([A-Z]\w*)\s+(\S+)\s+`toml:"([^",]+)([^"]*)"`/gm)].map((f) => ({ name: f[1]!, type: f[2]!, key: f[3]!, omitempty: f[4]!.includes("omitempty") }));
    structs.set(m[1]!, fields.filter((f) => f.key !== "-"));
  }
  const consts = new Map<string, Value>([["SchemaVersion", 1]]);
  for (const m of all.matchAll(/^\s*([A-Z]\w*)\s*=\s*"([^"]*)"/gm)) consts.set(m[1]!, m[2]!);

  const at = all.indexOf("var BaseDefaults = Values{");
  const file = sources.find((s) => s.includes("var BaseDefaults = Values{"))!;
  const line = file.slice(0, file.indexOf("var BaseDefaults")).split("\n").length;
  const toks = all.slice(at + "var BaseDefaults = ".length).match(/[A-Za-z_][\w.]*|"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?|[{}:,]/g)!;
  let i = 0;
  const literal = (): Value => {
    const t = toks[i++]!;
    if (toks[i] === "{") {
      i++;
      const out: Record<string, Value> = {};
      while (toks[i] !== "}") {
        const k = toks[i]!;
        i += 2; // name and ':'
        out[k] = literal();
        if (toks[i] === ",") i++;
      }
      i++;
      return out;
    }
    if (t.startsWith('"')) return JSON.parse(t) as string;
    if (t === "true" || t === "false") return t === "true";
    if (/^-?\d/.test(t)) return Number(t);
    if (!consts.has(t)) throw new Error(`BaseDefaults: unknown constant ${t}`);
    return consts.get(t)!;
  };
  const defaults = literal() as Record<string, Value>;
  // Save() gives the file a device id
  defaults.Service = { ...((defaults.Service as Record<string, Value>) ?? {}), DeviceID: STAND_IN_DEVICE_ID };

  const zero = (type: string): Value | undefined => (type === "string" ? "" : type === "bool" ? false : /^(u?int|float)/.test(type) ? 0 : undefined);
  const isEmpty = (type: string, v: Value | undefined): boolean => {
    if (structs.has(type)) return (structs.get(type) ?? []).every((f) => isEmpty(f.type, (v as Record<string, Value> | undefined)?.[f.name]));
    return v === undefined || v === zero(type);
  };
  const out: string[] = [];
  const table = (type: string, v: Record<string, Value>, path: string[]) => {
    const fields = structs.get(type)!.filter((f) => !(f.omitempty && isEmpty(f.type, v[f.name])));
    if (path.length) out.push("", `[${path.join(".")}]`);
    for (const f of fields.filter((f) => !structs.has(f.type))) {
      const value = v[f.name] ?? zero(f.type);
      if (value !== undefined) out.push(`${f.key} = ${JSON.stringify(value)}`); // nil pointers, slices, maps: left out
    }
    for (const f of fields.filter((f) => structs.has(f.type))) table(f.type, (v[f.name] as Record<string, Value>) ?? {}, [...path, f.key]);
  };
  table("Values", defaults, []);
  return { line, toml: `${out.join("\n")}\n` };
}
