import type { ServerModule } from '../../frappe/module';

export const addressesModule: ServerModule = {
  name: 'addresses',
  methods: [],
  doctypes: [],
};
