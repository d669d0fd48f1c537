import type { ServerModule } from '../../frappe/module';
import { defineMethod } from '../../frappe/methods';
import { addresses } from '../../db/schema/addresses';
import { ADDRESS, ADD_ADDRESS, DELETE_ADDRESS, GET_ADDRESS_OPTIONS, GET_ADDRESSES, UPDATE_ADDRESS } from '../../../contracts/addresses';
import * as service from './service';
import { ownAddresses } from './repository';


export const addressesModule: ServerModule = {
  name: 'addresses',
  methods: [
    defineMethod({
      ...GET_ADDRESSES,
      verbs: ['GET', 'POST'],
      allow: ['Member'],
      handler: (ctx) => service.getAddresses(ctx),
    }),
    defineMethod({
      ...ADD_ADDRESS,
      verbs: ['POST'],
      allow: ['Member'],
      handler: (ctx, args) => service.addAddress(ctx, args),
    }),
    defineMethod({
      ...UPDATE_ADDRESS,
      verbs: ['POST', 'PUT'],
      allow: ['Member'],
      handler: (ctx, { name, ...values }) => service.updateAddress(ctx, name, values),
    }),
    defineMethod({
      ...DELETE_ADDRESS,
      verbs: ['POST', 'DELETE'],
      allow: ['Member'],
      handler: (ctx, { name }) => service.deleteAddress(ctx, name),
    }),
    defineMethod({
      ...GET_ADDRESS_OPTIONS,
      verbs: ['GET'],
      allow: ['Guest'],
      handler: (ctx) => service.addressOptions(ctx),
    }),
  ],
  doctypes: [
    {
      // Read-only over /api/resource (for Frappe clients); writes go through the methods above.
      ...ADDRESS,
      table: addresses,
      read: { allow: ['Member'], scope: (ctx) => ownAddresses(ctx.user.name) },
      defaultOrder: 'is_primary_address desc, creation desc',
    },
  ],
};
