export { BroadcastScreen } from './broadcast-screen';

export { BROADCASTS_SEARCH } from './broadcast-history';
