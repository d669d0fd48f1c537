import { defineCatalog } from '../define';

/** My ID screen: member QR code and barcode. */
export const memberId = defineCatalog({
  th: {},
  en: {},
});
