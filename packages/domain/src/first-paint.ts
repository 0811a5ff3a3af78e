import { flashcardFilterSectionName, parseSectionParam, sidebarSectionName } from "./sections.ts";
import { sectionLabel } from "./text.ts";

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

/** Study Mode's heading and line, above its list of sections (/study). */
export const STUDY_TITLE = "Study Mode";
export const STUDY_INTRO =
  "Choose a section of the JCBA. You answer one question at a time and see the explanation after each answer.";

/** The practice test's heading and the line under it, on its set-up screen. */
export const PRACTICE_TEST_TITLE = "Practice Test";
export const PRACTICE_TEST_INTRO =
  "Test yourself the way the contract quiz will: no feedback until you submit, then your score and a review of every question with its contract citation.";

/** Search's heading and the hint under its field while nothing has been typed (/search). */
export const SEARCH_TITLE = "Search";
export const SEARCH_HINT = "Type words, a question, or a contract reference such as 7.C.2 or §12.";

/** Review's heading and the line under it (/review), above the cards and questions due. */
export const REVIEW_TITLE = "Review";
export const REVIEW_INTRO =
  "Today's cards and questions: what you remember comes back later, what you miss comes back sooner.";

/** A screen's opening words, and how the screen lays them out, for the frame to stand them where the app will. */
export interface FirstPaintWords {
  title: string;
  intro: string;
  /** The screen draws its Back to Dashboard link above them. */
  back?: boolean;
  /** The heading's size (Chakra's Heading): xl, 2xl from 768 px, unless said. */
  heading?: "2xl" | "2xl-3xl";
  /** The screen's column, centred: all of the main area unless 48rem (Chakra's 3xl) or 72rem (6xl). */
  column?: "3xl" | "6xl";
  /** The heading shares its row with a 44 px link (Review's Study plan), centred in its height. */
  headingRow?: boolean;
  /** Search's field stands between the heading and the line, 20 px from each. */
  searchField?: boolean;
}

/**
 * A screen's opening words, where they depend on nothing but the member and the address, and the screen
 * draws them in its first render: the dashboard, Performance, Study Mode's list of sections, the
 * practice test's set-up, Search with nothing typed (its line is the hint under the field), and Review.
 * `search` is the address's query: with a test to review or a shared test's code, /test opens on
 * something else, and with a query, /search opens on its results. Other screens open with data (the
 * question, the card) and keep the frame's grey lines. On a device holding an unfinished test, /test
 * asks first whether to resume it: that prompt replaces the words, as the app replaces the whole frame.
 */
export function firstPaintOf(pathname: string, member: FirstPaintMember, search = ""): FirstPaintWords | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const query = new URLSearchParams(search);
  switch (path) {
    case "":
    case "/":
      return { title: welcomeTitle(member), intro: DASHBOARD_INTRO };
    case "/performance":
      return { title: PERFORMANCE_TITLE, intro: PERFORMANCE_INTRO, back: true };
    case "/study":
      return { title: STUDY_TITLE, intro: STUDY_INTRO };
    case "/test":
      if (query.get("review") || query.get("code")) return null;
      return { title: PRACTICE_TEST_TITLE, intro: PRACTICE_TEST_INTRO, heading: "2xl", column: "6xl" };
    case "/search":
      if (query.get("q")) return null;
      return { title: SEARCH_TITLE, intro: SEARCH_HINT, heading: "2xl-3xl", column: "3xl", searchField: true };
    case "/review":
      return { title: REVIEW_TITLE, intro: REVIEW_INTRO, column: "3xl", headingRow: true };
    default:
      return null;
  }
}

/** The frame's grey title and line in index.html, which the opening words take the place of. */
export const FRAME_TITLE_PLACEHOLDER = '<div class="boot-line boot-title"></div><div class="boot-line"></div>';
/** The frame's two grey cards under them, which a section's first question takes the place of too. */
export const FRAME_CARDS_PLACEHOLDER = '<div class="boot-card"></div><div class="boot-card"></div>';

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/**
 * The signed-in page with the screen's opening words in its frame, styled as the app draws them
 * (boot.css), so they are the page's first content. A page whose screen has none, or whose frame has
 * no placeholder, comes back as it was. The member's name is text, never markup.
 */
