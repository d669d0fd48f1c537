import type { ServerModule } from '../../frappe/module';

export const catalogModule: ServerModule = {
  name: 'catalog',
  methods: [],
  doctypes: [],
};
