/**
 * Moodle's GIFT and Aiken question formats, read into the import's question records. Only what the
 * bank can hold is taken: multiple choice (one right option) and short answer (fill-in); every other
 * GIFT type is reported by name. Written here because no maintained npm parser covers GIFT's escapes
 * and categories together with Aiken; the grammar followed is Moodle's documentation of both formats.
 */

/** A question read from the file, in the shape the import checks (questionInput), or why it cannot be taken. */
export interface MoodleRecord {
  /** 1-based line where the question starts. */
  line: number;
  values: Record<string, unknown>;
  /** Short-answer spellings after the first, graded as correct too. */
  alternatives: string[] | null;
  problems: string[];
}

/** The explanation a question gets when its file gives none (the bank requires one). */
export const explanationFor = (answer: string) => `The correct answer is: ${answer}`;

/** Section number named by a GIFT category: its last path part's number ("$course$/JCBA/Section 12" → 12). */
export function sectionOfCategory(category: string): number | null {
  const last =
    category
      .split("/")
      .filter((p) => p.trim() !== "")
      .pop() ?? "";
  const match = /(\d{1,2})\s*$/.exec(last.trim()) ?? /^\s*(?:section\s*)?(\d{1,2})\b/i.exec(last);
  const n = match ? Number(match[1]) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= 32 ? n : null;
}

