import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { ArrowRightStartOnRectangleIcon, KeyIcon } from '@heroicons/react/24/outline';
import { can } from '@pms/contract/permissions';
import { useLogout } from '../../features/session/api/logout.ts';
import { useCurrentUser } from '../../lib/session-store.ts';
import type { TIcon } from '../../ui/button.tsx';
import { SpinnerIcon } from '../../ui/spinner.tsx';
import { navigation } from '../navigation.ts';
import { PropertySwitcher } from './property-switcher.tsx';

const itemClasses =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors';

function NavItem({
  to,
  icon: IconComponent,
  label,
  onNavigate,
}: {
  to: string;
  icon: TIcon;
  label: string;
  onNavigate?: () => void;
}) {
  return (
    <li>
      <NavLink
        to={to}
        onClick={onNavigate}
        className={({ isActive }) =>
          clsx(
            itemClasses,
            isActive
              ? 'bg-primary-50 text-primary-700'
              : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900',
          )
        }
      >
        <IconComponent aria-hidden="true" className="size-5 shrink-0" />
        {label}
      </NavLink>
    </li>
  );
}

/** Property switcher, the screens the role may use, API keys and logout. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const logout = useLogout();
  const entries = navigation.filter((entry) => entry.isAvailable && can(user.role, entry.area));

  return (
    <div className="flex h-full flex-col gap-5 overflow-y-auto px-3 py-4">
      <PropertySwitcher />
      <nav aria-label={t('nav.label')} className="flex flex-1 flex-col">
        <ul className="space-y-1">
          {entries.map((entry) => (
            <NavItem
              key={entry.key}
              to={entry.path}
              icon={entry.icon}
              label={t(`nav.${entry.key}`)}
              onNavigate={onNavigate}
            />
          ))}
        </ul>
        <ul className="mt-auto space-y-1 border-t border-gray-200 pt-4">
          {can(user.role, 'apiKeys') && (
            <NavItem to="/api-keys" icon={KeyIcon} label={t('nav.apiKeys')} onNavigate={onNavigate} />
          )}
          <li>
            <button
              type="button"
              onClick={() => logout.mutate()}
              disabled={logout.isPending}
              className={clsx(itemClasses, 'text-gray-700 hover:bg-gray-100 hover:text-gray-900')}
            >
              {logout.isPending ? (
                <SpinnerIcon className="size-5" />
              ) : (
                <ArrowRightStartOnRectangleIcon aria-hidden="true" className="size-5 shrink-0" />
              )}
              {t('nav.logout')}
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}
