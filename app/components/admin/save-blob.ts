/** Saves a blob (a PDF the API answered) under a file name, as a download the browser shows like any other. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the URL is released once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