export function withFirstPaint(html: string, pathname: string, member: FirstPaintMember, search = ""): string {
  const words = firstPaintOf(pathname, member, search);
  if (!words || !html.includes(FRAME_TITLE_PLACEHOLDER)) return html;
  const heading = `<div class="boot-heading${words.heading ? ` boot-heading-${words.heading}` : ""}">${escapeHtml(words.title)}</div>`;
  const markup =
    `${words.back ? '<div class="boot-back"></div>' : ""}` +
    `${words.headingRow ? `<div class="boot-heading-row">${heading}</div>` : heading}` +
    `${words.searchField ? '<div class="boot-field"></div>' : ""}` +
    `<div class="boot-intro">${escapeHtml(words.intro)}</div>`;
  return html.replace(FRAME_TITLE_PLACEHOLDER, () =>
    words.column ? `<div class="boot-max-${words.column}">${markup}</div>` : markup,
  );
}

/** A study session's badge for its place in the session. */
export const questionCountLabel = (position: number, total: number) => `Question ${position} of ${total}`;

/** A question's kind, as the study session's badge says it. */
export const questionTypeLabel = (type: string) =>
  type === "multiple-choice" ? "Multiple choice" : "Fill in the blank";

/** A section's study page (/study/7), or null for any other path. */
export function studySectionOfPath(pathname: string): number | null {
  const match = /^\/study\/(\d+)\/?$/.exec(pathname);
  if (!match) return null;
  const section = parseSectionParam(match[1]);
  return typeof section === "number" ? section : null;
}

/** The question a section's study session opens on, and how many the session has. */
export interface StudyOpening {
  section: number;
  total: number;
  questionText: string;
  questionType: string;
}

/** Lucide's flag (lucide-react's `Flag`, which the session's Flag button draws), 16 px. */
const FLAG_ICON =
  '<svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" focusable="false"><path d="M4 22V4a1 1 0 0 1 .4-.8A6 6 0 0 1 8 2c3 0 5 2 7.333 2q2 0 3.067-.8A1 1 0 0 1 20 4v10a1 1 0 0 1-.4.8A6 6 0 0 1 16 16c-3 0-5-2-8-2a6 6 0 0 0-4 1.528"/></svg>';

/**
 * A badge of the frame's study session. Its words are drawn from `data-label` by boot.css, not written
 * in the page: the frame is a picture of the screen to come (aria-hidden), and the page's text then
 * holds only the app's badges, the ones that stay, for a search of the page or a query for
 * "Question 1 of 36" to find.
 */
const badge = (variant: "solid" | "subtle" | "outline", label: string) =>
  `<span class="boot-badge boot-badge-${variant}" data-label="${escapeHtml(label)}"></span>`;

/**
 * A section's study page with the session's first question in its frame, laid out as the session
 * draws it (boot.css: its heading, its card's badges, progress bar and question), so the question, the
 * screen's largest text, is painted with the page and the app's own takes its place where it stands.
 * The Flag button is drawn unflagged: whether the member flagged the question comes with the app. Under
 * the question a spinner turns where the answers will be (boot.css moves the page's own out of sight). A
 * page whose frame has no placeholders comes back as it was. The question's text is text, never markup.
 */
export function withStudyOpening(html: string, opening: StudyOpening): string {
  const placeholder = FRAME_TITLE_PLACEHOLDER + FRAME_CARDS_PLACEHOLDER;
  if (!html.includes(placeholder)) return html;
  const markup =
    '<div class="boot-max-3xl"><div class="boot-back boot-back-study"></div>' +
    `<div class="boot-kicker">${STUDY_TITLE}</div>` +
    `<div class="boot-heading">${escapeHtml(sidebarSectionName(opening.section))}</div>` +
    '<div class="boot-panel"><div class="boot-badges">' +
    badge("solid", questionCountLabel(1, opening.total)) +
    badge("subtle", `Section ${opening.section}`) +
    badge("outline", questionTypeLabel(opening.questionType)) +
    `<span class="boot-button" data-label="Flag">${FLAG_ICON}</span></div>` +
    '<div class="boot-progress"></div>' +
    `<div class="boot-question">${escapeHtml(opening.questionText)}</div>` +
    '<div class="boot-panel-spinner"></div></div></div>';
  return html.replace(placeholder, () => markup);
}

