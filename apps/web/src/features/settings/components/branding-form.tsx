import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ArrowUpTrayIcon, PhotoIcon, SparklesIcon, TrashIcon } from '@heroicons/react/24/outline';
import { ZHexColor, ZPalette } from '@pms/contract/branding';
import { brandShades, parsePalette, type TBrandShade, type TPalette } from '@pms/contract/palette';
import type { TProperty } from '@pms/contract/properties';
import { deriveShades } from '../../../lib/branding.ts';
import { zodFormResolver } from '../../../lib/form.ts';
import { Button, buttonClasses } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ColourInput, colourInputClasses, Field, Input } from '../../../ui/field.tsx';
import { SpinnerIcon } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useUpdateProperty } from '../../../shared/properties/index.ts';
import { fileContentUrl, useUploadLogo } from '../api/upload-logo.ts';
import { PalettePreview } from './palette-preview.tsx';

/** The theme's own blue, the starting point when a property has no palette yet. */
const defaultBase = '#3b82f6';
const logoTypes = 'image/png,image/jpeg,image/webp';

function isHexColour(value: string | undefined): value is string {
  return ZHexColor.safeParse(value).success;
}

function initialPalette(property: TProperty): TPalette {
  return parsePalette(property.branding.primaryColor) ?? deriveShades(defaultBase);
}

type TLogo = { id: string | null; url: string | null };

export function BrandingForm({ property }: { property: TProperty }) {
  const { t } = useTranslation();
  const updateProperty = useUpdateProperty();
  const uploadLogo = useUploadLogo();
  const savedLogo: TLogo = { id: property.branding.logoId, url: property.branding.logo };
  const [logo, setLogo] = useState<TLogo>(savedLogo);
  const palette = initialPalette(property);
  const [baseColour, setBaseColour] = useState(palette['500']);
  const {
    register,
    handleSubmit,
    setValue,
    reset,
    control,
    formState: { errors, isDirty },
  } = useForm({ resolver: zodFormResolver(ZPalette), defaultValues: palette });
  const shades = useWatch({ control });
  const previewPalette: Partial<TPalette> = Object.fromEntries(
    brandShades.filter((shade) => isHexColour(shades[shade])).map((shade) => [shade, shades[shade]]),
  );

  const setShade = (shade: TBrandShade, colour: string) =>
    setValue(shade, colour, { shouldDirty: true, shouldValidate: true });

  const applyBaseColour = () => {
    const derived = deriveShades(baseColour);
    for (const shade of brandShades) setShade(shade, derived[shade]);
  };

  const upload = (file: File | undefined) => {
    if (!file) return;
    uploadLogo.mutate(file, {
      onSuccess: (stored) => setLogo({ id: stored.id, url: fileContentUrl(stored.id) }),
    });
  };

  const save = handleSubmit((values) =>
    updateProperty.mutate(
      { id: property.id, changes: { branding: { logoId: logo.id, primaryColor: JSON.stringify(values) } } },
      {
        onSuccess: (saved) => {
          reset(initialPalette(saved));
          setLogo({ id: saved.branding.logoId, url: saved.branding.logo });
          toast.success(t('settings.saved'));
        },
      },
    ),
  );

  const hasChanges = isDirty || logo.id !== savedLogo.id;

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="grid gap-6 lg:grid-cols-5">
      <div className="space-y-6 lg:col-span-3">
        <Card
          title={t('settings.branding.coloursTitle')}
          description={t('settings.branding.coloursDescription')}
        >
          <div className="space-y-6">
            <div className="rounded-lg bg-gray-50 p-4 ring-1 ring-gray-200">
              <Field
                label={t('settings.branding.baseColour')}
                description={t('settings.branding.baseColourHint')}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <ColourInput value={baseColour} onChange={(event) => setBaseColour(event.target.value)} />
                  <Button variant="secondary" icon={SparklesIcon} onClick={applyBaseColour}>
                    {t('settings.branding.deriveShades')}
                  </Button>
                </div>
              </Field>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              {brandShades.map((shade) => (
                <Field
                  key={shade}
                  label={t('settings.branding.shade', { shade })}
                  error={errors[shade]?.message}
                >
                  <div className="flex items-center gap-2">
                    <input
                      type="color"
                      aria-label={t('settings.branding.pickShade', { shade })}
                      value={isHexColour(shades[shade]) ? shades[shade] : '#000000'}
                      onChange={(event) => setShade(shade, event.target.value)}
                      className={colourInputClasses}
                    />
                    <Input className="font-mono" spellCheck={false} {...register(shade)} />
                  </div>
                </Field>
              ))}
            </div>
          </div>
        </Card>
        <Card title={t('settings.branding.logoTitle')} description={t('settings.branding.logoDescription')}>
          <div className="flex flex-wrap items-center gap-5">
            <div className="flex h-20 w-40 items-center justify-center rounded-lg bg-gray-50 ring-1 ring-gray-200">
              {logo.url ? (
                <img
                  src={logo.url}
                  alt={t('settings.branding.logoPreview')}
                  className="max-h-16 max-w-36 object-contain"
                />
              ) : (
                <PhotoIcon aria-hidden="true" className="size-8 text-gray-300" />
              )}
            </div>
            <div className="flex flex-wrap gap-3">
              <label
                className={buttonClasses({ variant: 'secondary', className: 'relative cursor-pointer' })}
              >
                {uploadLogo.isPending ? (
                  <SpinnerIcon />
                ) : (
                  <ArrowUpTrayIcon aria-hidden="true" className="size-4" />
                )}
                {t('settings.branding.uploadLogo')}
                <input
                  type="file"
                  accept={logoTypes}
                  className="sr-only"
                  disabled={uploadLogo.isPending}
                  onChange={(event) => {
                    upload(event.target.files?.[0]);
                    event.target.value = '';
                  }}
                />
              </label>
              {logo.id && (
                <Button variant="ghost" icon={TrashIcon} onClick={() => setLogo({ id: null, url: null })}>
                  {t('settings.branding.removeLogo')}
                </Button>
              )}
            </div>
          </div>
        </Card>
      </div>
      <div className="lg:col-span-2">
        <div className="space-y-6 lg:sticky lg:top-24">
          <Card
            title={t('settings.branding.previewTitle')}
            description={t('settings.branding.previewDescription')}
          >
            <PalettePreview palette={previewPalette} logoUrl={logo.url} propertyName={property.name} />
          </Card>
          <div className="flex justify-end">
            <Button
              type="submit"
              isLoading={updateProperty.isPending}
              disabled={!hasChanges || uploadLogo.isPending}
            >
              {t('common.save')}
            </Button>
          </div>
        </div>
      </div>
    </form>
  );
}
