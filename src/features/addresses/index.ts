export { AddressList } from './components/address-list';
export { AddressEditor } from './components/address-editor';
export { addressesQuery, addressOptionsQuery, addressKeys, useRejectedAddressWrite, type AddressWrite, type AddressDoc } from '@/entities/addresses';
