import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useCurrentUser } from '../session';
import { classifyPath } from '../guard';
import { setPhoneVerifyFlag } from '../storage';

/**
 * Mounted once by the root layout: keeps the stored phoneverify flag in step with the profile, and sends the
 * visitor to /login when the session ends (signed out elsewhere, expired) while a member screen is open.
 */
export function SessionSync() {
  const { boot, user, isMember } = useCurrentUser();
  const navigate = useNavigate();
  const pathname = useLocation({ select: (l) => l.pathname });

  useEffect(() => {
    if (!isMember || !user) return;
    setPhoneVerifyFlag(user.phone_verified === false);
  }, [isMember, user]);

  useEffect(() => {
    if (boot && boot.user === 'Guest' && classifyPath(pathname) === 'member') {
      void navigate({ to: '/login', replace: true });
    }
  }, [boot, pathname, navigate]);

  return null;
}
