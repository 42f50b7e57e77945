// News (issue 18): the reader side of the news register — the feed /news/list/{category?} and the
// reading page /news/{id} with reactions and read confirmation — and the register's hashtags input.
// The admin screens (/news/table, /news/register, /news/form, /news/edit/{id}) are the schema's
// (schemas/rh/news.json); the categories' cards (/categories/cards) lead to the feed of each.
//
// Who reads: staff (employees, and anyone with a module role); the server answers each the items of
// their providers (and department), so the screens need no rule of their own beyond that.
import { lazy } from 'react';
import type { CustomPage, FieldInput } from '../../src/admin/pages.js';

const Feed = lazy(() => import('./FeedPage.js'));
const READERS = { staff: true };

export const pages: CustomPage[] = [
  { path: '/news/list', component: Feed, access: READERS, title: 'Novidades' },
  { path: '/news/list/:category', component: Feed, access: READERS, title: 'Novidades' },
  { path: '/news/:id', component: lazy(() => import('./ReadingPage.js')), access: READERS, title: 'Novidades' },
];

/** The hashtags as chips (typed, Enter or ';' adds one), kept as the spec's text joined by ';'. */
export const fieldInputs: FieldInput[] = [{ resource: 'news', field: 'hashtag', component: lazy(() => import('./HashtagInput.js')) }];
