export { parseInputKeys, parseZapScript } from "./parser.ts";
export { EXPR_CLOSE, EXPR_OPEN, showExpressions } from "./symbols.ts";
export { INPUT_MACRO_COMMANDS, INPUT_RAW_COMMANDS, type TraitValue, type ZapCommand, type ZapScript, ZapScriptError } from "./types.ts";
