/** Imports every subcommand so it registers itself. One line per file in this folder. */
import "./call.ts";
import "./watch.ts";
import "./pair.ts";
import "./parse.ts";
import "./index-media.ts";
import "./why.ts";
import "./write-playing.ts";
import "./config-check.ts";
import "./cards.ts";
