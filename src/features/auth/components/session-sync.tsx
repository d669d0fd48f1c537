import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useCurrentUser } from '../session';
import { setPhoneVerifyFlag } from '@/lib/auth-storage';

/** Mounted once by the root: keeps the stored phoneverify flag in step with the profile. */
export function SessionSync() {
  const { isMember, user } = useCurrentUser();
  useEffect(() => {
    if (!isMember || !user) return;
    setPhoneVerifyFlag(user.phone_verified === false);
  }, [isMember, user]);
  return null;
}

/**
 * Mounted by the member layout: sends the visitor to /login when the session ends (signed out elsewhere, expired)
 * while a member screen is open.
 */
export function SignedOutWatch() {
  const { boot } = useCurrentUser();
  const navigate = useNavigate();
  useEffect(() => {
    if (boot && boot.user === 'Guest') void navigate({ to: '/login', replace: true });
  }, [boot, navigate]);
  return null;
}
