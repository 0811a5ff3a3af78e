/**
 * English words for whole numbers, so a fill-in whose answer is a number ("over 100 subjects") also
 * takes the number written out ("one hundred"). Hand-written: the only need is cardinal words for
 * whole numbers, and the rule runs on the device (offline grading) as well as on the server, where a
 * dependency would add to the app's bundle for a few lines.
 */

const ONES = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
const SCALES = [
  [1_000_000_000, "billion"],
  [1_000_000, "million"],
  [1000, "thousand"],
  [100, "hundred"],
] as const;

/** The largest number spelled out; fill-in answers are short, and past this digits are the only way to write it. */
export const MAX_NUMBER_IN_WORDS = 999_999_999_999;

/** 3 → "three", 78 → "seventy-eight", 100 → "one hundred", 1250 → "one thousand two hundred fifty". */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n > MAX_NUMBER_IN_WORDS)
    throw new RangeError(`no words for ${n}: a whole number from 0 to ${MAX_NUMBER_IN_WORDS} is needed`);
  if (n < 20) return ONES[n]!;
  if (n < 100) return n % 10 === 0 ? TENS[n / 10]! : `${TENS[Math.floor(n / 10)]}-${ONES[n % 10]}`;
  for (const [size, name] of SCALES)
    if (n >= size) {
      const rest = n % size;
      const head = `${numberInWords(Math.floor(n / size))} ${name}`;
      return rest === 0 ? head : `${head} ${numberInWords(rest)}`;
    }
  throw new RangeError(`no words for ${n}`);
}

/** The whole number an answer states in digits ("100", "1,000"), or null. */
export function wholeNumberOf(text: string): number | null {
  const digits = text.trim();
  if (!/^(\d{1,3}(,\d{3})+|\d+)$/.test(digits)) return null;
  const n = Number(digits.replaceAll(",", ""));
  return n <= MAX_NUMBER_IN_WORDS ? n : null;
}

/** Number words as members type them: any case, hyphens or spaces between words, an optional "and". */
const numberWordsKey = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, " ")
    .replace(/ and /g, " ");

/** Whether `given` writes out, in words, the whole number that `answer` states in digits. */
export function isNumberWrittenOut(answer: string, given: string): boolean {
  const n = wholeNumberOf(answer);
  return n !== null && numberWordsKey(given) === numberWordsKey(numberInWords(n));
}
