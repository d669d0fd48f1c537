import { defineCatalog } from '../define';

/** My orders, order rows and delivery-note status, reward order detail (code / QR / barcode tabs). */
export const orders = defineCatalog({
  th: {},
  en: {},
});
