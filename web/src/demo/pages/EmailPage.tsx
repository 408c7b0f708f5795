import { useState } from 'react';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import DriveFileMoveOutlined from '@mui/icons-material/DriveFileMoveOutlined';
import Edit from '@mui/icons-material/Edit';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { sampleMails } from '../data/mail';
import { compose, composeState, deleteMail, mailsIn, moveTargets, moveTo, toggleStar } from '../logic/mail';
import type { Mail, MailCategory } from '../logic/mail';
import { DemoPage } from '../shared/DemoPage';
import { useLocalTexts } from '../texts';

const labels = {
  en: {
    compose: 'Compose',
    to: 'To',
    subject: 'Subject',
    message: 'Message',
    send: 'Send',
    cancel: 'Cancel',
    invalidEmail: 'Invalid email',
    star: 'Star',
    moveTo: 'Move to',
    delete: 'Delete',
    empty: 'No mail here',
    folders: {
      inbox: 'Inbox',
      stared: 'Starred',
      sent: 'Sent',
      spam: 'Spam',
      updates: 'Updates',
      social: 'Social',
      promos: 'Promos',
      forums: 'Forums',
    },
  },
  de: {
    compose: 'Verfassen',
    to: 'An',
    subject: 'Betreff',
    message: 'Nachricht',
    send: 'Senden',
    cancel: 'Abbrechen',
    invalidEmail: 'Ungültige E-Mail',
    star: 'Markieren',
    moveTo: 'Verschieben nach',
    delete: 'Löschen',
    empty: 'Hier ist keine Post',
    folders: {
      inbox: 'Posteingang',
      stared: 'Markiert',
      sent: 'Gesendet',
      spam: 'Spam',
      updates: 'Neuigkeiten',
      social: 'Soziales',
      promos: 'Werbung',
      forums: 'Foren',
    },
  },
};

type Folder = MailCategory | 'stared';
const folders: Folder[] = ['inbox', 'stared', 'sent', 'spam', 'updates', 'social', 'promos', 'forums'];

function ComposeDialog({
  open,
  onClose,
  onSend,
}: {
  open: boolean;
  onClose: () => void;
  onSend: (draft: { to: string; subject: string; content: string }) => void;
}) {
  const l = useLocalTexts(labels);
  const [to, setTo] = useState('');
  const [subject, setSubject] = useState('');
  const [content, setContent] = useState('');
  const state = composeState(to, subject);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{l.compose}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={l.to}
            value={to}
            onChange={(event) => setTo(event.target.value)}
            error={state.toError !== null}
            helperText={state.toError === null ? undefined : l.invalidEmail}
            required
          />
          <TextField
            label={l.subject}
            value={subject}
            onChange={(event) => setSubject(event.target.value)}
            required
          />
          <TextField
            label={l.message}
            value={content}
            onChange={(event) => setContent(event.target.value)}
            multiline
            minRows={4}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{l.cancel}</Button>
        <Button
          variant="contained"
          disabled={!state.canSend}
          onClick={() => {
            onSend({ to, subject, content });
            setTo('');
            setSubject('');
            setContent('');
          }}
        >
          {l.send}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function MailRow({
  mail,
  onStar,
  onMove,
  onDelete,
}: {
  mail: Mail;
  onStar: () => void;
  onMove: (target: (typeof moveTargets)[number]) => void;
  onDelete: () => void;
}) {
  const l = useLocalTexts(labels);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <ListItem
      divider
      secondaryAction={
        <>
          <IconButton
            aria-label={`${l.moveTo}: ${mail.subject}`}
            onClick={(event) => setAnchor(event.currentTarget)}
          >
            <DriveFileMoveOutlined />
          </IconButton>
          <IconButton aria-label={`${l.delete}: ${mail.subject}`} onClick={onDelete}>
            <DeleteOutline />
          </IconButton>
          <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
            {moveTargets.map((target) => (
              <MenuItem
                key={target}
                disabled={mail.category === target}
                onClick={() => {
                  onMove(target);
                  setAnchor(null);
                }}
              >
                {l.folders[target]}
              </MenuItem>
            ))}
          </Menu>
        </>
      }
    >
      <IconButton
        aria-label={`${l.star}: ${mail.subject}`}
        aria-pressed={mail.stared}
        onClick={onStar}
        sx={{ mr: 1 }}
      >
        {mail.stared ? <Star color="warning" /> : <StarBorder />}
      </IconButton>
      <ListItemAvatar sx={{ display: { xs: 'none', sm: 'block' } }}>
        <Avatar sx={{ bgcolor: mail.avatar }}>{mail.name[0]}</Avatar>
      </ListItemAvatar>
      <ListItemText primary={mail.subject} secondary={`${mail.name} · ${mail.date}`} sx={{ pr: 10 }} />
    </ListItem>
  );
}

/** /app/pages/email: folders, star, move, delete and compose (composed mail goes to sent). */
export function EmailPage() {
  const l = useLocalTexts(labels);
  const [mails, setMails] = useState(sampleMails);
  const [folder, setFolder] = useState<Folder>('inbox');
  const [composing, setComposing] = useState(false);
  const shown = mailsIn(mails, folder);
  return (
    <DemoPage group="pages" slug="email" source="pages/EmailPage.tsx">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '220px 1fr' } }}>
        <Paper sx={{ p: 1 }}>
          <Button
            variant="contained"
            startIcon={<Edit />}
            fullWidth
            onClick={() => setComposing(true)}
            sx={{ mb: 1 }}
          >
            {l.compose}
          </Button>
          <List dense component="nav" aria-label={l.folders.inbox}>
            {folders.map((name) => (
              <ListItemButton key={name} selected={folder === name} onClick={() => setFolder(name)}>
                <ListItemText primary={l.folders[name]} secondary={String(mailsIn(mails, name).length)} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
        <Paper sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ p: 2, pb: 0 }}>
            {l.folders[folder]}
          </Typography>
          <List aria-label={l.folders[folder]}>
            {shown.map((mail) => (
              <MailRow
                key={mail.id}
                mail={mail}
                onStar={() => setMails(toggleStar(mails, mail.id))}
                onMove={(target) => setMails(moveTo(mails, mail.id, target))}
                onDelete={() => setMails(deleteMail(mails, mail.id))}
              />
            ))}
          </List>
          {shown.length === 0 && (
            <Typography sx={{ p: 2 }} color="text.secondary">
              {l.empty}
            </Typography>
          )}
        </Paper>
      </Box>
      <ComposeDialog
        open={composing}
        onClose={() => setComposing(false)}
        onSend={(draft) => {
          setMails(compose(mails, { ...draft, name: draft.to }, new Date().toISOString().slice(0, 10)));
          setComposing(false);
        }}
      />
    </DemoPage>
  );
}
