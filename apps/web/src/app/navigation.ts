import {
  BanknotesIcon,
  BookOpenIcon,
  CalendarDaysIcon,
  CircleStackIcon,
  DocumentTextIcon,
  EnvelopeIcon,
  LockClosedIcon,
  PresentationChartLineIcon,
  Squares2X2Icon,
  SparklesIcon,
  UserGroupIcon,
  UsersIcon,
} from '@heroicons/react/24/outline';
import type { TArea } from '@pms/contract/permissions';
import type { TIcon } from '../ui/button.tsx';

export type TNavigationKey =
  | 'roomPlan'
  | 'dashboard'
  | 'bookings'
  | 'contacts'
  | 'groups'
  | 'invoices'
  | 'cash'
  | 'roomLocks'
  | 'housekeeping'
  | 'outbox'
  | 'reports'
  | 'baseData';

export type TNavigationEntry = {
  key: TNavigationKey;
  path: string;
  area: TArea;
  icon: TIcon;
  /** Whether the screen exists yet; a new screen is added by switching this on. */
  isAvailable: boolean;
};

/** The sidebar below the property switcher, in the spec's order. */
export const navigation: readonly TNavigationEntry[] = [
  { key: 'roomPlan', path: '/room-plan', area: 'roomPlan', icon: CalendarDaysIcon, isAvailable: true },
  { key: 'dashboard', path: '/dashboard', area: 'dashboard', icon: Squares2X2Icon, isAvailable: true },
  { key: 'bookings', path: '/bookings', area: 'bookings', icon: BookOpenIcon, isAvailable: true },
  { key: 'contacts', path: '/contacts', area: 'contacts', icon: UsersIcon, isAvailable: true },
  { key: 'groups', path: '/groups', area: 'groups', icon: UserGroupIcon, isAvailable: true },
  { key: 'invoices', path: '/invoices', area: 'invoices', icon: DocumentTextIcon, isAvailable: true },
  { key: 'cash', path: '/cash', area: 'cashBook', icon: BanknotesIcon, isAvailable: true },
  { key: 'roomLocks', path: '/room-locks', area: 'roomLocks', icon: LockClosedIcon, isAvailable: true },
  {
    key: 'housekeeping',
    path: '/housekeeping',
    area: 'housekeeping',
    icon: SparklesIcon,
    isAvailable: true,
  },
  { key: 'outbox', path: '/outbox', area: 'mail', icon: EnvelopeIcon, isAvailable: true },
  { key: 'reports', path: '/reports', area: 'reports', icon: PresentationChartLineIcon, isAvailable: true },
  { key: 'baseData', path: '/base-data', area: 'baseData', icon: CircleStackIcon, isAvailable: true },
];
