import type { Lang, Messages } from '../define';
import { account } from './account';
import { addresses } from './addresses';
import { auth } from './auth';
import { blogAdmin } from './blogAdmin';
import { cart } from './cart';
import { catalog } from './catalog';
import { checkout } from './checkout';
import { common } from './common';
import { coupons } from './coupons';
import { info } from './info';
import { marketing } from './marketing';
import { memberId } from './memberId';
import { offline } from './offline';
import { orders } from './orders';
import { points } from './points';
import { shop } from './shop';
import { staff } from './staff';
import { wishlist } from './wishlist';

/** Every domain catalogue; a message key is `<domain>.<key>`, e.g. `common.appName`. */
export const domains = {
  common,
  auth,
  catalog,
  cart,
  checkout,
  orders,
  points,
  account,
  addresses,
  info,
  memberId,
  coupons,
  shop,
  wishlist,
  staff,
  blogAdmin,
  marketing,
  offline,
} as const;

type Domains = typeof domains;

export type MessageKey = {
  [D in keyof Domains]: `${D & string}.${keyof Domains[D]['th'] & string}`;
}[keyof Domains];

function flatten(lang: Lang): Readonly<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [domain, catalog] of Object.entries(domains) as Array<[string, Record<Lang, Messages>]>) {
    for (const [key, text] of Object.entries(catalog[lang])) out[`${domain}.${key}`] = text;
  }
  return out;
}

export const messages: Readonly<Record<Lang, Readonly<Record<string, string>>>> = {
  th: flatten('th'),
  en: flatten('en'),
};
