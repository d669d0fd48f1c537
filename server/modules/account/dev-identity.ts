/**
 * The LINE account the development LINE page and the LIFF stand-in offer as "the demo member": the demo seed gives
 * its member this LINE identity, so signing in with it opens the member the app's samples show.
 */
export const DEMO_LINE_SUB = 'Udemo000000000000000000000000001';
