import { useState } from 'react';
import Add from '@mui/icons-material/Add';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Verified from '@mui/icons-material/Verified';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { boardColours, defaultLaneColour, validateBoard } from '../logic/calendar';
import { demoConstants } from '../logic/constants';
import { DemoPage } from '../shared/DemoPage';
import { useLocalTexts } from '../texts';

const labels = {
  en: {
    addBoard: 'Add board',
    boardName: 'Board Name',
    colour: 'Colour',
    required: 'Required',
    save: 'Save',
    cancel: 'Cancel',
    lanes: ['To do', 'In progress', 'Done'],
    profileStrength: 'Profile strength',
    connections: 'connections',
    notifications: 'Email notifications',
    newsletter: 'Monthly newsletter',
    compact: 'Compact lists',
    faq: [
      ['How do I reset my password?', 'Use the Forgot Password link on the sign-in page.'],
      [
        'Can I use the reading room at night?',
        'Members with a night pass may stay until the exit time on their card.',
      ],
      ['How do I change my WiFi package?', 'Ask the front desk; the change applies from the next payment.'],
    ],
    ask: 'Your question',
    send: 'Send',
  },
  de: {
    addBoard: 'Brett hinzufügen',
    boardName: 'Brettname',
    colour: 'Farbe',
    required: 'Pflichtfeld',
    save: 'Speichern',
    cancel: 'Abbrechen',
    lanes: ['Zu erledigen', 'In Arbeit', 'Erledigt'],
    profileStrength: 'Profilstärke',
    connections: 'Kontakte',
    notifications: 'E-Mail-Benachrichtigungen',
    newsletter: 'Monatlicher Newsletter',
    compact: 'Kompakte Listen',
    faq: [
      ['Wie setze ich mein Passwort zurück?', 'Über den Link „Passwort vergessen“ auf der Anmeldeseite.'],
      [
        'Kann ich den Lesesaal nachts nutzen?',
        'Mitglieder mit Nachtpass bleiben bis zur Austrittszeit auf ihrer Karte.',
      ],
      [
        'Wie wechsle ich mein WLAN-Paket?',
        'Fragen Sie am Empfang; der Wechsel gilt ab der nächsten Zahlung.',
      ],
    ],
    ask: 'Ihre Frage',
    send: 'Senden',
  },
};

interface Board {
  title: string;
  label: string;
  color: string;
}

const cardsByLane = [
  [{ title: 'Order lamps', label: 'shop', description: 'Ten warm lamps for room A', tags: ['Shop'] }],
  [{ title: 'Router swap', label: 'wifi', description: 'Quiet hall access point', tags: ['WiFi'] }],
  [{ title: 'Holiday hours', label: 'notice', description: 'Posted at the entrance', tags: ['Notice'] }],
];

