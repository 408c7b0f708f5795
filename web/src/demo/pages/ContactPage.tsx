import { useState } from 'react';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import PersonAddAlt from '@mui/icons-material/PersonAddAlt';
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
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { sampleChat, sampleContacts } from '../data/contacts';
import { deleteContact, toggleFavorite, validateContact } from '../logic/contacts';
import type { Contact, ContactErrors } from '../logic/contacts';
import { contactTabs } from '../logic/widgets';
import { DemoPage } from '../shared/DemoPage';
import { useDemoTexts } from '../texts';

function initials(name: string): string {
  return name
    .split(' ')
    .map((part) => part[0])
    .join('')
    .slice(0, 2);
}

const emptyForm = { name: '', title: '', phone: '', personalEmail: '', companyEmail: '', address: '' };

function AddContactDialog({
  open,
  onClose,
  onSave,
}: {
  open: boolean;
  onClose: () => void;
  onSave: (values: typeof emptyForm) => void;
}) {
  const texts = useDemoTexts();
  const [values, setValues] = useState(emptyForm);
  const [errors, setErrors] = useState<ContactErrors>({});
  const message = (error: 'Required' | 'Invalid email' | undefined) =>
    error === 'Required'
      ? texts.contact.required
      : error === 'Invalid email'
        ? texts.contact.invalidEmail
        : undefined;
  const field = (name: keyof typeof emptyForm, label: string, required = false) => (
    <TextField
      label={label}
      required={required}
      value={values[name]}
      onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      error={name in errors}
      helperText={message(errors[name as keyof ContactErrors])}
      fullWidth
      size="small"
    />
  );
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{texts.contact.add}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {field('name', texts.contact.name, true)}
          {field('title', texts.contact.title)}
          {field('phone', texts.contact.phone)}
          {field('personalEmail', texts.contact.personalEmail)}
          {field('companyEmail', texts.contact.companyEmail)}
          {field('address', texts.contact.address)}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{texts.contact.cancel}</Button>
        <Button
          variant="contained"
          onClick={() => {
            const found = validateContact(values);
            setErrors(found);
            if (Object.keys(found).length > 0) return;
            onSave(values);
            setValues(emptyForm);
          }}
        >
          {texts.contact.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ContactDetail({
  contact,
  onFavorite,
  onDelete,
}: {
  contact: Contact;
  onFavorite: () => void;
  onDelete: () => void;
}) {
  const texts = useDemoTexts();
  const rows: [string, string][] = [
    [texts.contact.phone, contact.phone],
    [texts.contact.personalEmail, contact.personalEmail],
    [texts.contact.companyEmail, contact.companyEmail],
    [texts.contact.address, contact.address],
    [texts.contact.website, contact.website],
  ];
  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Avatar sx={{ bgcolor: contact.avatar, width: 64, height: 64 }}>{initials(contact.name)}</Avatar>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2">
            {contact.name}
          </Typography>
          <Typography color="text.secondary">{contact.title}</Typography>
        </Box>
        <Tooltip title={texts.contact.favorite}>
          <IconButton
            aria-label={texts.contact.favorite}
            aria-pressed={contact.favorited}
            onClick={onFavorite}
          >
            {contact.favorited ? <Star color="warning" /> : <StarBorder />}
          </IconButton>
        </Tooltip>
        <Tooltip title={texts.contact.chat}>
          <IconButton aria-label={texts.contact.chat} component={RouterLink} to="/app/pages/chat">
            <ChatOutlined />
          </IconButton>
        </Tooltip>
        <Tooltip title={texts.contact.delete}>
          <IconButton aria-label={texts.contact.delete} onClick={onDelete}>
            <DeleteOutline />
          </IconButton>
        </Tooltip>
      </Stack>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, m: 0 }}>
        {rows
          .filter(([, value]) => value !== '')
          .map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
      </Box>
    </Box>
  );
}

