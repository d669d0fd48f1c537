export { HISTORY_TABS, type HistoryTab } from './tabs';
export { expiryScheduleQuery, pointsDetailsQuery, pointsHistoryQuery, tierProgress, type PointsDetails, type PointsEntry } from './api';
export { MemberPointsCard } from './components/member-points-card';
export { RewardHistory, HISTORY_SKELETON_MS } from './components/reward-history';
