import { defineCatalog } from '../define';

/** Sign-in, LINE login modal and consent, phone verification (OTP), personal information form. */
export const auth = defineCatalog({
  th: {},
  en: {},
});
