// Saving text (hand histories, CSV) as a file in the browser: one helper for both apps.

/** Offers `content` as a download named `filename`. */
export function saveFile(filename: string, content: string | Blob, type = 'text/plain;charset=utf-8'): void {
  const blob = typeof content === 'string' ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Some browsers read the URL after click() returns: revoke it later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
