/**
 * The member page's one date input: the phone's own date picker, which writes the date as the phone
 * does. The admin app's DateField (lib/form) needs i18next and MUI, which this page does not load.
 */
export function DayInput({
  value,
  min,
  onChange,
}: {
  value: string;
  min?: string;
  onChange: (day: string) => void;
}) {
  return <input type="date" value={value} min={min} onChange={(e) => onChange(e.target.value)} />;
}
