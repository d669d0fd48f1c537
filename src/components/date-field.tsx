import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/CloseButton.css';
import { CloseButton, Popover, TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { formatDay, weekdayNames } from '@/lib/format/dates';
import { useLang, useT } from '@/lib/i18n';
import { today } from '../../contracts/business-day';
import { ArrowLeftIcon, CalendarIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from './icons';
import classes from './date-field.module.css';

/*
 * A day in the manager's language and calendar: Thai with Thai month names and the Buddhist era, English with the
 * Gregorian year. The browser's own date input shows mm/dd/yyyy whatever the language, so the field shows the day
 * as src/lib/format/dates writes it and picks it from a month calendar. The value in and out is always ISO
 * (YYYY-MM-DD), '' for none.
 */

export interface DateFieldProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** The first and last day that may be picked (ISO). */
  min?: string;
  max?: string;
  error?: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  withAsterisk?: boolean;
  /** Whether the day may be emptied (a filter); a required day may not. */
  clearable?: boolean;
  w?: number | string;
}

interface Month {
  year: number;
  /** 0 to 11. */
  month: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoOf = (year: number, month: number, day: number) => `${year}-${pad(month + 1)}-${pad(day)}`;
const isIso = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const monthOf = (iso: string): Month => ({ year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)) - 1 });
const addMonths = ({ year, month }: Month, n: number): Month => {
  const total = year * 12 + month + n;
  return { year: Math.floor(total / 12), month: ((total % 12) + 12) % 12 };
};
/** The same day `n` months away, or the month's last day when it has fewer days. */
const shiftMonths = (iso: string, n: number) => {
  const { year, month } = addMonths(monthOf(iso), n);
  return isoOf(year, month, Math.min(Number(iso.slice(8, 10)), daysIn({ year, month })));
};
const addDays = (iso: string, n: number) => {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const daysIn = ({ year, month }: Month) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
/** The month's days in weeks (Sunday first), null before the first day. */
function weeksOf(m: Month): (string | null)[] {
  const lead = new Date(Date.UTC(m.year, m.month, 1)).getUTCDay();
  return [...Array<null>(lead).fill(null), ...Array.from({ length: daysIn(m) }, (_, i) => isoOf(m.year, m.month, i + 1))];
}

const KEY_STEPS: Record<string, (iso: string) => string> = {
  ArrowLeft: (d) => addDays(d, -1),
  ArrowRight: (d) => addDays(d, 1),
  ArrowUp: (d) => addDays(d, -7),
  ArrowDown: (d) => addDays(d, 7),
  PageUp: (d) => shiftMonths(d, -1),
  PageDown: (d) => shiftMonths(d, 1),
};

export function DateField({ label, value, onChange, min, max, error, description, disabled, withAsterisk, clearable = !withAsterisk, w }: DateFieldProps) {
  const t = useT();
  const [lang] = useLang();
  const [opened, setOpened] = useState(false);
  const day = isIso(value) ? value : '';
  const [focused, setFocused] = useState(day || today());
  const [shown, setShown] = useState<Month>(monthOf(focused));
  const grid = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const allowed = (iso: string) => (!min || iso >= min) && (!max || iso <= max);

  const open = () => {
    if (disabled) return;
    const start = day || today();
    setFocused(start);
    setShown(monthOf(start));
    moved.current = true;
    setOpened(true);
  };
  const pick = (iso: string) => {
    if (!allowed(iso)) return;
    onChange(iso);
    setOpened(false);
  };
  const move = (iso: string) => {
    setFocused(iso);
    setShown(monthOf(iso));
    moved.current = true;
  };
  // The keyboard's day takes the focus once it is drawn (also when the calendar opens).
  useEffect(() => {
    if (!opened || !moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [opened, focused, shown]);

  const onGridKey = (e: KeyboardEvent) => {
    const step = KEY_STEPS[e.key];
    if (!step) return;
    e.preventDefault();
    move(step(focused));
  };
  const onFieldKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
      e.preventDefault();
      open();
    }
  };
  const turn = (n: number) => {
    const next = addMonths(shown, n);
    setShown(next);
    setFocused(isoOf(next.year, next.month, Math.min(Number(focused.slice(8, 10)), daysIn(next))));
  };

  const days = weeksOf(shown);
  const now = today();
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" trapFocus returnFocus withinPortal>
      <Popover.Target>
        <TextInput
          label={label}
          description={description}
          error={error}
          withAsterisk={withAsterisk}
          disabled={disabled}
          w={w}
          readOnly
          value={day ? formatDay(day, lang) : ''}
          placeholder={t('datePicker.choose')}
          aria-haspopup="dialog"
          aria-expanded={opened}
          classNames={{ input: classes.input }}
          onClick={() => (opened ? setOpened(false) : open())}
          onKeyDown={onFieldKey}
          rightSectionPointerEvents={clearable && day && !disabled ? 'all' : 'none'}
          rightSection={
            clearable && day && !disabled ? (
              <CloseButton size="sm" aria-label={t('datePicker.clear')} onClick={() => onChange('')} />
            ) : (
              <CalendarIcon size={18} className={classes.icon} />
            )
          }
        />
      </Popover.Target>
      <Popover.Dropdown p="xs" role="dialog" aria-label={typeof label === 'string' ? label : t('datePicker.choose')}>
        <div className={classes.head}>
          <button type="button" className={classes.turn} aria-label={t('datePicker.previousYear')} onClick={() => turn(-12)}>
            <ChevronsLeftIcon size={16} />
          </button>
          <button type="button" className={classes.turn} aria-label={t('datePicker.previousMonth')} onClick={() => turn(-1)}>
            <ArrowLeftIcon size={16} />
          </button>
          <span className={classes.title} aria-live="polite" data-testid="date-field-month">
            {formatDay(isoOf(shown.year, shown.month, 1), lang, 'monthYear')}
          </span>
          <button type="button" className={classes.turn} aria-label={t('datePicker.nextMonth')} onClick={() => turn(1)}>
            <ChevronRightIcon size={16} />
          </button>
          <button type="button" className={classes.turn} aria-label={t('datePicker.nextYear')} onClick={() => turn(12)}>
            <ChevronsRightIcon size={16} />
          </button>
        </div>
        <div className={classes.grid} ref={grid} onKeyDown={onGridKey}>
          {weekdayNames(lang).map((name) => (
            <span key={name} className={classes.weekday} aria-hidden="true">
              {name}
            </span>
          ))}
          {days.map((iso, i) =>
            iso ? (
              <button
                key={iso}
                type="button"
                data-day={iso}
                className={classes.day}
                tabIndex={iso === focused ? 0 : -1}
                disabled={!allowed(iso)}
                aria-label={formatDay(iso, lang, 'long')}
                aria-pressed={iso === day}
                aria-current={iso === now ? 'date' : undefined}
                onClick={() => pick(iso)}
              >
                {Number(iso.slice(8, 10))}
              </button>
            ) : (
              <span key={`lead-${i}`} />
            ),
          )}
        </div>
        <div className={classes.foot}>
          <button type="button" className={classes.link} disabled={!allowed(now)} onClick={() => pick(now)}>
            {t('datePicker.today')}
          </button>
        </div>
      </Popover.Dropdown>
    </Popover>
  );
}
