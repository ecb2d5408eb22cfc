// The guest portal's shell: language, the link's state, the loaded booking and the three screens.
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { TProblem } from '@pms/contract/common';
import { parsePortalRoute, type TPortalHomeData } from '@pms/contract/portal-page';
import { onLinkProblem, PortalError, useLink } from './api/client.ts';
import { formatDateTime } from './format.ts';
import { browserLanguage, I18nContext, storeLanguage, translator, useT, type TLanguage } from './i18n.tsx';
import { PortalContext, usePortal, usePortalLoad } from './portal-state.tsx';
import { navigate, useLocationPath } from './router.ts';
import { HomeScreen } from './screens/home.tsx';
import { Button, FullScreenMessage, LoadError, Loading } from './ui.tsx';

const CheckInScreen = lazy(() => import('./screens/check-in.tsx'));
const InvoicesScreen = lazy(() => import('./screens/invoices.tsx'));

/**
 * The portal at the browser's location; with `home`, the home the server wrote at `path`, rendered (on
 * the server) or taken over (in the browser) without reading it again.
 */
export function PortalApp({ home, path: writtenPath }: { home?: TPortalHomeData; path?: string }) {
  const [language, setLanguageState] = useState<TLanguage>(() => home?.language ?? browserLanguage());
  const i18n = useMemo(
    () => ({
      language,
      t: translator(language),
      setLanguage: (next: TLanguage) => {
        storeLanguage(next);
        setLanguageState(next);
      },
    }),
    [language],
  );
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const path = useLocationPath(writtenPath);
  const route = parsePortalRoute(path);
  return (
    <I18nContext.Provider value={i18n}>
      {route.linkId ? (
        <LinkPortal key={route.linkId} linkId={route.linkId} screen={route.screen} home={home} />
      ) : (
        <NotFound />
      )}
    </I18nContext.Provider>
  );
}

function NotFound() {
  const { t } = useT();
  return <FullScreenMessage title={t('notFoundTitle')} text={t('notFoundText')} />;
}

function LinkProblem({ problem, onRetry }: { problem: TProblem; onRetry: () => void }) {
  const { t, language } = useT();
  if (problem.type === 'portal/link_expired') {
    const at = typeof problem.params?.expiredAt === 'string' ? problem.params.expiredAt : null;
    const date = at
      ? formatDateTime(at, Intl.DateTimeFormat().resolvedOptions().timeZone, language, null)
      : '';
    return <FullScreenMessage title={t('expiredTitle')} text={t('expiredText', { date })} />;
  }
  if (problem.type === 'portal/link_revoked')
    return <FullScreenMessage title={t('revokedTitle')} text={t('revokedText')} />;
  if (problem.type === 'portal/too_many_requests')
    return (
      <FullScreenMessage
        title={t('busyTitle')}
        text={t('busyText')}
        action={<Button onClick={onRetry}>{t('retry')}</Button>}
      />
    );
  return <NotFound />;
}

function LinkPortal({ linkId, screen, home }: { linkId: string; screen: string; home?: TPortalHomeData }) {
  useLink(linkId);
  const { load, retry, refresh } = usePortalLoad(linkId, home?.linkId === linkId ? home : undefined);
  const [linkProblem, setLinkProblem] = useState<TProblem | null>(null);
  useEffect(() => onLinkProblem(setLinkProblem), []);
  const retryAll = () => {
    setLinkProblem(null);
    retry();
  };
  if (linkProblem) return <LinkProblem problem={linkProblem} onRetry={retryAll} />;
  if (load.kind === 'loading')
    return (
      <main className="flex min-h-dvh items-center justify-center">
        <Loading />
      </main>
    );
  if (load.kind === 'error') {
    if (load.error instanceof PortalError && load.error.type === 'portal/too_many_requests')
      return <LinkProblem problem={load.error.problem} onRetry={retryAll} />;
    return (
      <main className="flex min-h-dvh items-center justify-center">
        <LoadError onRetry={retryAll} />
      </main>
    );
  }
  return (
    <PortalContext.Provider value={{ ...load.state, refresh }}>
      <Shell>
        <Suspense fallback={<Loading />}>
          {screen === 'home' && <HomeScreen />}
          {screen === 'checkIn' && <CheckInScreen />}
          {screen === 'invoices' && <InvoicesScreen />}
          {screen === 'unknown' && <RedirectHome />}
        </Suspense>
      </Shell>
    </PortalContext.Provider>
  );
}

function RedirectHome() {
  const { linkId } = usePortal();
  useEffect(() => navigate(`/portal/${encodeURIComponent(linkId)}`), [linkId]);
  return null;
}

function Shell({ children }: { children: React.ReactNode }) {
  const { property } = usePortal();
  const { t, language, setLanguage } = useT();
  return (
    <div className="min-h-dvh">
      <header className="bg-primary-700 text-white">
        <div className="mx-auto flex max-w-3xl items-center gap-3 px-4 py-3">
          {property.branding.logoUrl && (
            <img src={property.branding.logoUrl} alt="" className="size-9 rounded bg-white object-contain" />
          )}
          <p className="flex-1 truncate text-lg font-semibold">{property.name}</p>
          <label className="sr-only" htmlFor="portal-language">
            {t('language')}
          </label>
          <select
            id="portal-language"
            value={language}
            onChange={(event) => setLanguage(event.target.value as TLanguage)}
            className="min-h-11 rounded-lg border border-white/60 bg-primary-800 px-2 text-sm text-white"
          >
            <option value="de">Deutsch</option>
            <option value="en">English</option>
          </select>
        </div>
      </header>
      <main className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-4">{children}</main>
    </div>
  );
}
