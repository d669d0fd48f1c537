export * from './auth';
export * from './customers';
export * from './catalog';
export * from './loyalty';
export * from './addresses';
export * from './orders';
export * from './content';
export * from './audit';
