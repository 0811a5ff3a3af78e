/** The page a browser gets: the landing page for strangers, the app for members with its first files named. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { FRAME_CARDS_PLACEHOLDER, FRAME_TITLE_PLACEHOLDER } from "@jcba/domain/first-paint";
import { routePattern } from "@jcba/domain/route-chunks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, member, startServer, type TestServer } from "./harness.ts";

/** A built web app's index.html as the build writes it: the list of each page's first files in its head. */
const list = {
  files: ["App-a1.js", "ui-b2.js", "App-c3.css", "study-d4.js", "shared-e5.js", "review-f6.js"],
  app: { scripts: [0, 1], styles: [2] },
  routes: [
    [routePattern("study.$section"), [3, 4]],
    [routePattern("review"), [5, 4]],
  ],
};
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>JCBA Study Hub</title>
  <script type="application/json" id="route-chunks">${JSON.stringify(list)}</script>
  </head>
  <body><div id="root"><div class="boot-main">${FRAME_TITLE_PLACEHOLDER}${FRAME_CARDS_PLACEHOLDER}</div></div><script type="module" crossorigin src="/assets/index-0.js"></script></body>
</html>`;

const APP_JS = `export const app = ${JSON.stringify("the app's code ".repeat(200))};\n`;
const UI_JS = `export const ui = ${JSON.stringify("the styling system ".repeat(200))};\n`;

/** One GET as a browser sends it, with its Accept-Encoding; the body as it came, not decoded. */
const rawGet = (url: string, acceptEncoding: string) =>
  new Promise<{ status: number; encoding: string | undefined; cache: string | undefined; body: Buffer }>(
    (resolve, reject) => {
      get(url, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            encoding: res.headers["content-encoding"],
            cache: res.headers["cache-control"],
            body: Buffer.concat(chunks),
          }),
        );
      }).on("error", reject);
    },
  );

/** The text of the frame's element of that class (its first), as a member reads it. */
const frameText = (html: string, className: string) =>
  new RegExp(`<div class="${className}">([^<]*)</div>`)
    .exec(html)?.[1]
    ?.replaceAll("&#39;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

const linksOf = (html: string) =>
  [...html.matchAll(/<link rel="(modulepreload|preload)"[^>]* href="([^"]+)"/g)].map((m) => m[2]);

describe("the web app's pages", () => {
  let server: TestServer;
  let dist: string;
  let signedIn: Client;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), "jcba-web-"));
    writeFileSync(join(dist, "index.html"), INDEX);
    mkdirSync(join(dist, "assets"));
    writeFileSync(join(dist, "assets/App-a1.js"), APP_JS);
    writeFileSync(join(dist, "assets/App-a1.js.br"), brotliCompressSync(APP_JS));
    writeFileSync(join(dist, "assets/App-a1.js.gz"), gzipSync(APP_JS));
    // A file the build left uncompressed (under its 1 KB threshold, or written after it ran).
    writeFileSync(join(dist, "assets/ui-b2.js"), UI_JS);
    server = await startServer(undefined, { WEB_DIST: dist });
    signedIn = await member(server.url);
  });
  afterAll(async () => {
    await server.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  it("name a member's first files in the head: the app's, then the opened screen's", async () => {
    const study = await signedIn.get<string>("/study/7?from=search");
    expect(study.status).toBe(200);
    expect(study.headers.get("vary")).toMatch(/cookie/i);
    expect(linksOf(study.body)).toEqual([
      "/assets/App-c3.css",
      "/assets/App-a1.js",
      "/assets/ui-b2.js",
      "/assets/study-d4.js",
      "/assets/shared-e5.js",
    ]);
    // The links sit in the head, where the browser finds them before it reaches the first script.
    expect(study.body.indexOf("/assets/App-a1.js")).toBeLessThan(study.body.indexOf("</head>"));
    const review = await signedIn.get<string>("/review");
    expect(linksOf(review.body)).toEqual([
      "/assets/App-c3.css",
      "/assets/App-a1.js",
      "/assets/ui-b2.js",
      "/assets/review-f6.js",
      "/assets/shared-e5.js",
    ]);
    // A page no screen has still gets the app's files: the app shows its not-found card.
    expect(linksOf((await signedIn.get<string>("/nowhere")).body)).toEqual([
      "/assets/App-c3.css",
      "/assets/App-a1.js",
      "/assets/ui-b2.js",
    ]);
  });

  it("paint the dashboard's welcome with the page, with the member's name as text", async () => {
    const dashboard = await signedIn.get<string>("/");
    expect(dashboard.body).toContain(
      '<div class="boot-heading">Welcome back, Maria!</div><div class="boot-intro">Continue your JCBA study journey.</div>',
    );
    const apostrophe = await member(server.url, "Siobhán O'Neill");
    expect((await apostrophe.get<string>("/")).body).toContain("Welcome back, Siobhán O&#39;Neill!");
    // A screen whose opening words come from data keeps the frame's grey lines.
    expect((await signedIn.get<string>("/plan")).body).toContain(FRAME_TITLE_PLACEHOLDER);
    // The practice test's set-up has its words; the same address opening a shared test keeps the lines.
    expect((await signedIn.get<string>("/test?section=7")).body).toContain(
      '<div class="boot-heading boot-heading-2xl">Practice Test</div>',
    );
    expect((await signedIn.get<string>("/test?code=ABC123")).body).toContain(FRAME_TITLE_PLACEHOLDER);
  });

  it("paint a section's study page with the question its session opens on, of the member's edition", async () => {
    const edition = (await signedIn.get<{ edition: string }>("/api/account/edition")).body.edition;
    const all =
      await signedIn.get<{ id: number; questionText: string; questionType: string; editions: string[] }[]>(
        "/api/questions?section=7",
      );
    const section = all.body.filter((q) => q.editions.includes(edition));
    expect(section.length).toBeGreaterThan(2);
    const text = (html: string) => frameText(html, "boot-question");
    const first = (await signedIn.get<string>("/study/7")).body;
    expect(text(first)).toBe(section[0]!.questionText);
    expect(first).toContain(`<span class="boot-badge boot-badge-solid" data-label="Question 1 of ${section.length}">`);
    expect(first).toContain('<div class="boot-heading">Scheduling</div>');
    // In place of the grey lines and cards.
    expect(first).not.toContain(FRAME_TITLE_PLACEHOLDER);
    expect(first).not.toContain("boot-card");
    // A search result's link starts the session at its question; an id not in the section starts at the top.
    const third = section[2]!;
    expect(text((await signedIn.get<string>(`/study/7?question=${third.id}`)).body)).toBe(third.questionText);
    const elsewhere = (await signedIn.get<{ id: number }[]>("/api/questions?section=12")).body[0]!.id;
    expect(text((await signedIn.get<string>(`/study/7/?question=${elsewhere}`)).body)).toBe(section[0]!.questionText);
    // Not a section's page: the grey lines stay, and nothing a client sends there is an error.
    for (const path of ["/study/0", "/study/33", "/study/abc", "/study/7/x", "/study/7?question=%E0%A4%A"]) {
      const page = await signedIn.get<string>(path);
      expect(page.status, path).toBe(200);
      if (path.includes("?")) expect(text(page.body), path).toBe(text(first));
      else expect(page.body, path).toContain(FRAME_TITLE_PLACEHOLDER);
    }
  });

  it("paint Flashcard Study Mode with the card its deck opens on, the member's count of mastered cards beside it", async () => {
    const maria = await member(server.url, "Maria Deck");
    const edition = (await maria.get<{ edition: string }>("/api/account/edition")).body.edition;
    const all = (
      await maria.get<{ id: number; term: string; sectionNumber: number; editions: string[] }[]>("/api/flashcards")
    ).body.filter((c) => c.editions.includes(edition));
    const inSection = all.filter((c) => c.sectionNumber === 7);
    expect(inSection.length).toBeGreaterThan(2);
    const term = (html: string) => frameText(html, "boot-term");
    const deck = (await maria.get<string>("/flashcards")).body;
    expect(term(deck)).toBe(all[0]!.term);
    expect(deck).toContain(`data-label="Card 1 of ${all.length}"`);
    expect(deck).toContain(`data-label="Mastered: 0 / ${all.length}"`);
    expect(deck).toContain('<span class="boot-select-trigger" data-label="All Sections">');
    // Two of section 7's cards mastered, one of them the section's first: the count and its badge say so.
    for (const card of inSection.slice(0, 2))
      expect((await maria.post("/api/flashcard-mastery", { flashcardId: card.id, mastered: true })).status).toBe(200);
    const section = (await maria.get<string>("/flashcards?section=7")).body;
    expect(term(section)).toBe(inSection[0]!.term);
    expect(section).toContain(`data-label="Mastered: 2 / ${inSection.length}"`);
    expect(section).toContain('boot-badge-mastered" data-label="Mastered"');
    // A search result's card starts the deck there; another member's marks are not Maria's.
    const third = inSection[2]!;
    const started = (await maria.get<string>(`/flashcards?section=7&card=${third.id}`)).body;
    expect(term(started)).toBe(third.term);
    expect(started).toContain(`data-label="Card 3 of ${inSection.length}"`);
    expect(started).not.toContain("boot-badge-mastered");
    expect((await signedIn.get<string>("/flashcards?section=7")).body).toContain(
      `data-label="Mastered: 0 / ${inSection.length}"`,
    );
    // A deck link's chosen cards, or a section that is none, open on something else: the grey lines stay.
    for (const path of ["/flashcards?deck=abc", "/flashcards?section=40", "/flashcards?section=x"]) {
      const page = await maria.get<string>(path);
      expect(page.status, path).toBe(200);
      expect(page.body, path).toContain(FRAME_TITLE_PLACEHOLDER);
    }
  });

  it("send the build's precompressed files as they are, and compress the rest on the way", async () => {
    const asset = `${server.url}/assets/App-a1.js`;
    const br = await rawGet(asset, "gzip, deflate, br");
    expect(br.status).toBe(200);
    expect(br.encoding).toBe("br");
    expect(br.cache).toBe("public, max-age=31536000, immutable");
    // The very bytes the build wrote, not compressed again.
    expect(br.body.equals(brotliCompressSync(APP_JS))).toBe(true);
    expect(brotliDecompressSync(br.body).toString()).toBe(APP_JS);
    const gz = await rawGet(asset, "gzip");
    expect(gz.encoding).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(APP_JS);
    const plain = await rawGet(asset, "identity");
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe(APP_JS);
    const ui = await rawGet(`${server.url}/assets/ui-b2.js`, "br");
    expect(ui.encoding).toBe("br");
    expect(brotliDecompressSync(ui.body).toString()).toBe(UI_JS);
  });

  it("give a stranger the landing page, with none of the app's files", async () => {
    const page = await new Client(server.url).get<string>("/study/7");
    expect(page.status).toBe(200);
    expect(page.body).toContain('<html lang="en" data-auth="out">');
    expect(linksOf(page.body)).toEqual([]);
    const home = await new Client(server.url).get<string>("/");
    expect(home.body).not.toContain("Welcome back");
    expect(home.body).toContain(FRAME_TITLE_PLACEHOLDER);
  });
});
