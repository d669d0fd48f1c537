import * as v from 'valibot';

/**
 * Field rules shared by the profile methods; the messages are the spec's (§5 profile form), word for word,
 * so the app's form and the server refuse the same input with the same sentence.
 */
export const requiredText = (message: string, max = 140) =>
  v.pipe(v.optional(v.string(message), ''), v.trim(), v.minLength(1, message), v.maxLength(max, `${message.replace(/ is required$/, '')} is too long`));

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const optionalEmail = () =>
  v.optional(
    v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(200, 'Please enter a valid e-mail address'), v.check((s) => s === '' || EMAIL_RE.test(s), 'Please enter a valid e-mail address'))),
  );

/** YYYY-MM-DD, a real calendar date, not in the future, not before 1900. */
export function isValidBirthDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s) return false;
  return d.getUTCFullYear() >= 1900 && d.getTime() <= Date.now();
}

export const birthDate = () =>
  v.pipe(v.optional(v.string('Birth date is required'), ''), v.trim(), v.minLength(1, 'Birth date is required'), v.check(isValidBirthDate, 'Birth date is invalid'));
