export { AddressList } from './components/address-list';
export { AddressEditor } from './components/address-editor';
export { addressesQuery, addressOptionsQuery, saveAddress, addressKeys } from './api';
export type { AddressWrite, AddressDoc } from './api';
export { useRejectedAddressWrite } from './pending';
