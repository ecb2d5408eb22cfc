import clsx from 'clsx';
import type { ComponentType, CSSProperties, SVGProps } from 'react';
import {
  ArrowLeftStartOnRectangleIcon,
  ArrowRightEndOnRectangleIcon,
  CheckIcon,
  ClockIcon,
  MapPinIcon,
  XMarkIcon,
} from '@heroicons/react/16/solid';
import type { TBookingStatus } from '@pms/contract/bookings';
import type { THousekeepingState } from '@pms/contract/room-plan';

type TIcon = ComponentType<SVGProps<SVGSVGElement>>;

/**
 * The status of a booking as an icon on its bar: a bar in the booking's own colour still tells a
 * request from a confirmed stay and a guest in house from one still to come.
 */
export const statusIcons: Record<TBookingStatus, TIcon> = {
  pending: ClockIcon,
  confirmed: CheckIcon,
  checked_in: ArrowRightEndOnRectangleIcon,
  checked_out: ArrowLeftStartOnRectangleIcon,
  no_show: XMarkIcon,
  canceled: XMarkIcon,
};

/** The mark of a booking fixed to its room (it cannot be moved to another). */
export const FixedRoomIcon: TIcon = MapPinIcon;

/** The dot beside a room number, for its housekeeping status. */
export const housekeepingDots: Record<THousekeepingState, string> = {
  clean: 'bg-green-500',
  dirty: 'bg-amber-500',
  out_of_service: 'bg-red-500',
};

/** The bar colour of a booking without its own colour, as a class setting `--bar`. */
const statusColors: Record<TBookingStatus, string> = {
  pending: '[--bar:var(--color-amber-500)]',
  confirmed: '[--bar:var(--color-primary-700)]',
  checked_in: '[--bar:var(--color-emerald-700)]',
  checked_out: '[--bar:var(--color-gray-500)]',
  no_show: '[--bar:var(--color-gray-500)]',
  canceled: '[--bar:var(--color-gray-500)]',
};

/** Pending is a striped outline, checked in solid and marked, checked out muted, the rest solid. */
const statusStyles: Record<TBookingStatus, string> = {
  pending:
    'border border-dashed border-(--bar) text-gray-900 bg-[repeating-linear-gradient(135deg,color-mix(in_srgb,var(--bar)_25%,white)_0_5px,white_5px_10px)]',
  confirmed: 'bg-(--bar)',
  checked_in: 'bg-(--bar) border-l-4 border-black/30',
  checked_out: 'bg-(--bar)/35 text-gray-800',
  no_show: 'bg-(--bar)/35 text-gray-800',
  canceled: 'bg-(--bar)/35 text-gray-800',
};

const solidStatuses: readonly TBookingStatus[] = ['confirmed', 'checked_in'];

/** Relative luminance of a #rrggbb colour (WCAG 2). */
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((index) => {
    const channel = Number.parseInt(hex.slice(index, index + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The luminance of gray-900, the dark text colour. */
const darkTextLuminance = 0.0123;

/** Whether dark text contrasts more than white with a #rrggbb colour. */
function isLight(hex: string): boolean {
  const background = luminance(hex);
  return (background + 0.05) / (darkTextLuminance + 0.05) > 1.05 / (background + 0.05);
}

/** The classes and style of a booking's bar: its own colour if it has one, else its status colour. */
export function barAppearance(
  status: TBookingStatus,
  color: string | null,
): {
  className: string;
  style: CSSProperties | undefined;
} {
  const isSolid = solidStatuses.includes(status);
  return {
    className: clsx(
      statusStyles[status],
      !color && statusColors[status],
      isSolid && (color && isLight(color) ? 'text-gray-900' : 'text-white'),
    ),
    style: color ? ({ '--bar': color } as CSSProperties) : undefined,
  };
}

/** The hatching of a room lock. */
export const lockPattern =
  'bg-[repeating-linear-gradient(135deg,var(--color-gray-200)_0_5px,var(--color-gray-50)_5px_10px)] ring-1 ring-gray-300 ring-inset';
