// The session's queries are the member entity's; the guard and the screens of this feature read them by these names.
export {
  memberKeys as authKeys,
  authorizeUrlQuery,
  bootQuery,
  GUEST_BOOT,
  isMember,
  isSignedIn,
  profileQuery,
  refreshUser,
  tierQuery,
  type BootInfo,
  type Profile,
  type Tier,
} from '@/entities/member';

