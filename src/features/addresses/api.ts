export { fieldFor } from '@/lib/address-messages';
export { labelOf } from '@/lib/address-format';
