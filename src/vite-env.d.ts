/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Set by vite.config.ts for every build; the persisted query caches are busted when it changes. */
  readonly VITE_BUILD_ID: string;
  /** Base URL of a remote Frappe site; unset = our own server on the same origin. */
  readonly VITE_FRAPPE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
