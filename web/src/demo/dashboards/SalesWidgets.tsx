import { useEffect, useState } from 'react';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import WbSunnyOutlined from '@mui/icons-material/WbSunnyOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MobileStepper from '@mui/material/MobileStepper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { saleRows, slides, tasks, treeRows } from '../data/sales';
import { demoConstants } from '../logic/constants';
import { saleStatusColour, saleTotal, stockPercent } from '../logic/sales';
import { sliderButtons, sliderSteps } from '../logic/widgets';
import { DemoCard } from '../shared/DemoPage';
import { useDemoTexts } from '../texts';

/** Latest sales: status chip and stock bar in the status colour, invoice links, '$x,00' totals. */
export function LatestSales() {
  const texts = useDemoTexts();
  return (
    <DemoCard title={texts.sales.latestSales}>
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{texts.sales.product}</TableCell>
              <TableCell>{texts.sales.buyer}</TableCell>
              <TableCell>{texts.sales.stock}</TableCell>
              <TableCell>{texts.sales.status}</TableCell>
              <TableCell align="right">{texts.sales.total}</TableCell>
              <TableCell>{texts.sales.invoice}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {saleRows.map((row) => {
              const colour = saleStatusColour(row.status);
              return (
                <TableRow key={row.id}>
                  <TableCell>
                    <Typography variant="body2">{row.name}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {row.type}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <Avatar sx={{ bgcolor: row.avatar, width: 28, height: 28, fontSize: 12 }}>
                        {row.buyerName[0]}
                      </Avatar>
                      {row.buyerName}
                    </Box>
                  </TableCell>
                  <TableCell sx={{ minWidth: 120 }}>
                    <LinearProgress
                      variant="determinate"
                      value={stockPercent(row.currentStock, row.totalStock)}
                      color={colour === 'default' ? 'inherit' : colour}
                      aria-label={`${texts.sales.stock} ${row.currentStock}/${row.totalStock}`}
                    />
                  </TableCell>
                  <TableCell>
                    <Chip size="small" label={row.statusMessage} color={colour} />
                  </TableCell>
                  <TableCell align="right">{saleTotal(row.total)}</TableCell>
                  <TableCell>
                    <Link component={RouterLink} to="/app/pages/invoice">
                      #{1000 + row.id}
                    </Link>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </DemoCard>
  );
}

export function PerformanceCard() {
  const texts = useDemoTexts();
  const { performance, achievements } = demoConstants;
  const figures: [string, number][] = [
    [texts.sales.attends, performance.attends],
    [texts.sales.tasks, performance.tasks],
    [texts.sales.complaints, performance.complaints],
    [texts.sales.referrals, performance.referrals],
  ];
  return (
    <DemoCard title={texts.sales.performance}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', textAlign: 'center', mb: 2 }}>
        {figures.map(([label, value]) => (
          <Box key={label}>
            <Typography variant="h5" component="p">
              {value}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {label}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="subtitle2" component="h3">
        {texts.sales.achievements}
      </Typography>
      {achievements.map((target) => (
        <Box key={target.name} sx={{ my: 1 }}>
          <Typography variant="caption">
            {target.name} · {target.value}%
          </Typography>
          <LinearProgress variant="determinate" value={target.value} aria-label={target.name} />
        </Box>
      ))}
    </DemoCard>
  );
}

export function WeatherCard() {
  const texts = useDemoTexts();
  return (
    <DemoCard title={texts.sales.weather}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <WbSunnyOutlined sx={{ fontSize: 56, color: 'warning.main' }} aria-hidden />
        <Typography variant="h3" component="p">
          {demoConstants.weatherDegrees}°
        </Typography>
      </Box>
    </DemoCard>
  );
}

/** Calendar with a clock that ticks every second. */
export function ClockCard() {
  const texts = useDemoTexts();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), demoConstants.clockTickMs);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <DemoCard title={texts.sales.clock}>
      <Typography variant="h4" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {now.toLocaleTimeString()}
      </Typography>
      <Typography color="text.secondary">
        {now.toLocaleDateString(undefined, {
          weekday: 'long',
          day: 'numeric',
          month: 'long',
          year: 'numeric',
        })}
      </Typography>
    </DemoCard>
  );
}

export function StorageCard() {
  const texts = useDemoTexts();
  const { totalGb, usedPercent } = demoConstants.storage;
  return (
    <DemoCard title={texts.sales.storage}>
      <LinearProgress
        variant="determinate"
        value={usedPercent}
        sx={{ height: 10, borderRadius: 5 }}
        aria-label={texts.sales.storage}
      />
      <Typography sx={{ mt: 1 }}>
        {texts.sales.storageUsed
          .replace('{used}', String((totalGb * usedPercent) / 100))
          .replace('{total}', String(totalGb))}{' '}
        ({usedPercent}%)
      </Typography>
    </DemoCard>
  );
}

export function TasksCard() {
  const texts = useDemoTexts();
  const [done, setDone] = useState<string[]>([]);
  return (
    <DemoCard title={texts.sales.todo}>
      <List dense>
        {tasks.map((task) => (
          <ListItem key={task} disablePadding>
            <ListItemIcon>
              <Checkbox
                edge="start"
                checked={done.includes(task)}
                onChange={() =>
                  setDone(done.includes(task) ? done.filter((one) => one !== task) : [...done, task])
                }
                slotProps={{ input: { 'aria-label': task } }}
              />
            </ListItemIcon>
            <ListItemText
              primary={task}
              sx={{ textDecoration: done.includes(task) ? 'line-through' : 'none' }}
            />
          </ListItem>
        ))}
      </List>
    </DemoCard>
  );
}

/** The dashboard slider: 5 steps; Back is disabled at the first, Next at the last. */
export function SliderCard() {
  const texts = useDemoTexts();
  const [step, setStep] = useState(0);
  const buttons = sliderButtons(step);
  return (
    <DemoCard title={`${step + 1} / ${sliderSteps}`}>
      <Typography sx={{ minHeight: 48 }}>{slides[step]}</Typography>
      <MobileStepper
        variant="dots"
        steps={sliderSteps}
        position="static"
        activeStep={step}
        sx={{ bgcolor: 'transparent', px: 0 }}
        backButton={
          <Button size="small" onClick={() => setStep(step - 1)} disabled={buttons.backDisabled}>
            {texts.sales.back}
          </Button>
        }
        nextButton={
          <Button size="small" onClick={() => setStep(step + 1)} disabled={buttons.nextDisabled}>
            {texts.sales.next}
          </Button>
        }
      />
    </DemoCard>
  );
}

export function TreeTableCard() {
  const texts = useDemoTexts();
  const [open, setOpen] = useState<string[]>([]);
  return (
    <DemoCard title={texts.sales.treeTable}>
      <Table size="small">
        <TableBody>
          {treeRows.flatMap((row) => {
            const expanded = open.includes(row.id);
            return [
              <TableRow key={row.id}>
                <TableCell>
                  <IconButton
                    size="small"
                    aria-label={row.name}
                    aria-expanded={expanded}
                    onClick={() => setOpen(expanded ? open.filter((id) => id !== row.id) : [...open, row.id])}
                  >
                    {expanded ? <ExpandLess /> : <ExpandMore />}
                  </IconButton>
                  {row.name}
                </TableCell>
                <TableCell align="right">{row.value}</TableCell>
              </TableRow>,
              ...(expanded
                ? row.children.map((child) => (
                    <TableRow key={child.id}>
                      <TableCell sx={{ pl: 7 }}>{child.name}</TableCell>
                      <TableCell align="right">{child.value}</TableCell>
                    </TableRow>
                  ))
                : []),
            ];
          })}
        </TableBody>
      </Table>
    </DemoCard>
  );
}
