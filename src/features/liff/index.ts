/** The member card inside LINE (LIFF): /liff only, and the only place LINE's SDK is loaded. */
export { LiffEntry, type LiffEntryProps } from './components/liff-entry';
export { liffTarget, LIFF_HOME } from './target';
