import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App.js';
import { watchHashUrls } from './shell/hashUrl.js';

watchHashUrls(window);

// Location changes are not transitions (useTransitions={false}): the screen being left unmounts at
// once, showing the next screen's loading state while its code comes, instead of staying mounted
// and live. A list left within 500 ms of typing a search would otherwise fire its debounced filter
// and navigate back to itself.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter useTransitions={false}>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
