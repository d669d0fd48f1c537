/**
 * What the member's QR code and barcode carry. For now the Customer id from get_profile; the staff issue
 * will make it a short rotating code: change only this function.
 */
export interface MemberCodeSource {
  /** The Customer id (get_profile's `name`). */
  name: string;
}

export function memberCode(profile: MemberCodeSource): string {
  return profile.name;
}
