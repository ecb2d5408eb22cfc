import clsx from 'clsx';
import { NavLink } from 'react-router';

export type TTabLink = { to: string; label: string };

/** Tabs that are routes: each tab is a link, the current one is marked for assistive tech. */
export function TabLinks({ label, items }: { label: string; items: readonly TTabLink[] }) {
  return (
    <nav aria-label={label} className="-mx-4 overflow-x-auto border-b border-gray-200 px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-6">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              className={({ isActive }) =>
                clsx(
                  '-mb-px block border-b-2 px-1 py-3 text-sm font-medium whitespace-nowrap transition-colors',
                  isActive
                    ? 'border-primary-600 text-primary-700'
                    : 'border-transparent text-gray-500 hover:border-gray-300 hover:text-gray-800',
                )
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
