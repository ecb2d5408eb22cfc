/** Hands a downloaded file to the browser to save under the given name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click hands the file over at once; the url is not needed afterwards.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
