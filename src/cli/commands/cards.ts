import { writeFileSync } from "node:fs";
import { PAPER_IDS } from "../../core/cards/labels/paper.ts";
import { TEMPLATE_IDS } from "../../core/cards/labels/templates.ts";
import { connectCommand, EXIT_UNREACHABLE, reportCallFailure } from "../client.ts";
import { defineSubcommand, type Subcommand } from "../subcommands.ts";

const USAGE = `usage: tapserve cards render <set id> --out <file.pdf> [--template ${TEMPLATE_IDS.join("|")}] [--paper ${PAPER_IDS.join("|")}] [--url ws://host:port/]\n`;

/** `tapserve cards render <set> --out file.pdf`: a card set's labels as a PDF (`cards.render` of the running service). */
defineSubcommand("cards", "cards render <set> --out file.pdf: print a card set's labels to a PDF", async (_rt, cmd) => {
  const [action, ...rest] = cmd.args;
  if (action === "render") return render(cmd, rest);
  process.stderr.write(USAGE);
  return 2;
});

async function render(cmd: Subcommand, args: string[]): Promise<number> {
  const setId = Number(args[0]);
  const o = cmd.options ?? {};
  const problem =
    args.length !== 1 || !Number.isInteger(setId) || setId < 1 ? "name one card set by its id (a whole number, see cards.sets)"
    : !o.out ? "--out <file.pdf> is required"
    : o.template !== undefined && !(TEMPLATE_IDS as string[]).includes(o.template) ? `unknown template ${o.template}`
    : o.paper !== undefined && !(PAPER_IDS as string[]).includes(o.paper) ? `unknown paper ${o.paper}`
    : "";
  if (problem) {
    process.stderr.write(`${problem}\n${USAGE}`);
    return 2;
  }
  const client = await connectCommand(cmd);
  if (!client) return EXIT_UNREACHABLE;
  try {
    const params: Record<string, unknown> = { setId, format: "pdf" };
    if (o.template) params.template = o.template;
    if (o.paper) params.paper = o.paper;
    const answer = await client.call("cards.render", params);
    if (answer.error) return reportCallFailure(answer.error);
    const r = answer.result as { data: string; cards: number; pages: number; template: string; paper: string };
    writeFileSync(o.out as string, Buffer.from(r.data, "base64"));
    process.stdout.write(`wrote ${o.out}: ${r.cards} cards (${r.template}) on ${r.pages} ${r.paper} page${r.pages === 1 ? "" : "s"}\n`);
    return 0;
  } finally {
    client.close();
  }
}
