/**
 * The one door to arktype in src/: its `type`, with schemas built at their first use.
 *
 * Loading arktype builds its whole keyword scope: ~45 ms of a start on x64, several times that on a Pi or a
 * MiSTer, before a single schema exists. Every method table, wire shape and config schema is declared at module
 * level, so importing arktype directly put that cost in front of the first answer. Through this module nothing
 * is loaded until a schema is used (a request with params checked, a config file checked, a document generated):
 * until then `type(…)`, and chaining on what it returns (`.array()`, `.or(…)`, `.default(…)` …), only record how
 * to build the schema. Once arktype is loaded, `type` is arktype's own and chaining builds at once.
 *
 * Types are arktype's: a schema declared here infers, composes and checks exactly as one declared with arktype.
 * arktype is loaded jitless (validators interpreted, not compiled to functions: less memory on devices).
 */
import type { type as arktypeType } from "arktype";

export type { Type } from "arktype";

type Arktype = typeof import("arktype");

let loaded: Arktype | null = null;

type RunOnce = <T>(work: () => T) => T;
let runOnce: RunOnce = (work) => work();
let afterLoad: () => void = () => undefined;

/**
 * How loading arktype and building a schema run (`run`: the runtime's `runOnceCode`, with the JIT held back;
 * both are code that runs once, at whatever moment a first use comes, usually a request after start-up), and
 * what follows the load (`loaded`: it leaves megabytes of garbage, worth handing back soon).
 */
export function buildSchemasWith(o: { run?: RunOnce; loaded?: () => void }): void {
  if (o.run) runOnce = o.run;
  if (o.loaded) afterLoad = o.loaded;
}

/** arktype itself, loaded (jitless) on the first call. */
function arktype(): Arktype {
  if (loaded === null) {
    loaded = runOnce(() => {
      (require("arktype/config") as typeof import("arktype/config")).configure({ jitless: true });
      return require("arktype") as Arktype;
    });
    afterLoad();
  }
  return loaded;
}

/** Has any schema been used yet (arktype loaded)? For tests and benches of the start path. */
export const arktypeLoaded = (): boolean => loaded !== null;

/** Methods of a schema, and of `type`, that return a new schema: before arktype is loaded they are recorded. */
const SCHEMA_BUILDERS = new Set([
  "and", "array", "as", "atLeast", "atLeastLength", "atMost", "atMostLength", "atOrAfter", "atOrBefore", "brand",
  "configure", "default", "describe", "divisibleBy", "earlierThan", "enumerated", "exactlyLength", "exclude",
  "extract", "filter", "get", "instanceOf", "intersect", "keyof", "laterThan", "lessThan", "lessThanLength", "map",
  "matching", "merge", "moreThan", "moreThanLength", "morph", "narrow", "omit", "onDeepUndeclaredKey",
  "onUndeclaredKey", "optional", "or", "partial", "pick", "pipe", "readonly", "required", "satisfying", "to", "unit",
]);

/** A schema not built yet: how to build it, and what it built. */
interface Pending {
  build: () => object;
  built: object | null;
}
const pendingOf = new WeakMap<object, Pending>();

function built(p: Pending): object {
  p.built ??= runOnce(p.build);
  return p.built;
}

/** A definition with every pending schema in it (nested in objects and tuples) replaced by the built one. */
function resolved(def: unknown): unknown {
  if (def === null || (typeof def !== "object" && typeof def !== "function")) return def;
  const pending = pendingOf.get(def);
  if (pending) return built(pending);
  if (Array.isArray(def)) return def.map(resolved);
  const proto = Object.getPrototypeOf(def);
  if (typeof def === "object" && (proto === Object.prototype || proto === null)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(def)) out[key] = resolved((def as Record<string, unknown>)[key]);
    return out;
  }
  return def;
}

/**
 * `target[key]`, a method bound to `target` (so it runs on the schema, not on its stand-in). Only methods: a
 * class (`type.errors`, for `instanceof`) or a schema (`.in`, itself callable) is handed back as it is.
 */
const boundMember = (target: object, key: PropertyKey): unknown => {
  const value = Reflect.get(target, key);
  const isMethod = typeof value === "function" && Object.getPrototypeOf(value) === Function.prototype && !Object.hasOwn(value, "prototype");
  return isMethod ? value.bind(target) : value;
};

/**
 * `key` of what `target` builds (a schema, or arktype's `type`): before arktype is loaded, a method that builds
 * a schema records the call (a stand-in for its result); anything else builds the target and reads it.
 */
function member(target: () => object, key: PropertyKey): unknown {
  if (loaded === null && typeof key === "string" && SCHEMA_BUILDERS.has(key)) {
    return (...args: unknown[]) => pendingSchema(() => Reflect.apply(Reflect.get(target(), key) as (...a: unknown[]) => object, target(), args.map(resolved)));
  }
  return boundMember(target(), key);
}

/** A stand-in for a schema built on first use: called, read or chained, it is the schema. */
function pendingSchema(build: () => object): object {
  const pending: Pending = { build, built: null };
  const stand = new Proxy(() => undefined, {
    apply: (_t, _this, args) => Reflect.apply(built(pending) as (...a: unknown[]) => unknown, undefined, args),
    get: (_t, key) => member(() => built(pending), key),
    has: (_t, key) => Reflect.has(built(pending), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(built(pending)),
  });
  pendingOf.set(stand, pending);
  return stand;
}

function declare(...args: unknown[]): unknown {
  if (loaded !== null) return Reflect.apply(loaded.type, undefined, args.map(resolved));
  return pendingSchema(() => Reflect.apply(arktype().type, undefined, args.map(resolved)));
}

/** arktype's `type`; what it declares is built at its first use (see above). `type.errors` loads arktype. */
export const type = new Proxy(declare, {
  get: (_t, key) => member(() => arktype().type, key),
}) as unknown as typeof arktypeType;
