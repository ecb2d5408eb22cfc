// Photos from a phone camera are large: an image is drawn onto a canvas at most 1600 px on its long
// side and sent as JPEG. Anything that is not an image (a PDF) goes up unchanged.

export const maxImageSide = 1600;
export const jpegQuality = 0.85;

/** The size an image is scaled to so that its long side is at most `max`. */
export function scaledSize(
  width: number,
  height: number,
  max = maxImageSide,
): { width: number; height: number } {
  const longSide = Math.max(width, height);
  if (longSide <= max) return { width, height };
  const factor = max / longSide;
  return { width: Math.round(width * factor), height: Math.round(height * factor) };
}

export async function resizeForUpload(file: File): Promise<{ blob: Blob; name: string }> {
  if (!/^image\/(jpeg|png|webp|heic|heif)$/.test(file.type)) return { blob: file, name: file.name };
  try {
    const bitmap = await createImageBitmap(file);
    const { width, height } = scaledSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return { blob: file, name: file.name };
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', jpegQuality),
    );
    if (!blob) return { blob: file, name: file.name };
    return { blob, name: `${file.name.replace(/\.[^.]*$/, '') || 'document'}.jpg` };
  } catch {
    return { blob: file, name: file.name };
  }
}