/** /app/pages/taskboard: lanes of cards; the board form needs a name; colours Red to Orange. */
export function TaskBoardPage() {
  const l = useLocalTexts(labels);
  const [boards, setBoards] = useState<Board[]>([
    { title: 'Branch tasks', label: 'default', color: defaultLaneColour },
  ]);
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [colour, setColour] = useState<keyof typeof boardColours>('Red');
  const [error, setError] = useState(false);
  return (
    <DemoPage group="pages" slug="taskboard" source="pages/MorePages.tsx">
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        {boards.map((board) => (
          <Chip key={board.title} label={board.title} sx={{ bgcolor: board.color, color: '#fff' }} />
        ))}
        <Button startIcon={<Add />} onClick={() => setAdding(true)}>
          {l.addBoard}
        </Button>
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {l.lanes.map((lane, index) => (
          <Paper key={lane} sx={{ p: 2, borderTop: 4, borderColor: defaultLaneColour }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
              {lane}
            </Typography>
            {cardsByLane[index]!.map((card) => (
              <Paper key={card.title} variant="outlined" sx={{ p: 1.5, mb: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>{card.title}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {card.description}
                </Typography>
                {card.tags.map((tag) => (
                  <Chip key={tag} label={tag} size="small" sx={{ mt: 1 }} />
                ))}
              </Paper>
            ))}
          </Paper>
        ))}
      </Box>
      <Dialog open={adding} onClose={() => setAdding(false)} fullWidth maxWidth="xs">
        <DialogTitle>{l.addBoard}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={l.boardName}
              required
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={error}
              helperText={error ? l.required : undefined}
            />
            <TextField
              select
              label={l.colour}
              value={colour}
              onChange={(event) => setColour(event.target.value as keyof typeof boardColours)}
            >
              {Object.keys(boardColours).map((key) => (
                <MenuItem key={key} value={key}>
                  {key}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAdding(false)}>{l.cancel}</Button>
          <Button
            variant="contained"
            onClick={() => {
              const invalid = validateBoard(name).name !== undefined;
              setError(invalid);
              if (invalid) return;
              setBoards([...boards, { title: name.trim(), label: name.trim(), color: boardColours[colour] }]);
              setName('');
              setAdding(false);
            }}
          >
            {l.save}
          </Button>
        </DialogActions>
      </Dialog>
    </DemoPage>
  );
}

/** /app/pages/user-profile: cover, avatar, profile strength 60% and the achievement targets. */
export function UserProfilePage() {
  const l = useLocalTexts(labels);
  return (
    <DemoPage group="pages" slug="user-profile" source="pages/MorePages.tsx">
      <Paper sx={{ overflow: 'hidden', mb: 2 }}>
        <Box
          sx={{
            height: 140,
            background: (theme) =>
              `linear-gradient(120deg, ${theme.palette.primary.main}, ${theme.palette.secondary.main})`,
          }}
        />
        <Stack direction="row" spacing={2} sx={{ p: 2, alignItems: 'end', mt: -6 }}>
          <Avatar
            sx={{
              width: 96,
              height: 96,
              border: 4,
              borderColor: 'background.paper',
              bgcolor: '#AB47BC',
              fontSize: 36,
            }}
          >
            A
          </Avatar>
          <Box>
            <Typography variant="h5" component="h2">
              Alma Berger <Verified color="primary" fontSize="small" aria-hidden />
            </Typography>
            <Typography color="text.secondary">Librarian · 248 {l.connections}</Typography>
          </Box>
        </Stack>
      </Paper>
      <Paper sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2">
          {l.profileStrength}: {demoConstants.profileStrengthPercent}%
        </Typography>
        <LinearProgress
          variant="determinate"
          value={demoConstants.profileStrengthPercent}
          aria-label={l.profileStrength}
          sx={{ mb: 2 }}
        />
        {demoConstants.achievements.map((target) => (
          <Box key={target.name} sx={{ mb: 1 }}>
            <Typography variant="caption">
              {target.name} · {target.value}%
            </Typography>
            <LinearProgress
              variant="determinate"
              value={target.value}
              color="secondary"
              aria-label={target.name}
            />
          </Box>
        ))}
      </Paper>
    </DemoPage>
  );
}

/** /app/pages/settings: the template's account settings page (switches only; nothing is kept). */
export function SettingsDemoPage() {
  const l = useLocalTexts(labels);
  return (
    <DemoPage group="pages" slug="settings" source="pages/MorePages.tsx">
      <Paper sx={{ p: 2, maxWidth: 520 }}>
        <Stack>
          <FormControlLabel control={<Switch defaultChecked />} label={l.notifications} />
          <FormControlLabel control={<Switch />} label={l.newsletter} />
          <FormControlLabel control={<Switch />} label={l.compact} />
        </Stack>
      </Paper>
    </DemoPage>
  );
}

/** /app/pages/help-support: questions and answers and a question form (it sends nothing). */
export function HelpSupportPage() {
  const l = useLocalTexts(labels);
  return (
    <DemoPage group="pages" slug="help-support" source="pages/MorePages.tsx">
      <Box sx={{ maxWidth: 720 }}>
        {l.faq.map(([question, answer]) => (
          <Accordion key={question}>
            <AccordionSummary expandIcon={<ExpandMore />}>
              <Typography>{question}</Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Typography color="text.secondary">{answer}</Typography>
            </AccordionDetails>
          </Accordion>
        ))}
        <Paper sx={{ p: 2, mt: 2 }}>
          <TextField label={l.ask} multiline minRows={3} fullWidth />
          <Button variant="contained" sx={{ mt: 1 }}>
            {l.send}
          </Button>
        </Paper>
      </Box>
    </DemoPage>
  );
}
