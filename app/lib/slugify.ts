/**
 * A post's slug from its title (public-site spec §5): lowercase, each run of characters other
 * than letters and digits becomes one hyphen, and leading and trailing hyphens are trimmed.
 *
 * Letters and digits are Unicode ones, so a title in any script keeps a readable slug; accents on
 * Latin letters are dropped ("Café" → "cafe") because that is what people type in a URL. An empty
 * result means the title had no letters or digits at all.
 */
export function slugify(title: string): string {
  return (
    title
      .normalize("NFKD")
      // Only marks that follow a Latin letter go: in other scripts a mark can change the letter.
      .replace(/(\p{Script=Latin})\p{M}+/gu, "$1")
      .normalize("NFC")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, "-")
      .replace(/^-+|-+$/g, "")
  );
}

/** The slug with a collision suffix: 1 is the slug itself, then `-2`, `-3`, ... */
export const slugWithSuffix = (slug: string, n: number) => (n === 1 ? slug : `${slug}-${n}`);
