import { create } from 'zustand';
import type { Lang, Messages } from '../define';
import type { account } from './account';
import type { apiClientsAdmin } from './apiClientsAdmin';
import type { addresses } from './addresses';
import type { auth } from './auth';
import type { auditLog } from './auditLog';
import type { backOffice } from './backOffice';
import type { blogAdmin } from './blogAdmin';
import type { broadcast } from './broadcast';
import type { cart } from './cart';
import type { catalog } from './catalog';
import type { checkout } from './checkout';
import type { common } from './common';
import type { coupons } from './coupons';
import type { datePicker } from './datePicker';
import type { errors } from './errors';
import type { info } from './info';
import type { liff } from './liff';
import type { marketing } from './marketing';
import type { memberId } from './memberId';
import type { notifications } from './notifications';
import type { offline } from './offline';
import type { orders } from './orders';
import type { password } from './password';
import type { pointLife } from './pointLife';
import type { points } from './points';
import type { privacy } from './privacy';
import type { privacyAdmin } from './privacyAdmin';
import type { programmeAdmin } from './programmeAdmin';
import type { reports } from './reports';
import type { shop } from './shop';
import type { staff } from './staff';
import type { wishlist } from './wishlist';

/**
 * The message registry. Catalogues arrive per domain: in the built app each module that mentions a key
 * ('marketing.title') gets its domain registered next to it by vite.config.ts (i18nSplit), so the marketing
 * strings travel with the marketing screens, not in the first route. In dev and tests ./all.ts registers every
 * domain at once. Adding a domain: a new file here, a line in Domains below and one in ./all.ts.
 */
interface Domains {
  common: typeof common;
  auth: typeof auth;
  backOffice: typeof backOffice;
  auditLog: typeof auditLog;
  datePicker: typeof datePicker;
  catalog: typeof catalog;
  cart: typeof cart;
  checkout: typeof checkout;
  orders: typeof orders;
  points: typeof points;
  pointLife: typeof pointLife;
  programmeAdmin: typeof programmeAdmin;
  privacyAdmin: typeof privacyAdmin;
  apiClientsAdmin: typeof apiClientsAdmin;
  reports: typeof reports;
  account: typeof account;
  privacy: typeof privacy;
  addresses: typeof addresses;
  info: typeof info;
  memberId: typeof memberId;
  coupons: typeof coupons;
  shop: typeof shop;
  wishlist: typeof wishlist;
  staff: typeof staff;
  blogAdmin: typeof blogAdmin;
  marketing: typeof marketing;
  offline: typeof offline;
  password: typeof password;
  errors: typeof errors;
  notifications: typeof notifications;
  liff: typeof liff;
  broadcast: typeof broadcast;
}

export type Domain = keyof Domains;

/** Every message key: `<domain>.<key>`, e.g. `common.appName`. */
export type MessageKey = {
  [D in Domain]: `${D}.${keyof Domains[D]['th'] & string}`;
}[Domain];

export type DomainCatalog = Readonly<Record<Lang, Messages>>;

const messages: Record<Lang, Record<string, string>> = { th: {}, en: {} };
const registered = new Set<string>();

/** Bumped when a domain arrives late (see loadDomain), so useT() consumers re-render. */
export const useCatalogVersion = create<{ version: number }>(() => ({ version: 0 }));

export function registerCatalog(domain: string, catalog: DomainCatalog): void {
  if (registered.has(domain)) return;
  registered.add(domain);
  for (const lang of ['th', 'en'] as const) {
    for (const [key, text] of Object.entries(catalog[lang])) messages[lang][`${domain}.${key}`] = text;
  }
}

export const isRegistered = (domain: string): boolean => registered.has(domain);

export function lookup(lang: Lang, key: string): string | undefined {
  return messages[lang][key];
}

// Safety net for a key the build could not see (built at run time from parts): fetch its domain, then re-render.
const loaders = import.meta.glob<Record<string, DomainCatalog>>(['./*.ts', '!./index.ts', '!./all.ts']);
const loading = new Map<string, Promise<void>>();

export function loadDomain(domain: string): Promise<void> {
  const existing = loading.get(domain);
  if (existing) return existing;
  const loader = loaders[`./${domain}.ts`];
  const promise = (loader ? loader() : Promise.reject(new Error(`unknown message domain ${domain}`)))
    .then((mod) => {
      const catalog = mod[domain];
      if (catalog) {
        registerCatalog(domain, catalog);
        useCatalogVersion.setState((s) => ({ version: s.version + 1 }));
      }
    })
    .catch((error: unknown) => {
      loading.delete(domain);
      console.warn('Could not load messages', domain, error);
    });
  loading.set(domain, promise);
  return promise;
}
