import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { demoGroups } from '../catalogue';
import type { DemoGroup } from '../catalogue';
import { useDemoTexts } from '../texts';
import { loadSource } from './sources';

type Slug = keyof ReturnType<typeof useDemoTexts>['titles'];

/** The page's own source, fetched when the toggle is first switched on. */
function SourceView({ source }: { source: string }) {
  const texts = useDemoTexts();
  const [code, setCode] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void loadSource(source).then((text) => live && setCode(text));
    return () => {
      live = false;
    };
  }, [source]);
  return (
    <Paper variant="outlined" sx={{ mb: 3, maxHeight: 480, overflow: 'auto' }}>
      <Box component="pre" aria-label={source} sx={{ m: 0, p: 2, fontSize: 12, whiteSpace: 'pre' }}>
        {code ?? texts.loadingCode}
      </Box>
    </Paper>
  );
}

/**
 * The frame of every demo page: its title, the other pages of its group, a 'Demo' mark so nobody
 * takes the sample data for the product's, and the 'Show Code' toggle.
 */
export function DemoPage({
  group,
  slug,
  source,
  children,
}: {
  group: DemoGroup;
  slug: Slug;
  /** This page's file, relative to web/src/demo. */
  source: string;
  children: ReactNode;
}) {
  const texts = useDemoTexts();
  const [showCode, setShowCode] = useState(false);
  return (
    <Box component="section" sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1, rowGap: 1 }}>
        <Typography variant="h4" component="h1" sx={{ mr: 1 }}>
          {texts.titles[slug]}
        </Typography>
        <Chip label={texts.demoBadge} color="secondary" size="small" />
        <Box sx={{ flexGrow: 1 }} />
        <FormControlLabel
          control={<Switch checked={showCode} onChange={(event) => setShowCode(event.target.checked)} />}
          label={texts.showCode}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {texts.demoNote}
      </Typography>
      <Box
        component="nav"
        aria-label={texts.groups[group]}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 3 }}
      >
        {demoGroups[group].map((sibling) => (
          <Chip
            key={sibling}
            label={texts.titles[sibling]}
            component={RouterLink}
            to={`/app/${group}/${sibling}`}
            clickable
            size="small"
            variant={sibling === slug ? 'filled' : 'outlined'}
            color={sibling === slug ? 'primary' : 'default'}
            aria-current={sibling === slug ? 'page' : undefined}
          />
        ))}
      </Box>
      {showCode && <SourceView source={source} />}
      {children}
    </Box>
  );
}

/** A demo route that is listed but not built: says so honestly instead of a 404. */
export function NotBuiltYet({ group, slug }: { group: DemoGroup; slug: Slug }) {
  const texts = useDemoTexts();
  return (
    <DemoPage group={group} slug={slug} source="shared/DemoPage.tsx">
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography variant="h5" component="h2" gutterBottom>
          {texts.notBuiltTitle}
        </Typography>
        <Typography color="text.secondary">{texts.notBuiltText}</Typography>
      </Paper>
    </DemoPage>
  );
}

/** A titled card for demo widgets. */
export function DemoCard({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper sx={{ p: 2, height: '100%', minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5, gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}
