// Colours as proposals use them: a reseller's brand colour may be any #rrggbb, so the renderer
// picks the text that stays readable on it and darkens it where it is itself the text.

export const INK = "#111827";
const WHITE = "#ffffff";

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function hexOf([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
}

/** WCAG 2 relative luminance. */
function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** White or ink, whichever reads better on the background. */
export function textOn(background: string): string {
  return contrast(background, WHITE) >= contrast(background, INK) ? WHITE : INK;
}

/**
 * The colour itself when it reads on white paper (4.5:1, WCAG AA for body text), otherwise the
 * same hue darkened just enough: a pale yellow brand still prints its name legibly.
 */
export function readableOnWhite(hex: string): string {
  let rgb = rgbOf(hex);
  for (let step = 0; step < 40 && contrast(hexOf(rgb), WHITE) < 4.5; step++) {
    rgb = rgb.map((c) => c * 0.92) as Rgb;
  }
  return hexOf(rgb);
}
