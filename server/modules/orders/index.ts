import type { ServerModule } from '../../frappe/module';

export const ordersModule: ServerModule = {
  name: 'orders',
  methods: [],
  doctypes: [],
};
