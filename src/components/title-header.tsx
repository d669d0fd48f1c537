import { Link, useLocation, useRouter } from '@tanstack/react-router';
import { stepsBack } from '@/lib/came-from';
import type { MouseEvent, ReactNode } from 'react';
import { useT } from '@/lib/i18n';
import { ArrowLeftIcon } from './icons';
import classes from './title-header.module.css';

export interface TitleHeaderProps {
  title: ReactNode;
  /**
   * The screen's parent (e.g. '/my-account'): where the back arrow goes when the member did not come from another
   * screen of the app (an address opened directly, a reload); otherwise it returns where they came from. No arrow
   * when omitted.
   */
  backTo?: string;
  /**
   * In place of `backTo`: the arrow is a button that calls this (a panel over a screen closes, e.g. the checkout's
   * address and payment panels).
   */
  onBack?: () => void;
  /** Accessible name of the back link; defaults to "back". */
  backLabel?: string;
  /** Optional action at the end of the bar (cart button, search toggle...). */
  end?: ReactNode;
}

/** A screen's sticky title bar with a back link: the h1 of the screen. */
export function TitleHeader({ title, backTo, onBack, backLabel, end }: TitleHeaderProps) {
  const t = useT();
  const router = useRouter();
  const location = useLocation();
  const back = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return; // a new tab: the parent
    const steps = stepsBack(location);
    if (steps === null) return;
    event.preventDefault();
    router.history.go(steps);
  };
  return (
    <header className={classes.header}>
      <div>
        {onBack && (
          <button type="button" onClick={onBack} className={classes.back} aria-label={backLabel ?? t('common.back')}>
            <ArrowLeftIcon />
          </button>
        )}
        {!onBack && backTo !== undefined && (
          <Link to={backTo} onClick={back} className={classes.back} aria-label={backLabel ?? t('common.back')}>
            <ArrowLeftIcon />
          </Link>
        )}
      </div>
      <h1 className={classes.title}>{title}</h1>
      <div className={classes.end}>{end}</div>
    </header>
  );
}
