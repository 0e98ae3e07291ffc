/** The company logo thumbnail from the company's cfg JSON string (`logoThumbnailUri`), if any. */
export function companyLogoUri(cfg: string | null | undefined): string | null {
  if (!cfg) {
    return null;
  }
  try {
    const parsed: unknown = JSON.parse(cfg);
    if (typeof parsed === 'object' && parsed !== null) {
      const uri = (parsed as { logoThumbnailUri?: unknown }).logoThumbnailUri;
      return typeof uri === 'string' && uri.trim() !== '' ? uri : null;
    }
  } catch {
    // A malformed cfg just means no logo.
  }
  return null;
}

/** The first visible character of a name, upper-cased (avatar and logo fallbacks). */
export function initialOf(name: string | null | undefined): string {
  const first = [...(name ?? '').trim()][0];
  return first ? first.toUpperCase() : '?';
}

const avatarPalette = ['#1677ff', '#13a8a8', '#722ed1', '#d46b08', '#389e0d', '#c41d7f'];

/** A person's avatar colour, the same for a user name wherever it shows (member lists, the home page). */
export function avatarColorOf(key: string): string {
  let hash = 0;
  for (const char of key) {
    hash = (hash * 31 + char.charCodeAt(0)) | 0;
  }
  return avatarPalette[Math.abs(hash) % avatarPalette.length];
}
