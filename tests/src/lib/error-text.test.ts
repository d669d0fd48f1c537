import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../contracts/errors';
import { codeText, errorText, TRANSLATED_CODES } from '@/lib/error-text';
import { FrappeClientError, DEFAULT_MESSAGES } from '@/lib/frappe';
import { translate } from '@/lib/i18n';
import { errors } from '@/lib/i18n/catalog/errors';

const th = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate('th', key, params);
const en = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate('en', key, params);
const failed = (httpStatus: number, body: Record<string, unknown> = {}) =>
  new FrappeClientError({ httpStatus, httpStatusText: '', body, defaultMessage: DEFAULT_MESSAGES.call });
const refused = (code: string, english: string) =>
  failed(417, { exc_type: 'ValidationError', exception: english, _server_messages: JSON.stringify([JSON.stringify({ message: english })]), error_code: code });

describe('errorText', () => {
  it("says a refusal by its code in the member's language, never the server's English sentence", () => {
    const error = refused('not_enough_points', "You don't have enough Loyalty Points to redeem");
    expect(errorText(error, th)).toBe('คะแนนของคุณไม่พอสำหรับรายการนี้');
    expect(errorText(error, en)).toBe("You don't have enough points for this.");
    expect(errorText(refused('item_not_found', 'Item GIFT-X not found'), th)).toBe('ไม่พบรายการนี้แล้ว อาจถูกนำออกไปแล้ว');
  });

  it('lets a screen name what it knows for a code', () => {
    expect(errorText(refused('branch_not_found', 'Branch X not found'), th, { branch_not_found: 'ไม่พบสาขา X' })).toBe('ไม่พบสาขา X');
  });

  it('says a call with no answer is a connection problem, not "There was an error."', () => {
    expect(errorText(failed(0), th)).toBe('เชื่อมต่อเซิร์ฟเวอร์ไม่ได้ กรุณาตรวจสอบอินเทอร์เน็ตแล้วลองอีกครั้ง');
    expect(errorText(new DOMException('aborted', 'AbortError'), en)).toBe("Couldn't reach the server. Check your internet connection and try again.");
    for (const status of [0, 400, 401, 403, 404, 417, 429, 500, 502]) {
      expect(errorText(failed(status), en)).not.toContain('There was an error');
      expect(errorText(refused('made_up_code', 'Some English sentence'), th)).not.toContain('English');
    }
  });

  it('translates every order and redemption code, in both languages', () => {
    const codes = [
      'not_enough_points', 'points_mismatch', 'item_not_found', 'out_of_stock', 'item_not_available', 'branch_not_found', 'request_abandoned',
      'phone_not_verified', 'member_blocked', 'branch_disabled', 'over_member_limit', 'tier_not_eligible',
    ] as const;
    for (const code of codes) {
      expect(TRANSLATED_CODES).toContain(code);
      expect(ERROR_CODES).toContain(code);
      const error = refused(code, 'x');
      expect(errorText(error, th)).not.toBe(errorText(error, en));
      expect(errorText(error, th)).not.toBe(th('errors.generic'));
    }
  });
});

describe('every error code has its sentences', () => {
  // The sentences of a failure that carries no code: a code said with one of these has no sentence of its own.
  const WITHOUT_CODE = ['network', 'tooMany', 'signedOut', 'notFound', 'server', 'generic'] as const;

  it('says each code of contracts/errors.ts with its own Thai and English sentence from the errors catalogue', () => {
    const unexplained: string[] = [];
    for (const lang of ['th', 'en'] as const) {
      const say = lang === 'th' ? th : en;
      const catalogue = new Set(Object.values(errors[lang]));
      const generic = new Set(WITHOUT_CODE.map((key) => errors[lang][key]));
      for (const code of ERROR_CODES) {
        const sentence = errorText(refused(code, 'The server’s English sentence'), say);
        if (!catalogue.has(sentence) || generic.has(sentence)) unexplained.push(`${lang} ${code}: ${sentence}`);
      }
    }
    expect(unexplained).toEqual([]);
  });
});

describe('refusals that are not about the order itself', () => {
  it('a day outside the years any date may have is said in both languages, Thai years in the Buddhist era', () => {
    const e = refused('date_out_of_range', 'Dates must be from 1900-01-01 to 2200-12-31');
    expect(errorText(e, th)).toBe('วันที่ต้องอยู่ระหว่างปี พ.ศ. 2443 ถึง พ.ศ. 2743');
    expect(errorText(e, en)).toBe('Dates must be between the years 1900 and 2200.');
  });

  it('a member who never verified a phone is told so in their language, whatever the English wording', () => {
    const e = failed(403, { exc_type: 'PermissionError', _server_messages: JSON.stringify([JSON.stringify({ message: 'Reworded by the server' })]), error_code: 'phone_not_verified' });
    expect(errorText(e, th)).toBe('กรุณายืนยันเบอร์โทรศัพท์ก่อนแลกของรางวัลหรือสั่งซื้อ');
    expect(errorText(e, en)).toBe('Please verify your phone number before redeeming rewards or ordering.');
  });
});

describe('one table from codes to sentences', () => {
  it('no other module of the app maps error codes to sentences of its own (a new code would go unsaid there)', () => {
    const root = path.resolve(__dirname, '../../..');
    const tables: string[] = [];
    for (const file of fs.readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })) {
      const rel = `src/${file}`;
      if (!/\.tsx?$/.test(rel) || rel === 'src/lib/error-text.ts') continue;
      const text = fs.readFileSync(path.join(root, rel), 'utf8');
      if (/Record<\s*(?:ErrorCode|RuleCode)\s*,\s*(?:MessageKey|string)\s*>/.test(text)) tables.push(rel);
    }
    expect(tables).toEqual([]);
  });

  it('codeText says a code (a server answer or a shared rule a form checked) from that table, and nothing else', () => {
    expect(codeText('username_taken', en)).toBe(en('errors.usernameTaken'));
    expect(codeText('address_line1_required', th)).toBe(th('errors.addressLine1Required'));
    expect(codeText('This phone number is invalid', en)).toBeUndefined();
    expect(codeText('toString', en)).toBeUndefined();
    expect(codeText(undefined, en)).toBeUndefined();
  });
});
