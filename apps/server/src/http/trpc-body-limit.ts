/**
 * tRPC calls share one Fastify route, whose body limit must let the import through (IMPORT_MAX_MB).
 * Every other procedure, alone or in a batch, gets the server's ordinary 1 MB, as its REST twin does:
 * the declared length is checked first, then the bytes as they arrive (a chunked body declares none).
 */
import { Transform } from "node:stream";
import type { FastifyInstance } from "fastify";

/** The procedures that take large bodies: the bank's import and a union's roster. */
const FILE_PROCEDURES = new Set(["transfer.import", "invitations.invite"]);
const PREFIX = "/api/trpc/";

const tooLarge = (limit: number) =>
  Object.assign(new Error(`The request body is too large (at most ${Math.round(limit / 1024)} KB for this call).`), {
    statusCode: 413,
    code: "FST_ERR_CTP_BODY_TOO_LARGE",
  });

export function limitTrpcBodies(app: FastifyInstance, limit: number) {
  app.addHook("preParsing", async (request, _reply, payload) => {
    if (!request.url.startsWith(PREFIX)) return payload;
    const procedures = decodeURIComponent(request.url.slice(PREFIX.length).split("?")[0]!).split(",");
    if (procedures.length === 1 && FILE_PROCEDURES.has(procedures[0]!)) return payload;
    if (Number(request.headers["content-length"] ?? 0) > limit) throw tooLarge(limit);
    let seen = 0;
    return payload.pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, next) {
          seen += chunk.length;
          next(seen > limit ? tooLarge(limit) : null, chunk);
        },
      }),
    );
  });
}
