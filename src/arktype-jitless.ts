/** Must run before arktype loads: validators are interpreted, not compiled to functions (less memory on devices). */
import { configure } from "arktype/config";

configure({ jitless: true });
