/** Entry point of the Node build (armv7 / MiSTer carrier): the same service on the Node runtime seam. */
import { runCli } from "./cli/run.ts";
import { nodeRuntime } from "./runtime/node/index.ts";

runCli(nodeRuntime, process.argv.slice(2), process.env).then((code) => process.exit(code));
