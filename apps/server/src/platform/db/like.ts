/** `%`, `_` and `\` of a user's text match themselves in LIKE … ESCAPE '\' (used by repositories' keyword filters). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
