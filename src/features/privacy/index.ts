/** The member's personal data: offers asked once on the home, and on /my-account offers, a copy of the data and deleting the account. */
export { MarketingAsk } from './components/marketing-ask';
export { PrivacySettings } from './components/privacy-settings';
