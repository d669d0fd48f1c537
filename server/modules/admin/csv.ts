/**
 * CSV as spreadsheets read and write it (RFC 4180): comma-separated, fields with commas, quotes or line breaks in
 * double quotes, a quote inside written twice. Files from Excel start with a byte-order mark and end lines with CRLF.
 */

export const BOM = '\uFEFF';

/** The rows of a CSV text, each a list of its fields as written (no trimming). Blank lines give no row. */
export function parseCsv(text: string): { line: number; fields: string[] }[] {
  const input = text.startsWith(BOM) ? text.slice(1) : text;
  const rows: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== '') rows.push({ line: rowLine, fields });
    fields = [];
    field = '';
  };
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field === '') {
      quoted = true;
    } else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else {
      field += c;
    }
  }
  if (field !== '' || fields.length) endRow();
  return rows;
}

/**
 * Where a spreadsheet may start a cell inside a field, followed by what it would run as a formula (= + - @, or a tab
 * or CR some readers skip first): the field's start, or just after a separator a reader that does not split on
 * commas uses instead (semicolon, tab) or a line break. A comma needs none: a reader splitting on commas keeps a quoted
 * field whole (and JSON in a field, full of commas, stays as it was).
 */
const FORMULA_START = /(^|[;\t\r\n])(?=[=+\-@\t\r])/g;

/**
 * One CSV field. Text that a spreadsheet would run as a formula gets an apostrophe before it (OWASP's CSV injection
 * advice): a member could name themselves "=HYPERLINK(…)". Text holding a separator of either kind (comma, or the
 * semicolon of locales that write decimals with a comma; a tab too), a quote or a line break is quoted. Quotes count
 * only at the start of a cell, so a reader splitting this comma-separated line on ";" still cuts "x;=cmd|' /C calc'!A0"
 * in two: the apostrophe after each such separator inside the text is what keeps its second part from running there.
 * Numbers stay numbers, so negative points are still negative.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? '1' : '0';
  const text = (value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value)).replace(FORMULA_START, "$1'");
  return /[",;\t\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (values: readonly unknown[]) => `${values.map(csvField).join(',')}\r\n`;