/** /app/pages/contact: the address book with favourites, delete, add and the contact tabs. */
export function ContactPage() {
  const texts = useDemoTexts();
  const [contacts, setContacts] = useState(sampleContacts);
  const [selectedId, setSelectedId] = useState<number | null>(sampleContacts[0]!.id);
  const [tab, setTab] = useState<(typeof contactTabs)[number]>('contacts');
  const [favoritesOnly, setFavoritesOnly] = useState(false);
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const selected = contacts.find((contact) => contact.id === selectedId) ?? null;
  const shown = contacts.filter(
    (contact) =>
      (!favoritesOnly || contact.favorited) &&
      contact.name.toLocaleLowerCase().includes(search.toLocaleLowerCase()),
  );

  return (
    <DemoPage group="pages" slug="contact" source="pages/ContactPage.tsx">
      <Tabs value={tab} onChange={(_, next: typeof tab) => setTab(next)} sx={{ mb: 2 }} variant="scrollable">
        {contactTabs.map((name) => (
          <Tab key={name} value={name} label={texts.contact.tabs[name]} />
        ))}
      </Tabs>
      {tab === 'contacts' && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '320px 1fr' } }}>
          <Paper sx={{ p: 2 }}>
            <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
              <TextField
                size="small"
                label={texts.contact.search}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                fullWidth
              />
              <Tooltip title={texts.contact.add}>
                <IconButton aria-label={texts.contact.add} color="primary" onClick={() => setAdding(true)}>
                  <PersonAddAlt />
                </IconButton>
              </Tooltip>
            </Stack>
            <Tabs value={favoritesOnly ? 1 : 0} onChange={(_, next: number) => setFavoritesOnly(next === 1)}>
              <Tab label={texts.contact.all} />
              <Tab label={texts.contact.favorites} />
            </Tabs>
            <List dense aria-label={texts.contact.tabs.contacts}>
              {shown.map((contact) => (
                <ListItemButton
                  key={contact.id}
                  selected={contact.id === selectedId}
                  onClick={() => setSelectedId(contact.id)}
                >
                  <ListItemAvatar>
                    <Avatar sx={{ bgcolor: contact.avatar }}>{initials(contact.name)}</Avatar>
                  </ListItemAvatar>
                  <ListItemText primary={contact.name} secondary={contact.title} />
                  {contact.favorited && (
                    <Star fontSize="small" color="warning" aria-label={texts.contact.favorite} />
                  )}
                </ListItemButton>
              ))}
            </List>
          </Paper>
          <Paper sx={{ p: 2, minWidth: 0 }}>
            {selected === null ? (
              <Typography color="text.secondary">{texts.contact.select}</Typography>
            ) : (
              <ContactDetail
                contact={selected}
                onFavorite={() => setContacts((current) => toggleFavorite(current, selected.id))}
                onDelete={() => {
                  setContacts((current) => deleteContact(current, selected.id));
                  setSelectedId(null);
                }}
              />
            )}
          </Paper>
        </Box>
      )}
      {tab === 'messages' && (
        <Paper sx={{ p: 2 }}>
          <List>
            {sampleChat.map((message) => (
              <ListItemButton key={message.id} component={RouterLink} to="/app/pages/chat">
                <ListItemText primary={message.message} secondary={`${message.date} ${message.time}`} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      )}
      {tab === 'notifications' && (
        <Paper sx={{ p: 2 }}>
          <List>
            {contacts.slice(0, 3).map((contact) => (
              <ListItemText
                key={contact.id}
                sx={{ px: 2 }}
                primary={contact.name}
                secondary={contact.title}
              />
            ))}
          </List>
        </Paper>
      )}
      <AddContactDialog
        open={adding}
        onClose={() => setAdding(false)}
        onSave={(values) => {
          const id = contacts.reduce((max, contact) => Math.max(max, contact.id), 0) + 1;
          setContacts([
            ...contacts,
            { ...values, id, avatar: '#607D8B', secondaryPhone: '', website: '', favorited: false },
          ]);
          setSelectedId(id);
          setAdding(false);
        }}
      />
    </DemoPage>
  );
}
