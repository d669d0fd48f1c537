import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useT } from '@/lib/i18n';
import { ArrowLeftIcon } from './icons';
import classes from './title-header.module.css';

export interface TitleHeaderProps {
  title: ReactNode;
  /** Where the back arrow goes (the spec names it per screen, e.g. '/my-account'); no arrow when omitted. */
  backTo?: string;
  /** Accessible name of the back link; defaults to "back". */
  backLabel?: string;
  /** Optional action at the end of the bar (cart button, search toggle...). */
  end?: ReactNode;
}

/** A screen's sticky title bar with a back link: the h1 of the screen. */
export function TitleHeader({ title, backTo, backLabel, end }: TitleHeaderProps) {
  const t = useT();
  return (
    <header className={classes.header}>
      <div>
        {backTo !== undefined && (
          <Link to={backTo} className={classes.back} aria-label={backLabel ?? t('common.back')}>
            <ArrowLeftIcon />
          </Link>
        )}
      </div>
      <h1 className={classes.title}>{title}</h1>
      <div className={classes.end}>{end}</div>
    </header>
  );
}
