import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { EllipsisVerticalIcon } from '@heroicons/react/24/outline';
import { IconButton, type TIcon } from '../../ui/button.tsx';

export type TChargeAction = { label: string; icon: TIcon; onSelect: () => void };

/** What may be done with a charge, as one menu: its four actions side by side would not fit the folio. */
export function ChargeActionsMenu({ label, actions }: { label: string; actions: readonly TChargeAction[] }) {
  return (
    <Menu>
      <MenuButton as={IconButton} label={label} icon={EllipsisVerticalIcon} />
      <MenuItems
        anchor={{ to: 'bottom end', gap: 4 }}
        className="z-50 min-w-56 rounded-xl bg-white p-1 shadow-lg ring-1 ring-gray-900/10 focus:outline-none"
      >
        {actions.map(({ label: actionLabel, icon: ActionIcon, onSelect }) => (
          <MenuItem key={actionLabel}>
            <button
              type="button"
              onClick={onSelect}
              className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-gray-700 data-focus:bg-gray-100"
            >
              <ActionIcon aria-hidden="true" className="size-4 shrink-0 text-gray-500" />
              {actionLabel}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
