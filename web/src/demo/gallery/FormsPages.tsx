import { useState } from 'react';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { demoConstants } from '../logic/constants';
import { isCompleteDate, isCompleteTime, maskDate, maskTime } from '../logic/masks';
import { acceptFiles, hasPreview } from '../logic/uploads';
import type { DropzoneRejection } from '../logic/uploads';
import { DemoPage } from '../shared/DemoPage';
import { fill, useDemoTexts } from '../texts';

/** /app/forms/input-masks: date DD/MM/YYYY and time hh:mm AM/PM. */
export function InputMasksPage() {
  const texts = useDemoTexts();
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  return (
    <DemoPage group="forms" slug="input-masks" source="gallery/FormsPages.tsx">
      <Paper sx={{ p: 3, maxWidth: 480 }}>
        <Stack spacing={2}>
          <TextField
            label={texts.masks.date}
            placeholder="DD/MM/YYYY"
            value={date}
            onChange={(event) => setDate(maskDate(event.target.value))}
            color={isCompleteDate(date) ? 'success' : 'primary'}
          />
          <TextField
            label={texts.masks.time}
            placeholder="hh:mm AM"
            value={time}
            onChange={(event) => setTime(maskTime(event.target.value))}
            color={isCompleteTime(time) ? 'success' : 'primary'}
          />
        </Stack>
      </Paper>
    </DemoPage>
  );
}

/** /app/forms/upload: the drop-zone, 3 files of at most 3 MB; refusals show in a 4-second snackbar. */
export function UploadPage() {
  const texts = useDemoTexts();
  const [files, setFiles] = useState<File[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const say = (rejection: DropzoneRejection) =>
    rejection.kind === 'tooBig' ? texts.upload.tooBig : fill(texts.upload.tooMany, { n: rejection.limit });
  const take = (dropped: File[]) => {
    const result = acceptFiles(files, dropped);
    setFiles(result.files);
    if (result.rejections.length > 0) setMessage(result.rejections.map(say).join(' '));
  };
  return (
    <DemoPage group="forms" slug="upload" source="gallery/FormsPages.tsx">
      <Paper
        component="label"
        variant="outlined"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          take([...event.dataTransfer.files]);
        }}
        sx={{
          display: 'block',
          p: 4,
          textAlign: 'center',
          cursor: 'pointer',
          borderStyle: 'dashed',
          borderWidth: 2,
          borderColor: over ? 'primary.main' : 'divider',
        }}
      >
        <CloudUploadOutlined sx={{ fontSize: 48, color: 'primary.main' }} aria-hidden />
        <Typography>{texts.upload.drop}</Typography>
        <input
          hidden
          type="file"
          multiple
          data-testid="dropzone-input"
          onChange={(event) => {
            take([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </Paper>
      <List>
        {files.map((file, index) => (
          <ListItem
            key={`${file.name}-${index}`}
            secondaryAction={
              <IconButton
                aria-label={`${texts.upload.remove}: ${file.name}`}
                onClick={() => setFiles(files.filter((_, at) => at !== index))}
              >
                <DeleteOutline />
              </IconButton>
            }
          >
            <ListItemIcon>
              {hasPreview(file.name) ? <ImageOutlined /> : <InsertDriveFileOutlined />}
            </ListItemIcon>
            <ListItemText primary={file.name} secondary={`${Math.ceil(file.size / 1000)} KB`} />
          </ListItem>
        ))}
      </List>
      <Snackbar
        open={message !== null}
        autoHideDuration={demoConstants.snackbarMs}
        onClose={() => setMessage(null)}
      >
        <Alert severity="error" onClose={() => setMessage(null)} sx={{ width: '100%' }}>
          {message}
        </Alert>
      </Snackbar>
      <Box />
    </DemoPage>
  );
}
