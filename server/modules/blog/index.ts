import type { ServerModule } from '../../frappe/module';

export const blogModule: ServerModule = {
  name: 'blog',
  methods: [],
  doctypes: [],
};
