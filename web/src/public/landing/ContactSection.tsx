import type { ReactNode } from 'react';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import Send from '@mui/icons-material/Send';
import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from '../../lib/notify/notify';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { branding } from '../../lib/branding';
import { emailPattern } from '../../lib/emailPattern';
import { useFieldProps } from '../../lib/forms';
import { heroBackground } from './HeroSection';
import { Section } from './Section';

// Messages are i18n keys; lib/forms.ts translates them where they are shown.
export const contactSchema = z.object({
  name: z.string().trim().min(1, 'validation.required'),
  email: z.string().trim().min(1, 'validation.required').regex(emailPattern, 'validation.invalidEmail'),
  message: z.string(),
});

type ContactValues = z.infer<typeof contactSchema>;

function ContactLine(props: { icon: SvgIconComponent; label: string; children: ReactNode }) {
  const Icon = props.icon;
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <Box
        sx={{
          width: 40,
          height: 40,
          flexShrink: 0,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(255,255,255,0.16)',
        }}
      >
        <Icon fontSize="small" aria-hidden />
      </Box>
      <Box>
        <Typography variant="overline" component="p" sx={{ opacity: 0.8, lineHeight: 1.6 }}>
          {props.label}
        </Typography>
        <Typography component="div">{props.children}</Typography>
      </Box>
    </Box>
  );
}

export function ContactSection() {
  const { t } = useTranslation('landing');
  const { t: shared } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const form = useForm<ContactValues>({
    resolver: zodResolver(contactSchema),
    defaultValues: { name: '', email: '', message: '' },
    mode: 'onTouched',
  });
  const field = useFieldProps(form);

  // The specification gives the send button no server action: it confirms and clears the form.
  const onSubmit = form.handleSubmit(() => {
    enqueueSnackbar(shared('notify.emailSent'), { variant: 'success' });
    form.reset();
  });

  return (
    <Section id="contact" title={t('landing.contact.title')} subtitle={t('landing.contact.subtitle')}>
      <Card variant="outlined" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' } }}>
        <Box sx={{ p: { xs: 3, md: 5 }, color: 'common.white', background: heroBackground }}>
          <Stack useFlexGap spacing={3}>
            <ContactLine icon={EmailOutlined} label={t('landing.contact.emailLabel')}>
              <Link href={`mailto:${branding.contactEmail}`} color="inherit">
                {branding.contactEmail}
              </Link>
            </ContactLine>
            <ContactLine icon={PhoneOutlined} label={t('landing.contact.phoneLabel')}>
              <Link href={`tel:${t('landing.contact.phone').replace(/\s/g, '')}`} color="inherit">
                {t('landing.contact.phone')}
              </Link>
            </ContactLine>
            <ContactLine icon={PlaceOutlined} label={t('landing.contact.officeLabel')}>
              {t('landing.contact.office')}
            </ContactLine>
            <ContactLine icon={ScheduleOutlined} label={t('landing.contact.hoursLabel')}>
              {t('landing.contact.hours')}
            </ContactLine>
          </Stack>
        </Box>
        <CardContent sx={{ p: { xs: 3, md: 5 } }}>
          <Stack
            component="form"
            noValidate
            onSubmit={onSubmit}
            aria-label={t('landing.contact.formLabel')}
            useFlexGap
            spacing={2.5}
          >
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
              <TextField
                {...field('name')}
                label={t('landing.contact.name')}
                autoComplete="name"
                required
                fullWidth
              />
              <TextField
                {...field('email')}
                label={t('landing.contact.email')}
                type="email"
                autoComplete="email"
                required
                fullWidth
              />
            </Box>
            <TextField
              {...field('message')}
              label={t('landing.contact.message')}
              placeholder={t('landing.contact.messageHint')}
              multiline
              minRows={5}
              fullWidth
            />
            <Box>
              <Button
                type="submit"
                variant="contained"
                size="large"
                endIcon={<Send aria-hidden />}
                sx={{ px: 4, width: { xs: '100%', sm: 'auto' } }}
              >
                {t('landing.contact.send')}
              </Button>
            </Box>
          </Stack>
        </CardContent>
      </Card>
    </Section>
  );
}
