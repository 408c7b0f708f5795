/**
 * The financial year a date belongs to, as receipt numbers write it: '2026' when the year starts in
 * January, otherwise '2026-27' (the year it started in, then the next year's last two digits).
 */
export function financialYear(isoDate: string, startMonth: number): string {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  if (startMonth === 1) return String(year);
  const start = month >= startMonth ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The code a branch prints on receipts: its own, else `B{id}`. */
export const branchCode = (code: string, branchId: number) => (code.trim() ? code.trim() : `B${branchId}`);

/** `{prefix}-{branchCode}-{FY}-{n}`, e.g. DL-B1-2026-27-42 (DOMAIN.md, Receipt numbers). */
export function receiptNumber(parts: {
  prefix: string;
  branchCode: string;
  branchId: number;
  fy: string;
  seq: number;
}): string {
  return `${parts.prefix}-${branchCode(parts.branchCode, parts.branchId)}-${parts.fy}-${parts.seq}`;
}
