import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useT } from '@/lib/i18n';
import type { RunningScanner, ScanEngine } from '@/lib/scanner';
import classes from './staff.module.css';

type CameraState = { kind: 'off' } | { kind: 'starting' } | { kind: 'on'; engine: ScanEngine } | { kind: 'failed' };

/**
 * The camera (BarcodeDetector or zxing-wasm, loaded on first use) and the manual entry, which also takes a
 * handheld scanner that types the code and presses Enter (keyboard wedge).
 */
export function ScanPanel({ onCode, busy, codeRef }: { onCode: (code: string) => void; busy: boolean; codeRef?: RefObject<HTMLInputElement | null> }) {
  const t = useT();
  const videoRef = useRef<HTMLVideoElement>(null);
  const scannerRef = useRef<RunningScanner | null>(null);
  const [camera, setCamera] = useState<CameraState>({ kind: 'off' });
  const [manual, setManual] = useState('');
  const [manualError, setManualError] = useState<string | null>(null);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);
  // A counter/tablet has a keyboard-wedge scanner: focus the field there; not on a phone (no keyboard popping up).
  const [wide] = useState(() => typeof window !== 'undefined' && window.matchMedia?.('(min-width: 700px)').matches);

  const stopCamera = () => {
    scannerRef.current?.stop();
    scannerRef.current = null;
    setCamera({ kind: 'off' });
  };

  useEffect(() => () => scannerRef.current?.stop(), []);

  const startCamera = async () => {
    if (!videoRef.current) return;
    setCamera({ kind: 'starting' });
    try {
      const { startScanner } = await import('@/lib/scanner');
      const running = await startScanner(videoRef.current, (text) => {
        // One code per scan: stop the camera and look the code up.
        scannerRef.current?.stop();
        scannerRef.current = null;
        setCamera({ kind: 'off' });
        onCodeRef.current(text);
      });
      scannerRef.current = running;
      setCamera({ kind: 'on', engine: running.engine });
    } catch {
      scannerRef.current = null;
      setCamera({ kind: 'failed' });
    }
  };

  const submitManual = () => {
    const code = manual.trim();
    if (!code) {
      setManualError(t('staff.manualRequired'));
      return;
    }
    setManualError(null);
    setManual('');
    onCode(code);
  };

  const cameraActive = camera.kind === 'on' || camera.kind === 'starting';
  return (
    <Stack gap="md">
      <div className={classes.viewfinder} hidden={!cameraActive} data-engine={camera.kind === 'on' ? camera.engine : undefined}>
        <video ref={videoRef} aria-label={t('staff.cameraVideo')} muted playsInline />
        <div className={classes.frame} aria-hidden="true" />
        <div className={classes.hint}>{camera.kind === 'starting' ? t('staff.cameraStarting') : t('staff.cameraHint')}</div>
      </div>
      {camera.kind === 'failed' && (
        <Alert color="orange" role="alert">
          {t('staff.cameraUnavailable')}
        </Alert>
      )}
      {cameraActive ? (
        <Button variant="light" color="gray" size="md" onClick={stopCamera}>
          {t('staff.cameraStop')}
        </Button>
      ) : (
        <Button size="md" onClick={() => void startCamera()} disabled={busy}>
          {t('staff.cameraStart')}
        </Button>
      )}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submitManual();
        }}
      >
        <div className={classes.manual}>
          <TextInput
            ref={codeRef}
            label={t('staff.manualLabel')}
            description={t('staff.manualDescription')}
            placeholder={t('staff.manualPlaceholder')}
            value={manual}
            onChange={(e) => setManual(e.currentTarget.value)}
            error={manualError}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="go"
            autoFocus={wide}
            size="md"
          />
        </div>
        <Button type="submit" mt="sm" fullWidth size="md" variant="outline" loading={busy}>
          {t('staff.manualSubmit')}
        </Button>
      </form>
      {busy && (
        <Text size="sm" c="dimmed" role="status">
          {t('staff.checking')}
        </Text>
      )}
    </Stack>
  );
}
