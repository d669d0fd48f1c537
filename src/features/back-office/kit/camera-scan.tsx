import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Alert.css';
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Modal } from '@mantine/core';
import { useT } from '@/lib/i18n';

/**
 * A member's QR from the camera, for a manager at a tablet: the till's own scanner (native BarcodeDetector or
 * zxing-wasm, loaded on first use). A handheld scanner needs none of this: it types into the search box.
 */
export function CameraScan({ onCode }: { onCode: (code: string) => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);
  useEffect(() => {
    if (!open) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void (async () => {
      try {
        const { startScanner } = await import('@/lib/scanner');
        if (cancelled || !videoRef.current) return;
        const running = await startScanner(videoRef.current, (text) => {
          running.stop();
          setOpen(false);
          onCodeRef.current(text);
        });
        stop = () => running.stop();
        if (cancelled) stop();
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [open]);
  return (
    <>
      <Button variant="default" onClick={() => {
          setFailed(false);
          setOpen(true);
        }}>
        {t('backOffice.scanQr')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('backOffice.scanQr')} closeButtonProps={{ 'aria-label': t('common.close') }}>
        {failed ? (
          <Alert color="orange" role="alert">
            {t('staff.cameraUnavailable')}
          </Alert>
        ) : null}
        <video ref={videoRef} aria-label={t('staff.cameraVideo')} muted playsInline style={{ width: '100%', borderRadius: 12, background: '#000' }} hidden={failed} />
      </Modal>
    </>
  );
}
