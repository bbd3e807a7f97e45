export { parseInputKeys, parseZapScript } from "./parser.ts";
export { INPUT_MACRO_COMMANDS, INPUT_RAW_COMMANDS, type ZapCommand, type ZapScript, ZapScriptError } from "./types.ts";
