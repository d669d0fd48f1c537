import qrcode from 'qrcode-generator';
import { BOOT_CARD_ID } from './boot-card';

/**
 * Draws a QR code for a till's scanner on a canvas: error correction M, black square modules on white, whole pixels
 * per module and a white quiet zone of at least 4 modules on every side. Shared by the QrCode component and the
 * boot module that paints the member card before React starts, so both draw the same pixels.
 */
export function drawQrCanvas(value: string, size: number): HTMLCanvasElement {
  const qr = qrcode(0, 'M');
  // Byte mode takes one character per byte: the UTF-8 bytes of the value, so any text is encoded exactly.
  qr.addData(String.fromCharCode(...new TextEncoder().encode(value)), 'Byte');
  qr.make();
  const modules = qr.getModuleCount();
  const cell = Math.max(1, Math.floor(size / (modules + 8)));
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
  canvas.dataset.code = value;
  return canvas;
}

/**
 * Takes the boot module's canvas when it shows `value` at `size` (React then owns that very node, with no redraw),
 * and removes the boot card whatever it showed: from here on React draws the screen.
 */
export function adoptBootQr(value: string, size: number): HTMLCanvasElement | null {
  const card = document.getElementById(BOOT_CARD_ID);
  if (!card) return null;
  const canvas = card.querySelector('canvas');
  card.remove();
  return canvas && canvas.dataset.code === value && canvas.width === size ? canvas : null;
}
