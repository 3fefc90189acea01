// Numbers written in words, read as digits: "twelve" 12, "twenty-five" 25, "one hundred and
// fifty" 150, "fifteen hundred" 1500, "a dozen" 12, "two dozen" 24, "half a dozen" 6, "a couple
// of" 2, and "1,500" 1500. Pure; used by the needs reader before it looks for counts.

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const SCALES: Record<string, number> = { hundred: 100, thousand: 1000 };

const NUMBER_WORD = [...Object.keys(UNITS), ...Object.keys(TENS), ...Object.keys(SCALES)].join("|");
/** A run of number words joined by spaces or hyphens, or by "and" after a scale ("one hundred and fifty"). */
const NUMBER_RUN = new RegExp(
  `\\b(?:${NUMBER_WORD})(?:(?:[\\s-]+|(?<=hundred|thousand)\\s+and\\s+)(?:${NUMBER_WORD}))*\\b`,
  "g",
);

function valueOfRun(run: string): number | null {
  let total = 0;
  let current = 0;
  let seen = false;
  for (const word of run.split(/[\s-]+/)) {
    if (word === "and") continue;
    if (word in UNITS) {
      current += UNITS[word] ?? 0;
    } else if (word in TENS) {
      current += TENS[word] ?? 0;
    } else if (word === "hundred") {
      current = (current || 1) * 100;
    } else if (word === "thousand") {
      total += (current || 1) * 1000;
      current = 0;
    } else {
      return null;
    }
    seen = true;
  }
  return seen ? total + current : null;
}

/** The text with number words and grouped digits written as plain digits. */
export function digitsForWords(text: string): string {
  return (
    text
      .replace(/\bhalf\s+a\s+dozen\b/g, "6")
      .replace(/\b(\d+|a|one|two|three|four|five|six|ten)\s+dozen\b/g, (_m, n: string) => {
        const k = /^\d+$/.test(n) ? Number(n) : n === "a" ? 1 : (valueOfRun(n) ?? 1);
        return String(k * 12);
      })
      .replace(/\bdozens?\b/g, "12")
      .replace(/\ba\s+(?:couple|pair)(?:\s+of)?\b/g, "2")
      .replace(/\ba\s+single\b/g, "1")
      .replace(NUMBER_RUN, (run) => {
        const value = valueOfRun(run);
        return value === null ? run : String(value);
      })
      // "1,500" and "10,000": thousands separators, not lists (a list has a space: "5, 10").
      .replace(
        /\b(\d{1,3})((?:,\d{3})+)\b/g,
        (_m, head: string, rest: string) => `${head}${rest.replace(/,/g, "")}`,
      )
      // "$1.5k", "$2k": thousands of dollars ("4k" alone is a video quality).
      .replace(/\$\s?(\d+(?:\.\d+)?)k\b/g, (_m, n: string) => `$${Math.round(Number(n) * 1000)}`)
  );
}
