import type { ScanTrace } from "../wire/trace.ts";

/** A scan trace as lines a person reads (`tapserve why`, `tapserve parse --explain`). */
export function traceText(t: ScanTrace, heading?: string): string {
  const lines: string[] = [];
  if (heading) lines.push(heading);
  const from = t.source === "reader" ? `reader ${t.readerId ?? "?"}${t.driver ? ` (driver ${t.driver})` : ""}` : t.source;
  lines.push(`source:   ${from}${t.dryRun ? " — dry run, nothing launched" : ""}`);
  const read = [t.read.uid && `uid ${t.read.uid}`, t.read.text && `text ${JSON.stringify(t.read.text)}`, t.read.data && `data ${t.read.data}`].filter(Boolean);
  lines.push(`read:     ${read.length ? read.join(", ") : "nothing (blank)"}`);
  const m = t.mapping;
  lines.push(`mapping:  ${m ? `${m.file !== undefined ? `file ${m.file}` : `#${m.id}`}${m.label ? ` "${m.label}"` : ""}: ${m.type} ${m.match} ${JSON.stringify(m.pattern)}` : "none matched"}`);
  if (t.held) lines.push("guard:    held by the launch guard until confirmed");
  lines.push(`script:   ${t.script ? JSON.stringify(t.script) : "(none)"}`);
  for (const [i, s] of t.steps.entries()) {
    lines.push(`  ${i + 1}. ${s.command}${s.args.length ? `:${s.args.join(",")}` : ""}  ${s.outcome} (${s.ms} ms)${s.error ? `: ${s.error}` : ""}`);
    if (s.title) {
      const chose = s.title.strategy ? ` → ${s.title.strategy}${s.title.confidence !== undefined ? ` (confidence ${s.title.confidence})` : ""}` : "";
      lines.push(`     title:    ${s.title.system}/${s.title.title}${chose}`);
      for (const step of s.title.steps) lines.push(`               ${step}`);
    }
    if (s.target) lines.push(`     target:   ${s.target}`);
    for (const r of s.refused ?? []) lines.push(`     refused:  ${r.id}: ${r.why}`);
    if (s.launcher) lines.push(`     launcher: ${s.launcher}${s.pid !== undefined ? ` (process ${s.pid})` : ""}`);
  }
  lines.push(t.ok ? "result:   ok" : `result:   failed [${t.reason ?? "unknown"}]${t.error ? ` ${t.error}` : ""}`);
  if (t.truncated) lines.push("(trace shortened to fit its size bound)");
  return `${lines.join("\n")}\n`;
}
