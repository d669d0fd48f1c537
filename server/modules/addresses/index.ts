import * as v from 'valibot';
import type { ServerModule } from '../../frappe/module';
import { addresses } from '../../db/schema/addresses';
import { defineMethod, noArgs } from '../../frappe/methods';
import { addressInputSchema } from '../../../contracts/addresses';
import * as service from './service';
import { ownAddresses } from './repository';

const nameArg = v.pipe(v.string('Address name is required'), v.trim(), v.minLength(1, 'Address name is required'), v.maxLength(140));

export const addressesModule: ServerModule = {
  name: 'addresses',
  methods: [
    defineMethod({
      path: 'headless_e_commerce.api.get_addresses',
      verbs: ['GET', 'POST'],
      allow: ['Member'],
      args: noArgs,
      handler: (ctx) => service.getAddresses(ctx),
    }),
    defineMethod({
      path: 'headless_e_commerce.api.add_address',
      verbs: ['POST'],
      allow: ['Member'],
      args: addressInputSchema,
      handler: (ctx, args) => service.addAddress(ctx, args),
    }),
    defineMethod({
      path: 'headless_e_commerce.api.update_address',
      verbs: ['POST', 'PUT'],
      allow: ['Member'],
      args: v.object({ name: nameArg, ...addressInputSchema.entries }),
      handler: (ctx, { name, ...values }) => service.updateAddress(ctx, name, values),
    }),
    defineMethod({
      path: 'headless_e_commerce.api.delete_address',
      verbs: ['POST', 'DELETE'],
      allow: ['Member'],
      args: v.object({ name: nameArg }),
      handler: (ctx, { name }) => service.deleteAddress(ctx, name),
    }),
    defineMethod({
      // The country, state and province → district lists the form offers and the server checks against.
      path: 'member_rewards.api.get_address_options',
      verbs: ['GET'],
      allow: ['Guest'],
      args: noArgs,
      handler: (ctx) => service.addressOptions(ctx),
    }),
  ],
  doctypes: [
    {
      // Read-only over /api/resource (for Frappe clients); writes go through the methods above.
      doctype: 'Address',
      table: addresses,
      fields: [
        'name', 'address_title', 'first_name', 'last_name', 'address_line1', 'address_line2', 'city', 'state',
        'country', 'pincode', 'phone', 'is_primary_address', 'is_shipping_address', 'creation', 'modified',
      ],
      read: { allow: ['Member'], scope: (ctx) => ownAddresses(ctx.user.name) },
      defaultOrder: 'is_primary_address desc, creation desc',
    },
  ],
};
