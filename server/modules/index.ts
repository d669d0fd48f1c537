import type { ServerModule } from '../frappe/module';
import { accountModule } from './account/index';
import { catalogModule } from './catalog/index';
import { loyaltyModule } from './loyalty/index';
import { ordersModule } from './orders/index';
import { addressesModule } from './addresses/index';
import { contentModule } from './content/index';
import { staffModule } from './staff/index';
import { blogModule } from './blog/index';
import { realtimeModule } from './realtime/index';
import { settingsModule } from './settings/index';
import { branchesModule } from './branches/index';
import { auditModule } from './audit/index';
import { adminModule } from './admin/index';
import { jobsModule } from './jobs/index';
import { notificationsModule } from './notifications/index';
import { programmeModule } from './programme/index';
import { scheduleModule } from './schedule/index';
import { reportsModule } from './reports/index';
import { broadcastModule } from './broadcast/index';
import { privacyModule } from './privacy/index';
import { apiClientsModule } from './api-clients/index';
import { integrationModule } from './integration/index';
import { webhooksModule } from './webhooks/index';

/** Every domain of the server, registered explicitly (no autoload). */
export const allModules: ServerModule[] = [
  accountModule,
  catalogModule,
  loyaltyModule,
  ordersModule,
  addressesModule,
  contentModule,
  staffModule,
  blogModule,
  realtimeModule,
  settingsModule,
  branchesModule,
  auditModule,
  adminModule,
  jobsModule,
  notificationsModule,
  programmeModule,
  scheduleModule,
  reportsModule,
  broadcastModule,
  privacyModule,
  apiClientsModule,
  integrationModule,
  webhooksModule,
];
