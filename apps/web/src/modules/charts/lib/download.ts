/** Saves a data URL (an exported chart image) under a file name. */
export function downloadDataUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** Saves text (CSV) under a file name. */
export function downloadText(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  downloadDataUrl(url, fileName);
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
