/**
 * Word normalisation shared by the report-quality measures: lower case, punctuation stripped
 * (letters and digits of any script kept; hyphens and apostrophes split words).
 */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}
