/** Input masks (spec section 5): date DD/MM/YYYY and time hh:mm AM/PM. */
export function maskDate(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 8);
  const parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter((part) => part !== '');
  return parts.join('/');
}

export function maskTime(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  const meridiem = /p/i.test(input) ? 'PM' : /a/i.test(input) ? 'AM' : '';
  const time = digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
  return meridiem === '' ? time : `${time} ${meridiem}`;
}

export function isCompleteDate(value: string): boolean {
  return /^\d{2}\/\d{2}\/\d{4}$/.test(value);
}

export function isCompleteTime(value: string): boolean {
  return /^(0[1-9]|1[0-2]):[0-5]\d (AM|PM)$/.test(value);
}
