import { type } from "arktype";
import { busy, invalidParams, notFound, unsupported } from "../../api/rpc/errors.ts";
import { defineMethod } from "../../api/rpc/method.ts";
import type { ActiveMediaSource } from "../../core/media-types.ts";
import { MAPPING_TYPES, MATCH_KINDS, type Mapping, patternProblem } from "../../core/mappings.ts";
import { rfc3339, type ScannedToken, type TokenSink } from "../../core/token.ts";
import type { HistoryRepository } from "./history-repo.ts";
import type { MappingsRepository } from "./mappings-repo.ts";

export interface LaunchMethodDeps {
  sink: TokenSink;
  /** True when no more tokens can be queued. */
  queueFull(): boolean;
  stopActive(): Promise<void>;
  activeMedia: ActiveMediaSource;
  history: HistoryRepository;
  mappings: MappingsRepository;
}

const LaunchObject = type({ "+": "delete", "type?": "string", "uid?": "string", "text?": "string", "data?": "string" });
const LaunchParams = type("string").or(LaunchObject);
/** The phone app's `run`: the same fields plus `unsafe` (accepted; remote clients here are already paired). */
const RunParams = type("string").or(
  type({ "+": "delete", "type?": "string", "uid?": "string", "text?": "string", "data?": "string", "unsafe?": "boolean" }),
);
const MediaControlParams = type({ "+": "delete", action: "string > 0", "slot?": "string" });

/** Mapping ids: a number, or a string of digits (the list sends them so, as the reference does). */
const MappingId = type("number.integer >= 1").or(type(/^\d{1,15}$/));
const toId = (v: number | string): number => Number(v);
const MappingTypeT = type.enumerated(...MAPPING_TYPES);
const MatchKindT = type.enumerated(...MATCH_KINDS);

const NewMapping = type({
  "+": "delete",
  enabled: "boolean",
  "label?": "string",
  type: MappingTypeT,
  match: MatchKindT,
  pattern: "string",
  override: "string",
});
const UpdateMapping = type({
  "+": "delete",
  id: MappingId,
  "enabled?": "boolean",
  "label?": "string",
  "type?": MappingTypeT,
  "match?": MatchKindT,
  "pattern?": "string",
  "override?": "string",
});
const DeleteMapping = type({ "+": "delete", id: MappingId });

const HistoryEntryT = type({ type: "string", uid: "string", text: "string", data: "string", success: "boolean", time: "string" });
const MappingOut = type({
  id: "string",
  added: "string",
  label: "string",
  enabled: "boolean",
  type: MappingTypeT,
  match: MatchKindT,
  pattern: "string",
  override: "string",
});
const ActiveMediaT = type({
  launcherId: "string",
  systemId: "string",
  systemName: "string",
  mediaPath: "string",
  mediaName: "string",
  started: "string",
  zapScript: "string",
});

const mappingOut = (m: Mapping) => ({ ...m, id: String(m.id), label: m.label ?? "" });

function toToken(p: typeof LaunchParams.infer): ScannedToken {
  const o = typeof p === "string" ? { text: p } : p;
  const token: ScannedToken = { type: o.type ?? "", uid: (o.uid ?? "").trim(), text: o.text ?? "", data: (o.data ?? "").replace(/[\s:]/g, "").toLowerCase(), scanTime: rfc3339(), source: "api" };
  if (!token.uid && !token.text.trim() && !token.data) throw invalidParams("invalid params: at least one of uid, text or data must be non-empty");
  if (!/^[0-9a-f]*$/.test(token.data) || token.data.length % 2 !== 0) throw invalidParams("invalid params: data must be hexadecimal bytes");
  return token;
}

function checkPattern(m: { match: Mapping["match"]; pattern: string }): void {
  const problem = patternProblem(m.match, m.pattern);
  if (problem) throw invalidParams(`invalid params: ${problem}`);
}

