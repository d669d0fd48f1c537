import liff from '@line/liff/core';
import GetIDToken from '@line/liff/get-id-token';
import IsInClient from '@line/liff/is-in-client';
import IsLoggedIn from '@line/liff/is-logged-in';
import Login from '@line/liff/login';
import type { LiffClient } from './sdk';

// LIFF's pluggable core with only the four calls the app makes (the whole SDK is about half again as large).
liff.use(new IsInClient());
liff.use(new IsLoggedIn());
liff.use(new Login());
liff.use(new GetIDToken());

export function lineLiff(liffId: string): LiffClient {
  return {
    init: () => liff.init({ liffId }),
    isInClient: () => liff.isInClient(),
    isLoggedIn: () => liff.isLoggedIn(),
    login: (redirectUri) => liff.login({ redirectUri }),
    getIDToken: () => liff.getIDToken(),
  };
}
