// The signature pad (spec section 9 constants), loaded with the check-in screen only.
import { useLayoutEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { deleteSignature, uploadSignature } from '../api/check-in.ts';
import { errorText, useT } from '../i18n.tsx';
import type { PortalError } from '../api/client.ts';
import { Button, Notice } from '../ui.tsx';

const resizeDelayMs = 50;
const pngQuality = 0.92;

function dataUrlToBlob(dataUrl: string): Blob {
  const [header, data = ''] = dataUrl.split(',');
  const type = /data:([^;]+)/.exec(header ?? '')?.[1] ?? 'image/png';
  const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
  return new Blob([bytes], { type });
}

export function SignatureField({
  hasSignature,
  onChanged,
}: {
  hasSignature: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const { t } = useT();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [isEmpty, setIsEmpty] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // A layout effect: the pad listens before the canvas is first painted, so a stroke started at once
  // is not lost (Preact, which the portal runs on, runs plain effects only after the paint).
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || hasSignature) return;
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
  }, [hasSignature]);

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
      {hasSignature ? (
        <>
          <Notice kind="success">{t('signatureSaved')}</Notice>
          <Button variant="danger" onClick={() => void remove()} loading={busy} className="self-start">
            {t('deleteSignature')}
          </Button>
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
          </div>
        </>
      )}
    </div>
  );
}
