export { expiryScheduleQuery, pointsDetailsQuery, pointsHistoryQuery, tierProgress, type PointsDetails, type PointsEntry } from './api';
export { MemberPointsCard } from './components/member-points-card';
export { HISTORY_TABS, RewardHistory, HISTORY_SKELETON_MS, type HistoryTab } from './components/reward-history';
