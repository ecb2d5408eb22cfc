import { useTranslation } from 'react-i18next';
import { BookOpenIcon, PlusIcon } from '@heroicons/react/24/outline';
import { brandShades, type TPalette } from '@pms/contract/palette';
import { paletteStyle } from '../../../lib/branding.ts';

type TPalettePreviewProps = { palette: Partial<TPalette>; logoUrl: string | null; propertyName: string };

/** A small piece of the app drawn in the chosen colours, before they are saved. */
export function PalettePreview({ palette, logoUrl, propertyName }: TPalettePreviewProps) {
  const { t } = useTranslation();
  return (
    <div style={paletteStyle(palette)} className="space-y-5">
      <div className="flex overflow-hidden rounded-lg ring-1 ring-gray-200">
        {brandShades.map((shade) => (
          <div key={shade} className="flex-1">
            <div className="h-10" style={{ backgroundColor: `var(--color-primary-${shade})` }} />
            <p className="py-1 text-center text-[10px] text-gray-500">{shade}</p>
          </div>
        ))}
      </div>
      <div className="overflow-hidden rounded-lg ring-1 ring-gray-200">
        <div className="flex items-center gap-3 border-b border-gray-200 bg-white px-4 py-3">
          {logoUrl ? (
            <img src={logoUrl} alt="" className="h-7 w-auto max-w-24 object-contain" />
          ) : (
            <span className="flex size-7 items-center justify-center rounded-md bg-primary-600 text-xs font-bold text-white">
              {propertyName.slice(0, 1)}
            </span>
          )}
          <span className="truncate text-sm font-semibold text-gray-900">{propertyName}</span>
        </div>
        <div className="space-y-4 bg-gray-50 p-4">
          <span className="flex items-center gap-2 rounded-lg bg-primary-50 px-3 py-2 text-sm font-medium text-primary-700">
            <BookOpenIcon aria-hidden="true" className="size-5" />
            {t('nav.bookings')}
          </span>
          <div className="flex flex-wrap items-center gap-3">
            <span className="inline-flex items-center gap-1.5 rounded-lg bg-primary-600 px-3 py-2 text-sm font-semibold text-white">
              <PlusIcon aria-hidden="true" className="size-4" />
              {t('header.createBooking')}
            </span>
            <span className="rounded-md bg-primary-100 px-2 py-0.5 text-xs font-medium text-primary-800">
              {t('settings.branding.sampleBadge')}
            </span>
            <span className="text-sm font-medium text-primary-700 underline">
              {t('settings.branding.sampleLink')}
            </span>
          </div>
        </div>
      </div>
    </div>
  );
}
