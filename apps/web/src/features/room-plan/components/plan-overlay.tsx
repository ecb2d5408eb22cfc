import clsx from 'clsx';
import { addDays } from '@pms/contract/dates';
import { useStore } from '../../../lib/store.ts';
import { barBox, laneBox, roomColumnWidth, rowHeight } from './plan-geometry.ts';
import type { TInteractionStore } from './plan-interaction.ts';
import type { TPlanFormats } from './use-plan-formats.ts';

type TPlanOverlayProps = {
  store: TInteractionStore;
  from: string;
  dayWidth: number;
  dayCount: number;
  formats: TPlanFormats;
};

/**
 * The selection and the dragged booking's ghost at its snapped target. It alone follows the
 * pointer, so a drag over thousands of bars renders one small element.
 */
export function PlanOverlay({ store, from, dayWidth, dayCount, formats }: TPlanOverlayProps) {
  const interaction = useStore(store);
  if (!interaction) return null;

  const isSelection = interaction.kind === 'select';
  const start = isSelection ? interaction.first : interaction.start + interaction.delta;
  const end = isSelection ? interaction.last + 1 : interaction.end + interaction.delta;
  const box = barBox(start, end, dayWidth, dayCount);
  if (!box) return null;
  const { top, height } = laneBox(0, 1);
  const period = `${formats.dayMonth(addDays(from, start))} – ${formats.dayMonth(addDays(from, end))}`;
  const isRefused = !isSelection && (interaction.room === null || interaction.refusal !== null);
  const label = isSelection || !interaction.room ? period : `${interaction.room.number} · ${period}`;

  return (
    <div
      aria-hidden="true"
      className={clsx(
        'pointer-events-none absolute z-[5] flex items-center overflow-hidden rounded-md border-2 px-1.5 text-xs font-semibold whitespace-nowrap shadow-md',
        isSelection && 'border-dashed border-primary-600 bg-primary-100/70 text-primary-900',
        !isSelection && !isRefused && 'border-primary-700 bg-white/90 text-primary-900',
        isRefused && 'border-red-600 bg-red-50/90 text-red-800',
      )}
      style={{
        left: roomColumnWidth + box.left,
        width: box.width,
        top: interaction.rowIndex * rowHeight + top,
        height,
      }}
    >
      <span className="truncate">{label}</span>
    </div>
  );
}
