// The generated list screen (<path>/list): title bar, search and filters, a sortable table with
// expandable rows, row actions, server-side paging and the ';' CSV export.
import type { ReactElement } from 'react';
import { Box, Typography } from '@mui/material';
import {
  AutocompleteInput,
  Datagrid,
  downloadCSV,
  ExportButton,
  List,
  NullableBooleanInput,
  ReferenceInput,
  ResourceContextProvider,
  SearchInput,
  SelectInput,
  TextInput,
  TopToolbar,
  type Exporter,
} from 'react-admin';
import { CSV_FILE_NAME, NO_DATA_TEXT, toCsv } from '../../domain/format.js';
import { TitleBar } from '../shell/TitleBar.js';
import { displayText, ExpandPanel, SchemaField } from './fields.js';
import { SELECT_DEBOUNCE_MS } from './inputs.js';
import { DEFAULT_PAGE_SIZE, ListPagination } from './ListPagination.js';
import { configByResource } from './registry.js';
import { useRights } from './access.js';
import { useApiOrigin } from './api.js';
import { CardsView } from './CardsView.js';
import { hasRowActions, RowActions } from './RowActions.js';
import { baseType, editPathOf, type ResourceConfig } from './schemas.js';

export const LIST_MAX_WIDTH = 983;

function filterInputs(config: ResourceConfig): ReactElement[] {
  const inputs: ReactElement[] = [];
  if (config.search.length) inputs.push(<SearchInput key="q" source="q" alwaysOn placeholder="Pesquisar" />);
  for (const field of config.list.filters) {
    const p = config.properties[field];
    if (!p) continue;
    const label = p.title;
    const ref = config.references[field];
    if (ref) {
      const target = configByResource.get(ref.resource);
      inputs.push(
        <ReferenceInput key={field} source={field} reference={ref.resource} alwaysOn sort={{ field: ref.label, order: 'ASC' }}>
          <AutocompleteInput
            label={label}
            optionText={ref.label}
            filterToQuery={(q: string) => (q && target?.search.length ? { q } : {})}
            debounce={SELECT_DEBOUNCE_MS}
            sx={{ minWidth: 200 }}
            noOptionsText={NO_DATA_TEXT}
          />
        </ReferenceInput>,
      );
    } else if (baseType(p) === 'boolean') {
      inputs.push(
        <NullableBooleanInput
          key={field}
          source={field}
          label={label}
          alwaysOn
          nullLabel="Todos"
          trueLabel={field === 'ativo' ? 'Ativo' : 'Sim'}
          falseLabel={field === 'ativo' ? 'Inativo' : 'Não'}
          sx={{ minWidth: Math.max(140, label.length * 9 + 48) }}
        />,
      );
    } else if (p.enum) {
      const choices = p.enum.filter((v) => v !== null).map((v) => ({ id: v as string, name: String(v) }));
      inputs.push(<SelectInput key={field} source={field} label={label} choices={choices} alwaysOn emptyText="Todos" sx={{ minWidth: 120 }} />);
    } else {
      inputs.push(<TextInput key={field} source={field} label={label} alwaysOn />);
    }
  }
  return inputs;
}

/** CSV of the listed columns, with headers and references by their label, ';'-separated. */
export function csvExporter(config: ResourceConfig): Exporter {
  return async (records, fetchRelatedRecords) => {
    const related: Record<string, Record<string, Record<string, unknown>>> = {};
    for (const field of config.list.columns) {
      const ref = config.references[field];
      if (ref) related[field] = (await fetchRelatedRecords(records, field, ref.resource)) as Record<string, Record<string, unknown>>;
    }
    const header = config.list.columns.map((f) => config.properties[f]?.title ?? f);
    const rows = records.map((record) =>
      config.list.columns.map((field) => {
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

const Empty = () => (
  <Typography sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>{NO_DATA_TEXT}</Typography>
);

export function ResourceList({ config, view = config.list.view }: { config: ResourceConfig; view?: 'table' | 'cards' }) {
  const editPath = (id: string | number) => editPathOf(config, id);
  useApiOrigin();
  const rights = useRights(config);
  const canAdd = config.editable && rights.create;
  const actions = hasRowActions(config, rights);
  return (
    <ResourceContextProvider value={config.resource}>
      <Box sx={{ maxWidth: LIST_MAX_WIDTH, width: '100%', minWidth: 0, mx: 'auto', px: { xs: 1, sm: 2 } }}>
        <TitleBar
          title={config.title}
          back={config.back}
          addLabel={canAdd ? config.addLabel : undefined}
          addTo={canAdd ? `${config.path}/register` : undefined}
        />
        <List
          resource={config.resource}
          title={config.title}
          perPage={DEFAULT_PAGE_SIZE}
          sort={config.list.sort}
          filters={filterInputs(config)}
          exporter={csvExporter(config)}
          pagination={<ListPagination />}
          actions={
            <TopToolbar>
              <ExportButton label="Exportar" />
            </TopToolbar>
          }
          empty={false}
          storeKey={`${config.resource}.listParams`}
          sx={{ minWidth: 0, '& .RaList-main, & .RaList-content': { minWidth: 0 } }}
        >
          {view === 'cards' ? (
            <CardsView config={config} rights={rights} />
          ) : (
          <Datagrid
            rowClick={config.editable && rights.update ? (id) => editPath(id) : false}
            expand={config.list.expand.length ? <ExpandPanel config={config} /> : undefined}
            bulkActionButtons={false}
            empty={<Empty />}
            size="medium"
            sx={{ '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } }}
          >
            {config.list.columns.map((field) => (
              <SchemaField key={field} config={config} source={field} label={config.properties[field]?.title ?? field} />
            ))}
            {actions && <RowActions config={config} rights={rights} label="Ações" sortable={false} textAlign="right" />}
          </Datagrid>
          )}
        </List>
      </Box>
    </ResourceContextProvider>
  );
}

export default ResourceList;
