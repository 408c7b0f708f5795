import { useState } from 'react';
import FirstPage from '@mui/icons-material/FirstPage';
import LastPage from '@mui/icons-material/LastPage';
import MailOutline from '@mui/icons-material/MailOutlined';
import NavigateBefore from '@mui/icons-material/NavigateBefore';
import NavigateNext from '@mui/icons-material/NavigateNext';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SliderCard } from '../dashboards/SalesWidgets';
import { paginationEdges } from '../logic/widgets';
import { DemoPage } from '../shared/DemoPage';
import { fill, useDemoTexts } from '../texts';

const lastPage = 10;

/** /app/ui/pagination: first and previous off on page 1, next and last off on the last page. */
export function PaginationPage() {
  const texts = useDemoTexts();
  const [page, setPage] = useState(1);
  const edges = paginationEdges(page, lastPage);
  return (
    <DemoPage group="ui" slug="pagination" source="gallery/UiPages.tsx">
      <Paper sx={{ p: 3 }}>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center' }}
          component="nav"
          aria-label={texts.titles.pagination}
        >
          <IconButton
            aria-label={texts.common.first}
            disabled={edges.firstDisabled}
            onClick={() => setPage(1)}
          >
            <FirstPage />
          </IconButton>
          <IconButton
            aria-label={texts.common.previous}
            disabled={edges.previousDisabled}
            onClick={() => setPage(page - 1)}
          >
            <NavigateBefore />
          </IconButton>
          <Typography>{fill(texts.common.page, { page, pages: lastPage })}</Typography>
          <IconButton
            aria-label={texts.common.next}
            disabled={edges.nextDisabled}
            onClick={() => setPage(page + 1)}
          >
            <NavigateNext />
          </IconButton>
          <IconButton
            aria-label={texts.common.last}
            disabled={edges.lastDisabled}
            onClick={() => setPage(lastPage)}
          >
            <LastPage />
          </IconButton>
        </Stack>
      </Paper>
    </DemoPage>
  );
}

/** /app/ui/steppers: the dashboard slider's 5 steps. */
export function SteppersPage() {
  return (
    <DemoPage group="ui" slug="steppers" source="gallery/UiPages.tsx">
      <Paper sx={{ maxWidth: 480 }}>
        <SliderCard />
      </Paper>
    </DemoPage>
  );
}

/** /app/ui/badges: above its limit a badge shows '{limit}+'. */
export function BadgesPage() {
  return (
    <DemoPage group="ui" slug="badges" source="gallery/UiPages.tsx">
      <Paper sx={{ p: 3 }}>
        <Stack direction="row" spacing={4}>
          <Badge badgeContent={4} color="primary">
            <MailOutline aria-label="4" />
          </Badge>
          <Badge badgeContent={120} max={99} color="secondary">
            <NotificationsOutlined aria-label="99+" />
          </Badge>
          <Badge badgeContent={1200} max={999} color="error">
            <MailOutline aria-label="999+" />
          </Badge>
        </Stack>
      </Paper>
    </DemoPage>
  );
}
