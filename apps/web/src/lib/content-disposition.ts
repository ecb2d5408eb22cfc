import { parse } from 'content-disposition';

/** The file name a content-disposition header announces (RFC 6266), preferring the UTF-8 filename*. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  try {
    return parse(header).parameters['filename'] || null;
  } catch {
    // A header the parser refuses names no file; the caller picks a name of its own.
    return null;
  }
}
