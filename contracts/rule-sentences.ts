import { FIRST_DAY, LAST_DAY } from './dates';
import type { RuleCode } from './errors';

/**
 * The English sentence of each shared rule: what the server answers (Frappe clients show it), next to the code the
 * app translates. The app itself never needs these.
 */
export const RULE_SENTENCES: Record<RuleCode, string> = {
  address_line1_required: 'Address line 1 is required',
  city_required: 'City is required',
  country_required: 'Country is required',
  pincode_invalid: 'Pincode must be a number',
  phone_invalid: 'This phone number is invalid',
  country_not_listed: 'Select a country from the list',
  state_not_listed: 'Select a province or state of the chosen country',
  district_not_listed: 'Select a district of the chosen province',
  address_too_long: 'This text is too long',
  first_name_required: 'First name is required',
  last_name_required: 'Last name is required',
  id_card_required: 'ID card number is required',
  birth_date_required: 'Birth date is required',
  birth_date_invalid: 'Birth date is invalid',
  email_invalid: 'Please enter a valid e-mail address',
  too_long: 'This field is too long',
  phone_read_only: 'The phone number cannot be changed here',
  otp_required: 'Please Enter OTP',
  otp_wrong: 'Wrong code, please try again',
  password_required: 'Password is required',
  password_too_short: 'Password must be at least 10 characters',
  password_too_long: 'Password must be at most 128 characters',
  reset_key_required: 'The reset password link is incomplete',
  reset_key_invalid: 'The reset password link has either been used before or is invalid',
  username_required: 'Username is required',
  username_too_short: 'Username must be at least 3 characters',
  username_too_long: 'Username must be at most 30 characters',
  username_invalid: 'Username may contain only English letters, digits, dots, hyphens and underscores',
  username_taken: 'This username is already registered',
  sign_up_email_required: 'Email is required',
  sign_up_email_invalid: 'Please enter a valid email address',
  sign_up_password_required: 'Password is required',
  sign_up_password_too_short: 'Password must be at least 8 characters',
  sign_up_password_too_long: 'Password must be at most 128 characters',
  date_out_of_range: `Dates must be from ${FIRST_DAY} to ${LAST_DAY}`,
};

const RULES = new Set<string>(Object.keys(RULE_SENTENCES));
export const isRuleCode = (value: unknown): value is RuleCode => typeof value === 'string' && RULES.has(value);
