import { appRouter } from "@jcba/api";
import { generateOpenApiDocument } from "trpc-to-openapi";

export function openApiDocument() {
  return generateOpenApiDocument(appRouter, {
    title: "JCBA Study Hub API",
    version: "1.0.0",
    baseUrl: "/api",
    description:
      "Every procedure of the app over REST. Authenticate with the session cookie from POST /api/login, or with a personal API token as `Authorization: Bearer <token>`. Errors are JSON `{ message, code }`.",
    securitySchemes: {
      cookieAuth: { type: "apiKey", in: "cookie", name: "jcba_session" },
      bearerAuth: { type: "http", scheme: "bearer" },
    },
  });
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A readable page of the document, rendered on the server (no external scripts). */
export function docsPage(document: ReturnType<typeof openApiDocument>): string {
  const rows: string[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, op] of Object.entries(
      item as Record<
        string,
        {
          summary?: string;
          tags?: string[];
          parameters?: { name: string; in: string; required?: boolean }[];
          requestBody?: unknown;
        }
      >,
    )) {
      const params = (op.parameters ?? [])
        .map((p) => `<code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ", required" : ""})`)
        .join(", ");
      const body = op.requestBody
        ? `<pre>${escapeHtml(JSON.stringify((op.requestBody as { content?: Record<string, { schema?: unknown }> }).content?.["application/json"]?.schema ?? {}, null, 2))}</pre>`
        : "";
      rows.push(
        `<section><h2><span class="m ${method}">${method.toUpperCase()}</span> <code>/api${escapeHtml(path)}</code></h2><p>${escapeHtml(op.summary ?? "")}</p>${params ? `<p>Parameters: ${params}</p>` : ""}${body ? `<details><summary>Request body</summary>${body}</details>` : ""}</section>`,
      );
    }
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>API · JCBA Study Hub</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:900px;margin:0 auto;padding:16px}section{border-top:1px solid #8884;padding:8px 0}h2{font-size:1.05rem}.m{display:inline-block;min-width:4.5em;font-weight:700}.get{color:#15803d}.post{color:#1d4ed8}.patch{color:#b45309}.delete{color:#b91c1c}pre{overflow:auto;font-size:.85rem}</style></head>
<body><main><h1>JCBA Study Hub API</h1><p>${escapeHtml(document.info.description ?? "")}</p><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a></p>${rows.join("\n")}</main></body></html>`;
}
