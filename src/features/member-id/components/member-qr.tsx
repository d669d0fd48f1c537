import QRCodeStyling from 'qr-code-styling';
import { useEffect, useRef } from 'react';

/** Byte-mode capacity at error correction M for versions 1-10 (ISO 18004 table 7). */
const CAPACITY_M = [14, 26, 42, 62, 84, 106, 122, 152, 180, 213];

function moduleCount(data: string): number {
  const bytes = new TextEncoder().encode(data).length;
  const version = CAPACITY_M.findIndex((c) => bytes <= c) + 1 || 10;
  return 17 + 4 * version;
}

export interface MemberQrProps {
  value: string;
  /** Rendered size in CSS pixels, quiet zone included. */
  size?: number;
  label: string;
}

/**
 * The member's QR code: error correction M, square modules, black on white, with a white quiet zone of
 * 4 modules on every side (the margin is sized from the symbol's module count).
 */
export function MemberQr({ value, size = 232, label }: MemberQrProps) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const modules = moduleCount(value);
    const cell = Math.floor(size / (modules + 8));
    const margin = Math.floor((size - cell * modules) / 2);
    const qr = new QRCodeStyling({
      type: 'canvas',
      width: size,
      height: size,
      margin,
      data: value,
      qrOptions: { errorCorrectionLevel: 'M', mode: 'Byte' },
      dotsOptions: { type: 'square', color: '#000000' },
      cornersSquareOptions: { type: 'square', color: '#000000' },
      cornersDotOptions: { type: 'square', color: '#000000' },
      backgroundOptions: { color: '#ffffff' },
    });
    el.replaceChildren();
    qr.append(el);
    const canvas = el.querySelector('canvas');
    if (canvas) {
      canvas.style.width = `${size}px`;
      canvas.style.height = `${size}px`;
      canvas.style.imageRendering = 'pixelated';
    }
    return () => el.replaceChildren();
  }, [value, size]);
  return <div ref={host} role="img" aria-label={label} data-testid="member-qr" style={{ width: size, height: size, background: '#fff' }} />;
}
