import type { QueryClient } from '@tanstack/react-query';
import { parsePalette } from '@pms/contract/palette';
import { i18n, resolveLanguage } from '../i18n/index.ts';
import { applyPalette } from '../lib/branding.ts';
import { sessionStore, type TSessionState } from '../lib/session-store.ts';

function applyLanguage(state: TSessionState): void {
  const language = resolveLanguage(state.user?.language);
  if (i18n.language !== language) void i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

/** The page title in the current language, once its catalogue has loaded. */
function showTitle(): void {
  document.title = i18n.t('app.name');
}

/**
 * Keeps the page in step with the session: the user's language, the current property's brand
 * colours, and no cached data of a user who has left.
 */
export function bindSessionEffects(queryClient: QueryClient): void {
  let previous = sessionStore.getState();
  i18n.on('languageChanged', showTitle);
  if (i18n.isInitialized) showTitle();
  applyLanguage(previous);
  applyPalette(parsePalette(previous.property?.branding.primaryColor));

  sessionStore.subscribe(() => {
    const current = sessionStore.getState();
    if (current.user?.language !== previous.user?.language || current.user === null) applyLanguage(current);
    if (current.property?.branding.primaryColor !== previous.property?.branding.primaryColor) {
      applyPalette(parsePalette(current.property?.branding.primaryColor));
    }
    if (previous.user && !current.user) queryClient.clear();
    previous = current;
  });
}
