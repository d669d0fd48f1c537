import qrcode from 'qrcode-generator';
import { useEffect, useRef } from 'react';

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
    // qrcode-generator alone (what qr-code-styling wraps): square modules need no styling engine, and the
    // member-ID chunk stays small. Digits only, so the default byte conversion is exact.
    const qr = qrcode(0, 'M');
    qr.addData(value, 'Byte');
    qr.make();
    const modules = qr.getModuleCount();
    const cell = Math.floor(size / (modules + 8));
    const margin = Math.floor((size - cell * modules) / 2);
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const ctx = canvas.getContext('2d');
    if (ctx) {
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, size, size);
      ctx.fillStyle = '#000000';
      for (let row = 0; row < modules; row++) {
        for (let col = 0; col < modules; col++) {
          if (qr.isDark(row, col)) ctx.fillRect(margin + col * cell, margin + row * cell, cell, cell);
        }
      }
    }
    canvas.style.width = `${size}px`;
    canvas.style.height = `${size}px`;
    canvas.style.imageRendering = 'pixelated';
    el.replaceChildren(canvas);
    return () => el.replaceChildren();
  }, [value, size]);
  return <div ref={host} role="img" aria-label={label} data-testid="member-qr" style={{ width: size, height: size, background: '#fff' }} />;
}
