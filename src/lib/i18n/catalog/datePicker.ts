import { defineCatalog } from '../define';

/** The date field of the back office's forms and filters (src/components/date-field.tsx). */
export const datePicker = defineCatalog({
  th: {
    choose: 'เลือกวันที่',
    previousMonth: 'เดือนก่อนหน้า',
    nextMonth: 'เดือนถัดไป',
    previousYear: 'ปีก่อนหน้า',
    nextYear: 'ปีถัดไป',
    today: 'วันนี้',
    clear: 'ล้างวันที่',
  },
  en: {
    choose: 'Choose a date',
    previousMonth: 'Previous month',
    nextMonth: 'Next month',
    previousYear: 'Previous year',
    nextYear: 'Next year',
    today: 'Today',
    clear: 'Clear the date',
  },
});
