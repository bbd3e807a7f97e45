/**
 * Preloaded before every test file (bunfig.toml). Services started by tests, in-process or as child
 * processes, must not announce themselves on the machine's real network: mDNS is off unless a test turns it on
 * for an interface it created.
 */
process.env.TAPSERVE_MDNS = "off";
