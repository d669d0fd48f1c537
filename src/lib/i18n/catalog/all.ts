import { registerCatalog } from './index';
import { account } from './account';
import { addresses } from './addresses';
import { auth } from './auth';
import { auditLog } from './auditLog';
import { backOffice } from './backOffice';
import { blogAdmin } from './blogAdmin';
import { broadcast } from './broadcast';
import { cart } from './cart';
import { catalog } from './catalog';
import { checkout } from './checkout';
import { common } from './common';
import { coupons } from './coupons';
import { datePicker } from './datePicker';
import { errors } from './errors';
import { info } from './info';
import { liff } from './liff';
import { marketing } from './marketing';
import { memberId } from './memberId';
import { notifications } from './notifications';
import { offline } from './offline';
import { orders } from './orders';
import { password } from './password';
import { pointLife } from './pointLife';
import { points } from './points';
import { privacy } from './privacy';
import { privacyAdmin } from './privacyAdmin';
import { apiClientsAdmin } from './apiClientsAdmin';
import { programmeAdmin } from './programmeAdmin';
import { reports } from './reports';
import { shop } from './shop';
import { staff } from './staff';
import { wishlist } from './wishlist';

/**
 * Every domain, registered at once: used by `vite dev` and the tests. The production build replaces this
 * module with an empty one (vite.config.ts, i18nSplit) and registers each domain where its keys are used.
 */
export const domains = {
  broadcast,
  common,
  auth,
  catalog,
  cart,
  checkout,
  orders,
  points,
  pointLife,
  programmeAdmin,
  privacyAdmin,
  apiClientsAdmin,
  reports,
  account,
  privacy,
  addresses,
  info,
  memberId,
  coupons,
  shop,
  wishlist,
  staff,
  blogAdmin,
  backOffice,
  auditLog,
  datePicker,
  marketing,
  offline,
  password,
  errors,
  notifications,
  liff,
} as const;

for (const [domain, messages] of Object.entries(domains)) registerCatalog(domain, messages);
