import type { User, UserInput } from '@app/contract/users';

export interface MemberFormDialogProps {
  open: boolean;
  onClose: () => void;
  /** The member being edited; absent when adding one. */
  member?: User;
  /** Values a new member starts from (an enquiry being converted). */
  initial?: Partial<UserInput>;
  /** Sends the valid form; the default creates or updates through the users API. */
  submit?: (input: UserInput) => Promise<unknown>;
  /** Dialog title; the default is the add or edit title. */
  title?: string;
  /** Called after a successful save, before the dialog closes. */
  onSaved?: () => void;
}

/** The add/edit member form with the seat picker (placeholder until it lands). */
export function MemberFormDialog(_props: MemberFormDialogProps) {
  return null;
}
