import { useState } from 'react';
import { userInputSchema } from '@app/contract/users';
import type { User, UserInput } from '@app/contract/users';
import { useTranslation } from 'react-i18next';
import { ResourceFormDialog } from '../../lib/form/ResourceFormDialog';
import { useResourceMutations } from '../../lib/form/useResourceMutations';
import { orgToday } from '../../lib/dates';
import { MemberFields } from './MemberFields';
import { memberDefaults, memberToValues } from './memberValues';
import type { MemberOutput, MemberValues } from './memberValues';
import { activeUserResource } from './resource';

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

/**
 * The add/edit member form with the seat picker, for any screen (the profile, an enquiry's
 * conversion). Checked by the contract's userInputSchema; the server's field problems land on the
 * fields and its conflicts (a taken seat, a known mobile) above them.
 */
export function MemberFormDialog(props: MemberFormDialogProps) {
  const { open, member } = props;
  const { t } = useTranslation();
  const { create, update } = useResourceMutations<User, MemberOutput>(activeUserResource);
  // Every opening gets a new form, so it starts pristine from its values.
  const [opening, setOpening] = useState({ open, seq: 0 });
  if (opening.open !== open) setOpening((o) => ({ open, seq: open ? o.seq + 1 : o.seq }));

  const values: MemberValues =
    member === undefined ? { ...memberDefaults(orgToday()), ...props.initial } : memberToValues(member);

  const send = async (input: MemberOutput) => {
    if (props.submit !== undefined) await props.submit(input);
    else if (member === undefined) await create.mutateAsync(input);
    else await update.mutateAsync({ id: member.userId, input });
    props.onSaved?.();
    props.onClose();
  };

  return (
    <ResourceFormDialog<MemberValues, MemberOutput>
      key={opening.seq}
      open={open}
      title={props.title ?? (member === undefined ? t('members.addTitle') : t('members.editTitle'))}
      schema={userInputSchema}
      values={values}
      onSubmit={send}
      onCancel={props.onClose}
      // A form filled from other data (an enquiry) is ready to save as it stands.
      submitUnchanged={props.initial !== undefined}
      renderFields={(form) => <MemberFields form={form} member={member ?? null} />}
      maxWidth="md"
    />
  );
}
