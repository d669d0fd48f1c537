export { AccountScreen, type AccountProfile, type AccountScreenProps } from './components/account-screen';
