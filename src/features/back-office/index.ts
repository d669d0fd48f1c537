export { RewardsList } from './rewards/rewards-list';
export { RewardEditor } from './rewards/reward-editor';
