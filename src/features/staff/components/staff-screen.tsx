import '@mantine/core/styles/Alert.css';
import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useT } from '@/lib/i18n';
import { refusalMessage, staffSessionQuery, useResolveCode, useStaffSignOut } from '../api';
import { useStaffFormat } from '../format';
import { ActionLog } from './action-log';
import { MemberPanel } from './member-panel';
import { RewardPanel } from './reward-panel';
import { ScanPanel } from './scan-panel';
import classes from './staff.module.css';

/** While mounted, <html data-layout="staff"> lifts the member app's 480 px column (tablet at the counter). */
function useStaffLayout() {
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.layout = 'staff';
    return () => {
      delete root.dataset.layout;
    };
  }, []);
}

/** /staff: scan (camera or typed) → member card with the award form, or reward order with the hand-over. */
export function StaffScreen() {
  useStaffLayout();
  const t = useT();
  const fmt = useStaffFormat();
  const session = useQuery(staffSessionQuery());
  const resolve = useResolveCode();
  const signOut = useStaffSignOut();
  const resultRef = useRef<HTMLDivElement>(null);

  const lookUp = (code: string) => {
    resolve.mutate(code, {
      onSettled: () => requestAnimationFrame(() => resultRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' })),
    });
  };
  const next = () => resolve.reset();
  const refusal = resolve.isError ? refusalMessage(resolve.error, fmt.time) : null;
  const result = resolve.data;

  return (
    <div className={classes.staff}>
      <header className={classes.bar}>
        <div className={classes.barMeta}>
          <h1 className={classes.barTitle}>{t('staff.title')}</h1>
          {session.data && (
            <div className={classes.barSub}>
              {session.data.branch && <span>{t('staff.branch', { branch: session.data.branch })}</span>}
              <span>{t('staff.signedInAs', { name: session.data.full_name ?? session.data.user })}</span>
            </div>
          )}
        </div>
        <Button size="sm" variant="white" color="dark" onClick={() => signOut.mutate()} loading={signOut.isPending}>
          {t('staff.signOut')}
        </Button>
      </header>
      <div className={classes.grid}>
        <Stack>
          <section className={classes.section} aria-labelledby="staff-scan-title">
            <h2 className={classes.sectionTitle} id="staff-scan-title">
              {t('staff.scanTitle')}
            </h2>
            <ScanPanel onCode={lookUp} busy={resolve.isPending} />
          </section>
          <div ref={resultRef}>
            {refusal && (
              <Alert color="red" variant="light" radius="lg" role="alert" title={t('staff.refusedTitle')}>
                {t(refusal.key, refusal.params)}
              </Alert>
            )}
            {result && (
              <section className={classes.section} data-testid={`staff-result-${result.kind}`}>
                {result.kind === 'member' ? (
                  <MemberPanel key={result.scan_token} member={result.member} scanToken={result.scan_token} onNext={next} />
                ) : (
                  <RewardPanel key={result.reward.invoice} reward={result.reward} onNext={next} />
                )}
              </section>
            )}
          </div>
        </Stack>
        <section className={`${classes.section} ${classes.log}`}>
          <ActionLog />
        </section>
      </div>
    </div>
  );
}

function Stack({ children }: { children: ReactNode }) {
  return <div style={{ display: 'flex', flexDirection: 'column', gap: 16, minWidth: 0 }}>{children}</div>;
}
