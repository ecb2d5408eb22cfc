import { Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bars3Icon,
  Cog6ToothIcon,
  MagnifyingGlassIcon,
  PlusIcon,
  UserCircleIcon,
} from '@heroicons/react/24/outline';
import { can } from '@pms/contract/permissions';
import { openCreateBooking } from '../../shared/bookings/index.ts';
import { allowedSettingsTabs } from '../../features/settings/settings-tabs.ts';
import { useVersion } from '../../features/system/api/get-version.ts';
import { lazyWithNamespaces } from '../../i18n/lazy-with-namespaces.ts';
import { useCurrentUser } from '../../lib/session-store.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button, IconButton, IconLink } from '../../ui/button.tsx';
import { screenNamespaces } from '../screen-namespaces.ts';

// The search's code and catalogue load when it is first opened.
const SearchDialog = lazyWithNamespaces(
  async () => (await import('../../features/search/components/search-dialog.tsx')).SearchDialog,
  screenNamespaces.search,
);

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/** Opens the search with '/' (outside text fields) and with Ctrl+K or Cmd+K anywhere. */
function useSearchShortcut(isEnabled: boolean, open: () => void): void {
  useEffect(() => {
    if (!isEnabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const isCommandK = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';
      const isSlash = event.key === '/' && !event.ctrlKey && !event.metaKey && !isTyping(event.target);
      if (!isCommandK && !isSlash) return;
      event.preventDefault();
      open();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isEnabled, open]);
}

export function Header({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const version = useVersion();
  const [isSearchOpen, setIsSearchOpen] = useState(false);
  const [hasOpenedSearch, setHasOpenedSearch] = useState(false);
  const openSearch = useCallback(() => {
    setHasOpenedSearch(true);
    setIsSearchOpen(true);
  }, []);
  const canSearch = can(user.role, 'search');
  const isTestSystem = version.data !== undefined && version.data.environment !== 'production';
  useSearchShortcut(canSearch, openSearch);

  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-gray-200 bg-white px-4 sm:px-6 lg:px-8">
      <IconButton
        label={t('header.openMenu')}
        icon={Bars3Icon}
        className="-ml-2 lg:hidden"
        onClick={onOpenMenu}
      />
      {isTestSystem && <Badge color="amber">{t('header.testSystem')}</Badge>}
      <div className="flex flex-1 items-center justify-end gap-1 sm:gap-2">
        {canSearch && (
          <button
            type="button"
            aria-label={t('header.search')}
            aria-keyshortcuts="/ Control+K Meta+K"
            onClick={openSearch}
            className="flex size-9 items-center justify-center gap-2 rounded-lg text-sm text-gray-500 transition-colors hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-primary-600 md:w-64 md:justify-start md:bg-gray-50 md:px-3 md:ring-1 md:ring-gray-200 md:ring-inset"
          >
            <MagnifyingGlassIcon aria-hidden="true" className="size-5 shrink-0" />
            <span className="hidden flex-1 text-left md:inline">{t('header.searchPlaceholder')}</span>
            <kbd className="hidden rounded border border-gray-300 bg-white px-1.5 font-sans text-xs text-gray-400 md:inline">
              /
            </kbd>
          </button>
        )}
        {can(user.role, 'bookings', 'write') && (
          <Button
            icon={PlusIcon}
            aria-label={t('header.createBooking')}
            className="max-sm:px-2.5"
            onClick={() => openCreateBooking()}
          >
            <span className="hidden sm:inline">{t('header.createBooking')}</span>
          </Button>
        )}
        {allowedSettingsTabs(user.role).length > 0 && (
          <IconLink to="/settings" label={t('header.settings')} icon={Cog6ToothIcon} />
        )}
        <IconLink to="/profile" label={t('header.profile')} icon={UserCircleIcon} />
      </div>
      {hasOpenedSearch && (
        <Suspense fallback={null}>
          <SearchDialog open={isSearchOpen} onClose={() => setIsSearchOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
