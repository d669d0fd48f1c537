export { fieldFor, messageKeyFor } from '@/lib/address-messages';
export { labelOf } from '@/lib/address-format';
