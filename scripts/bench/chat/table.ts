/** Aligned plain-text tables for the bench output (and for pasting into docs). */
export function printTable(title: string, header: string[], rows: Array<Array<string | number>>): void {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, c) => Math.max(...cells.map((r) => (r[c] ?? '').length)));
  const line = (r: string[]) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of cells.slice(1)) console.log(line(r));
}

export const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);
export const pct = (share: number | null) => (share === null ? '-' : `${Math.round(share * 100)}%`);
/** for small shares such as stolen time, where whole percent would hide the difference between 0.1 and 0.4 */
export const pct1 = (share: number | null) => (share === null ? '-' : `${(share * 100).toFixed(1)}%`);
export const int = (value: number) => Math.round(value).toLocaleString('en-US');
export const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
