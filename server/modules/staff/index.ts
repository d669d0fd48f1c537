import type { ServerModule } from '../../frappe/module';

export const staffModule: ServerModule = {
  name: 'staff',
  methods: [],
  doctypes: [],
};
