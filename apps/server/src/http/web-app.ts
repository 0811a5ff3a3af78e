/**
 * The built web app: hashed assets cached for a year, index.html for every other page path, and an
 * error answer for an unknown API path. Signed-out visitors' pages are marked so the static landing
 * page shows at once, without waiting for a script to ask who they are. A signed-in page names in its
 * head the files its first screen needs (the build's list in index.html), so the browser fetches them
 * while it reads the page rather than when the first script asks (docs/decisions/0020), and its frame
 * carries the screen's opening words where they depend on nothing but the member (0021), or, on a
 * section's study page, the question its session opens on.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import { type ContentCache, type SessionUser, studyOpening } from "@jcba/api";
import { type FirstPaintMember, studySectionOfPath, withFirstPaint, withStudyOpening } from "@jcba/domain/first-paint";
import { firstLoadLinks, routeChunksOf } from "@jcba/domain/route-chunks";
import type { FastifyInstance } from "fastify";
import { type Sessions, sessionTokenOf } from "../auth/sessions.ts";
import { refusal } from "./errors.ts";

export async function registerWebApp(app: FastifyInstance, dist: string, sessions: Sessions, content: ContentCache) {
  const hasWeb = existsSync(join(dist, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // The build writes each file also as .br and .gz at the best level (apps/web/vite.config.ts):
      // sent as they are, with no compressing per request.
      preCompressed: true,
      setHeaders(res, path) {
        res.header("Cache-Control", path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  const indexHtml = hasWeb ? readFileSync(join(dist, "index.html"), "utf8") : "";
  const signedOutHtml = indexHtml.replace('<html lang="en">', '<html lang="en" data-auth="out">');
  const firstLoad = routeChunksOf(indexHtml);
  const signedInHtml = (pathname: string, member: FirstPaintMember, search: string) =>
    withFirstPaint(
      firstLoad ? indexHtml.replace("</head>", `${firstLoadLinks(firstLoad, pathname)}</head>`) : indexHtml,
      pathname,
      member,
      search,
    );
  /** A section's study page with its first question in the frame; the page as it is when there is none. */
  const withOpening = async (html: string, section: number, user: SessionUser, search: string) => {
    const startAt = Number(new URLSearchParams(search).get("question"));
    try {
      const opening = await studyOpening(content, user, section, Number.isSafeInteger(startAt) ? startAt : undefined);
      return opening ? withStudyOpening(html, opening) : html;
    } catch {
      // The bank could not be read (its database is away): the page keeps its grey frame, and the app
      // says what it can.
      return html;
    }
  };
  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== "GET" || request.url.startsWith("/api/"))
      return reply.code(404).send(refusal("NOT_FOUND", `No route for ${request.method} ${request.url.split("?")[0]}.`));
    if (!hasWeb)
      return reply.code(503).type("text/plain").send("The web app is not built. Run the start command from README.md.");
    const token = sessionTokenOf(request);
    const session = token ? await sessions.validate(token) : null;
    reply.header("Cache-Control", "no-cache").header("Vary", "Cookie").type("text/html; charset=utf-8");
    if (!session) return signedOutHtml;
    const at = request.url.indexOf("?");
    const pathname = at < 0 ? request.url : request.url.slice(0, at);
    const search = at < 0 ? "" : request.url.slice(at + 1);
    const html = signedInHtml(pathname, session.user, search);
    const section = studySectionOfPath(pathname);
    return section === null ? html : withOpening(html, section, session.user, search);
  });
}