// GIFT escapes: a backslash makes the next of ~ = # { } : a plain character. They are swapped for
// private-use characters while the structure is read, then turned back.
const ESCAPES: Record<string, string> = {
  "~": "\uE000",
  "=": "\uE001",
  "#": "\uE002",
  "{": "\uE003",
  "}": "\uE004",
  ":": "\uE005",
  "\\": "\uE006",
};
const hideEscapes = (text: string) => text.replace(/\\([~=#{}:\\])/g, (_, c: string) => ESCAPES[c]!);
const showEscapes = (text: string) =>
  Object.entries(ESCAPES).reduce((t, [plain, hidden]) => t.replaceAll(hidden, plain), text);
/** Plain text of a GIFT fragment: escapes restored, a [html]/[moodle]/[plain]/[markdown] marker and \n handled. */
const giftText = (text: string) =>
  showEscapes(
    text
      .replace(/^\s*\[(?:html|moodle|plain|markdown)\]/i, "")
      .replaceAll("\\n", "\n")
      .trim(),
  );

/** A GIFT file that cannot be read as a whole (an answer block never closed): the import refuses it with this. */
export class GiftFileError extends Error {}

/**
 * Splits GIFT into question blocks (blank-line separated), skipping comments and reading $CATEGORY
 * lines. One pass: each line's braces are counted once, so a stray { costs no more than the file's length.
 */
function* giftBlocks(content: string): Generator<{ line: number; text: string; category: string | null }> {
  let category: string | null = null;
  let current: { line: number; lines: string[]; category: string | null } | null = null;
  /** Braces opened minus braces closed in the current block. */
  let depth = 0;
  /** The block that ends here, if it holds anything. */
  const flush = () => {
    const ended = current?.lines.some((l) => l.trim() !== "") ? current : null;
    if (ended && depth > 0)
      throw new GiftFileError(
        `Line ${ended.line}: an answer block opened with { is never closed with }, so what follows would be ` +
          "read as part of this question. Close it, or write a literal brace as \\{.",
      );
    current = null;
    depth = 0;
    return ended ? { line: ended.line, text: ended.lines.join("\n"), category: ended.category } : null;
  };
  const count = (text: string, brace: string) => {
    let n = 0;
    for (let at = text.indexOf(brace); at >= 0; at = text.indexOf(brace, at + 1)) n++;
    return n;
  };
  const lines = hideEscapes(content.replace(/^\uFEFF/, "")).split(/\r\n|\r|\n/);
  for (const [i, raw] of lines.entries()) {
    if (/^\s*\/\//.test(raw)) continue;
    const cat = /^\s*\$CATEGORY:\s*(.*)$/i.exec(raw);
    if (cat) {
      const ended = flush();
      if (ended) yield ended;
      category = showEscapes(cat[1]!.trim());
      continue;
    }
    // A blank line ends a question, unless it falls inside its answer braces.
    if (raw.trim() === "" && depth <= 0) {
      const ended = flush();
      if (ended) yield ended;
      continue;
    }
    if (!current) current = { line: i + 1, lines: [], category };
    current.lines.push(raw);
    depth += count(raw, "{") - count(raw, "}");
  }
  const last = flush();
  if (last) yield last;
}

interface GiftAnswer {
  right: boolean;
  weight: number | null;
  text: string;
}

/** The answers of a GIFT answer block: each starts with = (right) or ~ (wrong), may carry %weight% and #feedback. */
function giftAnswers(body: string): GiftAnswer[] {
  const answers: GiftAnswer[] = [];
  for (const m of body.matchAll(/([=~])([^=~]*)/g)) {
    let text = m[2]!;
    let weight: number | null = null;
    const w = /^\s*%(-?\d+(?:\.\d+)?)%/.exec(text);
    if (w) {
      weight = Number(w[1]);
      text = text.slice(w[0].length);
    }
    text = text.split("#")[0]!; // per-answer feedback is not kept
    answers.push({ right: m[1] === "=", weight, text: giftText(text) });
  }
  return answers;
}

/**
 * Reads a GIFT file, one question at a time (the import yields to other requests between them);
 * questions take their section from the latest $CATEGORY, else from `defaultSection`. Throws
 * GiftFileError when an answer block is never closed.
 */
export function* parseGift(content: string, defaultSection: number | null): Generator<MoodleRecord> {
  for (const block of giftBlocks(content)) yield giftRecord(block, defaultSection);
}

function giftRecord(
  { line, text, category }: { line: number; text: string; category: string | null },
  defaultSection: number | null,
): MoodleRecord {
  const problems: string[] = [];
  const fail = (problem: string): MoodleRecord => ({ line, values: {}, alternatives: null, problems: [problem] });
  let section = defaultSection;
  if (category !== null) {
    const named = sectionOfCategory(category);
    if (named !== null) section = named;
    else if (section === null)
      problems.push(`Category "${category}" names no section (1–32), and no default section was chosen.`);
  } else if (section === null)
    problems.push("No section: add a $CATEGORY line (e.g. Section 12) or choose a default section.");

  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start < 0 || end < start)
    return fail(`Line ${line}: no answer block { … } was found; descriptions cannot be imported.`);
  let stem = text.slice(0, start);
  const after = text.slice(end + 1).trim();
  let body = text.slice(start + 1, end);
  stem = stem.replace(/^\s*::[\s\S]*?::/, ""); // the optional ::title::
  let explanation: string | null = null;
  const general = body.indexOf("####");
  if (general >= 0) {
    explanation = giftText(body.slice(general + 4));
    body = body.slice(0, general);
  }
  const trimmed = body.trim();
  const kind =
    trimmed === ""
      ? "Essay"
      : /^(T|TRUE|F|FALSE)(\s*#[\s\S]*)?$/i.test(trimmed)
        ? "True/false"
        : trimmed.startsWith("#")
          ? "Numerical"
          : /->/.test(trimmed)
            ? "Matching"
            : null;
  if (kind) return fail(`Line ${line}: ${kind} questions cannot be imported (only multiple choice and short answer).`);
  const answers = giftAnswers(trimmed);
  if (answers.length === 0) return fail(`Line ${line}: the answer block holds no = or ~ answers.`);
  // Missing-word questions ("The sky is {=blue ~green} today") keep a blank where the answers were.
  const questionText = after === "" ? giftText(stem) : `${giftText(stem)} _____ ${giftText(after)}`.trim();
  const right = answers.filter((a) => a.right || (a.weight !== null && a.weight >= 100));
  const wrong = answers.filter((a) => !right.includes(a));
  if (wrong.some((a) => a.weight !== null && a.weight > 0))
    problems.push("Partial-credit answers (~%50%…) cannot be imported: an answer is right or wrong here.");

  if (wrong.length === 0) {
    // Short answer: every = answer is accepted; the first is shown as the answer.
    const [first, ...others] = right.map((a) => a.text);
    return {
      line,
      values: {
        sectionNumber: section,
        questionType: "fill-in-blank",
        questionText,
        options: null,
        correctAnswer: first,
        explanation: explanation || explanationFor(first ?? ""),
        citation: null,
      },
      alternatives: others.length > 0 ? others : null,
      problems,
    };
  }
  if (right.length !== 1)
    problems.push(`A multiple-choice question needs exactly one right answer (=); this one has ${right.length}.`);
  return {
    line,
    values: {
      sectionNumber: section,
      questionType: "multiple-choice",
      questionText,
      options: answers.map((a) => a.text),
      correctAnswer: right[0]?.text ?? "",
      explanation: explanation || explanationFor(right[0]?.text ?? ""),
      citation: null,
    },
    alternatives: null,
    problems,
  };
}

/** Reads an Aiken file (multiple choice only): the question, lettered options "A." or "A)", then "ANSWER: X". */
export function* parseAiken(content: string, defaultSection: number | null): Generator<MoodleRecord> {
  let current: { line: number; stem: string[]; options: { letter: string; text: string }[] } | null = null;
  /** After a malformed question, lines are skipped up to its ANSWER: line. */
  let skipping = false;
  const lines = content.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === "") continue;
    const answer = /^ANSWER:\s*([A-Z])\s*$/i.exec(line);
    if (skipping) {
      if (answer) skipping = false;
      continue;
    }
    if (!current) current = { line: i + 1, stem: [], options: [] };
    const option = /^([A-Z])[.)]\s+(.*)$/.exec(line);
    if (answer) {
      const letter = answer[1]!.toUpperCase();
      const q = current;
      const problems: string[] = [];
      if (defaultSection === null) problems.push("No section: Aiken files name none, so choose a default section.");
      const right = q.options.find((o) => o.letter === letter);
      if (!right) problems.push(`ANSWER: ${letter} names no option of this question.`);
      if (q.options.some((o, n) => o.letter !== String.fromCharCode(65 + n)))
        problems.push("The options must be lettered A, B, C, … in order.");
      yield {
        line: q.line,
        values: {
          sectionNumber: defaultSection,
          questionType: "multiple-choice",
          questionText: q.stem.join(" "),
          options: q.options.map((o) => o.text),
          correctAnswer: right?.text ?? "",
          explanation: explanationFor(right?.text ?? ""),
          citation: null,
        },
        alternatives: null,
        problems,
      };
      current = null;
    } else if (option && current.stem.length > 0) current.options.push({ letter: option[1]!, text: option[2]!.trim() });
    else if (current.options.length === 0) current.stem.push(line);
    else {
      yield {
        line: current.line,
        values: {},
        alternatives: null,
        problems: [`Line ${i + 1}: expected an option (A. …) or ANSWER: after the options.`],
      };
      current = null;
      skipping = true;
    }
  }
  if (current)
    yield {
      line: current.line,
      values: {},
      alternatives: null,
      problems: [`Line ${current.line}: the question has no ANSWER: line.`],
    };
}
