/**
 * The yardstick of the read benchmark: a bare Fastify route, in its own process, answering
 * GET /api/questions with the same bytes and the same headers as the app (read from the file named
 * by BARE_RESPONSE), already serialised, with no authentication and no other work. Prints its URL.
 */
import { readFileSync } from "node:fs";
import Fastify from "fastify";

const { headers, body } = JSON.parse(readFileSync(process.env.BARE_RESPONSE!, "utf8")) as {
  headers: Record<string, string>;
  body: string;
};
const bare = Fastify({ logger: false });
bare.get("/api/questions", async (_request, reply) => {
  reply.headers(headers);
  return body;
});
await bare.listen({ port: 0, host: "127.0.0.1" });
console.log(`BARE http://127.0.0.1:${(bare.server.address() as { port: number }).port}`);
process.on("SIGTERM", async () => {
  await bare.close();
  process.exit(0);
});
