// The cards view of a list (x-intranet.list.view 'cards'; the categories): one card per record with
// its colour, icon or image, title, the other listed fields, its status and its row actions.
import { useNavigate } from 'react-router-dom';
import { Box, Card, CardActionArea, CardActions, CardContent, CircularProgress, Typography } from '@mui/material';
import { RecordContextProvider, useListContext } from 'react-admin';
import { NO_DATA_TEXT, isImageFieldName } from '../../domain/format.js';
import type { Rights } from '../core/access.js';
import { SchemaField, StatusDot } from './fields.js';
import { FileImage } from './files.js';
import { isIconNameField, NamedIcon } from './iconNames.js';
import { columnTitle } from '../core/paths.js';
import { configByResource } from './registry.js';
import { hasRowActions, RowActions } from './RowActions.js';
import { editPathOf, statusFieldOf, type ResourceConfig } from '../core/schemas.js';
import { fillRoute } from '../../domain/rowActions.js';
import { useSession } from '../core/session.js';

export function CardsView({ config, rights }: { config: ResourceConfig; rights: Rights }) {
  const { data, isPending } = useListContext();
  const navigate = useNavigate();
  const roles = useSession()?.roles ?? [];
  if (isPending) return <CircularProgress sx={{ m: 3 }} />;
  if (!data?.length) return <Typography sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>{NO_DATA_TEXT}</Typography>;
  const fields = Object.keys(config.properties);
  const colorField = fields.find((f) => config.properties[f].format === 'color');
  const iconField = fields.find(isIconNameField);
  const imageField = fields.find((f) => config.properties[f].format === 'file' && isImageFieldName(f));
  const titleField = config.recordLabel;
  const statusField = statusFieldOf(config);
  const shown = config.list.columns.filter((f) => ![titleField, colorField, iconField, imageField, statusField].includes(f));
  const actions = hasRowActions(config, rights, roles);
  // A card leads to list.cardLink when the schema gives one (a category's news feed), else to its edit screen.
  const link = config.list.cardLink;
  const open = Boolean(link) || (rights.update && config.editable);
  const target = (record: Record<string, unknown>) => (link ? fillRoute(link, record) : editPathOf(config, record.id as string | number, record));
  return (
    <Box
      role="list"
      aria-label={config.title}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 2, p: 2 }}
    >
      {data.map((record) => {
        const color = colorField && typeof record[colorField] === 'string' ? (record[colorField] as string) : undefined;
        const body = (
          <CardContent sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
            <Box
              sx={{
                width: 48,
                height: 48,
                borderRadius: 2,
                flexShrink: 0,
                display: 'grid',
                placeItems: 'center',
                bgcolor: color ?? 'grey.200',
                color: color ? 'common.white' : 'text.secondary',
              }}
            >
              {imageField && record[imageField] ? (
                <FileImage id={String(record[imageField])} module={config.module} alt={String(record[titleField] ?? '')} size={40} />
              ) : (
                <NamedIcon icon={iconField ? (record[iconField] as string) : null} />
              )}
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
                {String(record[titleField] ?? '')}
              </Typography>
              {shown.map((field) => (
                <Box key={field} sx={{ fontSize: 14 }}>
                  <Typography component="span" variant="caption" sx={{ color: 'text.secondary', mr: 0.5 }}>
                    {columnTitle(config, field, (resource) => configByResource.get(resource))}:
                  </Typography>
                  <SchemaField config={config} source={field} />
                </Box>
              ))}
              {statusField && (
                <Box sx={{ mt: 0.5, fontSize: 14 }}>
                  <StatusDot active={Boolean(record[statusField])} />
                </Box>
              )}
            </Box>
          </CardContent>
        );
        return (
          <RecordContextProvider key={record.id} value={record}>
            <Card role="listitem" variant="outlined" sx={{ borderTop: 4, borderTopColor: color ?? 'divider', display: 'flex', flexDirection: 'column' }}>
              {open ? <CardActionArea onClick={() => navigate(target(record))} sx={{ flex: 1 }}>{body}</CardActionArea> : <Box sx={{ flex: 1 }}>{body}</Box>}
              {actions && (
                <CardActions sx={{ justifyContent: 'flex-end', pt: 0 }}>
                  <RowActions config={config} rights={rights} />
                </CardActions>
              )}
            </Card>
          </RecordContextProvider>
        );
      })}
    </Box>
  );
}
