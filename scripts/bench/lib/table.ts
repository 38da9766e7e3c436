/** Prints rows as a small aligned text table: text columns left-aligned, numbers right-aligned. */
export type Cell = string | number;

export function printTable(title: string, header: string[], rows: Cell[][]): void {
  const text = rows.map((row) => row.map(formatCell));
  const widths = header.map((h, i) => Math.max(h.length, ...text.map((row) => (row[i] ?? '').length)));
  const numeric = header.map((_, i) => rows.every((row) => typeof row[i] === 'number'));
  const line = (cells: string[]) =>
    cells.map((c, i) => (numeric[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of text) console.log(line(row));
  if (rows.length === 0) console.log('(none)');
}

function formatCell(cell: Cell): string {
  if (typeof cell === 'string') return cell;
  if (Number.isInteger(cell)) return cell.toLocaleString('en-US');
  return cell.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** Median of a non-empty list. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
