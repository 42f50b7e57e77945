// The history panel loaded on demand (a page that shows it only on some steps keeps it out of its chunk).
import { lazy } from 'react';

export const LazyHistoryPanel = lazy(() => import('./HistoryPanel.js').then((m) => ({ default: m.HistoryPanel })));
