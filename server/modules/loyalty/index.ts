import type { ServerModule } from '../../frappe/module';

export const loyaltyModule: ServerModule = {
  name: 'loyalty',
  methods: [],
  doctypes: [],
};
