import { useState } from 'react';
import Add from '@mui/icons-material/Add';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { daySlots, eventColours, monthGrid, validateEvent } from '../logic/calendar';
import type { CalendarEvent } from '../logic/calendar';
import { DemoPage } from '../shared/DemoPage';
import { useLocalTexts } from '../texts';

const labels = {
  en: {
    add: 'Add event',
    name: 'Event Name',
    date: 'Date',
    time: 'Time',
    colour: 'Colour',
    required: 'Required',
    past: 'Pick today or a later day',
    save: 'Save',
    cancel: 'Cancel',
    previous: 'Previous month',
    next: 'Next month',
    weekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  },
  de: {
    add: 'Termin hinzufügen',
    name: 'Terminname',
    date: 'Datum',
    time: 'Uhrzeit',
    colour: 'Farbe',
    required: 'Pflichtfeld',
    past: 'Heute oder einen späteren Tag wählen',
    save: 'Speichern',
    cancel: 'Abbrechen',
    previous: 'Voriger Monat',
    next: 'Nächster Monat',
    weekdays: ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'],
  },
};

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

function AddEventDialog({
  open,
  onClose,
  onSave,
}: {
  open: boolean;
  onClose: () => void;
  onSave: (event: Omit<CalendarEvent, 'id'>) => void;
}) {
  const l = useLocalTexts(labels);
  const today = new Date();
  const [title, setTitle] = useState('');
  const [day, setDay] = useState(isoDay(today));
  const [time, setTime] = useState('09:00');
  const [colour, setColour] = useState<string>(eventColours[0]);
  const [errors, setErrors] = useState<ReturnType<typeof validateEvent>>({});
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{l.add}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={l.name}
            required
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            error={errors.title !== undefined}
            helperText={errors.title && l.required}
          />
          <TextField
            label={l.date}
            type="date"
            value={day}
            onChange={(event) => setDay(event.target.value)}
            slotProps={{ htmlInput: { min: isoDay(today) }, inputLabel: { shrink: true } }}
            error={errors.start !== undefined}
            helperText={errors.start && l.past}
          />
          <TextField select label={l.time} value={time} onChange={(event) => setTime(event.target.value)}>
            {daySlots().map((slot) => (
              <MenuItem key={slot} value={slot}>
                {slot}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={l.colour}
            value={colour}
            onChange={(event) => setColour(event.target.value)}
          >
            {eventColours.map((hex) => (
              <MenuItem key={hex} value={hex}>
                <Box
                  component="span"
                  sx={{
                    display: 'inline-block',
                    width: 14,
                    height: 14,
                    bgcolor: hex,
                    borderRadius: '50%',
                    mr: 1,
                  }}
                />
                {hex}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{l.cancel}</Button>
        <Button
          variant="contained"
          onClick={() => {
            const start = new Date(`${day}T${time}:00`);
            const found = validateEvent(title, start, new Date());
            setErrors(found);
            if (Object.keys(found).length > 0) return;
            onSave({
              title: title.trim(),
              start,
              end: new Date(start.getTime() + 60 * 60_000),
              hexColor: colour,
            });
            setTitle('');
          }}
        >
          {l.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** /app/pages/calendar: a month view (the default), events in the five colours, a 60-minute step. */
export function CalendarPage() {
  const l = useLocalTexts(labels);
  const now = new Date();
  const [month, setMonth] = useState({ year: now.getFullYear(), month: now.getMonth() });
  const [events, setEvents] = useState<CalendarEvent[]>(() => [
    {
      id: 1,
      title: 'Staff meeting',
      start: new Date(now.getFullYear(), now.getMonth(), 3, 9),
      end: new Date(now.getFullYear(), now.getMonth(), 3, 10),
      hexColor: eventColours[0],
    },
    {
      id: 2,
      title: 'Book fair',
      start: new Date(now.getFullYear(), now.getMonth(), 14, 10),
      end: new Date(now.getFullYear(), now.getMonth(), 14, 16),
      hexColor: eventColours[1],
    },
    {
      id: 3,
      title: 'WiFi upgrade',
      start: new Date(now.getFullYear(), now.getMonth(), 21, 8),
      end: new Date(now.getFullYear(), now.getMonth(), 21, 9),
      hexColor: eventColours[2],
    },
  ]);
  const [adding, setAdding] = useState(false);
  const days = monthGrid(month.year, month.month);
  const title = new Date(month.year, month.month, 1).toLocaleDateString(undefined, {
    month: 'long',
    year: 'numeric',
  });
  const shift = (by: number) => {
    const next = new Date(month.year, month.month + by, 1);
    setMonth({ year: next.getFullYear(), month: next.getMonth() });
  };
  return (
    <DemoPage group="pages" slug="calendar" source="pages/CalendarPage.tsx">
      <Paper sx={{ p: 2 }}>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
          <IconButton aria-label={l.previous} onClick={() => shift(-1)}>
            <ChevronLeft />
          </IconButton>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1, textAlign: 'center' }}>
            {title}
          </Typography>
          <IconButton aria-label={l.next} onClick={() => shift(1)}>
            <ChevronRight />
          </IconButton>
          <Button variant="contained" startIcon={<Add />} onClick={() => setAdding(true)} sx={{ ml: 1 }}>
            {l.add}
          </Button>
        </Stack>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(7, minmax(0, 1fr))',
            gap: '1px',
            bgcolor: 'divider',
            border: 1,
            borderColor: 'divider',
          }}
        >
          {l.weekdays.map((name) => (
            <Typography
              key={name}
              variant="caption"
              sx={{ bgcolor: 'background.paper', p: 0.5, textAlign: 'center', fontWeight: 600 }}
            >
              {name}
            </Typography>
          ))}
          {days.map((day) => (
            <Box
              key={day.toISOString()}
              sx={{
                bgcolor: 'background.paper',
                minHeight: { xs: 56, md: 96 },
                p: 0.5,
                opacity: day.getMonth() === month.month ? 1 : 0.45,
                minWidth: 0,
              }}
            >
              <Typography variant="caption">{day.getDate()}</Typography>
              {events
                .filter((event) => isoDay(event.start) === isoDay(day))
                .map((event) => (
                  <Box
                    key={event.id}
                    sx={{
                      bgcolor: event.hexColor,
                      color: '#fff',
                      borderRadius: 0.5,
                      px: 0.5,
                      fontSize: 11,
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {event.title}
                  </Box>
                ))}
            </Box>
          ))}
        </Box>
      </Paper>
      <AddEventDialog
        open={adding}
        onClose={() => setAdding(false)}
        onSave={(event) => {
          setEvents([...events, { ...event, id: events.length + 1 }]);
          setAdding(false);
        }}
      />
    </DemoPage>
  );
}
