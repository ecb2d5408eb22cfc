// The signature pad (spec section 9 constants), loaded with the check-in screen only.
import { useLayoutEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import type { TFile } from '@pms/contract/files';
import { deleteSignature, uploadSignature } from '../api/check-in.ts';
import { errorText, useT } from '../i18n.tsx';
import type { PortalError } from '../api/client.ts';
import { Button, Notice } from '../ui.tsx';
import { StoredImage } from './guest-form.tsx';

const resizeDelayMs = 50;
const pngQuality = 0.92;

function dataUrlToBlob(dataUrl: string): Blob {
  const [header, data = ''] = dataUrl.split(',');
  const type = /data:([^;]+)/.exec(header ?? '')?.[1] ?? 'image/png';
  const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
  return new Blob([bytes], { type });
}

/**
 * The saved signature as its image, with delete and redraw (a new one replaces it when saved); the pad
 * while there is none. Read-only once the registration is settled.
 */
export function SignatureField({
  signature,
  isReadOnly = false,
  onChanged,
}: {
  signature: TFile | null;
  isReadOnly?: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const { t } = useT();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [isEmpty, setIsEmpty] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isRedrawing, setIsRedrawing] = useState(false);
  const showsPad = !isReadOnly && (signature === null || isRedrawing);

  // A layout effect: the pad listens before the canvas is first painted, so a stroke started at once
  // is not lost (Preact, which the portal runs on, runs plain effects only after the paint).
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !showsPad) return;
    const pad = new SignaturePad(canvas, {
      minWidth: 0.5,
      maxWidth: 2.5,
      throttle: 16,
      minDistance: 5,
      backgroundColor: 'rgba(0,0,0,0)',
    });
    padRef.current = pad;
    const onEnd = () => setIsEmpty(pad.isEmpty());
    pad.addEventListener('endStroke', onEnd);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const resize = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      setIsEmpty(true);
    };
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(resize, resizeDelayMs);
    };
    resize();
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      padRef.current = null;
    };
  }, [showsPad]);

  const save = async () => {
    const pad = padRef.current;
    // An empty pad yields no data.
    if (!pad || pad.isEmpty()) return;
    setBusy(true);
    setError(null);
    try {
      // The pad's data url is decoded here: the page's policy lets fetch reach the server only.
      const blob = dataUrlToBlob(pad.toDataURL('image/png', pngQuality));
      await uploadSignature(blob);
      await onChanged();
      setIsRedrawing(false);
    } catch (caught) {
      setError(errorText(t, (caught as PortalError).problem?.type));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await deleteSignature();
      await onChanged();
    } catch (caught) {
      setError(errorText(t, (caught as PortalError).problem?.type));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-3 flex flex-col gap-3">
      {error && <Notice kind="error">{error}</Notice>}
      {!showsPad && signature ? (
        <>
          <p className="text-sm font-medium text-green-800">{t('signatureSaved')}</p>
          <StoredImage
            fileId={signature.id}
            alt={t('signatureImage')}
            className="h-32 w-full max-w-sm rounded-lg border border-gray-200 bg-white object-contain"
          />
          {!isReadOnly && (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" disabled={busy} onClick={() => setIsRedrawing(true)}>
                {t('redrawSignature')}
              </Button>
              <Button variant="danger" onClick={() => void remove()} loading={busy}>
                {t('deleteSignature')}
              </Button>
            </div>
          )}
        </>
      ) : (
        <>
          <div className="relative">
            <canvas
              ref={canvasRef}
              aria-label={t('signHere')}
              role="img"
              data-testid="signature-pad"
              className="h-64 w-full touch-none rounded-lg border-2 border-dashed border-gray-400 bg-white"
            />
            {isEmpty && (
              <span className="pointer-events-none absolute inset-0 flex items-center justify-center text-gray-600">
                {t('signHere')}
              </span>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void save()} loading={busy} disabled={isEmpty}>
              {t('saveSignature')}
            </Button>
            <Button
              variant="secondary"
              disabled={isEmpty || busy}
              onClick={() => {
                padRef.current?.clear();
                setIsEmpty(true);
              }}
            >
              {t('delete')}
            </Button>
            {isRedrawing && (
              <Button variant="secondary" disabled={busy} onClick={() => setIsRedrawing(false)}>
                {t('cancel')}
              </Button>
            )}
          </div>
        </>
      )}
    </div>
  );
}
