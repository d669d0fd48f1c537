export { BroadcastScreen } from './components/broadcast-screen';

