/** Imports every subcommand so it registers itself. One line per file in this folder. */
export {};
