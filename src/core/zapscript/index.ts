export { parseInputKeys, parseZapScript } from "./parser.ts";
export { INPUT_MACRO_COMMANDS, INPUT_RAW_COMMANDS, type TraitValue, type ZapCommand, type ZapScript, ZapScriptError } from "./types.ts";
