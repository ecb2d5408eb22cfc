import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { CheckIcon, ChevronUpDownIcon } from '@heroicons/react/24/outline';
import type { TPropertyMembership } from '@pms/contract/session';
import { useSwitchProperty } from '../../features/session/api/switch-property.ts';
import { useSessionState } from '../../lib/session-store.ts';
import { SpinnerIcon } from '../../ui/spinner.tsx';
import { CurrentProperty } from './current-property.tsx';

/** The current property as a menu; choosing another one switches the session and reloads everything. */
export function PropertyMenu() {
  const { t } = useTranslation();
  const property = useSessionState((state) => state.property);
  const properties = useSessionState((state) => state.properties);
  const switchProperty = useSwitchProperty();

  const choose = (chosen: TPropertyMembership) => {
    if (chosen.id === property?.id) return;
    switchProperty.mutate(chosen.id);
  };

  return (
    <Menu>
      <MenuButton
        title={t('nav.switchProperty')}
        className="flex w-full items-center gap-3 rounded-lg p-2 text-left transition-colors hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary-600 data-open:bg-gray-100"
      >
        <CurrentProperty property={property} />
        {switchProperty.isPending ? (
          <SpinnerIcon className="size-4 text-gray-400" />
        ) : (
          <ChevronUpDownIcon aria-hidden="true" className="size-5 shrink-0 text-gray-400" />
        )}
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 4 }}
        className="z-50 w-(--button-width) min-w-56 rounded-xl bg-white p-1 shadow-lg ring-1 ring-gray-900/10 focus:outline-none"
      >
        {properties.map((entry) => {
          const isCurrent = entry.id === property?.id;
          return (
            <MenuItem key={entry.id}>
              <button
                type="button"
                onClick={() => choose(entry)}
                aria-current={isCurrent || undefined}
                className={clsx(
                  'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm data-focus:bg-gray-100',
                  isCurrent ? 'font-semibold text-gray-900' : 'text-gray-700',
                )}
              >
                <span className="min-w-0 flex-1 truncate">{entry.name}</span>
                {isCurrent && <CheckIcon aria-hidden="true" className="size-4 text-primary-600" />}
              </button>
            </MenuItem>
          );
        })}
      </MenuItems>
    </Menu>
  );
}
