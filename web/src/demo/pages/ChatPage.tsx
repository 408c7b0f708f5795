import { useState } from 'react';
import DeleteSweepOutlined from '@mui/icons-material/DeleteSweepOutlined';
import Send from '@mui/icons-material/Send';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { sampleChat, sampleContacts } from '../data/contacts';
import { deleteConversation, sendMessage } from '../logic/contacts';
import { DemoPage } from '../shared/DemoPage';
import { useLocalTexts } from '../texts';

const labels = {
  en: {
    message: 'Type a message',
    send: 'Send',
    deleteConversation: 'Delete conversation',
    empty: 'No messages yet',
    people: 'People',
  },
  de: {
    message: 'Nachricht schreiben',
    send: 'Senden',
    deleteConversation: 'Unterhaltung löschen',
    empty: 'Noch keine Nachrichten',
    people: 'Personen',
  },
};

/** /app/pages/chat: send appends a message; the conversation can be deleted. */
export function ChatPage() {
  const l = useLocalTexts(labels);
  const [personId, setPersonId] = useState(sampleContacts[0]!.id);
  const [chats, setChats] = useState<Record<number, typeof sampleChat>>({
    [sampleContacts[0]!.id]: sampleChat,
  });
  const [text, setText] = useState('');
  const person = sampleContacts.find((contact) => contact.id === personId)!;
  const chat = chats[personId] ?? [];
  const send = () => {
    setChats({ ...chats, [personId]: sendMessage(chat, text, new Date()) });
    setText('');
  };
  return (
    <DemoPage group="pages" slug="chat" source="pages/ChatPage.tsx">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '260px 1fr' } }}>
        <Paper>
          <List aria-label={l.people}>
            {sampleContacts.map((contact) => (
              <ListItemButton
                key={contact.id}
                selected={contact.id === personId}
                onClick={() => setPersonId(contact.id)}
              >
                <ListItemAvatar>
                  <Avatar sx={{ bgcolor: contact.avatar }}>{contact.name[0]}</Avatar>
                </ListItemAvatar>
                <ListItemText primary={contact.name} secondary={contact.title} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
        <Paper sx={{ display: 'flex', flexDirection: 'column', minHeight: 420, minWidth: 0 }}>
          <Stack direction="row" sx={{ alignItems: 'center', p: 2, borderBottom: 1, borderColor: 'divider' }}>
            <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
              {person.name}
            </Typography>
            <Tooltip title={l.deleteConversation}>
              <IconButton
                aria-label={l.deleteConversation}
                onClick={() => setChats({ ...chats, [personId]: deleteConversation() })}
              >
                <DeleteSweepOutlined />
              </IconButton>
            </Tooltip>
          </Stack>
          <Stack spacing={1} sx={{ p: 2, flexGrow: 1 }} role="log" aria-label={person.name}>
            {chat.length === 0 && <Typography color="text.secondary">{l.empty}</Typography>}
            {chat.map((message) => (
              <Box
                key={message.id}
                sx={{
                  alignSelf: message.from === 'me' ? 'flex-end' : 'flex-start',
                  bgcolor: message.from === 'me' ? 'primary.main' : 'action.hover',
                  color: message.from === 'me' ? 'primary.contrastText' : 'text.primary',
                  px: 1.5,
                  py: 1,
                  borderRadius: 2,
                  maxWidth: '80%',
                }}
              >
                <Typography variant="body2">{message.message}</Typography>
                <Typography variant="caption" sx={{ opacity: 0.8 }}>
                  {message.time}
                </Typography>
              </Box>
            ))}
          </Stack>
          <Stack
            component="form"
            direction="row"
            spacing={1}
            sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}
            onSubmit={(event) => {
              event.preventDefault();
              send();
            }}
          >
            <TextField
              size="small"
              fullWidth
              label={l.message}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
            <IconButton type="submit" color="primary" aria-label={l.send} disabled={text.trim() === ''}>
              <Send />
            </IconButton>
          </Stack>
        </Paper>
      </Box>
    </DemoPage>
  );
}
