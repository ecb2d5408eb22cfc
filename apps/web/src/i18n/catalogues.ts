// The German and English catalogues: the shell's keys (de.json, en.json) plus one file pair per
// feature under features/, each under its own top-level key. A feature adds its pair here.
import de from './de.json';
import en from './en.json';

export const catalogues = {
  de: { ...de },
  en: { ...en },
};

// Compile-time completeness: both catalogues hold the same keys.
export const german: typeof catalogues.en = catalogues.de;
export const english: typeof catalogues.de = catalogues.en;
