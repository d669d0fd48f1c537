/**
 * The kinds of privacy request and of access to a member's personal data, in a module of their own so the back
 * office's address schemas (in the route tree, so in every member's first download) read them without the privacy
 * contracts.
 */
export const PRIVACY_REQUEST_KINDS = ['access', 'erasure'] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];
export const PRIVACY_REQUEST_STATUSES = ['open', 'completed'] as const;
/** What a back-office view of a member's personal data was: their page, a search that listed them, an export. */
export const ACCESS_KINDS = ['member_page', 'search', 'export'] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];
