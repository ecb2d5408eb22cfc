/** Hands a downloaded file to the browser, which saves it under the name given. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The click has started the download; the object url is no longer needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
