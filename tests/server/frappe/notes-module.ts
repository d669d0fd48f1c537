import { eq } from 'drizzle-orm';
import type { ServerModule } from '../../../server/frappe/module';
import { addresses } from '../../../server/db/schema/addresses';
import { validationError } from '../../../server/frappe/errors';

/**
 * A doctype used only by the foundation tests: member-owned rows on the addresses table, so the generic
 * resource surface (filters, fields, scopes, writes) is tested apart from any domain's rules.
 */
export const notesModule: ServerModule = {
  name: 'test-notes',
  doctypes: [
    {
      doctype: 'Test Note',
      table: addresses,
      fields: ['name', 'owner', 'address_title', 'address_line1', 'city', 'country', 'pincode', 'is_primary_address', 'creation', 'modified'],
      writable: ['name', 'address_title', 'address_line1', 'city', 'country', 'pincode'],
      read: { allow: ['Member'], scope: (ctx) => eq(addresses.owner, ctx.user.name) },
      create: { allow: ['Member'] },
      update: { allow: ['Member'], scope: (ctx) => eq(addresses.owner, ctx.user.name) },
      delete: { allow: ['Member'], scope: (ctx) => eq(addresses.owner, ctx.user.name) },
      validate: (ctx, doc, op) => {
        if (op === 'create' && !doc.address_line1) throw validationError('Address line 1 is required');
        return op === 'create' ? { customer: ctx.user.name, city: 'Bangkok', country: 'Thailand', pincode: '10110', ...doc } : doc;
      },
      defaultOrder: 'creation desc',
    },
  ],
};
