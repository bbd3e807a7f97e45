/**
 * B9 baseline: the least a Node process can do to serve HTTP — one node:http server answering "ok", nothing
 * else loaded. Bundled for Node like the service and run on the same Node. Usage: bare-node-server <port>
 */
import { createServer } from "node:http";

const server = createServer((_req, res) => {
  res.writeHead(200, { "content-type": "text/plain" });
  res.end("ok");
});
server.listen(Number(process.argv[2]), "127.0.0.1");
process.on("SIGTERM", () => server.close(() => process.exit(0)));
