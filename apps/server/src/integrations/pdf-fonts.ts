// The fonts every PDF the server draws embeds: DejaVu Sans and its bold cut, TrueType files from the
// `dejavu-fonts-ttf` package, read once per process.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

let fonts: { regular: Buffer; bold: Buffer } | undefined;

export function loadFonts(): { regular: Buffer; bold: Buffer } {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}
