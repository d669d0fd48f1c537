import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateField } from '@/components/date-field';
import { renderApp } from '../render-app';

/** A date field as a form holds it: `onChange` records every ISO value it hands out. */
function Field({ initial, onChange, ...rest }: { initial: string; onChange: (v: string) => void; min?: string; withAsterisk?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="วันที่"
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
      {...rest}
    />
  );
}

const field = () => screen.getByLabelText(/^วันที่/) as HTMLInputElement;
const calendar = () => screen.getByRole('dialog');

describe('the date field', () => {
  it('shows a Thai day in the Buddhist era with Thai month names, and hands out the ISO day picked', async () => {
    const onChange = vi.fn();
    renderApp(<Field initial="2026-11-28" onChange={onChange} />, { lang: 'th' });
    await screen.findByLabelText(/^วันที่/);
    expect(field().value).toBe('28 พ.ย. 2569');
    fireEvent.click(field());
    expect(within(calendar()).getByTestId('date-field-month').textContent).toBe('พฤศจิกายน 2569');
    expect(within(calendar()).getByText('อา')).toBeTruthy();
    fireEvent.click(within(calendar()).getByRole('button', { name: '15 พฤศจิกายน 2569' }));
    expect(onChange).toHaveBeenLastCalledWith('2026-11-15');
    expect(field().value).toBe('15 พ.ย. 2569');

    // The month before, across the year: December 2568 (2025).
    fireEvent.click(field());
    for (let i = 0; i < 11; i += 1) fireEvent.click(within(calendar()).getByRole('button', { name: 'เดือนก่อนหน้า' }));
    expect(within(calendar()).getByTestId('date-field-month').textContent).toBe('ธันวาคม 2568');
    fireEvent.click(within(calendar()).getByRole('button', { name: '31 ธันวาคม 2568' }));
    expect(onChange).toHaveBeenLastCalledWith('2025-12-31');
  });

  it('writes English days in the Gregorian calendar', async () => {
    const onChange = vi.fn();
    renderApp(<DateField label="From" value="2026-01-05" onChange={onChange} />, { lang: 'en' });
    await screen.findByLabelText('From');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('5 Jan 2026');
    fireEvent.click(screen.getByLabelText('From'));
    expect(within(screen.getByRole('dialog')).getByTestId('date-field-month').textContent).toBe('January 2026');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '20 January 2026' }));
    expect(onChange).toHaveBeenCalledWith('2026-01-20');
  });

  it('moves by keyboard, refuses days before its first, and a filter can be cleared', async () => {
    const onChange = vi.fn();
    renderApp(<Field initial="2026-03-10" min="2026-03-09" onChange={onChange} />, { lang: 'th' });
    await screen.findByLabelText(/^วันที่/);
    fireEvent.keyDown(field(), { key: 'Enter' });
    const day10 = within(calendar()).getByRole('button', { name: '10 มีนาคม 2569' });
    fireEvent.keyDown(day10, { key: 'ArrowRight' });
    fireEvent.keyDown(within(calendar()).getByRole('button', { name: '11 มีนาคม 2569' }), { key: 'Enter' });
    expect((within(calendar()).getByRole('button', { name: '8 มีนาคม 2569' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(calendar()).getByRole('button', { name: '8 มีนาคม 2569' }));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(within(calendar()).getByRole('button', { name: '11 มีนาคม 2569' }));
    expect(onChange).toHaveBeenLastCalledWith('2026-03-11');
    fireEvent.click(screen.getByRole('button', { name: 'ล้างวันที่' }));
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(field().value).toBe('');
  });
});
