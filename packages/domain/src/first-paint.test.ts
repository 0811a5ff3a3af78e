import { describe, expect, it } from "vitest";
import {
  DASHBOARD_INTRO,
  FLASHCARDS_INTRO,
  FLASHCARDS_TITLE,
  FRAME_CARDS_PLACEHOLDER,
  FRAME_TITLE_PLACEHOLDER,
  flashcardSectionLabel,
  PERFORMANCE_INTRO,
  PERFORMANCE_TITLE,
  PRACTICE_TEST_INTRO,
  PRACTICE_TEST_TITLE,
  REVIEW_INTRO,
  REVIEW_TITLE,
  SEARCH_HINT,
  SEARCH_TITLE,
  STUDY_INTRO,
  STUDY_TITLE,
  studySectionOfPath,
  withFirstPaint,
  withFlashcardsOpening,
  withStudyOpening,
} from "./first-paint.ts";

const page = `<body><div id="root"><div class="boot-main">${FRAME_TITLE_PLACEHOLDER}<div class="boot-card"></div></div></div></body>`;

describe("a signed-in page's opening words", () => {
  it("puts the dashboard's welcome and its line in the frame, in place of the grey placeholders", () => {
    const html = withFirstPaint(page, "/", { firstName: "Maria", email: "maria@example.com" });
    expect(html).toContain(
      `<div class="boot-heading">Welcome back, Maria!</div><div class="boot-intro">${DASHBOARD_INTRO}</div><div class="boot-card">`,
    );
    expect(html).not.toContain("boot-title");
  });

  it("puts Performance's heading and line below the room its Back to Dashboard link takes", () => {
    const member = { firstName: "Maria", email: "maria@example.com" };
    for (const path of ["/performance", "/performance/"])
      expect(withFirstPaint(page, path, member)).toContain(
        `<div class="boot-back"></div><div class="boot-heading">${PERFORMANCE_TITLE}</div><div class="boot-intro">${PERFORMANCE_INTRO}</div>`,
      );
  });

  it("puts the practice test's set-up heading (2xl at every width) and line in the frame, centred as the screen is", () => {
    const member = { firstName: "Maria", email: "maria@example.com" };
    for (const search of ["", "section=7", "review=", "code="])
      expect(withFirstPaint(page, "/test", member, search)).toContain(
        `<div class="boot-max-6xl"><div class="boot-heading boot-heading-2xl">${PRACTICE_TEST_TITLE}</div><div class="boot-intro">${PRACTICE_TEST_INTRO}</div></div><div class="boot-card">`,
      );
  });

  it("puts Study Mode's heading and line in the frame on the list of sections, and not on a section", () => {
    const member = { firstName: "Maria", email: "maria@example.com" };
    for (const path of ["/study", "/study/"])
      expect(withFirstPaint(page, path, member)).toContain(
        `<div class="boot-heading">${STUDY_TITLE}</div><div class="boot-intro">${STUDY_INTRO}</div><div class="boot-card">`,
      );
    expect(withFirstPaint(page, "/study/7", member)).toBe(page);
  });

  it("puts Search's heading, its field and the hint under it in the frame while nothing is asked, in Search's column", () => {
    const member = { firstName: "Maria", email: "maria@example.com" };
    for (const [path, search] of [
      ["/search", ""],
      ["/search/", ""],
      ["/search", "q="],
    ] as const)
      expect(withFirstPaint(page, path, member, search)).toContain(
        `<div class="boot-max-3xl"><div class="boot-heading boot-heading-2xl-3xl">${SEARCH_TITLE}</div><div class="boot-field"></div><div class="boot-intro">${SEARCH_HINT}</div></div><div class="boot-card">`,
      );
  });

  it("leaves /search's frame alone when the address asks something: the screen opens on its results", () => {
    const member = { firstName: "Maria", email: "maria@example.com" };
    expect(withFirstPaint(page, "/search", member, "q=seniority")).toBe(page);
    expect(withFirstPaint(page, "/search", member, "q=12")).toBe(page);
  });

  it("puts Review's heading, in the row it shares with the Study plan link, and its line in the frame, in Review's column", () => {
    const member = { firstName: "Maria", email: "maria@example.com" };
    for (const path of ["/review", "/review/"])
      expect(withFirstPaint(page, path, member)).toContain(
        `<div class="boot-max-3xl"><div class="boot-heading-row"><div class="boot-heading">${REVIEW_TITLE}</div></div><div class="boot-intro">${REVIEW_INTRO.replace("'", "&#39;")}</div></div><div class="boot-card">`,
      );
  });

  it("leaves /test's frame alone when the address opens a review or a shared test instead of the set-up", () => {
    const member = { firstName: "Maria", email: "maria@example.com" };
    expect(withFirstPaint(page, "/test", member, "review=12")).toBe(page);
    expect(withFirstPaint(page, "/test", member, "code=ABC123")).toBe(page);
    expect(withFirstPaint(page, "/test/", member, "x=1&code=ABC123")).toBe(page);
  });

  it("greets a member with no first name by their address", () => {
    expect(withFirstPaint(page, "/", { firstName: null, email: "robin@example.com" })).toContain(
      "Welcome back, robin@example.com!",
    );
    expect(withFirstPaint(page, "/", { firstName: "", email: "robin@example.com" })).toContain(
      "Welcome back, robin@example.com!",
    );
  });

  it("writes a name as text, never as markup", () => {
    const html = withFirstPaint(page, "/", { firstName: `<img src=x onerror="alert(1)">&$'`, email: "x@example.com" });
    expect(html).toContain("Welcome back, &lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;$&#39;!");
    expect(html).not.toContain("<img");
  });

  it("leaves a screen that opens with data or a spinner, and a page without the frame, as they were", () => {
    const member = { firstName: "Maria", email: "maria@example.com" };
    expect(withFirstPaint(page, "/study/7", member)).toBe(page);
    expect(withFirstPaint(page, "/flashcards", member)).toBe(page);
    expect(withFirstPaint("<body></body>", "/", member)).toBe("<body></body>");
  });
});

