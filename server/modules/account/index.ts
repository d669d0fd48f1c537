import type { ServerModule } from '../../frappe/module';

export const accountModule: ServerModule = {
  name: 'account',
  methods: [],
  doctypes: [],
};
