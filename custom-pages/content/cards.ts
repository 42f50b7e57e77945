// /content/home's cards: what staff read (news, FAQ, the handbook) and their categories. Each card
// shows to who may open its screen (the shell's CardsMenu rules).
import ArticleIcon from '@mui/icons-material/ArticleOutlined';
import CategoryIcon from '@mui/icons-material/CategoryOutlined';
import HelpIcon from '@mui/icons-material/HelpOutlineOutlined';
import MenuBookIcon from '@mui/icons-material/MenuBookOutlined';
import NewspaperIcon from '@mui/icons-material/NewspaperOutlined';
import { type CardSection, type Viewer, visibleSections } from '../../src/admin/pages.js';

const HR = ['rh:gestor', 'rh:solicitante'];

export const CONTENT_SECTIONS: CardSection[] = [
  {
    title: 'Novidades',
    cards: [
      { title: 'Novidades', to: '/news/table', icon: NewspaperIcon, roles: HR },
      { title: 'Categorias de novidades', to: '/categories/list', icon: CategoryIcon, roles: HR },
    ],
  },
  {
    title: 'Perguntas frequentes',
    cards: [
      { title: 'FAQ', to: '/faq/list', icon: HelpIcon },
      { title: 'Categorias de FAQ', to: '/faq-categories/list', icon: CategoryIcon },
    ],
  },
  {
    title: 'Manual do colaborador',
    cards: [
      { title: 'Manual do colaborador', to: '/employee-handbook/list', icon: MenuBookIcon },
      { title: 'Categorias do manual', to: '/employee-handbook/categories/list', icon: ArticleIcon },
    ],
  },
];

export const visibleContentSections = (who: Viewer | readonly string[]) => visibleSections(CONTENT_SECTIONS, who);
