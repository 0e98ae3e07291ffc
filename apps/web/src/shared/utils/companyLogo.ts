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
