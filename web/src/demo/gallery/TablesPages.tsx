import { useState } from 'react';
import Check from '@mui/icons-material/Check';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TreeTableCard } from '../dashboards/SalesWidgets';
import {
  addRow,
  cellsEditable,
  changeCell,
  finishEdit,
  nextSort,
  removeRow,
  showsEditButton,
  sortRows,
  startEdit,
  toggleAll,
  toggleSelected,
} from '../logic/rows';
import type { EditableRow, SortState } from '../logic/rows';
import { DemoPage } from '../shared/DemoPage';
import { fill, useDemoTexts, useLocalTexts } from '../texts';

const labels = {
  en: {
    name: 'Dessert',
    calories: 'Calories',
    fat: 'Fat (g)',
    carbs: 'Carbs (g)',
    edit: 'Edit',
    done: 'Done',
    remove: 'Remove',
    add: 'Add row',
    selectAll: 'Select all',
  },
  de: {
    name: 'Dessert',
    calories: 'Kalorien',
    fat: 'Fett (g)',
    carbs: 'Kohlenhydrate (g)',
    edit: 'Bearbeiten',
    done: 'Fertig',
    remove: 'Entfernen',
    add: 'Zeile hinzufügen',
    selectAll: 'Alle auswählen',
  },
};

interface Dessert {
  id: number;
  name: string;
  calories: number;
  fat: number;
  carbs: number;
}

const desserts: Dessert[] = [
  { id: 1, name: 'Cupcake', calories: 305, fat: 3.7, carbs: 67 },
  { id: 2, name: 'Donut', calories: 452, fat: 25, carbs: 51 },
  { id: 3, name: 'Eclair', calories: 262, fat: 16, carbs: 24 },
  { id: 4, name: 'Frozen yoghurt', calories: 159, fat: 6, carbs: 24 },
  { id: 5, name: 'Gingerbread', calories: 356, fat: 16, carbs: 49 },
];

type Column = 'name' | 'calories' | 'fat' | 'carbs';
const columns: Column[] = ['name', 'calories', 'fat', 'carbs'];

/** /app/tables/sortable-table: ascending first, then toggling; select one or all; dense padding. */
export function SortableTablePage() {
  const l = useLocalTexts(labels);
  const texts = useDemoTexts();
  const [sort, setSort] = useState<SortState<Column> | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [dense, setDense] = useState(false);
  const rows = sort === null ? desserts : sortRows(desserts, sort);
  const ids = desserts.map((row) => row.id);
  return (
    <DemoPage group="tables" slug="sortable-table" source="gallery/TablesPages.tsx">
      <Paper sx={{ p: 2 }}>
        <Typography sx={{ mb: 1 }}>{fill(texts.common.selected, { n: selected.length })}</Typography>
        <TableContainer>
          <Table size={dense ? 'small' : 'medium'}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selected.length === ids.length}
                    indeterminate={selected.length > 0 && selected.length < ids.length}
                    onChange={() => setSelected(toggleAll(selected, ids))}
                    slotProps={{ input: { 'aria-label': l.selectAll } }}
                  />
                </TableCell>
                {columns.map((column) => (
                  <TableCell
                    key={column}
                    align={column === 'name' ? 'left' : 'right'}
                    sortDirection={sort?.by === column ? sort.direction : false}
                  >
                    <TableSortLabel
                      active={sort?.by === column}
                      direction={sort?.by === column ? sort.direction : 'asc'}
                      onClick={() => setSort(nextSort(sort, column))}
                    >
                      {l[column]}
                    </TableSortLabel>
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow
                  key={row.id}
                  hover
                  selected={selected.includes(row.id)}
                  onClick={() => setSelected(toggleSelected(selected, row.id))}
                >
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.includes(row.id)}
                      slotProps={{ input: { 'aria-label': row.name } }}
                    />
                  </TableCell>
                  <TableCell>{row.name}</TableCell>
                  <TableCell align="right">{row.calories}</TableCell>
                  <TableCell align="right">{row.fat}</TableCell>
                  <TableCell align="right">{row.carbs}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <FormControlLabel
          control={<Switch checked={dense} onChange={(event) => setDense(event.target.checked)} />}
          label={texts.common.dense}
        />
      </Paper>
    </DemoPage>
  );
}

function EditableTable({ crud }: { crud: boolean }) {
  const l = useLocalTexts(labels);
  const [rows, setRows] = useState<EditableRow<Omit<Dessert, 'id'>>[]>(() =>
    desserts.map(({ id, ...values }) => ({ id, mode: 'view', values, edited: false })),
  );
  return (
    <Paper sx={{ p: 2 }}>
      {crud && (
        <Button
          startIcon={<Add />}
          onClick={() => setRows(addRow(rows, { name: '', calories: 0, fat: 0, carbs: 0 }))}
          sx={{ mb: 1 }}
        >
          {l.add}
        </Button>
      )}
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column}>{l[column]}</TableCell>
              ))}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} data-mode={row.mode}>
                {columns.map((column) => (
                  <TableCell key={column}>
                    {cellsEditable(row) ? (
                      <TextField
                        variant="standard"
                        value={row.values[column]}
                        type={column === 'name' ? 'text' : 'number'}
                        onChange={(event) =>
                          setRows(
                            changeCell(rows, row.id, {
                              [column]: column === 'name' ? event.target.value : Number(event.target.value),
                            }),
                          )
                        }
                        slotProps={{ htmlInput: { 'aria-label': `${l[column]} ${row.id}` } }}
                      />
                    ) : (
                      row.values[column]
                    )}
                  </TableCell>
                ))}
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {showsEditButton(row) ? (
                    <IconButton
                      aria-label={`${l.edit} ${row.values.name}`}
                      onClick={() => setRows(startEdit(rows, row.id))}
                    >
                      <EditOutlined />
                    </IconButton>
                  ) : (
                    <IconButton
                      aria-label={`${l.done} ${row.values.name}`}
                      onClick={() => setRows(finishEdit(rows, row.id))}
                    >
                      <Check />
                    </IconButton>
                  )}
                  {crud && (
                    <IconButton
                      aria-label={`${l.remove} ${row.values.name}`}
                      onClick={() => setRows(removeRow(rows, row.id))}
                    >
                      <DeleteOutline />
                    </IconButton>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

/** /app/tables/editable-cell: view, edit, then view via done; cells take input only in edit mode. */
export function EditableCellPage() {
  return (
    <DemoPage group="tables" slug="editable-cell" source="gallery/TablesPages.tsx">
      <EditableTable crud={false} />
    </DemoPage>
  );
}

/** /app/tables/crud-table: the editable table with add and remove. */
export function CrudTablePage() {
  return (
    <DemoPage group="tables" slug="crud-table" source="gallery/TablesPages.tsx">
      <EditableTable crud />
    </DemoPage>
  );
}

export function TreeTablePage() {
  return (
    <DemoPage group="tables" slug="tree-table" source="gallery/TablesPages.tsx">
      <TreeTableCard />
    </DemoPage>
  );
}
