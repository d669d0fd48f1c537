/**
 * The member's static id (the Customer id from get_profile). /my-id no longer shows it: its QR code and barcode
 * carry the rotating code of useMemberCode (./rotating-code.ts, contracts/member-code.ts), which staff can scan
 * and a screenshot cannot reuse.
 */
export interface MemberCodeSource {
  /** The Customer id (get_profile's `name`). */
  name: string;
}

export function memberCode(profile: MemberCodeSource): string {
  return profile.name;
}
