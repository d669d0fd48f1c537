export { RewardsList } from './rewards/rewards-list';
export { RewardEditor } from './rewards/reward-editor';
export { MemberSearch } from './members/member-search';
export { MemberPage } from './members/member-page';
