/** Toolbar button of the Active Users screen that opens the CSV import (placeholder until it lands). */
export function ImportMembersButton() {
  return null;
}
