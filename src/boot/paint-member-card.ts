import { langOf } from '../../contracts/language';
import { memberCodeAt, type MemberCodeDevice } from '../../contracts/member-code-otp';
import { BOOT_CARD_ID } from '../components/boot-card';
import { drawQrCanvas, MEMBER_QR_SIZE } from '../components/qr-canvas';
import { memberId } from '../lib/i18n/catalog/memberId';
import { storedLangCode } from '../lib/i18n/stored-lang';

/** As MemberIdCard draws the QR: its top on a phone below the title bar, avatar, name and tier line (measured at
 * 390×844 with a one-line name), so nothing moves when React takes the canvas over. */
const QR_TOP = 289;
/** Offline, the app shell's offline note (two lines of Thai at that width) sits above everything. */
const OFFLINE_NOTE = 51;

const language = () => langOf(storedLangCode());

/**
 * The member's current code as a QR and digits, outside React's root (src/components/boot-card.ts): the QrCode
 * component takes this very canvas over when it shows the same code (src/components/qr-canvas.ts), and the card
 * goes whenever React draws another screen.
 */
export async function paintMemberCard(device: MemberCodeDevice) {
  const code = await memberCodeAt(device);
  const canvas = await drawQrCanvas(code, MEMBER_QR_SIZE, 'member');
  // React may have drawn the screen meanwhile (a warm start): then there is nothing to do.
  if (document.getElementById(BOOT_CARD_ID) || document.querySelector('[data-testid="member-qr"]')) return;
  const card = document.createElement('div');
  card.id = BOOT_CARD_ID;
  card.style.cssText = `position:fixed;left:0;right:0;top:${QR_TOP + (navigator.onLine ? 0 : OFFLINE_NOTE)}px;display:flex;flex-direction:column;align-items:center;pointer-events:none`;
  const qr = document.createElement('div');
  qr.setAttribute('role', 'img');
  qr.setAttribute('aria-label', memberId[language()].qrAlt.replace('{code}', code));
  qr.dataset.testid = 'member-qr';
  qr.append(canvas);
  const digits = document.createElement('p');
  digits.dataset.testid = 'member-code';
  digits.textContent = code;
  digits.style.cssText = 'margin:10px 0 0;font:700 18px/1.55 ui-monospace,monospace;letter-spacing:2px';
  card.append(qr, digits);
  document.body.append(card);
}
