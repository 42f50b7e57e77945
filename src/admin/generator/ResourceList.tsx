// The generated list screen (<path>/list): title bar, search and filters (below 600 px folded behind
// a 'Filtros' button: FilterDrawer.tsx), a sortable table with
// expandable rows, flag and switch columns, row actions, server-side paging and the ';' CSV export;
// on an alias with a filter, a permanent view of part of the data; on a scoped register
// (x-intranet.scope), the rows of the parent its route names (<path>/list?idCampaign=1,
// <path>/list/3), whose add button, row click and back arrow stay under that parent. A register
// with a month calendar (list.calendar) has the switch to it ('Lista' / 'Calendário') by the title.
import { useMemo, useRef, type ReactElement, type ReactNode } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  Datagrid,
  downloadCSV,
  List,
  NullableBooleanInput,
  ReferenceInput,
  ResourceContextProvider,
  SearchInput,
  SelectInput,
  TextInput,
  TopToolbar,
  useGetOne,
  type Exporter,
  type Identifier,
} from 'react-admin';
import { CSV_FILE_NAME, EMPTY_TEXT, NO_DATA_TEXT, toCsv } from '../../domain/format.js';
import { TitleBar } from './TitleBar.js';
import { AccessDenied } from './AccessDenied.js';
import { displayText, ExpandPanel, FlagHeader, isStatusField, SchemaField } from './fields.js';
import { ReferenceAutocomplete, SELECT_DEBOUNCE_MS } from './inputs.js';
import { DEFAULT_PAGE_SIZE, ListPagination } from './ListPagination.js';
import { configByResource, fullConfig } from './registry.js';
import { readableList, useRights, type Rights } from '../core/access.js';
import { useApiOrigin } from '../core/api.js';
import { CardsView } from './CardsView.js';
import { ViewSwitch } from './ViewSwitch.js';
import { DateRangeFilter } from './DateRange.js';
import { ExportAllButton } from './ExportButton.js';
import { FilterDrawerButton } from './FilterDrawer.js';
import { EXPAND_SX, expandColumn } from './ExpandToggle.js';
import { columnTitle, pathTexts, type FetchMany, type RecordLike } from '../core/paths.js';
import { useFitLevel } from './fit.js';
import { CompactActions, hasRowActions, RowActions, useToasts } from './RowActions.js';
import { baseType, editPathOf, registerPathOf, scopeHome, scopeValueOf, withoutScope, withScope, type ResourceConfig, type ResourceSummary } from '../core/schemas.js';
import { useSession } from '../core/session.js';

export const LIST_MAX_WIDTH = 983;
/** The actions column's key in the table (no field of a schema starts with '__'). */
const ACTIONS_SOURCE = '__acoes';

const lookup = (resource: string) => configByResource.get(resource);

function filterInputs(config: ResourceConfig): ReactElement[] {
  const inputs: ReactElement[] = [];
  if (config.search.length) inputs.push(<SearchInput key="q" source="q" alwaysOn placeholder="Pesquisar" />);
  for (const field of config.list.filters) {
    const p = config.properties[field];
    // A field the route's permanent filter fixes is not offered.
    if (!p || field in config.listFilter) continue;
    const label = p.title;
    const ref = config.references[field];
    if (ref) {
      const target = configByResource.get(ref.resource);
      inputs.push(
        <ReferenceInput key={field} source={field} reference={ref.resource} alwaysOn sort={{ field: ref.label, order: 'ASC' }}>
          <ReferenceAutocomplete
            reference={ref}
            label={label}
            filterToQuery={(q: string) => (q && target?.search.length ? { q } : {})}
            debounce={SELECT_DEBOUNCE_MS}
            sx={{ minWidth: 200 }}
            noOptionsText={NO_DATA_TEXT}
          />
        </ReferenceInput>,
      );
    } else if (p.format === 'date' || p.format === 'date-time') {
      inputs.push(<DateRangeFilter key={field} source={`${field}_gte`} field={field} label={label} alwaysOn dateTime={p.format === 'date-time'} />);
    } else if (baseType(p) === 'boolean') {
      inputs.push(
        <NullableBooleanInput
          key={field}
          source={field}
          label={label}
          alwaysOn
          nullLabel="Todos"
          trueLabel={isStatusField(config, field) ? 'Ativo' : 'Sim'}
          falseLabel={isStatusField(config, field) ? 'Inativo' : 'Não'}
          sx={{ minWidth: Math.max(140, label.length * 9 + 48) }}
        />,
      );
    } else if (p.enum) {
      const choices = p.enum.filter((v) => v !== null).map((v) => ({ id: v as string, name: p['x-enumLabels']?.[String(v)] ?? String(v) }));
      inputs.push(<SelectInput key={field} source={field} label={label} choices={choices} alwaysOn emptyText="Todos" sx={{ minWidth: 120 }} />);
    } else {
      // A searched text field matches a part of the text (accent- and case-insensitive); another, the exact value.
      const source = config.search.includes(field) ? `${field}_contains` : field;
      inputs.push(<TextInput key={field} source={source} label={label} alwaysOn />);
    }
  }
  return inputs;
}

