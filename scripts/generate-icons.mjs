// Renders the app icons (public/icons/*.png, public/favicon.*) from one SVG artwork with the system Chromium.
// Run: node scripts/generate-icons.mjs   (the PNGs are committed; rerun only when the artwork changes)
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const BRAND_LIGHT = '#e64980';
const BRAND = '#c2255c';
const BRAND_DARK = '#8a1a40';

/** A five-point star centred in a 512 grid. */
function star(cx, cy, outer, inner) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return `M${pts.join('L')}Z`;
}

/**
 * any: a rounded tile; maskable: a full-bleed square with the artwork inside the central 80 % safe circle;
 * favicon: a coin (round) that reads at 16-32 px.
 */
function artwork(kind) {
  const defs = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${BRAND_LIGHT}"/><stop offset=".55" stop-color="${BRAND}"/><stop offset="1" stop-color="${BRAND_DARK}"/>
  </linearGradient></defs>`;
  const scale = kind === 'maskable' ? 0.72 : kind === 'favicon' ? 1.06 : 1;
  const ring = 150 * scale;
  const bg =
    kind === 'maskable'
      ? `<rect width="512" height="512" fill="url(#g)"/>`
      : kind === 'favicon'
        ? `<circle cx="256" cy="256" r="256" fill="url(#g)"/>`
        : `<rect width="512" height="512" rx="112" fill="url(#g)"/>`;
  const ringEl =
    kind === 'favicon'
      ? ''
      : `<circle cx="256" cy="256" r="${ring}" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="${18 * scale}"/>`;
  const starEl = `<path fill="#fff" d="${star(256, 266, 112 * scale * (kind === 'favicon' ? 1.55 : 1), 54 * scale * (kind === 'favicon' ? 1.55 : 1))}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${defs}${bg}${ringEl}${starEl}</svg>`;
}

/** An .ico holding one PNG image (valid since Windows Vista; every browser reads it). */
function icoFromPng(png, size) {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6);
  header.writeUInt8(size >= 256 ? 0 : size, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // offset of the image data
  return Buffer.concat([header, png]);
}

const targets = [
  { file: 'icons/icon-192.png', size: 192, kind: 'any' },
  { file: 'icons/icon-512.png', size: 512, kind: 'any' },
  { file: 'icons/icon-maskable-512.png', size: 512, kind: 'maskable' },
  // iOS draws its own rounded corners and ignores transparency: give it the full-bleed artwork.
  { file: 'icons/apple-touch-icon-180.png', size: 180, kind: 'maskable' },
  { file: 'favicon-32.png', size: 32, kind: 'favicon' },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu'],
});
try {
  await mkdir(`${publicDir}icons`, { recursive: true });
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { file, size, kind } of targets) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${artwork(kind).replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    if (file === 'favicon-32.png') await writeFile(`${publicDir}favicon.ico`, icoFromPng(png, size));
    else await writeFile(`${publicDir}${file}`, png);
    console.log(`wrote ${file === 'favicon-32.png' ? 'favicon.ico' : file} (${size}x${size}, ${png.length} bytes)`);
  }
  await writeFile(`${publicDir}favicon.svg`, `${artwork('favicon')}\n`);
  console.log('wrote favicon.svg');
} finally {
  await browser.close();
}
