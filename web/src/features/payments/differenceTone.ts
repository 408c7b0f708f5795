/** How a counted drawer compares with the books: short (red), over (amber) or exact (green). */
export function differenceTone(difference: number): 'error.main' | 'warning.main' | 'success.main' {
  return difference < 0 ? 'error.main' : difference > 0 ? 'warning.main' : 'success.main';
}
