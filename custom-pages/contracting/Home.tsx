// /contracting (title 'Empresas contratantes'): the cards of the contracting companies' register,
// the list with how many active companies the viewer's providers have, and the register screen
// (shown to who may open it).
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { Box } from '@mui/material';
import Business from '@mui/icons-material/Business';
import AddBusiness from '@mui/icons-material/AddBusiness';
import { type CardSection, CardsMenu, TitleBar } from '../../src/admin/pages.js';
import { formatNumber } from '../../src/domain/format.js';

export const CONTRACTING_TEXTS = {
  title: 'Empresas contratantes',
  list: 'Empresas contratantes',
  register: 'Nova empresa contratante',
  active: (n: number) => (n === 1 ? '1 ativa' : `${formatNumber(n)} ativas`),
} as const;

export default function ContractingHome() {
  const dataProvider = useDataProvider();
  const count = useQuery({
    queryKey: ['contracting', 'active-count'],
    queryFn: async () => (await dataProvider.getList('contracting-companies', { filter: { ativo: true }, pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' } })).total ?? 0,
    retry: false,
  });
  const sections: CardSection[] = [
    {
      title: CONTRACTING_TEXTS.title,
      cards: [
        { title: CONTRACTING_TEXTS.list, to: '/contracting/companies/list', icon: Business, highlight: count.data === undefined ? undefined : CONTRACTING_TEXTS.active(count.data) },
        { title: CONTRACTING_TEXTS.register, to: '/contracting/companies/register', icon: AddBusiness },
      ],
    },
  ];
  return (
    <Box sx={{ px: 2, pb: 4 }}>
      <TitleBar title={CONTRACTING_TEXTS.title} back="/" />
      <CardsMenu sections={sections} />
    </Box>
  );
}
