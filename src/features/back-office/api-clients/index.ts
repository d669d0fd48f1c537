export { ClientsPage } from './clients-page';
export { ClientPage } from './client-page';
