import type { ServerModule } from '../../frappe/module';

export const contentModule: ServerModule = {
  name: 'content',
  methods: [],
  doctypes: [],
};
