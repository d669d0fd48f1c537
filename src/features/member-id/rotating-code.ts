import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { loyaltyKeys } from '@/entities/loyalty';
import { memberKeys } from '@/entities/member';
import { deviceStatusQuery, memberCodeDeviceQuery, memberCodeKeys } from '@/entities/member/member-code';
import { useOnline } from '@/lib/online';
import { memberCodeAt, secondsLeft, stepAt } from '../../../contracts/member-code';

/**
 * The rotating member code of /my-id (issue 7, contracts/member-code.ts): the device registers once
 * (member_rewards.member_code.register_device) and keeps the secret in the persisted query cache (localStorage,
 * wiped at sign-out), then computes a new code every 30 s with no network.
 */

/** Queries that show the member's points: refreshed as soon as staff have used the code for an award. */
const POINTS_QUERIES = [memberKeys.profile, memberKeys.tiers, loyaltyKeys.points] as const;

export interface RotatingCode {
  /** The code to show now, or null before the first registration (needs the network once). */
  code: string | null;
  /** Seconds until the code changes. */
  secondsLeft: number;
  /** The first registration failed (offline on first use, say). */
  unavailable: boolean;
}

/** The code /my-id shows for the signed-in member (profile.name: their Customer id keys the device in the cache). */
export function useMemberCode(profile: { name: string } | null | undefined): RotatingCode {
  const user = profile?.name;
  const qc = useQueryClient();
  const online = useOnline();
  const enabled = Boolean(user && user !== 'Guest');
  const device = useQuery({ ...memberCodeDeviceQuery(user ?? 'Guest'), enabled });
  const deviceId = device.data?.device_id;
  // Online, while the code is on screen: is this device still the member's live one (not revoked by a sign-in
  // elsewhere), and has staff just used its code for an award (then the points shown are refreshed)?
  const status = useQuery({ ...deviceStatusQuery(deviceId ?? ''), enabled: Boolean(enabled && deviceId && online) });
  const usedStep = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    if (!user || !status.data) return;
    if (status.data.active === false) {
      void qc.refetchQueries({ queryKey: memberCodeKeys.device(user) });
      return;
    }
    const seen = usedStep.current;
    usedStep.current = status.data.last_used_step;
    if (seen !== undefined && status.data.last_used_step !== seen) {
      for (const queryKey of POINTS_QUERIES) void qc.invalidateQueries({ queryKey });
    }
  }, [qc, user, status.data]);

  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const data = device.data;
  const step = data ? stepAt(now, data.step) : 0;
  const [code, setCode] = useState<{ key: string; value: string } | null>(null);
  const key = data ? `${data.device_id}:${step}` : '';
  useEffect(() => {
    if (!data) return;
    let live = true;
    void memberCodeAt(data, step * data.step * 1000).then((value) => {
      if (live) setCode({ key, value });
    });
    return () => {
      live = false;
    };
  }, [data, step, key]);
  return {
    // The previous code stays up for the few ms the next one takes to compute (no flicker at each step).
    code: code && data && code.key.startsWith(`${data.device_id}:`) ? code.value : null,
    secondsLeft: data ? secondsLeft(now, data.step) : 0,
    unavailable: device.isError && !data,
  };
}
