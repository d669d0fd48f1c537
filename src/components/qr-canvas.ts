import QRCodeStyling, { type Options } from 'qr-code-styling';
import markSvg from '../../public/favicon.svg?raw';
import { BRAND_COLOR } from '../lib/brand';
import { BOOT_CARD_ID } from './boot-card';

/**
 * How a QR code looks. `member`: the member card's, in the brand's colour with rounded modules, round finder
 * patterns and the brand's mark in the centre, at error correction H so the modules under the mark are
 * recovered (a version-1 code at the card's 232 px still reads with zxing and jsQR, shrunk and blurred as a till
 * camera sees it). `plain`: black square modules at error correction M, for the reward codes.
 */
export type QrLook = 'member' | 'plain';

/** The member card's QR, in CSS pixels: the React card and the boot module draw it at this size. */
export const MEMBER_QR_SIZE = 232;

/**
 * The brand's mark, the app icon's artwork (public/favicon.svg), as a data: address: the SVG the renderer rasterises
 * can hold no other image, and it needs no network. Given a size, so the renderer reads it as a square.
 */
const MARK = `data:image/svg+xml;base64,${btoa(markSvg.replace('<svg ', '<svg width="64" height="64" '))}`;

/**
 * A version-1 code is 21 modules: with a quiet zone of 4 modules on each side it spans 29, so a margin of 4/29 of
 * the width leaves at least 4 modules of white around any code (more around a longer one).
 */
const QUIET_ZONE = 4 / 29;

const LOOKS: Record<QrLook, (px: number) => Options> = {
  member: (px) => ({
    qrOptions: { errorCorrectionLevel: 'H' },
    dotsOptions: { type: 'rounded', color: BRAND_COLOR },
    cornersSquareOptions: { type: 'extra-rounded', color: BRAND_COLOR },
    cornersDotOptions: { type: 'dot', color: BRAND_COLOR },
    image: MARK,
    // 0.3 of the share H may lose: a 5×5-module hole in a version-1 code (the library's 0.4 made 7×7, and about a
    // quarter of member codes then failed to decode). Half a module of white between the mark and the modules.
    // saveAsBlob off: the mark is a data: address already (and the content-security policy lets no fetch of one).
    imageOptions: { imageSize: 0.3, margin: Math.round(px / 58), hideBackgroundDots: true, saveAsBlob: false },
  }),
  plain: () => ({
    qrOptions: { errorCorrectionLevel: 'M' },
    dotsOptions: { type: 'square', color: '#000000' },
    cornersSquareOptions: { type: 'square', color: '#000000' },
    cornersDotOptions: { type: 'square', color: '#000000' },
  }),
};

/** The value as the encoder takes it: ASCII as is (numeric or alphanumeric mode where it fits), any other text as its UTF-8 bytes. */
function encoded(value: string): Pick<Options, 'data'> & { mode?: 'Byte' } {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(value)) return { data: value };
  return { data: String.fromCharCode(...new TextEncoder().encode(value)), mode: 'Byte' };
}

/**
 * Draws a QR code for a till's scanner with qr-code-styling on a canvas of the device's pixels, `size` CSS pixels
 * wide (quiet zone included), white behind it. Resolves once the pixels are there: the library draws its SVG onto the
 * canvas through an image. Shared by the QrCode component and the boot module that paints the member card before
 * React starts, so both draw the same pixels.
 */
export async function drawQrCanvas(value: string, size: number, look: QrLook = 'plain'): Promise<HTMLCanvasElement> {
  const px = Math.round(size * Math.max(1, window.devicePixelRatio || 1));
  const { data, mode } = encoded(value);
  const { qrOptions, ...style } = LOOKS[look](px);
  const qr = new QRCodeStyling({
    type: 'canvas',
    width: px,
    height: px,
    margin: Math.round(px * QUIET_ZONE),
    data,
    qrOptions: { ...qrOptions, mode },
    backgroundOptions: { color: '#ffffff' },
    ...style,
  });
  // The drawn canvas: what the library's own getRawData and download wait for.
  const canvas = (await qr._getElement('png')) as HTMLCanvasElement;
  canvas.style.width = `${size}px`;
  canvas.style.height = `${size}px`;
  canvas.dataset.code = value;
  canvas.dataset.size = String(size);
  canvas.dataset.look = look;
  return canvas;
}

/**
 * Takes the boot module's canvas when it shows `value` at `size` (React then owns that very node, with no redraw),
 * removing the boot card: from here on React draws the screen. Otherwise the boot card stays until React's own
 * canvas is drawn (`dropBootCard`), so the till never sees an empty box.
 */
export function adoptBootQr(value: string, size: number): HTMLCanvasElement | null {
  const card = document.getElementById(BOOT_CARD_ID);
  const canvas = card?.querySelector('canvas');
  if (!card || !canvas || canvas.dataset.code !== value || canvas.dataset.size !== String(size)) return null;
  card.remove();
  return canvas;
}
