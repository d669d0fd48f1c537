export { BroadcastScreen } from './broadcast-screen';

