/** Minimal cookie helpers (the sidebar state lives in the `sidebarStatus` cookie, spec §2). */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') {
    return null;
  }
  const prefix = `${encodeURIComponent(name)}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : null;
}

export function writeCookie(name: string, value: string, maxAgeDays = 365): void {
  if (typeof document === 'undefined') {
    return;
  }
  const maxAge = Math.round(maxAgeDays * 24 * 3600);
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/; max-age=${maxAge}; SameSite=Lax`;
}
