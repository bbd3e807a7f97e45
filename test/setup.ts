/**
 * Preloaded before every test file (bunfig.toml). Services started by tests, in-process or as child
 * processes, must not announce themselves on the machine's real network: mDNS is off unless a test turns it on
 * for an interface it created.
 */
// Schemas run interpreted, as in the binaries (src/main.ts loads the same module first).
import "../src/arktype-jitless.ts";

process.env.TAPSERVE_MDNS = "off";

// PC/SC: libpcsclite reads its socket path once per process, so every service in this test process (and every
// child it starts) talks to the private pcscd path of test/fixtures/pcscd.ts, never to a system pcscd.
process.env.PCSCLITE_CSOCK_NAME = `${require("node:os").tmpdir()}/tapserve-pcscd-${process.pid}/pcscd.comm`;
