import '@mantine/core/styles/Alert.css';
import { useEffect, useRef } from 'react';
import { Alert, Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useT } from '@/lib/i18n';
import { sessionQuery, useSignOut } from '@/entities/session';
import { useResolveCode } from '@/entities/staff';
import { refusalMessage } from '../api';
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

/**
 * /staff: scan (camera or typed) → member card with the award form, or reward order with the hand-over.
 * Scanning needs a branch: an account without one (a System Manager overseeing every branch) gets the log only.
 */
export function StaffScreen() {
  useStaffLayout();
  const t = useT();
  const session = useQuery(sessionQuery());
  // A full load afterwards: the till starts again signed out.
  const signOut = useSignOut({ onSettled: () => window.location.assign('/staff-login') });
  const branch = session.data?.branch ?? null;
  const manager = Boolean(session.data?.roles.includes('System Manager'));

  return (
    <div className={classes.staff}>
      <header className={classes.bar}>
        <div className={classes.barMeta}>
          <h1 className={classes.barTitle}>{t('staff.title')}</h1>
          {session.data && (
            <div className={classes.barSub}>
              <span>{branch ? t('staff.branch', { branch }) : manager ? t('staff.allBranches') : null}</span>
              <span>{t('staff.signedInAs', { name: session.data.full_name ?? session.data.user })}</span>
            </div>
          )}
        </div>
        <Button size="sm" variant="white" color="dark" onClick={() => signOut.mutate()} loading={signOut.isPending}>
          {t('staff.signOut')}
        </Button>
      </header>
      {session.data && (branch ? <Till /> : <Overview manager={manager} />)}
    </div>
  );
}

/** The counter: scan on the left, what was scanned on the right (below on a phone), the branch log. */
function Till() {
  const t = useT();
  const fmt = useStaffFormat();
  const resolve = useResolveCode();
  const resultRef = useRef<HTMLDivElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  const lookUp = (code: string) => {
    resolve.mutate(code, {
      onSettled: () => requestAnimationFrame(() => resultRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' })),
    });
  };
  // The code field takes the next code at once: a handheld scanner types into whatever has focus.
  const next = () => {
    resolve.reset();
    codeRef.current?.focus();
  };
  const refusal = resolve.isError ? refusalMessage(resolve.error, fmt) : null;
  const result = resolve.data;

  return (
    <div className={classes.grid}>
      <section className={`${classes.section} ${classes.scan}`} aria-labelledby="staff-scan-title">
        <h2 className={classes.sectionTitle} id="staff-scan-title">
          {t('staff.scanTitle')}
        </h2>
        <ScanPanel onCode={lookUp} busy={resolve.isPending} codeRef={codeRef} />
      </section>
      <div ref={resultRef} className={classes.result} data-idle={!refusal && !result ? '' : undefined}>
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
        {!refusal && !result && (
          <Text c="dimmed" className={classes.idle}>
            {t('staff.resultIdle')}
          </Text>
        )}
      </div>
      <section className={`${classes.section} ${classes.log}`}>
        <ActionLog allBranches={false} />
      </section>
    </div>
  );
}

/** No branch, so nothing to scan: a System Manager reads every branch's log; a staff account waits for a branch. */
function Overview({ manager }: { manager: boolean }) {
  const t = useT();
  return (
    <div className={classes.overview}>
      <Alert color={manager ? 'blue' : 'orange'} variant="light" radius="lg" role={manager ? 'note' : 'alert'}>
        {manager ? t('staff.managerNote') : t('staff.errNoBranch')}
      </Alert>
      {manager && (
        <section className={classes.section}>
          <ActionLog allBranches />
        </section>
      )}
    </div>
  );
}