/** CSV of the listed columns, with headers, and references (and paths through them) by their label, ';'-separated. */
export function csvExporter(config: ResourceConfig): Exporter {
  return async (records, fetchRelatedRecords, dataProvider) => {
    const related: Record<string, Record<string, Record<string, unknown>>> = {};
    const paths: Record<string, Map<string, string>> = {};
    const fetchMany: FetchMany = async (resource, ids) => (await dataProvider.getMany(resource, { ids: ids as Identifier[] })).data as RecordLike[];
    for (const field of config.list.columns) {
      const ref = config.references[field];
      if (field.includes('.')) paths[field] = await pathTexts(config, field, records as RecordLike[], fetchMany, lookup, displayText);
      else if (ref) related[field] = (await fetchRelatedRecords(records, field, ref.resource)) as Record<string, Record<string, unknown>>;
    }
    const header = config.list.columns.map((f) => config.list.flags[f] ?? columnTitle(config, f, lookup));
    const rows = records.map((record) =>
      config.list.columns.map((field) => {
        if (paths[field]) return paths[field].get(String(record.id)) ?? EMPTY_TEXT;
        const ref = config.references[field];
        const value = record[field];
        if (ref && value !== null && value !== undefined) {
          const ids = Array.isArray(value) ? value : [value];
          return ids.map((id) => String(related[field]?.[id]?.[ref.label] ?? id)).join(', ');
        }
        return displayText(config, field, value);
      }),
    );
    downloadCSV(toCsv([header, ...rows]), CSV_FILE_NAME.replace(/\.csv$/, ''));
  };
}

/** Under a scoped list's title: the parent it lists the rows of ('Campanha: Aniversariantes'). */
function ScopeCaption({ config }: { config: ResourceConfig }) {
  const field = config.scope?.field ?? '';
  const reference = config.references[field];
  const { data } = useGetOne(reference?.resource ?? config.resource, { id: config.scopeValue }, { enabled: Boolean(reference && config.scopeValue) });
  const label = reference && data?.[reference.label];
  if (label === undefined || label === null || label === '') return null;
  return (
    <Typography variant="subtitle1" component="p" sx={{ mt: -1, mb: 1, color: 'text.secondary' }}>
      {`${config.properties[field]?.title ?? field}: ${String(label)}`}
    </Typography>
  );
}

const Empty = () => (
  <Typography sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>{NO_DATA_TEXT}</Typography>
);

/** Columns that may move into the expanded row when the table does not fit: all but the first and the status, the last first. */
const foldable = (config: ResourceConfig) => config.list.columns.filter((c, i) => i > 0 && !isStatusField(config, c)).reverse();

/** Flag columns (list.flags) are narrow and centred. */
const flagSx = (config: ResourceConfig) =>
  Object.fromEntries(Object.keys(config.list.flags).map((f) => [`& .column-${f}`, { width: 56, px: 0.5, textAlign: 'center' }]));

/**
 * The table of the list, fitting its box (fit.ts): level 1 draws compact row actions and narrower
 * cells; each level above moves one more column (the last ones first) into the expanded row.
 */
function FittingTable({
  config,
  rights,
  actions,
  rowClick,
}: {
  config: ResourceConfig;
  rights: Rights;
  actions: boolean;
  rowClick: false | ((id: Identifier, resource: string, record: RecordLike) => string);
}) {
  const box = useRef<HTMLDivElement>(null);
  const candidates = foldable(config);
  const level = useFitLevel(box, '.RaDatagrid-tableWrapper', 1 + candidates.length);
  const folded = new Set(candidates.slice(0, Math.max(0, level - 1)));
  const columns = config.list.columns.filter((c) => !folded.has(c));
  const expand = [...config.list.columns.filter((c) => folded.has(c)), ...config.list.expand];
  return (
    <Box ref={box} sx={{ minWidth: 0 }}>
      <CompactActions.Provider value={level > 0}>
        <Datagrid
          rowClick={rowClick}
          expand={expand.length ? <ExpandPanel config={config} fields={expand} /> : undefined}
          bulkActionButtons={false}
          empty={<Empty />}
          size="medium"
          sx={{
            '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
            ...(level > 0 ? { '& .MuiTableCell-root': { px: 1 } } : {}),
            ...(expand.length ? EXPAND_SX : {}),
            ...flagSx(config),
          }}
        >
          {expand.length > 0 && expandColumn()}
          {columns.map((field) =>
            config.list.flags[field] ? (
              <SchemaField
                key={field}
                config={config}
                source={field}
                label={<FlagHeader short={config.list.flags[field]} title={columnTitle(config, field, lookup)} />}
                sortable={false}
              />
            ) : (
              <SchemaField key={field} config={config} source={field} label={columnTitle(config, field, lookup)} />
            ),
          )}
          {/* Datagrid keys a cell by its source, else by its position: without a source, folding a column
              moved the actions to another key and remounted them, closing a dialog they had open. */}
          {actions && <RowActions config={config} rights={rights} source={ACTIONS_SOURCE} label="Ações" sortable={false} textAlign="right" />}
        </Datagrid>
      </CompactActions.Provider>
    </Box>
  );
}

