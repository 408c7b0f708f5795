import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import type { Enquiry } from '@app/contract/enquiries';
import type { User, UserInput } from '@app/contract/users';
import { closeSnackbar, useSnackbar } from '../../lib/notify/notify';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CloseSnackbar } from '../../lib/CloseSnackbar';
import { post } from '../../lib/api';
import { resourceKey } from '../../lib/table/useResourceList';
import { MemberFormDialog } from '../users/MemberFormDialog';
import { conversionDefaults } from './conversion';
import { memberProfilePath } from './resource';
import { enquiryResource } from './resource';

/** The converted enquiry and the member made from it. */
type Conversion = { enquiry: Enquiry; user: User };

/** Long enough to read the notice and reach its link. */
const noticeMs = 10_000;

/** Creates the member from an enquiry; the enquiry becomes converted in the same transaction. */
function convertEnquiry(enquiryId: number, input: UserInput) {
  return post<Conversion>('/enquiry/convertEnquiry', input, { query: { enquiryId } });
}

/**
 * The member form filled from an enquiry; saving converts the enquiry. Afterwards every list of
 * enquiries and members is refreshed and a notice links to the new member's profile.
 */
export function ConvertEnquiryDialog({
  enquiry,
  open,
  today,
  onClose,
}: {
  enquiry: Enquiry | null;
  open: boolean;
  today: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (enquiry === null) return null;

  const submit = async (input: UserInput) => {
    const { user } = await convertEnquiry(enquiry.id, input);
    void queryClient.invalidateQueries({ queryKey: resourceKey(enquiryResource) });
    // The members' lists live under the users resource (features/users).
    void queryClient.invalidateQueries({ queryKey: ['user'] });
    const profile = memberProfilePath(user.userId);
    enqueueSnackbar(t('enquiries.convertedNotice', { name: user.name }), {
      variant: 'success',
      autoHideDuration: noticeMs,
      action: (id) => (
        <>
          <Button
            color="inherit"
            size="small"
            href={profile}
            onClick={(event) => {
              event.preventDefault();
              closeSnackbar(id);
              void navigate(profile);
            }}
          >
            {t('enquiries.openMember')}
          </Button>
          <CloseSnackbar id={id} />
        </>
      ),
    });
    return user;
  };

  return (
    <MemberFormDialog
      open={open}
      onClose={onClose}
      title={t('enquiries.convertTitle', { name: enquiry.name })}
      initial={conversionDefaults(enquiry, today)}
      submit={submit}
    />
  );
}
