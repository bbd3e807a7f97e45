/** The RE2 engine on its own (linear-regex.ts loads this module at the first pattern it compiles). */
export { RE2JS } from "re2js";
