import "server-only";
/**
 * The order in which a line of mixed-direction text is displayed: the Unicode Bidirectional
 * Algorithm (UAX #9) for one line of one paragraph without explicit embeddings or isolates, with
 * character types approximated from Unicode properties. Enough for Arabic sentences holding
 * hospital names, numbers and web addresses.
 */
type BidiType = "L" | "R" | "AL" | "EN" | "AN" | "ES" | "ET" | "CS" | "NSM" | "ON";

const EUROPEAN_NUMBER = /[0-9\u00b2\u00b3\u00b9\u06f0-\u06f9\u2070\u2074-\u2079\u2080-\u2089\uff10-\uff19]/u;
const ARABIC_NUMBER = /[\u0600-\u0605\u0660-\u0669\u066b\u066c\u06dd\u08e2]/u;
const EUROPEAN_SEPARATOR = /[+\-\u207a\u207b\u208a\u208b\u2212\ufb29\ufe62\ufe63\uff0b\uff0d]/u;
const EUROPEAN_TERMINATOR =
  /[#$%\u00a2-\u00a5\u00b0\u00b1\u0609\u060a\u066a\u2030-\u2034\u20a0-\u20cf\ufe5f\ufe69\ufe6a\uff03-\uff05\uffe0\uffe1\uffe5\uffe6]/u;
const COMMON_SEPARATOR = /[,./:\u00a0\u060c\u202f\u2044\ufe50\ufe52\ufe55\uff0c\uff0e\uff0f\uff1a]/u;
const NONSPACING = /[\p{Mn}\p{Me}\p{Cf}]/u;
const ARABIC_LETTER = /[\u0600-\u07bf\u0860-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/u;
const HEBREW_LETTER = /[\u0590-\u05ff\u07c0-\u085f\ufb1d-\ufb4f]/u;
const STRONG_LEFT = /[\p{L}\p{Mc}\p{N}]/u;

function bidiType(char: string): BidiType {
  if (EUROPEAN_NUMBER.test(char)) return "EN";
  if (ARABIC_NUMBER.test(char)) return "AN";
  if (EUROPEAN_SEPARATOR.test(char)) return "ES";
  if (EUROPEAN_TERMINATOR.test(char)) return "ET";
  if (COMMON_SEPARATOR.test(char)) return "CS";
  if (NONSPACING.test(char)) return "NSM";
  if (ARABIC_LETTER.test(char)) return "AL";
  if (HEBREW_LETTER.test(char)) return "R";
  if (STRONG_LEFT.test(char)) return "L";
  return "ON";
}

const OPENING: Record<string, string> = { "(": ")", "[": "]", "{": "}", "（": "）", "［": "］", "｛": "｝" };

/** Matching brackets among neutral characters (BD16), in order of their opening bracket. */
function bracketPairs(chars: readonly string[], types: readonly BidiType[]): [open: number, close: number][] {
  const pairs: [number, number][] = [];
  const stack: { index: number; closing: string }[] = [];
  chars.forEach((char, index) => {
    if (types[index] !== "ON") return;
    if (OPENING[char]) stack.push({ index, closing: OPENING[char] });
    else {
      const match = stack.findLastIndex((entry) => entry.closing === char);
      if (match < 0) return;
      pairs.push([stack[match].index, index]);
      stack.splice(match);
    }
  });
  return pairs.sort(([a], [b]) => a - b);
}

export interface BidiRun {
  /** In reading order. */
  text: string;
  /** Displayed right to left. */
  rtl: boolean;
}

/** A line's runs of one direction, in display order from left to right. */
export function visualRuns(line: string, rtl: boolean): BidiRun[] {
  const chars = [...line];
  const edge = rtl ? "R" : "L"; // sos and eos
  const types = chars.map(bidiType);
  const count = types.length;

  // W1: a nonspacing mark takes the type of the character before it.
  types.forEach((type, index) => type === "NSM" && (types[index] = index === 0 ? edge : types[index - 1]));
  // W2, W3: a European number after an Arabic letter is an Arabic number; Arabic letters are R.
  let strong: BidiType = edge;
  types.forEach((type, index) => {
    if (type === "L" || type === "R" || type === "AL") strong = type;
    else if (type === "EN" && strong === "AL") types[index] = "AN";
  });
  types.forEach((type, index) => type === "AL" && (types[index] = "R"));
  // W4: a single separator between two numbers of a kind joins them.
  for (let index = 1; index < count - 1; index++) {
    const [before, type, after] = [types[index - 1], types[index], types[index + 1]];
    if (type === "ES" && before === "EN" && after === "EN") types[index] = "EN";
    else if (type === "CS" && (before === "EN" || before === "AN") && after === before) types[index] = before;
  }
  // W5: terminators next to a European number belong to it.
  for (let index = 0; index < count; index++) {
    if (types[index] !== "ET") continue;
    let end = index;
    while (end < count && types[end] === "ET") end++;
    if (types[index - 1] === "EN" || types[end] === "EN") types.fill("EN", index, end);
    index = end - 1;
  }
  // W6: other separators and terminators are neutral; W7: a European number after L is L.
  strong = edge;
  types.forEach((type, index) => {
    if (type === "ES" || type === "ET" || type === "CS") types[index] = "ON";
    else if (type === "L" || type === "R") strong = type;
    else if (type === "EN" && strong === "L") types[index] = "L";
  });
  const direction = (type: BidiType | undefined) => (type === undefined ? edge : type === "L" ? "L" : "R");
  const isStrong = (type: BidiType) => type === "L" || type === "R" || type === "EN" || type === "AN";
  // N0: a pair of brackets takes the line's direction if it holds text of that direction, else the
  // other one if it holds text of it and follows it ("Acıbadem (Maslak)" in an Arabic sentence).
  for (const [open, close] of bracketPairs(chars, types)) {
    const inside = types
      .slice(open + 1, close)
      .filter(isStrong)
      .map(direction);
    if (!inside.length) continue;
    let before = open - 1;
    while (before >= 0 && !isStrong(types[before])) before--;
    const resolved = inside.includes(edge) ? edge : direction(types[before]) !== edge ? direction(types[before]) : edge;
    types[open] = types[close] = resolved;
  }
  // N1, N2: neutrals between two of the same direction take it (numbers count as R), others the line's.
  for (let index = 0; index < count; index++) {
    if (types[index] !== "ON") continue;
    let end = index;
    while (end < count && types[end] === "ON") end++;
    const before = direction(types[index - 1]);
    types.fill(before === direction(types[end]) ? before : edge, index, end);
    index = end - 1;
  }
  // I1, I2: embedding levels.
  const levels = types.map((type) => (rtl ? (type === "R" ? 1 : 2) : type === "L" ? 0 : type === "R" ? 1 : 2));

  const runs: { text: string; level: number }[] = [];
  chars.forEach((char, index) => {
    const last = runs.at(-1);
    if (last?.level === levels[index]) last.text += char;
    else runs.push({ text: char, level: levels[index] });
  });
  // L2: from the highest level down to 1, reverse every sequence of runs at that level or higher.
  for (let level = Math.max(0, ...levels); level >= 1; level--) {
    for (let start = 0; start < runs.length; start++) {
      if (runs[start].level < level) continue;
      let end = start;
      while (end < runs.length && runs[end].level >= level) end++;
      runs.splice(start, end - start, ...runs.slice(start, end).reverse());
      start = end;
    }
  }
  return runs.map(({ text, level }) => ({ text, rtl: level % 2 === 1 }));
}

const MIRRORED: Record<string, string> = {
  "(": ")",
  ")": "(",
  "[": "]",
  "]": "[",
  "{": "}",
  "}": "{",
  "<": ">",
  ">": "<",
  "«": "»",
  "»": "«",
  "‹": "›",
  "›": "‹",
};

/** Characters in display order for a font that lays them out left to right: reversed, brackets mirrored. */
export function reverseForDisplay(text: string): string {
  return [...text]
    .reverse()
    .map((char) => MIRRORED[char] ?? char)
    .join("");
}

/** Whether a paragraph reads right to left: in a right-to-left document when it has Arabic or Hebrew letters, else when it has them and no left-to-right letters. */
export function paragraphIsRtl(text: string, documentRtl: boolean): boolean {
  const types = [...text].map(bidiType);
  const hasRtl = types.includes("AL") || types.includes("R");
  return documentRtl ? hasRtl : hasRtl && !types.includes("L");
}
