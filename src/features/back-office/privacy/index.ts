export { RequestsPage } from './requests-page';
export { AccessLogPage } from './access-log-page';
export { NoticePage } from './notice-page';
