import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';

export type TQueryTab<TKey extends string> = { key: TKey; label: string; content: ReactNode };

type TQueryTabsProps<TKey extends string> = {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly TQueryTab<TKey>[];
  /** The URL query parameter that holds the current tab; the first tab when it is missing. */
  param?: string;
};

/**
 * Tabs within one screen whose choice lives in the URL (`?tab=`), so a reload or a shared link
 * opens the same tab. Only the current tab's content is mounted; a tab change starts lists at page 1.
 */
export function QueryTabs<TKey extends string>({ label, tabs, param = 'tab' }: TQueryTabsProps<TKey>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedIndex = Math.max(
    0,
    tabs.findIndex((tab) => tab.key === searchParams.get(param)),
  );

  const select = (index: number) =>
    setSearchParams((previous) => {
      const params = new URLSearchParams(previous);
      const key = tabs[index]?.key;
      if (index === 0 || !key) params.delete(param);
      else params.set(param, key);
      params.delete('page');
      return params;
    });

  return (
    <TabGroup selectedIndex={selectedIndex} onChange={select}>
      <TabList
        aria-label={label}
        className="-mx-4 flex min-w-0 gap-6 overflow-x-auto border-b border-gray-200 px-4 sm:mx-0 sm:px-0"
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.key}
            className={clsx(
              '-mb-px shrink-0 border-b-2 px-1 py-3 text-sm font-medium whitespace-nowrap transition-colors',
              'border-transparent text-gray-500 hover:border-gray-300 hover:text-gray-800',
              'focus-visible:outline-2 focus-visible:outline-primary-600',
              'data-selected:border-primary-600 data-selected:text-primary-700',
            )}
          >
            {tab.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="mt-6">
        {tabs.map((tab) => (
          <TabPanel key={tab.key} className="focus-visible:outline-none">
            {tab.content}
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
