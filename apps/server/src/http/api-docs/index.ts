/**
 * /api/docs: the OpenAPI document rendered by Swagger UI (swagger-ui-dist), served from this server's
 * own files, never a CDN. Swagger UI runs from static scripts without inline code or eval, so the
 * CSP of every page (script-src 'self') holds here too, and it has a try-it that sends the signed-in
 * cookie or a Bearer token. Only this page loads it; the web app's bundles never do.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

const swaggerUiDir = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
/** The only files of swagger-ui-dist this server hands out. */
const SWAGGER_FILES = new Set(["/swagger-ui-bundle.js", "/swagger-ui.css", "/favicon-32x32.png"]);
const initScript = readFileSync(new URL("./init.js", import.meta.url), "utf8");

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API · JCBA Study Hub</title>
<link rel="icon" type="image/png" href="/api/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<noscript><h1>JCBA Study Hub API</h1><p>This page needs JavaScript. The document itself: <a href="/api/openapi.json">/api/openapi.json</a>.</p></noscript>
<div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

export async function registerApiDocs(app: FastifyInstance, document: unknown) {
  app.get("/api/openapi.json", async () => document);
  app.get("/api/docs", async (_request, reply) =>
    reply.header("Cache-Control", "no-cache").type("text/html; charset=utf-8").send(page),
  );
  app.get("/api/docs/init.js", async (_request, reply) =>
    reply.header("Cache-Control", "no-cache").type("text/javascript; charset=utf-8").send(initScript),
  );
  await app.register(fastifyStatic, {
    root: swaggerUiDir,
    prefix: "/api/docs/assets/",
    decorateReply: false,
    wildcard: false,
    index: false,
    allowedPath: (pathName) => SWAGGER_FILES.has(pathName),
  });
}