describe("a section's study page", () => {
  const frame = `<body><div id="root"><div class="boot-main">${FRAME_TITLE_PLACEHOLDER}${FRAME_CARDS_PLACEHOLDER}</div></div><div class="boot-spinner"></div></body>`;
  const opening = {
    section: 7,
    total: 36,
    questionText: "Under 7.A.3, how many hours?",
    questionType: "fill-in-blank",
  };

  it("is a section's path, and nothing else", () => {
    expect(studySectionOfPath("/study/7")).toBe(7);
    expect(studySectionOfPath("/study/32/")).toBe(32);
    for (const path of ["/study", "/study/", "/study/0", "/study/33", "/study/7x", "/study/7/x", "/studyx/7", "/"])
      expect(studySectionOfPath(path), path).toBeNull();
  });

  it("draws the session's heading, badges, bar and first question in place of the grey lines and cards", () => {
    const html = withStudyOpening(frame, opening);
    expect(html).toContain(
      `<div class="boot-max-3xl"><div class="boot-back boot-back-study"></div><div class="boot-kicker">${STUDY_TITLE}</div><div class="boot-heading">Scheduling</div><div class="boot-panel"><div class="boot-badges"><span class="boot-badge boot-badge-solid" data-label="Question 1 of 36"></span><span class="boot-badge boot-badge-subtle" data-label="Section 7"></span><span class="boot-badge boot-badge-outline" data-label="Fill in the blank"></span><span class="boot-button" data-label="Flag"><svg`,
    );
    expect(html).toContain(
      '</svg></span></div><div class="boot-progress"></div><div class="boot-question">Under 7.A.3, how many hours?</div><div class="boot-panel-spinner"></div></div></div></div></div><div class="boot-spinner">',
    );
    expect(html).not.toContain("boot-line");
    expect(html).not.toContain("boot-card");
    expect(withStudyOpening(frame, { ...opening, questionType: "multiple-choice" })).toContain(
      'data-label="Multiple choice"',
    );
  });

  it("writes the question as text, never as markup", () => {
    const html = withStudyOpening(frame, { ...opening, questionText: `Is <b>"this"</b> & 'that' a <script>?` });
    expect(html).toContain("Is &lt;b&gt;&quot;this&quot;&lt;/b&gt; &amp; &#39;that&#39; a &lt;script&gt;?");
    expect(html).not.toContain("<script>");
  });

  it("leaves a page without the frame's placeholders as it was", () => {
    const titleOnly = `<div class="boot-main">${FRAME_TITLE_PLACEHOLDER}</div>`;
    expect(withStudyOpening(titleOnly, opening)).toBe(titleOnly);
  });
});

describe("Flashcard Study Mode's page", () => {
  const frame = `<body><div id="root"><div class="boot-main">${FRAME_TITLE_PLACEHOLDER}${FRAME_CARDS_PLACEHOLDER}</div></div></body>`;
  const opening = {
    section: null,
    total: 164,
    position: 1,
    term: "Scope clause (Section 1)",
    sectionNumber: 1,
    mastered: 12,
    termMastered: false,
  };

  it("draws the way back, the count, the heading, the filter, the deck's place and the first card's term", () => {
    const html = withFlashcardsOpening(frame, opening);
    expect(html).toContain('<span class="boot-back-button" data-label="Back to Dashboard"><svg');
    expect(html).toContain('<span class="boot-mastered-count" data-label="Mastered: 12 / 164"></span>');
    expect(html).toContain(
      `<div class="boot-heading boot-heading-2xl-3xl">${FLASHCARDS_TITLE}</div><div class="boot-intro">${FLASHCARDS_INTRO}</div>`,
    );
    expect(html).toContain('<span class="boot-select-trigger" data-label="All Sections"><svg');
    expect(html).toContain('<span class="boot-deck-position" data-label="Card 1 of 164"></span>');
    expect(html).toContain(
      `<span class="boot-deck-badges"><span class="boot-badge-md boot-badge-subtle" data-label="${flashcardSectionLabel(1)}"></span></span>`,
    );
    expect(html).toContain('<div class="boot-term">Scope clause (Section 1)</div>');
    expect(html).toContain('<div class="boot-panel-spinner"></div>');
    expect(html).not.toContain("boot-line");
    expect(html).not.toContain("boot-card");
  });

  it("names the chosen section in the filter, the card's place in the deck, and a mastered card's badge", () => {
    const html = withFlashcardsOpening(frame, {
      ...opening,
      section: 7,
      total: 9,
      position: 3,
      sectionNumber: 7,
      mastered: 2,
      termMastered: true,
    });
    expect(html).toContain(`<span class="boot-select-trigger" data-label="${flashcardSectionLabel(7)}">`);
    expect(html).toContain('data-label="Card 3 of 9"');
    expect(html).toContain('data-label="Mastered: 2 / 9"');
    expect(html).toContain('<span class="boot-badge-md boot-badge-mastered" data-label="Mastered"><svg');
  });

  it("writes the term as text, and leaves a page without the placeholders as it was", () => {
    const html = withFlashcardsOpening(frame, { ...opening, term: `<img src=x onerror="alert(1)">` });
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).not.toContain("<img");
    expect(withFlashcardsOpening("<body></body>", opening)).toBe("<body></body>");
  });
});