/** Flashcard Study Mode's heading and the line under it (/flashcards). */
export const FLASHCARDS_TITLE = "Flashcard Study Mode";
export const FLASHCARDS_INTRO = "Review key definitions and terms from the JCBA";
/** The deck's section filter: its label, and what it says when no section is chosen. */
export const SECTION_FILTER_LABEL = "Filter by Section";
export const ALL_SECTIONS = "All Sections";
/** The hint on a card's term side: phones tap, wider screens click or press Space. */
export const FLASHCARD_TERM_HINT = {
  tap: "Tap the card to see the definition",
  click: "Click or press Space to see the definition",
} as const;
/** The deck's count of mastered cards, beside the way back to the dashboard. */
export const masteredCountLabel = (mastered: number, total: number) => `Mastered: ${mastered} / ${total}`;
/** The deck's place, above the card. */
export const cardCountLabel = (position: number, total: number) => `Card ${position} of ${total}`;
/** A card's section, as its badge and the section filter say it. */
export const flashcardSectionLabel = (section: number) => sectionLabel(section, flashcardFilterSectionName);

/** The card the deck opens on, and what the screen says around it. */
export interface FlashcardsOpening {
  /** The section the deck is filtered to, or null for all of them. */
  section: number | null;
  total: number;
  /** 1 for the deck's first card; later when the address names a card (a search result). */
  position: number;
  term: string;
  sectionNumber: number;
  /** How many of the deck's cards the member has mastered, and whether this one is among them. */
  mastered: number;
  termMastered: boolean;
}

/** Lucide's arrow-left (20 px, the Back to Dashboard button's), check (14 px) and Chakra's select chevron. */
const BACK_ICON =
  '<svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" focusable="false"><path d="m12 19-7-7 7-7"/><path d="M19 12H5"/></svg>';
const CHECK_ICON =
  '<svg aria-hidden="true" viewBox="0 0 24 24" width="14" height="14" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" focusable="false"><path d="M20 6 9 17l-5-5"/></svg>';
const CHEVRON_ICON =
  '<svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" focusable="false"><path d="m6 9 6 6 6-6"/></svg>';

/** Words of the frame drawn by boot.css from the attribute, as the badges of withStudyOpening. */
const label = (className: string, text: string, inner = "") =>
  `<span class="${className}" data-label="${escapeHtml(text)}">${inner}</span>`;

/**
 * Flashcard Study Mode with the deck's first card in its frame, laid out as FlashcardsScreen and
 * FlashcardViewer draw it (boot.css): the way back and the mastered count, the heading and its line,
 * the section filter, the deck's place and the card's badges, and the card with its term, the screen's
 * largest text, so it is painted with the page and the app's own takes its place where it stands. The
 * term and the heading are text; the other words are drawn from their attribute (withStudyOpening's
 * badges say why). A spinner turns under the card, where its buttons will be. A page whose frame has no
 * placeholders comes back as it was.
 */
export function withFlashcardsOpening(html: string, opening: FlashcardsOpening): string {
  const placeholder = FRAME_TITLE_PLACEHOLDER + FRAME_CARDS_PLACEHOLDER;
  if (!html.includes(placeholder)) return html;
  const markup =
    '<div class="boot-max-3xl boot-deck-screen"><div class="boot-deck-top">' +
    label("boot-back-button", "Back to Dashboard", BACK_ICON) +
    label("boot-mastered-count", masteredCountLabel(opening.mastered, opening.total)) +
    "</div>" +
    `<div><div class="boot-heading boot-heading-2xl-3xl">${FLASHCARDS_TITLE}</div><div class="boot-intro">${FLASHCARDS_INTRO}</div></div>` +
    '<div class="boot-select">' +
    label("boot-select-label", SECTION_FILTER_LABEL) +
    label(
      "boot-select-trigger",
      opening.section === null ? ALL_SECTIONS : flashcardSectionLabel(opening.section),
      CHEVRON_ICON,
    ) +
    '</div><div class="boot-deck"><div class="boot-deck-row">' +
    label("boot-deck-position", cardCountLabel(opening.position, opening.total)) +
    '<span class="boot-deck-badges">' +
    (opening.termMastered ? label("boot-badge-md boot-badge-mastered", "Mastered", CHECK_ICON) : "") +
    label("boot-badge-md boot-badge-subtle", flashcardSectionLabel(opening.sectionNumber)) +
    '</span></div><div class="boot-flashcard"><div class="boot-flashcard-side">' +
    label("boot-flashcard-side-name", "Term") +
    `<div class="boot-term">${escapeHtml(opening.term)}</div></div>` +
    `<span class="boot-flashcard-hint" data-tap="${FLASHCARD_TERM_HINT.tap}" data-click="${FLASHCARD_TERM_HINT.click}"></span>` +
    '</div><div class="boot-panel-spinner"></div></div></div>';
  return html.replace(placeholder, () => markup);
}