/** `banner`: what a custom page draws between the title bar and the list (the tracking links' notice). */
export function ResourceList({ config: declared, view = declared.list.view, banner }: { config: ResourceConfig; view?: 'table' | 'cards'; banner?: ReactNode }) {
  // A scoped register lists the rows of the parent its route names.
  const params = useParams();
  const [search] = useSearchParams();
  const parent = scopeValueOf(declared, params, search, 'list');
  // Columns and filters of references the viewer may not read are left out (readableList).
  const roles = useSession()?.roles;
  // An optional scope without its parent lists every parent's rows (scope.allList's columns).
  const config = useMemo(
    () => readableList(parent ? withScope(declared, parent) : declared.scope?.optional ? withoutScope(declared) : declared, roles ?? [], lookup),
    [declared, parent, roles],
  );
  const editPath = (id: Identifier, record?: RecordLike) => editPathOf(config, id, record);
  useApiOrigin();
  const rights = useRights(config);
  const canAdd = config.editable && rights.create && !config.hideAdd;
  const actions = hasRowActions(config, rights, roles ?? []);
  const exporter = csvExporter(config);
  const toasts = useToasts();
  const listError = config.messages.listError;
  const filtered = Object.keys(config.listFilter).length > 0;
  // Below 600 px the filters fold behind 'Filtros' (FilterDrawer.tsx); the search stays on the list.
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const inputs = filterInputs(config);
  const inline = small ? inputs.filter((input) => input.key === 'q') : inputs;
  const folded = small ? inputs.filter((input) => input.key !== 'q') : [];
  // Without its parent, a scoped list has nothing to show: the scope's back target (its path) instead.
  if (declared.scope && !declared.scope.optional && !parent) return <Navigate to={scopeHome(declared)} replace />;
  // Who may not list the register gets the one access-denied page at this address, before any call
  // (react-admin's own check would still fetch, and move to /access-denied).
  if (!rights.list) return <AccessDenied title={config.title} back={config.back} />;
  return (
    <ResourceContextProvider value={config.resource}>
      <Box sx={{ maxWidth: LIST_MAX_WIDTH, width: '100%', minWidth: 0, mx: 'auto', px: { xs: 1, sm: 2 } }}>
        <TitleBar
          title={config.title}
          back={config.back}
          extra={config.calendar ? <ViewSwitch config={config} current="list" /> : undefined}
          addLabel={canAdd ? config.addLabel : undefined}
          addTo={canAdd ? registerPathOf(config) : undefined}
        />
        {config.scopeValue !== undefined && <ScopeCaption config={config} />}
        {banner}
        <List
          // Across 600 px the filter bar starts anew (react-admin's filter form fills only the inputs it
          // had when the filters last changed: a filter coming back inline would show empty).
          key={small ? 'small' : 'wide'}
          resource={config.resource}
          title={config.title}
          perPage={DEFAULT_PAGE_SIZE}
          sort={config.list.sort}
          filter={filtered ? config.listFilter : undefined}
          // The schema's own text for a list that could not be loaded; else react-admin's (the server's text).
          queryOptions={listError ? { onError: () => toasts.failure({ message: listError }) } : undefined}
          filters={inline.length ? inline : undefined}
          exporter={exporter}
          pagination={<ListPagination />}
          actions={
            <TopToolbar sx={small ? { alignItems: 'center', minHeight: 0, pt: 0.5 } : undefined}>
              {folded.length > 0 && <FilterDrawerButton filters={folded} />}
              <ExportAllButton exporter={exporter} />
            </TopToolbar>
          }
          empty={false}
          // A filtered view keeps its own sort, page and filters apart from the register's other lists
          // (a scoped one, each parent's apart, out of the address: it names the parent).
          storeKey={
            config.scopeValue !== undefined
              ? `${config.resource}${config.path}:${config.scopeValue}.listParams`
              : filtered
                ? `${config.resource}${config.path}.listParams`
                : `${config.resource}.listParams`
          }
          disableSyncWithLocation={config.scopeValue !== undefined}
          // Filters line up by their top: a message under one (the date filter's) grows the bar
          // downwards instead of lifting that filter above the others.
          sx={{ minWidth: 0, '& .RaList-main, & .RaList-content': { minWidth: 0 }, '& .RaFilterForm-root': { alignItems: 'flex-start' } }}
        >
          {view === 'cards' ? (
            <CardsView config={config} rights={rights} />
          ) : (
            <FittingTable config={config} rights={rights} actions={actions} rowClick={config.editable && rights.update ? (id, _resource, record) => editPath(id, record) : false} />
          )}
        </List>
      </Box>
    </ResourceContextProvider>
  );
}

/** The screen of a route, which names the resource by its summary (core/resources.ts): the whole config from registry.ts. */
function ResourceListScreen({ config, ...props }: Omit<Parameters<typeof ResourceList>[0], 'config'> & { config: ResourceSummary }) {
  return <ResourceList config={fullConfig(config)} {...props} />;
}

export default ResourceListScreen;
