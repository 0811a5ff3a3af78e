/**
 * The words a signed-in screen opens with, which the server also writes into the page's frame so they
 * paint with the page, before any script has run (docs/decisions/0021). Where a screen's largest text is
 * among them, that is the page's largest contentful paint, at its first paint. One source for both, so the
 * frame and the app never say different things.
 */

/** Who the page is for: the names the welcome line uses. */
export interface FirstPaintMember {
  firstName: string | null;
  email: string;
}

/** The dashboard's heading: the member's first name, or their address when they gave none. */
export const welcomeTitle = (member: FirstPaintMember) => `Welcome back, ${member.firstName || member.email}!`;

/** The line under the dashboard's heading. */
export const DASHBOARD_INTRO = "Continue your JCBA study journey.";

/** The performance screen's heading and the line under it. */
export const PERFORMANCE_TITLE = "Performance Analytics";
export const PERFORMANCE_INTRO = "See how your practice test scores are trending and which sections need more study.";

/** A screen's opening words; `back` when the screen draws its Back to Dashboard link above them. */
export interface FirstPaintWords {
  title: string;
  intro: string;
  back: boolean;
}

/**
 * A screen's opening words, where they depend on nothing but the member and the screen draws them in
 * its first render: the dashboard and Performance. Other screens open with data (the question, the cards
 * due) or with a spinner, and keep the frame's grey lines.
 */
export function firstPaintOf(pathname: string, member: FirstPaintMember): FirstPaintWords | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === "/" || path === "") return { title: welcomeTitle(member), intro: DASHBOARD_INTRO, back: false };
  if (path === "/performance") return { title: PERFORMANCE_TITLE, intro: PERFORMANCE_INTRO, back: true };
  return null;
}

/** The frame's grey title and line in index.html, which the opening words take the place of. */
export const FRAME_TITLE_PLACEHOLDER = '<div class="boot-line boot-title"></div><div class="boot-line"></div>';

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/**
 * The signed-in page with the screen's opening words in its frame, styled as the app draws them
 * (boot.css), so they are the page's first content. A page whose screen has none, or whose frame has
 * no placeholder, comes back as it was. The member's name is text, never markup.
 */
export function withFirstPaint(html: string, pathname: string, member: FirstPaintMember): string {
  const words = firstPaintOf(pathname, member);
  if (!words || !html.includes(FRAME_TITLE_PLACEHOLDER)) return html;
  return html.replace(
    FRAME_TITLE_PLACEHOLDER,
    () =>
      `${words.back ? '<div class="boot-back"></div>' : ""}<div class="boot-heading">${escapeHtml(words.title)}</div>` +
      `<div class="boot-intro">${escapeHtml(words.intro)}</div>`,
  );
}
