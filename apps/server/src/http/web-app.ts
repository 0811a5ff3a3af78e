/**
 * The built web app: hashed assets cached for a year, index.html for every other page path, and an
 * error answer for an unknown API path. Signed-out visitors' pages are marked so the static landing
 * page shows at once, without waiting for a script to ask who they are. A signed-in page names in its
 * head the files its first screen needs (the build's list in index.html), so the browser fetches them
 * while it reads the page rather than when the first script asks (docs/decisions/0020), and its frame
 * carries the screen's opening words where they depend on nothing but the member (0021), or, on a
 * section's study page and Flashcard Study Mode, the question or the card they open on.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import { type Context, flashcardsOpening, type SessionUser, studyOpening } from "@jcba/api";
import { parseSectionParam } from "@jcba/domain";
import {
  type FirstPaintMember,
  studySectionOfPath,
  withFirstPaint,
  withFlashcardsOpening,
  withStudyOpening,
} from "@jcba/domain/first-paint";
import { firstLoadLinks, routeChunksOf } from "@jcba/domain/route-chunks";
import type { FastifyInstance } from "fastify";
import { type Sessions, sessionTokenOf } from "../auth/sessions.ts";
import { refusal } from "./errors.ts";

export async function registerWebApp(
  app: FastifyInstance,
  dist: string,
  sessions: Sessions,
  data: Pick<Context, "content" | "database">,
) {
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
  /**
   * A section's study page with its first question in the frame, Flashcard Study Mode with its first
   * card; the page as it is when there is none, or for any other page.
   */
  const withOpening = async (html: string, pathname: string, user: SessionUser, search: string) => {
    const section = studySectionOfPath(pathname);
    const isDeck = pathname === "/flashcards" || pathname === "/flashcards/";
    if (section === null && !isDeck) return html;
    const query = new URLSearchParams(search);
    const id = (name: string) => {
      const n = Number(query.get(name));
      return Number.isSafeInteger(n) && n > 0 ? n : undefined;
    };
    try {
      if (section !== null) {
        const opening = await studyOpening(data.content, user, section, id("question"));
        return opening ? withStudyOpening(html, opening) : html;
      }
      // A deck link's chosen cards, or a section that is not one, open on something else.
      const filter = parseSectionParam(query.get("section") ?? undefined);
      if (query.get("deck") || filter === "invalid") return html;
      const opening = await flashcardsOpening(data, user, filter, id("card"));
      return opening ? withFlashcardsOpening(html, opening) : html;
    } catch (error) {
      // The bank or the member's marks could not be read (the database is away): the page keeps its
      // grey frame, and the app says what it can. Logged, so a fault of ours here does not go unseen.
      app.log.warn({ err: error, path: pathname }, "the page's opening could not be written into its frame");
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
    return withOpening(signedInHtml(pathname, session.user, search), pathname, session.user, search);
  });
}
