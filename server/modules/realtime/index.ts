import type { ServerModule } from '../../frappe/module';

export const realtimeModule: ServerModule = {
  name: 'realtime',
  methods: [],
  doctypes: [],
};
