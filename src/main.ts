/** Entry point of the Bun build (x64 / arm64 single binary). The Node carrier has its own (main-node.ts). */
import { runCli } from "./cli/run.ts";
import { bunRuntime } from "./runtime/bun/index.ts";

const code = await runCli(bunRuntime, process.argv.slice(2), process.env);
process.exit(code);
