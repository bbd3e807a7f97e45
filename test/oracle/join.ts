// Pairs oracle inputs with its answers, line by line, into {"input", "output"} records.
// Usage: bun test/oracle/join.ts INPUT.jsonl OUTPUT.jsonl DEST.jsonl  (writes DEST.jsonl.gz when large)
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const GZIP_ABOVE = 5 * 1024 * 1024;
const [inputFile, outputFile, dest] = process.argv.slice(2);
if (!inputFile || !outputFile || !dest) {
  process.stderr.write("usage: join.ts INPUT OUTPUT DEST\n");
  process.exit(2);
}
const lines = (f: string) => readFileSync(f, "utf8").split("\n").filter((l) => l !== "");
const inputs = lines(inputFile);
const outputs = lines(outputFile);
if (inputs.length !== outputs.length) {
  process.stderr.write(`join: ${inputs.length} inputs but ${outputs.length} answers\n`);
  process.exit(1);
}
const text = `${inputs.map((l, i) => `{"input":${l},"output":${outputs[i]}}`).join("\n")}\n`;
rmSync(dest, { force: true });
rmSync(`${dest}.gz`, { force: true });
if (text.length > GZIP_ABOVE) {
  writeFileSync(`${dest}.gz`, gzipSync(text, { level: 9 }));
  process.stderr.write(`join: ${dest}.gz (${inputs.length} records)\n`);
} else {
  writeFileSync(dest, text);
  process.stderr.write(`join: ${dest} (${inputs.length} records)\n`);
}