export function launchMethods(d: LaunchMethodDeps) {
  return [
    defineMethod({
      name: "launch",
      summary: "Emulates a token scan: queues the token and returns at once; the script's outcome goes to the history.",
      params: LaunchParams,
      result: type("null"),
      example: { text: "SNES/Super Mario World (USA).sfc" },
      handler: (p) => {
        const token = toToken(p);
        if (d.queueFull()) throw busy("too many launches waiting; try again when the running ones are done");
        d.sink.submit(token);
        return null;
      },
    }),
    defineMethod({
      name: "run",
      summary:
        "The phone app's name for launch (same pipeline). Its Stop button sends uid and text \"**stop\": that uid is a command, not a uid to look up.",
      params: RunParams,
      result: type("null"),
      example: { uid: "", text: "**stop", unsafe: false },
      handler: (p) => {
        let params: typeof LaunchParams.infer;
        if (typeof p === "string") params = p;
        else {
          const { unsafe: _unsafe, ...rest } = p;
          if (rest.uid && rest.uid === rest.text && rest.uid.trim().startsWith("**")) rest.uid = "";
          params = rest;
        }
        const token = toToken(params);
        if (d.queueFull()) throw busy("too many launches waiting; try again when the running ones are done");
        d.sink.submit(token);
        return null;
      },
    }),
    defineMethod({
      name: "media.control",
      summary: "The phone app's media control: action \"stop\" stops the active media (the only action this service has).",
      params: MediaControlParams,
      result: type("null"),
      example: { action: "stop" },
      handler: async (p) => {
        if (p.action !== "stop") throw unsupported(`media.control action "${p.action}" is not supported (only "stop")`);
        if (p.slot !== undefined && p.slot !== "primary" && p.slot !== "background") throw invalidParams('invalid params: slot must be "primary" or "background"');
        if (p.slot !== "background") await d.stopActive(); // no background media exists here: nothing to stop there
        return null;
      },
    }),
    defineMethod({
      name: "stop",
      summary: "Stops the active media (SIGTERM, then SIGKILL after a grace period); null whether or not anything ran.",
      params: null,
      result: type("null"),
      handler: async () => {
        await d.stopActive();
        return null;
      },
    }),
    defineMethod({
      name: "tokens.history",
      aliases: ["history"],
      summary: "Latest launches, newest first.",
      params: null,
      result: type({ entries: HistoryEntryT.array() }),
      handler: () => ({ entries: d.history.list().map(({ error: _error, ...e }) => e) }),
    }),
    defineMethod({
      name: "media.active",
      summary: "The media running now, or null.",
      params: null,
      result: ActiveMediaT.or("null"),
      handler: () => d.activeMedia.current(),
    }),
    defineMethod({
      name: "mappings",
      summary: "Every mapping, enabled or not, ascending id (ids as digit strings).",
      params: null,
      result: type({ mappings: MappingOut.array() }),
      handler: () => ({ mappings: d.mappings.all().map(mappingOut) }),
    }),
    defineMethod({
      name: "mappings.new",
      summary: "Creates a mapping; returns its id as a number.",
      params: NewMapping,
      result: type({ id: "number" }),
      example: { enabled: true, type: "uid", match: "exact", pattern: "04:AA:BB", override: "SNES/Game.sfc" },
      handler: (p) => {
        checkPattern(p);
        const id = d.mappings.create({ enabled: p.enabled, label: p.label ?? "", type: p.type, match: p.match, pattern: p.pattern, override: p.override }, rfc3339());
        return { id };
      },
    }),
    defineMethod({
      name: "mappings.update",
      summary: "Changes only the supplied keys of a mapping.",
      params: UpdateMapping,
      result: type("null"),
      example: { id: 1, enabled: false },
      handler: (p) => {
        const { id: rawId, ...patch } = p;
        const id = toId(rawId);
        const current = d.mappings.get(id);
        if (!current) throw notFound(`mapping ${id}`);
        checkPattern({ match: patch.match ?? current.match, pattern: patch.pattern ?? current.pattern });
        d.mappings.update(id, patch);
        return null;
      },
    }),
    defineMethod({
      name: "mappings.delete",
      summary: "Deletes a mapping.",
      params: DeleteMapping,
      result: type("null"),
      example: { id: 1 },
      handler: (p) => {
        if (!d.mappings.delete(toId(p.id))) throw notFound(`mapping ${p.id}`);
        return null;
      },
    }),
  ];
}
